// A submission graded alone (`check`, Gradescope) spreads its tests over two test processes. Verdicts
// must not depend on that: every test still starts from a fresh fork, a `needs:` dependency still
// waits for its test, and a test that kills its process loses only itself.
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import type { Report } from '../harness/model/report.js';
import { rootPath } from '../harness/paths.js';

const verdicts = (r: Report) => r.tests.map((t) => [t.id, t.status, t.score, t.message]);
const chiseler = loadAssignment('chiseler');
const sub = (a: string, verdict: string, name: string) => rootPath('fixtures', a, 'submissions', verdict, name);

/** The same assignment with test `id` made to need test `needs`. */
function withNeeds(a: Assignment, id: string, needs: string): Assignment {
  const tests = a.spec.data.tests.map((t) => (t.id === id ? { ...t, needs } : t));
  return { ...a, spec: { ...a.spec, data: { ...a.spec.data, tests } } };
}

/** Each test k times (ids suffixed), so that a short spec is long enough to be split over two processes. */
function repeated(a: Assignment, k: number): Assignment {
  const copies = <T,>(id: string, x: T) => Array.from({ length: k }, (_, i) => [`${id}-${i}`, x] as const);
  const tests = a.spec.data.tests.flatMap((t) => copies(t.id, t).map(([id]) => ({ ...t, id })));
  const steps = new Map([...a.steps].flatMap(([id, st]) => copies(id, st)));
  return { ...a, steps, spec: { ...a.spec, data: { ...a.spec.data, tests } } };
}

describe('one defect, one deduction, where the points are', () => {
  it('a zero-point (extra) test that shows a defect does not take its charge away from a scored test', async () => {
    // count-table-off-by-one fails count-4096 (scored) and count-2-64 (extra); say they share the defect.
    const tests = chiseler.spec.data.tests.map((t) => (t.id === 'count-4096' ? { ...t, same_defect_as: ['count-2-64'] } : t));
    const a = { ...chiseler, spec: { ...chiseler.spec, data: { ...chiseler.spec.data, tests } } };
    const r = await gradeSubmission(a, sub('chiseler', 'wrong_answer', 'count-table-off-by-one'), { only: ['count-4096', 'count-2-64'] });
    const scored = r.tests.find((t) => t.id === 'count-4096')!;
    expect([scored.status, scored.score], JSON.stringify(r.tests.map((t) => [t.id, t.status, t.message.slice(0, 200)]))).toEqual(['failed', 0]);
    // The extra test saw the same defect: reported as not charged again, pointing at the scored test.
    expect(r.tests.find((t) => t.id === 'count-2-64')).toMatchObject({ status: 'skipped', message: expect.stringMatching(/charged in count-4096/) });
  }, 60_000);
});

describe('grading one submission with two test processes', () => {
  it.each([
    ['ps3-mit', 'accepted', 'zero-counts'],
    ['ps3-mit', 'wrong_answer', 'score-uses-hand-size'],
    ['chiseler', 'wrong_answer', 'count-table-off-by-one'],
    ['chiseler', 'run_time_error', 'crash-on-one-word'],
  ])('%s %s/%s: the same verdicts as one process', async (id, verdict, name) => {
    const a = loadAssignment(id);
    const one = await gradeSubmission(a, sub(id, verdict, name), { parallel: 1 });
    const two = await gradeSubmission(a, sub(id, verdict, name), { parallel: 2 });
    expect(verdicts(two)).toEqual(verdicts(one));
    expect(two.score).toBe(one.score);
  }, 120_000);

  it('skips a test whose dependency failed on the other process, and runs it when the dependency passed', async () => {
    // count-4096 sits far from its dependency in the spec, so the two usually land on different processes.
    const a = withNeeds(chiseler, 'count-4096', 'count-damaged-cat');
    const wrong = await gradeSubmission(a, sub('chiseler', 'wrong_answer', 'count-table-off-by-one'), { parallel: 2 });
    const dep = wrong.tests.find((t) => t.id === 'count-4096')!;
    expect(wrong.tests.find((t) => t.id === 'count-damaged-cat')!.status).toBe('failed');
    expect(dep.status).toBe('skipped');
    expect(dep.message).toBe("skipped: needs 'count-damaged-cat' to pass first");
    const right = await gradeSubmission(a, sub('chiseler', 'accepted', 'memoised-lru-cache'), { parallel: 2 });
    expect(right.tests.find((t) => t.id === 'count-4096')!.status).toBe('passed');
  }, 120_000);

  it('runs a test whose dependency --only leaves out, and skips the larger counts after the 2**64 one times out', async () => {
    const a = withNeeds(chiseler, 'count-4096', 'count-damaged-cat');
    const alone = await gradeSubmission(a, sub('chiseler', 'wrong_answer', 'count-table-off-by-one'), { only: ['count-4096'] });
    expect(alone.tests.map((t) => [t.id, t.status])).toEqual([['count-4096', 'failed']]);
    // The shipped spec: counts that need memoisation wait for count-2-64, so plain recursion costs one
    // timed-out second there, not one more on each.
    const plain = await gradeSubmission(chiseler, sub('chiseler', 'accepted', 'plain-recursive'), { only: ['count-2-64', 'count-random-80', 'count-120'] });
    expect(plain.tests.map((t) => [t.id, t.status])).toEqual([['count-2-64', 'error'], ['count-random-80', 'skipped'], ['count-120', 'skipped']]);
    expect(plain.tests[0].kind).toBe('time_limit_exceeded');
  }, 120_000);

  it('a test that kills its process loses only itself; the other process goes on', async () => {
    const a = repeated(loadAssignment(rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml')), 4);
    const one = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'kill-parent'), { parallel: 1 });
    const two = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'kill-parent'), { parallel: 2 });
    expect(verdicts(two)).toEqual(verdicts(one));
    expect(two.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(0);
  }, 120_000);
});
