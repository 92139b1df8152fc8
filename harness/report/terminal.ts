// Human-readable report for a terminal: grouped tests with points, and for each failure the message, the first
// difference with a caret, a compact diff and a hint, with whitespace made visible so "wrong spacing" is obvious.
import { createColors } from 'picocolors';
import { totals, type Report, type TestResult } from '../model/report.js';
import { KINDS } from '../model/kinds.js';
import { compactDiff, caretAt, firstDifference } from './diff-text.js';
import { groupTests } from './groups.js';
import { reportNotices, testNotices } from './notices.js';
import { redactAll } from './redact.js';
import { formatDuration, formatPoints, mapReportStrings, plural, truncate, visibleControls, visibleWhitespace, whitespaceOrCaseHint } from './text.js';

export interface TerminalOptions {
  color: boolean;
  /** Line width for alignment and truncation (default 100). */
  width?: number;
  /** Also show durations, normalisers, full messages and tracebacks, and every test's transcript (passing tests too). */
  verbose?: boolean;
  /** Diff lines shown per failing test before "… N more lines" (default 40). */
  maxDiffLines?: number;
  /** Show hidden tests as name and points only (for student-facing runs). */
  hideHiddenDetails?: boolean;
}

type Colors = ReturnType<typeof createColors>;

/** Wrapped lines of a failure message shown without --verbose. */
const MESSAGE_LINES = 8;

const MARKERS: Record<TestResult['status'], string> = { passed: '✓', failed: '✗', error: '!', skipped: '-' };

function marker(c: Colors, t: TestResult): string {
  const m = MARKERS[t.status];
  return t.status === 'passed' ? c.green(m) : t.status === 'failed' ? c.red(m) : t.status === 'error' ? c.yellow(m) : c.dim(m);
}

/** Left text, then right text flush with the width (at least two spaces between). */
function row(left: string, leftLen: number, right: string, rightLen: number, width: number): string {
  return left + ' '.repeat(Math.max(2, width - leftLen - rightLen)) + right;
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    // Words longer than the width (paths, reprs) are cut into width-sized pieces.
    const words = para.split(' ').flatMap((wd) => (wd.length > width ? wd.match(new RegExp(`.{1,${Math.max(1, width)}}`, 'gu')) ?? [wd] : [wd]));
    for (const word of words) {
      if (line && line.length + 1 + word.length > width) (out.push(line), (line = word));
      else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

function pointsText(score: number, max: number): string {
  return `${formatPoints(score)}/${formatPoints(max)}`;
}

/** Colour one line of a unified diff, making whitespace visible in its content. */
function diffLine(c: Colors, line: string, width: number): string {
  const head = line[0] ?? ' ';
  if (line.startsWith('@@')) return c.cyan(truncate(line, width));
  if (head === '\\') return c.dim(truncate(line, width));
  const body = truncate(head + visibleWhitespace(line.slice(1)), width);
  return head === '-' ? c.red(body) : head === '+' ? c.green(body) : c.dim(body);
}

function failureLines(t: TestResult, c: Colors, o: Required<Omit<TerminalOptions, 'hideHiddenDetails'>>): string[] {
  const ind = '      ';
  const w = o.width - ind.length;
  const out: string[] = [];
  // A message quoting a long line of output is cut to its first and last lines here (the JSON report has it all).
  const msg = wrap(t.message || `Test ${t.status}.`, w);
  const shown = o.verbose || msg.length <= MESSAGE_LINES ? msg : [...msg.slice(0, MESSAGE_LINES - 2), c.dim(`… ${msg.length - MESSAGE_LINES + 1} more lines (--verbose shows them) …`), msg[msg.length - 1]];
  for (const l of shown) out.push(ind + l);
  if (t.basis) out.push(ind + c.dim('required by: ') + c.dim(truncate(t.basis, Math.max(10, w - 13))));
  const d = t.detail;
  if (!d) return out;
  if (d.call) out.push(ind + c.dim('call: ') + truncate(d.call, Math.max(10, w - 6)));
  if (d.seed) out.push(ind + c.dim(`replay with --seed ${d.seed}`));

  // Single-line values (a return value) are already spelled out in the message; a caret helps only in text.
  const textual = (d.expected ?? '').includes('\n') || (d.actual ?? '').includes('\n');
  const fd = d.firstDifference ?? (textual && d.expected !== undefined && d.actual !== undefined ? firstDifference(d.expected, d.actual) : undefined);
  if (fd) {
    const multiline = (d.expected ?? '').includes('\n') || (d.actual ?? '').includes('\n') || fd.line > 1;
    out.push(ind + (multiline ? `first difference at line ${fd.line}, column ${fd.column}:` : `first difference at column ${fd.column}:`));
    // visibleWhitespace keeps one character per character, so the caret (set where the line was cut or
    // neutralised) stays right; a difference beyond the width is shown with what leads up to it.
    const room = w - 13;
    const pos = Math.max(0, fd.caret.indexOf('^'));
    const from = pos < room - 1 ? 0 : pos - Math.floor(room / 2);
    const shown = (line: string) => (from ? '…' + visibleWhitespace(line).slice(from + 1) : visibleWhitespace(line));
    out.push(ind + '  expected │ ' + c.green(truncate(shown(fd.expected), room)));
    out.push(ind + '  actual   │ ' + c.red(truncate(shown(fd.actual), room)));
    out.push(ind + '           │ ' + c.yellow(caretAt(pos - from + 1)));
  }

  const diff = d.diff ?? (d.expected !== undefined && d.actual !== undefined && (d.expected.includes('\n') || d.actual.includes('\n'))
    ? compactDiff(d.expected, d.actual) : undefined);
  if (diff) {
    const lines = diff.split('\n');
    out.push(ind + c.dim('diff: ') + c.green('-expected') + ' ' + c.red('+actual'));
    for (const l of lines.slice(0, o.maxDiffLines)) out.push(ind + diffLine(c, l, w));
    if (lines.length > o.maxDiffLines) out.push(ind + c.dim(`… ${lines.length - o.maxDiffLines} more lines (full output in the JSON report)`));
  }

  const hint = d.hint ?? (d.expected !== undefined && d.actual !== undefined ? whitespaceOrCaseHint(d.expected, d.actual) : undefined);
  if (hint) {
    const [first, ...rest] = wrap(`hint: ${hint}`, w);
    out.push(ind + c.yellow(first), ...rest.map((l) => ind + c.yellow(l)));
  }
  if (o.verbose && d.normalisers?.length) out.push(ind + c.dim(`normalisers: ${d.normalisers.join(', ')}`));

  if (d.traceback) {
    const tb = d.traceback.replace(/\n+$/, '').split('\n');
    const keep = o.verbose ? tb : tb.slice(-12);
    if (keep.length < tb.length) out.push(ind + c.dim(`… ${tb.length - keep.length} traceback lines above`));
    for (const l of keep) out.push(ind + c.dim(truncate(l, w)));
  }
  if (o.verbose) out.push(...transcriptLines(t, c, o));
  return out;
}

/** The transcript of a test's run (with --verbose): for a passing test too, so a reader can see why it passed. */
function transcriptLines(t: TestResult, c: Colors, o: { width: number }): string[] {
  const ind = '      ';
  const d = t.detail;
  if (!d?.transcript) return [];
  return [ind + c.dim('transcript:'), ...d.transcript.split('\n').map((l) => ind + '  ' + truncate(l, o.width - ind.length - 2))];
}

/** What the grader noticed while the test ran (notices the report shows at its top are not repeated). */
function noticeLines(t: TestResult, report: Report, c: Colors, width: number): string[] {
  return testNotices(t, report).flatMap((n) => wrap(`• ${n}`, width - 6).map((l) => '      ' + c.dim(l)));
}

export function renderTerminal(input: Report, opts: TerminalOptions): string {
  // Everything below may contain what a submission printed: neutralise terminal control sequences first.
  const report = mapReportStrings(input, visibleControls);
  const c = createColors(opts.color);
  const o = { color: opts.color, width: opts.width ?? 100, verbose: opts.verbose ?? false, maxDiffLines: opts.maxDiffLines ?? 40 };
  const tests = redactAll(report.tests, opts.hideHiddenDetails ?? false);
  const sum = totals(tests);
  const out: string[] = [];

  const head = `gradekit · ${report.assignment}`;
  out.push(c.bold(head) + c.dim(truncate(` · ${report.submission}`, Math.max(10, o.width - head.length))));
  if (report.fatal) {
    const f = report.fatal;
    out.push('');
    const [first, ...rest] = wrap(`✗ ${f.kind}: ${f.message}`, o.width);
    out.push(c.red(c.bold(first)), ...rest.map((l) => c.red(l)));
    if (f.detail) {
      const lines = f.detail.replace(/\n+$/, '').split('\n');
      const keep = o.verbose ? lines : lines.slice(0, o.maxDiffLines);
      for (const l of keep) out.push('    ' + c.dim(truncate(l, o.width - 4)));
      if (keep.length < lines.length) out.push('    ' + c.dim(`… ${lines.length - keep.length} more lines (full output in the JSON report)`));
    }
  }
  for (const n of reportNotices(report, opts.hideHiddenDetails ?? false)) out.push(...wrap(`• ${n}`, o.width).map((l) => c.dim(l)));

  // Tests that did not run because of the fatal error repeat nothing: one line per group says so.
  const fatalCaused = (t: TestResult) => report.fatal !== undefined && t.status === 'error' && (t.message === '' || t.message === report.fatal.message);

  for (const g of groupTests(tests)) {
    out.push('');
    const pts = pointsText(g.score, g.maxScore);
    const ptsColored = g.score >= g.maxScore ? c.green(pts) : g.score > 0 ? c.yellow(pts) : c.red(pts);
    out.push(row(c.bold(g.group), g.group.length, ptsColored, pts.length, o.width));
    let notRun = 0, extraShort = 0;
    for (const t of g.tests) {
      if (fatalCaused(t) && !o.verbose) { notRun++; continue; }
      const p = pointsText(t.score, t.maxScore);
      const extra = o.verbose ? ` ${formatDuration(t.durationMs)}` : '';
      // An error says which (a time limit, a crash, a compile error): a bare "error" reads as the grader's.
      const said = t.status === 'error' ? ` (${t.ungraded ? 'not graded' : t.kind ? KINDS[t.kind].label : 'error'})` : t.status === 'skipped' ? ' (skipped)' : '';
      const state = t.status === 'error' ? c.yellow(said) : c.dim(said);
      // Tests beyond the handout are reported, never scored: say so where the points would mislead.
      const status = state + (t.extra ? c.dim(' (not scored)') : '');
      const statusLen = said.length + (t.extra ? 13 : 0);
      const name = truncate(t.name, o.width - 4 - statusLen - p.length - extra.length - 2);
      out.push(row(`  ${marker(c, t)} ${name}${status}`, 4 + Array.from(name).length + statusLen, c.dim(p + extra), p.length + extra.length, o.width));
      if (fatalCaused(t)) { out.push('      ' + c.dim('not run: see the error above')); continue; }
      out.push(...noticeLines(t, report, c, o.width));
      if (t.status === 'passed') { if (o.verbose) out.push(...transcriptLines(t, c, o)); continue; }
      if (t.status === 'skipped') {
        if (t.message) out.push('      ' + c.dim(t.message));
        if (o.verbose) out.push(...transcriptLines(t, c, o));
        continue;
      }
      // A test beyond the handout costs nothing: its failure is one line, so that the scored failures stand
      // out; its difference, hint and traceback come with --verbose.
      if (t.extra && !o.verbose) {
        out.push('      ' + truncate((t.message || `Test ${t.status}.`).split('\n')[0]!, o.width - 6));
        extraShort++;
        continue;
      }
      out.push(...failureLines(t, c, o));
    }
    if (extraShort) out.push('  ' + c.dim(`-v shows the details of the ${extraShort === 1 ? 'failing test' : `${extraShort} failing tests`} not scored`));
    if (notRun) out.push(`  ${c.yellow('!')} ${c.dim(`${plural(notRun, 'test')} not run (see the error above)`)}`);
  }

  out.push('');
  const pct = sum.maxScore > 0 ? ` (${Math.round((100 * sum.score) / sum.maxScore)}%)` : '';
  const counts = [`${sum.passed} passed`, sum.failed && `${sum.failed} failed`, sum.errors && plural(sum.errors, 'error'), sum.skipped && `${sum.skipped} skipped`,
    sum.extraFailed && `${sum.extraFailed} extra not passed (unscored)`, sum.ungraded && `${sum.ungraded} not graded (a grader or spec problem)`]
    .filter(Boolean).join(', ');
  const scoreText = `Score ${pointsText(sum.score, sum.maxScore)}${pct}`;
  const allPassed = sum.score >= sum.maxScore && !report.fatal;
  const rest = ` · ${counts} · ${formatDuration(report.durationMs)}`;
  const scoreLine = c.bold(allPassed ? c.green(scoreText) : c.red(scoreText));
  if (scoreText.length + rest.length <= o.width) out.push(scoreLine + c.dim(rest));
  else out.push(scoreLine, c.dim(truncate(rest.slice(3), o.width)));
  return out.join('\n') + '\n';
}

export { renderBatchSummary, type BatchSummaryOptions } from './batch-summary.js';
