// Java class assignments from a course folder: the student's classes compiled with the course's own files
// (its driver with a main, say), each test run in its own JVM in its own folder, and judged against the staff's
// Java solution, run the same way (or, where the solution is not shipped, its golden files).
//   call / steps tests: construct, call methods on the same object, compare each result by value
//   (harness/grade/java-values.ts), an expected exception by class;
//   run tests: the course's main with scripted stdin, its transcript compared as text.
// A missing method or a changed signature is named and is one defect (charges.ts): every other test of that
// method is not charged again for it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { specAt, type Assignment } from '../assignment/load.js';
import type { TestData } from '../spec/schema.js';
import type { PyStep } from '../spec/pyexpr.js';
import { compileJava, type CompileResult } from '../run/java/compile.js';
import { addCallDriver, runCalls, SHUT_OUT, type ArgChange, type CallsRun, type JValue, type StepResult, type Thrown } from '../run/java/calls.js';
import { javaCommand } from '../run/java/run.js';
import { runLockstep, type LockstepResult } from '../run/lockstep.js';
import { studentWorkDir, type SandboxWrap, type WorkDirLease } from '../run/sandbox/index.js';
import { removeWorkDir, workDirOnExit } from '../util/shutdown.js';
import { compareText } from '../compare/text.js';
import { closest } from '../util/closest.js';
import { error, fail, graderError, limit, pass, type Outcome } from './outcome.js';
import { differenceKind, sameJava, showJava, showThrown, throwsExpected } from './java-values.js';
import { EMPTY_NOTE, repairs, salvageSaid, SET_ASIDE_NOTE, type SalvageDone } from './java-salvage.js';
import { stubMethods } from './java-stubs.js';
import { tokenizeJava } from '../run/java/sources.js';
import { observersOf, observingChanges, probedSteps, splitProbed, type StateLog } from './java-state.js';

type Built = Extract<CompileResult, { ok: true }> & {
  /** Why the course's files do not compile with the student's classes, and as which defect: the method javac
   *  names ("signature:record"), the one a call test finds changed, so it is charged once. */
  courseError?: string;
  courseDefect?: string;
  /** The first compile error of the classes as handed in, when they compiled only after salvage's repair. */
  repaired?: string;
  /** What salvage did, as a TA says it: "repaired that line as a TA would", "set aside the body of
   *  isFull() (A.java:54), which throws when called". */
  salvage?: string;
  /** Methods whose bodies are a starter's stub (java-stubs.ts): never written. */
  stubs?: Set<string>;
  /** The identifiers of the student's own code (exception-unwritten.ts: an exception it never names). */
  named?: Set<string>;
};

function courseDefect(javacOutput: string): string {
  const m = /symbol:\s+method (\w+)|method (\w+) in class|constructor (\w+) in class/.exec(javacOutput);
  return `signature:${m?.[1] ?? m?.[2] ?? m?.[3] ?? 'course-files'}`;
}
export type ClassBuild = Built | Extract<CompileResult, { ok: false }>;

/** The course's own files (course_files:), resolved in the course folder. */
export function courseFiles(a: Assignment): string[] {
  return (a.spec.data.course_files ?? []).map((f) => join(a.specDir, f));
}

/** A package declaration (a comment before it is kept; the line itself becomes empty). */
const PACKAGE = /^[ \t]*package\s+[\w.]+\s*;/m;

/** The .java files of a submission (a folder, or one file), by path relative to it. */
export function javaFilesOf(path: string): [string, string][] {
  if (!statSync(path).isDirectory()) return [[basename(path), path]];
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory() && !e.name.startsWith('.')) walk(p);
      else if (e.isFile() && e.name.endsWith('.java')) out.push([relative(path, p), p]);
    }
  };
  walk(path);
  return out;
}

/** Compiles a submission (or the solution) with the course's files: a student's own copy of a course file
 *  is replaced by the course's. When only the course's files fail to compile against the student's classes
 *  (a changed signature), the student's classes are compiled alone: their call tests still run, and the
 *  course's main is what cannot run (courseError). */
export async function buildClasses(a: Assignment, source: string, deadline?: number): Promise<ClassBuild> {
  const course = courseFiles(a);
  const courseNames = new Set(course.map((f) => basename(f)));
  const own = javaFilesOf(source).filter(([rel]) => !courseNames.has(basename(rel)));
  // The course's files are in the default package: a student's `package` line (an IDE's habit) would keep
  // them from seeing the class. A TA deletes the line; so does gradekit, keeping the file's line numbers.
  const coursePackaged = course.some((f) => PACKAGE.test(readFileSync(f, 'utf8')));
  const unpackaged: string[] = [];
  /** Sources as salvage repaired them (relative path -> text). */
  const edited = new Map<string, string>();
  const stage = (withCourse: boolean) => {
    const dir = workDirOnExit(mkdtempSync(join(tmpdir(), 'gradekit-javasrc-')));
    for (const [rel, p] of own) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      const text = edited.get(rel) ?? readFileSync(p, 'utf8');
      if (course.length && !coursePackaged && PACKAGE.test(text)) {
        if (!unpackaged.includes(rel)) unpackaged.push(rel);
        writeFileSync(join(dir, basename(rel)), text.replace(PACKAGE, ''));
      } else writeFileSync(join(dir, rel), text);
    }
    if (withCourse) for (const f of course) cpSync(f, join(dir, basename(f)));
    return dir;
  };
  const main = a.spec.data.submission.main;
  const compile = async (withCourse: boolean) => {
    const dir = stage(withCourse);
    try {
      return await compileJava(dir, { mainClass: main ?? '__none__', deadline, virtualClock: true });
    } finally {
      removeWorkDir(dir);
    }
  };
  let c: ClassBuild = await compile(true);
  // Salvage (the fidelity policy's P2): a TA deletes an import the machine lacks and adds a missing ';', then
  // grades the rest. The repairs are undone in no file the student sees; the first error is kept for the
  // `compiles` test, which is charged once.
  let repaired: string | undefined;
  const did: SalvageDone = { fixed: 0, aside: [] };
  for (let round = 0; round < 3 && !c.ok && !c.limit && a.spec.data.submission.import !== 'strict'; round++) {
    const fixes = repairs(c.output, own, courseNames, edited, did);
    if (!fixes) break;
    repaired ??= c.summary;
    for (const [rel, text] of fixes) edited.set(rel, text);
    c = await compile(true);
  }
  if (!c.ok && course.length && c.errors.length && c.errors.every((e) => courseNames.has(basename(e.file)))) {
    const alone = await compile(false);
    if (alone.ok) c = { ...alone, courseError: c.summary, courseDefect: courseDefect(c.output) };
  }
  if (!c.ok) return c;
  if (repaired) {
    c.repaired = repaired;
    c.salvage = salvageSaid(did);
    c.notices.push(`the classes did not compile as handed in (${repaired}); gradekit ${c.salvage}${did.aside.length ? ',' : ''} and graded the rest`);
  }
  const texts = own.map(([rel, p]) => edited.get(rel) ?? readFileSync(p, 'utf8'));
  c.stubs = stubMethods(texts);
  c.named = new Set(texts.flatMap((x) => tokenizeJava(x).tokens));
  if (unpackaged.length) c.notices.push(`the package line of ${unpackaged.join(', ')} was set aside: the course's own classes are in the default package`);
  const problem = await addCallDriver(c.classDir);
  if (problem) c.notices.push(problem);
  return c;
}

// ------------------------------------------------------------------ one test's run

export interface RunPlace {
  build: Built;
  wrap?: SandboxWrap;
  maxHeap: string;
  outputCap: number;
}

/** What one run of a test showed: the steps of a call test, or the transcript of a run of main. */
export type ClassRun = { calls: CallsRun } | { main: LockstepResult };

/** The word lists a test can name: the bundled list as `words`, each of word_lists: by its name. */
function listFiles(a: Assignment): Record<string, string> {
  const out: Record<string, string> = { words: '.lists/words.txt' };
  for (const name of Object.keys(a.wordLists)) out[name.replace(/-/g, '_')] = `.lists/${name}.txt`;
  return out;
}

/** Fills a run's folder: the classes, the list the program opens by its handout name, and every named list. */
function prepare(a: Assignment, t: TestData, cwd: string, classDir: string): void {
  cpSync(classDir, join(cwd, '.classes'), { recursive: true });
  mkdirSync(join(cwd, '.lists'), { recursive: true });
  const own = 'words' in t && t.words ? a.wordLists[t.words]?.words : undefined;
  writeFileSync(join(cwd, a.spec.data.words?.as ?? 'dictionary.txt'), (own ?? a.words).join('\n') + '\n');
  writeFileSync(join(cwd, '.lists', 'words.txt'), a.words.join('\n') + '\n');
  for (const [name, list] of Object.entries(a.wordLists)) writeFileSync(join(cwd, '.lists', `${name}.txt`), list.words.join('\n') + '\n');
}

/** Runs a test once on a build, in a fresh folder removed on every path. */
export async function runClassTest(a: Assignment, t: TestData, steps: readonly PyStep[] | undefined, place: RunPlace): Promise<ClassRun> {
  const cwd = workDirOnExit(mkdtempSync(join(tmpdir(), 'gradekit-run-')));
  let lease: WorkDirLease | undefined;
  try {
    prepare(a, t, cwd, place.build.classDir);
    lease = place.wrap ? studentWorkDir(cwd) : undefined;
    const timeoutMs = t.timeout ?? a.spec.data.defaults.timeout;
    if ('run' in t) {
      const command = javaCommand({ classDir: '.classes', mainClass: place.build.mainClass, maxHeap: place.maxHeap });
      const lines = ('stdin' in t ? t.stdin ?? [] : []).slice();
      const main = await runLockstep({ command: place.wrap ? place.wrap(command) : command, cwd, timeoutMs, maxOutputBytes: place.outputCap, answer: () => lines.shift() ?? null, endOfInput: 'eof' in t && !!t.eof });
      return { main };
    }
    const calls = await runCalls({ cwd, classDir: '.classes', steps: steps ?? [], lists: listFiles(a), timeoutMs, maxHeap: place.maxHeap, wrap: place.wrap, maxOutputBytes: Math.max(place.outputCap, 16 << 20), unchangedArgs: 'unchanged_args' in t && !!t.unchanged_args });
    return { calls };
  } finally {
    lease?.release();
    removeWorkDir(cwd);
  }
}

// ------------------------------------------------------------------ the solution's runs

/** The solution's folder of classes (a .java file alone, or a folder of them). */
function solutionSource(a: Assignment): string {
  if (a.reference.kind !== 'solution') throw new Error('not a solution reference');
  return a.reference.file;
}

const solutionBuilds = new Map<string, Promise<ClassBuild>>();
const solutionRuns = new Map<string, Promise<ClassRun>>();

/** The solution compiled once per process (a batch grades every submission against the same build). */
export function solutionBuild(a: Assignment): Promise<ClassBuild> {
  const src = solutionSource(a);
  const stamp = javaFilesOf(src).map(([, p]) => `${p}:${statSync(p).mtimeMs}`).join('|') + courseFiles(a).join('|');
  let b = solutionBuilds.get(stamp);
  if (!b) solutionBuilds.set(stamp, (b = buildClasses(a, src)));
  return b;
}

/** What the solution does on a test: run once per process and word list; from its golden file when the
 *  solution is not here (an export, a student's self-check). */
export async function expectedRun(a: Assignment, t: TestData, steps: readonly PyStep[] | undefined, wrap: SandboxWrap | undefined, cases?: readonly string[]): Promise<ClassRun | { problem: string }> {
  const src = a.reference.kind === 'solution' ? a.reference : undefined;
  if (!src) return { problem: 'a Java class assignment needs the staff solution as its reference (reference: { solution: ... })' };
  if (!src.present) {
    if (a.customWords) return { problem: 'the golden files record the course folder\'s own word lists; with --words the solution must be here to run' };
    const g = readGolden(a, t.id);
    // A property test's golden file holds the solution's results on the cases it records: other cases (a
    // changed generator or seed) have none there.
    if (g && cases && JSON.stringify(readGoldenCases(a, t.id)) !== JSON.stringify(cases)) {
      return { problem: `the golden file of ${t.id} records other cases than the property draws now: run \`gradekit golden ${relative(process.cwd(), a.spec.file) || a.spec.file} --update\` where the solution is` };
    }
    return g ?? { problem: `no golden file for ${t.id}: run \`gradekit golden ${relative(process.cwd(), a.spec.file) || a.spec.file} --update\` where the solution is` };
  }
  const key = `${a.spec.file}\u0000${t.id}\u0000${a.wordsFile ?? ''}`;
  let r = solutionRuns.get(key);
  if (!r) {
    r = (async () => {
      const b = await solutionBuild(a);
      if (!b.ok) throw new Error(`the solution does not compile: ${b.summary}`);
      return runClassTest(a, t, steps, { build: b, wrap, maxHeap: `${a.spec.data.defaults.memory_mb}m`, outputCap: a.spec.data.defaults.output_cap });
    })();
    solutionRuns.set(key, r);
  }
  try {
    return await r;
  } catch (e) {
    return { problem: (e as Error).message };
  }
}

const solutionStates = new Map<string, Promise<StateLog | undefined>>();

/** The solution's object after each step of a call test, as the spec's observers show it (java-state.ts):
 *  run when a student's test fails (cached per process), or read from the golden file. Undefined when
 *  there is nothing to observe or observing changes what the solution does. */
export async function expectedState(a: Assignment, t: TestData, steps: readonly PyStep[] | undefined, wrap: SandboxWrap | undefined): Promise<StateLog | undefined> {
  const observers = observersOf(a);
  if (!steps?.length || !observers.length || 'run' in t) return undefined;
  const src = a.reference.kind === 'solution' ? a.reference : undefined;
  if (!src) return undefined;
  if (!src.present) return a.customWords ? undefined : readGoldenState(a, t.id);
  const key = `${a.spec.file}\u0000${t.id}\u0000${a.wordsFile ?? ''}`;
  let r = solutionStates.get(key);
  if (!r) {
    r = (async () => {
      const plain = await expectedRun(a, t, steps, wrap);
      const b = await solutionBuild(a);
      if ('problem' in plain || !('calls' in plain) || !b.ok) return undefined;
      const p = probedSteps(steps, observers);
      const run = await runClassTest(a, t, p.steps, { build: b, wrap, maxHeap: `${a.spec.data.defaults.memory_mb}m`, outputCap: a.spec.data.defaults.output_cap });
      if (!('calls' in run)) return undefined;
      const { own, state } = splitProbed(run.calls.steps, p.origin, steps.length);
      return observingChanges(plain.calls.steps, own) ? undefined : state;
    })().catch(() => undefined);
    solutionStates.set(key, r);
  }
  return r;
}

/** The student's object after each step before `at`, observed the same way (one more run of the test). */
export async function observedState(a: Assignment, t: TestData, steps: readonly PyStep[], at: number, place: RunPlace): Promise<{ state: StateLog; cpuMs: number } | undefined> {
  const p = probedSteps(steps.slice(0, at), observersOf(a));
  const run = await runClassTest(a, t, p.steps, place);
  if (!('calls' in run)) return undefined;
  return { state: splitProbed(run.calls.steps, p.origin, at).state, cpuMs: run.calls.run.cpuMs ?? 0 };
}

// ------------------------------------------------------------------ golden files

export const goldenFile = (a: Assignment, id: string) => join(a.fixturesDir, 'golden', `${id}.json`);

/** An exception as a golden file records it: without the method it was thrown in, which only says where a
 *  student's crash is charged (a course's golden files written before it was read stay fresh). */
const recorded = ({ in: _method, ...thrown }: Thrown): Thrown => thrown;

/** What a golden file keeps: the solution's results or transcript (never its code). */
export function goldenText(id: string, r: ClassRun, state?: StateLog, cases?: readonly string[]): string {
  const body = 'calls' in r
    ? { ...(cases ? { cases } : {}), steps: r.calls.steps.map(({ i, sig, value, throws, missing, bad, out, changed }) => ({ i, sig, value, throws: throws && recorded(throws), missing, bad, out, changed })), done: r.calls.done, ...(state?.some(Boolean) ? { state } : {}) }
    : { transcript: r.main.transcript, exitCode: r.main.exitCode, outcome: r.main.outcome };
  return JSON.stringify({ test: id, note: 'what the solution did on this test; written by `gradekit golden --update`: review a change before committing it', ...body }, null, 1) + '\n';
}

function readGoldenCases(a: Assignment, id: string): string[] | undefined {
  const f = goldenFile(a, id);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as { cases?: string[] }).cases : undefined;
}

function readGoldenState(a: Assignment, id: string): StateLog | undefined {
  const f = goldenFile(a, id);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as { state?: StateLog }).state : undefined;
}

function readGolden(a: Assignment, id: string): ClassRun | undefined {
  const f = goldenFile(a, id);
  if (!existsSync(f)) return undefined;
  const g = JSON.parse(readFileSync(f, 'utf8')) as { steps?: StepResult[]; done?: boolean; transcript?: string; exitCode?: number; outcome?: LockstepResult['outcome'] };
  if (g.steps) return { calls: { steps: g.steps.map((s) => ({ ...s, outBytes: s.out?.length ?? 0 })), done: g.done ?? true, run: { outcome: 'exited', exitCode: 0 } as LockstepResult } };
  return { main: { transcript: g.transcript ?? '', exitCode: g.exitCode ?? 0, outcome: g.outcome ?? 'exited' } as LockstepResult };
}

// ------------------------------------------------------------------ the spec against the solution

/** Why the solution's run of a step does not fit the step (the spec's mistake, never a student's): what it
 *  calls is missing, or takes other arguments, or was called by a close name in its place. Undefined for a
 *  step it made (a value or an exception) or could not reach (`bad`: its object was never made, where a
 *  property's case ends). */
function stepMisfit(w: StepResult): string | undefined {
  if (w.missing) return w.missing;
  if (w.renamed) return `the solution has no such method (its close name ${w.sig ?? w.renamed} was called in its place)`;
  return undefined;
}

/** The class a run of main could not start with (the JVM's "Could not find or load main class X"). */
function mainNotFound(run: Pick<LockstepResult, 'stderr'>): string | undefined {
  return /Could not find or load main class (\S+)/.exec(run.stderr ?? '')?.[1];
}


/** Why the solution's own run of a test is no answer, at the spec's line, or undefined: a step calls what
 *  the solution lacks (with a did-you-mean where the driver found a close name), or the course's main class
 *  is not there. gradekit golden reports it instead of writing it; grading with the solution here reports
 *  it as not graded (recorded, it would cost every student the test). */
export function solutionMisfitAt(a: Assignment, t: TestData, r: ClassRun): string | undefined {
  const fix = `fix the spec, then run gradekit golden ${relative(process.cwd(), a.spec.file) || a.spec.file} --update`;
  if ('main' in r) {
    const absent = mainNotFound(r.main);
    if (!absent) return undefined;
    const classes = [...javaFilesOf(solutionSource(a)).map(([rel]) => basename(rel)), ...courseFiles(a).map((f) => basename(f))].map((f) => f.replace(/\.java$/, ''));
    // The class is there, and the JVM could not read it: the machine's set-up (calls.ts SHUT_OUT).
    if (classes.includes(absent)) return `the solution's program did not run: the JVM could not load its class ${absent}, which is there: ${SHUT_OUT}`;
    const g = closest(absent, classes);
    return `${specAt(a, ['submission', 'main'])}: the solution's program did not run: class ${absent} not found (submission: { main: ${absent} })${g ? `; did you mean '${g}'?` : ''}; ${fix}`;
  }
  const w = r.calls.steps.find((s) => stepMisfit(s));
  if (!w) return undefined;
  const i = a.spec.data.tests.indexOf(t);
  const path = 'steps' in t ? ['tests', i, 'steps', w.i] : 'call' in t ? ['tests', i, 'call'] : ['tests', i, 'property'];
  const step = 'property' in t ? undefined : a.steps.get(t.id)?.[w.i]?.source;
  return `${specAt(a, path)}: ${step ? `${step}: ` : ''}${stepMisfit(w)}${w.renamed ? `; did you mean '${w.renamed}'?` : ''}; ${fix}`;
}

// ------------------------------------------------------------------ judging

/** A run that did not end normally, in the student's terms; undefined when it did. `transcript`: what the
 *  report shows of it, where the run's own (a call test's, gradekit's request and nonce lines) is no reading. */
function stopped(run: LockstepResult, timeoutMs: number, what: string, transcript = run.transcript): Outcome | undefined {
  const detail = { transcript, ...(run.stderr ? { traceback: run.stderr.slice(-4000) } : {}) };
  switch (run.outcome) {
    case 'timeout':
      if (run.limit === 'wall') return graderError('the machine was too busy to run the program: grade it again', detail);
      return limit('time_limit_exceeded', run.limit === 'waiting' ? `${what} was waiting, not computing, past the time limit` : `${what} used more than ${timeoutMs / 1000} s of CPU time`, detail);
    case 'output-limit':
      return limit('output_limit_exceeded', `${what} printed more than the output limit`, detail);
    case 'blocked-without-input':
      return error(`${what} waited for input that the test does not give (it reads System.in)`, detail);
    case 'spawn-error':
      return graderError(run.error ?? 'java could not be started', detail);
    default:
      return undefined;
  }
}

/** The first step of a call test whose result differs from the solution's; a pass when none does. */
export function judgeCalls(t: TestData, steps: readonly PyStep[], got: CallsRun, want: CallsRun, timeoutMs: number, stubs?: ReadonlySet<string>): Outcome {
  return judgeCallsAt(t, steps, got, want, timeoutMs, stubs).outcome;
}

/** judgeCalls, with the step the verdict is about (where a failure showed). */
export function judgeCallsAt(t: TestData, steps: readonly PyStep[], got: CallsRun, want: CallsRun, timeoutMs: number, stubs?: ReadonlySet<string>): { outcome: Outcome; at?: number } {
  const r = judgeSteps(t, steps, got, want, timeoutMs, stubs);
  return 'outcome' in r ? r : { outcome: r };
}

/** What the class printed itself (a debug line, the secret word): one defect wherever it shows, in a call
 *  test that asks for silence or in a run of the course's main. */
const PRINTS = 'prints';

/** An exception a step threw, as a defect: its class and line, and the methods it was thrown in (the one that
 *  threw, then the one the step called), so that a test of that method takes the charge (charges.ts). */
function raisedAt(th: Thrown, method: string): string {
  if (!th.at) return `raised:${th.chain[0]}:${method}`;
  return `raised:${th.chain[0]}:${th.at}@${[th.in, method].filter((x, k, all) => x && all.indexOf(x) === k).join('|')}`;
}

/** What the spec says of a test's step `i` besides its call (`compare:`, `throws:`), when it is written as an object. */
export function stepOptions(t: TestData, i: number): { compare?: unknown; throws?: string } {
  return 'steps' in t && typeof t.steps[i] === 'object' ? (t.steps[i] as { compare?: unknown; throws?: string }) : {};
}

function judgeSteps(t: TestData, steps: readonly PyStep[], got: CallsRun, want: CallsRun, timeoutMs: number, stubs?: ReadonlySet<string>): Outcome | { outcome: Outcome; at: number } {
  const compares = steps.map((_, i) => stepOptions(t, i).compare !== 'none');
  const silent = 'silent' in t && !!t.silent;
  const before = (i: number) => (i > 0 ? ` (after ${steps.slice(0, i).map((s) => s.source).join('; ')})` : '');
  const detail = { transcript: got.steps.map((s, i) => `${steps[i]?.source ?? '?'} -> ${s.throws ? `throws ${showThrown(s.throws)}` : s.value ? showJava(s.value) : s.missing ?? s.bad ?? ''}${s.out ? `\n  printed: ${s.out.slice(0, 500)}` : ''}`).join('\n') };
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!, src = step.source;
    const method = step.expr.k === 'call' ? step.expr.callee[step.expr.callee.length - 1]! : 'step';
    const w = want.steps[i], g = got.steps[i];
    if (!w) return graderError(`the solution did not get to step ${i + 1} (${src}): check the test${want.run.stderr ? ` (it printed on stderr: ${want.run.stderr.trim().slice(0, 600)})` : want.run.error ? ` (${want.run.error})` : ''}`);
    // A step the solution itself cannot make is the spec's mistake: it costs no student anything.
    const misfit = stepMisfit(w);
    if (misfit) return graderError(`the solution cannot make step ${i + 1} (${src}): ${misfit}; fix the step in the spec, then run gradekit golden --update`);
    if (!g) {
      // The steps it finished as the other tests show them, then the one it was stopped in.
      const shown = `${detail.transcript ? `${detail.transcript}\n` : ''}${src} -> (did not finish)`;
      const why = stopped(got.run, timeoutMs, src, shown);
      if (why) return { ...why, message: `${why.message}${before(i)}`, defect: `raised:${method}:${why.kind}` };
      return { ...error(`the test process ended before ${src} returned${before(i)}: does the class call System.exit?`, { ...detail, traceback: got.run.stderr.slice(-4000) }), defect: `raised:${method}:exit` };
    }
    if (g.missing) return { ...fail(g.missing, { ...detail, hint: w.sig ? `the handout's ${w.sig.includes('(') && !/^[A-Z]\w*\(/.test(w.sig) ? 'method' : 'constructor'}: ${w.sig}` : undefined }), defect: `${/declares/.test(g.missing) ? 'signature' : 'missing-fn'}:${method}` };
    if (g.bad) return graderError(`${src}: ${g.bad}`);
    const where = `${src}${before(i)}`;
    // A method never written: its empty body did not compile (it throws EMPTY_NOTE), or it is a starter's stub
    // that compiles (java-stubs.ts). Nothing of it can be checked (P1); returned only where the step failed.
    const unwritten = g.throws?.message?.startsWith(EMPTY_NOTE) ? 'has no code (its empty body does not compile)'
      : stubs?.has(method) ? 'is still a stub (its body only returns a default value or throws UnsupportedOperationException)' : undefined;
    const stub = unwritten ? { outcome: { ...fail(`${where}: ${method}() ${unwritten}, so none of its rules can be checked`, detail), defect: `stub:${method}` }, at: i } : undefined;
    // A crash is a crash in a step whose value the test does not compare too.
    // unchanged_args: a collection, array or map a step passed that this step changed (judged once the
    // step's own result is right; the solution changing it is the spec's problem).
    const mutated = (): Outcome | { outcome: Outcome; at: number } | undefined => {
      if (w.changed?.length) return graderError(`${src}: the solution changes its argument ${w.changed[0]!.arg + 1} too, so unchanged_args does not hold for this test`);
      const c = g.changed?.[0];
      return c ? { outcome: argChanged(steps, i, c, detail), at: i } : undefined;
    };
    // silent: every step prints nothing, its value compared or not.
    const printed = (): { outcome: Outcome; at: number } | undefined => (g.out && silent ? { outcome: { ...fail(`${where} printed ${JSON.stringify(g.out.slice(0, 200))}; the class must print nothing`, detail), defect: PRINTS }, at: i } : undefined);
    if (!compares[i] && !(g.throws && !w.throws)) { const m = printed() ?? mutated(); if (m) return m; continue; }
    // A method never written prints nothing: a test of silence that only calls it on the way judges the rest.
    if (stub && !compares[i] && silent) continue;
    const stated = stepOptions(t, i).throws;
    if (stated || w.throws) {
      const expected = stated ?? w.throws!.chain[0] ?? w.throws!.class;
      if (g.throws && throwsExpected(expected, g.throws)) { const m = mutated(); if (m) return m; continue; }
      if (stub) return stub;
      const did = g.throws ? `threw ${showThrown(g.throws)}` : `returned ${showJava(g.value!)}`;
      // A body salvage set aside throws wherever it is called: the one crash a call that returns charges.
      const asideCrash = g.throws?.message?.startsWith(SET_ASIDE_NOTE) ? raisedAt(g.throws, method) : undefined;
      // The set-aside body's exception is a crash wherever it shows (a run-time error), not a wrong exception.
      const said = `${where} should throw ${expected}; it ${did}`;
      return { outcome: { ...(asideCrash ? error(said, detail) : fail(said, detail)), defect: asideCrash ?? `answer:${method}:${g.throws ? 'other-exception' : 'no-exception'}:${expected}` }, at: i };
    }
    if (g.throws) {
      if (stub) return stub;
      return { outcome: { ...error(`${where} threw ${showThrown(g.throws)}, where ${w.value ? showJava(w.value) : 'a value'} is expected`, detail), defect: raisedAt(g.throws, method) }, at: i };
    }
    if (steps[i]!.bind) { const m = printed() ?? mutated(); if (m) return m; continue; } // a constructor that made its object: nothing to compare
    if (!sameJava(w.value!, g.value!, stepOptions(t, i).compare === 'in-order')) {
      if (stub) return stub;
      const order = differenceKind(w.value!, g.value!) === 'order' ? ' (the same items, in another order: the course requires a sorted set, e.g. TreeSet)' : '';
      return { outcome: { ...fail(`${where} returned ${showJava(g.value!)}, expected ${showJava(w.value!)}${order}`, detail), defect: `answer:${method}:${differenceKind(w.value!, g.value!)}` }, at: i };
    }
    const p = printed();
    if (p) return p;
    const m = mutated();
    if (m) return m;
  }
  // A method under another name did what its rule says: the rename is one changed signature, charged once
  // (every test that calls it shows the same), and its rules are judged as written.
  const renamed = got.steps.find((s) => s.renamed);
  if (renamed) {
    const k = got.steps.indexOf(renamed), st = steps[k]!;
    const name = st.expr.k === 'call' ? st.expr.callee[st.expr.callee.length - 1]! : '?';
    return { ...fail(`the class has ${renamed.sig} where the handout names it ${want.steps[k]?.sig ?? `${name}()`}: the calls of ${name} were graded with ${renamed.renamed}, and its rules hold`, { ...detail, hint: `rename ${renamed.renamed} to ${name}` }), defect: `signature:${name}` };
  }
  return pass(detail);
}

/** A step's call without its binding ("Account(owners, 100)" of "a = Account(owners, 100)"). */
const callText = (s: PyStep) => s.source.replace(/^\s*[A-Za-z_]\w*\s*=(?!=)\s*/, '').trim();

/** A long collection shown by its first items and its size, a message's worth. */
function shortJava(v: JValue): string {
  if ((v.t === 'seq' || v.t === 'set' || v.t === 'bag') && v.v.length > 8) return `[${v.v.slice(0, 6).map(showJava).join(', ')}, ... (${v.v.length} items)]`;
  if (v.t === 'map' && v.v.length > 8) return `{${v.v.slice(0, 6).map(([k, x]) => `${showJava(k)}=${showJava(x)}`).join(', ')}, ... (${v.v.length} entries)}`;
  const s = showJava(v);
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
}

/** What a change of an argument did, as a TA names it. */
function changeKind(before: JValue, after: JValue): string {
  const n = (x: JValue) => (x.t === 'seq' || x.t === 'set' || x.t === 'bag' || x.t === 'map' ? x.v.length : undefined);
  if (n(before) && n(after) === 0) return ' (emptied)';
  switch (differenceKind(before, after)) {
    case 'order': return ' (the same items in another order)';
    case 'fewer-items': return ` (${n(before)! - n(after)!} items fewer)`;
    case 'more-items': return ` (${n(after)! - n(before)!} items more)`;
    default: return '';
  }
}

/** unchanged_args: the step's (or an earlier step's) argument that this step changed, one defect of the
 *  method (or constructor) it was passed to, whichever test shows it (as Python's judge words it). */
function argChanged(steps: readonly PyStep[], i: number, c: ArgChange, detail: { transcript: string }): Outcome {
  const passer = steps[c.step] ?? steps[i]!;
  const name = passer.expr.k === 'call' ? passer.expr.callee[passer.expr.callee.length - 1]! : 'step';
  const was = `it was ${shortJava(c.before)} and is now ${shortJava(c.after)}${changeKind(c.before, c.after)}`;
  const message = c.step === i
    ? `${callText(passer)} changed its argument ${c.arg + 1}: ${was}; it must not modify its input`
    : `${callText(passer)} kept its argument ${c.arg + 1} and ${callText(steps[i]!)} changed it: ${was}; the class must not modify the caller's input`;
  return { ...fail(message, { ...detail, hint: c.step === i ? 'work on a copy (new ArrayList<>(list), new HashSet<>(set)) and leave the caller\'s collection as it was' : 'keep a copy of the collection passed in (new ArrayList<>(list)), not the caller\'s own' }), defect: `answer:${name}:mutates-argument` };
}

/** A run of main against the solution's transcript, as text (after the test's normalisers). */
export function judgeMain(a: Assignment, t: TestData, got: LockstepResult, want: LockstepResult, timeoutMs: number): Outcome {
  const normalisers = ('normalise' in t && t.normalise) || a.spec.data.defaults.normalise;
  const c = compareText(want.transcript, got.transcript, normalisers);
  const crash = got.exitCode !== 0 && got.outcome === 'exited' ? javaCrash(got.stderr, new Set(courseFiles(a).map((f) => basename(f)))) : undefined;
  const detail = { ...c.detail, transcript: got.transcript, ...(got.stderr ? { traceback: got.stderr.slice(-4000) } : {}) };
  // A test whose input runs out in the solution's run too is judged on what both printed until then.
  const bothOut = got.outcome === 'blocked-without-input' && want.outcome === 'blocked-without-input';
  const why = bothOut ? undefined : stopped(got, timeoutMs, 'the program');
  if (c.ok) {
    if (why) return why;
    if (crash && want.exitCode === 0) return { ...error(`the program printed the expected output, then ended with ${crash.line}`, detail), defect: crash.defect };
    return pass({ transcript: got.transcript });
  }
  // The first wrong line says which defect it is: an exception is itself, wherever it shows; a limit hit after
  // the transcript went wrong (a game that went on longer than the solution's) is what made it go wrong.
  if (crash) return { ...fail(`${c.summary} (it ended with ${crash.line})`, detail), defect: crash.defect };
  const first = firstDifferentLine(want.transcript, got.transcript);
  const defect = first.printed ? PRINTS : lineDefect(a, first);
  // A limit (a hang, endless output) where the solution printed a line the spec's `lines:` gives to a method:
  // that method never returned, the defect a call test of it charges as the same limit.
  const stuckIn = why?.kind === 'time_limit_exceeded' || why?.kind === 'output_limit_exceeded' ? methodOfLine(a, first.want) : undefined;
  if (why && stuckIn) return { ...why, defect: `raised:${stuckIn}:${why.kind}` };
  if (why && got.outcome !== 'blocked-without-input') return { ...why, defect };
  return { ...fail(`${c.summary}${got.outcome === 'blocked-without-input' ? ' (then it waited for more input than the test gives: the solution needs no more)' : ''}`, detail), defect };
}

/** An uncaught exception of a Java run: its first line, and its defect (the class and the first frame of the
 *  program's own code), one defect wherever it shows. */
function javaCrash(stderr: string, courseNames: ReadonlySet<string>): { line: string; defect: string } | undefined {
  const lines = stderr.split('\n');
  const k = lines.findIndex((l) => /^Exception in thread|^\S*(?:Exception|Error)\b/.test(l));
  if (k < 0) return undefined;
  const name = /((?:\w+\.)*\w*(?:Exception|Error))/.exec(lines[k]!.replace(/^Exception in thread "[^"]*"\s*/, ''))?.[1] ?? 'exception';
  const frame = lines.slice(k + 1).map((l) => /^\s+at (?!java\.|jdk\.|sun\.)[\w.$<>]+\((\w+\.java:\d+)\)/.exec(l)?.[1]).find(Boolean);
  // A method never written (its empty body set aside, salvage): the run stopped at it is that method's defect,
  // the one its own tests charge (P1), not a crash of its own.
  if (lines[k]!.includes(EMPTY_NOTE)) {
    const fn = lines.slice(k + 1).map((l) => /^\s+at (?:[\w$]+\.)*[\w$]+\.([\w$]+)\(\w+\.java:\d+\)/.exec(l)?.[1]).find(Boolean);
    if (fn) return { line: lines[k]!.trim().slice(0, 300), defect: `stub:${fn}` };
  }
  // Thrown in the course's own code (its Scanner out of the test's input when a game went on longer than the
  // solution's): the transcript says what went wrong first, not this.
  if (frame && courseNames.has(frame.slice(0, frame.indexOf(':')))) return undefined;
  return { line: lines[k]!.trim().slice(0, 300), defect: `raised:${name.slice(name.lastIndexOf('.') + 1)}:${frame ?? 'main'}` };
}

/** The first line that differs, and whether it is text the class printed: the course's main runs for both,
 *  so a line the solution's run lacks, after which the run goes on line for line as the solution's did
 *  (or the solution's line with text printed before it), was printed by the class, not by the driver. */
function firstDifferentLine(want: string, got: string): { want: string; got: string; printed?: true } {
  const w = want.split('\n'), g = got.split('\n');
  const sameFrom = (i: number, shift: number) => w.slice(i, i + 3).every((x, k) => g[i + k + shift] === x);
  for (let i = 0; i < Math.max(w.length, g.length); i++) {
    if (w[i] === g[i]) continue;
    const extra = g[i] !== undefined && i < w.length && sameFrom(i, 1);
    const before = w[i] && g[i]?.endsWith(w[i]!) && sameFrom(i + 1, 0);
    return { want: w[i] ?? '', got: g[i] ?? '', ...(extra || before ? { printed: true as const } : {}) };
  }
  return { want: '', got: '' };
}

/** Every kind of wrong value (java-values.ts differenceKind): a log line a method's value decides, gone wrong
 *  in a way the line does not tell apart, is explained by any wrong value of that method a call test charged. */
const ANY_VALUE = ['whitespace', 'case', 'text', 'number', 'order', 'more-items', 'fewer-items', 'items', 'value'].join('|');

/** A transcript's first wrong line as a defect: the spec's `lines:` names which method a line shows
 *  ("total:" shows total()), so a wrong total seen in a log is the defect a call test of total()
 *  charges, and is not charged again. A line another method's value decides (one missing, "Sorry" for
 *  "Yes") may be any wrong value of it; a wrong number, or a stray space, is that difference only. */
/** The spec's `lines:` entry (label, method) a transcript line starts with. */
const lineLabel = (a: Assignment, s: string) => Object.entries(a.spec.data.lines ?? {}).find(([label]) => s.trimStart().startsWith(label));
/** The method a transcript line shows, by the spec's `lines:`. */
const methodOfLine = (a: Assignment, line: string) => lineLabel(a, line)?.[1];

function lineDefect(a: Assignment, d: { want: string; got: string }): string {
  const labelOf = (s: string) => lineLabel(a, s);
  const w = labelOf(d.want), g = labelOf(d.got);
  if (!w) return `transcript:${d.want.trim().slice(0, 40)}`;
  const [label, method] = w;
  if (!g || g[0] !== label) return `answer:${method}:${ANY_VALUE}`;
  // The value after the label, a number as a number (a wrong count is the same defect in a call).
  const value = (s: string): JValue => {
    const v = s.slice(s.indexOf(label) + label.length);
    return /^\s*-?\d+\s*$/.test(v) ? { t: 'int', v: v.trim() } : { t: 'str', v };
  };
  const kind = differenceKind(value(d.want), value(d.got));
  return `answer:${method}:${['whitespace', 'case', 'number'].includes(kind) ? kind : ANY_VALUE}`;
}
