// Turning a spec test into (a) a request for the student's process and (b) the same scenario on the
// reference, then judging. Python-language tests: call, steps, run, property, rule.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { repr, toWire, type PyValue } from '../model/pyvalue.js';
import { parseExpr, parseStep, literalValue, type PyExpr, type PyStep } from '../spec/pyexpr.js';
import type { TestData, Comparator, Normaliser } from '../spec/schema.js';
import { INPUT_CALL, type Observation, type ReferenceCall, type RunRequest, type RunResult, type WireArg, type WirePatch, type WireStep } from '../run/python/protocol.js';
import type { PythonSession } from '../run/python/session.js';
import { ANSWER_CAP, makeContext, RecordingIO, referenceCaller, runReference, type FunctionCall, type RefRunOptions, type RefRunResult, type ScriptedPatch } from './reference-run.js';
import { needsSolution, solutionCaller, SolutionUnavailable, solutionExpected, type SolutionRunner } from './solution.js';
import { DEFAULT_PROFILE } from '../interactive/profile.js';
import { judge } from './judge.js';
import { findCause, ownDesign } from './causes.js';
import { stepOverCrash, type SteppedTest, type SteppingBudget } from './step-over.js';
import { Answerer } from '../turns/answers.js';
import { choked, doubtedQuestions, otherReadings, freshReadings, readingNote, refusal, tookAnswers, type Stop } from '../turns/readings.js';
import { offeredChoices } from '../turns/offered.js';
import { runProperty, renderCall } from './property.js';
import { returnsNothing } from './no-return.js';
import { printedInstead, returnedOutput } from './returned-output.js';
import { digestable, resolveDigests } from './digest.js';
import { error, fail, graderError, notChecked, pass, runFailure, hung, type Outcome } from './outcome.js';
import { kindMessage } from '../model/kinds.js';
import { resolveScript, type Assignment } from '../assignment/load.js';
import { namesToWire, testWords } from './word-lists.js';
import { salvageFailure, setAsideNote } from './salvage.js';
import { drawCounts, unusedDrawPlans, type Draws } from './unused-draws.js';
import { signaturesOf } from '../assignment/signatures.js';

export interface PythonTestEnv {
  a: Assignment;
  session: PythonSession;
  file: string; // the student's file name, for messages
  seed?: number | string;
  /** A solution reference's own driver, for tests its golden files cannot answer (--words, another seed). */
  solution?: SolutionRunner;
  /** The time the submission's runs past crashes have taken so far (step-over.ts), shared by its tests. */
  stepping?: SteppingBudget;
}

export function exprToWire(e: PyExpr, bindings: Record<string, PyValue> = {}): WireArg {
  switch (e.k) {
    case 'lit': return toWire(e.v);
    case 'name': return e.name in bindings ? toWire(bindings[e.name]) : { n: e.name };
    case 'list': return { l: e.items.map((x) => exprToWire(x, bindings)) } as WireArg;
    case 'tuple': return { tu: e.items.map((x) => exprToWire(x, bindings)) } as WireArg;
    case 'set': return { se: e.items.map((x) => exprToWire(x, bindings)) } as WireArg;
    case 'dict': return { d: e.entries.map(([k, v]) => [exprToWire(k, bindings), exprToWire(v, bindings)]) } as WireArg;
    case 'call': return { call: e.callee, args: e.args.map((x) => exprToWire(x, bindings)) };
  }
}

export function stepToWire(s: PyStep, observeArgs: boolean, bindings: Record<string, PyValue> = {}): WireStep {
  if (s.expr.k !== 'call') {
    // A bare value step (e.g. `h = {'a': 1}`): evaluate it through the identity of a tuple pack.
    return { callee: ['__gradekit_value__'], args: [exprToWire(s.expr, bindings)], ...(s.bind ? { bind: s.bind } : {}) };
  }
  return { callee: s.expr.callee, args: s.expr.args.map((a) => exprToWire(a, bindings)), ...(s.bind ? { bind: s.bind } : {}), ...(observeArgs ? { observe_args: true } : {}) };
}

export type Running = Extract<TestData, { stdin?: unknown }>;

export function patchesOf(t: Running, a: Assignment, seed: number | string | undefined): { wire: WirePatch[]; ref: ScriptedPatch[] } {
  const wire: WirePatch[] = [];
  const ref: ScriptedPatch[] = [];
  for (const [name, p] of Object.entries(t.patch ?? {})) {
    if (p === 'reference') {
      const params = signaturesOf(a, [name])[name]?.length;
      wire.push({ name, kind: 'reference', ...(params !== undefined ? { params } : {}) });
      ref.push({ name, kind: 'reference' });
    } else if ('generate' in p) {
      // One random stream for the whole sequence, as consecutive deal_hand() calls in one game would draw.
      const step = parseStep(p.generate.call);
      const { words, names } = testWords(a, t);
      const made = runReference(Array.from({ length: p.generate.count }, () => step), {
        adapter: a.adapter, words, options: a.spec.data.options, names, stdin: null, patches: [], seed: seed ?? 0,
      });
      const values: PyExpr[] = made.steps.map((s) => ({ k: 'lit', v: s.value ?? { t: 'none' } }));
      wire.push({ name, kind: 'sequence', values: values.map((v) => exprToWire(v)) });
      ref.push({ name, kind: 'sequence', values });
    } else if ('returns' in p) {
      const values = p.returns.map((s) => parseExpr(s));
      wire.push({ name, kind: 'sequence', values: values.map((v) => exprToWire(v)) });
      ref.push({ name, kind: 'sequence', values });
    } else if ('replace_with' in p) {
      const value = parseExpr(JSON.stringify(p.replace_with));
      wire.push({ name, kind: 'replace_key', value: exprToWire(value), ...(p.in_place ? { in_place: p.in_place } : {}) });
      ref.push({ name, kind: 'replace_key', value });
    } else if ('value' in p) {
      const value = parseExpr(p.value);
      wire.push({ name, kind: 'constant', value: exprToWire(value) });
      ref.push({ name, kind: 'constant', value });
    } else {
      wire.push({ name, kind: 'python', code: p.python });
      ref.push({ name, kind: 'python' });
    }
  }
  return { wire, ref };
}

function limits(a: Assignment, timeoutMs: number): Pick<RunRequest, 'timeout_ms' | 'cpu_s' | 'memory_mb' | 'output_cap' | 'file_size_mb' | 'open_files'> {
  const d = a.spec.data.defaults;
  return { timeout_ms: timeoutMs, cpu_s: Math.ceil(timeoutMs / 1000) + 1, memory_mb: d.memory_mb, output_cap: d.output_cap, file_size_mb: 16, open_files: 64 };
}

export function goldenPath(a: Assignment, id: string): string {
  return join(a.fixturesDir, 'golden', `${id}.txt`);
}

export function refOptions(a: Assignment, t: Running, patches: ScriptedPatch[], seed: number | string | undefined): RefRunOptions {
  const { words, names } = testWords(a, t);
  return { adapter: a.adapter, words, options: a.spec.data.options, names, stdin: t.stdin ?? null, patches, seed, ...(t.answers ? { answers: t.answers, table: a.roles } : {}) };
}

/** Whether a test's printed output is checked, and against what. */
export function transcriptMode(t: Running): 'golden' | 'reference' | 'ignore' {
  // Generated inputs follow the run's seed (possibly per submission): no single golden file can hold them.
  const seeded = Object.values(t.patch ?? {}).some((p) => typeof p === 'object' && 'generate' in p) && t.seed === undefined;
  if (seeded && t.transcript !== 'ignore') return 'reference';
  if (t.transcript) return t.transcript;
  // A session answered by role is judged by its rules (questions, totals, the value returned), not line by line.
  if (t.answers) return 'ignore';
  return 'run' in t || t.stdin ? 'golden' : 'ignore';
}

/** The reference's run of a call/steps/program test: what golden files record and what tests compare against. */
export function referenceRun(a: Assignment, t: Running, seed?: number | string) {
  const { ref: refPatches } = patchesOf(t, a, t.seed ?? seed);
  const opts = refOptions(a, t, refPatches, t.seed ?? seed);
  if ('run' in t) {
    const run = (t as { run: string }).run;
    const prog = a.spec.data.programs[run];
    return runReference({ program: run === 'main' ? 'main' : prog.reference! }, { ...opts, echo: prog?.echo !== 'self' });
  }
  return runReference(a.steps.get(t.id)!, opts);
}

export type RunningTest = Running & ({ call: string } | { steps: unknown[] } | { run: string });

/** What a call, steps or program test sends the student's process, and the same scenario on a TypeScript reference. */
export function planTest(r: RunningTest, a: Assignment, runSeed: number | string | undefined, timeoutMs: number) {
  const t = r;
  // An instructor's solution is run once and kept: its random choices must be the same on every run, and
  // the student's the same as the solution's, so its tests are seeded (0 unless the test or the run says).
  const seed = r.seed ?? runSeed ?? (a.reference.kind === 'solution' ? 0 : undefined);
  const { wire: wirePatches, ref: refPatches } = patchesOf(r, a, seed);
  const opts = refOptions(a, r, refPatches, seed);
  const trace = r.forbid_calls || r.must_recurse ? { forbid_calls: r.forbid_calls, forbid_within: r.forbid_within, recursion: r.must_recurse, public: Object.keys(a.adapter.functions) } : undefined;
  let steps: PyStep[] | null = null;
  let req: Omit<RunRequest, 'op'>;
  const own = testWords(a, r);
  const where = own.cwd ? { cwd: own.cwd, names: namesToWire(own.names) } : {};
  // A yes/no question that shows its spelling ("(y/n)") is answered in it, as a person would: the same
  // spellings the interactive judge answers in (harness/interactive/profile.ts). Text judging keeps the script.
  const yesNo = (r.judge ?? a.judge) === 'meaning' && (r.stdin?.length || r.answers) ? { yes_no: DEFAULT_PROFILE.yesNo.map((y) => y.pattern) } : {};
  // Answers by role: no lines are scripted; the child asks for each one (harness/turns/answers.ts).
  const input = r.answers ? { stdin: null, answers: true } : { stdin: r.stdin ?? [] };
  const stepOver = (r as SteppedTest).stepOver?.length ? { step_over: (r as SteppedTest).stepOver } : {};
  let refRun;
  if ('run' in r) {
    const program = r.run === 'main' ? { kind: 'main' as const } : { kind: 'script' as const, path: programScript(a, r.run), argv: a.spec.data.programs[r.run].args };
    const echo = r.run === 'main' || a.spec.data.programs[r.run].echo !== 'self';
    req = { id: t.id, ...limits(a, timeoutMs), ...where, program, ...input, ...yesNo, echo, patches: wirePatches, seed: seed ?? null, trace, ...stepOver };
    refRun = () => referenceRun(a, r, runSeed);
  } else {
    steps = a.steps.get(t.id)!;
    const own = r.own_output ? { own_output: Object.keys(a.adapter.functions) } : {};
    // A validator judges what a call that returned None did to its argument (in place), so it is sent back.
    const observeArgs = Boolean(r.unchanged_args) || (typeof r.compare === 'object' && 'validator' in r.compare);
    req = { id: t.id, ...limits(a, timeoutMs), ...where, steps: steps.map((s, i) => ({ ...stepToWire(s, observeArgs), ...(r.comparisons && i === steps!.length - 1 ? { count_pairs: true } : {}) })), ...(r.answers ? input : { stdin: r.stdin ?? null }), ...yesNo, patches: wirePatches, seed: seed ?? null, trace, ...own, ...stepOver };
    refRun = () => runReference(steps!, opts);
  }
  return { req, steps, seed, opts, refRun, wirePatches, refPatches };
}

/** `intervene`: whether a failure may be traced by running the test again in other ways (causes.ts); the
 *  runs made for that do not intervene themselves. */
export async function runPythonTest(t: TestData, env: PythonTestEnv, timeoutMs: number, intervene = true): Promise<Outcome> {
  if (!intervene) return runOnce(t, env, timeoutMs, false);
  const again = onceEach(env, timeoutMs);
  // A crash that stopped the run before it showed anything: run again past it (step-over.ts).
  return stepOverCrash(t, await runOnce(t, env, timeoutMs, true, again), again, env.stepping, () => env.session.cpuMs);
}

async function runOnce(t: TestData, env: PythonTestEnv, timeoutMs: number, intervene: boolean, onceEachRun?: (v: TestData) => Promise<Outcome>): Promise<Outcome> {
  const again = onceEachRun ?? ((v: TestData) => runPythonTest(v, env, timeoutMs, false));
  if (intervene && 'helpers' in t && t.helpers?.length) {
    // An integration test: a failure is traced to the helper that causes it (causes.ts). What else a run
    // with the student's own helpers showed is left to the tests of each function (findCause drops it).
    const first = await again({ ...t, helpers: undefined } as TestData);
    // A course's solution answers the swapped helpers from its own process; without it (an export, a
    // self-check) no helper can be swapped, and the failure is judged as it ran.
    if (first.status !== 'passed' && !canSwap(env)) {
      return { ...first, notices: [...(first.notices ?? []), `${t.id}: the course's solution is not here, so this failure was not traced to ${t.helpers.join(', ')} (the full grader does)`] };
    }
    return findCause(t, first, again);
  }
  if (intervene && 'patch' in t && t.patch && !('property' in t)) {
    // A failure with the reference's helpers in place may be the program's own design (causes.ts).
    return ownDesign(t, await again(t), again);
  }
  const imp = env.session.importResult;
  if ('property' in t) return setAsideNote(stubbed(await runProperty(t, env, timeoutMs), [parseStep(t.property.call)], imp?.stubs), imp, env.file);
  if ('rule' in t) return runRule(t, env);
  if ('game' in t) return graderError('game tests need a Java or interactive program; this assignment is Python');
  return readByBehaviour(t as RunningTest, env, timeoutMs);
}

/** The runs that trace one test's failure (causes.ts), each variant run once: the trace may ask for one it
 *  already made (the helper that fixes it alone is every helper swapped when there is one; with two, "all
 *  but one" is the other alone), and a run of a program that loops costs its whole time limit, twice. */
function onceEach(env: PythonTestEnv, timeoutMs: number): (v: TestData) => Promise<Outcome> {
  const made = new Map<string, Promise<Outcome>>();
  return (v) => {
    const key = JSON.stringify(v);
    let run = made.get(key);
    if (!run) made.set(key, (run = runPythonTest(v, env, timeoutMs, false)));
    return run.then((o) => ({ ...o }));
  };
}

/** A test answered by role, run with the role table's reading of its questions; when it fails
 *  and the program did not take an answer, run again with that question read as another kind of answer,
 *  keeping the reading the program takes (harness/turns/readings.ts). At most MAX_READINGS questions. What
 *  one test learned is not the next test's start: its verdict would depend on the order tests ran in. */
async function readByBehaviour(r: RunningTest, env: PythonTestEnv, timeoutMs: number): Promise<Outcome> {
  const seen = calledIn();
  const o = await readRuns(r, env, timeoutMs, (...args) => runAnswered(...args).then(seen.see));
  const called = seen.all();
  return called ? { ...o, called } : o;
}

/** The patched functions any of one test's runs called (undefined once a run did not say: a run stopped at
 *  a limit). A variation of the test that only changes the others is the same run (causes.ts). */
function calledIn() {
  let all: Set<string> | undefined = new Set();
  return {
    see: (x: Answered): Answered => {
      const c = x.outcome.called;
      if (!c) all = undefined;
      else for (const n of c) all?.add(n);
      return x;
    },
    all: () => all && [...all].sort(),
  };
}

type RunAnswered = typeof runAnswered;

/** The runs of readByBehaviour; `runAnswered` is the module's, wrapped to note what each run called. */
async function readRuns(r: RunningTest, env: PythonTestEnv, timeoutMs: number, runAnswered: RunAnswered): Promise<Outcome> {
  const learned = freshReadings();
  let run = await runAnswered(r, env, timeoutMs, learned.taken);
  if (run.outcome.status !== 'passed' && !run.answerer) {
    const offered = await answerOffered(r, env, timeoutMs, run, runAnswered);
    if (offered) return offered;
  }
  const notes: string[] = [];
  for (let n = 0; n < MAX_READINGS && run.outcome.status !== 'passed' && run.answerer; n++) {
    const first = run.answerer;
    let better: typeof run | undefined;
    for (const key of doubtedQuestions(first, run.stopped, run.raisedWith)) {
      for (const role of otherReadings(first, key, learned.refused)) {
        const trial = await runAnswered(r, env, timeoutMs, new Map(learned.taken).set(key, role));
        if (!trial.answerer || (trial.outcome.status !== 'passed' && !tookAnswers(trial.answerer, key, trial.stopped, { answerer: first, stop: run.stopped }))) {
          learned.refused.add(refusal(key, role));
          continue;
        }
        learned.taken.set(key, role);
        notes.push(readingNote(first, key, role));
        better = trial;
        break;
      }
      if (better) break;
    }
    if (!better) break;
    run = better;
  }
  if (run.outcome.status !== 'passed' && run.draws) {
    // A program that draws from a scripted sequence (deal_hand) more often than the reference may throw the
    // extra values away: played again with unused values at those draws (unused-draws.ts).
    for (const p of unusedDrawPlans(run.draws)) {
      const trial = await runAnswered(r, env, timeoutMs, learned.taken, p.vary);
      if (trial.outcome.status === 'passed') {
        run = { ...trial, outcome: { ...trial.outcome, notices: [...(trial.outcome.notices ?? []), p.note] } };
        break;
      }
    }
  }
  if (!notes.length) return run.outcome;
  // Said once in the report: what gradekit learned about the program's questions.
  return { ...run.outcome, notices: [...(run.outcome.notices ?? []), ...notes] };
}

/** A test with its stdin in order, whose program raised on one of those lines (int('e')) right after a
 *  question that offers its own choices ("Type '1' ... '2'"): a question the handout's program does not ask,
 *  about which it says nothing. Played again with each choice given before that line, the first run the
 *  program takes is the test's verdict, with a note; undefined when none is taken (or nothing was offered). */
async function answerOffered(r: RunningTest, env: PythonTestEnv, timeoutMs: number, run: Answered, runAnswered: RunAnswered): Promise<Outcome | undefined> {
  const stdin = r.stdin;
  const raisedWith = run.raisedWith;
  if (!stdin?.length || run.stopped !== 'raised' || !raisedWith) return undefined;
  const k = stdin.findIndex((line) => choked(line, raisedWith));
  if (k < 0) return undefined;
  for (const choice of offeredChoices(run.outcome.detail?.transcript ?? '', stdin[k]!)) {
    const trial = await runAnswered(r, env, timeoutMs, new Map(), { extra: { at: k, line: choice } });
    const refused = trial.stopped === 'raised' && trial.raisedWith && (choked(choice, trial.raisedWith) || choked(stdin[k]!, trial.raisedWith));
    if (refused) continue;
    const note = `before input ${k + 1} your program asks a question the handout's program does not ask; it refused ${JSON.stringify(stdin[k])} and was answered ${JSON.stringify(choice)}, one of the choices it offers`;
    return { ...trial.outcome, notices: [...(trial.outcome.notices ?? []), note] };
  }
  return undefined;
}

/** How many questions of one test may be read again by what the program takes. */
const MAX_READINGS = 3;

/** How one run of a test differs from the test as written, on the student's side only (the expected side
 *  keeps the test's own): a line inserted into its stdin (answerOffered), its scripted sequences' values
 *  and the reference calls answered from another random stream (unused-draws.ts). */
interface Variation {
  extra?: { at: number; line: string };
  patches?: WirePatch[];
  spare?: Record<string, number[]>;
}

type Answered = { outcome: Outcome; answerer?: Answerer; stopped: Stop; raisedWith?: string; draws?: Draws };

/** One run of a test; with the answerer that answered it (what was asked) and whether the run stopped
 *  early (raised, ran out of answers, hit a limit). */
async function runAnswered(r: RunningTest, env: PythonTestEnv, timeoutMs: number, readings: ReadonlyMap<string, string>, vary: Variation = {}): Promise<Answered> {
  const { extra } = vary;
  const a = env.a;
  const plan = planTest(r, a, env.seed, timeoutMs);
  const expect = r.expect !== undefined ? literalValue(parseExpr(r.expect)) : undefined;
  // A test of the value returned, read in the source too (no-return.ts).
  const printed = typeof r.returns_printed === 'string' ? [r.returns_printed] : r.returns_printed;
  const due = printed?.length ? { what: a.roles?.get(printed[0]!)?.says ?? printed[0]!, ...(expect ? { expected: expect } : {}) } : expect ? { expected: expect, what: repr(expect) } : undefined;
  // Only a run that stopped before the call returned: one that returned showed its None (or its value) itself.
  const silent = (o: Outcome, res: RunResult) => (returnedFromLast(res) ? o : returnsNothing(o, plan.steps, env.session.importResult?.no_return, due, env.file));
  const { steps, opts, wirePatches } = plan;
  // An answer to a question only the program asks (answerOffered): sent to it, never to the expected side,
  // and taken out of what the program read before judging, so its turns line up with the reference's.
  const stdin = r.stdin ?? [];
  const req = { ...plan.req, ...(extra ? { stdin: [...stdin.slice(0, extra.at), extra.line, ...stdin.slice(extra.at)] } : {}), ...(vary.patches ? { patches: vary.patches } : {}) };
  // The student's process starts on the test now; the reference is computed meanwhile, not before.
  // Functions patched with the reference are evaluated here when the student's code calls them.
  const answerer = r.answers ? new Answerer(r.answers, a.roles, ANSWER_CAP, readings) : undefined;
  const calls: FunctionCall[] = [];
  const swapped = wirePatches.some((p) => p.kind === 'reference');
  const local = swapped || answerer ? referenceCaller({ ...opts, echo: req.echo ?? true, answerer, calls, ...(vary.spare ? { spare: vary.spare } : {}) }) : undefined;
  // A course's solution answers the calls of its functions from its own process (solution.ts).
  const bySolution = swapped && a.reference.kind === 'solution' ? solutionCaller(req, env.solution, a) : undefined;
  if (swapped && a.reference.kind === 'solution' && !bySolution) {
    return { stopped: null, outcome: graderError(`this test runs the course solution's ${wirePatches.filter((p) => p.kind === 'reference').map((p) => p.name).join(', ')} in place of yours, and the solution is not here (an export or a self-check): the full grader runs it`) };
  }
  const caller = bySolution ? (c: ReferenceCall) => (c.name === INPUT_CALL && local ? local(c) : bySolution(c)) : local;
  // A call's long list of strs may come back as digests (digest.ts), when nothing else is read from the run.
  const compare: Comparator = r.compare ?? 'exact';
  const digests = 'call' in r && !caller && digestable(compare) && !r.unchanged_args ? { ...req, steps: req.steps?.map((s, i, all) => (i === all.length - 1 ? { ...s, digest: true } : s)) } : undefined;
  const pending = env.session.run(digests ?? req, caller);
  const expected = a.reference.kind === 'solution' ? await fromSolution(r, plan, env) : fromTypeScript(r, plan, a);
  if ('status' in expected) {
    await pending;
    return { outcome: expected, stopped: null };
  }
  // A question the student's program words in a way no role reads is taken for the reference's at that point.
  if (answerer) answerer.expected = expected.ref.inputs.map((i) => i.role);
  const { ref, transcript: expectedTranscript, mode } = expected;
  let res = await pending;
  // A digest that does not stand for the reference's value: the test again, with the whole value to report.
  if (digests && res.status === 'ok' && res.obs && !resolveDigests(res.obs.steps, ref.steps.map((s) => s.value), compare)) res = await env.session.run(req, caller);
  if (res.status !== 'ok' || !res.obs || res.limit) {
    // The function the test is filed under, when it calls it directly and plays no game.
    const called = (steps ?? []).some((s) => s.expr.k === 'call' && s.expr.callee.join('.') === r.group);
    return { outcome: silent(withTranscriptHint(hung(runFailure(res, timeoutMs), called && r.stdin === undefined && !r.answers ? r.group : undefined), r, res), res), answerer, stopped: res.status === 'ok' && res.obs && !res.limit ? 'raised' : 'limit' };
  }
  const obs = extra ? { ...res.obs, inputs: res.obs.inputs.filter((_, i) => i !== extra.at) } : res.obs;
  const stepObjects = 'steps' in r ? (r.steps as (string | { do: string; compare?: Comparator; expect?: string })[]) : [];
  const stepCompare = stepObjects.map((x) => (typeof x === 'object' ? x.compare : undefined));
  const stepExpect = stepObjects.map((x) => (typeof x === 'object' && x.expect !== undefined ? literalValue(parseExpr(x.expect)) : undefined));
  const validatorOf = (c: Comparator | undefined) => (typeof c === 'object' && 'validator' in c ? a.adapter.validators?.[c.validator] : undefined);
  const validator = validatorOf(compare);
  const stepValidators = stepCompare.map(validatorOf);
  const meaning = meaningOf(a, r, mode);
  const judged = (o: typeof obs) => judge({
    steps,
    ref,
    obs: o,
    compare,
    expect,
    stepCompare,
    stepExpect,
    expectedTranscript,
    normalisers: [...a.spec.data.defaults.normalise, ...(r.normalise ?? [])] as Normaliser[],
    checkInputs: r.check_inputs ?? true,
    unchangedArgs: Boolean(r.unchanged_args),
    silent: Boolean(r.silent),
    ownOutput: Boolean(r.own_output),
    forbidCalls: r.forbid_calls,
    mustRecurse: r.must_recurse,
    validator,
    stepValidators,
    comparisons: r.comparisons,
    validatorCtx: () => makeContext(opts, new RecordingIO(null), new Map()),
    explain: a.adapter.explain,
    refute: a.adapter.refute,
    numberMistakes: a.adapter.numberMistakes,
    calls,
    referencePatched: wirePatches.filter((p) => p.kind === 'reference').map((p) => p.name),
    file: env.file,
    stdinGiven: r.stdin !== undefined,
    ...((r.answers || r.returns_printed) && a.roles ? { byRole: { table: a.roles, asked: answerer?.log, questions: r.questions, totals: r.totals, returnsPrinted: typeof r.returns_printed === 'string' ? [r.returns_printed] : r.returns_printed, requires: r.requires, newCalls: r.new_calls && { ...r.new_calls, calls } } } : {}),
    ...(meaning ? { meaning: { ...meaning, printedAtImport: env.session.importResult?.output } } : {}),
  });
  const outcome = printedOrReturned(judged, obs, ref, r, compare, mode, steps);
  if (obs.notices?.length) outcome.notices = obs.notices;
  if (obs.called) outcome.called = obs.called;
  if (obs.stepped_how) outcome.steppedHow = obs.stepped_how;
  const stopped: Stop = obs.steps.some((x) => x.error) ? 'raised' : obs.input_exhausted != null || obs.steps.some((x) => x.input_exhausted !== undefined) ? 'exhausted' : null;
  const imp = env.session.importResult;
  const raised = obs.steps.find((x) => x.error)?.error;
  const draws = drawCounts(wirePatches, { ...obs.draws, ...(bySolution ? {} : local?.randomCalls) }, ref.calls);
  return { outcome: setAsideNote(silent(stubbed(outcome, steps, imp?.stubs), res), imp, env.file), answerer, stopped, ...(raised ? { raisedWith: `${raised.type}: ${raised.message}` } : {}), ...(draws ? { draws } : {}) };
}

/** Whether the reference's functions can stand in for the student's: a TypeScript reference always can, a
 *  course's solution when its own process can run (not in an export). */
function canSwap(env: PythonTestEnv): boolean {
  const r = env.a.reference;
  return r.kind !== 'solution' || (r.present && !!env.solution);
}

/** Whether the test's last call came back (with any value) rather than raising, asking for input it was not
 *  given, or being stopped. */
function returnedFromLast(res: RunResult): boolean {
  const so = res.status === 'ok' && !res.limit ? res.obs?.steps.at(-1) : undefined;
  return !!so && !so.error && !so.skipped && !so.missing && so.input_exhausted === undefined;
}

/** A failure of a test that calls a function still holding the starter's stub is that one defect: the
 *  function is not implemented (charged once; its other tests could check nothing). */
function stubbed(o: Outcome, steps: PyStep[] | null, stubs: readonly string[] | undefined): Outcome {
  if (!stubs?.length || !steps) return o;
  const fn = steps.map((s) => (s.expr.k === 'call' && s.expr.callee.length === 1 ? s.expr.callee[0]! : '')).find((n) => stubs.includes(n));
  if (!fn) return o;
  // A stub that happens to satisfy a rule (it leaves its argument alone) showed nothing of it: not a pass.
  if (o.status === 'passed') o = notChecked('the function does nothing yet, so this rule was not shown to hold', undefined, o.detail);
  const why = `${fn} is not implemented yet (its body is only a stub): `;
  // "could not be checked: " stays first: the kind's own words open its message.
  const head = o.kind === 'not_checked' ? kindMessage('not_checked', '') : '';
  const message = head && o.message.startsWith(head) ? head + why + o.message.slice(head.length) : why + o.message;
  return { ...o, defect: `stub:${fn}`, message, detail: { ...o.detail, hint: `write ${fn}; until then none of its rules can be checked` } };
}

interface Expected {
  ref: RefRunResult;
  /** The transcript a correct program prints, when the test checks it. */
  transcript?: string;
  mode: 'golden' | 'reference' | 'ignore';
}

/** The expected run from a TypeScript reference, evaluated in-process; transcripts on the bundled word list from golden files. */
function fromTypeScript(r: RunningTest, plan: ReturnType<typeof planTest>, a: Assignment): Expected | Outcome {
  // A `python:` patch has no TypeScript equivalent: such a test states its expected value (checked at load).
  const pythonPatched = plan.refPatches.some((p) => p.kind === 'python');
  const mode = pythonPatched && !r.transcript ? 'ignore' : transcriptMode(r);
  let ref: RefRunResult;
  try {
    ref = pythonPatched ? stated(plan.steps) : plan.refRun();
  } catch (e) {
    return graderError(`the reference could not evaluate this test: ${(e as Error).message} (a spec problem: tell your instructor)`);
  }
  if (mode === 'golden' && !a.customWords) {
    const g = goldenPath(a, r.id);
    if (!existsSync(g)) return graderError(`golden file missing: ${g} — run \`gradekit golden ${a.id} --update\``);
    return { ref, transcript: readFileSync(g, 'utf8'), mode };
  }
  return { ref, transcript: mode !== 'ignore' ? ref.transcript : undefined, mode };
}

/** The expected run from the instructor's solution: its golden file (or a live run, see solution.ts). */
async function fromSolution(r: RunningTest, plan: ReturnType<typeof planTest>, env: PythonTestEnv): Promise<Expected | Outcome> {
  const mode = transcriptMode(r);
  try {
    const ref = needsSolution(r, mode, 'run' in r ? 'run' : 'call' in r ? 'call' : 'steps') ? await solutionExpected(env.a, r, plan, env.solution) : stated(plan.steps);
    return { ref, transcript: mode !== 'ignore' ? ref.transcript : undefined, mode };
  } catch (e) {
    if (e instanceof SolutionUnavailable) return graderError(e.message);
    throw e;
  }
}

/** No reference run: the test states its expected value (expect:) and its output is not checked. */
function stated(steps: PyStep[] | null): RefRunResult {
  return { steps: (steps ?? [null]).map(() => ({ out_start: 0, out_end: 0 })), transcript: '', inputs: [], inputExhausted: null, unread: 0, facts: [] };
}

/** Transcripts judged by meaning (the spec's default or the test's `judge:`), with the assignment's roles. */
function meaningOf(a: Assignment, t: Running, mode: 'golden' | 'reference' | 'ignore') {
  if ((t.judge ?? a.judge) !== 'meaning' || !a.roles || (pythonPatchedTest(t) && a.reference.kind !== 'solution')) return undefined;
  return { table: a.roles, wildcards: a.adapter.wildcards?.(a.spec.data.options), facts: mode !== 'ignore', ...(t.must_not_say ? { mustNotSay: t.must_not_say } : {}) };
}

const pythonPatchedTest = (t: Running) => Object.values(t.patch ?? {}).some((p) => typeof p === 'object' && 'python' in p);

function withTranscriptHint(o: Outcome, t: Running, res: RunResult): Outcome {
  // A program over its CPU limit with scripted input is often asking again and again for what it rejects.
  if (o.kind === 'time_limit_exceeded' && t.stdin && res.reason !== 'wait') o.message += '; it may be looping on input it does not accept';
  return o;
}

function programScript(a: Assignment, name: string): string {
  const prog = a.spec.data.programs[name];
  // An instructor's own runner (e.g. the course runner.py) given with --starter takes precedence.
  if (a.starterDir && prog.starter && existsSync(join(a.starterDir, prog.starter))) return join(a.starterDir, prog.starter);
  if (!prog.script) throw new Error(`program '${name}' has no script`);
  return resolveScript(a.specDir, prog.script);
}

function runRule(t: Extract<TestData, { rule: unknown }>, env: PythonTestEnv): Outcome {
  const imp = env.session.importResult;
  if (!imp?.ok) return error('the module could not be imported');
  switch (t.rule) {
    case 'allowed-imports': {
      const allowed = new Set(t.allowed ?? []);
      // The student's own modules handed in with the file are part of the submission, not a library (own-modules.ts).
      const own = (m: string) => existsSync(join(dirname(env.session.opts.file), `${m}.py`));
      const bad = imp.static_imports.filter((i) => !allowed.has(i.module) && !own(i.module));
      if (bad.length) {
        return fail(`imports ${bad.map((b) => `${b.module} (${env.file}:${b.line})`).join(', ')}; ${allowed.size ? `only ${[...allowed].join(', ')} may be imported` : 'no imports are allowed'}`, {
          hint: `remove the import on line ${bad[0].line}`,
        });
      }
      return pass();
    }
    case 'silent-import':
    case 'no-input-at-import': {
      // A file that imported only after a line was set aside or repaired (salvage.ts): charged here, once.
      const salvaged = salvageFailure(imp, env.file);
      if (salvaged) return salvaged;
      const asked = imp.skipped?.[0];
      if (asked) {
        const bound = Object.entries(asked.bound ?? {}).map(([n, v]) => `${n} = ${v}`);
        // Top-level code, or a statement of a class body outside its methods (the driver sets that line aside).
        const hint = "code that runs when the module is imported (top-level code, or a class body outside its methods) must not ask for input: move it under if __name__ == '__main__': or into a method";
        return fail(`importing ${env.file} starts the program: line ${asked.line} (${JSON.stringify(asked.source)}) asks for input while the module is imported; it was skipped so that the functions could be graded${bound.length ? ` (with the starter's ${bound.join(', ')})` : ''}`, { hint });
      }
      const out = imp.output + imp.stderr;
      if (out.length && t.rule === 'silent-import') return fail(`importing ${env.file} printed ${JSON.stringify(out.slice(0, 200))}${out.length > 200 ? '…' : ''}; importing must print nothing and run nothing`, { hint: "move top-level code under if __name__ == '__main__':" });
      return pass();
    }
    case 'compiles': {
      // A file that imported only after a line was set aside or repaired: its one defect (P2). So is one that
      // read its word list by a path of the student's own machine (it cannot run beside the handout's copy):
      // charged once, here; every other test is graded with the provided file.
      const moved = imp.ok ? imp.redirected?.[0] : undefined;
      const salvaged = salvageFailure(imp, env.file);
      if (salvaged || !moved) return salvaged ?? pass();
      return { ...fail(`${env.file} does not run as handed in: importing it opens ${JSON.stringify(moved.opened)}, which does not exist beside it; it was graded with the provided ${moved.used}`, { hint: `open the file by its name alone (open('${moved.used}')), as the starter does, and keep it beside ${env.file}` }), defect: 'import:path' };
    }
    case 'defines': {
      const have = new Set(imp.attributes ?? []);
      // A def set aside because it does not compile is written under its name: that is the import failure
      // (one defect, P2, charged once with the import test), not a name the file lacks.
      const setAside = new Set((imp.set_aside ?? []).flatMap((x) => x.names ?? []));
      const missing = (t.names ?? []).filter((n) => !have.has(n) && !setAside.has(n));
      if (missing.length) return fail(`${env.file} does not define ${missing.join(', ')}`, { hint: 'check the names against the handout' });
      const unbuilt = (t.names ?? []).filter((n) => !have.has(n) && setAside.has(n));
      if (unbuilt.length) return salvageFailure(imp, env.file)!;
      // Functions written as methods of a class: graded as they are (each test calls a fresh instance's
      // method), and the changed design charged once, here (P5).
      const adopted = (t.names ?? []).filter((n) => imp.adopted?.[n]);
      if (adopted.length) {
        const classes = [...new Set(adopted.map((n) => imp.adopted![n]!))];
        return { ...fail(`${env.file} defines ${adopted.join(', ')} only as methods of its class ${classes.join(', ')}, where the handout asks for functions; the other tests grade them as the methods of a ${classes[0]}() made with no arguments`, { hint: 'define the handout\'s functions at the top level of the module, with the handout\'s parameters' }), defect: 'signature:*:methods' };
      }
      // A function under another name, found by the handout's parameters: the changed name is charged once,
      // here (P5); the other tests grade it as written.
      const renamed = (t.names ?? []).filter((n) => imp.renamed?.[n]);
      if (renamed.length) {
        const as = renamed.map((n) => `${n} as ${imp.renamed![n]}`).join(', ');
        return { ...fail(`${env.file} defines ${as}: another name, with the handout's parameters; the other tests grade it as ${renamed.length > 1 ? 'those functions' : renamed[0]}`, { hint: `name ${renamed.length > 1 ? 'them' : 'it'} as the handout does` }), defect: 'signature:*:renamed' };
      }
      return pass();
    }
  }
}

export const _forTests = { renderCall, basename };

/** A test of what a call prints (its value not compared), failed by a call that printed nothing and returned
 *  the text the reference prints: judged again with that value printed (returned-output.ts). */
function printedOrReturned(judged: (o: Observation) => Outcome, obs: Observation, ref: RefRunResult, r: RunningTest, compare: Comparator, mode: string, steps: PyStep[] | null): Outcome {
  const outcome = judged(obs);
  if (outcome.status === 'passed' || compare !== 'none' || mode === 'ignore' || !('call' in r)) return outcome;
  const instead = printedInstead(obs, ref);
  const last = steps?.at(-1);
  if (!instead || last?.expr.k !== 'call') return outcome;
  return returnedOutput(last.expr.callee.join('.'), last.source, instead.value, judged(instead.obs), outcome);
}
