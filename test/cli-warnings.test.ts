// No Node warning reaches a user's terminal: each command, run as a user runs it (bin/gradekit, a first run
// with no code cache, a second from it, and with the cache off), leaves stderr free of Node's warnings.
// GRADEKIT_DEBUG=1 is set, under which the launcher lets Node's warnings through: a warning gradekit causes
// fails here, instead of being hidden from users by the launcher.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootPath } from '../harness/paths.js';

/** What Node prints for a warning: `(node:1234) ExperimentalWarning: …` and its `--trace-warnings` hint. */
const NODE_WARNING = /\(node:\d+\)|\w+Warning:|--trace-warnings/;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-warnings-'));
  const accepted = rootPath('fixtures', 'chiseler', 'submissions', 'accepted');
  for (const name of ['first-word-first', 'last-word-first']) cpSync(join(accepted, name), join(work, 'class', name), { recursive: true });
  mkdirSync(join(work, 'cache'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function commands(pass: string): string[][] {
  return [
    ['list'],
    ['check', 'chiseler', join(work, 'class', 'first-word-first')],
    ['play', 'ps3-mit'],
    ['export', 'gradescope', 'chiseler', '--out', join(work, `${pass}.zip`)],
    ['grade', 'chiseler', join(work, 'class'), '--out', join(work, `out-${pass}`)],
    ['golden', 'ps3-ocw'],
  ];
}

function run(args: string[], env: Record<string, string>): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [rootPath('bin', 'gradekit'), ...args], {
    encoding: 'utf8', input: '', env: { ...process.env, GRADEKIT_CACHE_DIR: join(work, 'cache'), GRADEKIT_DEBUG: '1', ...env },
  });
  return { status: r.status, stderr: r.stderr };
}

describe('Node warnings', () => {
  it('none from any command: a first run, a second from the code cache, and with the cache off', () => {
    const seen: string[] = [];
    for (const [pass, env, args] of [
      ['cold', {}, commands('cold')],
      ['warm', {}, commands('warm')],
      ['cache-off', { GRADEKIT_CODE_CACHE: 'off' }, commands('off').filter((c) => c[0] === 'list' || c[0] === 'export')],
    ] as const) {
      for (const a of args) {
        const r = run(a, env);
        expect(r.status, `${pass}: gradekit ${a.join(' ')}\n${r.stderr}`).toBe(0);
        if (NODE_WARNING.test(r.stderr)) seen.push(`${pass}: gradekit ${a.join(' ')}\n${r.stderr}`);
      }
    }
    expect(seen).toEqual([]);
  }, 240_000);
});
