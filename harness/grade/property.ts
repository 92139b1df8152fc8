// Differential property tests: inputs drawn by fast-check from the spec's generators, the student's
// results compared with the reference's (or judged by a validator). All cases go to the student's
// process in ONE request; only when a case fails do further requests shrink it (fast-check's replay
// `path`), and the smallest failing input is reported as a line of Python a student can paste.
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { fromWire, pyEquals, repr, type PyValue } from '../model/pyvalue.js';
import { parseExpr, parseStep, literalValue, type PyExpr, type PyStep } from '../spec/pyexpr.js';
import type { Comparator, Generator, TestData } from '../spec/schema.js';
import type { RunRequest, StepObservation } from '../run/python/protocol.js';
import { PyRandom } from '../../reference/pyrandom.js';
import { makeContext, RecordingIO, runReference } from './reference-run.js';
import { compareValues } from '../compare/values.js';
import { ARITY, noneFor } from './judge.js';
import { brokenRule, changedInPlace, explainedBy, mistakeOf, truthSays, wrongTruth } from './mistakes.js';
import { error, fail, pass, raisedDefect, raisedIn, runFailure, hung, type Outcome } from './outcome.js';
import { arbitraries, GeneratorParamError, type ArbContext } from './arbitraries.js';
import { refOptions, stepToWire, type PythonTestEnv, type Running } from './python-tests.js';
import type { Assignment } from '../assignment/load.js';

export type PropertyTest = Extract<TestData, { property: unknown }>;
type Bindings = Record<string, PyValue>;

/** What went wrong on one case; null when the case passed. */
export interface CaseFailure {
  kind: 'failed' | 'error';
  why: string;
  expected?: string;
  actual?: string;
  traceback?: string;
  /** Its defect signature, as a call test would give it (judge.ts): one defect, charged once. */
  defect?: string;
  /** What the rule finds wrong with the argument the call changed, when it returned None and changed it (a
   *  function that works in place): other defects than the None, judged on what it did. */
  inPlace?: { why: string; defect: string };
}

/** Shrinking stops after this many extra runs or this long, keeping the smallest failure found so far. */
const SHRINK_RUNS = 400;
const SHRINK_MS = 20_000;

/** A 32-bit fast-check seed from the report's seed and the test id (so two property tests draw independently). */
export function propertySeed(seed: number | string, testId: string): number {
  return createHash('sha256').update(`${seed}\0${testId}`).digest().readInt32BE(0);
}

/** The fast-check arbitrary for one `given:` entry. */
export function arbitraryFor(g: Generator, a: Pick<Assignment, 'adapter' | 'words' | 'spec'>): fc.Arbitrary<PyValue> {
  const ctx: ArbContext = { words: a.words, options: a.spec.data.options, wildcard: a.adapter.wildcard?.(a.spec.data.options) };
  if ('int' in g) return fc.integer({ min: g.int[0], max: g.int[1] }).map((n) => ({ t: 'int', v: BigInt(n) }) as PyValue);
  if ('choice' in g) return fc.constantFrom(...g.choice.map((c) => literalValue(parseExpr(c))!));
  const mine = arbitraries[g.gen];
  if (mine) return mine(g.with ?? {}, ctx);
  const legacy = a.adapter.generators?.[g.gen];
  if (legacy) {
    // An adapter's PyRandom generator: reproducible, but a seed has no smaller form, so it does not shrink.
    return fc.noShrink(fc.integer({ min: 0, max: 0x7fffffff })).map((s: number) => legacy(new PyRandom(s), g.with ?? {}, { words: a.words, rng: new PyRandom(s), options: a.spec.data.options }));
  }
  const known = [...Object.keys(arbitraries), ...Object.keys(a.adapter.generators ?? {})];
  throw new GeneratorParamError(`unknown generator '${g.gen}' (known: ${known.join(', ')})`);
}

export function recordArbitrary(given: Record<string, Generator>, a: Pick<Assignment, 'adapter' | 'words' | 'spec'>, assume: readonly string[] = []): fc.Arbitrary<Bindings> {
  const parts: Record<string, fc.Arbitrary<PyValue>> = {};
  for (const [name, g] of Object.entries(given)) parts[name] = arbitraryFor(g, a);
  const record = fc.record(parts) as fc.Arbitrary<Bindings>;
  if (!assume.length) return record;
  // Preconditions: a case the docstring lets the function rule out is no case of the rule (a correct
  // program may do anything with it), so it is never drawn, nor reached by shrinking.
  const holds = assume.map(precondition);
  return record.filter((b) => holds.every((h) => h(b)));
}

/** `A in B` / `A not in B` over the drawn names and literals, as Python reads it (a dict by its keys). */
export function precondition(src: string): (b: Bindings) => boolean {
  const m = /^\s*(.+?)\s+(not\s+in|in)\s+(.+?)\s*$/.exec(src);
  if (!m) throw new GeneratorParamError(`assume: ${JSON.stringify(src)} must read "A in B" or "A not in B"`);
  const [left, right] = [parseExpr(m[1]!), parseExpr(m[3]!)];
  const negate = m[2] !== 'in';
  const valueOf = (e: PyExpr, b: Bindings, side: string): PyValue => {
    const v = e.k === 'name' ? b[e.name] : literalValue(e);
    if (v === undefined) throw new GeneratorParamError(`assume: ${JSON.stringify(src)}: ${side} is not a drawn name or a literal`);
    return v;
  };
  return (b) => {
    const x = valueOf(left, b, m[1]!);
    const c = valueOf(right, b, m[3]!);
    let found: boolean;
    if (c.t === 'dict') found = c.v.some(([k]) => pyEquals(k, x));
    else if (c.t === 'str') found = x.t === 'str' && c.v.includes(x.v);
    else if (c.t === 'list' || c.t === 'tuple' || c.t === 'set') found = c.v.some((y) => pyEquals(y, x));
    else throw new GeneratorParamError(`assume: ${JSON.stringify(src)}: ${m[3]} is not a container`);
    return found !== negate;
  };
}

/** The call with generated values written in, so a student can paste it into Python. */
export function renderCall(step: PyStep, b: Bindings): string {
  const show = (e: PyExpr): string => {
    switch (e.k) {
      case 'lit': return repr(e.v);
      case 'name': return e.name in b ? repr(b[e.name]) : e.name;
      case 'list': return `[${e.items.map(show).join(', ')}]`;
      case 'tuple': return `(${e.items.map(show).join(', ')}${e.items.length === 1 ? ',' : ''})`;
      case 'set': return `{${e.items.map(show).join(', ')}}`;
      case 'dict': return `{${e.entries.map(([k, v]) => `${show(k)}: ${show(v)}`).join(', ')}}`;
      case 'call': return `${e.callee.join('.')}(${e.args.map(show).join(', ')})`;
    }
  };
  return show(step.expr);
}

/** A dict with its zero counts dropped, for "expected {'a': 0} (or {})". */
function withoutZeros(v: PyValue): PyValue | undefined {
  if (v.t !== 'dict' || !v.v.some(([, n]) => n.t === 'int' && n.v === 0n)) return undefined;
  return { t: 'dict', v: v.v.filter(([, n]) => !(n.t === 'int' && n.v === 0n)) };
}

/** The cases a property test runs, exactly as fast-check's own run i would draw them (so `path` replays run i). */
export function sampleCases(arb: fc.Arbitrary<Bindings>, fcSeed: number, runs: number): Bindings[] {
  return (fc.sample(fc.property(arb, () => true), { seed: fcSeed, numRuns: runs }) as [Bindings][]).map(([b]) => b);
}

/** The calls a property test makes under a seed, rendered as Python (what a student with that seed is tested on). */
export function propertyCalls(t: PropertyTest, a: Pick<Assignment, 'adapter' | 'words' | 'spec'>, seed: number | string): string[] {
  const step = parseStep(t.property.call);
  return sampleCases(recordArbitrary(t.property.given, a, t.property.assume), propertySeed(t.property.seed ?? seed, t.id), t.property.runs).map((b) => renderCall(step, b));
}

export async function runProperty(t: PropertyTest, env: PythonTestEnv, timeoutMs: number): Promise<Outcome> {
  const a = env.a;
  const p = t.property;
  const seed = p.seed ?? env.seed ?? 0;
  const fcSeed = propertySeed(seed, t.id);
  const step = parseStep(p.call);
  let arb: fc.Arbitrary<Bindings>;
  try {
    arb = recordArbitrary(p.given, a, p.assume);
  } catch (e) {
    if (e instanceof GeneratorParamError) return error(`property ${t.id}: ${e.message} (a spec problem: tell your instructor)`);
    throw e;
  }
  const cases = sampleCases(arb, fcSeed, p.runs);
  const validated = p.check !== 'reference' && !!a.adapter.validators?.[p.check];
  const judge = caseJudge(t, env, step, seed);
  const limitsOf = (n: number): Omit<RunRequest, 'op' | 'id' | 'steps'> => {
    const d = a.spec.data.defaults;
    return { timeout_ms: timeoutMs, cpu_s: Math.ceil((timeoutMs * Math.max(1, n / p.runs)) / 1000) + 1, memory_mb: d.memory_mb, output_cap: d.output_cap, file_size_mb: 16, open_files: 64, stdin: null };
  };
  // A validator also judges what a call that returned None did to its argument: the driver sends it back.
  const res = await env.session.run({ id: t.id, ...limitsOf(cases.length), steps: cases.map((b) => stepToWire(step, validated, b)), seed });
  if (res.status !== 'ok' || !res.obs || res.limit) return hung(runFailure(res, timeoutMs), step.expr.k === 'call' ? step.expr.callee.join('.') : undefined);
  const obs = res.obs;
  const missing = obs.steps.find((s) => s.missing)?.missing;
  if (missing) return { ...error(`${env.file} does not define \`${missing}\``, { call: renderCall(step, cases[0]), seed: String(seed) }), defect: `missing-fn:${missing}` };
  const verdicts = cases.map((b, i) => judge(b, obs.steps[i], obs.transcript));
  // A wrong answer is what this test's rule is about; a case that raised (a letter the hand lacks) is more
  // often another rule's defect, charged by that rule's test. So a wrong answer is reported when any case
  // gives one, and the shrinking keeps to wrong answers; a test whose every failing case raised reports that.
  const wrong = verdicts.findIndex((f) => f?.kind === 'failed');
  const first = wrong >= 0 ? wrong : verdicts.findIndex((f) => f !== null);
  if (first < 0) return pass({ call: `${p.runs} generated cases of ${p.call}`, seed: String(seed) });
  const counts = (f: CaseFailure | null): f is CaseFailure => f !== null && (wrong < 0 || f.kind === 'failed');

  // Shrink: replay from the failing run; each candidate is one small request to the same session. fast-check
  // offers some candidates more than once (a third of the runs on real classes): each is run once, its
  // verdict kept, and every candidate still counts towards the budget, so the shrinking takes the same path.
  let last = { b: cases[first], f: verdicts[first]! };
  let runs = 0;
  const tried = new Map<string, CaseFailure | null>();
  const t0 = performance.now();
  const check = await fc.check(
    fc.asyncProperty(arb, async (b) => {
      if (runs >= SHRINK_RUNS || performance.now() - t0 > SHRINK_MS) return true; // budget spent: keep the smallest so far
      runs++;
      const steps = [stepToWire(step, false, b)];
      const key = JSON.stringify(steps);
      let f = tried.get(key);
      if (f === undefined) {
        const r = await env.session.run({ id: `${t.id}#shrink${runs}`, ...limitsOf(1), steps, seed });
        f = r.status !== 'ok' || !r.obs || r.limit ? { kind: 'error', why: runFailure(r, timeoutMs).message } : judge(b, r.obs.steps[0], r.obs.transcript);
        tried.set(key, f);
      }
      if (counts(f)) last = { b, f };
      return !counts(f);
    }),
    { seed: fcSeed, numRuns: p.runs, path: String(first), endOnFailure: false },
  );
  const shrunk = check.failed && check.numShrinks > 0;
  const call = renderCall(step, last.b);
  const snippet = `${call}${last.f.expected !== undefined ? `  # expected ${last.f.expected}, got ${last.f.actual ?? '?'}` : ''}`;
  const where = shrunk ? `counterexample (shrunk in ${check.numShrinks} steps from case ${first + 1} of ${cases.length})` : `case ${first + 1} of ${cases.length}`;
  const detail = {
    call: snippet,
    seed: String(seed),
    ...(last.f.expected !== undefined ? { expected: last.f.expected } : {}),
    ...(last.f.actual !== undefined ? { actual: last.f.actual } : {}),
    ...(last.f.traceback ? { traceback: last.f.traceback } : {}),
  };
  const message = `${where}: ${call}: ${last.f.why}`;
  // Other rules a validator finds broken in other cases are defects of their own; a wrong value the reference
  // finds is named by guessing its mistake, and another guess on another case is not another defect.
  const others = validated ? otherDefects(verdicts, cases, step, counts, last.f.defect, seed) : {};
  const o: Outcome = { ...(last.f.kind === 'error' ? error(message, detail) : fail(message, detail)), ...others };
  // No case returned at all (each raised, or asked for input): the rule was never seen (charges.ts).
  const fn = step.expr.k === 'call' ? step.expr.callee[step.expr.callee.length - 1] : undefined;
  const blind = !obs.steps.some((s) => s && !s.skipped && !s.error && !s.missing && s.input_exhausted === undefined) && obs.steps.every((s) => !s?.error || raisedIn(s.error.traceback, env.file) === fn);
  return { ...o, ...(last.f.defect ? { defect: last.f.defect } : {}), ...(blind ? { blind: step.expr.k === 'call' ? step.expr.callee.join('.') : '' } : {}) };
}

/** The other defects the cases showed, each at the first case that shows it: a test whose reported defect
 *  is charged elsewhere charges one of these (charges.ts), so a second mistake of the function (a hand with
 *  two wildcards besides hands with none) is not hidden by the first. */
function otherDefects(verdicts: (CaseFailure | null)[], cases: Bindings[], step: PyStep, counts: (f: CaseFailure | null) => f is CaseFailure, reported: string | undefined, seed: number | string): Pick<Outcome, 'alternatives'> {
  const seen = new Set([reported]);
  const alternatives: Outcome[] = [];
  verdicts.forEach((f, i) => {
    if (!counts(f)) return;
    const call = renderCall(step, cases[i]!);
    for (const x of [f, ...(f.inPlace ? [{ ...f.inPlace, kind: 'failed' as const, expected: undefined, actual: undefined }] : [])]) {
      if (!x.defect || seen.has(x.defect)) continue;
      seen.add(x.defect);
      const detail = { call, seed: String(seed), ...(x.expected !== undefined ? { expected: x.expected } : {}), ...(x.actual !== undefined ? { actual: x.actual } : {}) };
      const message = `case ${i + 1} of ${cases.length}: ${call}: ${x.why}`;
      alternatives.push({ ...(x.kind === 'error' ? error(message, detail) : fail(message, detail)), defect: x.defect });
    }
  });
  return alternatives.length ? { alternatives } : {};
}

/** Judges one case's observation against the reference (or the property's validator). */
export function caseJudge(t: PropertyTest, env: PythonTestEnv, step: PyStep, seed: number | string) {
  const a = env.a;
  const p = t.property;
  const validator = p.check !== 'reference' ? a.adapter.validators?.[p.check] : undefined;
  const how = (p.compare && !(typeof p.compare === 'object' && 'validator' in p.compare) ? p.compare : 'exact') as Exclude<Comparator, { validator: string }>;
  const base = refOptions(a, { stdin: undefined } as Running, [], seed);
  const fn = step.expr.k === 'call' ? step.expr.callee.join('.') : '';
  const raised = (so: StepObservation): CaseFailure => {
    const e = so.error!;
    const arity = !e.line && e.type === 'TypeError' && ARITY.test(e.message);
    return { kind: 'error', why: `raised ${e.type}: ${e.message}`, traceback: e.traceback, defect: arity ? `signature:${fn}` : e.line ? raisedDefect(e, env.file) : undefined };
  };
  return (b: Bindings, so: StepObservation | undefined, transcript: string): CaseFailure | null => {
    if (!so) return { kind: 'error', why: 'the case was not run (the process stopped early)' };
    if (so.missing) return { kind: 'error', why: `${env.file} does not define \`${so.missing}\``, defect: `missing-fn:${so.missing}` };
    if (so.input_exhausted !== undefined) return { kind: 'failed', why: `asked for input (${JSON.stringify(so.input_exhausted)}); it must not`, defect: `answer:${fn}:asks-input` };
    const names = { ...a.names, ...b };
    const args = step.expr.k === 'call' ? step.expr.args.map((x) => argValue(x, names)) : [];
    const ctx = () => makeContext({ ...base, names }, new RecordingIO(null), new Map());
    if (validator) {
      if (so.error) return raised(so);
      const observed = so.value !== undefined ? fromWire(so.value) : ({ t: 'none' } as PyValue);
      const output = transcript.slice(so.out_start, so.out_end);
      const v = validator({ observed, args, ctx: ctx(), output });
      if (v.ok) return null;
      // None back, and the argument changed: the function worked in place; what it did is judged too.
      const changed = changedInPlace(observed, so);
      const after = changed ? validator({ observed: changed, args, ctx: ctx(), output }) : undefined;
      const inPlace = after && !after.ok ? { inPlace: { why: `in place, the argument it changed: ${after.message}`, defect: brokenRule(fn, changed!, after.defect) } } : {};
      return { kind: 'failed', why: v.message, actual: repr(observed), defect: brokenRule(fn, observed, v.defect), ...inPlace };
    }
    const ref = runReference([step], { ...base, names }).steps[0];
    if (ref.raised) {
      if (so.error) return null; // both raise: the handout asks only that it raises
      const observed = so.value !== undefined ? fromWire(so.value) : ({ t: 'none' } as PyValue);
      return { kind: 'failed', why: `should raise ${ref.raised.type} but returned ${repr(observed)}`, expected: `${ref.raised.type} raised`, actual: repr(observed), defect: `answer:${fn}:no-exception` };
    }
    const expected = ref.value ?? ({ t: 'none' } as PyValue);
    const alt = how === 'counts' ? withoutZeros(expected) : undefined;
    const shownExpected = `${repr(expected)}${alt ? ` (or ${repr(alt)})` : ''}`;
    if (so.error) return { ...raised(so), expected: shownExpected, actual: `${so.error.type} raised` };
    const observed = so.value !== undefined ? fromWire(so.value) : ({ t: 'none' } as PyValue);
    if (how === 'exact' && pyEquals(expected, observed)) return null;
    const c = compareValues(expected, observed, how);
    if (c.ok) return null;
    if (observed.t === 'none' && expected.t !== 'none') return { kind: 'failed', why: c.why, expected: shownExpected, actual: repr(observed), defect: noneFor(fn, expected) };
    const truth = wrongTruth(expected, observed);
    const comparable = expected.t === observed.t || !!truth;
    const known = comparable && step.expr.k === 'call' ? explainedBy(a.adapter.explain, step.expr.callee, args, truth ?? observed, expected, ctx) : undefined;
    return { kind: 'failed', why: `${c.why}${truth ? truthSays(truth) : ''}${known ? ` (${known.says})` : ''}`, expected: shownExpected, actual: repr(observed), defect: `answer:${fn}:${mistakeOf(known, comparable, observed)}` };
  };
}

function argValue(x: PyExpr, names: Bindings): PyValue {
  if (x.k === 'name') return names[x.name];
  return literalValue(x) ?? ({ t: 'none' } as PyValue);
}
