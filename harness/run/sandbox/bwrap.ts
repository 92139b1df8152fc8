// bubblewrap: a throwaway mount, pid, network, ipc and uts namespace per runner process.
// Inside, the system is read-only, the work directory is the only writable place, /tmp is a
// private tmpfs, and nothing of the project except the folders named in `readOnly` is visible.
import { execFileSync } from 'node:child_process';
import { diskCached } from '../../util/disk-cache.js';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BwrapLayout {
  /** Folders mounted read-only at the same path (the driver folder, the runtime's prefix). */
  readOnly: string[];
}

/** Environment variables the sandboxed process keeps; everything else of the grader's environment is removed. */
const KEEP_ENV = new Set(['LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'PYTHONIOENCODING', 'PYTHONDONTWRITEBYTECODE', 'PYTHONHASHSEED', 'PYTHONUTF8', 'JAVA_TOOL_OPTIONS']);

/** Files of /etc that programs legitimately read (dynamic loader, time zone, user names, JDK config). */
function etcMounts(): string[] {
  const files = ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime', '/etc/nsswitch.conf', '/etc/passwd', '/etc/group', '/etc/alternatives'];
  try {
    for (const e of readdirSync('/etc')) if (e.startsWith('java-')) files.push(join('/etc', e));
  } catch {
    /* no /etc listing */
  }
  return files.filter((f) => existsSync(f));
}

/** /bin, /lib… are symlinks into /usr on merged-/usr systems and real folders elsewhere. */
function topLevelSystem(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const d of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    let st;
    try {
      st = lstatSync(d);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(d), d);
    else if (st.isDirectory()) args.push('--ro-bind', d, d);
  }
  return args;
}

/** Everything but the work directory, which workDirArgs() adds right after (it must follow --tmpfs /tmp). */
export function bwrapArgs(layout: BwrapLayout): string[] {
  const args = [
    '--unshare-all', // user (when possible), ipc, pid, net, uts, cgroup
    '--hostname', 'sandbox',
    '--die-with-parent', // killing the runner's process group tears the whole sandbox down
    '--new-session', // no TIOCSTI on the grader's terminal
    '--cap-drop', 'ALL',
    ...topLevelSystem(),
  ];
  for (const f of etcMounts()) args.push('--ro-bind', f, f);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  for (const d of [...new Set(layout.readOnly)]) if (existsSync(d)) args.push('--ro-bind', d, d);
  return args;
}

/** The only writable folder, also the working directory and $HOME. Comes after --tmpfs /tmp, which would hide it. */
export function workDirArgs(dir: string): string[] {
  return ['--bind', dir, dir, '--chdir', dir, '--setenv', 'HOME', dir];
}

/** The grader's environment (tokens, paths, user names) is not the student's business. */
export function envArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  const args: string[] = [];
  // HOME is set with the work directory (workDirArgs); unsetting it here would undo that.
  for (const k of Object.keys(env)) if (!KEEP_ENV.has(k) && k !== 'HOME') args.push('--unsetenv', k);
  args.push('--setenv', 'TMPDIR', '/tmp', '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin');
  return args;
}

export interface BwrapSupport {
  ok: boolean;
  /** Why it cannot be used (missing, no user namespaces, …): one line for the report. */
  reason?: string;
  path?: string;
  version?: string;
}

let support: BwrapSupport | undefined;

function findBwrap(): string | undefined {
  for (const p of [process.env.GRADEKIT_BWRAP, '/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap']) if (p && existsSync(p)) return p;
  return undefined;
}

/** Whether bubblewrap exists and can actually build a sandbox here (it cannot in many containers). Probed once. */
export function bwrapSupport(): BwrapSupport {
  if (support) return support;
  const path = findBwrap();
  if (!path) return (support = { ok: false, reason: 'bwrap is not installed (apt-get install bubblewrap)' });
  // Two bwrap runs cost ~100-500 ms per `gradekit check`: remember the answer until bwrap or the machine changes.
  return (support = diskCached(`bwrap-support:${path}`, [path], () => probeBwrap(path)));
}

function probeBwrap(path: string): BwrapSupport {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-sandbox-probe-'));
  try {
    const version = execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 5000 }).trim();
    execFileSync(path, [...bwrapArgs({ readOnly: [] }), ...workDirArgs(dir), ...envArgs(), '--', '/usr/bin/true'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    return { ok: true, path, version };
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    const why = (err.stderr?.toString('utf8').trim().split('\n').pop() || err.message).replace(/^bwrap: /, '');
    return { ok: false, path, reason: `bwrap cannot create a sandbox here: ${why}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
