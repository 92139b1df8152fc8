// Measure 2 (one correct submission, full suite, through the real CLI) and the suite half of
// measure 5 (suite time against the number of tests, in-process with GradeOptions.only).
import type { WatchFigure } from './watch.js';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { listAssignments, loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { rootPath } from '../harness/paths.js';
import { generateUnittest } from './unittest-gen.js';
import type { FloorFigure } from './floor.js';
import { loadAverage, openCpuAccount } from './system.js';
import { pythonExecutable } from '../harness/run/python/interpreter.js';
import { fitLine, isLinear, median, quantile, round2, type LineFit } from './stats.js';
import '../reference/register.js';

export interface SuiteFigure {
  assignment: string;
  submission: string;
  tests: number;
  /** Wall time of `node bin/gradekit check`, Node start-up included. */
  wallMs: number;
  /** The report's own durationMs (grading only, no start-up). */
  gradingMs: number;
  /** CPU time of the whole command (Node, every driver and test, the kernel's share): where the bench may
   *  make a cgroup. */
  cpuMs?: number;
  allPassed: boolean;
  runs: number;
  load: [number, number, number];
  unittest?: { wallMs: number; cases: number; skipped: string[]; passed: boolean; ratio: number };
  /** The course's own unittest file (--course-tests), timed side by side on the same submission. */
  courseUnittest?: { file: string; wallMs: number; cases: number; passed: boolean; ratio: number };
  /** What one test costs on this real-shaped submission (the report's durationMs of each test, last run). */
  perTest: { medianMs: number; p90Ms: number; maxMs: number };
  /** The isolation floor on the same submission, measured after it (bench/floor.ts; run.ts adds it). */
  floor?: FloorFigure;
  /** The same check repeated under `check --watch` (bench/watch.ts; run.ts adds it beside the floor). */
  watch?: WatchFigure;
}

export interface SuiteResult {
  figures: SuiteFigure[];
  skipped: string[];
}

/** The accepted fixture submissions of an assignment, sorted by name. */
export function acceptedFixtures(a: Assignment): string[] {
  const dir = join(a.fixturesDir, 'submissions', 'accepted');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((n) => !n.startsWith('.')).sort().map((n) => join(dir, n));
}

export function acceptedFixture(a: Assignment): string | undefined {
  return acceptedFixtures(a)[0];
}

/** Runs a command to completion (stdin empty: a program waiting for input sees end of file), killed after `timeoutMs`. */
function timeCommand(argv: string[], cwd: string, timeoutMs = 300_000): { ms: number; status: number | null; stdout: string; stderr: string } {
  const t0 = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', maxBuffer: 64 << 20, input: '', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { ms: performance.now() - t0, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A unittest file beside a copy of the submission and the word list, ready to run. */
interface UnittestRun {
  dir: string;
  cases: number;
  run: (timeoutMs?: number) => { ms: number; passed: boolean };
}

/** A fresh folder with the submission's file and the word list in it, as a course's test script expects. */
function submissionCopy(a: Assignment, submission: string, what: string): string {
  const dir = mkdtempSync(join(tmpdir(), `gradekit-bench-${what}-${a.id}-`));
  const file = a.spec.data.submission.file ?? `${a.id}.py`;
  copyFileSync(statSync(submission).isDirectory() ? join(submission, file) : submission, join(dir, file));
  if (a.wordsFile && a.spec.data.words) copyFileSync(a.wordsFile, join(dir, a.spec.data.words.as));
  return dir;
}

/** The in-process unittest alternative for a Python submission, generated from the spec. */
function unittestDir(a: Assignment, submission: string): UnittestRun & { gen: ReturnType<typeof generateUnittest> } {
  const dir = submissionCopy(a, submission, 'unittest');
  const gen = generateUnittest(a);
  writeFileSync(join(dir, `test_${gen.module}.py`), gen.source);
  const run = (timeoutMs?: number) => {
    const r = timeCommand([pythonExecutable(), '-m', 'unittest', '-q', `test_${gen.module}`], dir, timeoutMs);
    return { ms: r.ms, passed: r.status === 0 };
  };
  return { dir, gen, cases: gen.cases, run };
}

/** The course's own test file beside the submission and its word list. It is run as the course runs it,
 *  `python3 test_ps3.py` (MIT's loads the word list under `if __name__ == '__main__':`), and has passed
 *  when unittest's summary says OK (its TextTestRunner exits 0 either way). */
function courseUnittestDir(a: Assignment, submission: string, testFile: string): UnittestRun {
  const dir = submissionCopy(a, submission, 'course');
  copyFileSync(testFile, join(dir, basename(testFile)));
  const cases = (readFileSync(testFile, 'utf8').match(/^\s+def test\w*\(/gm) ?? []).length;
  const run = (timeoutMs = 30_000) => {
    const r = timeCommand([pythonExecutable(), basename(testFile)], dir, timeoutMs);
    return { ms: r.ms, passed: r.status === 0 && /^OK\b/m.test(r.stderr) && !/^FAILED\b/m.test(r.stderr) };
  };
  return { dir, cases, run };
}

/** `courseTests`: assignment id -> the course's own unittest file (e.g. MIT's test_ps3.py), timed beside gradekit. */
export function measureSuites(runs: number, withUnittest: readonly string[] = ['ps3-mit'], courseTests: Record<string, string> = {}, ids: readonly string[] = listAssignments()): SuiteResult {
  const figures: SuiteFigure[] = [];
  const skipped: string[] = [];
  const cli = rootPath('bin', 'gradekit');
  const root = rootPath();
  // One untimed call first: it rebuilds the CLI bundle if a source file changed since the last build.
  timeCommand([process.execPath, cli, 'list'], root);
  for (const id of ids) {
    let a: Assignment;
    try {
      a = loadAssignment(id);
    } catch (e) {
      skipped.push(`${id}: the spec does not load (${(e as Error).message.split('\n')[0]})`);
      continue;
    }
    const subs = acceptedFixtures(a);
    if (!subs.length) {
      skipped.push(`${id}: no accepted fixture submission`);
      continue;
    }
    let sub = subs[0];
    let ut: ReturnType<typeof unittestDir> | undefined;
    let course: ReturnType<typeof courseUnittestDir> | undefined;
    const py = a.spec.data.language === 'python';
    if (py && (withUnittest.includes(id) || courseTests[id])) {
      // A plain unittest cannot cope with what gradekit absorbs (a hard-coded word-list path, the course's
      // exact prompt order): compare on the first accepted submission that the unittest files also pass.
      for (const s of subs) {
        for (const d of [ut?.dir, course?.dir]) if (d) rmSync(d, { recursive: true, force: true });
        ut = withUnittest.includes(id) ? unittestDir(a, s) : undefined;
        course = courseTests[id] ? courseUnittestDir(a, s, courseTests[id]) : undefined;
        sub = s;
        // A submission that reads sys.stdin directly loops at end of file under a plain input() mock: 30 s is plenty.
        if ((!ut || ut.run(30_000).passed) && (!course || course.run().passed)) break;
      }
    }
    const walls: number[] = [], gradings: number[] = [], uts: number[] = [], courses: number[] = [], cpus: number[] = [];
    const acct = openCpuAccount();
    let allPassed = true, utPassed = true, coursePassed = true, tests = 0;
    let perTest: number[] = [];
    const jsonOut = join(tmpdir(), `gradekit-bench-${process.pid}-${id}.json`);
    try {
      for (let i = 0; i < runs; i++) {
        const c0 = acct.seconds();
        const r = timeCommand(acct.wrap([process.execPath, cli, 'check', id, sub, '--json', jsonOut]), root);
        if (r.status === 2 || r.status === 3) throw new Error(`gradekit check ${id} failed: ${r.stderr.trim().split('\n')[0]}`);
        walls.push(r.ms);
        if (acct.source === 'cgroup') cpus.push((acct.seconds() - c0) * 1000);
        const rep = JSON.parse(readFileSync(jsonOut, 'utf8')) as { durationMs: number; tests: { durationMs: number }[] };
        gradings.push(rep.durationMs);
        tests = rep.tests.length;
        perTest = rep.tests.map((t) => t.durationMs);
        allPassed &&= r.status === 0;
        if (ut) {
          const u = ut.run();
          uts.push(u.ms);
          utPassed &&= u.passed;
        }
        if (course) {
          const u = course.run();
          courses.push(u.ms);
          coursePassed &&= u.passed;
        }
      }
    } catch (e) {
      skipped.push(`${id}: ${(e as Error).message}`);
      continue;
    } finally {
      acct.close();
      rmSync(jsonOut, { force: true });
      if (ut) rmSync(ut.dir, { recursive: true, force: true });
      if (course) rmSync(course.dir, { recursive: true, force: true });
    }
    figures.push({
      assignment: id,
      submission: sub.slice(root.length + 1),
      tests,
      wallMs: round2(median(walls)),
      gradingMs: round2(median(gradings)),
      ...(cpus.length ? { cpuMs: round2(median(cpus)) } : {}),
      allPassed,
      runs,
      load: loadAverage(),
      perTest: { medianMs: round2(median(perTest)), p90Ms: round2(quantile(perTest, 0.9)), maxMs: round2(Math.max(...perTest)) },
      ...(ut ? { unittest: { wallMs: round2(median(uts)), cases: ut.gen.cases, skipped: ut.gen.skipped, passed: utPassed, ratio: round2(median(walls) / median(uts)) } } : {}),
      ...(course ? { courseUnittest: { file: courseTests[id], wallMs: round2(median(courses)), cases: course.cases, passed: coursePassed, ratio: round2(median(walls) / median(courses)) } } : {}),
    });
  }
  return { figures, skipped };
}

export interface SuiteScaling {
  assignment: string;
  points: { tests: number; ms: number }[];
  fit: LineFit;
  linear: boolean;
  load: [number, number, number];
}

/** k tests spread evenly over the spec, so every subset has the same mix of cheap and costly tests. */
export function spreadIds(ids: readonly string[], k: number): string[] {
  return Array.from({ length: k }, (_, i) => ids[Math.floor((i * ids.length) / k)]);
}

/** Grades one submission in-process with k of its tests only, for growing k; fits ms = a·k + b. */
export async function measureSuiteScaling(id: string, sizes: readonly number[], runs: number): Promise<SuiteScaling> {
  const a = loadAssignment(id);
  const sub = acceptedFixture(a);
  if (!sub) throw new Error(`${id} has no accepted fixture submission`);
  const ids = a.spec.data.tests.map((t) => t.id);
  const ks = [...new Set(sizes.map((k) => Math.min(k, ids.length)))];
  await gradeSubmission(a, sub); // warm-up: the whole suite once (JIT, word-list indexes, disk cache)
  const points: { tests: number; ms: number }[] = [];
  for (const k of ks) {
    const xs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await gradeSubmission(a, sub, { only: spreadIds(ids, k) });
      xs.push(performance.now() - t0);
    }
    points.push({ tests: k, ms: round2(median(xs)) });
  }
  const fit = fitLine(points.map((p) => p.tests), points.map((p) => p.ms));
  return { assignment: id, points, fit, linear: isLinear(fit, points.length), load: loadAverage() };
}
