// Shared by the hostile-submission tests: a private temp root, the "nothing outside changed" checks,
// and grading with the sandbox.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';

/** Every workspace of this test file goes under a private temp root, so its listing is ours alone. */
export function privateTmpRoot(): string {
  const dir = realpathSync(mkdtempSync('/tmp/gk-hostile-'));
  process.env.TMPDIR = dir; // os.tmpdir() reads it on each call: prepareWorkspace then uses it
  return dir;
}

/** Content hash of the project's tracked files, plus the names of files that appeared at its top level. */
export function projectFingerprint(): { hash: string; files: Map<string, string>; top: string[] } {
  const root = rootPath();
  const files = new Map<string, string>();
  const list = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const all = createHash('sha256');
  for (const f of list) {
    let h = 'missing';
    try {
      // A tracked symbolic link is hashed by its target's name, never followed (it may lead to a device).
      const p = join(root, f);
      h = createHash('sha256').update(lstatSync(p).isSymbolicLink() ? `link:${readlinkSync(p)}` : readFileSync(p)).digest('hex');
    } catch {
      /* deleted file: 'missing' */
    }
    files.set(f, h);
    all.update(f).update(h);
  }
  return { hash: all.digest('hex'), files, top: readdirSync(root).sort() };
}

export function changedFiles(a: ReturnType<typeof projectFingerprint>, b: ReturnType<typeof projectFingerprint>): string[] {
  const out = [...a.files].filter(([f, h]) => b.files.get(f) !== h).map(([f]) => f);
  // A new top-level entry the project's .gitignore names (dist/, built by the package test that runs beside
  // this one) is the project's own build output, not a submission's write.
  out.push(...b.top.filter((f) => !a.top.includes(f) && !ignoredByGit(f)).map((f) => `${f} (new)`));
  return out;
}

function ignoredByGit(name: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', name], { cwd: rootPath(), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Recursive listing of a folder (names only), for before/after comparison. */
export function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      out.push(join(rel, e.name));
      if (e.isDirectory()) walk(join(d, e.name), join(rel, e.name));
    }
  };
  walk(dir, '');
  return out.sort();
}

/** Whether any process runs as the uid (a student uid's leftovers). */
export function runningAs(uid: number): boolean {
  return spawnSync('pgrep', ['-u', String(uid)]).status === 0;
}

/** Processes whose working directory lies under `dir`: a sandbox that outlived its grading. */
export function processesUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readlinkSync(`/proc/${p}/cwd`).startsWith(dir + '/')) pids.push(Number(p));
    } catch {
      /* gone or not ours */
    }
  }
  return pids;
}

