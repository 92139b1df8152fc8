// A function whose own code has no `return <value>` returns None however it ends: the source says so
// (the driver reads it at import). A test of its return value therefore fails on that rule even when a
// crash, a time-out or an earlier divergence stops the run before the function returns: the missing
// return is its own defect, seen, not a rule the run could not reach.
import type { PyValue } from '../model/pyvalue.js';
import type { PyStep } from '../spec/pyexpr.js';
import { noneFor } from './judge.js';
import { fail, type Outcome } from './outcome.js';

export interface SilentFunction {
  name: string;
  /** The line of its `def`. */
  line: number;
}

/** `o` judged with the source's fact: when the test's last step calls a function that returns nothing and
 *  a value is due (`expected`, or a total the program prints when the test reads it from the transcript),
 *  the test fails for the missing return; what the run itself showed stays an alternative charge. */
export function returnsNothing(o: Outcome, steps: readonly PyStep[] | null, silent: readonly SilentFunction[] | undefined, due: { expected?: PyValue; what: string } | undefined, file: string): Outcome {
  if (!due || !silent?.length || !steps?.length || o.status === 'passed') return o;
  if (due.expected?.t === 'none') return o;
  const last = steps[steps.length - 1]!.expr;
  if (last.k !== 'call' || last.callee.length !== 1) return o;
  const callee = last.callee[0];
  const fn = silent.find((f) => f.name === callee);
  if (!fn) return o;
  const defect = due.expected ? noneFor(fn.name, due.expected) : `returns-none:${fn.name}`;
  // The run saw the None itself: its own failure says so already.
  if (o.kind === 'wrong_answer' && o.defect === defect) return o;
  const ran = o.message ? ` (the run also stopped short of returning: ${o.message})` : '';
  const out = fail(`${fn.name} (${file} line ${fn.line}) has no \`return\` with a value, so it returns None however it ends, where ${due.what} is due${ran}`, {
    ...o.detail,
    hint: `end ${fn.name} with a return statement that returns ${due.what}`,
  });
  // `blind` stays: when the missing return is charged by another test, this run showed nothing it checks.
  return { ...out, defect, ...(o.defect ? { alternatives: [o, ...(o.alternatives ?? [])] } : {}), ...(o.blind !== undefined ? { blind: o.blind } : {}) };
}
