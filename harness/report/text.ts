// Small text helpers every reporter shares, so points and whitespace look the same everywhere.
import type { Report } from '../model/report.js';

/** Make invisible characters visible, one output character per input character so carets stay aligned. */
export function visibleWhitespace(s: string): string {
  return s.replace(/[ \t\n\r]/g, (c) => (c === ' ' ? '·' : c === '\t' ? '→' : c === '\n' ? '⏎' : '␍'));
}

/**
 * Characters beyond ASCII that act on whoever reads a report rather than showing as themselves: C1 controls
 * (U+0080–U+009F, among them CSI U+009B and NEL U+0085), bidirectional embeddings, overrides, isolates and marks
 * (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C: "Trojan Source", CVE-2021-42574) and the Unicode line and
 * paragraph separators U+2028/U+2029 (line breaks in browsers and editors, and invalid in JavaScript before ES2019).
 */
export const UNSAFE_UNICODE = /[\u0080-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/g;

/** The escape a report shows in place of an unsafe character: `\u202e`, the same spelling in JSON, JavaScript and Python. */
export function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Unsafe Unicode characters (UNSAFE_UNICODE) shown as `\u202e`-style escapes; everything else unchanged. */
export function escapeUnsafeUnicode(s: string): string {
  return s.replace(UNSAFE_UNICODE, unicodeEscape);
}

/** C0 controls except tab, newline and (with keepCR) carriage return, as Unicode control pictures (␛ ␇ ␈ ␀). */
export function controlPictures(s: string, keepCR = false): string {
  return s.replace(keepCR ? /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g : /[\x00-\x08\x0B-\x1F\x7F]/g, (c) =>
    c === '\x7F' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0)),
  );
}

/**
 * Characters a submission printed that would act on the reader's terminal or page instead of showing: C0 controls
 * (ESC sequences, bell, backspace, CR) become control pictures (␛ ␇ ␈ ␍), one character each; C1 controls,
 * bidirectional overrides and Unicode line separators become `\u009b`-style escapes. Newlines and tabs are kept.
 */
export function visibleControls(s: string): string {
  return escapeUnsafeUnicode(controlPictures(s));
}

/** A copy of a value with every string passed through fn (for sanitising a whole report before rendering). */
export function mapStrings<T>(value: T, fn: (s: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)])) as T;
  }
  return value;
}

/**
 * A report with every string passed through fn (a neutraliser such as visibleControls), each first difference's
 * caret moved to stay under the same character when fn lengthens what comes before it.
 */
export function mapReportStrings(report: Report, fn: (s: string) => string): Report {
  const out = mapStrings(report, fn);
  report.tests.forEach((t, i) => {
    const fd = t.detail?.firstDifference;
    const to = out.tests[i].detail?.firstDifference;
    const pos = fd ? fd.caret.indexOf('^') : -1;
    if (fd && to && pos >= 0) to.caret = ' '.repeat(fn(fd.actual.slice(0, pos)).length) + '^';
  });
  return out;
}

/** Points as people write them: 3, 2.5, 0.33 (never 0.30000000000000004). */
export function formatPoints(x: number): string {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
  const m = Math.floor(ms / 60_000);
  return `${m}m${Math.round((ms % 60_000) / 1000)}s`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/**
 * When two texts differ only in whitespace or only in letter case, say so: that is the first thing a student
 * should fix, and a diff full of near-identical lines hides it.
 */
export function whitespaceOrCaseHint(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const squash = (s: string) => s.replace(/\s+/g, '');
  if (squash(expected) === squash(actual)) {
    const lineEndings = expected.replace(/\r\n/g, '\n') === actual.replace(/\r\n/g, '\n');
    return lineEndings
      ? 'The output differs only in line endings (\\r\\n versus \\n).'
      : 'The output differs only in whitespace (spaces, tabs, blank lines or line endings).';
  }
  if (expected.toLowerCase() === actual.toLowerCase()) return 'The output differs only in upper/lower case.';
  return undefined;
}

/** Cut a line to a display width, marking the cut. */
export function truncate(s: string, width: number): string {
  const chars = Array.from(s);
  return chars.length <= width ? s : chars.slice(0, Math.max(1, width - 1)).join('') + '…';
}
