// Which step of a call test left the object wrong (the fidelity policy's P3/P4 for classes). A call test
// judges its last steps (`a.deposit(5)`, then `a.balance()`); when balance() is wrong because deposit stored
// the amount wrongly, the defect is deposit's, charged by deposit's own tests, not balance's. gradekit cannot
// swap one Java method for the solution's (the solution's method reads the solution's fields), so it looks
// instead: a failing test runs once more with the spec's own observers (the methods its tests call with no
// arguments: balance(), history(), owner()) called after every step, on the student's class and on the
// solution's. The first step after which an observer that agreed right after construction disagrees is
// where the object went wrong; if that is another method than the one the test failed at, the failure is a
// consequence of that method's defect ("helpers:any:deposit", charges.ts). Only failing tests pay the run.
import type { Assignment } from '../assignment/load.js';
import { parseStep, type PyStep } from '../spec/pyexpr.js';
import type { JValue, StepResult } from '../run/java/calls.js';
import type { Outcome } from './outcome.js';
import { sameJava, showJava } from './java-values.js';

/** What an observer showed after a step: its value, or the class of what it threw. */
export type Seen = { value: JValue } | { throws: string };
/** Per step of a test: each observer's result on the object that step made or called (none for a step on no object). */
export type StateLog = (Record<string, Seen> | null)[];

/** The spec's observers: methods its call tests call on an object with no arguments (what the tests read
 *  the object's state by). */
export function observersOf(a: Assignment): string[] {
  const names = new Set<string>();
  for (const steps of a.steps.values()) {
    const bound = new Set(steps.flatMap((s) => (s.bind ? [s.bind] : [])));
    for (const s of steps) if (receiver(s, bound) && s.expr.k === 'call' && !s.expr.args.length) names.add(s.expr.callee[1]!);
  }
  return [...names].sort();
}

/** The name a step calls a method on (`a` in `a.deposit(5)`), if it is a bound object. */
const receiver = (s: PyStep, bound: ReadonlySet<string>): string | undefined => (s.expr.k === 'call' && s.expr.callee.length === 2 && bound.has(s.expr.callee[0]!) ? s.expr.callee[0] : undefined);

/** The object a step makes (`a = Account('ann', 10)`) or calls (`a.deposit(5)`), if any. */
const objectOf = (s: PyStep, bound: ReadonlySet<string>): string | undefined => s.bind ?? receiver(s, bound);

/** The steps with every observer called after each step on an object; `origin[k]` says which step (and which
 *  observer) the k-th probed step is. */
export function probedSteps(steps: readonly PyStep[], observers: readonly string[]): { steps: PyStep[]; origin: { step: number; observer?: string }[] } {
  const out: PyStep[] = [], origin: { step: number; observer?: string }[] = [];
  const bound = new Set<string>();
  steps.forEach((s, j) => {
    out.push(s);
    origin.push({ step: j });
    if (s.bind) bound.add(s.bind);
    const obj = objectOf(s, bound);
    if (obj) for (const o of observers) {
      out.push(parseStep(`${obj}.${o}()`));
      origin.push({ step: j, observer: o });
    }
  });
  return { steps: out, origin };
}

const seenOf = (r: StepResult): Seen | undefined => (r.throws ? { throws: r.throws.chain[0] ?? r.throws.class } : r.value ? { value: r.value } : undefined);
const sameSeen = (a: Seen, b: Seen) => ('throws' in a ? 'throws' in b && a.throws === b.throws : 'value' in b && sameJava(a.value, b.value));
const showSeen = (s: Seen) => ('throws' in s ? `throws ${s.throws}` : showJava(s.value));

/** A probed run's results, split: each original step's own result, and the observers' after it. */
export function splitProbed(results: readonly StepResult[], origin: ReturnType<typeof probedSteps>['origin'], stepCount: number): { own: (StepResult | undefined)[]; state: StateLog } {
  const own: (StepResult | undefined)[] = Array(stepCount).fill(undefined);
  const state: StateLog = Array(stepCount).fill(null);
  results.forEach((r, k) => {
    const o = origin[k];
    if (!o) return;
    if (!o.observer) own[o.step] = r;
    else {
      const seen = seenOf(r);
      if (seen) (state[o.step] ??= {})[o.observer] = seen;
    }
  });
  return { own, state };
}

/** Whether observing changed the solution's own results (an observer with a side effect): then its state log
 *  says nothing and no failure is traced by it. */
export function observingChanges(plain: readonly StepResult[], own: readonly (StepResult | undefined)[]): boolean {
  return plain.some((p, j) => {
    const q = own[j], a = seenOf(p), b = q && seenOf(q);
    return !a !== !b || (!!a && !!b && !sameSeen(a, b));
  });
}

const methodOf = (s: PyStep): string => (s.expr.k === 'call' ? s.expr.callee[s.expr.callee.length - 1]! : '');

/** The step before `at` after which the student's object first differs from the solution's, by an observer
 *  that agreed right after the object was made and is not the method the test failed at. */
export function firstWrongState(steps: readonly PyStep[], at: number, got: StateLog, want: StateLog, ownToo = false): { step: number; observer: string; got: Seen; want: Seen } | undefined {
  const made = steps.findIndex((s) => s.bind);
  if (made < 0 || made >= at) return undefined;
  const failed = methodOf(steps[at]!);
  const witnesses = Object.keys(want[made] ?? {}).filter((o) => (ownToo || o !== failed) && got[made]?.[o] && sameSeen(want[made]![o]!, got[made]![o]!));
  for (let j = made + 1; j < at; j++) {
    for (const o of witnesses) {
      const w = want[j]?.[o], g = got[j]?.[o];
      if (w && g && !sameSeen(w, g)) return { step: j, observer: o, got: g, want: w };
    }
  }
  return undefined;
}

/** A failure at step `at`, traced to an earlier step of another method that left the object wrong: charged
 *  by that method's tests (or here, as the run showed it, when none of them fails). As it was otherwise. */
export function traceToEarlierStep(first: Outcome, steps: readonly PyStep[], at: number, got: StateLog, want: StateLog, group?: string): Outcome {
  // The right items in another order (`compare: in-order`): the state it reads is right, and how the method
  // keeps it is its own defect, whatever else an earlier step left wrong.
  if (first.defect?.endsWith(':order')) return first;
  // A collection with items lost or gained is a state another method's call changed, when that method's call
  // is where the failing method's own observer first disagreed (a record() that empties the words, seen by
  // words()); a text shown wrongly (a pattern) may be the failing method's own display, so only others witness it.
  const wrong = firstWrongState(steps, at, got, want, /:(?:more-items|fewer-items|items)$/.test(first.defect ?? ''));
  if (!wrong) return first;
  const s = steps[wrong.step]!, method = methodOf(s);
  if (!method || method === methodOf(steps[at]!)) return first;
  // Seen only by the failing method's own observer, in a test of the method that changed it (words() read after
  // record() in a test of record's rule): that test's failure is its own rule's, not a consequence.
  if (wrong.observer === methodOf(steps[at]!) && method === group) return first;
  const obj = objectOf(s, new Set(steps.flatMap((x) => (x.bind ? [x.bind] : []))));
  return {
    ...first,
    defect: `helpers:any:${method}`,
    ...(first.defect ? { untraced: { defect: first.defect, message: first.message } } : {}),
    message: `${first.message}; but already after ${s.source} the object differs from the solution's (${obj}.${wrong.observer}() ${showSeen(wrong.got)}, expected ${showSeen(wrong.want)}): the defect is in ${method}`,
    detail: { ...first.detail, hint: `fix ${method} first (its own tests say what is wrong)` },
  };
}
