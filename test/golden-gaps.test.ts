// A course folder whose golden files are missing or stale is the instructor's problem, never the students':
// where the solution is, grading refuses to start (a spec error, exit 2); without it (a student's copy) the
// tests run and are reported as not graded, costing nothing. --resume grades again what was graded under
// another spec or with a test not graded.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { goldenGaps, refuseGoldenGaps, syncSolutionGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { gradeBatch } from '../harness/batch/grade.js';
import { initAssignment } from '../harness/init/init.js';
import { totals } from '../harness/model/report.js';

const SOLUTION = `"""Counting words."""


def count(words, w):
    """How often w occurs.

    >>> count(['a', 'b', 'a'], 'a')
    2
    >>> count(['x', 'y'], 'z')
    0
    """
    return words.count(w)
`;

let work: string;
let spec: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-gaps-'));
  writeFileSync(join(work, 'counting.py'), SOLUTION);
  initAssignment(join(work, 'hw1'), { solution: join(work, 'counting.py'), file: 'words.py' });
  spec = join(work, 'hw1', 'assignment.yaml');
  await syncSolutionGolden(loadAssignment(spec), true);
  for (const [name, body] of [['right', 'return words.count(w)'], ['wrong', 'return len(words)']]) {
    mkdirSync(join(work, 'class', name), { recursive: true });
    writeFileSync(join(work, 'class', name, 'words.py'), SOLUTION.replace('return words.count(w)', body));
  }
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const golden = (id: string) => join(work, 'hw1', 'fixtures', 'golden', `${id}.json`);

describe('golden files missing or stale', () => {
  it('are found before grading, and grading refuses to start where the solution is', () => {
    const a = loadAssignment(spec);
    expect(goldenGaps(a, a.spec.data.tests)).toEqual({ missing: [], stale: [] });
    renameSync(golden('count-example-2'), `${golden('count-example-2')}.away`);
    const text = readFileSync(spec, 'utf8');
    writeFileSync(spec, text.replace(`call: "count(['a', 'b', 'a'], 'a')"`, `call: "count(['a', 'b', 'b'], 'b')"`));
    try {
      const b = loadAssignment(spec);
      expect(goldenGaps(b, b.spec.data.tests)).toEqual({ missing: ['count-example-2'], stale: ['count-example-1'] });
      expect(() => refuseGoldenGaps(b, b.spec.data.tests)).toThrow(/golden files missing for count-example-2; made for another version of count-example-1 .*\n {2}hint: run `gradekit golden .*assignment\.yaml --update`/);
    } finally {
      writeFileSync(spec, text);
      renameSync(`${golden('count-example-2')}.away`, golden('count-example-2'));
    }
  });

  it('without the solution, a test that cannot be graded costs nothing and says why', async () => {
    renameSync(golden('count-example-2'), `${golden('count-example-2')}.away`);
    renameSync(join(work, 'hw1', 'solution.py'), join(work, 'solution.away'));
    try {
      const a = loadAssignment(spec);
      expect(() => refuseGoldenGaps(a, a.spec.data.tests)).not.toThrow(); // a student's copy: nothing to remake them with
      const r = await gradeSubmission(a, join(work, 'class', 'wrong'));
      const t = r.tests.find((x) => x.id === 'count-example-2')!;
      expect(t).toMatchObject({ status: 'error', kind: 'grader_error', ungraded: true, score: 0, maxScore: 0 });
      expect(t.message).toMatch(/no golden file for this test/);
      // The wrong program still loses the test that could be graded, and only it.
      expect(r.tests.find((x) => x.id === 'count-example-1')).toMatchObject({ status: 'failed', maxScore: 1, score: 0 });
      expect(totals(r.tests)).toMatchObject({ ungraded: 1, failed: 1, errors: 0 });
    } finally {
      renameSync(join(work, 'solution.away'), join(work, 'hw1', 'solution.py'));
      renameSync(`${golden('count-example-2')}.away`, golden('count-example-2'));
    }
  }, 60_000);

  it('--resume grades again what was graded under another spec', async () => {
    const out = join(work, 'out');
    const first = await gradeBatch(loadAssignment(spec), join(work, 'class'), { outDir: out, jobs: 1 });
    expect([first.graded, first.resumed]).toEqual([2, 0]);
    const same = await gradeBatch(loadAssignment(spec), join(work, 'class'), { outDir: out, jobs: 1, resume: true });
    expect([same.graded, same.resumed]).toEqual([0, 2]);
    const text = readFileSync(spec, 'utf8');
    writeFileSync(spec, text.replace(/^  points: 1$/m, '  points: 2'));
    try {
      const changed = await gradeBatch(loadAssignment(spec), join(work, 'class'), { outDir: out, jobs: 1, resume: true });
      expect([changed.graded, changed.resumed]).toEqual([2, 0]);
      const was = first.reports.find((r) => r.id === 'right')!.maxScore;
      expect(changed.reports.find((r) => r.id === 'right')).toMatchObject({ score: 2 * was, maxScore: 2 * was });
    } finally {
      writeFileSync(spec, text);
    }
    expect(existsSync(join(out, 'results', 'right.json'))).toBe(true);
  }, 60_000);
});
