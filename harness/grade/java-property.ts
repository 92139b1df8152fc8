// Property tests of a Java class: inputs drawn by fast-check from the spec's generators (harness/grade/
// arbitraries.ts, seeded by the test's own `seed:` so the cases are the same on every machine and in the
// golden file), each case the property's `setup:` steps and its `call` with the drawn values written in.
// All cases run in ONE JVM on the student's class and one on the solution's (or come from the golden file,
// which records the cases with the solution's results), and are compared step by step as a steps test's
// are (java-class.ts judgeCalls), so a wrong value is the defect a call test of that method charges. The
// first failing case is reported; where the solution is here it is shrunk in a few rounds, each round one
// batch of fast-check's smaller candidates run on both classes.
import fc from 'fast-check';
import type { Assignment } from '../assignment/load.js';
import type { PyValue } from '../model/pyvalue.js';
import { parseStep, type PyExpr, type PyStep } from '../spec/pyexpr.js';
import type { TestData } from '../spec/schema.js';
import type { CallsRun } from '../run/java/calls.js';
import type { SandboxWrap } from '../run/sandbox/index.js';
import { GeneratorParamError } from './arbitraries.js';
import { propertySeed, recordArbitrary, renderCall } from './property.js';
import { graderError, pass, type Outcome } from './outcome.js';
import { judgeCalls, runClassTest, solutionBuild, type ClassRun, type RunPlace } from './java-class.js';

export type JavaPropertyTest = Extract<TestData, { property: unknown }>;
type Bindings = Record<string, PyValue>;

/** Shrinking: at most this many rounds, each of at most CANDIDATES cases, within SHRINK_MS. */
const ROUNDS = 8;
const CANDIDATES = 40;
const SHRINK_MS = 20_000;

/** The property's steps as written: its setup, then its call. */
export function propertySources(t: JavaPropertyTest): { source: string; compare: boolean; throws?: string }[] {
  const setup = (t.property.setup ?? []).map((s) => (typeof s === 'string' ? { source: s, compare: true } : { source: s.do, compare: s.compare !== 'none', ...(s.throws ? { throws: s.throws } : {}) }));
  return [...setup, { source: t.property.call, compare: true }];
}

/** A step with the drawn values written in (its source too, as a student can read and paste it). */
function substitute(st: PyStep, b: Bindings): PyStep {
  const sub = (e: PyExpr): PyExpr => {
    switch (e.k) {
      case 'name': return e.name in b ? { k: 'lit', v: b[e.name]! } : e;
      case 'list': case 'tuple': case 'set': return { ...e, items: e.items.map(sub) };
      case 'dict': return { ...e, entries: e.entries.map(([k, v]) => [sub(k), sub(v)] as [PyExpr, PyExpr]) };
      case 'call': return { ...e, args: e.args.map(sub) };
      default: return e;
    }
  };
  return { ...st, expr: sub(st.expr), source: `${st.bind ? `${st.bind} = ` : ''}${renderCall(st, b)}` };
}

/** The cases of a property test: the drawn values (with fast-check's shrinking context), and each case's steps. */
export interface PropertyPlan {
  cases: fc.Value<Bindings>[];
  arb: fc.Arbitrary<Bindings>;
  /** Each case's steps, values written in. */
  steps: (bindings: Bindings) => PyStep[];
  seed: number | string;
}

/** An arbitrary that keeps the values (and their shrinking contexts) it generates, in order. */
class Kept<T> extends fc.Arbitrary<T> {
  readonly seen: fc.Value<T>[] = [];
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const v = this.inner.generate(mrng, biasFactor);
    this.seen.push(v);
    return v;
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/** The property's cases under its own seed (0 when it names none): the same wherever it is graded. */
export function propertyPlan(a: Assignment, t: JavaPropertyTest): PropertyPlan | { problem: string } {
  const p = t.property;
  let arb: fc.Arbitrary<Bindings>;
  let parsed: PyStep[];
  try {
    arb = recordArbitrary(p.given, a, p.assume);
    parsed = propertySources(t).map((s) => parseStep(s.source));
  } catch (e) {
    if (e instanceof GeneratorParamError) return { problem: `property ${t.id}: ${e.message} (a spec problem: tell your instructor)` };
    return { problem: `property ${t.id}: ${(e as Error).message}` };
  }
  const seed = p.seed ?? 0;
  const kept = new Kept(arb);
  fc.sample(kept, { seed: propertySeed(seed, t.id), numRuns: p.runs });
  return { cases: kept.seen.slice(0, p.runs), arb, steps: (b) => parsed.map((s) => substitute(s, b)), seed };
}

/** One batch of cases as one list of steps, and where each case's steps start. */
export function batch(plan: Pick<PropertyPlan, 'steps'>, cases: readonly Bindings[]): { steps: PyStep[]; starts: number[] } {
  const steps: PyStep[] = [], starts: number[] = [];
  for (const b of cases) {
    starts.push(steps.length);
    steps.push(...plan.steps(b));
  }
  return { steps, starts };
}

/** The cases as a golden file records them (what the solution's results belong to). */
export const renderedCases = (plan: PropertyPlan) => plan.cases.map((c) => plan.steps(c.value_).map((s) => s.source).join('; '));

/** Case k's part of a batch's run (its steps renumbered from 0). */
function slice(run: CallsRun, start: number, n: number): CallsRun {
  const steps = run.steps.filter((s) => s.i >= start && s.i < start + n).map((s) => ({ ...s, i: s.i - start }));
  return { ...run, steps, done: run.done || run.steps.some((s) => s.i >= start + n) };
}

/** Judges each case of a batch; the first failing case's index and outcome, or undefined when all pass. */
function firstFailure(t: JavaPropertyTest, steps: PyStep[][], got: CallsRun, want: CallsRun, starts: readonly number[], timeoutMs: number, stubs?: ReadonlySet<string>): { k: number; outcome: Outcome } | undefined {
  const src = propertySources(t);
  for (let k = 0; k < steps.length; k++) {
    const mine = steps[k]!;
    const w = slice(want, starts[k]!, mine.length), g = slice(got, starts[k]!, mine.length);
    // Where the solution could not go on (its constructor threw, so no object to call), the case ends there.
    const end = w.steps.findIndex((s) => s.bad);
    const n = end < 0 ? mine.length : end;
    const asSteps = { ...t, steps: src.slice(0, n).map((s, i) => ({ do: mine[i]!.source, ...(s.compare ? {} : { compare: 'none' as const }), ...(s.throws ? { throws: s.throws } : {}) })) } as unknown as TestData;
    const o = judgeCalls(asSteps, mine.slice(0, n), { ...g, steps: g.steps.slice(0, n) }, { ...w, steps: w.steps.slice(0, n) }, timeoutMs, stubs);
    if (o.status !== 'passed') return { k, outcome: o };
  }
  return undefined;
}

const callsOf = (r: ClassRun | { problem: string }): CallsRun | { problem: string } => ('problem' in r ? r : 'calls' in r ? r.calls : { problem: 'the golden file of this property test is of another kind of test: run gradekit golden --update' });

/** Runs a property test on the student's build against the solution's run of the same cases. `want` is the
 *  solution's run of the whole plan (java-class.ts expectedRun, or its golden file). */
export async function judgeProperty(a: Assignment, t: JavaPropertyTest, plan: PropertyPlan, got: CallsRun, wantRun: ClassRun | { problem: string }, place: RunPlace, wrap: SandboxWrap | undefined, timeoutMs: number): Promise<{ outcome: Outcome; cpuMs: number }> {
  const want = callsOf(wantRun);
  if ('problem' in want) return { outcome: graderError(want.problem), cpuMs: 0 };
  const cases = plan.cases.map((c) => c.value_);
  const { starts } = batch(plan, cases);
  const stepsOf = cases.map((b) => plan.steps(b));
  const stubs = place.build.stubs;
  const first = firstFailure(t, stepsOf, got, want, starts, timeoutMs, stubs);
  const seed = String(plan.seed);
  if (!first) return { outcome: pass({ call: `${cases.length} generated cases of ${propertySources(t).map((s) => s.source).join('; ')}`, seed }), cpuMs: 0 };

  // Shrink (only where the solution is here to answer the smaller cases): each round runs fast-check's
  // next smaller candidates of the current counterexample as one batch on both classes, and keeps the
  // first that still fails with the same defect.
  let best = { value: plan.cases[first.k]!, outcome: first.outcome };
  let rounds = 0, cpuMs = 0;
  const src = a.reference.kind === 'solution' ? a.reference : undefined;
  const b = src?.present ? await solutionBuild(a) : undefined;
  const t0 = performance.now();
  while (b?.ok && rounds < ROUNDS && performance.now() - t0 < SHRINK_MS && best.outcome.kind !== 'time_limit_exceeded') {
    const candidates: fc.Value<Bindings>[] = [...plan.arb.shrink(best.value.value_, best.value.context).take(CANDIDATES)];
    if (!candidates.length) break;
    const one = batch(plan, candidates.map((c) => c.value_));
    const probe = { ...t, timeout: timeoutMs } as TestData;
    const [mine, theirs] = await Promise.all([
      runClassTest(a, probe, one.steps, place),
      runClassTest(a, probe, one.steps, { build: b, wrap, maxHeap: `${a.spec.data.defaults.memory_mb}m`, outputCap: a.spec.data.defaults.output_cap }),
    ]);
    if (!('calls' in mine) || !('calls' in theirs)) break;
    cpuMs += mine.calls.run.cpuMs ?? 0;
    // A candidate the solution itself does not finish is no case of the rule.
    if (!theirs.calls.done) break;
    // The first candidate that still fails with the same defect (another defect is another test's to charge).
    let found: { k: number; outcome: Outcome } | undefined;
    for (let k = 0; k < candidates.length && !found; k++) {
      const f = firstFailure(t, [plan.steps(candidates[k]!.value_)], mine.calls, theirs.calls, [one.starts[k]!], timeoutMs, stubs);
      if (f && (f.outcome.defect ?? '') === (best.outcome.defect ?? '')) found = { k, outcome: f.outcome };
    }
    if (!found) break;
    best = { value: candidates[found.k]!, outcome: found.outcome };
    rounds++;
  }
  const shown = plan.steps(best.value.value_).map((s) => s.source).join('; ');
  const where = rounds ? `counterexample (shrunk in ${rounds} round${rounds === 1 ? '' : 's'} from case ${first.k + 1} of ${cases.length})` : `case ${first.k + 1} of ${cases.length}`;
  const o = best.outcome;
  return { outcome: { ...o, message: `${where}: ${o.message}`, detail: { ...o.detail, call: shown, seed } }, cpuMs };
}
