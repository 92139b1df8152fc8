// Terminal summary of a batch: how scores are spread, which tests fail most, what was slow, what crashed.
import { createColors } from 'picocolors';
import { totals, type Report } from '../model/report.js';
import { formatDuration, formatPoints, mapStrings, plural, truncate, visibleControls } from './text.js';

export interface BatchSummaryOptions {
  color: boolean;
  width?: number;
  /** Rows in the "most failed", "slowest" and "errors" lists (default 10). */
  top?: number;
}

/** Score as a fraction of the maximum, 0 when there is nothing to score. */
export function scoreFraction(r: Report): number {
  const t = totals(r.tests);
  return t.maxScore > 0 ? t.score / t.maxScore : 0;
}

/** Ten 10%-wide bins; a perfect score goes in the last one. */
export function scoreHistogram(reports: readonly Report[]): number[] {
  const bins = new Array<number>(10).fill(0);
  for (const r of reports) bins[Math.min(9, Math.floor(scoreFraction(r) * 10 + 1e-9))]++;
  return bins;
}

export interface FailedTestCount { id: string; group: string; name: string; count: number }

export function mostFailedTests(reports: readonly Report[]): FailedTestCount[] {
  const counts = new Map<string, FailedTestCount>();
  for (const r of reports) {
    for (const t of r.tests) {
      if (t.status !== 'failed' && t.status !== 'error') continue;
      const c = counts.get(t.id) ?? { id: t.id, group: t.group, name: t.name, count: 0 };
      c.count++;
      counts.set(t.id, c);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
}

/** Scored tests that (nearly) every submission that ran fails: more likely a wrong test than a class
 *  that all made the same mistake. Submissions that could not run at all are left out of the count. */
export function suspectTests(reports: readonly Report[], share = 0.9, minSubmissions = 5): FailedTestCount[] {
  const ran = reports.filter((r) => !r.fatal);
  if (ran.length < minSubmissions) return [];
  return mostFailedTests(ran).filter((f) => {
    const scored = ran.some((r) => r.tests.some((t) => t.id === f.id && !t.extra && t.maxScore > 0));
    return scored && f.count >= Math.ceil(share * ran.length);
  });
}

export function renderBatchSummary(input: readonly Report[], opts: BatchSummaryOptions): string {
  const reports = mapStrings(input, visibleControls);
  const c = createColors(opts.color);
  const width = opts.width ?? 100;
  const top = opts.top ?? 10;
  const out: string[] = [];
  const n = reports.length;
  out.push(c.bold(`gradekit batch · ${plural(n, 'submission')}`));
  if (n === 0) return out.join('\n') + '\n';

  const fr = reports.map(scoreFraction).sort((a, b) => a - b);
  const mean = fr.reduce((s, x) => s + x, 0) / n;
  const median = n % 2 ? fr[(n - 1) / 2] : (fr[n / 2 - 1] + fr[n / 2]) / 2;
  const full = fr.filter((x) => x >= 1 - 1e-9).length;
  out.push(c.dim(`mean ${Math.round(mean * 100)}% · median ${Math.round(median * 100)}% · ${full} with full marks`));

  out.push('', c.bold('Scores'));
  const bins = scoreHistogram(reports);
  const most = Math.max(...bins);
  const barWidth = Math.max(10, width - 20);
  bins.forEach((count, i) => {
    const label = `${i * 10}–${i === 9 ? 100 : i * 10 + 9}%`.padStart(8);
    const len = most ? Math.round((count / most) * barWidth) : 0;
    const bar = '█'.repeat(len) || (count ? '▏' : '');
    out.push(`  ${label} ${String(count).padStart(4)} ${i >= 9 ? c.green(bar) : i >= 5 ? c.yellow(bar) : c.red(bar)}`);
  });

  const failed = mostFailedTests(reports).slice(0, top);
  if (failed.length) {
    out.push('', c.bold('Most failed tests'));
    for (const f of failed) out.push(truncate(`  ${String(f.count).padStart(4)}/${n}  ${f.group} › ${f.name}`, width));
  }

  const suspects = suspectTests(reports);
  if (suspects.length) {
    const ran = reports.filter((r) => !r.fatal).length;
    out.push('', c.bold(c.yellow(`Tests that fail (nearly) every submission (${suspects.length})`)));
    for (const f of suspects) out.push(c.yellow(truncate(`  ⚠ ${String(f.count).padStart(4)}/${ran}  ${f.group} › ${f.name}`, width)));
    out.push(c.dim('  A test that almost every submission fails is more likely wrong than the class: check it against known-correct solutions with `gradekit vet`.'));
  }

  const slow = [...reports].sort((a, b) => b.durationMs - a.durationMs).slice(0, Math.min(top, 5));
  out.push('', c.bold('Slowest submissions'));
  for (const r of slow) out.push(truncate(`  ${formatDuration(r.durationMs).padStart(8)}  ${r.submission}`, width));

  const errored = reports.filter((r) => r.fatal || r.tests.some((t) => t.status === 'error'));
  if (errored.length) {
    out.push('', c.bold(`Submissions with errors (${errored.length})`));
    for (const r of errored.slice(0, top)) {
      const t = totals(r.tests);
      const why = r.fatal ? `${r.fatal.kind}: ${r.fatal.message}` : `${plural(t.errors, 'test')} raised errors`;
      const tail = truncate(`${formatPoints(t.score)}/${formatPoints(t.maxScore)} · ${why}`, Math.max(20, width - r.submission.length - 6));
      out.push(`  ${c.red('!')} ${r.submission}  ${c.dim(tail)}`);
    }
    if (errored.length > top) out.push(c.dim(`  … ${errored.length - top} more`));
  }
  return out.join('\n') + '\n';
}
