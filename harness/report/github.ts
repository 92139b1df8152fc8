// GitHub Actions output: workflow-command annotations on failing tests (pointing at the student's file and line
// when a traceback names one), a markdown table for $GITHUB_STEP_SUMMARY, and the "Points X/Y" line that GitHub
// Classroom's autograding reporter writes into the check run (text `Points ${total}/${max}`).
// Everything a submission chose (messages, transcripts, file names) stays data: inside an annotation it is escaped
// as @actions/core escapes it, so it cannot end the command's line; in the summary it is escaped markdown or HTML.
// The CLI prints these commands through workflow-commands.ts, which neutralises every other line it writes.
import { posix } from 'node:path';
import { totals, type Report, type TestResult } from '../model/report.js';
import { fitReport, utf8Bytes, withDefaults, type ReportCaps } from './caps.js';
import { groupTests } from './groups.js';
import { escapeHtml } from './html.js';
import { reportNotices, testNotices } from './notices.js';
import { redactAll } from './redact.js';
import { formatPoints, visibleControls } from './text.js';

export interface GithubOptions {
  /** Redact hidden tests (default true: Actions logs and summaries are visible to the student). */
  hideHiddenDetails?: boolean;
  /** GitHub shows at most 10 error annotations per step; the rest are summarised in one warning. Default 10. */
  maxAnnotations?: number;
  /** Map a file named in a traceback to a repository-relative path; return undefined to omit file/line. */
  resolveFile?: (file: string, report: Report) => string | undefined;
  /** Report caps for the step summary (default: DEFAULT_REPORT_CAPS); it stays within caps.total bytes. */
  caps?: Partial<ReportCaps>;
}

/** GitHub refuses a step summary over 1 MiB (it then shows none): the summary stays below. */
const SUMMARY_MAX_BYTES = 1_000_000;

/** Message text of a workflow command (the part after `::`). Same rules as @actions/core escapeData. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Property values (title=, file=): also `:` and `,`, which would end the property. Same as @actions/core. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface SourceLocation { file: string; line: number }

/** The innermost student frame named in a Python traceback, Java stack trace or javac/py_compile error. */
export function locationFromTrace(trace: string | undefined): SourceLocation | undefined {
  if (!trace) return undefined;
  const py = [...trace.matchAll(/File "([^"<>]+)", line (\d+)/g)].pop();
  if (py) return { file: py[1], line: Number(py[2]) };
  const javaFrame = /\bat [\w$.<>]+\(([\w$.-]+\.java):(\d+)\)/.exec(trace);
  if (javaFrame) return { file: javaFrame[1], line: Number(javaFrame[2]) };
  const javac = /^([^\s:][^:\n]*\.java):(\d+): error:/m.exec(trace);
  if (javac) return { file: javac[1], line: Number(javac[2]) };
  return undefined;
}

/** Tracebacks name files where the grader ran them (often a temp dir); map them back under the submission path. */
export function defaultResolveFile(file: string, report: Report): string | undefined {
  const sub = report.submission.replace(/\\/g, '/').replace(/\/+$/, '');
  const base = posix.basename(file.replace(/\\/g, '/'));
  if (posix.basename(sub) === base) return sub;
  if (!posix.isAbsolute(file) && !file.startsWith('..')) return posix.normalize(file);
  return /\.[A-Za-z0-9]+$/.test(sub) ? posix.join(posix.dirname(sub), base) : posix.join(sub, base);
}

function annotation(level: 'error' | 'warning' | 'notice', props: { title?: string; file?: string; line?: number }, message: string): string {
  const p: string[] = [];
  if (props.file) p.push(`file=${escapeProperty(visibleControls(props.file))}`);
  if (props.file && props.line) p.push(`line=${props.line}`);
  if (props.title) p.push(`title=${escapeProperty(visibleControls(props.title))}`);
  // Control characters from a submission would colour or rewrite the log; show them as symbols instead.
  return `::${level}${p.length ? ' ' + p.join(',') : ''}::${escapeData(visibleControls(message))}`;
}

function locate(trace: string | undefined, report: Report, opts: GithubOptions): { file?: string; line?: number } {
  const loc = locationFromTrace(trace);
  if (!loc) return {};
  const file = (opts.resolveFile ?? defaultResolveFile)(loc.file, report);
  return file ? { file, line: loc.line } : {};
}

/** Workflow commands, one per line, to print to stdout in a GitHub Actions step. */
export function renderAnnotations(report: Report, opts: GithubOptions = {}): string {
  const max = opts.maxAnnotations ?? 10;
  const tests = redactAll(report.tests, opts.hideHiddenDetails ?? true);
  const out: string[] = [];
  if (report.fatal) {
    const f = report.fatal;
    out.push(annotation('error', { title: `${report.assignment}: ${f.kind}`, ...locate(f.detail, report, opts) }, f.message));
  }
  const failing = tests.filter((t) => (t.status === 'failed' || t.status === 'error') && !(report.fatal && t.status === 'error' && (!t.message || t.message === report.fatal.message)));
  const room = Math.max(0, max - out.length);
  for (const t of failing.slice(0, room)) {
    const pts = `${formatPoints(t.score)}/${formatPoints(t.maxScore)}`;
    const msg = [t.message || `Test ${t.status}.`, t.detail?.hint ? `Hint: ${t.detail.hint}` : '', t.detail?.call ? `Call: ${t.detail.call}` : '']
      .filter(Boolean).join('\n');
    out.push(annotation('error', { title: `${t.group}: ${t.name} (${pts})`, ...locate(t.detail?.traceback, report, opts) }, msg));
  }
  if (failing.length > room) out.push(annotation('warning', { title: 'More failing tests' }, `${failing.length - room} more failing tests are listed in the job summary.`));
  out.push(annotation('notice', { title: 'Autograding complete' }, classroomPointsLine(report)));
  return out.join('\n') + '\n';
}

/**
 * Markdown table cell: no line breaks or pipes, no raw HTML (GitHub renders HTML in markdown), no links or images
 * (a submission's `[see your grade](https://…)` or tracking `![](…)` stays text). Backslashes are escaped first,
 * so that `\|` in the text cannot turn the escape of its pipe into an escaped backslash and a live pipe.
 */
export function mdCell(s: string): string {
  return visibleControls(s)
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/[|`[\]]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '<br>');
}

const ICON: Record<TestResult['status'], string> = { passed: '✅', failed: '❌', error: '⚠️', skipped: '⏭️' };

/**
 * Markdown for $GITHUB_STEP_SUMMARY: totals, notices, points per group, every test with its first message line,
 * then what each test shown noticed and the transcript it ran (collapsed), passing tests included. Hidden tests are
 * name and points only. It stays within the report caps, and under the 1 MiB GitHub accepts.
 */
export function renderStepSummary(report: Report, opts: GithubOptions = {}): string {
  const caps = withDefaults(opts.caps);
  return fitReport(report, { ...caps, total: Math.min(caps.total, SUMMARY_MAX_BYTES) }, (r) => stepSummary(r, opts), utf8Bytes);
}

function stepSummary(report: Report, opts: GithubOptions): string {
  const tests = redactAll(report.tests, opts.hideHiddenDetails ?? true);
  const sum = totals(tests);
  const out: string[] = [
    `### ${mdCell(report.assignment)}: ${formatPoints(sum.score)}/${formatPoints(sum.maxScore)} points`,
    '',
    `${sum.passed} passed, ${sum.failed} failed, ${sum.errors} errors, ${sum.skipped} skipped · submission ${mdCell(report.submission)}`,
    '',
  ];
  if (report.fatal) out.push(`> **${mdCell(report.fatal.kind)}:** ${mdCell(report.fatal.message)}`, '');
  const notices = reportNotices(report, opts.hideHiddenDetails ?? true);
  for (const n of notices) out.push(`- ${mdCell(n)}`);
  if (notices.length) out.push('');
  out.push('| Group | Points |', '|---|---:|');
  for (const g of groupTests(tests)) out.push(`| ${mdCell(g.group)} | ${formatPoints(g.score)}/${formatPoints(g.maxScore)} |`);
  out.push('', '| | Group | Test | Points | Message |', '|---|---|---|---:|---|');
  for (const t of tests) {
    const first = (t.message || '').split('\n')[0];
    out.push(`| ${ICON[t.status]} | ${mdCell(t.group)} | ${mdCell(t.name)} | ${formatPoints(t.score)}/${formatPoints(t.maxScore)} | ${mdCell(first)} |`);
  }
  for (const t of tests) {
    const own = testNotices(t, report);
    if (!own.length && !t.detail?.transcript) continue;
    // <pre> opens an HTML block that only a literal </pre> line ends, and escaped text cannot hold one: blank
    // lines of a transcript stay inside it, never read as markdown.
    out.push('', `<details><summary>${ICON[t.status]} ${escapeHtml(visibleControls(`${t.group}: ${t.name}`))}</summary>`, '');
    for (const n of own) out.push(`- ${mdCell(n)}`);
    if (t.detail?.transcript) out.push(...(own.length ? [''] : []), `<pre>${escapeHtml(visibleControls(t.detail.transcript))}`, '</pre>');
    out.push('', '</details>');
  }
  return out.join('\n') + '\n';
}

/** The line GitHub Classroom reads as the grade. */
export function classroomPointsLine(report: Report): string {
  const sum = totals(report.tests);
  return `Points ${formatPoints(sum.score)}/${formatPoints(sum.maxScore)}`;
}
