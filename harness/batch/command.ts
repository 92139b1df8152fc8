// `gradekit grade` and `gradekit merge`: the batch commands and the files they leave in --out.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Assignment } from '../assignment/load.js';
import type { Report } from '../model/report.js';
import { capsFromSpec, type ReportCaps } from '../report/caps.js';
import { startProgress, type ProgressOptions } from '../report/progress.js';
import { renderGradesCsv } from '../report/csv.js';
import { renderBatchSummary } from '../report/batch-summary.js';
import { renderJunit } from '../report/junit.js';
import { htmlReportFiles } from '../report/html.js';
import { gradeBatch, mergeGaps, readResults, resultFile, writeAtomic, type BatchOptions } from './grade.js';
import { renderJson } from '../report/json.js';
import { plural, truncate, visibleControls } from '../report/text.js';

export type BatchReporter = 'terminal' | 'json' | 'junit' | 'html' | 'csv';

/**
 * Writes the class-level outputs from a set of reports: grades.csv, summary.txt and the chosen reporters.
 * `caps` are the assignment's report caps (merge, which has no assignment, uses the defaults).
 */
export function writeOutputs(reports: Report[], outDir: string, reporters: BatchReporter[], color: boolean, caps?: ReportCaps): string {
  mkdirSync(outDir, { recursive: true });
  writeAtomic(join(outDir, 'grades.csv'), renderGradesCsv(reports, { idOf: (r) => r.id ?? r.submission }));
  const summary = renderBatchSummary(reports, { color: false });
  writeAtomic(join(outDir, 'summary.txt'), summary);
  // A report an earlier run made in this folder is made again from all its results (a --resume without
  // --reporter html still refreshes the pages), so none is left describing old grades.
  const want = new Set(reporters);
  if (existsSync(join(outDir, 'junit.xml'))) want.add('junit');
  if (existsSync(join(outDir, 'html', 'index.html'))) want.add('html');
  if (want.has('junit')) writeAtomic(join(outDir, 'junit.xml'), junitAll(reports, caps));
  if (want.has('html')) {
    rmSync(join(outDir, 'html'), { recursive: true, force: true }); // pages of submissions no longer there go too
    for (const f of htmlReportFiles(reports, caps)) {
      const path = join(outDir, 'html', f.path);
      mkdirSync(dirname(path), { recursive: true }); // index.html and submissions/<name>.html
      writeFileSync(path, f.content);
    }
  }
  return color ? renderBatchSummary(reports, { color: true, width: process.stdout.columns }) : summary;
}

function junitAll(reports: Report[], caps?: ReportCaps): string {
  // One XML document per submission would not parse as one file; keep each report's testsuites inside a wrapper.
  const bodies = reports.map((r) => renderJunit(r, { caps }).replace(/^<\?xml[^>]*>\s*/, ''));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<batch>\n${bodies.join('\n')}\n</batch>\n`;
}

export async function gradeCommand(a: Assignment, dir: string, o: BatchOptions & { reporters: BatchReporter[]; color: boolean; progress?: ProgressOptions }): Promise<number> {
  const t0 = Date.now();
  const progress = startProgress(`grade ${a.id}`, o.progress);
  let counted = false;
  let fullMarks = 0;
  const res = await gradeBatch(a, dir, {
    ...o,
    onProgress: (p) => {
      // The first call announces the work (done 0); each later one is a submission graded or resumed.
      if (!counted) {
        counted = true;
        progress.stage(`grading submissions${o.jobs ? ` with ${o.jobs} worker${o.jobs === 1 ? '' : 's'}` : ''}`, p.total);
        if (p.done === 0) return;
      }
      // Calls come one at a time, so a rise in passedAll is this submission's full marks.
      const full = p.passedAll > fullMarks;
      fullMarks = p.passedAll;
      progress.tick(p.current ?? 'resumed from earlier results', full ? 'full marks' : 'not full marks');
      if (p.current) progress.item(`${Math.round((100 * p.passedAll) / p.done)}% with full marks · last: ${p.current}`);
    },
  }).finally(() => progress.done());
  // A notice names class-folder entries (and link targets): their terminal controls are shown, never sent.
  for (const n of res.notices) process.stderr.write(`gradekit: ${visibleControls(n)}\n`);
  const all = readResults([o.outDir]);
  const text = writeOutputs(all, o.outDir, o.reporters, o.color, capsFromSpec(a.spec.data.defaults));
  process.stdout.write(text);
  const out = o.outDir.replace(/\/+$/, '') || '/';
  process.stdout.write(
    `\n${res.graded} graded, ${res.resumed} resumed from earlier results, in ${((Date.now() - t0) / 1000).toFixed(1)} s. Results: ${join(out, 'results')}/, gradebook: ${join(out, 'grades.csv')}\n`,
  );
  return graderProblems(all);
}

/** Tests gradekit could not grade, and submissions it could not grade for a fault of its own: said on stderr,
 *  one line per test, with exit code 2, since the grades need the instructor's fix (then `--resume` grades
 *  exactly those again). Nothing was charged for them. */
function graderProblems(reports: readonly Report[]): number {
  const tests = new Map<string, { message: string; count: number }>();
  for (const r of reports) for (const t of r.tests) if (t.ungraded) {
    const seen = tests.get(t.id) ?? { message: t.message, count: 0 };
    seen.count++;
    tests.set(t.id, seen);
  }
  const faults = reports.filter((r) => r.fatal?.kind === 'grader');
  if (!tests.size && !faults.length) return 0;
  const lines = [`gradekit: some results need your attention (nothing was charged for them):`];
  for (const [id, t] of tests) lines.push(`  ${id}: not graded in ${plural(t.count, 'submission')}: ${truncate(t.message, 300)}`);
  for (const r of faults.slice(0, 10)) lines.push(`  ${r.id ?? r.submission}: not graded: ${truncate(r.fatal!.message, 300)}`);
  if (faults.length > 10) lines.push(`  … and ${faults.length - 10} more submissions`);
  lines.push('  fix the problem, then run the same command with --resume: those submissions are graded again');
  process.stderr.write(lines.map(visibleControls).join('\n') + '\n');
  return 2;
}

export function mergeCommand(outDir: string, shardDirs: string[], reporters: BatchReporter[], color: boolean): number {
  const reports = readResults(shardDirs);
  mkdirSync(join(outDir, 'results'), { recursive: true });
  for (const r of reports) writeAtomic(resultFile(outDir, r.id ?? 'submission'), renderJson(r));
  process.stdout.write(writeOutputs(readResults([outDir]), outDir, reporters, color));
  process.stdout.write(`\nmerged ${reports.length} result(s) from ${shardDirs.length} folder(s) into ${outDir}\n`);
  // A gradebook short of a shard looks whole: say what it lacks, and exit 2.
  const gaps = mergeGaps(shardDirs);
  if (gaps.length) process.stderr.write(`gradekit: the merged gradebook is not whole:\n${gaps.map((g) => `  ${visibleControls(g)}`).join('\n')}\n`);
  return gaps.length ? 2 : 0;
}
