// End-to-end grading of chiseler submissions through gradeSubmission (spec + Python driver + reference):
// any correct strategy order is accepted, exponential counting stops at its per-test limit without
// spoiling the other tests, and counts far beyond 2**64 cross the Python/Node boundary exactly.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import type { Report } from '../harness/model/report.js';
import { rootPath } from '../harness/paths.js';

const a = loadAssignment('chiseler');
const submissions = rootPath('fixtures', 'chiseler', 'submissions');
const byId = (r: Report, id: string) => {
  const t = r.tests.find((x) => x.id === id);
  if (!t) throw new Error(`no test ${id} in the report`);
  return t;
};

const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The memoised accepted fixture with its public num_winning_strategies replaced by `body`. */
function withCount(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chiseler-grading-'));
  scratch.push(dir);
  const src = readFileSync(join(submissions, 'accepted', 'memoised-lru-cache', 'chiseler.py'), 'utf8');
  writeFileSync(join(dir, 'chiseler.py'), `${src}\n\ndef num_winning_strategies(L):\n    """changed for the test"""\n    ${body}\n`);
  return dir;
}

describe('chiseler grading end to end', () => {
  it('accepts in full a correct solution that removes the last word first', async () => {
    const r = await gradeSubmission(a, join(submissions, 'accepted', 'last-word-first'));
    const notPassed = r.tests.filter((t) => t.status !== 'passed').map((t) => `${t.id}: ${t.message}`);
    expect(notPassed).toEqual([]);
    expect(r.score).toBe(r.maxScore);
    expect(r.tests.length).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it('stops exponential counting at the per-test limit and still passes the other tests', async () => {
    const ids = ['count-damaged-cat', 'count-2-64', 'count-4096', 'count-one-word', 'show-find-it-easier'];
    const r = await gradeSubmission(a, join(submissions, 'time_limit_exceeded', 'plain-recursive'), { only: ids });
    expect(r.tests.map((t) => t.id).sort()).toEqual([...ids].sort());
    const big = byId(r, 'count-2-64');
    const limit = a.spec.data.tests.find((t) => t.id === 'count-2-64')!.timeout!;
    expect(big.status).toBe('error');
    expect(big.message).toMatch(new RegExp(`^time limit exceeded: no result after ${limit / 1000} s`));
    expect(big.durationMs).toBeGreaterThanOrEqual(limit * 0.9);
    expect(big.durationMs).toBeLessThan(limit + 1500); // killed at the limit, not left running
    for (const id of ids.filter((x) => x !== 'count-2-64')) expect(byId(r, id).status, id).toBe('passed');
  }, 60_000);

  it('passes exact counts beyond 2**64 and shows them digit for digit when they are wrong', async () => {
    const exact = await gradeSubmission(a, join(submissions, 'accepted', 'memoised-lru-cache'), {
      only: ['count-2-64', 'count-random-80', 'count-120'],
    });
    expect(exact.tests.map((t) => [t.id, t.status])).toEqual([
      ['count-2-64', 'passed'], ['count-random-80', 'passed'], ['count-120', 'passed'],
    ]);

    // One more than 2**64 must be told apart from 2**64: no rounding to float anywhere on the way.
    const plusOne = await gradeSubmission(a, withCount('return _count(tuple(L)) + 1'), { only: ['count-2-64'] });
    expect(byId(plusOne, 'count-2-64').status).toBe('failed');
    expect(byId(plusOne, 'count-2-64').message).toContain('expected 18446744073709551616, got 18446744073709551617');

    // A student who goes through float loses the low digits: the message shows both numbers exactly.
    const viaFloat = await gradeSubmission(a, withCount('return int(float(_count(tuple(L))))'), { only: ['count-random-80'] });
    const t = byId(viaFloat, 'count-random-80');
    expect(t.status).toBe('failed');
    expect(t.message).toContain(`expected 244465743394726126740, got ${BigInt(Number(244465743394726126740n))}`);
  }, 60_000);
});
