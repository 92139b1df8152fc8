// Bounded reports: whatever a submission prints, each stored text keeps its head and its tail, the
// places a message points at (the first difference, a turn of a transcript) are kept in full, and a
// whole rendered report (JSON, Gradescope results.json, one HTML page) stays under a byte budget.
//
// A cut is shown where it happened, as "… N bytes (M lines) omitted …", and the report gets one notice
// saying that it was shortened. Cutting a shortened report again (to fit a smaller budget) adds the counts
// of the earlier marks, so the numbers always describe what the submission printed.
import type { Report, TestDetail, TestResult } from '../model/report.js';

export interface ReportCaps {
  /** Bytes kept of each stored text: transcript, expected, actual, diff, traceback, a fatal error's detail. */
  text: number;
  /** Bytes kept of each message (a test's, a fatal error's, a notice); at most MAX_NOTICES notices per list. */
  message: number;
  /** Bytes a whole rendered report may take: the JSON report, Gradescope's results.json, one HTML page. */
  total: number;
}

/** The spec defaults (`defaults.report` in a spec: text_cap, message_cap, max_bytes). */
export const DEFAULT_REPORT_CAPS: ReportCaps = { text: 16 * 1024, message: 2 * 1024, total: 1_000_000 };

/** Below these, shrinking to fit the total stops and long texts are dropped instead (see fitReport). */
const FLOOR = { text: 512, message: 512 };

/** Lines of a text (1-based, inclusive) to keep in full; `column` (1-based) is where to centre a line too long to keep whole. */
export interface KeepRange {
  from: number;
  to: number;
  column?: number;
}

const MARK = /… (\d+) bytes(?: \((\d+) lines?\))? omitted …\n?/g;

/** The mark put where text was cut. */
export function omittedMark(bytes: number, lines: number): string {
  return `… ${bytes} bytes${lines ? ` (${lines} ${lines === 1 ? 'line' : 'lines'})` : ''} omitted …`;
}

/** Room a mark may take (its digits included), reserved in every budget so a cut text never exceeds its cap. */
const MARK_ROOM = 48;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** Whether a surrogate pair starts at i. */
function pairAt(s: string, i: number): boolean {
  return isHigh(s.charCodeAt(i)) && isLow(s.charCodeAt(i + 1));
}

/** UTF-8 size of the code unit at i on its own (a lone surrogate is written as U+FFFD: 3 bytes). */
function unitBytes(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
}

export function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** The index reached by taking at most `bytes` UTF-8 bytes forward from `start` (never inside a surrogate pair). */
function forward(s: string, start: number, bytes: number, end = s.length): number {
  let i = start, used = 0;
  while (i < end) {
    const pair = pairAt(s, i);
    const b = pair ? 4 : unitBytes(s, i);
    if (used + b > bytes) break;
    used += b;
    i += pair ? 2 : 1;
  }
  return Math.min(i, end);
}

/** The index reached by taking at most `bytes` UTF-8 bytes backward from `end`. */
function backward(s: string, end: number, bytes: number, start = 0): number {
  let i = end, used = 0;
  while (i > start) {
    const pair = i - 2 >= start && pairAt(s, i - 2);
    const b = pair ? 4 : unitBytes(s, i - 1);
    if (used + b > bytes) break;
    used += b;
    i -= pair ? 2 : 1;
  }
  return Math.max(i, start);
}

/**
 * Where each line of a text starts, and which lines of the output it stands for (1-based, inclusive). In a text cut
 * before (`marks`), a mark on a line of its own stands for the M lines it replaced, and a line with a mark inside it
 * for the lines joined there; otherwise line k stands for line k.
 */
function lineMap(s: string, marks: boolean): { starts: number[]; first: number[]; last: number[] } {
  const starts = [0];
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) starts.push(i + 1);
  const first: number[] = [], last: number[] = [];
  let line = 1;
  starts.forEach((st, i) => {
    let joined = 0, ownLine = false;
    const text = marks ? s.slice(st, i + 1 < starts.length ? starts[i + 1] : s.length) : '';
    if (text.includes('omitted')) {
      for (const m of text.matchAll(MARK)) {
        joined += Number(m[2] ?? 0);
        ownLine = m.index === 0 && m[0].length >= text.length - 1;
      }
    }
    first.push(line);
    // A mark line replaced `joined` whole lines; a mark inside a line joined `joined` + 1 lines into one.
    line += ownLine ? joined : joined + 1;
    last.push(line - 1);
  });
  return { starts, first, last };
}

/** What a gap of text stands for: its bytes and newlines, plus (`marks`) whatever marks of an earlier cut inside it stood for. */
function gapSize(gap: string, marks: boolean): { bytes: number; lines: number } {
  let bytes = utf8Bytes(gap), lines = 0;
  for (let i = gap.indexOf('\n'); i !== -1; i = gap.indexOf('\n', i + 1)) lines++;
  if (marks) {
    for (const m of gap.matchAll(MARK)) {
      bytes += Number(m[1]) - utf8Bytes(m[0]);
      lines += Number(m[2] ?? 0) - (m[0].endsWith('\n') ? 1 : 0);
    }
  }
  return { bytes, lines };
}

type Span = [number, number];

/** A span of at most `bytes` around `focus` inside [start, end): a quarter of the room before it, the rest after. */
function around(s: string, focus: number, bytes: number, start: number, end: number): Span {
  const f = Math.max(start, Math.min(focus, end));
  let a = backward(s, f, Math.floor(bytes / 4), start);
  const b = forward(s, f, bytes - utf8Bytes(s.slice(a, f)), end);
  // Room left over at the end (the focus is near it) goes before the focus.
  a = backward(s, a, bytes - utf8Bytes(s.slice(a, b)), start);
  return [a, b];
}

/**
 * At most `max` UTF-8 bytes of `text`: its head and tail, every range in `keep` (in full when it fits in half of
 * `max`, else centred on its column), and a mark for each cut. Cuts fall on line ends when one is near.
 * Text within the cap is returned unchanged. With `recut` the text may carry marks of an earlier cut (its report
 * says it was shortened): `keep` still names lines of the output, and new marks add up what the old ones stood for.
 * Raw output is never read that way, so a submission printing something that looks like a mark changes nothing.
 */
export function capText(text: string, max: number, keep: readonly KeepRange[] = [], recut = false): string {
  if (text.length <= max && utf8Bytes(text) <= max) return text;
  const room = Math.max(64, max - MARK_ROOM * (2 + 2 * keep.length));
  const spans: Span[] = [];
  let used = 0;
  if (keep.length) {
    const { starts, first, last } = lineMap(text, recut);
    const n = starts.length;
    const each = Math.floor(room / 2 / keep.length);
    for (const k of keep) {
      // The text's own lines that hold output lines k.from..k.to.
      let from = first.findIndex((_, i) => last[i] >= k.from);
      if (from < 0) continue;
      let to = from;
      while (to + 1 < n && first[to + 1] <= k.to) to++;
      from = Math.min(from, n - 1);
      const start = starts[from], end = to + 1 < n ? starts[to + 1] : text.length;
      const focus = start + Math.max(0, (k.column ?? 1) - 1);
      const span: Span = utf8Bytes(text.slice(start, end)) <= each ? [start, end] : around(text, focus, each, start, end);
      spans.push(span);
      used += utf8Bytes(text.slice(span[0], span[1]));
    }
  }
  const rest = Math.max(32, room - used);
  let head = forward(text, 0, Math.floor(rest * 0.6));
  let tail = backward(text, text.length, rest - utf8Bytes(text.slice(0, head)));
  // Prefer whole lines: end the head after a newline in its last quarter, start the tail after one in its first quarter.
  const nlHead = text.lastIndexOf('\n', head - 1);
  if (nlHead >= 0 && nlHead + 1 >= head * 0.75) head = nlHead + 1;
  const nlTail = text.indexOf('\n', tail);
  if (nlTail >= 0 && nlTail + 1 <= text.length && nlTail + 1 - tail <= (text.length - tail) * 0.25) tail = nlTail + 1;
  spans.push([0, head], [tail, text.length]);
  spans.sort((x, y) => x[0] - y[0]);
  const merged: Span[] = [];
  for (const sp of spans) {
    const last = merged.at(-1);
    if (last && sp[0] <= last[1]) last[1] = Math.max(last[1], sp[1]);
    else merged.push([...sp]);
  }
  let out = '';
  merged.forEach(([a, b], i) => {
    if (i > 0) {
      const gapStart = merged[i - 1][1];
      const size = gapSize(text.slice(gapStart, a), recut);
      // A mark on a line of its own when the cut is between whole lines; in the line otherwise.
      const lineCut = (gapStart === 0 || text[gapStart - 1] === '\n') && text[a - 1] === '\n';
      out += omittedMark(size.bytes, size.lines) + (lineCut ? '\n' : '');
    }
    out += text.slice(a, b);
  });
  return out;
}

/** Whether a text carries a cut mark. */
export function wasCut(text: string | undefined): boolean {
  if (!text) return false;
  MARK.lastIndex = 0;
  return MARK.test(text);
}

/** The first line of a unified diff that is a change (not a header, hunk line or context), 1-based. */
function firstChangeInDiff(diff: string): number | undefined {
  const lines = diff.split('\n');
  const i = lines.findIndex((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l));
  return i < 0 ? undefined : i + 1;
}

type Field = 'expected' | 'actual' | 'transcript' | 'diff';

/** The line ranges of one stored text that a report points at: the first difference and any detail.regions. */
export function keepRanges(d: TestDetail, field: Field): KeepRange[] {
  const keep: KeepRange[] = [];
  const fd = d.firstDifference;
  if (fd && field !== 'diff') keep.push({ from: fd.line, to: fd.line, column: fd.column });
  if (field === 'diff' && d.diff) {
    const at = firstChangeInDiff(d.diff);
    if (at) keep.push({ from: Math.max(1, at - 3), to: at + 1, column: fd?.column });
  }
  for (const r of d.regions ?? []) if (r.text === field) keep.push({ from: r.from, to: r.to, column: r.column });
  return keep;
}

/** A first-difference line cut to `max` bytes around the caret; the caret is moved to match. */
function capFirstDifference(fd: NonNullable<TestDetail['firstDifference']>, max: number, recut: boolean): NonNullable<TestDetail['firstDifference']> {
  if (utf8Bytes(fd.expected) <= max && utf8Bytes(fd.actual) <= max) return fd;
  const pos = Math.max(0, fd.caret.indexOf('^'));
  const cut = (line: string): { text: string; shift: number } => {
    if (utf8Bytes(line) <= max) return { text: line, shift: 0 };
    const [a, b] = around(line, pos, Math.max(32, max - 2 * MARK_ROOM), 0, line.length);
    const before = a > 0 ? omittedMark(gapSize(line.slice(0, a), recut).bytes, 0) : '';
    const after = b < line.length ? omittedMark(gapSize(line.slice(b), recut).bytes, 0) : '';
    return { text: before + line.slice(a, b) + after, shift: before.length - a };
  };
  const e = cut(fd.expected), a = cut(fd.actual);
  return { ...fd, expected: e.text, actual: a.text, caret: ' '.repeat(Math.max(0, pos + a.shift)) + '^' };
}

/** One capping pass: the caps, whether the report was cut before (see capText's `recut`), and what this pass cut. */
interface Pass {
  caps: ReportCaps;
  drop: boolean;
  recut: boolean;
  cut: number;
}

function cap(p: Pass, text: string, max: number, keep: readonly KeepRange[] = []): string {
  const out = capText(text, max, keep, p.recut);
  if (out !== text || (p.recut && wasCut(out))) p.cut++;
  return out;
}

function capDetail(d: TestDetail, p: Pass): TestDetail {
  const out: TestDetail = { ...d };
  const lineMax = Math.max(256, Math.min(2048, Math.floor(p.caps.text / 4)));
  for (const f of ['expected', 'actual', 'transcript', 'diff'] as const) {
    const v = d[f];
    if (v === undefined) continue;
    if (p.drop) delete out[f];
    else out[f] = cap(p, v, p.caps.text, keepRanges(d, f));
  }
  if (d.traceback !== undefined) out.traceback = cap(p, d.traceback, p.drop ? FLOOR.text : p.caps.text);
  if (d.firstDifference) out.firstDifference = capFirstDifference(d.firstDifference, lineMax, p.recut);
  for (const f of ['call', 'hint', 'seed'] as const) if (d[f] !== undefined) out[f] = cap(p, d[f]!, p.caps.message);
  return out;
}

/** Notices kept per list (a test's, the report's): a program can raise one per call, with a new path each time. */
export const MAX_NOTICES = 20;

const MORE_NOTICES = /^… and (\d+) more notices?$/;

/** A list of notices: each within the message cap, at most MAX_NOTICES, then one line counting the rest. */
function capNotices(p: Pass, notices: readonly string[]): string[] {
  // A list cut before ends with its count: add it up rather than count the count.
  const earlier = MORE_NOTICES.exec(notices.at(-1) ?? '');
  const list = earlier ? notices.slice(0, -1) : notices;
  const more = list.length - MAX_NOTICES + (earlier ? Number(earlier[1]) : 0);
  const kept = list.slice(0, MAX_NOTICES).map((n) => cap(p, n, p.caps.message));
  if (more > 0) {
    if (list.length > MAX_NOTICES) p.cut++;
    kept.push(`… and ${more} more ${more === 1 ? 'notice' : 'notices'}`);
  }
  return kept;
}

/** The notice a shortened report carries (replaced, never repeated, when a report is cut again). */
export const SHORTENED = 'This report was shortened';

function kib(n: number): string {
  return n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000} MB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`;
}

/**
 * The report with every stored text and message within `caps` (head, tail and the places its messages point at;
 * see capText and keepRanges). With `drop`, expected/actual/transcript/diff are left out altogether (the last
 * resort of fitReport). A report within the caps comes back equal to the input; a cut one says so in a notice.
 */
export function capReport(report: Report, caps: ReportCaps, drop = false): Report {
  const p: Pass = { caps, drop, recut: (report.notices ?? []).some((n) => n.startsWith(SHORTENED)), cut: 0 };
  const tests = report.tests.map((t): TestResult => ({
    ...t,
    message: cap(p, t.message, caps.message),
    ...(t.detail ? { detail: capDetail(t.detail, p) } : {}),
    ...(t.notices ? { notices: capNotices(p, t.notices) } : {}),
  }));
  const out: Report = { ...report, tests };
  if (report.fatal) {
    out.fatal = { ...report.fatal, message: cap(p, report.fatal.message, caps.message) };
    if (report.fatal.detail !== undefined) out.fatal.detail = cap(p, report.fatal.detail, caps.text);
  }
  const notices = capNotices(p, (report.notices ?? []).filter((n) => !n.startsWith(SHORTENED)));
  if (p.cut || drop) {
    const what = drop ? 'expected and actual output, transcripts and diffs were left out, and ' : '';
    notices.push(
      `${SHORTENED} to stay small: ${what}${p.cut} long text(s) keep their head, their tail and the first difference, ` +
        `with "… N bytes (M lines) omitted …" where output was cut (caps: ${kib(caps.text)} per text, ${kib(caps.message)} per message, ${kib(caps.total)} per report).`,
    );
  }
  if (notices.length || report.notices) out.notices = notices;
  return out;
}

/**
 * Renders the report within caps.total bytes: first with the per-text caps, then with caps shrunk in proportion
 * to the excess until the output fits, and at last without the long texts. `render` makes the output and `size`
 * measures it. Each shrinking pass cuts the once-cut report (small texts), not the original.
 */
export function fitReport<T>(report: Report, caps: ReportCaps, render: (r: Report) => T, size: (out: T) => number): T {
  let c = { ...caps };
  const once = capReport(report, c);
  let out = render(once);
  for (let i = 0, bytes = size(out); i < 12 && bytes > caps.total; i++, bytes = size(out)) {
    if (c.text <= FLOOR.text && c.message <= FLOOR.message) return render(capReport(once, c, true));
    // At least halve, so a hugely escaped report (HTML's &quot;, JSON's \u0000) fits in a few renders.
    const scale = Math.min(0.5, (0.9 * caps.total) / bytes);
    c = { ...c, text: Math.max(FLOOR.text, Math.floor(c.text * scale)), message: Math.max(FLOOR.message, Math.floor(c.message * scale)) };
    out = render(capReport(once, c));
  }
  return out;
}

/** Caps from a spec's `defaults.report` (text_cap, message_cap, max_bytes). */
export function capsFromSpec(d: { report?: { text_cap: number; message_cap: number; max_bytes: number } }): ReportCaps {
  return d.report ? { text: d.report.text_cap, message: d.report.message_cap, total: d.report.max_bytes } : { ...DEFAULT_REPORT_CAPS };
}

/** Caps given in part (renderer options) completed with the defaults. */
export function withDefaults(caps?: Partial<ReportCaps>): ReportCaps {
  return { ...DEFAULT_REPORT_CAPS, ...caps };
}
