// Where an interpreter really lives, so the sandbox can mount exactly that read-only.
// python3 may be a pyenv shim (a shell script under /root/.pyenv/shims) that cannot run inside the
// sandbox: we ask the interpreter itself for its executable and prefix and run that executable.
import { execFileSync } from 'node:child_process';
import { diskCached } from '../../util/disk-cache.js';
import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, basename } from 'node:path';

export interface Runtime {
  /** Absolute, symlink-free executable to run inside the sandbox. */
  exe: string;
  /** Folders the runtime needs, mounted read-only (outside /usr, which is always mounted). */
  mounts: string[];
}

const cache = new Map<string, Runtime>();

function which(cmd: string): string | undefined {
  if (cmd.includes('/')) return existsSync(cmd) ? cmd : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, cmd);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}

/** The command that runs programs of a language: the Python the grader uses (GRADEKIT_PYTHON, else python3), or java. */
export function runtimeCommand(language: string): string {
  return language === 'java' ? 'java' : process.env.GRADEKIT_PYTHON ?? 'python3';
}

const PY_PROBE = 'import os,sys;print(os.path.realpath(sys.executable));print(os.path.realpath(sys.base_prefix));print(os.path.realpath(sys.prefix))';

/** Resolves argv[0] of a runner command. Throws a one-line error when it cannot be found. */
export function resolveRuntime(cmd: string): Runtime {
  const hit = cache.get(cmd);
  if (hit) return hit;
  const found = which(cmd);
  if (!found) throw new Error(`sandbox: cannot find ${cmd} on PATH`);
  let rt: Runtime;
  if (/^python/.test(basename(cmd))) {
    const out = diskCached(`python-runtime:${found}`, [found], () => execFileSync(found, ['-c', PY_PROBE], { encoding: 'utf8', timeout: 10_000 }).trim().split('\n'));
    const [exe, basePrefix, prefix] = out;
    rt = { exe, mounts: [...new Set([basePrefix, prefix])] };
  } else {
    const exe = realpathSync(found);
    // A JDK binary (…/jvm/<jdk>/bin/java): the whole JDK home.
    const home = basename(dirname(exe)) === 'bin' ? dirname(dirname(exe)) : dirname(exe);
    rt = { exe, mounts: [home] };
  }
  rt.mounts = rt.mounts.filter((m) => isAbsolute(m) && !m.startsWith('/usr/') && m !== '/usr');
  cache.set(cmd, rt);
  return rt;
}
