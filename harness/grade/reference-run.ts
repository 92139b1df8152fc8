// Evaluating a test's steps against the reference adapter, in-process, exactly as the driver does
// against the student: same names, same patches, same scripted input with echo.
import { PyRandom } from '../../reference/pyrandom.js';
import { InputExhausted, RefRaise, type ReferenceAdapter, type RefContext, type RefIO, type RefObject } from '../model/reference.js';
import { fromWire, pyEquals, py, toWire, type PyValue } from '../model/pyvalue.js';
import { INPUT_CALL, type ReferenceCall, type ReferenceReply } from '../run/python/protocol.js';
import type { PyExpr, PyStep } from '../spec/pyexpr.js';
import type { Fact } from '../turns/facts.js';
import type { InputRecord } from '../turns/turn.js';
import { Answerer, type AnswerPlan } from '../turns/answers.js';
import type { RoleTable } from '../turns/roles.js';
import { checkWireValue } from '../model/wire-bounds.js';

export type EnvValue = PyValue | RefObject;
const isObject = (v: EnvValue): v is RefObject => 'methods' in v;

export interface ScriptedPatch {
  name: string;
  kind: 'sequence' | 'replace_key' | 'constant' | 'python' | 'reference';
  values?: PyExpr[];
  value?: PyExpr;
}

export interface RefStepResult {
  value?: PyValue;
  raised?: { type: string; message: string };
  inputExhausted?: string;
  out_start: number;
  out_end: number;
  args?: PyValue[];
}

export interface RefRunResult {
  steps: RefStepResult[];
  transcript: string;
  inputs: InputRecord[];
  inputExhausted: string | null;
  unread: number;
  /** What the reference stated it printed, by turn (the number of inputs read before it). */
  facts: { turn: number; fact: Fact }[];
  /** 'transcript': a solution's run, which states nothing; its facts are read from its transcript. */
  factsFrom?: 'transcript';
  /** The module functions the run called through its context, in order (a test's `new_calls` counts them). */
  calls?: FunctionCall[];
}

/** One call of a module function: by the reference's own code, or by the student's of a function patched
 *  with the reference's (referenceCaller), with what it returned (unset while it runs, or when it raised). */
export interface FunctionCall { name: string; args: PyValue[]; result?: PyValue }

/** Console that records output and echoes scripted input after its prompt, as a terminal shows it,
 *  and keeps the role of every question and the facts of every line the reference states. */
export class RecordingIO implements RefIO {
  out = '';
  pos = 0;
  inputs: InputRecord[] = [];
  facts: { turn: number; fact: Fact }[] = [];
  exhaustedAt: string | null = null;
  /** A reference call made by student code runs under these (referenceCaller): it stops, with CallBudget,
   *  once it has printed `chars` characters or used the grader's CPU past `deadline` (cpuMs() time: CPU, not
   *  wall time, so a busy machine changes no verdict). */
  limits?: { chars: number; deadline: number };
  /** answerer: questions are answered by role (a test's `answers:`) instead of from `lines`. */
  constructor(readonly lines: readonly string[] | null, readonly echo = true, readonly answerer?: Answerer) {}
  write(text: string, facts?: Fact[]): void {
    this.out += text;
    if (this.limits) this.check(this.limits);
    for (const fact of facts ?? []) this.facts.push({ turn: this.inputs.length, fact });
  }
  private check(l: { chars: number; deadline: number }): void {
    if (this.out.length > l.chars) throw new CallBudget(`printed more than ${l.chars.toLocaleString('en-US')} characters`);
    if (cpuMs() > l.deadline) throw new CallBudget('used up the time the grader gives one test\'s reference calls');
  }
  input(prompt: string, role?: string): string {
    const since = this.inputs.length ? this.inputs[this.inputs.length - 1]!.at : 0;
    this.out += prompt;
    if (this.limits) this.check(this.limits);
    const shown = this.out.slice(this.out.lastIndexOf('\n') + 1);
    const next = this.answerer
      ? this.answerer.forRole(role ?? this.answerer.roleOf(prompt, this.out.slice(since, this.out.length - prompt.length)))
      : this.lines && this.pos < this.lines.length ? this.lines[this.pos] : null;
    if (next === null || next === undefined) {
      this.exhaustedAt ??= shown;
      throw new InputExhausted(shown);
    }
    this.pos++;
    const line = next;
    this.inputs.push({ prompt: shown, line, at: this.out.length, ...(role ? { role } : {}) });
    if (this.echo) this.out += line + '\n';
    return line;
  }
}

export interface RefRunOptions {
  adapter: ReferenceAdapter;
  words: readonly string[];
  options: Record<string, unknown>;
  names: Record<string, PyValue>;
  stdin: readonly string[] | null;
  patches: ScriptedPatch[];
  seed?: number | string;
  /** false when the program echoes input itself. */
  echo?: boolean;
  /** Questions answered by role (a test's `answers:`), read with this table; `stdin` is then unused. */
  answers?: AnswerPlan;
  table?: RoleTable;
  /** The student's side of a test answered by role: one answerer for the program and the reference
   *  functions it calls (referenceCaller), made by the caller so it can read what was asked. */
  answerer?: Answerer;
  /** Where the context records the module functions called through it. */
  calls?: FunctionCall[];
  /** referenceCaller: the student's calls of these functions, by their 0-based place among the calls of
   *  each that draw from the random generator, are answered with a generator of another seed (unused-draws.ts). */
  spare?: Record<string, number[]>;
}

/** How many answers a test by role gives in all: a program that keeps asking is stopped there. */
export const ANSWER_CAP = 300;

/** The console of one run: scripted lines, or answers by role from a fresh copy of the plan. */
export function consoleFor(o: RefRunOptions): RecordingIO {
  return new RecordingIO(o.answers ? null : o.stdin, o.echo ?? true, o.answers ? new Answerer(o.answers, o.table, ANSWER_CAP) : undefined);
}

/** A context, and how many times its functions have reached for the random generator (a call that did
 *  draws from it: referenceCaller tells such calls apart, unused-draws.ts re-runs them). */
export type CountingContext = RefContext & { readonly draws: number };

export function makeContext(o: RefRunOptions, io: RefIO, env: Map<string, EnvValue>): CountingContext {
  // A number seeds its generator the same whenever it is made: made on first use, since most contexts
  // (a property test makes several per case) draw nothing. Any other seed may raise, as Python's does
  // at random.seed(): made now.
  const seed = o.seed ?? 0;
  let rng = typeof seed === 'number' ? undefined : new PyRandom(seed);
  const constants: Record<string, PyValue> = {};
  const patchFns = new Map<string, (args: PyValue[]) => PyValue>();
  let draws = 0;
  const ctx: CountingContext = {
    io,
    words: o.words,
    get rng() {
      draws++;
      return (rng ??= new PyRandom(seed));
    },
    get draws() {
      return draws;
    },
    options: { ...o.options, constants },
    call(name, args) {
      const made: FunctionCall = { name, args };
      o.calls?.push(made);
      const p = patchFns.get(name);
      const f = p ? undefined : o.adapter.functions[name];
      if (!p && !f) throw new Error(`reference '${o.adapter.id}' has no function ${name}`);
      made.result = p ? p(args) : f!(args, ctx);
      return made.result;
    },
  };
  for (const p of o.patches) {
    if (p.kind === 'constant') constants[p.name] = evalExpr(p.value!, env, ctx, o);
    else if (p.kind === 'sequence') {
      const values = p.values!.map((e) => evalExpr(e, env, ctx, o));
      let i = 0;
      patchFns.set(p.name, () => {
        // As in the driver: calls beyond the script get the last value again.
        return structuredClone(values[Math.min(i++, values.length - 1)]);
      });
    } else if (p.kind === 'replace_key') {
      const newKey = evalExpr(p.value!, env, ctx, o);
      patchFns.set(p.name, ([d, key]) => replaceKey(d, key, newKey));
    } else if (p.kind !== 'reference') throw new Error(`patch kind '${p.kind}' for ${p.name} has no reference equivalent; give the test an explicit expect:`);
    // 'reference': the student's code calls the reference's own function, which the reference uses anyway.
  }
  return ctx;
}

/** The MIT grader's substitute_hand mock: every copy of `key` becomes `newKey`, counts merged. */
function replaceKey(d: PyValue, key: PyValue, newKey: PyValue): PyValue {
  if (d.t !== 'dict') return d;
  const out: [PyValue, PyValue][] = [];
  for (const [k, v] of d.v) {
    const k2 = pyEquals(k, key) ? newKey : k;
    const hit = out.find(([x]) => pyEquals(x, k2));
    if (hit && hit[1].t === 'int' && v.t === 'int') hit[1] = py.int(hit[1].v + v.v);
    else out.push([k2, v]);
  }
  return py.dict(out);
}

export function evalExpr(e: PyExpr, env: Map<string, EnvValue>, ctx: RefContext, o: RefRunOptions): PyValue {
  switch (e.k) {
    case 'lit': return e.v;
    case 'name': {
      const v = env.get(e.name) ?? o.names[e.name];
      if (v === undefined) throw new Error(`name '${e.name}' is not defined`);
      if (isObject(v)) throw new Error(`'${e.name}' is an object and cannot be passed as a value`);
      return v;
    }
    case 'list': case 'tuple': case 'set': return { t: e.k, v: e.items.map((x) => evalExpr(x, env, ctx, o)) };
    case 'dict': return py.dict(e.entries.map(([k, v]) => [evalExpr(k, env, ctx, o), evalExpr(v, env, ctx, o)] as [PyValue, PyValue]));
    case 'call': {
      const r = callRef(e.callee, e.args.map((a) => evalExpr(a, env, ctx, o)), env, ctx, o);
      if (isObject(r)) throw new Error(`${e.callee.join('.')}(...) makes an object; bind it with "name = ..." first`);
      return r;
    }
  }
}

function callRef(callee: string[], args: PyValue[], env: Map<string, EnvValue>, ctx: RefContext, o: RefRunOptions): EnvValue {
  if (callee.length === 1) {
    const [name] = callee;
    const cls = o.adapter.classes?.[name];
    if (cls) return cls(args, ctx);
    return ctx.call(name, args);
  }
  const target = env.get(callee[0]);
  if (!target || !isObject(target)) throw new Error(`'${callee[0]}' is not an object made earlier in this test`);
  const m = target.methods[callee[1]];
  if (!m) throw new Error(`the reference ${target.type} has no method ${callee[1]}`);
  return m(args, ctx);
}

/** A reference function called by student code runs on the grader's own thread, which grades every
 *  submission of a batch, with arguments the student's code chose: bounded, so that no call can hold that
 *  thread (a play_hand given a hand of five million letters took ~45 s of it per call). Each bound is far
 *  above what a correct program sends: the bundled specs patch only the word game's helpers and play_hand,
 *  whose calls carry a hand of HAND_SIZE (7; the bundled tests use at most a few dozen) letters, a word of a
 *  few letters, n = HAND_SIZE, and the word list by name (or, read again by the student, ~84,000 words,
 *  within VALUE_BOUNDS). A course whose reference is its own solution (the example in examples/) runs it in
 *  a sandboxed driver, not here. */
export const REFERENCE_CALL_BOUNDS = {
  /** The ints of one call's arguments added up (a hand's letters, deal_hand's n): a reference play_hand that
   *  shows a hand this size on every turn still answers in milliseconds. */
  magnitude: 100_000,
  /** The grader's time for all of one test's reference calls together (a whole game's take a few ms). */
  budgetMs: 2_000,
  /** Characters one call may print (a student's own output cap stops the test long before, in every bundled spec). */
  outputChars: 4 << 20,
};

/** The grader process's CPU time, in ms: what reference calls are budgeted in. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A reference call that hit REFERENCE_CALL_BOUNDS while it ran. */
class CallBudget extends Error {}

/** Why a call's arguments are refused (over a bound), or undefined. Linear in their size. */
function refusedArgs(args: unknown[]): string | undefined {
  let sum = 0;
  for (const a of args) {
    if (a !== null && typeof a === 'object' && 'n' in a) continue; // a value the session holds by name
    const p = checkWireValue(a);
    if (p) return p.kind === 'oversize' ? `was passed ${p.what}` : `was passed ${p.what}, which no Python program sends`;
  }
  const stack: unknown[] = args.slice();
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    const i = (v as { i?: unknown }).i;
    if (typeof i === 'string') {
      sum += Math.abs(Number(i));
      if (!(sum <= REFERENCE_CALL_BOUNDS.magnitude)) {
        return `was passed numbers adding up to more than ${REFERENCE_CALL_BOUNDS.magnitude.toLocaleString('en-US')} (a hand of that many letters?), more than the grader evaluates`;
      }
    } else for (const x of Object.values(v)) stack.push(x);
  }
  return undefined;
}

export type ReferenceCaller = ((call: ReferenceCall) => ReferenceReply) & {
  /** How many of the student's calls of each function drew from the random generator. */
  readonly randomCalls: Record<string, number>;
};

/** Answers a test's calls of functions patched with the reference: one context per test (its scripted
 *  patches keep their place across calls), fresh console per call over the script's unread lines. Every
 *  call is bounded (REFERENCE_CALL_BOUNDS): one over a bound raises in the student's process, naming it. */
export function referenceCaller(o: RefRunOptions): ReferenceCaller {
  let io = new RecordingIO(null);
  const console: RefIO = { input: (p, r) => io.input(p, r), write: (t, f) => io.write(t, f) };
  const ctx = makeContext(o, console, new Map());
  // A call set aside as unused is answered from a generator of its own, so the test's own stream goes on
  // as if it had not been made.
  let spareCtx: CountingContext | undefined;
  const randomCalls: Record<string, number> = {};
  // Answers by role: one plan for the whole test, shared by the program's own questions (`__input__`)
  // and those of the reference functions it calls, as one person at the keyboard would answer them.
  const answerer = o.answerer ?? (o.answers ? new Answerer(o.answers, o.table, ANSWER_CAP) : undefined);
  let spent = 0;
  const b = REFERENCE_CALL_BOUNDS;
  const answer = (call: ReferenceCall): ReferenceReply => {
    if (call.name === INPUT_CALL) {
      // The prompt and the text above it, as strings (the driver keeps the last 4 KiB of the text).
      const [prompt, before] = call.args.map((x) => (typeof x === 'string' ? x.slice(-4096) : ''));
      const line = answerer?.answer(prompt ?? '', before ?? '') ?? null;
      return line === null ? { exhausted: prompt ?? '' } : { value: line };
    }
    const refused = refusedArgs(call.args);
    if (refused) return { raise: { type: 'ValueError', message: `gradekit: this test runs the reference's ${call.name}(), and this call ${refused}` } };
    if (spent >= b.budgetMs) {
      return { raise: { type: 'RuntimeError', message: `gradekit: this test's calls of the reference functions used up the ${b.budgetMs / 1000} s the grader gives them` } };
    }
    const t0 = cpuMs();
    io = answerer ? new RecordingIO(null, o.echo ?? true, answerer) : new RecordingIO(o.stdin ? o.stdin.slice(call.stdin_pos) : null, o.echo ?? true);
    io.limits = { chars: b.outputChars, deadline: t0 + b.budgetMs - spent };
    const reply: ReferenceReply = {};
    try {
      const args = call.args.map((a) => {
        if (a !== null && typeof a === 'object' && 'n' in a) {
          const v = o.names[(a as { n: string }).n];
          if (!v) throw new RefRaise('NameError', `name ${JSON.stringify((a as { n: string }).n)} is not defined`);
          return v;
        }
        return fromWire(a);
      });
      const k = randomCalls[call.name] ?? 0;
      const spare = o.spare?.[call.name]?.includes(k);
      const use = spare ? (spareCtx ??= makeContext({ ...o, calls: undefined, seed: `${o.seed ?? 0}:spare` }, console, new Map())) : ctx;
      const before = use.draws;
      const value = use.call(call.name, args);
      if (use.draws > before) randomCalls[call.name] = k + 1;
      reply.value = toWire(value);
    } catch (e) {
      if (e instanceof InputExhausted) reply.exhausted = e.prompt;
      else if (e instanceof RefRaise) reply.raise = { type: e.pyType, message: e.message };
      else if (e instanceof CallBudget) reply.raise = { type: 'RuntimeError', message: `gradekit: the reference's ${call.name}() ${e.message} (the grader's bound on one test's reference calls)` };
      else throw e;
    } finally {
      spent += cpuMs() - t0;
    }
    reply.output = io.out.slice(0, b.outputChars);
    reply.inputs = io.inputs.map((i) => ({ prompt: i.prompt, line: i.line, at: i.at }));
    return reply;
  };
  return Object.assign(answer, { randomCalls });
}

/** Runs steps (or a program) on the reference. Reference exceptions become `raised` (a test may expect one). */
export function runReference(steps: PyStep[] | { program: string }, opts: RefRunOptions): RefRunResult {
  const calls: FunctionCall[] = [];
  const o = { ...opts, calls };
  const io = consoleFor(o);
  const env = new Map<string, EnvValue>();
  const ctx = makeContext(o, io, env);
  const results: RefStepResult[] = [];
  const list = Array.isArray(steps) ? steps : [null];
  for (const step of list) {
    const r: RefStepResult = { out_start: io.out.length, out_end: 0 };
    try {
      if (step === null) {
        const prog = o.adapter.programs?.[(steps as { program: string }).program];
        if (!prog) throw new Error(`reference '${o.adapter.id}' has no program '${(steps as { program: string }).program}'`);
        prog(ctx);
      } else {
        const e = step.expr;
        if (e.k !== 'call') {
          r.value = evalExpr(e, env, ctx, o);
          if (step.bind) env.set(step.bind, r.value); // `xs = [3, 1, 2]`, used by later steps
        }
        else {
          const args = e.args.map((a) => evalExpr(a, env, ctx, o));
          r.args = args; // set before the call: validators need them even when it raises (reference code never mutates)
          const v = callRef(e.callee, args, env, ctx, o);
          if (step.bind) env.set(step.bind, v);
          if (!isObject(v)) r.value = v;
        }
      }
    } catch (err) {
      if (err instanceof InputExhausted) r.inputExhausted = err.prompt;
      else if (err instanceof RefRaise) r.raised = { type: err.pyType, message: err.message };
      else throw err;
    }
    r.out_end = io.out.length;
    results.push(r);
    if (r.inputExhausted !== undefined) break;
  }
  return {
    steps: results,
    transcript: io.out,
    inputs: io.inputs,
    inputExhausted: io.exhaustedAt,
    unread: o.stdin && !o.answers ? o.stdin.length - io.pos : 0,
    facts: io.facts,
    calls,
  };
}
