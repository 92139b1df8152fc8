// A solution reference (`reference: {solution: solution.py}`): the instructor's own program, in the
// students' language, is the reference. It runs in the same sandboxed driver as a student's, with the
// same request (steps, scripted input, seed, patches, word list), and what it returns and prints is kept
// as one golden file per test (fixtures/golden/<test>.json, written by `gradekit golden --update`), so
// an export or a student's self-check grades without the solution. The golden file records the request
// it answers (a fingerprint), so a test changed since then is reported, never graded against old values.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import pLimit from 'p-limit';
import { programScripts, type Assignment } from '../assignment/load.js';
import { fromWire, pyEquals, repr, toWire, type PyValue, type WireValue } from '../model/pyvalue.js';
import type { ImportResult, Observation, ReferenceCall, ReferenceReply, RunRequest, RunResult, WireArg } from '../run/python/protocol.js';
import { PythonSession } from '../run/python/session.js';
import { sharedSandbox } from '../run/sandbox/index.js';
import { literalValue, parseExpr, type PyStep } from '../spec/pyexpr.js';
import type { InputRecord } from '../turns/turn.js';
import type { RefRunResult, RefStepResult } from './reference-run.js';
import { namesToWire, testWords } from './word-lists.js';
import { lookUp, PerWordTables, type Table } from './per-word-tables.js';
import { prepareWorkspace, wordListAliases, type Workspace } from './workspace.js';

/** The expected values of a test cannot be had: the message says why and what to do. */
export class SolutionUnavailable extends Error {}

export interface GoldenStep {
  /** The value returned, as a Python literal (what a reviewer reads). */
  value?: string;
  /** A value that is not a Python literal (an object), as the driver encodes it. */
  wire?: WireValue;
  raised?: { type: string; message: string };
  input_exhausted?: string;
  /** [start, end) of the step's output in the transcript. */
  out: [number, number];
}

/** One test's golden file for a solution reference. */
export interface SolutionGolden {
  test: string;
  /** How it was made and how to remake it. */
  note: string;
  /** The test as it was run, for a reviewer: its call, steps or program, and its scripted input. */
  ran: { call?: string[]; run?: string; stdin?: string[] | null; seed: number | string | null };
  /** sha256 of the request (steps, program, input, patches, word list): a change makes the file stale. */
  fingerprint: string;
  steps: GoldenStep[];
  /** The transcript, one line per item (joined with "\n"). */
  transcript: string[];
  /** Each input read: the prompt it answered and where in the transcript it was typed (the turn boundaries). */
  inputs: InputRecord[];
  input_exhausted: string | null;
  unread: number;
}

/** What a test sends the driver, with what it needs to be fingerprinted and read back. */
export interface PlannedRequest {
  req: Omit<RunRequest, 'op'>;
  /** The test's parsed steps (null for a whole program). */
  steps: PyStep[] | null;
  /** The seed the run uses (the test's own, else the grading seed). */
  seed: number | string | undefined;
}

export function solutionGoldenPath(a: Assignment, id: string): string {
  return join(a.fixturesDir, 'golden', `${id}.json`);
}

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

/** The request without what only shapes the observation (limits, traces): what the answer depends on. */
export function fingerprint(a: Assignment, t: { words?: string }, req: PlannedRequest['req']): string {
  const list = t.words !== undefined ? a.wordLists[t.words]?.file : a.wordsFile;
  const program = req.program?.kind === 'script' ? { kind: 'script', script: basename(req.program.path), argv: req.program.argv ?? [] } : req.program;
  return sha(JSON.stringify({
    steps: req.steps?.map((s) => ({ callee: s.callee, args: s.args, bind: s.bind ?? null })) ?? null,
    program: program ?? null,
    stdin: req.stdin ?? null,
    echo: req.echo ?? true,
    patches: forSolution(req).patches ?? [],
    cwd: req.cwd ?? null,
    words: list && existsSync(list) ? sha(readFileSync(list)) : null,
  }));
}

/** A value as a Python literal when it reads back the same, else in the driver's encoding. */
function storeValue(w: WireValue): Pick<GoldenStep, 'value' | 'wire'> {
  const v = fromWire(w);
  try {
    const back = literalValue(parseExpr(repr(v)));
    if (back && back.t === v.t && pyEquals(back, v) && JSON.stringify(toWire(back)) === JSON.stringify(w)) return { value: repr(v) };
  } catch {
    /* not a literal */
  }
  return { wire: w };
}

export function goldenOf(a: Assignment, t: { id: string; call?: string; steps?: unknown[]; run?: string; words?: string }, plan: PlannedRequest, obs: Observation): SolutionGolden {
  const specRel = relative(a.specDir, a.spec.file) || basename(a.spec.file);
  const sol = a.reference.kind === 'solution' ? basename(a.reference.file) : 'the solution';
  return {
    test: t.id,
    note: `what ${sol} returned and printed for this test; written by \`gradekit golden ${specRel} --update\`: review a change before committing it`,
    ran: {
      ...(plan.steps ? { call: plan.steps.map((s) => s.source) } : { run: t.run }),
      stdin: plan.req.stdin ?? null,
      seed: plan.seed ?? null,
    },
    fingerprint: fingerprint(a, t, plan.req),
    steps: obs.steps.map((s) => ({
      ...(s.value !== undefined && !s.error ? storeValue(s.value) : {}),
      ...(s.error ? { raised: { type: s.error.type, message: s.error.message } } : {}),
      ...(s.input_exhausted !== undefined ? { input_exhausted: s.input_exhausted } : {}),
      out: [s.out_start, s.out_end ?? s.out_start],
    })),
    transcript: obs.transcript.split('\n'),
    inputs: obs.inputs.map((i) => ({ prompt: i.prompt, line: i.line, at: i.at })),
    input_exhausted: obs.input_exhausted,
    unread: obs.unread,
  };
}

/** What in a solution's run is not an answer but a failure of the solution (reported by gradekit golden). */
export function solutionProblem(res: RunResult, steps: PyStep[] | null): string | null {
  if (res.status !== 'ok' || !res.obs) return `the solution's run ended with ${res.status}${res.status === 'timeout' ? ' (raise the test\'s timeout:?)' : ''}`;
  if (res.obs.driver_error) return `driver problem: ${res.obs.driver_error}`;
  for (const [i, s] of res.obs.steps.entries()) {
    const label = steps?.[i]?.source ?? 'the program';
    if (s.missing) return `the solution does not define ${s.missing} (needed by ${label})`;
    if (s.error && cannotCall(s.error)) return `${label} is a call the solution cannot take: ${s.error.type}: ${s.error.message}; fix the test's call (every student would be expected to raise this too)`;
    if (s.output_limit) return `${label} printed more than ${s.output_limit} characters`;
    if (s.input_exhausted !== undefined) return `${label} asked for more input than the test scripts, at ${JSON.stringify(s.input_exhausted)}: add lines to its stdin`;
  }
  return null;
}

/** An exception raised by the call itself, before any line of the solution ran (no frame of the solution
 *  in its traceback): the step's arguments do not fit the function (a wrong count, an unknown keyword), or
 *  what it calls is no function or method of the solution. Recorded, it would be every student's expected
 *  answer; it is the test's mistake. */
function cannotCall(e: { type: string; message: string; line: number | null }): boolean {
  if (e.line !== null) return false;
  if (e.type === 'TypeError') return /argument|not callable/.test(e.message);
  return (e.type === 'AttributeError' && /has no attribute/.test(e.message)) || e.type === 'NameError';
}

/** An exception the solution raised in a step of a run it finished: recorded as every student's expected
 *  answer, so gradekit golden points it out ("if the test means a value, fix the call"). */
export function solutionRaised(obs: Observation, steps: PyStep[] | null, file: string): string | null {
  const i = obs.steps.findIndex((s) => s.error);
  if (i < 0) return null;
  const e = obs.steps[i]!.error!;
  const where = e.line !== null ? ` (${relative(process.cwd(), file) || file}:${e.line})` : '';
  return `the solution raised ${e.type}: ${e.message.slice(0, 200)}${where} on ${steps?.[i]?.source ?? 'the program'}; students must raise it too — if the test means a value, fix the call`;
}

/** A golden file as text: one line per transcript line, input and step, so a change reads as a small diff. */
export function renderGolden(g: SolutionGolden): string {
  const j = (v: unknown) => JSON.stringify(v);
  const list = (xs: unknown[]) => (xs.length ? `[\n${xs.map((x) => `    ${j(x)}`).join(',\n')}\n  ]` : '[]');
  return [
    '{',
    `  "test": ${j(g.test)},`,
    `  "note": ${j(g.note)},`,
    `  "ran": ${j(g.ran)},`,
    `  "fingerprint": ${j(g.fingerprint)},`,
    `  "steps": ${list(g.steps)},`,
    `  "transcript": ${list(g.transcript)},`,
    `  "inputs": ${list(g.inputs)},`,
    `  "input_exhausted": ${j(g.input_exhausted)},`,
    `  "unread": ${j(g.unread)}`,
    '}',
    '',
  ].join('\n');
}

/** The arguments of each step, for messages ("it was … and is now …"): literals, or the value a name was bound to. */
function argsOf(steps: PyStep[] | null, values: (PyValue | undefined)[]): (PyValue[] | undefined)[] {
  if (!steps) return [undefined];
  const bound = new Map<string, PyValue>();
  return steps.map((st, i) => {
    const e = st.expr;
    const args = e.k === 'call'
      ? e.args.map((x) => literalValue(x) ?? (x.k === 'name' ? bound.get(x.name) : undefined) ?? ({ t: 'obj', type: 'expression', repr: '<an argument>' } as PyValue))
      : undefined;
    const v = values[i];
    if (st.bind && v) bound.set(st.bind, v);
    return args;
  });
}

export function refFromGolden(g: SolutionGolden, steps: PyStep[] | null): RefRunResult {
  const values = g.steps.map((s) => (s.value !== undefined ? literalValue(parseExpr(s.value)) : s.wire !== undefined ? fromWire(s.wire) : undefined));
  const args = argsOf(steps, values);
  return {
    steps: g.steps.map((s, i): RefStepResult => ({
      ...(values[i] ? { value: values[i] } : {}),
      ...(s.raised ? { raised: s.raised } : {}),
      ...(s.input_exhausted !== undefined ? { inputExhausted: s.input_exhausted } : {}),
      out_start: s.out[0],
      out_end: s.out[1],
      ...(args[i] ? { args: args[i] } : {}),
    })),
    transcript: g.transcript.join('\n'),
    inputs: g.inputs,
    inputExhausted: g.input_exhausted,
    unread: g.unread,
    facts: [],
    factsFrom: 'transcript',
  };
}

export function readGolden(file: string): SolutionGolden {
  try {
    const g = JSON.parse(readFileSync(file, 'utf8')) as SolutionGolden;
    if (!Array.isArray(g.steps) || !Array.isArray(g.transcript) || !Array.isArray(g.inputs) || typeof g.fingerprint !== 'string') throw new Error('not a golden file of a solution reference');
    return g;
  } catch (e) {
    throw new SolutionUnavailable(`cannot read the golden file ${file}: ${(e as Error).message}; remake it with \`gradekit golden … --update\``);
  }
}

/** The solution, imported once in its own sandboxed driver, answering the same requests students get. */
export class SolutionRunner {
  private session?: PythonSession;
  private ws?: Workspace;
  private started?: Promise<void>;
  private readonly one = pLimit(1);

  constructor(readonly a: Assignment, readonly wrap?: (argv: string[]) => string[]) {
    this.tables = new PerWordTables(a);
  }

  private start(): Promise<void> {
    return (this.started ??= (async () => {
      const src = this.a.reference;
      if (src.kind !== 'solution' || !src.present) throw new SolutionUnavailable('the solution is not here');
      this.ws = prepareWorkspace(this.a, src.file);
      const file = this.ws.file;
      const module = this.a.spec.data.submission.module ?? basename(file).replace(/\.py$/, '');
      this.session = new PythonSession({
        file, module, cwd: this.ws.dir, names: namesToWire(this.a.names), aliases: wordListAliases(this.a, this.ws),
        wrap: this.wrap ?? sharedSandbox(programScripts(this.a)).wrap, outputCap: this.a.spec.data.defaults.output_cap,
      });
      const imp = await this.session.start();
      const problem = importProblem(src.file, imp);
      if (problem) throw new SolutionUnavailable(problem);
    })());
  }

  run(req: Omit<RunRequest, 'op'>): Promise<RunResult> {
    return this.one(async () => {
      await this.start();
      return this.session!.run({ ...req, id: `solution-${req.id}` });
    });
  }

  /** Answers made once: the same call with the same input left is answered from here (every submission of
   *  a batch makes the same calls of a swapped helper for the same words). */
  private readonly answers = new Map<string, Promise<ReferenceReply>>();
  private readonly tables: PerWordTables;

  /** A student's call of a function patched with the reference (`patch: reference`, or a `helpers:` re-run):
   *  the solution's own function runs in the solution's process on the same arguments and the input the
   *  test has left, and only what it returned, printed and read goes back to the student's process. The
   *  solution's code never enters that process. */
  async call(req: Omit<RunRequest, 'op'>, call: ReferenceCall): Promise<ReferenceReply> {
    const stdin = req.stdin ? req.stdin.slice(call.stdin_pos) : null;
    const ask = (args: WireArg[][], timeout = req.timeout_ms): Omit<RunRequest, 'op'> => ({
      id: `${req.id}-${call.name}`, timeout_ms: timeout, cpu_s: Math.ceil(timeout / 1000) + 1, memory_mb: req.memory_mb, output_cap: req.output_cap,
      ...(req.cwd ? { cwd: req.cwd, names: req.names } : {}),
      steps: args.map((x) => ({ callee: [call.name], args: x })), stdin, echo: req.echo ?? true, seed: req.seed ?? null,
    });
    const keyOf = (args: unknown[]) => JSON.stringify([call.name, args, stdin, req.echo ?? true, req.seed ?? null, req.cwd ?? null]);
    const key = keyOf(call.args);
    const known = this.answers.get(key);
    if (known) return known;
    // A function called once per word of the list: answered for every word at once (per-word-tables.ts).
    const table = await this.tables.tableFor(req.id, call, keyOf([]), req.cwd, async (argsList) => {
      const res = await this.run(ask(argsList as WireArg[][], req.timeout_ms + argsList.length));
      const steps = res.status === 'ok' && !res.limit ? res.obs?.steps : undefined;
      // Pure only: a function that printed or read anything is answered call by call, with what it did.
      if (!steps || steps.length !== argsList.length || res.obs!.transcript || res.obs!.inputs.length) return undefined;
      if (steps.some((st) => st.error || st.missing || st.input_exhausted !== undefined || st.value === undefined)) return undefined;
      return argsList.map((args, i) => [args, steps[i]!.value!] as Table[number]);
    });
    const value = table && lookUp(table, call.args);
    if (table && value !== undefined) return { value, table };
    // Each call is one run of the solution's process (a few ms): fit for a helper called a few times a turn,
    // not for one called once per word of the list (a course spec swaps the function that lists the words,
    // not the helper it calls for every word).
    const answer = this.run(ask([call.args as WireArg[]])).then(replyOf(call.name));
    this.answers.set(key, answer);
    return answer;
  }

  async close(): Promise<void> {
    await this.session?.close();
    this.ws?.cleanup();
  }
}

/** Why the solution does not import as written, at its file:line, or null. A student's file that does not
 *  parse (or a line that raises while it is imported) is salvaged, that line set aside; the solution is the
 *  reference, so a line of it set aside would only show up later as functions it "does not define". */
function importProblem(file: string, imp: ImportResult): string | null {
  const at = (line: number | null | undefined) => `${relative(process.cwd(), file) || file}${line ? `:${line}` : ''}`;
  const fix = `fix that line of ${basename(file)}, then run the command again`;
  if (!imp.ok) return `${at(imp.error?.line)}: the solution does not import: ${imp.error?.type}: ${imp.error?.message}\n  hint: ${fix}`;
  const aside = imp.set_aside?.[0];
  if (!aside) return null;
  const more = imp.set_aside!.length > 1 ? ` (and ${imp.set_aside!.length - 1} more line(s))` : '';
  return `${at(aside.line)}: the solution does not import as written: ${aside.error}${aside.names?.length ? `, so it does not define ${aside.names.join(', ')}` : ''}${more}\n  hint: ${fix}`;
}

/** What a solution's run of one call returns to the student's process (see SolutionRunner.call). */
function replyOf(name: string): (res: RunResult) => ReferenceReply {
  return (res) => {
    const st = res.status === 'ok' && !res.limit ? res.obs?.steps[0] : undefined;
    if (!res.obs || !st) return { raise: { type: 'RuntimeError', message: `gradekit: the course's solution could not answer ${name}() here (its run ended with ${res.limit ?? res.status})` } };
    const reply: ReferenceReply = { output: res.obs.transcript, inputs: res.obs.inputs.map((i) => ({ prompt: i.prompt, line: i.line, at: i.at })) };
    if (st.input_exhausted !== undefined) reply.exhausted = st.input_exhausted;
    else if (st.error) reply.raise = { type: st.error.type, message: st.error.message };
    else if (st.missing) reply.raise = { type: 'NameError', message: `the course's solution does not define ${st.missing}` };
    else {
      reply.value = st.value;
      if (!reply.output && !reply.inputs?.length) reply.pure = true;
    }
    return reply;
  };
}

/** The student's calls of functions patched with the reference, answered by the solution's process. Without
 *  the solution (an export, a self-check) such a test cannot run: `undefined`, and the caller says so. */
export function solutionCaller(req: Omit<RunRequest, 'op'>, runner: SolutionRunner | undefined, a: Assignment): ((call: ReferenceCall) => Promise<ReferenceReply>) | undefined {
  if (a.reference.kind !== 'solution' || !a.reference.present || !runner) return undefined;
  return (call) => runner.call(req, call);
}

/** A request as the solution runs it: a function patched with the reference is the solution's own there. */
export function forSolution<R extends { patches?: RunRequest['patches'] }>(req: R): R {
  return req.patches?.some((p) => p.kind === 'reference') ? { ...req, patches: req.patches.filter((p) => p.kind !== 'reference') } : req;
}

/** The solution's run of a test: its golden file, or (with --words, or a seed other than the one the file
 *  was made with) a live run of the solution when it is here. Throws SolutionUnavailable otherwise. */
export async function solutionExpected(a: Assignment, t: { id: string; words?: string }, plan: PlannedRequest, runner?: SolutionRunner): Promise<RefRunResult> {
  const src = a.reference;
  if (src.kind !== 'solution') throw new Error('not a solution reference');
  const specRel = relative(process.cwd(), a.spec.file) || a.spec.file;
  const live = async (why: string): Promise<RefRunResult> => {
    // Students read these messages (a self-check, a Gradescope run): the solution's file name is not theirs to see.
    if (!src.present || !runner) throw new SolutionUnavailable(`${why}: this test's expected values come from the instructor's solution, which is not here`);
    const res = await runner.run(forSolution(plan.req));
    const problem = solutionProblem(res, plan.steps);
    if (problem) throw new SolutionUnavailable(`the instructor's solution failed this test: ${problem}`);
    return refFromGolden(goldenOf(a, { ...t }, plan, res.obs!), plan.steps);
  };
  if (a.customWords) return live('graded with --words');
  const file = solutionGoldenPath(a, t.id);
  if (!existsSync(file)) {
    throw new SolutionUnavailable(`no golden file for this test (${relative(process.cwd(), file) || file}): its expected value comes from running the instructor's solution; run \`gradekit golden ${specRel} --update\` where the solution is`);
  }
  const g = readGolden(file);
  if (g.fingerprint !== fingerprint(a, t, plan.req)) {
    throw new SolutionUnavailable(`the golden file ${relative(process.cwd(), file) || file} was made for another version of this test (its call, input, patches or word list changed since): run \`gradekit golden ${specRel} --update\` and review the change`);
  }
  if ((g.ran.seed ?? null) !== (plan.seed ?? null)) return live(`graded with seed ${plan.seed ?? 'none'} where the golden file has ${g.ran.seed ?? 'none'}`);
  return refFromGolden(g, plan.steps);
}

/** The tests whose expected values come from the solution: call, steps and program tests, except a call
 *  that states its value (expect:) and whose output is not checked. */
export function needsSolution(t: { expect?: string; stdin?: unknown; transcript?: string }, mode: 'golden' | 'reference' | 'ignore', kind: 'call' | 'steps' | 'run'): boolean {
  return !(kind === 'call' && t.expect !== undefined && mode === 'ignore' && t.stdin === undefined);
}
