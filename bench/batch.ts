// Measures 3 and 5 (batch half): N generated submissions (copies and simple mutants of an assignment's
// fixtures) graded by `gradekit grade` in a child process, while we sample the memory of its whole
// process tree and the CPU time of every core.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';
import { defaultJobs } from '../harness/util/jobs.js';
import { PyRandom } from '../reference/pyrandom.js';
import { busySeconds, cpuUtilisation, loadAverage, readCpuTimes, sampleTreeRss } from './system.js';
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
  /** CPU seconds the machine was busy per submission (all cores, kernel included; other load counts too). */
  cpuSecondsPerSubmission: number;
  /** What the CPU cost alone allows on this many idle cores: cores × 60 / cpuSecondsPerSubmission. */
  projectedPerMinuteIdle: number;
  jobs: number;
  load: [number, number, number];
  loadAfter: [number, number, number];
}

/** Grades a folder with `gradekit grade` in a child process; samples its tree's RSS and the cores' busy time. */
export function runGrade(assignment: string, dir: string, outDir: string, jobs: number): Promise<Omit<BatchFigure, 'assignment' | 'submissions' | 'perMinute' | 'cpuSecondsPerSubmission' | 'projectedPerMinuteIdle'> & { cpuS: number }> {
  return new Promise((resolve, reject) => {
    const load = loadAverage();
    const cpu0 = readCpuTimes();
    const t0 = performance.now();
    const p = spawn(process.execPath, [rootPath('bin', 'gradekit'), 'grade', assignment, dir, '--out', outDir, '-j', String(jobs)], { stdio: ['ignore', 'ignore', 'pipe'] });
    const rss = sampleTreeRss(p.pid!, 100);
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    p.on('error', reject);
    p.on('exit', (code) => {
      const wallMs = performance.now() - t0;
      const { peakKb: peak } = rss.stop();
      const cpu1 = readCpuTimes();
      const cpu = cpuUtilisation(cpu0, cpu1);
      const cpuS = busySeconds(cpu0, cpu1);
      if (code !== 0) return reject(new Error(`gradekit grade ${assignment} exited with ${code}: ${err.trim().split('\n').pop()}`));
      resolve({ wallMs: round2(wallMs), peakRssMb: round2(peak / 1024), cpu, cpuS, jobs, load, loadAfter: loadAverage() });
    });
  });
}

export async function measureBatch(assignment: string, fixturesDir: string, file: string, n: number, jobs = defaultJobs()): Promise<BatchFigure> {
  const dir = mkdtempSync(join(tmpdir(), `gradekit-bench-batch-${n}-`));
  try {
    generateSubmissions(fixturesDir, file, n, join(dir, 'subs'));
    const r = await runGrade(assignment, join(dir, 'subs'), join(dir, 'out'), jobs);
    const graded = readdirSync(join(dir, 'out', 'results')).filter((f) => f.endsWith('.json')).length;
    if (graded !== n) throw new Error(`gradekit grade wrote ${graded} result(s) for ${n} submissions`);
    const { cpuS, ...rest } = r;
    const perSub = cpuS / n;
    return { assignment, submissions: n, perMinute: round2((n * 60_000) / r.wallMs), cpuSecondsPerSubmission: round2(perSub * 1000) / 1000, projectedPerMinuteIdle: perSub > 0 ? Math.round((availableParallelism() * 60) / perSub) : NaN, ...rest };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BatchScaling {
  figures: BatchFigure[];
  fit: LineFit;
  linear: boolean;
}

export async function measureBatchScaling(assignment: string, fixturesDir: string, file: string, sizes: readonly number[], jobs?: number): Promise<BatchScaling> {
  const figures: BatchFigure[] = [];
  for (const n of sizes) figures.push(await measureBatch(assignment, fixturesDir, file, n, jobs));
  const fit = fitLine(figures.map((f) => f.submissions), figures.map((f) => f.wallMs));
  return { figures, fit, linear: isLinear(fit, figures.length) };
}
