// A second Java class assignment as a course folder (test/courses/cos226-percolation: Princeton COS 226's
// Percolation, its union-find and client handed out), written from the README alone: `gradekit fixtures` gives
// every example submission the verdict of its folder and fails exactly what its expect.yaml names. It grades a
// copy without solution/, from the golden files, as an export does (and in half the CPU time): about 8 s of CPU
// per submission, so ~35 s on a quiet 2-core machine; its limits are for a loaded one (at a load average of 26
// on 2 cores, 2026-11-30, it took 222 s once and over 590 s another time).
// It runs in `npm run test:slow` (CI) and in `npm run test:load`. It once ran only alone: beside other
// whole-class files its first JVM test and its client run went past their CPU limits (2026-11-30, load 2-5).
// The cause was the grader's own shell set-up run before every test (sandbox/fds.ts: bash read ~/.bashrc, a
// `pyenv init`, whose CPU the test's process tree was charged); since it is gone, it passed three times in a row
// beside the CSE 143 and hostile Java files at load 16-20 (2026-11-30).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootPath } from '../../harness/paths.js';

const FOLDER = rootPath('test', 'courses', 'cos226-percolation');
const work = mkdtempSync(join(tmpdir(), 'gradekit-percolation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('cos226-percolation from its course folder', () => {
  it('nothing under harness/ names it or its classes', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|java|py)$/.test(e.name) ? [join(dir, e.name)] : []));
    expect(files(rootPath('harness')).filter((f) => /percolat|cos ?226|WeightedQuickUnion/i.test(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('gradekit fixtures: every example submission gets its verdict and fails what its expect.yaml names', () => {
    const copy = join(work, 'percolation');
    cpSync(FOLDER, copy, { recursive: true });
    rmSync(join(copy, 'solution'), { recursive: true });
    const r = spawnSync(process.execPath, [rootPath('bin', 'gradekit'), 'fixtures', join(copy, 'assignment.yaml'), '-j', '2', '-q'], { encoding: 'utf8', timeout: 880_000 });
    expect(r.stdout.split('\n').filter((l) => l && !l.startsWith('✓')), `${r.stdout}\n${r.stderr}`).toEqual(['9 example submission(s): every one got its expected verdict']);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('✓ ')).map((l) => l.slice(2)).sort()).toEqual([
      'accepted/grid2d', 'accepted/solution', 'compile_error/misspelled-type', 'run_time_error/typo-in-isfull', 'wrong_answer/backwash',
      'wrong_answer/counts-reopened', 'wrong_answer/no-left-neighbour', 'wrong_answer/row-zero-allowed', 'wrong_answer/zero-grid',
    ]);
    expect(r.status).toBe(0);
  }, 900_000);
});
