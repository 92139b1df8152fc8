// Measures 3 and 5 (batch half): N generated submissions (copies and simple mutants of an assignment's
// fixtures), or a real class folder, graded by `gradekit grade` in a child process, while we sample the
// memory of its whole process tree, the CPU time it uses, and the time its cores spend waiting.
import { spawn } from 'node:child_process';
import { onExitKill, removeWorkDir, workDirOnExit } from '../harness/util/shutdown.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';
import { defaultJobs } from '../harness/util/jobs.js';
import { PyRandom } from '../reference/pyrandom.js';
import { busySeconds, cpuUtilisation, idleSeconds, loadAverage, openCpuAccount, readCpuTimes, sampleTreeRss } from './system.js';
import { fitLine, isLinear, round2, type LineFit } from './stats.js';

/** One-token slips a student makes; each mutant applies one at one occurrence. */
const MUTATIONS: readonly [string, string][] = [
  ['<=', '<'],
  [' < ', ' <= '],
  ['+ 1', '+ 2'],
  ['- 1', ''],
  ['== 0', '== 1'],
  ['HAND_SIZE = 7', 'HAND_SIZE = 8'],
  ['.lower()', ''],
  ['max(1, ', 'max(0, '],
  ['return ', 'return None and '],
  ['del ', 'pass  # del '],
];

/** Python files of every fixture submission of an assignment, by verdict folder. */
function fixtureSources(fixturesDir: string, file: string): { verdict: string; source: string }[] {
  const root = join(fixturesDir, 'submissions');
  const out: { verdict: string; source: string }[] = [];
  for (const verdict of readdirSync(root).sort()) {
    for (const name of readdirSync(join(root, verdict)).sort()) {
      const p = join(root, verdict, name);
      const f = statSync(p).isDirectory() ? join(p, file) : p;
      if (existsSync(f) && f.endsWith('.py')) out.push({ verdict, source: readFileSync(f, 'utf8') });
    }
  }
  return out;
}

function mutate(source: string, rng: PyRandom): string {
  for (let tries = 0; tries < 10; tries++) {
    const [from, to] = rng.choice(MUTATIONS);
    const hits: number[] = [];
    for (let i = source.indexOf(from); i >= 0; i = source.indexOf(from, i + 1)) hits.push(i);
    if (!hits.length) continue;
    const at = rng.choice(hits);
    return source.slice(0, at) + to + source.slice(at + from.length);
  }
  return source;
}

/** Writes n submissions (sub-folders s0001/<file>): half exact fixture copies, half one-token mutants of accepted ones.
 *  Every file gets a distinct header line, as real submissions differ, so resume hashes never collide. */
export function generateSubmissions(fixturesDir: string, file: string, n: number, dir: string, seed = 9): { copies: number; mutants: number } {
  const all = fixtureSources(fixturesDir, file);
  const accepted = all.filter((s) => s.verdict === 'accepted');
  if (!all.length || !accepted.length) throw new Error(`no fixture submissions with ${file} under ${fixturesDir}`);
  const rng = new PyRandom(seed);
  let copies = 0, mutants = 0;
  for (let i = 0; i < n; i++) {
    const id = `s${String(i + 1).padStart(4, '0')}`;
    let src: string;
    if (i % 2 === 0) {
      src = all[(i / 2) % all.length].source;
      copies++;
    } else {
      src = mutate(rng.choice(accepted).source, rng);
      mutants++;
    }
    mkdirSync(join(dir, id), { recursive: true });
    writeFileSync(join(dir, id, file), `# student ${id}\n${src}`);
  }
  return { copies, mutants };
}

export interface BatchFigure {
  assignment: string;
  submissions: number;
  wallMs: number;
  perMinute: number;
  peakRssMb: number;
  cpu: number[];
  /** CPU seconds of the grader and everything it started (cpuSource 'cgroup'), or of the whole machine ('machine'). */
  cpuSeconds: number;
  cpuSource: 'cgroup' | 'machine';
  /** CPU seconds per submission (cpuSeconds / submissions). */
  cpuSecondsPerSubmission: number;
  /** Core-seconds no process used while the batch ran: the cores it left waiting. */
  idleSeconds: number;
  /** Core-seconds other processes of the machine used meanwhile (cgroup only: the machine's busy time less the batch's). */
  otherSeconds?: number;
  /** idleSeconds / (cores × wall): the share of the batch's wall time its cores spent waiting. */
  waitingShare: number;
  /** What the CPU cost alone allows on this many idle cores: cores × 60 / cpuSecondsPerSubmission. */
  projectedPerMinuteIdle: number;
  /** CPU per submission / the floor model's time per submission (measured in the same run; see floor.ts). */
  floorRatio?: number;
  jobs: number;
  load: [number, number, number];
  loadAfter: [number, number, number];
}

type GradeRun = Pick<BatchFigure, 'wallMs' | 'peakRssMb' | 'cpu' | 'cpuSeconds' | 'cpuSource' | 'idleSeconds' | 'otherSeconds' | 'jobs' | 'load' | 'loadAfter'>;

/** Grades a folder with `gradekit grade` in a child process; samples its tree's RSS, the cores' busy and idle
 *  time, and the CPU of the grader and all it starts (a cgroup of its own where the bench may make one). */
export function runGrade(assignment: string, dir: string, outDir: string, jobs: number): Promise<GradeRun> {
  return new Promise((resolve, reject) => {
    const load = loadAverage();
    const account = openCpuAccount();
    const cpu0 = readCpuTimes();
    const t0 = performance.now();
    const argv = account.wrap([process.execPath, rootPath('bin', 'gradekit'), 'grade', assignment, dir, '--out', outDir, '-j', String(jobs), '-q']);
    const p = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    // A bench stopped (SIGTERM, Ctrl-C) stops its batch too; SIGTERM lets the batch remove its own work folders.
    const unregister = onExitKill(() => void p.kill('SIGTERM'));
    const rss = sampleTreeRss(p.pid!, 100);
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    p.on('error', (e) => {
      account.close();
      reject(e);
    });
    p.on('exit', (code) => {
      unregister();
      const wallMs = performance.now() - t0;
      const { peakKb: peak } = rss.stop();
      const cpu1 = readCpuTimes();
      const cpuSeconds = account.seconds();
      account.close();
      if (code !== 0) return reject(new Error(`gradekit grade ${assignment} exited with ${code}: ${err.trim().split('\n').pop()}`));
      const machineBusy = busySeconds(cpu0, cpu1);
      resolve({
        wallMs: round2(wallMs), peakRssMb: round2(peak / 1024), cpu: cpuUtilisation(cpu0, cpu1),
        cpuSeconds: round2(cpuSeconds), cpuSource: account.source, idleSeconds: round2(idleSeconds(cpu0, cpu1)),
        ...(account.source === 'cgroup' ? { otherSeconds: round2(Math.max(0, machineBusy - cpuSeconds)) } : {}),
        jobs, load, loadAfter: loadAverage(),
      });
    });
  });
}

/** Grades the folder `subs` (n submissions) and checks that every one got a result. */
export async function measureGradeRun(assignment: string, subs: string, n: number, jobs = defaultJobs(), floorMs?: number): Promise<BatchFigure> {
  const out = workDirOnExit(mkdtempSync(join(tmpdir(), `gradekit-bench-out-`)));
  try {
    const r = await runGrade(assignment, subs, out, jobs);
    const graded = readdirSync(join(out, 'results')).filter((f) => f.endsWith('.json')).length;
    if (graded !== n) throw new Error(`gradekit grade wrote ${graded} result(s) for ${n} submissions`);
    const perSub = r.cpuSeconds / n;
    const cores = r.cpu.length || availableParallelism();
    return {
      assignment, submissions: n, ...r,
      perMinute: round2((n * 60_000) / r.wallMs),
      cpuSecondsPerSubmission: round2(perSub * 1000) / 1000,
      waitingShare: round2((1000 * r.idleSeconds) / (cores * (r.wallMs / 1000))) / 1000,
      projectedPerMinuteIdle: perSub > 0 ? Math.round((cores * 60) / perSub) : NaN,
      ...(floorMs ? { floorRatio: round2((perSub * 1000) / floorMs) } : {}),
    };
  } finally {
    removeWorkDir(out);
  }
}

export async function measureBatch(assignment: string, fixturesDir: string, file: string, n: number, jobs = defaultJobs(), floorMs?: number): Promise<BatchFigure> {
  const dir = workDirOnExit(mkdtempSync(join(tmpdir(), `gradekit-bench-batch-${n}-`)));
  try {
    generateSubmissions(fixturesDir, file, n, join(dir, 'subs'));
    return await measureGradeRun(assignment, join(dir, 'subs'), n, jobs, floorMs);
  } finally {
    removeWorkDir(dir);
  }
}

/** The submissions of a class folder as `gradekit grade` counts them: one per sub-folder or file. */
export function classSize(dir: string): number {
  return readdirSync(dir).filter((e) => !e.startsWith('.')).length;
}

export interface BatchScaling {
  figures: BatchFigure[];
  fit: LineFit;
  linear: boolean;
}

export async function measureBatchScaling(assignment: string, fixturesDir: string, file: string, sizes: readonly number[], jobs?: number, floorMs?: number): Promise<BatchScaling> {
  const figures: BatchFigure[] = [];
  for (const n of sizes) figures.push(await measureBatch(assignment, fixturesDir, file, n, jobs, floorMs));
  const fit = fitLine(figures.map((f) => f.submissions), figures.map((f) => f.wallMs));
  return { figures, fit, linear: isLinear(fit, figures.length) };
}
