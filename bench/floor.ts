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
import { sharedSandbox, type SandboxWrap } from '../harness/run/sandbox/index.js';
import { generateUnittest } from './unittest-gen.js';
import { loadAverage, openCpuAccount, type CpuAccount } from './system.js';
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
  /** The same parts in CPU time (a driver's every process, kernel included: a cgroup of their own), which a
   *  machine other people load changes far less than wall time; absent without a cgroup. `workMs` is the
   *  CPU time the unittest's process spent running its tests (time.process_time around the run). */
  cpu?: { driverStartMs: number; forkMs: number; workMs: number; modelMs: number };
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

/** A CPU account (cgroup) only: the machine's busy time would count other people's load. */
function cgroupAccount(): CpuAccount | undefined {
  const acct = openCpuAccount();
  if (acct.source === 'cgroup') return acct;
  acct.close();
  return undefined;
}

/** The sandbox's wrapper with the driver started inside the account's group. */
function accounted(wrap: SandboxWrap, acct: CpuAccount | undefined): SandboxWrap {
  return acct ? Object.assign((argv: string[], o?: Parameters<SandboxWrap>[1]) => acct.wrap(wrap(argv, o)), wrap) : wrap;
}

/** Measures the floor on one submission of a Python assignment (its file, or a folder holding it). */
export async function measureFloor(a: Assignment, submission: string, sizes: FloorSizes, root = ''): Promise<FloorFigure> {
  if (a.spec.data.language !== 'python') throw new Error(`the isolation floor is measured for Python assignments (${a.id} is ${a.spec.data.language})`);
  const ws = prepareWorkspace(a, submission);
  const module = a.spec.data.submission.module ?? basename(ws.file, extname(ws.file));
  const opts = { file: ws.file, module, cwd: ws.dir, names: namesToWire(a.names), aliases: wordListAliases(a, ws), wrap: sharedSandbox().wrap, outputCap: a.spec.data.defaults.output_cap };
  const plain = mkdtempSync(join(tmpdir(), `gradekit-bench-floor-${a.id}-`));
  // Each driver in a group of its own: its CPU is its start's alone (a closing driver's exit is not counted).
  const accts: CpuAccount[] = [];
  try {
    const starts: number[] = [], startCpu: number[] = [];
    let loaded: { s: PythonSession; acct?: CpuAccount } | undefined;
    for (let i = 0; i < sizes.starts + 1; i++) {
      const acct = cgroupAccount();
      if (acct) accts.push(acct);
      const s = new PythonSession({ ...opts, wrap: accounted(opts.wrap, acct) });
      const t0 = performance.now();
      const imp = await s.start();
      const ms = performance.now() - t0;
      const cpuMs = (acct?.seconds() ?? 0) * 1000;
      if (!imp.ok) {
        await s.close();
        throw new Error(`${a.id}: ${submission} does not import in the driver: ${imp.error?.message}`);
      }
      if (i > 0) starts.push(ms); // the first start pays for cold caches (the driver's bytecode, the disk)
      if (i > 0 && acct) startCpu.push(cpuMs);
      if (i === sizes.starts) loaded = { s, acct };
      else await s.close();
    }
    const forks: number[] = [];
    let forkCpu: number | undefined;
    try {
      const noop = { id: 'noop', timeout_ms: 5000, steps: [], stdin: null };
      let c0 = 0;
      for (let i = 0; i < sizes.forks + 3; i++) {
        if (i === 3) c0 = loaded!.acct?.seconds() ?? 0;
        const t0 = performance.now();
        const r = await loaded!.s.run(noop);
        if (r.status !== 'ok') throw new Error(`${a.id}: a forked child that runs nothing ended '${r.status}'`);
        if (i >= 3) forks.push(performance.now() - t0);
      }
      if (loaded!.acct) forkCpu = ((loaded!.acct.seconds() - c0) * 1000) / sizes.forks;
    } finally {
      await loaded!.s.close();
    }

    // The same submission, its word list and the generated unittest in a plain folder, as a course runs it.
    copyFileSync(ws.file, join(plain, basename(ws.file)));
    const w = a.spec.data.words;
    if (w && a.wordsFile) copyFileSync(a.wordsFile, join(plain, w.as));
    const gen = generateUnittest(a);
    writeFileSync(join(plain, `test_${gen.module}.py`), gen.source);
    const py = pythonExecutable();
    const walls: number[] = [], ran: number[] = [], ranCpu: number[] = [];
    let passed = true;
    // The same tests, timed in CPU: the module (and its word list) loaded first, then the run alone.
    const cpuProbe = [
      'import os, sys, time, unittest',
      `suite = unittest.defaultTestLoader.loadTestsFromName(${JSON.stringify(`test_${gen.module}`)})`,
      't = time.process_time()',
      'unittest.TextTestRunner(stream=open(os.devnull, "w")).run(suite)',
      'print("cpu %f" % (time.process_time() - t), file=sys.stderr)',
    ].join('\n');
    for (let i = 0; i < sizes.runs + 1; i++) {
      const u = wall([py, '-m', 'unittest', '-q', `test_${gen.module}`], plain);
      const c = startCpu.length ? /^cpu ([\d.]+)$/m.exec(wall([py, '-c', cpuProbe], plain).stderr) : null;
      if (i === 0) continue; // warm-up
      walls.push(u.ms);
      ran.push(ranMs(u.stderr));
      passed &&= u.ok;
      if (c) ranCpu.push(Number(c[1]) * 1000);
    }
    const tests = a.spec.data.tests.length;
    const workMs = median(ran);
    const cpu = startCpu.length && forkCpu !== undefined && ranCpu.length ? { driverStartMs: median(startCpu), forkMs: forkCpu, workMs: median(ranCpu) } : undefined;
    return {
      assignment: a.id,
      submission: root && submission.startsWith(root) ? submission.slice(root.length + 1) : submission,
      driverStart: dist(starts),
      fork: dist(forks),
      unittest: { wallMs: round2(median(walls)), ranMs: round2(workMs), cases: gen.cases, passed },
      workMs: round2(workMs),
      tests,
      modelMs: round2(median(starts) + tests * median(forks) + workMs),
      ...(cpu ? { cpu: { driverStartMs: round2(cpu.driverStartMs), forkMs: round2(cpu.forkMs), workMs: round2(cpu.workMs), modelMs: round2(cpu.driverStartMs + tests * cpu.forkMs + cpu.workMs) } } : {}),
      load: loadAverage(),
    };
  } finally {
    for (const acct of accts) acct.close();
    ws.cleanup();
    rmSync(plain, { recursive: true, force: true });
  }
}
