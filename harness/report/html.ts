// One self-contained HTML page per submission (inline CSS, no scripts, no external resources) and an index for a
// batch. Everything a submission produced is escaped, and a Content-Security-Policy forbids scripts as a backstop.
// Control characters, bidirectional overrides and line separators are shown visibly (␛, \u202e), and each page
// stays within the report caps (caps.ts).
import { round, totals, type Report, type TestResult } from '../model/report.js';
import { KINDS } from '../model/kinds.js';
import { fitReport, utf8Bytes, withDefaults, type ReportCaps } from './caps.js';
import { firstDifference, sideBySideRows, type SideBySideRow } from './diff-text.js';
import { groupTests } from './groups.js';
import { HTML_STYLE } from './html-style.js';
import { reportNotices, testNotices } from './notices.js';
import { redactAll } from './redact.js';
import { controlPictures, escapeUnsafeUnicode, formatDuration, formatPoints, mapReportStrings, plural, visibleWhitespace, whitespaceOrCaseHint } from './text.js';

export interface HtmlOptions {
  /** Redact hidden tests (use when the page goes to students). Default false. */
  hideHiddenDetails?: boolean;
  /** Link back to the batch index, if any. */
  indexHref?: string;
  /** Report caps (default: DEFAULT_REPORT_CAPS); the page stays within caps.total bytes. */
  caps?: Partial<ReportCaps>;
}

/** What a page shows of a submission's text: C0 controls as pictures (CR is marked by visibleHtml), unsafe Unicode as escapes. */
function neutralise(s: string): string {
  return escapeUnsafeUnicode(controlPictures(s, true));
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
const h = escapeHtml;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
<style>${HTML_STYLE}</style>
</head><body>
${body}
</body></html>
`;
}

const pts = (s: number, m: number) => `${formatPoints(s)}/${formatPoints(m)}`;
const scoreClass = (s: number, m: number) => (m > 0 && s >= m ? 'full' : s > 0 ? 'part' : 'zero');
const bar = (s: number, m: number) => `<span class="bar" title="${h(pts(s, m))}"><span style="width:${m > 0 ? Math.round((100 * s) / m) : 0}%"></span></span>`;
const MARK: Record<TestResult['status'], string> = { passed: '✓', failed: '✗', error: '!', skipped: '–' };

/** Escaped text with trailing whitespace, tabs and CRs made visible (they are what students cannot see). */
function visibleHtml(text: string): string {
  const m = /[ \t\r]*$/.exec(text)!;
  const body = text.slice(0, m.index);
  const inner = h(body).replace(/[\t\r]/g, (c) => `<span class="ws">${visibleWhitespace(c)}</span>`);
  return inner + (m[0] ? `<span class="ws">${visibleWhitespace(m[0])}</span>` : '');
}

/** Changed line pairs: highlight what lies between the common prefix and the common suffix. */
function markChange(text: string, other: string): string {
  const a = Array.from(text), b = Array.from(other);
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const mid = a.slice(p, a.length - s).join('');
  return visibleHtml(a.slice(0, p).join('')) + (mid ? `<mark>${visibleHtml(mid) || ' '}</mark>` : '') + visibleHtml(a.slice(a.length - s).join(''));
}

/** Long runs of identical lines are folded to three lines of context around each change. */
function foldRows(rows: SideBySideRow[], context = 3): (SideBySideRow | { gap: number })[] {
  const keep = rows.map((r) => r.kind !== 'same');
  const near = rows.map((_, i) => rows.slice(Math.max(0, i - context), i + context + 1).some((r) => r.kind !== 'same'));
  const out: (SideBySideRow | { gap: number })[] = [];
  let gap = 0;
  rows.forEach((r, i) => {
    if (keep[i] || near[i]) {
      if (gap) out.push({ gap }), (gap = 0);
      out.push(r);
    } else gap++;
  });
  if (gap) out.push({ gap });
  return out;
}

function sideBySide(expected: string, actual: string): string {
  const rows = foldRows(sideBySideRows(expected, actual)).map((r) => {
    if ('gap' in r) return `<tr class="gap"><td colspan="4">… ${r.gap} identical lines …</td></tr>`;
    const l = r.left, rt = r.right;
    const lt = l ? (r.kind === 'changed' && rt ? markChange(l.text, rt.text) : visibleHtml(l.text)) : '';
    const rtx = rt ? (r.kind === 'changed' && l ? markChange(rt.text, l.text) : visibleHtml(rt.text)) : '';
    return `<tr class="${r.kind}"><td class="no">${l?.no ?? ''}</td><td class="l">${lt}</td><td class="no">${rt?.no ?? ''}</td><td class="r">${rtx}</td></tr>`;
  });
  return `<table class="sbs"><colgroup><col class="no"><col><col class="no"><col></colgroup><thead><tr><th></th><th>expected</th><th></th><th>your program</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function testBody(t: TestResult, report: Report): string {
  const d = t.detail;
  const parts: string[] = [];
  const fatalCaused = report.fatal && t.status === 'error' && (!t.message || t.message === report.fatal.message);
  if (t.status !== 'passed') parts.push(`<p class="msg">${h(fatalCaused ? 'Not run: see the error at the top of the page.' : t.message || `Test ${t.status}.`)}</p>`);
  if (t.extra) parts.push('<p class="mute">Extra test: reported, never scored.</p>');
  if (t.basis) parts.push(`<p class="mute">Required by: ${h(t.basis)}</p>`);
  if (d?.call) parts.push(`<p>Call: <code>${h(d.call)}</code></p>`);
  if (d?.seed) parts.push(`<p class="mute">Seed: <code>${h(d.seed)}</code></p>`);
  const notices = testNotices(t, report);
  if (notices.length) parts.push(`<ul class="notices">${notices.map((n) => `<li>${h(n)}</li>`).join('')}</ul>`);
  if (t.status !== 'passed' && d) {
    const multiline = d.expected !== undefined && d.actual !== undefined && (d.expected.includes('\n') || d.actual.includes('\n'));
    if (multiline) parts.push(sideBySide(d.expected!, d.actual!));
    else {
      const fd = d.firstDifference ?? (d.expected !== undefined && d.actual !== undefined ? firstDifference(d.expected, d.actual) : undefined);
      if (d.expected !== undefined) parts.push(`<pre>expected: ${h(d.expected)}\nactual:   ${h(d.actual ?? '')}${fd ? `\n          ${fd.caret}` : ''}</pre>`);
      else if (d.diff) parts.push(`<pre>${h(d.diff)}</pre>`);
    }
    const hint = d.hint ?? (d.expected !== undefined && d.actual !== undefined ? whitespaceOrCaseHint(d.expected, d.actual) : undefined);
    if (hint) parts.push(`<p class="hint">Hint: ${h(hint)}</p>`);
    if (d.normalisers?.length) parts.push(`<p class="mute">Compared after: ${h(d.normalisers.join(', '))}</p>`);
    if (d.traceback) parts.push(`<pre>${h(d.traceback)}</pre>`);
  }
  if (d?.transcript) parts.push(`<details><summary>Transcript</summary><pre>${h(d.transcript)}</pre></details>`);
  const kind = t.kind && t.status !== 'passed' && !fatalCaused ? ` · ${h(KINDS[t.kind].label)}` : '';
  parts.push(`<p class="mute">${h(t.id)}${kind} · ${formatDuration(t.durationMs)}${t.visibility !== 'visible' ? ` · ${h(t.visibility)}` : ''}</p>`);
  return parts.join('\n');
}

function testHtml(t: TestResult, report: Report): string {
  const open = t.status === 'failed' || t.status === 'error' ? ' open' : '';
  return `<details class="test ${t.status}"${open}><summary><span class="mark">${MARK[t.status]}</span><span class="name">${h(t.name)}</span>` +
    `<span class="pts">${pts(t.score, t.maxScore)}</span></summary><div>\n${testBody(t, report)}\n</div></details>`;
}

export function renderHtml(report: Report, opts: HtmlOptions = {}): string {
  return fitReport(report, withDefaults(opts.caps), (r) => submissionPage(mapReportStrings(r, neutralise), opts), utf8Bytes);
}

function submissionPage(report: Report, opts: HtmlOptions): string {
  const tests = redactAll(report.tests, opts.hideHiddenDetails ?? false);
  const sum = totals(tests);
  const groups = groupTests(tests);
  const b: string[] = [];
  if (opts.indexHref) b.push(`<p><a href="${h(opts.indexHref)}">← all submissions</a></p>`);
  b.push(`<header><h1>${h(report.assignment)}</h1><p class="sub">${h(report.submission)}</p>`,
    `<div><span class="score ${scoreClass(sum.score, sum.maxScore)}">${pts(sum.score, sum.maxScore)}</span> points ${bar(sum.score, sum.maxScore)}</div>`,
    `<p class="mute">${sum.passed} passed · ${sum.failed} failed · ${plural(sum.errors, 'error')} · ${sum.skipped} skipped · ${formatDuration(report.durationMs)}</p></header>`);
  if (report.fatal) {
    const f = report.fatal;
    b.push(`<section class="fatal"><strong>${h(f.kind)}:</strong> ${h(f.message)}${f.detail ? `<pre>${h(f.detail)}</pre>` : ''}</section>`);
  }
  const notices = reportNotices(report, opts.hideHiddenDetails ?? false);
  if (notices.length) b.push(`<ul class="notices">${notices.map((n) => `<li>${h(n)}</li>`).join('')}</ul>`);
  b.push('<table class="groups"><thead><tr><th>Group</th><th class="num">Tests passed</th><th class="num">Points</th><th></th></tr></thead><tbody>');
  for (const g of groups) {
    const passed = g.tests.filter((t) => t.status === 'passed').length;
    b.push(`<tr><td><a href="#${h(anchor(g.group))}">${h(g.group)}</a></td><td class="num">${passed}/${g.tests.length}</td><td class="num">${pts(g.score, g.maxScore)}</td><td>${bar(g.score, g.maxScore)}</td></tr>`);
  }
  b.push('</tbody></table>');
  for (const g of groups) {
    b.push(`<section class="group" id="${h(anchor(g.group))}"><h2><span>${h(g.group)}</span><span>${pts(g.score, g.maxScore)}</span></h2>`);
    for (const t of g.tests) b.push(testHtml(t, report));
    b.push('</section>');
  }
  b.push(`<footer>gradekit${report.gradekit ? ` ${h(report.gradekit.version)}` : ''}${report.seed ? ` · seed ${h(report.seed)}` : ''}</footer>`);
  return page(`${report.assignment}: ${report.submission} (${pts(sum.score, sum.maxScore)})`, b.join('\n'));
}

function anchor(group: string): string {
  return 'g-' + group.replace(/[^A-Za-z0-9_.-]+/g, '-');
}

export interface HtmlIndexOptions {
  /** Link target for each report's page (default: htmlFileNames order). */
  hrefOf?: (report: Report, index: number) => string;
  title?: string;
}

/** File names for per-submission pages: readable, unique, safe on every file system. */
export function htmlFileNames(reports: readonly Report[]): string[] {
  const taken = new Set<string>();
  return reports.map((r) => {
    const base = r.submission.replace(/\\/g, '/').replace(/^\.?\/+/, '').replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._]+/, '').slice(0, 80) || 'submission';
    let name = `${base}.html`;
    for (let k = 2; taken.has(name.toLowerCase()); k++) name = `${base}-${k}.html`;
    taken.add(name.toLowerCase());
    return name;
  });
}

export function renderHtmlIndex(input: readonly Report[], opts: HtmlIndexOptions = {}): string {
  const names = htmlFileNames(input);
  const reports = input.map((r) => ({ ...r, submission: neutralise(r.submission), fatal: r.fatal && { ...r.fatal, message: neutralise(r.fatal.message) } }));
  const hrefOf = opts.hrefOf ?? ((_r: Report, i: number) => `submissions/${names[i]}`);
  const sums = reports.map((r) => totals(r.tests));
  const mean = sums.length ? sums.reduce((s, t) => s + (t.maxScore ? t.score / t.maxScore : 0), 0) / sums.length : 0;
  const assignments = [...new Set(reports.map((r) => r.assignment))];
  const title = opts.title ?? `gradekit: ${assignments.join(', ') || 'no submissions'}`;
  const rows = reports.map((r, i) => {
    const t = sums[i];
    return `<tr><td><a href="${h(hrefOf(r, i))}">${h(r.submission)}</a></td><td class="num">${pts(t.score, t.maxScore)}</td><td>${bar(t.score, t.maxScore)}</td>` +
      `<td class="num">${t.passed}</td><td class="num">${t.failed}</td><td class="num">${t.errors}</td><td>${r.fatal ? h(`${r.fatal.kind}: ${r.fatal.message}`) : ''}</td>` +
      `<td class="num">${formatDuration(r.durationMs)}</td></tr>`;
  });
  const body = `<header><h1>${h(title)}</h1><p class="sub">${reports.length} submissions · mean ${round(mean * 100).toFixed(0)}%</p></header>
<table><thead><tr><th>Submission</th><th class="num">Points</th><th></th><th class="num">Passed</th><th class="num">Failed</th><th class="num">Errors</th><th>Problem</th><th class="num">Time</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
  return page(title, body);
}

/** Every page of a batch as relative paths and contents; the caller writes them (index.html links to submissions/). */
export function htmlReportFiles(reports: readonly Report[], caps?: Partial<ReportCaps>): { path: string; content: string }[] {
  const names = htmlFileNames(reports);
  return [
    { path: 'index.html', content: renderHtmlIndex(reports) },
    ...reports.map((r, i) => ({ path: `submissions/${names[i]}`, content: renderHtml(r, { indexHref: '../index.html', caps }) })),
  ];
}
