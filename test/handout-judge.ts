// Judging a transcript as if a student had printed it, with the spec's own judge by meaning: the
// handouts' examples (worded differently from each other and from the reference) must pass, and a
// transcript with a real mistake must not.
import type { Assignment } from '../harness/assignment/load.js';
import { referenceRun, type Running } from '../harness/grade/python-tests.js';
import { referenceTurns } from '../harness/grade/judge.js';
import { echoedInputs, judgeTurns, turnsOf, type TurnProblem } from '../harness/turns/index.js';

/** The first problem the spec's judge finds in `transcript` as the output of test `id`, or null. */
export function judgeAsStudent(a: Assignment, id: string, transcript: string): TurnProblem | null {
  const t = a.spec.data.tests.find((x) => x.id === id) as Running | undefined;
  if (!t) throw new Error(`${a.id} has no test '${id}'`);
  const ref = referenceRun(a, t);
  const inputs = echoedInputs(transcript, t.stdin ?? []);
  if (inputs.length !== (t.stdin ?? []).length) throw new Error(`${id}: the transcript does not show every scripted input`);
  return judgeTurns({
    expected: referenceTurns(ref),
    observed: turnsOf(transcript, inputs),
    table: a.roles!,
    wildcards: a.adapter.wildcards?.(a.spec.data.options),
  });
}
