// Known mistakes, as the judge uses them: a wrong answer named by the mistake that gives it (the
// reference's `explain`), the mistakes a right answer rules out (`refute`), a wrong number of a game named
// from the calls the program made (`numberMistakes`), and two readings of a result that is not the one due
// (a value where a bool is due, read by its truth value; None back from a function that changed its
// argument, read as working in place). Each named mistake is a defect signature part (charges.ts).
import { fromWire, truthy, type PyValue } from '../model/pyvalue.js';
import type { Explainer, NumberMistakes, RefContext, Refuter } from '../model/reference.js';
import type { StepObservation } from '../run/python/protocol.js';
import type { ExplainNumber } from '../turns/index.js';
import type { FunctionCall } from './reference-run.js';

/** The known mistake a wrong answer shows, if the reference has an explainer for the function. */
export function explainedBy(explain: Record<string, Explainer> | undefined, callee: string[], args: PyValue[], observed: PyValue, expected: PyValue, ctx: () => RefContext): ReturnType<Explainer> {
  const ex = callee.length === 1 ? explain?.[callee[0]!] : undefined;
  if (!ex) return undefined;
  try {
    return ex({ args, observed, expected, ctx: ctx() });
  } catch {
    return undefined; // an explainer that cannot read the answer explains nothing
  }
}

/** The mistake part of a wrong answer's signature: the known mistakes that give it, else "wrong-value" for an
 *  answer that can be compared with the one due (the same type, or read by its truth value), else its type. */
export function mistakeOf(known: ReturnType<Explainer>, comparable: boolean, observed: PyValue): string {
  return known ? [known.defect, ...(known.also ?? [])].join('|') : comparable ? 'wrong-value' : `type-${observed.t}`;
}

/** The signature of a rule a validator finds broken by `fn`'s result: a None is the function returning
 *  nothing, the defect a None found by comparison is, whichever comparator finds it. */
export function brokenRule(fn: string, result: PyValue, defect: string | undefined): string {
  return result.t === 'none' ? `returns-none:${fn}` : `answer:${fn}:${defect ?? 'wrong-value'}`;
}

/** The known mistakes (as defects) that the right answer of `callee` on these arguments rules out; undefined
 *  when the input tells nothing about them. */
export function refutedBy(refute: Record<string, Refuter> | undefined, callee: string[], args: PyValue[], right: PyValue, ctx: () => RefContext): string[] | undefined {
  const rf = callee.length === 1 ? refute?.[callee[0]!] : undefined;
  if (!rf) return undefined;
  try {
    return rf({ args, right, ctx: ctx() })?.map((m) => `answer:${callee[0]}:${m}`);
  } catch {
    return undefined; // a refuter that cannot read the input rules nothing out
  }
}

/** The known mistakes of a role's value over the calls a run made (NumberMistakes). */
export function numberMistakesOf(table: Record<string, NumberMistakes> | undefined, calls: readonly FunctionCall[] | undefined, role: string): ReturnType<NumberMistakes> {
  const list = table?.[role];
  if (!list || !calls?.length) return undefined;
  try {
    return list(calls);
  } catch {
    return undefined; // mistakes that cannot read the calls explain nothing
  }
}

/** A wrong value named by the known mistakes that give it. A value right for the hands the program played
 *  is no mistake of this role (those hands differ from the handout's: another defect): nothing is named. */
export function numberExplainer(table: Record<string, NumberMistakes> | undefined, calls: readonly FunctionCall[] | undefined): ExplainNumber | undefined {
  if (!table || !calls?.length) return undefined;
  return (role, observed) => {
    const m = numberMistakesOf(table, calls, role);
    const fits = m && m.right !== observed ? m.mistakes.filter((x) => x.value === observed) : [];
    return fits.length ? { how: fits.map((x) => x.defect).join('|'), says: fits.map((x) => x.says).join('; or ') } : undefined;
  };
}

/** A value where a bool is due is read by its truth value, as `if is_valid_word(...)` reads it: true where
 *  True is due is only the wrong type, true where False is due is the wrong answer too (another defect).
 *  The truth value, when it is the wrong answer. */
export function wrongTruth(expected: PyValue, observed: PyValue): PyValue | undefined {
  if (expected.t !== 'bool' || observed.t === 'bool' || observed.t === 'none') return undefined;
  const v = truthy(observed);
  return v === expected.v ? undefined : { t: 'bool', v };
}
export const truthSays = (truth: PyValue) => `; as a truth value it is ${truthy(truth) ? 'True' : 'False'}, the wrong answer`;

/** None back from a call that changed an argument (a function that works in place): the first argument it
 *  changed, as it is after the call, so that what the function did can be judged too. */
export function changedInPlace(observed: PyValue, so: StepObservation): PyValue | undefined {
  if (observed.t !== 'none' || !so.args_changed) return undefined;
  const first = Object.entries(so.args_changed).sort(([x], [y]) => Number(x) - Number(y))[0];
  return first ? fromWire(first[1]) : undefined;
}
