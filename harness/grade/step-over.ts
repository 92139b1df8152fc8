// A function that crashes on its first lines hides every rule behind the crash. A TA fixes that one line and
// reads on; gradekit runs the test again with the line stepped over (gradekit_step_over.py), up to a few
// lines, each a crash the run before stopped at. What that run shows can only spare the test a charge
// (charges.ts): its rule holds once the crash is out of the way (P4), or it fails the way another test
// already charges (P3). A failure only the stepped-over run shows is what a test that saw nothing is charged
// for, once, instead of the crash again: never a charge the test would not have had (stepping over a line is
// gradekit's guess at the fix, and a guess alone is never the evidence for a charge).
import type { TestData } from '../spec/schema.js';
import type { Outcome } from './outcome.js';

/** A test variant run with these lines of the student's functions stepped over. */
export type SteppedTest = TestData & { stepOver?: number[] };

/** The ways of stepping over a line that keep all the student wrote (gradekit_step_over.py REPAIRED). */
const REPAIRED = ['respelled', 'completed', 'added'];

/** At most this many lines are stepped over in one test: a few stray lines (one mistake written in each
 *  print of a function, say), not a function rewritten. */
const MAX_LINES = 5;

/** The CPU time one submission's runs past crashes have taken, shared by its tests. */
export interface SteppingBudget {
  spentMs: number;
}

/** At most this much CPU time per submission goes to runs past crashes: well inside the minute of slack in a
 *  submission's time budget (defaultBudgetMs), so that a program whose every test crashes after a long
 *  computation never leaves its later tests without time (an "over budget" verdict gradekit would cause). */
const STEPPING_MS = 20_000;

/** The stepped-over run of a test a crash stopped, kept on the outcome (`steppedOver`); any other outcome is
 *  returned as it is. Paid for only by tests that crash. */
/** `cpuMs`: the CPU time the runs have used so far (the session's), read before and after each run past a
 *  crash: CPU time, never the wall clock, so that a busy machine does not change which tests get one. */
export async function stepOverCrash(t: TestData, first: Outcome, run: (t: SteppedTest) => Promise<Outcome>, budget: SteppingBudget = { spentMs: 0 }, cpuMs: () => number = () => 0): Promise<Outcome> {
  // A rule that something does not happen (an argument left unchanged, nothing printed) holds in any code
  // stepped over.
  if (first.status === 'passed' || first.raisedAt === undefined || !('call' in t || 'steps' in t || 'run' in t) || absence(t)) return first;
  let lines: number[] = [];
  let o = first;
  while (o.status !== 'passed' && o.raisedAt !== undefined && lines.length < MAX_LINES && budget.spentMs < STEPPING_MS) {
    const c0 = cpuMs();
    const next = await run({ ...t, stepOver: [...lines, o.raisedAt] });
    budget.spentMs += cpuMs() - c0;
    // Raised at the same line again: that line could not be stepped over (a `with`, top-level code). Raised
    // for a name with no value after a statement was dropped: most likely one that statement was to set, so the
    // guess at the fix, not the program, stopped this run: it shows nothing of the program. (After repairs
    // only, nothing was dropped: the name is the program's own next typo.)
    // A run gradekit could not make (its own failure) shows nothing of the program either.
    const dropped = !next.steppedHow?.every((h) => REPAIRED.includes(h));
    if (next.raisedAt === o.raisedAt || next.kind === 'grader_error' || (dropped && /^raised:(?:NameError|UnboundLocalError):/.test(next.defect ?? ''))) break;
    lines = [...lines, o.raisedAt];
    o = next;
  }
  if (!lines.length) return first;
  const { steppedOver: _, alternatives: __, steppedHow: how, ...seen } = o;
  // Every line repaired, none dropped nor forced: the run is the program as its author meant it.
  const repaired = how?.length === lines.length && how.every((h) => REPAIRED.includes(h));
  return { ...first, steppedOver: { lines, outcome: seen, ...(repaired ? { repaired: true as const } : {}) } };
}

/** A test of a rule that something does not happen. */
const absence = (t: TestData) => {
  const x = t as { unchanged_args?: unknown; silent?: boolean };
  return !!x.unchanged_args || !!x.silent;
};

/** "line 282", "lines 150 and 152". */
export function linesSaid(lines: readonly number[]): string {
  return lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
}
