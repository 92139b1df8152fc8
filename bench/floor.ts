// The isolation floor: what grading one submission must cost on this machine while every test runs in a
// process of its own (a fork of the driver that imported the submission), measured in the same run as the
// figures compared with it. The floor model of a submission with N tests is
//
//   one driver start  +  N × a fork of the loaded driver that does nothing  +  the tests' own work,
//
// where the tests' own work is what the same cases cost run one after another in one interpreter with no
// isolation: the generated unittest's own "Ran N tests in X s" (its start, imports and word list left out).
// Everything gradekit adds
// beyond it (Node's start, reading the spec, the reference, judging, reports, a second driver) is what a
// ratio to the floor shows.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import type { Assignment } from '../harness/assignment/load.js';
import { prepareWorkspace, wordListAliases } from '../harness/grade/workspace.js';
import { namesToWire } from '../harness/grade/word-lists.js';
import { pythonExecutable } from '../harness/run/python/interpreter.js';
import { PythonSession } from '../harness/run/python/session.js';
import { sharedSandbox } from '../harness/run/sandbox/index.js';
import { generateUnittest } from './unittest-gen.js';
import { loadAverage } from './system.js';
import { dist, median, round2, type Dist } from './stats.js';

export interface FloorFigure {
  assignment: string;
  /** The submission measured, relative to the project. */
  submission: string;
  /** A driver started in the sandbox as grading starts one (the word list sent), the submission imported. */
  driverStart: Dist;
  /** One request to the loaded driver whose forked child runs no step: the isolation each test pays. */
  fork: Dist;
  /** The generated unittest: the spec's cases in one interpreter, no isolation; `ranMs` is the time it
   *  reports running them ("Ran N tests in X s"), wallMs the whole process. */
  unittest: { wallMs: number; ranMs: number; cases: number; passed: boolean };
  /** The tests' own work: the unittest's ranMs (median). */
  workMs: number;
  /** Tests the model is for (the spec's tests of the assignment, as `check` runs them). */
  tests: number;
  /** driverStart + tests × fork + workMs (medians). */
  modelMs: number;
  load: [number, number, number];
}

export interface FloorSizes {
  /** Driver starts, each a new sandboxed process. */
  starts: number;
  /** No-op forks on one loaded driver. */
  forks: number;
  /** Runs of the generated unittest. */
  runs: number;
}

/** unittest's own report of the time it spent running the tests (not its start, imports or discovery). */
function ranMs(stderr: string): number {
  const m = /^Ran (\d+) tests? in ([\d.]+)s$/m.exec(stderr);
  if (!m) throw new Error(`the generated unittest printed no "Ran N tests in X s" line: ${stderr.trim().split('\n').pop()}`);
  return Number(m[2]) * 1000;
}

function wall(argv: string[], cwd: string): { ms: number; ok: boolean; stderr: string } {
  const t0 = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', input: '', timeout: 60_000, killSignal: 'SIGKILL' });
  return { ms: performance.now() - t0, ok: r.status === 0, stderr: r.stderr ?? '' };
}

/** Measures the floor on one submission of a Python assignment (its file, or a folder holding it). */
export async function measureFloor(a: Assignment, submission: string, sizes: FloorSizes, root = ''): Promise<FloorFigure> {
  if (a.spec.data.language !== 'python') throw new Error(`the isolation floor is measured for Python assignments (${a.id} is ${a.spec.data.language})`);
  const ws = prepareWorkspace(a, submission);
  const module = a.spec.data.submission.module ?? basename(ws.file, extname(ws.file));
  const opts = { file: ws.file, module, cwd: ws.dir, names: namesToWire(a.names), aliases: wordListAliases(a, ws), wrap: sharedSandbox().wrap, outputCap: a.spec.data.defaults.output_cap };
  const plain = mkdtempSync(join(tmpdir(), `gradekit-bench-floor-${a.id}-`));
  try {
    const starts: number[] = [];
    let loaded: PythonSession | undefined;
    for (let i = 0; i < sizes.starts + 1; i++) {
      const s = new PythonSession(opts);
      const t0 = performance.now();
      const imp = await s.start();
      const ms = performance.now() - t0;
      if (!imp.ok) {
        await s.close();
        throw new Error(`${a.id}: ${submission} does not import in the driver: ${imp.error?.message}`);
      }
      if (i > 0) starts.push(ms); // the first start pays for cold caches (the driver's bytecode, the disk)
      if (i === sizes.starts) loaded = s;
      else await s.close();
    }
    const forks: number[] = [];
    try {
      const noop = { id: 'noop', timeout_ms: 5000, steps: [], stdin: null };
      for (let i = 0; i < sizes.forks + 3; i++) {
        const t0 = performance.now();
        const r = await loaded!.run(noop);
        if (r.status !== 'ok') throw new Error(`${a.id}: a forked child that runs nothing ended '${r.status}'`);
        if (i >= 3) forks.push(performance.now() - t0);
      }
    } finally {
      await loaded!.close();
    }

    // The same submission, its word list and the generated unittest in a plain folder, as a course runs it.
    copyFileSync(ws.file, join(plain, basename(ws.file)));
    const w = a.spec.data.words;
    if (w && a.wordsFile) copyFileSync(a.wordsFile, join(plain, w.as));
    const gen = generateUnittest(a);
    writeFileSync(join(plain, `test_${gen.module}.py`), gen.source);
    const py = pythonExecutable();
    const walls: number[] = [], ran: number[] = [];
    let passed = true;
    for (let i = 0; i < sizes.runs + 1; i++) {
      const u = wall([py, '-m', 'unittest', '-q', `test_${gen.module}`], plain);
      if (i === 0) continue; // warm-up
      walls.push(u.ms);
      ran.push(ranMs(u.stderr));
      passed &&= u.ok;
    }
    const tests = a.spec.data.tests.length;
    const workMs = median(ran);
    return {
      assignment: a.id,
      submission: root && submission.startsWith(root) ? submission.slice(root.length + 1) : submission,
      driverStart: dist(starts),
      fork: dist(forks),
      unittest: { wallMs: round2(median(walls)), ranMs: round2(workMs), cases: gen.cases, passed },
      workMs: round2(workMs),
      tests,
      modelMs: round2(median(starts) + tests * median(forks) + workMs),
      load: loadAverage(),
    };
  } finally {
    ws.cleanup();
    rmSync(plain, { recursive: true, force: true });
  }
}
