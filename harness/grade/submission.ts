// Grading one submission: prepare its private directory, start its runner once, run every test,
// and attach points and visibility. One bad test never spoils another; one bad submission never
// spoils a batch (everything here resolves to a Report).
import { basename, extname } from 'node:path';
import { availableParallelism } from 'node:os';
import { programScripts, type Assignment } from '../assignment/load.js';
import { totals, type Report, type TestResult, type Visibility } from '../model/report.js';
import { basisText, type TestData } from '../spec/schema.js';
import { PythonSession } from '../run/python/session.js';
import { namesToWire } from './word-lists.js';
import { starterValues } from './starter-values.js';
import { placeInFile, setAsideNotice } from './salvage.js';
import { prepareWorkspace, wordListAliases } from './workspace.js';
import { runPythonTest } from './python-tests.js';
import { SolutionRunner } from './solution.js';
import { error, fmtMs, graderError, limit, skipped, type Outcome } from './outcome.js';
import { assignCharges } from './charges.js';
import { markWritten } from './written.js';
import { parseStep } from '../spec/pyexpr.js';
import { gradekitVersion } from '../paths.js';
import { submissionSeed } from './seed.js';
import { sharedSandbox, type SandboxWrap } from '../run/sandbox/index.js';
import { capReport, capsFromSpec } from '../report/caps.js';
import { signaturesOf } from '../assignment/signatures.js';

export interface GradeOptions {
  /** Only tests with these visibilities (student self-check: ['visible']). */
  visibilities?: Visibility[];
  /** Only these test ids or groups. */
  only?: string[];
  /** 'per-submission' derives a reproducible seed from the submission's content. */
  seed?: number | string | 'per-submission';
  /** Wraps runner commands (sandbox). */
  wrap?: SandboxWrap;
  notices?: string[];
  /** Python test processes for this one submission (default 1). A single `check` uses the idle cores;
   *  a batch already grades one submission per core and keeps 1. */
  parallel?: number;
  /** Extra interpreter/runtime for languages handled by plug-ins (Java). */
  runners?: Record<string, LanguageRunner>;
  /** Time for the whole submission, all tests together (default: a minute plus every test's own limit). For
   *  Python it counts CPU time (the wall clock stops the submission only at three times it). */
  budgetMs?: number;
  /** Set by gradeSubmission from budgetMs (performance.now() time): runners start no test after it. */
  deadline?: number;
  /** The submission is a file among other students' files (a batch over a flat folder): nothing beside it
   *  is part of it (harness/grade/own-modules.ts). */
  siblingsAreSubmissions?: boolean;
}

/** The time budget of one submission when the caller sets none: every test may use its whole limit, plus a minute. */
export function defaultBudgetMs(a: Assignment, tests: TestData[]): number {
  return 60_000 + tests.reduce((sum, t) => sum + (t.timeout ?? a.spec.data.defaults.timeout), 0);
}

/** The verdict of a test that the submission's time budget left no room for. */
export function overBudget(budgetMs: number): Outcome {
  return limit('resource_limit_exceeded', `the submission used up its time budget (${fmtMs(budgetMs)} for all tests together); this test was stopped or not run`);
}

/** A correct program never waits (sleeps are fast-forwarded): a submission whose tests have waited this
 *  long in all, each until its own limit, gets no more tests (each such test holds a batch worker for seconds). */
const WAIT_BUDGET_MS = 60_000;
const overWaitBudget = (): Outcome => limit('resource_limit_exceeded', `the submission's tests spent more than ${fmtMs(WAIT_BUDGET_MS)} waiting (for a lock, a pipe, input that never comes) in all; this test was not run`);

/** Visible tests first, hidden ones last: no request for a less visible test reaches a driver before every more visible one is done. */
const PHASES: Visibility[] = ['visible', 'after_published', 'after_due_date', 'hidden'];

/** A language plug-in: grades a whole submission of that language (used for Java). */
export type LanguageRunner = (a: Assignment, submission: string, tests: TestData[], opts: GradeOptions) => Promise<{ outcomes: Map<string, Outcome & { ms: number }>; notices: string[]; fatal?: Report['fatal']; literals?: readonly string[] }>;

/** Test processes for a submission graded on its own (check, Gradescope): two cores are where the gain ends. */
export function soloParallelism(): number {
  return Math.min(2, availableParallelism());
}

export function selectTests(a: Assignment, opts: GradeOptions): TestData[] {
  const d = a.spec.data;
  return d.tests.filter((t) => {
    const vis = t.visibility ?? d.defaults.visibility;
    if (opts.visibilities && !opts.visibilities.includes(vis)) return false;
    if (opts.only?.length && !opts.only.includes(t.id) && !opts.only.includes(t.group ?? '')) return false;
    return true;
  });
}

export function groupOf(t: TestData): string {
  if (t.group) return t.group;
  if ('call' in t) return t.call.split('(')[0].trim();
  if ('run' in t) return 'transcript';
  if ('rule' in t) return 'rules';
  if ('game' in t) return 'game';
  if ('property' in t) return t.property.call.split('(')[0].trim();
  return 'tests';
}

/** The functions a test calls: its steps' callees, or its property's. */
function calleesOf(a: Assignment, t: TestData): string[] {
  const steps = 'property' in t ? [...(t.property.setup ?? []).map((s) => parseStep(typeof s === 'string' ? s : s.do)), parseStep(t.property.call)] : a.steps.get(t.id) ?? [];
  // A Java test calls methods of the object it made (m.record): those are the functions it aims at too.
  const java = a.spec.data.language === 'java';
  return steps.flatMap((s) => (s.expr.k === 'call' && (s.expr.callee.length === 1 || java) ? [s.expr.callee[s.expr.callee.length - 1]!] : []));
}

export function toResult(a: Assignment, t: TestData, o: Outcome, ms: number): TestResult {
  const d = a.spec.data.defaults;
  // Tests beyond the handout are reported in the zero-point 'extra' group, never scored. So is a test gradekit
  // could not grade (a golden file missing, a reference that cannot evaluate it): a failure gradekit caused
  // costs nothing.
  const ungraded = o.kind === 'grader_error';
  const max = t.extra || ungraded ? 0 : t.points ?? d.points;
  const detail = o.detail ? { ...o.detail } : undefined;
  if (t.hint && o.status !== 'passed' && detail && !detail.hint) detail.hint = t.hint;
  return {
    id: t.id,
    group: t.extra ? 'extra' : groupOf(t),
    name: t.extra ? `${groupOf(t)}: ${t.name ?? t.id}` : t.name ?? t.id,
    status: o.status,
    ...(o.status !== 'passed' ? { kind: o.kind } : {}),
    score: o.status === 'passed' || o.notCharged ? max : 0,
    maxScore: max,
    visibility: t.visibility ?? d.visibility,
    message: o.status !== 'passed' && !o.message ? 'failed' : o.message,
    durationMs: Math.round(ms * 100) / 100,
    ...(detail && Object.keys(detail).length ? { detail } : t.hint && o.status !== 'passed' ? { detail: { hint: t.hint } } : {}),
    ...(t.tags ? { tags: t.tags } : {}),
    ...(t.basis ? { basis: basisText(t.basis) } : {}),
    ...(t.extra ? { extra: true as const } : {}),
    ...(ungraded ? { ungraded: true as const } : {}),
    ...(o.partOf ? { chargedIn: o.partOf } : {}),
    ...(o.notices?.length ? { notices: [...new Set(o.notices)] } : {}),
  };
}

export async function gradeSubmission(a: Assignment, submission: string, opts: GradeOptions = {}): Promise<Report> {
  const t0 = performance.now();
  const tests = selectTests(a, opts);
  const notices = [...(opts.notices ?? [])];
  if (!opts.wrap) {
    // Student code runs in the sandbox unless the caller brings its own wrapper (GRADEKIT_SANDBOX=off disables it).
    // The course's runner scripts are shown read-only, one file each: never the rest of the course folder.
    const sb = sharedSandbox([...(a.starterDir ? [a.starterDir] : []), ...programScripts(a)], a.spec.data.language);
    opts = { ...opts, wrap: sb.wrap };
    if (sb.notice) notices.push(sb.notice);
  }
  const seed = opts.seed === 'per-submission' ? submissionSeed(a, submission) : opts.seed;
  const budgetMs = opts.budgetMs ?? defaultBudgetMs(a, tests);
  opts = { ...opts, budgetMs, deadline: t0 + budgetMs };
  const outcomes = new Map<string, Outcome & { ms: number }>();
  let fatal: Report['fatal'];
  let literals: readonly string[] | undefined;
  if (a.spec.data.language === 'python') {
    ({ fatal, literals } = await gradePython(a, submission, tests, { ...opts, seed }, outcomes, notices));
  } else {
    const runner = opts.runners?.[a.spec.data.language];
    if (!runner) {
      fatal = { kind: 'unsupported', message: `no runner for ${a.spec.data.language} submissions is available` };
    } else {
      const r = await runner(a, submission, tests, { ...opts, seed });
      r.outcomes.forEach((v, k) => outcomes.set(k, v));
      notices.push(...r.notices);
      fatal = r.fatal;
      literals = r.literals;
    }
  }
  // A test's notices stay on it (toResult); only a visible test's are also the report's, shown to everyone at once.
  for (const t of tests) if ((t.visibility ?? a.spec.data.defaults.visibility) === 'visible') notices.push(...(outcomes.get(t.id)?.notices ?? []));
  // One defect, one charge, by cause (charges.ts). A submission that could not run at all is not graded
  // test by test: nothing is "charged again" then.
  const charged = fatal ? outcomes : assignCharges({ tests, outcomes: markWritten(outcomes, literals, a.roles), groupOf, callees: (t) => calleesOf(a, t) });
  const results = tests.map((t) => {
    const o = outcomes.get(t.id) ?? { ...(fatal ? error(`not run: ${fatal.message}`, undefined, fatal.kind === 'compile' ? 'compile_error' : 'run_time_error') : graderError('not run')), ms: 0 };
    return toResult(a, t, charged.get(t.id) ?? o, o.ms);
  });
  const tot = totals(results);
  // Whatever the submission printed, the report keeps only the head, the tail and the first difference of long texts.
  return capReport({
    assignment: a.id,
    submission,
    score: tot.score,
    maxScore: tot.maxScore,
    durationMs: Math.round(performance.now() - t0),
    tests: results,
    ...(notices.length ? { notices: [...new Set(notices)] } : {}),
    ...(fatal ? { fatal } : {}),
    ...(seed !== undefined ? { seed: String(seed) } : {}),
    gradekit: { version: gradekitVersion() },
  }, capsFromSpec(a.spec.data.defaults));
}

async function gradePython(
  a: Assignment,
  submission: string,
  tests: TestData[],
  opts: GradeOptions & { seed?: number | string },
  outcomes: Map<string, Outcome & { ms: number }>,
  notices: string[],
): Promise<{ fatal?: Report['fatal']; literals?: readonly string[] }> {
  const ws = prepareWorkspace(a, submission, { siblingsAreSubmissions: opts.siblingsAreSubmissions });
  notices.push(...ws.notices);
  const fileName = basename(ws.file);
  const module = a.spec.data.submission.module ?? basename(fileName, extname(fileName));
  const names = namesToWire(a.names);
  const aliases = wordListAliases(a, ws);
  // Fewer than ~8 tests do not repay a second interpreter's start-up.
  const n = Math.max(1, Math.min(opts.parallel ?? 1, Math.floor(tests.length / 8) || 1));
  const required = [...new Set(tests.flatMap((t) => calleesOf(a, t)))];
  const sessionOpts = { file: ws.file, module, cwd: ws.dir, names, aliases, wrap: opts.wrap, outputCap: a.spec.data.defaults.output_cap,
    importMode: a.spec.data.submission.import, starter: namesToWire(starterValues(a)), required, signatures: signaturesOf(a, required) };
  let sessions = Array.from({ length: n }, () => new PythonSession(sessionOpts));
  // A solution reference's own driver, started only if a test needs a live run of the solution.
  const solution = a.reference.kind === 'solution' && a.reference.present ? new SolutionRunner(a, opts.wrap) : undefined;
  try {
    const imps = await Promise.all(sessions.map((s) => s.start()));
    const imp = imps[0];
    notices.push(...imp.notices);
    for (const k of imp.skipped ?? []) {
      const bound = Object.entries(k.bound ?? {}).map(([n, v]) => `${n} = ${v}`);
      notices.push(`line ${k.line} of ${fileName} (${JSON.stringify(k.source)}) asks for input while the module is imported: it was skipped${bound.length ? ` (${bound.join(', ')}, the starter's value, was used instead)` : ''}, and the rest of the file graded`);
    }
    for (const s of imp.set_aside ?? []) notices.push(setAsideNotice(s, fileName));
    if (!imp.ok) {
      const e = imp.error!;
      const where = e.line ? ` at ${fileName}:${e.line}` : '';
      const kind = e.type === 'DriverError' ? 'grader_error' : e.type === 'ResourceLimit' ? 'resource_limit_exceeded' : e.type === 'ImportTimeout' ? 'time_limit_exceeded' : 'import_error';
      const place = placeInFile(ws.file, e.line);
      const message = e.type === 'ResourceLimit' ? limit(kind, e.message).message
        : e.type === 'ImportTimeout' ? limit(kind, importTimeoutMessage(e.message, place)).message
        : importMessage(e.type, e.message, where, place);
      for (const t of tests) outcomes.set(t.id, { ...error(message, { traceback: e.traceback }, kind), ms: 0 });
      return { fatal: { kind: 'import', message, detail: e.traceback || undefined } };
    }
    // An import that worked once but not twice (randomness, timing) leaves the sessions that worked.
    sessions = sessions.filter((_, i) => imps[i].ok);
    const passed = new Set<string>();
    const stepping = { spentMs: 0 };
    const started = new Map<string, Promise<void>>();
    // `needs` holds among the tests being run: with --only, a test whose prerequisite is left out just runs.
    const selected = new Set(tests.map((t) => t.id));
    const needsOf = (t: TestData) => (t.needs && selected.has(t.needs) ? t.needs : undefined);
    const deadline = opts.deadline ?? Infinity;
    let expired = false;
    // The budget counts the CPU time the submission used (machine load must not decide a verdict) and the
    // time its tests spent waiting. A timer looks again at three times the budget and stops the drivers only
    // if those budgets are spent; a slow machine merely gets the timer again (every test is bounded by its
    // own CPU and wait limits, and a driver that stops answering by its session).
    const cpuUsed = () => sessions.reduce((n, s) => n + s.cpuMs, 0);
    const waited = () => sessions.reduce((n, s) => n + s.idleMs, 0);
    const spentNow = () => cpuUsed() > opts.budgetMs! || waited() > WAIT_BUDGET_MS;
    const overBudgetNow = () => expired || spentNow();
    const look = () => {
      if (!spentNow()) return void (timer = setTimeout(look, 3 * (opts.budgetMs ?? 0)).unref());
      expired = true;
      sessions.forEach((s) => s.kill());
    };
    let timer = setTimeout(look, Math.max(0, deadline + 2 * (opts.budgetMs ?? 0) - performance.now()));
    timer.unref();
    try {
      for (const phase of PHASES) {
        const queue = tests.filter((t) => (t.visibility ?? a.spec.data.defaults.visibility) === phase);
        let next = 0;
        const worker = async (session: PythonSession) => {
          while (next < queue.length) {
            const t = queue[next++];
            let finish!: () => void;
            started.set(t.id, new Promise<void>((r) => (finish = r)));
            try {
              const needs = needsOf(t);
              if (needs) await started.get(needs); // a dependency taken by another session: wait for its verdict
              const s0 = performance.now();
              const restarts = session.restarts;
              const timeout = t.timeout ?? a.spec.data.defaults.timeout;
              let o: Outcome;
              if (overBudgetNow()) {
                o = waited() > WAIT_BUDGET_MS ? overWaitBudget() : overBudget(opts.budgetMs!);
              } else if (needs && !passed.has(needs)) {
                o = skipped(`skipped: needs '${needs}' to pass first`);
              } else {
                try {
                  o = await runPythonTest(t, { a, session, file: fileName, seed: opts.seed, solution, stepping }, timeout);
                } catch (e) {
                  o = graderError(`grader problem while running this test: ${(e as Error).message}`);
                }
                if (expired) o = overBudget(opts.budgetMs!);
              }
              if (o.status === 'passed') passed.add(t.id);
              // The forked test inherits the import's notices (already the report's); a restart is the notice of the test it delayed.
              const own = [...(o.notices ?? []).filter((n) => !imp.notices.includes(n)), ...(session.restarts > restarts ? [RESTARTED] : [])];
              o = { ...o, notices: own };
              outcomes.set(t.id, { ...o, ms: performance.now() - s0 });
            } finally {
              finish();
            }
          }
        };
        await Promise.all(sessions.map(worker));
      }
    } finally {
      clearTimeout(timer);
    }
    return { literals: imp.literals };
  } finally {
    await Promise.all([...sessions.map((s) => s.close()), solution?.close()]);
    ws.cleanup();
  }
}

const RESTARTED = 'the test process had to be restarted (an earlier test killed it)';

/** Why the module did not import. `place`: the def or class body the error line is in (salvage.ts placeOf),
 *  undefined at the top level: a class module (313E's Hangman) has its error inside the class, and the advice
 *  for a top-level statement (under `if __name__ == '__main__':`) does not fit there. */
export function importMessage(type: string, message: string, where: string, place?: string): string {
  const at = place ? `${where}, in ${place}` : where;
  switch (type) {
    case 'SyntaxError': case 'IndentationError': case 'TabError':
      if (/null bytes|codec can't decode|invalid (start|continuation) byte/.test(message)) {
        return `${type}${where}: ${message}; the file is not Python source text (binary or not UTF-8): hand in the .py file itself`;
      }
      // Python's message repeats the place, "(ps3.py, line 249)": we already said where.
      return `${type}${at}: ${message.replace(/\s*\([^()]*, line \d+\)$/, '')}; the file cannot run at all (${place ? 'fix that line' : 'Python 2 code, or mixed tabs and spaces?'})`;
    case 'FileNotFoundError':
      return `${type}${at}: ${message}; the module opens a file that is not provided while being imported${place ? `; ${runsAtImport(place)}` : ''}`;
    case 'ModuleNotFoundError':
      return `${type}${at}: ${message}; only the standard library is available to your program`;
    case 'DriverError':
      return `could not start Python: ${message}`;
    default:
      return `importing the module failed with ${type}${at}: ${message}${place ? `; ${runsAtImport(place)}` : ''}`;
  }
}

/** Importing used up its CPU time: where it was decides the advice. */
export function importTimeoutMessage(message: string, place: string | undefined): string {
  if (!place) return `${message}: a loop or a wait at import? Put the code that starts the program under if __name__ == '__main__':`;
  const why = runsAtImport(place);
  return `${message}, in ${place}: a loop that never ends? ${why[0]!.toUpperCase()}${why.slice(1)}`;
}

/** Why a line in a def or a class body ran while the module was imported, and what to do about it. */
function runsAtImport(place: string): string {
  return place.startsWith('the body of class')
    ? 'a class body runs when the module is imported: fix that line, or move it into the method it belongs to'
    : "it ran while the module was imported: fix that line, and put whatever calls it at import under if __name__ == '__main__':";
}

export { fmtMs };
