// End-to-end grading of chiseler submissions through gradeSubmission (spec + Python driver + reference):
// any correct strategy order is accepted, plain recursion gets full marks while the zero-point extra tests
// that need memoisation stop at their per-test limit, counts far beyond 2**64 cross the Python/Node boundary
// exactly, and a print is charged once, to the function that prints it (own_output).
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

/** An accepted fixture with `edit` applied to its source, in a scratch folder. */
function edited(fixture: string, edit: (src: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chiseler-grading-'));
  scratch.push(dir);
  const src = readFileSync(join(submissions, 'accepted', fixture, 'chiseler.py'), 'utf8');
  const out = edit(src);
  if (out === src) throw new Error(`the edit did not change ${fixture}`);
  writeFileSync(join(dir, 'chiseler.py'), out);
  return dir;
}

/** The memoised accepted fixture with its public num_winning_strategies replaced by `body`. */
function withCount(body: string): string {
  return edited('memoised-lru-cache', (src) => `${src}\n\ndef num_winning_strategies(L):\n    """changed for the test"""\n    ${body}\n`);
}

const scoredFailures = (r: Report) => r.tests.filter((t) => !t.extra && t.status !== 'passed').map((t) => t.id).sort();

describe('chiseler grading end to end', () => {
  it('accepts in full a correct solution that removes the last word first', async () => {
    const r = await gradeSubmission(a, join(submissions, 'accepted', 'last-word-first'));
    const notPassed = r.tests.filter((t) => t.status !== 'passed').map((t) => `${t.id}: ${t.message}`);
    expect(notPassed).toEqual([]);
    expect(r.score).toBe(r.maxScore);
    expect(r.tests.length).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it('gives plain recursion full marks; the extra memoisation test stops at its limit and costs nothing', async () => {
    const ids = ['count-damaged-cat', 'count-2-64', 'count-4096', 'count-one-word', 'show-find-it-easier'];
    const r = await gradeSubmission(a, join(submissions, 'accepted', 'plain-recursive'), { only: ids });
    expect(r.tests.map((t) => t.id).sort()).toEqual([...ids].sort());
    const big = byId(r, 'count-2-64');
    const limit = a.spec.data.tests.find((t) => t.id === 'count-2-64')!.timeout!;
    expect(big).toMatchObject({ status: 'error', extra: true, group: 'extra', score: 0, maxScore: 0 });
    expect(r.score).toBe(r.maxScore);
    expect(r.maxScore).toBe(4);
    // Stopped at its CPU limit, not left running: the wall time it took depends on the machine, the CPU time does not.
    expect(big.message).toMatch(new RegExp(`^time limit exceeded: used more than ${limit / 1000} s of CPU time without finishing`));
    expect(big.durationMs).toBeGreaterThanOrEqual(limit * 0.9);
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
    // (2**64 itself survives a float, so count-2-64, which count-random-80 needs, passes.)
    const viaFloat = await gradeSubmission(a, withCount('return int(float(_count(tuple(L))))'), { only: ['count-2-64', 'count-random-80'] });
    const t = byId(viaFloat, 'count-random-80');
    expect(t.status).toBe('failed');
    expect(t.message).toContain(`expected 244465743394726126740, got ${BigInt(Number(244465743394726126740n))}`);
  }, 60_000);
});

describe('a print is charged once, to the function that prints it', () => {
  it('a print in share_letter fails share_letter\'s silence test only, though every other function calls it', async () => {
    const r = await gradeSubmission(a, edited('first-word-first', (s) => s.replace(
      '    return any(c in w2 for c in w1)', '    print("comparing", w1, w2)\n    return any(c in w2 for c in w1)')));
    expect(scoredFailures(r)).toEqual(['share-letter-silent']);
    expect(byId(r, 'share-letter-silent').message).toBe(
      `share_letter('SKILLED', 'MICE') printed "comparing SKILLED MICE\\n" but must print nothing`);
  }, 60_000);

  it('a print in a helper of winning_strategy counts as winning_strategy printing, in its test only', async () => {
    const r = await gradeSubmission(a, edited('generator-helpers', (s) => s.replace(
      '    """Recursive search: a winning strategy for L[i..j] or None"""\n',
      '    """Recursive search: a winning strategy for L[i..j] or None"""\n    print("searching", i, j)\n')));
    expect(scoredFailures(r)).toEqual(['winning-strategy-silent']);
    expect(byId(r, 'winning-strategy-silent').message).toMatch(/^winning_strategy\(\['SKILLED', .*\) printed "searching 0 4\\n/);
  }, 60_000);

  it('show_solved_game is judged on what it prints itself, and a line of its own spoils its layout', async () => {
    const r = await gradeSubmission(a, edited('first-word-first', (s) => s.replace(
      '    strategy = winning_strategy(L)\n', '    strategy = winning_strategy(L)\n    print("Solution:")\n')));
    expect(scoredFailures(r)).toEqual(['show-format']);
    expect(byId(r, 'show-format').message).toBe(
      "show_solved_game('I FIND IT EASIER TO MAKE ONE STRING'): line 1: expected the words left, 'I FIND IT EASIER TO MAKE ONE STRING', got 'Solution:'");
  }, 60_000);

  it('num_winning_strategies may print: the handout does not ask it to be silent', async () => {
    const r = await gradeSubmission(a, edited('first-word-first', (s) => s.replace(
      '    """Number of winning strategies for the game L[start:end+1]"""\n',
      '    """Number of winning strategies for the game L[start:end+1]"""\n    print("count", start, end)\n')));
    expect(scoredFailures(r)).toEqual([]);
    expect(r.score).toBe(r.maxScore);
  }, 60_000);
});
