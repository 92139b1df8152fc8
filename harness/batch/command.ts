// `gradekit grade` and `gradekit merge`: the batch commands and the files they leave in --out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SingleBar } from 'cli-progress';
import type { Assignment } from '../assignment/load.js';
import type { Report } from '../model/report.js';
import { renderGradesCsv } from '../report/csv.js';
import { renderBatchSummary } from '../report/batch-summary.js';
import { renderJunit } from '../report/junit.js';
import { htmlReportFiles } from '../report/html.js';
import { gradeBatch, readResults, resultFile, writeAtomic, type BatchOptions } from './grade.js';
import { renderJson } from '../report/json.js';

export type BatchReporter = 'terminal' | 'json' | 'junit' | 'html' | 'csv';

/** Writes the class-level outputs from a set of reports: grades.csv, summary.txt and the chosen reporters. */
export function writeOutputs(reports: Report[], outDir: string, reporters: BatchReporter[], color: boolean): string {
  mkdirSync(outDir, { recursive: true });
  writeAtomic(join(outDir, 'grades.csv'), renderGradesCsv(reports, { idOf: (r) => r.id ?? r.submission }));
  const summary = renderBatchSummary(reports, { color: false });
  writeAtomic(join(outDir, 'summary.txt'), summary);
  if (reporters.includes('junit')) writeAtomic(join(outDir, 'junit.xml'), junitAll(reports));
  if (reporters.includes('html')) {
    mkdirSync(join(outDir, 'html'), { recursive: true });
    for (const f of htmlReportFiles(reports)) writeFileSync(join(outDir, 'html', f.path), f.content);
  }
  return color ? renderBatchSummary(reports, { color: true, width: process.stdout.columns }) : summary;
}

function junitAll(reports: Report[]): string {
  // One XML document per submission would not parse as one file; keep each report's testsuites inside a wrapper.
  const bodies = reports.map((r) => renderJunit(r).replace(/^<\?xml[^>]*>\s*/, ''));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<batch>\n${bodies.join('\n')}\n</batch>\n`;
}

export async function gradeCommand(a: Assignment, dir: string, o: BatchOptions & { reporters: BatchReporter[]; color: boolean }): Promise<number> {
  const interactive = process.stderr.isTTY;
  const t0 = Date.now();
  const bar = interactive
    ? new SingleBar({ format: ' grading {bar} {value}/{total} · ETA {eta_formatted} · {passRate} passed all · {current}', hideCursor: true, clearOnComplete: true, etaBuffer: 20 })
    : undefined;
  let lastLog = 0;
  const res = await gradeBatch(a, dir, {
    ...o,
    onProgress: (p) => {
      const passRate = p.done ? `${Math.round((100 * p.passedAll) / p.done)}%` : '–';
      if (bar) {
        if (p.done === 0) bar.start(p.total, 0, { passRate, current: '' });
        else bar.update(p.done, { passRate, current: p.current ?? '' });
      } else if (p.done === p.total || Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        process.stderr.write(`graded ${p.done}/${p.total} (${passRate} passed all)\n`);
      }
    },
  });
  bar?.stop();
  for (const n of res.notices) process.stderr.write(`gradekit: ${n}\n`);
  const all = readResults([o.outDir]);
  const text = writeOutputs(all, o.outDir, o.reporters, o.color);
  process.stdout.write(text);
  process.stdout.write(
    `\n${res.graded} graded, ${res.resumed} resumed from earlier results, in ${((Date.now() - t0) / 1000).toFixed(1)} s. Results: ${o.outDir}/results/, gradebook: ${o.outDir}/grades.csv\n`,
  );
  return 0;
}

export function mergeCommand(outDir: string, shardDirs: string[], reporters: BatchReporter[], color: boolean): number {
  const reports = readResults(shardDirs);
  mkdirSync(join(outDir, 'results'), { recursive: true });
  for (const r of reports) writeAtomic(resultFile(outDir, r.id ?? 'submission'), renderJson(r));
  process.stdout.write(writeOutputs(readResults([outDir]), outDir, reporters, color));
  process.stdout.write(`\nmerged ${reports.length} result(s) from ${shardDirs.length} folder(s) into ${outDir}\n`);
  return 0;
}
