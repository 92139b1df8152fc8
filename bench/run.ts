// The whole benchmark: every measure of issue 9 in order, each section isolated (a failing section is
// recorded, the others still run), then bench.md and bench.json in the output folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadAssignment } from '../harness/assignment/load.js';
import { measureOverhead, type OverheadResult } from './overhead.js';
import { measureSuites, measureSuiteScaling, type SuiteResult, type SuiteScaling } from './suite.js';
import { classSize, measureBatchScaling, measureGradeRun, type BatchFigure, type BatchScaling } from './batch.js';
import { measureFloor, type FloorFigure, type FloorSizes } from './floor.js';
import { measureWatch } from './watch.js';
import { acceptedFixtures } from './suite.js';
import { rootPath } from '../harness/paths.js';
import { measureReference, type RefFigure } from './reference-speed.js';
import { renderMarkdown } from './report.js';
import { loadAverage } from './system.js';
import type { Progress } from '../harness/report/progress.js';
import '../reference/register.js';

export interface BenchSizes {
  overheadRuns: number;
  suiteRuns: number;
  suiteScaling: { sizes: number[]; runs: number };
  batchSizes: number[];
  reference: { hangman: number[]; chiseler: number; runs: number };
  floor: FloorSizes;
}

export const FULL: BenchSizes = {
  overheadRuns: 200,
  suiteRuns: 5,
  suiteScaling: { sizes: [5, 10, 20, 40, 1000], runs: 3 },
  batchSizes: [100, 300, 1000],
  reference: { hangman: [45_000, 120_000], chiseler: 2_000, runs: 20 },
  floor: { starts: 20, forks: 300, runs: 10 },
};

export const QUICK: BenchSizes = {
  overheadRuns: 50,
  suiteRuns: 3,
  suiteScaling: { sizes: [5, 15, 30, 1000], runs: 3 },
  batchSizes: [20, 60, 200],
  reference: { hangman: [45_000, 120_000], chiseler: 2_000, runs: 10 },
  floor: { starts: 6, forks: 60, runs: 3 },
};

/** The sections of the benchmark in the order they run, each named by the measures of issue 9 it takes. */
const SECTIONS = ['1 per-test overhead', '2 full suite per assignment', '3+5 batch throughput and scaling', '4 reference speed', '5 suite time vs number of tests'] as const;

export interface BenchResults {
  startedAt: string;
  mode: 'full' | 'quick' | 'custom';
  machine: { cpus: number; model: string; memGb: number; node: string; loadAtStart: [number, number, number] };
  overhead?: OverheadResult;
  suites?: SuiteResult;
  batch?: BatchScaling & { assignment: string; note?: string; floor?: FloorFigure };
  /** Class folders given with --class, each graded once. */
  classes?: (BatchFigure & { folder: string })[];
  reference?: { figures: RefFigure[]; skipped: string[] };
  suiteScaling?: SuiteScaling;
  errors: { section: string; message: string }[];
  totalMs: number;
}

/** The batch assignment: ps3-ocw as issue 9 asks, or chiseler when the ps3-ocw spec does not load. */
export function batchTarget(): { id: string; fixturesDir: string; file: string; note?: string } {
  for (const id of ['ps3-ocw', 'chiseler']) {
    try {
      const a = loadAssignment(id);
      return { id, fixturesDir: a.fixturesDir, file: a.spec.data.submission.file ?? `${id}.py`, ...(id !== 'ps3-ocw' ? { note: 'the ps3-ocw spec did not load; chiseler was used instead' } : {}) };
    } catch {
      /* try the next one */
    }
  }
  throw new Error('neither the ps3-ocw nor the chiseler spec loads');
}

/** The isolation floor (floor.ts) on the first accepted fixture whose generated unittest passes (or the one given). */
async function floorOf(id: string, sizes: FloorSizes, submission?: string): Promise<FloorFigure> {
  const a = loadAssignment(id);
  let first: FloorFigure | undefined;
  for (const s of submission ? [submission] : acceptedFixtures(a)) {
    const f = await measureFloor(a, s, sizes, rootPath());
    if (f.unittest.passed) return f;
    first ??= f;
  }
  if (!first) throw new Error(`${id} has no accepted fixture submission to measure the floor on`);
  return first;
}

export interface BenchOptions {
  /** Which measures of issue 9 (1–5); all by default. */
  sections?: readonly number[];
  /** Assignment id -> the course's own unittest file, timed beside `gradekit check` in measure 2. */
  courseTests?: Record<string, string>;
  /** Assignment id -> a class folder (real submissions), graded once in measure 3 with CPU and waiting apart. */
  classes?: Record<string, string>;
}

/** Runs the measures of issue 9 (`sections`: which of 1–5; all by default), telling `progress` each one. */
export async function runBench(sizes: BenchSizes, mode: BenchResults['mode'], progress?: Pick<Progress, 'stage' | 'item' | 'tick' | 'log'>, o: BenchOptions = {}): Promise<BenchResults> {
  const sections = o.sections ?? [1, 2, 3, 4, 5];
  const courseTests = o.courseTests ?? {};
  const t0 = performance.now();
  const res: BenchResults = {
    startedAt: new Date().toISOString(),
    mode,
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', memGb: Math.round(totalmem() / 2 ** 30), node: process.version, loadAtStart: loadAverage() },
    errors: [],
    totalMs: 0,
  };
  const selected = (name: string) => name.split(' ')[0].split('+').some((n) => sections.includes(Number(n)));
  progress?.stage('measuring', SECTIONS.filter(selected).length);
  const section = async (name: (typeof SECTIONS)[number], fn: () => Promise<void> | void) => {
    if (!selected(name)) return;
    progress?.item(name);
    const s0 = performance.now();
    try {
      await fn();
    } catch (e) {
      res.errors.push({ section: name, message: (e as Error).message });
      progress?.log(`bench: ${name} failed: ${(e as Error).message}`);
    }
    progress?.tick(name, `done in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
  };
  await section('1 per-test overhead', async () => void (res.overhead = await measureOverhead(sizes.overheadRuns)));
  await section('2 full suite per assignment', async () => {
    res.suites = measureSuites(sizes.suiteRuns, ['ps3-mit'], courseTests);
    // check's floor, on the very submission check was timed on.
    for (const f of res.suites.figures) {
      if (f.assignment !== 'ps3-mit') continue;
      f.floor = await floorOf(f.assignment, sizes.floor, rootPath(f.submission));
      f.watch = await measureWatch(f.assignment, rootPath(f.submission), Math.max(3, sizes.suiteRuns));
    }
  });
  await section('3+5 batch throughput and scaling', async () => {
    const t = batchTarget();
    const floor = await floorOf(t.id, sizes.floor);
    res.batch = { assignment: t.id, ...(t.note ? { note: t.note } : {}), floor, ...(await measureBatchScaling(t.id, t.fixturesDir, t.file, sizes.batchSizes, undefined, floor.modelMs)) };
    for (const [id, folder] of Object.entries(o.classes ?? {})) {
      const floorMs = id === t.id ? floor.modelMs : (await floorOf(id, sizes.floor)).modelMs;
      (res.classes ??= []).push({ folder, ...(await measureGradeRun(id, folder, classSize(folder), undefined, floorMs)) });
    }
  });
  await section('4 reference speed', () => void (res.reference = measureReference(sizes.reference)));
  await section('5 suite time vs number of tests', async () => void (res.suiteScaling = await measureSuiteScaling('ps3-mit', sizes.suiteScaling.sizes, sizes.suiteScaling.runs)));
  res.totalMs = Math.round(performance.now() - t0);
  return res;
}

export function writeResults(res: BenchResults, outDir: string): { md: string; json: string } {
  mkdirSync(outDir, { recursive: true });
  const md = join(outDir, 'bench.md');
  const json = join(outDir, 'bench.json');
  writeFileSync(md, renderMarkdown(res));
  writeFileSync(json, JSON.stringify(res, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2) + '\n');
  return { md, json };
}
