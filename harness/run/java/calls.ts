// One run of gradekit's call driver (GradekitCalls.java) on compiled classes: a test's steps become a
// request (constructors, method calls on a bound object, arguments as tagged values), the driver answers
// one line per step behind a nonce, and a run stopped by a limit keeps the steps it finished.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PyExpr, PyStep } from '../../spec/pyexpr.js';
import type { PyValue } from '../../model/pyvalue.js';
import { helperClasses } from './helper-classes.js';
import { javaCommand } from './run.js';
import { runLockstep, type LockstepResult } from '../lockstep.js';

export const CALLS_CLASS = '__gradekit.GradekitCalls';
const CALLS_FILE = '__gradekit/GradekitCalls.class';

/** A value as the driver reports it: by what the declared type promises (a Set's order is not its value). */
export type JValue =
  | { t: 'null' }
  | { t: 'int'; v: string }
  | { t: 'float'; v: number | string }
  | { t: 'bool'; v: boolean }
  | { t: 'char' | 'str'; v: string }
  | { t: 'seq' | 'set' | 'bag'; v: JValue[] }
  | { t: 'map'; ordered: boolean; v: [JValue, JValue][] }
  | { t: 'obj'; class: string; v: string };

export interface Thrown {
  class: string;
  /** Simple names from the thrown class up to Throwable: an expected class matches any of them. */
  chain: string[];
  message: string | null;
  /** File:line of the program where it was thrown. */
  at: string;
  /** The method of the program it was thrown in ("<init>" for a constructor). */
  in?: string;
}

/** What one step did. */
export interface StepResult {
  i: number;
  sig?: string;
  /** The step called a method of another, close name (the step's own is missing): the name it has. */
  renamed?: string;
  value?: JValue;
  throws?: Thrown;
  /** The program lacks what the step calls ("Account has no method deposit(int) ..."). */
  missing?: string;
  /** The driver could not make the step (an object never made). */
  bad?: string;
  out: string;
  outBytes: number;
  /** unchanged_args: the arguments (of this step or an earlier one) found changed after this step, each
   *  once, by value before and after; absent when none changed. */
  changed?: ArgChange[];
}

/** An argument a step passed (a collection, array or map) that is not what it was before the call. */
export interface ArgChange {
  /** The step that passed it (this one, or an earlier one whose object kept it). */
  step: number;
  /** Its position among that step's arguments, from 0. */
  arg: number;
  before: JValue;
  after: JValue;
}

export interface CallsRun {
  steps: StepResult[];
  /** The driver reached the end of the steps. */
  done: boolean;
  run: LockstepResult;
}

/** Copies the compiled driver into a class folder (beside the virtual clock), or says why it cannot. */
export async function addCallDriver(classDir: string, javac = 'javac'): Promise<string | undefined> {
  const dir = await helperClasses('GradekitCalls.java', CALLS_FILE, javac);
  if (!dir) return 'the grader could not compile its call driver (GradekitCalls.java): is a JDK 17 installed?';
  mkdirSync(join(classDir, '__gradekit'), { recursive: true });
  for (const f of readdirSync(join(dir, '__gradekit'))) copyFileSync(join(dir, '__gradekit', f), join(classDir, '__gradekit', f));
  return undefined;
}

/** A step's arguments as the driver reads them; a name is a bound object or a word list (its file in cwd). */
function arg(e: PyExpr, bound: ReadonlySet<string>, lists: Readonly<Record<string, string>>): unknown {
  switch (e.k) {
    case 'lit':
      return wireValue(e.v);
    case 'name':
      if (bound.has(e.name)) return { t: 'ref', name: e.name };
      if (e.name in lists) return { t: 'words', file: lists[e.name] };
      throw new Error(`unknown name '${e.name}'`);
    case 'list': case 'tuple': case 'set':
      return { t: e.k, v: e.items.map((x) => arg(x, bound, lists)) };
    case 'dict':
      return { t: 'dict', v: e.entries.map(([k, x]) => [arg(k, bound, lists), arg(x, bound, lists)]) };
    case 'call':
      throw new Error('a call inside a call: bind its result first (x = ...)');
  }
}

/** A literal as the driver reads it: an int as its digits (a long stays exact), containers item by item. */
export function wireValue(v: PyValue): unknown {
  switch (v.t) {
    case 'int': return { t: 'int', v: v.v.toString() };
    case 'obj': throw new Error(`cannot pass ${v.repr} to Java`);
    case 'list': case 'tuple': case 'set': return { t: v.t, v: v.v.map(wireValue) };
    case 'dict': return { t: 'dict', v: v.v.map(([k, x]) => [wireValue(k), wireValue(x)]) };
    default: return v;
  }
}

/** The request for a test's steps. `lists`: word-list names -> their files in the run's folder. */
export function callRequest(steps: readonly PyStep[], lists: Readonly<Record<string, string>>, nonce: string, unchanged = false): string {
  const bound = new Set<string>();
  const out = steps.map((s) => {
    if (s.expr.k !== 'call') throw new Error(`step '${s.source}' is not a call`);
    const { callee, args } = s.expr;
    const step = { bind: s.bind ?? null, target: callee.length > 1 ? callee[0] : null, name: callee[callee.length - 1], args: args.map((x) => arg(x, bound, lists)) };
    if (s.bind) bound.add(s.bind);
    return step;
  });
  return JSON.stringify({ nonce, steps: out, ...(unchanged ? { unchanged: true } : {}) });
}

export interface CallsOptions {
  cwd: string;
  classDir: string;
  steps: readonly PyStep[];
  lists: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxHeap: string;
  wrap?: (argv: string[]) => string[];
  /** Cap on what the process may print, the driver's own lines included. */
  maxOutputBytes: number;
  /** unchanged_args: report the collection, array and map arguments a step changed (StepResult.changed). */
  unchangedArgs?: boolean;
}

/** Why a JVM cannot load classes that are there: the machine's set-up, never the program's. */
export const SHUT_OUT = 'without bubblewrap the test runs as a user of its own, who reaches its folder through its real path, and a folder on that path (above the temporary folder, TMPDIR) may be shut to other users: set TMPDIR to a folder they can pass through (such as /tmp), or install bubblewrap';

/** Runs the steps in a fresh JVM in `cwd` (which holds `.classes` and the word lists). */
export async function runCalls(o: CallsOptions): Promise<CallsRun> {
  const nonce = `@gk${randomBytes(9).toString('hex')}@`;
  // The request is the first line the driver reads; the program's own reads of System.in get nothing.
  let request: string | null = callRequest(o.steps, o.lists, nonce, o.unchangedArgs);
  const command = javaCommand({ classDir: o.classDir, mainClass: CALLS_CLASS, maxHeap: o.maxHeap });
  const run = await runLockstep({ command: o.wrap ? o.wrap(command) : command, cwd: o.cwd, timeoutMs: o.timeoutMs, maxOutputBytes: o.maxOutputBytes, answer: () => { const r = request; request = null; return r; } });
  const steps: StepResult[] = [];
  let done = false;
  for (const line of run.stdout.split('\n')) {
    if (!line.startsWith(nonce)) continue;
    const r = JSON.parse(line.slice(nonce.length)) as StepResult | { done: true };
    if ('done' in r) done = true;
    else steps.push(r);
  }
  // The JVM could not load gradekit's own driver: a fault of the machine's set-up, never the program's (as
  // root without bubblewrap, the test runs as a user of its own, who reaches its folder by its real path).
  if (!steps.length && run.stderr.includes(`Could not find or load main class ${CALLS_CLASS}`)) {
    throw new Error(`the JVM could not load gradekit's call driver in ${o.cwd}: ${SHUT_OUT}`);
  }
  return { steps, done, run };
}
