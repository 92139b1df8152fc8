// A verdict does not depend on which tests ran before it (the brief's isolation promise). What a test learns
// about a program's questions (harness/turns/readings.ts) stays with that test: graded with its tests in the
// spec's order and in the reverse order, a program whose question gradekit first misreads gets the same
// outcome, message and notes at every test. (A reading carried from one test to the next made a real
// program's score depend on which test a busy machine finished first.)
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
import type { Assignment } from '../harness/assignment/load.js';

function reversed(a: Assignment): Assignment {
  return { ...a, spec: { ...a.spec, data: { ...a.spec.data, tests: [...a.spec.data.tests].reverse() } } };
}

describe('order independence', () => {
  it('a question read by behaviour gives each test the same verdict and notes in either order', async () => {
    const a = loadAssignment('ps3-ocw');
    const sub = join(a.fixturesDir, 'submissions', 'accepted', 'substitute-question-read-by-behaviour');
    const view = (r: Awaited<ReturnType<typeof gradeSubmission>>) =>
      Object.fromEntries(r.tests.map((t) => [t.id, { status: t.status, message: t.message, notices: [...(t.notices ?? [])].sort() }]));
    const forward = await gradeSubmission(a, sub, { runners: languageRunners() });
    const backward = await gradeSubmission(reversed(a), sub, { runners: languageRunners() });
    expect(forward.tests.some((t) => (t.notices ?? []).some((n) => /kind of answer your program takes/.test(n)))).toBe(true);
    expect(view(backward)).toEqual(view(forward));
    expect(backward.score).toBe(forward.score);
  }, 240_000);
});
