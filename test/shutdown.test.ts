// A gradekit stopped in the middle of a batch (a CI timeout's SIGTERM) leaves nothing behind in the temp
// folder: its student processes are killed, its work folders and control groups removed, it exits with
// 128 + 15; the results it finished are on disk, and `--resume` grades the rest (issue 34).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';

const root = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Folders gradekit made in the temp folder: none may stay (the sandbox's compiled seccomp filter is kept in the cache folder). */
const workFolders = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('gradekit-'));

function gradekit(args: string[], env: NodeJS.ProcessEnv, onStart?: (kill: (s: NodeJS.Signals) => void) => void): Promise<{ code: number | null; out: string }> {
  const p = spawn(process.execPath, [rootPath('bin', 'gradekit'), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  onStart?.((s) => p.kill(s));
  return new Promise((r) => p.on('exit', (code) => r({ code, out })));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM in the middle of a batch', () => {
  it('removes every work folder, exits with 143, and --resume completes the batch', async () => {
    const tmp = join(root, 'tmp');
    const cls = join(root, 'class');
    const out = join(root, 'out');
    mkdirSync(tmp);
    const names = ['dict-of-lists', 'guesses-as-string', 'merge-bottom-up', 'merge-takes-right-on-ties'];
    for (const n of names) cpSync(rootPath('fixtures', 'hangman-313e', 'submissions', 'accepted', n), join(cls, n), { recursive: true });
    const args = ['grade', 'hangman-313e', cls, '--out', out, '-j', '1', '-q'];
    const env = { TMPDIR: tmp };

    let sawWork = false;
    const first = await gradekit(args, env, async (kill) => {
      // Once one result is written and the next submission's work folder exists: in the middle of the batch.
      for (let i = 0; i < 2400; i++) {
        await sleep(100);
        const done = existsSync(join(out, 'results')) ? readdirSync(join(out, 'results')).filter((f) => f.endsWith('.json')).length : 0;
        if (done >= 1 && workFolders(tmp).length > 0) {
          sawWork = true;
          return kill('SIGTERM');
        }
        if (done === names.length) return;
      }
    });
    expect(sawWork, first.out).toBe(true);
    expect(first.code, first.out).toBe(128 + 15);
    expect(workFolders(tmp), 'work folders left in the temp folder').toEqual([]);
    const kept = readdirSync(join(out, 'results')).filter((f) => f.endsWith('.json'));
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(names.length);
    // No half-written result either.
    expect(readdirSync(join(out, 'results')).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const again = await gradekit([...args, '--resume'], env);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(new RegExp(`${names.length - kept.length} graded, ${kept.length} resumed from earlier results`));
    expect(readdirSync(join(out, 'results')).filter((f) => f.endsWith('.json'))).toHaveLength(names.length);
    expect(workFolders(tmp)).toEqual([]);
  }, 600_000);
});
