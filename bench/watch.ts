// Measure 2b: a repeated check under `gradekit check --watch`, beside a fresh `gradekit check` of the same
// submission: what a student's edit-and-check loop costs once Node, the bundle and the assignment are
// loaded. Each re-check is timed from the file's change to its report, less the watcher's settle delay.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { rootPath } from '../harness/paths.js';
import { median, round2 } from './stats.js';

/** The watcher's quiet time before it checks (harness/util/watch.ts settleMs default). */
const SETTLE_MS = 150;

export interface WatchFigure {
  /** Median wall ms from a change to its report, the settle delay taken off. */
  recheckMs: number;
  runs: number;
}

export async function measureWatch(id: string, submission: string, runs: number): Promise<WatchFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-bench-watch-'));
  const copy = join(dir, basename(submission));
  cpSync(submission, copy, { recursive: true });
  // A submission folder: the change is made to its first source file.
  const file = statSync(copy).isDirectory() ? join(copy, readdirSync(copy).filter((n) => /\.(py|java)$/.test(n)).sort()[0]!) : copy;
  const src = readFileSync(file, 'utf8');
  const child = spawn(process.execPath, [rootPath('bin', 'gradekit'), 'check', id, copy, '--watch', '--color', 'never'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (b) => (out += b));
  const reports = () => (out.match(/^Score /gm) ?? []).length;
  const until = async (k: number) => {
    const t0 = performance.now();
    while (reports() < k) {
      if (performance.now() - t0 > 120_000 || child.exitCode !== null) throw new Error(`gradekit check --watch gave no report ${k} for ${id}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  try {
    await until(1);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      // A change a student makes: a comment added at the end.
      writeFileSync(file, `${src}\n# edit ${i}\n`);
      await until(i + 2);
      times.push(performance.now() - t - SETTLE_MS);
    }
    return { recheckMs: round2(median(times)), runs };
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  }
}
