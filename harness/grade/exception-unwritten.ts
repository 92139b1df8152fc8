// "A check never written" (P1), seen behind another defect. A test of an exception (a step with `throws:`,
// or one where the solution throws) whose run another defect stopped before that step keeps its points when
// the check may well be written (P4: that defect is charged where it shows). When the class's own code never
// names the exception at all, the check cannot be there: the test's rule is a feature never written, and it
// is charged as the exception not thrown, its own defect, not as the crash that hid it.
import type { PyStep } from '../spec/pyexpr.js';
import type { TestData } from '../spec/schema.js';
import type { CallsRun } from '../run/java/calls.js';
import { fail, type Outcome } from './outcome.js';
import { stepOptions } from './java-class.js';

/** The outcome of a test stopped at step `at`, as the unwritten check of a later step, when the class never
 *  names that step's exception (`named`: the identifiers of the student's own code); else undefined. */
export function unwrittenCheck(t: TestData, steps: readonly PyStep[], want: CallsRun, at: number, outcome: Outcome, named: ReadonlySet<string> | undefined): Outcome | undefined {
  if (!named || outcome.status === 'passed' || !/^(?:raised|helpers):/.test(outcome.defect ?? '')) return undefined;
  for (let j = at + 1; j < steps.length; j++) {
    const expected = stepOptions(t, j).throws ?? want.steps[j]?.throws?.chain[0] ?? want.steps[j]?.throws?.class;
    if (!expected) continue;
    const simple = expected.slice(expected.lastIndexOf('.') + 1);
    if (named.has(simple)) return undefined;
    const s = steps[j]!;
    const method = s.expr.k === 'call' ? s.expr.callee[s.expr.callee.length - 1]! : 'step';
    return {
      ...fail(`${s.source} should throw ${simple}, and the class's code never names ${simple}: the check this test is for is not written (the run stopped before it anyway: ${outcome.message})`, outcome.detail),
      defect: `answer:${method}:no-exception:${expected}`,
    };
  }
  return undefined;
}
