// `gradekit bench [--quick] [--out <dir>]`: the issue 9 benchmark (what `npm run bench` runs).
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isInstalledPackage, rootPath } from '../harness/paths.js';
import { UsageError } from '../harness/util/errors.js';
import { FULL, QUICK, runBench, writeResults } from './run.js';
import { addProgressOptions, progressFlags, startProgress, type ProgressFlags } from '../harness/report/progress.js';

/** Adds `bench` to the gradekit program. `setExitCode` receives 1 when a section failed (0 otherwise). */
export function registerBenchCommand(program: Command, setExitCode: (code: number) => void = (c) => void (process.exitCode = c)): void {
  const cmd = program
    .command('bench')
    .description('measure grading speed and scale; writes bench.md and bench.json (takes minutes; --quick for smaller sizes)')
    .option('--quick', 'smaller sizes (batches of 20/60/200 submissions, fewer repetitions)')
    // An installed gradekit never writes into its own folder: results go to the current folder.
    .option('--out <dir>', 'where bench.md and bench.json go', isInstalledPackage() ? 'bench-results' : rootPath('bench-results'))
    .option('--only <measures...>', 'run only these measures of issue 9 (1 overhead, 2 suites, 3 batch, 4 reference, 5 scaling)')
    .option('--course-tests <assignment=file...>', "the course's own unittest file for an assignment (e.g. ps3-mit=path/to/test_ps3.py), timed beside gradekit check in measure 2")
    .option('--class <assignment=folder...>', 'a class folder of real submissions (e.g. ps3-ocw=path/to/class/), graded once in measure 3 with its CPU and waiting time apart');
  addProgressOptions(cmd, 'also print each section as it finishes, with its time')
    .action(async (o: ProgressFlags & { quick?: boolean; out: string; only?: string[]; courseTests?: string[]; class?: string[] }) => {
      const sections = o.only?.map(Number) ?? [1, 2, 3, 4, 5];
      const courseTests = pairs('--course-tests', 'file', 'ps3-mit=test_ps3.py', o.courseTests);
      const classes = pairs('--class', 'folder', 'ps3-ocw=class/', o.class);
      if (sections.some((n) => !Number.isInteger(n) || n < 1 || n > 5)) throw new UsageError(`--only takes measure numbers 1 to 5 (got ${o.only!.join(' ')})`);
      const progress = startProgress('bench', progressFlags(o));
      const res = await runBench(o.quick ? QUICK : FULL, o.quick ? 'quick' : 'full', progress, { sections, courseTests, classes }).finally(() => progress.done());
      const { md, json } = writeResults(res, resolve(o.out));
      process.stdout.write(`wrote ${md} and ${json} (${(res.totalMs / 1000).toFixed(0)} s)${res.errors.length ? `; ${res.errors.length} section(s) failed, see the file` : ''}\n`);
      setExitCode(res.errors.length ? 1 : 0);
    });
}

/** `assignment=path` values of an option, as absolute paths that exist. */
function pairs(option: string, what: string, example: string, values: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of values) {
    const m = /^([a-z0-9-]+)=(.+)$/.exec(pair);
    if (!m) throw new UsageError(`${option} takes assignment=${what} (got '${pair}'), e.g. ${example}`);
    if (!existsSync(m[2])) throw new UsageError(`${option}: ${m[2]} does not exist`);
    out[m[1]] = resolve(m[2]);
  }
  return out;
}
