// `gradekit check --watch`: the first report at once, another after each change of the submission (a real
// bug saved into it costs its points), and Ctrl-C ends it as every command ends (exit status 130).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';

const scores = (out: string) => [...out.matchAll(/^Score (\d+)\/(\d+)/gm)].map((m) => `${m[1]}/${m[2]}`);

describe('gradekit check --watch', () => {
  it('checks again when the file changes, and stops on SIGINT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-watch-'));
    const file = join(dir, 'hangman.py');
    copyFileSync(rootPath('fixtures', 'hangman-313e', 'submissions', 'accepted', 'straightforward', 'hangman.py'), file);
    // An editor's swap file beside it is no change of the submission.
    const child = spawn(rootPath('bin', 'gradekit'), ['check', 'hangman-313e', file, '--watch', '--color', 'never'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    const until = async (ok: () => boolean, what: string) => {
      for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
      if (!ok()) throw new Error(`timed out waiting for ${what}; stdout:\n${out}\nstderr:\n${err}`);
    };
    try {
      await until(() => scores(out).length === 1 && err.includes('watching'), 'the first report');
      const [first] = scores(out);
      expect(first!.split('/')[0]).toBe(first!.split('/')[1]);
      writeFileSync(join(dir, '.hangman.py.swp'), 'x');
      await new Promise((r) => setTimeout(r, 600));
      expect(scores(out)).toHaveLength(1);
      // A real bug: the guesses left are one more than they are.
      const src = readFileSync(file, 'utf8');
      const fixed = /def get_guesses_left\(self\):[\s\S]*?\n(\s+)return ([^\n]+)/.exec(src)!;
      writeFileSync(file, src.replace(fixed[0], fixed[0] + ' + 1'));
      await until(() => scores(out).length === 2, 'the report after the change');
      const [, second] = scores(out);
      expect(Number(second!.split('/')[0])).toBeLessThan(Number(second!.split('/')[1]));
      expect(err).toMatch(/hangman\.py changed at .*: checking again/);
      child.kill('SIGINT');
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      expect(code).toBe(130);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
