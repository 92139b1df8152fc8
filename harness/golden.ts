// Golden files: the reviewed record of what a correct program prints (and, for a solution reference,
// returns) on the bundled word list. `--update` writes them from the reference; the default checks them
// (the test suite runs the check). A TypeScript reference's golden files are transcripts
// (golden/<test>.txt); an instructor's solution's are its whole run (golden/<test>.json, see
// grade/solution.ts), made by running the solution in the sandboxed driver.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { specAt, type Assignment } from './assignment/load.js';
import { goldenPath, planTest, referenceRun, transcriptMode, type Running, type RunningTest } from './grade/python-tests.js';
import { fingerprint, goldenOf, needsSolution, readGolden, renderGolden, solutionGoldenPath, solutionProblem, solutionRaised, SolutionRunner, SolutionUnavailable } from './grade/solution.js';
import type { TestData } from './spec/schema.js';
import { UsageError } from './util/errors.js';
import { SIGNATURES_GOLDEN, solutionSignatures } from './assignment/signatures.js';
import { expectedRun, expectedState, goldenFile as classGoldenFile, goldenText as classGoldenText, solutionMisfitAt } from './grade/java-class.js';
import { batch, propertyPlan, renderedCases } from './grade/java-property.js';
import { startProgress, type Progress, type ProgressOptions } from './report/progress.js';

export interface GoldenStatus {
  fresh: string[];
  stale: string[];
  missing: string[];
  orphans: string[];
  written: string[];
  /** Tests the solution could not run (solution references): id -> why. */
  failed?: [string, string][];
  /** Recorded, but worth a look before committing: id -> what (a run whose input ran out mid-program). */
  notes?: [string, string][];
}

type ProgressLike = Pick<Progress, 'stage' | 'item' | 'tick'>;

export function goldenTests(a: Assignment): Running[] {
  const runs = a.spec.data.tests.filter((t): t is RunningTest => 'call' in t || 'steps' in t || 'run' in t);
  if (a.reference.kind === 'solution') return runs.filter((t) => needsSolution(t, transcriptMode(t), 'run' in t ? 'run' : 'call' in t ? 'call' : 'steps'));
  return runs.filter((t) => transcriptMode(t) === 'golden');
}

/** Compares `want` with the file, writes it with `update`, and records the outcome. */
function settle(st: GoldenStatus, id: string, file: string, want: string, update: boolean, progress?: ProgressLike): void {
  const have = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (have === want) {
    st.fresh.push(id);
    progress?.tick(id, 'up to date');
  } else if (update) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, want);
    st.written.push(id);
    progress?.tick(id, have === undefined ? 'written' : 'rewritten');
  } else {
    (have === undefined ? st.missing : st.stale).push(id);
    progress?.tick(id, have === undefined ? 'MISSING' : 'STALE');
  }
}


/** A golden command without the solution it runs: where the spec names it, and what to do. */
function solutionNotHere(a: Assignment, file: string): string {
  const at = typeof a.spec.data.reference === 'object' ? `${specAt(a, ['reference'])}: ` : '';
  return `${at}the golden files of ${a.id} are made by running the instructor's solution, and ${relative(process.cwd(), file) || file} is not here\n  hint: run gradekit golden where the solution is (a copy for students, or an export, holds only its golden files)`;
}

/** specAt of a field of the test `id`. */
const testAt = (a: Assignment, id: string, path: (string | number)[]) => specAt(a, ['tests', a.spec.data.tests.findIndex((t) => t.id === id), ...path]);

/** A test the solution could not answer: not written; a golden file an earlier run wrote is still what
 *  grading uses, so the message says so. */
function failed(st: GoldenStatus, id: string, why: string, file: string, progress?: ProgressLike): void {
  const old = existsSync(file) ? `; ${relative(process.cwd(), file) || file}, written before, is still there and grading uses it until the test is fixed` : '';
  st.failed!.push([id, `${why}${old}`]);
  progress?.tick(id, 'FAILED');
}

function orphans(a: Assignment, ids: Set<string>, ext: string): string[] {
  const dir = join(a.fixturesDir, 'golden');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(ext) && !ids.has(f.slice(0, -ext.length))) : [];
}

export function syncGolden(a: Assignment, update: boolean, progress?: ProgressLike): GoldenStatus {
  if (a.customWords) throw new UsageError('golden files record the bundled word list; drop --words');
  if (a.reference.kind === 'solution') throw new Error('syncGolden: a solution reference is run in its driver: use syncSolutionGolden');
  const st: GoldenStatus = { fresh: [], stale: [], missing: [], orphans: [], written: [] };
  const tests = goldenTests(a);
  progress?.stage(update ? 'updating from the reference' : 'checking against the reference', tests.length);
  for (const t of tests) {
    progress?.item(t.id);
    settle(st, t.id, goldenPath(a, t.id), referenceRun(a, t).transcript, update, progress);
  }
  st.orphans = orphans(a, new Set(tests.map((t) => t.id)), '.txt');
  return st;
}

/** A solution reference's golden files: each test run on the solution in the sandboxed driver. */
export async function syncSolutionGolden(a: Assignment, update: boolean, progress?: ProgressLike): Promise<GoldenStatus> {
  if (a.customWords) throw new UsageError('golden files record the bundled word list; drop --words');
  const src = a.reference;
  if (src.kind !== 'solution') throw new Error('not a solution reference');
  if (!src.present) throw new UsageError(solutionNotHere(a, src.file));
  const st: GoldenStatus = { fresh: [], stale: [], missing: [], orphans: [], written: [], failed: [], notes: [] };
  const tests = goldenTests(a) as RunningTest[];
  progress?.stage(update ? `running ${basename(src.file)} to update` : `running ${basename(src.file)} to check`, tests.length);
  const runner = new SolutionRunner(a);
  try {
    for (const t of tests) {
      progress?.item(t.id);
      const plan = planTest(t, a, undefined, t.timeout ?? a.spec.data.defaults.timeout);
      let res;
      try {
        res = await runner.run(plan.req);
      } catch (e) {
        if (e instanceof SolutionUnavailable) throw new UsageError(e.message);
        throw e;
      }
      const problem = solutionProblem(res, plan.steps);
      if (problem) {
        failed(st, t.id, `${testAt(a, t.id, 'call' in t ? ['call'] : [])}: ${problem}`, solutionGoldenPath(a, t.id), progress);
        continue;
      }
      // Recorded, but every student must then raise it too: worth a look (a call meant to return a value?).
      const raised = solutionRaised(res.obs!, plan.steps, src.file);
      if (raised) st.notes!.push([t.id, raised]);
      const g = goldenOf(a, t as RunningTest & { id: string }, plan, res.obs!);
      settle(st, t.id, solutionGoldenPath(a, t.id), renderGolden(g), update, progress);
    }
  } finally {
    await runner.close();
  }
  // The parameter names of the solution's functions, for a copy without it (harness/assignment/signatures.ts).
  const sigs = solutionSignatures(a);
  if (sigs && Object.keys(sigs).length) {
    progress?.item(SIGNATURES_GOLDEN);
    settle(st, SIGNATURES_GOLDEN, solutionGoldenPath(a, SIGNATURES_GOLDEN), `{\n${Object.entries(sigs).map(([n, p]) => `  ${JSON.stringify(n)}: ${JSON.stringify(p)}`).join(',\n')}\n}\n`, update, progress);
  }
  st.orphans = orphans(a, new Set([...tests.map((t) => t.id), SIGNATURES_GOLDEN]), '.json');
  return st;
}

/** A Java class assignment's golden files: each test run on the staff's solution (harness/grade/java-class.ts). */
export async function syncClassGolden(a: Assignment, update: boolean, progress?: ProgressLike): Promise<GoldenStatus> {
  if (a.customWords) throw new UsageError('golden files record the bundled word list; drop --words');
  const src = a.reference;
  if (src.kind !== 'solution') throw new Error('not a solution reference');
  if (!src.present) throw new UsageError(solutionNotHere(a, src.file));
  const st: GoldenStatus = { fresh: [], stale: [], missing: [], orphans: [], written: [], failed: [], notes: [] };
  const tests = a.spec.data.tests.filter((t) => 'call' in t || 'steps' in t || 'run' in t || 'property' in t);
  progress?.stage(update ? `running ${basename(src.file)} to update` : `running ${basename(src.file)} to check`, tests.length);
  for (const t of tests) {
    progress?.item(t.id);
    // A property test records its cases (drawn under its own seed) with the solution's results on them.
    const plan = 'property' in t ? propertyPlan(a, t) : undefined;
    if (plan && 'problem' in plan) {
      st.failed!.push([t.id, plan.problem]);
      progress?.tick(t.id, 'FAILED');
      continue;
    }
    const cases = plan ? renderedCases(plan) : undefined;
    const r = await expectedRun(a, t, plan ? batch(plan, plan.cases.map((c) => c.value_)).steps : a.steps.get(t.id), undefined);
    if ('problem' in r) {
      st.failed!.push([t.id, r.problem]);
      progress?.tick(t.id, 'FAILED');
      continue;
    }
    // A step or a run the solution itself cannot make: recorded, it would cost every student the test.
    const misfit = solutionMisfitAt(a, t, r);
    if (misfit) {
      failed(st, t.id, misfit, classGoldenFile(a, t.id), progress);
      continue;
    }
    // A run stopped at a read its stdin: has no line for: kept (a test may end mid-program on purpose), but
    // a program that reads to the end of its input never got there.
    if ('main' in r && r.main.outcome === 'blocked-without-input') {
      const at = (r.main.lastPrompt ?? '').trimEnd().split('\n').pop() ?? '';
      const given = 'stdin' in t ? t.stdin?.length ?? 0 : 0;
      st.notes!.push([t.id, `the solution was still reading System.in when the ${given} stdin: line(s) ran out${at ? ` (at ${JSON.stringify(at.slice(-60))})` : ''}, so its run stops there: add the lines it waits for, or \`eof: true\` when it reads until its input ends`]);
    }
    // The solution's object after each step too: what a failing test's cause is found by (java-state.ts).
    const state = plan ? undefined : await expectedState(a, t, a.steps.get(t.id), undefined);
    settle(st, t.id, classGoldenFile(a, t.id), classGoldenText(t.id, r, state, cases), update, progress);
  }
  st.orphans = orphans(a, new Set(tests.map((t) => t.id)), '.json');
  return st;
}

/** The tests of a Python solution reference whose golden file is missing, or was made for another version of
 *  the test (its call, input, patches or word list changed since): graded, each could only be a grader error.
 *  Checked without running anything (the files' fingerprints), before a submission is graded. */
export function goldenGaps(a: Assignment, tests: readonly TestData[]): { missing: string[]; stale: string[] } {
  const gaps = { missing: [] as string[], stale: [] as string[] };
  // --words runs the solution live; a Java class has its own golden files (java-class.ts).
  if (a.reference.kind !== 'solution' || a.spec.data.language !== 'python' || a.customWords) return gaps;
  const due = new Set(goldenTests(a).map((t) => t.id));
  for (const t of tests as RunningTest[]) {
    if (!due.has(t.id)) continue;
    const file = solutionGoldenPath(a, t.id);
    if (!existsSync(file)) gaps.missing.push(t.id);
    else {
      let stale: boolean;
      try {
        stale = readGolden(file).fingerprint !== fingerprint(a, t, planTest(t, a, undefined, t.timeout ?? a.spec.data.defaults.timeout).req);
      } catch (e) {
        if (!(e instanceof SolutionUnavailable)) throw e;
        stale = true; // unreadable: made again by --update
      }
      if (stale) gaps.stale.push(t.id);
    }
  }
  return gaps;
}

/** Refuses to grade where the instructor's solution is here but golden files are missing or stale: every
 *  student would lose those tests' points for the spec's problem. Without the solution (a student's copy, an
 *  export) the tests run and are reported as not graded (grader errors, which cost nothing). */
export function refuseGoldenGaps(a: Assignment, tests: readonly TestData[]): void {
  if (a.reference.kind !== 'solution' || !a.reference.present) return;
  const { missing, stale } = goldenGaps(a, tests);
  if (!missing.length && !stale.length) return;
  const spec = relative(process.cwd(), a.spec.file) || a.spec.file;
  const list = (xs: string[]) => (xs.length > 6 ? `${xs.slice(0, 6).join(', ')} and ${xs.length - 6} more` : xs.join(', '));
  const what = [missing.length ? `missing for ${list(missing)}` : '', stale.length ? `made for another version of ${list(stale)} (the call, input, patches or word list changed since)` : ''].filter(Boolean).join('; ');
  throw new UsageError(`golden files ${what}: nothing was graded, since every submission would lose those tests' points\n  hint: run \`gradekit golden ${spec} --update\` (it runs ${basename(a.reference.file)}), review the change, then grade again`);
}

export async function goldenCommand(a: Assignment, update: boolean, flags: ProgressOptions = {}): Promise<number> {
  const progress = startProgress(`golden ${a.id}`, flags);
  let st: GoldenStatus;
  try {
    st = a.reference.kind !== 'solution' ? syncGolden(a, update, progress) : a.spec.data.language === 'java' ? await syncClassGolden(a, update, progress) : await syncSolutionGolden(a, update, progress);
  } finally {
    progress.done();
  }
  const dir = relative(process.cwd(), join(a.fixturesDir, 'golden')) || '.';
  const spec = a.reference.kind === 'builtin' ? a.id : relative(process.cwd(), a.spec.file) || a.spec.file;
  const what = a.reference.kind === 'solution' ? 'golden file(s)' : 'golden transcript(s)';
  const out: string[] = [];
  // The first line counts what the run did: a first --update writes them all, and "0 up to date" read as a failure.
  out.push(st.written.length
    ? `${a.id}: wrote ${st.written.length} ${what} in ${dir}${st.fresh.length ? ` (${st.fresh.length} more already up to date)` : ''}: ${st.written.join(', ')}`
    : `${a.id}: ${st.fresh.length} ${what} up to date in ${dir}`);
  if (st.stale.length) out.push(`  STALE ${st.stale.length} (differ from the reference): ${st.stale.join(', ')}`);
  if (st.missing.length) out.push(`  MISSING ${st.missing.length}: ${st.missing.join(', ')}`);
  for (const [id, why] of st.failed ?? []) out.push(`  FAILED ${id}: ${why}`);
  for (const [id, what] of st.notes ?? []) out.push(`  NOTE ${id}: ${what}`);
  if (st.orphans.length) out.push(`  orphan file(s) no test uses: ${st.orphans.join(', ')}`);
  if (st.stale.length || st.missing.length) out.push(`  review the change, then run: gradekit golden ${spec} --update`);
  process.stdout.write(out.join('\n') + '\n');
  return st.stale.length || st.missing.length || st.failed?.length ? 1 : 0;
}
