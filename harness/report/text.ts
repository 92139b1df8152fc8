// Small text helpers every reporter shares, so points and whitespace look the same everywhere.

/** Make invisible characters visible, one output character per input character so carets stay aligned. */
export function visibleWhitespace(s: string): string {
  return s.replace(/[ \t\n\r]/g, (c) => (c === ' ' ? '·' : c === '\t' ? '→' : c === '\n' ? '⏎' : '␍'));
}

/**
 * Control characters a submission printed (ESC sequences, bell, backspace, CR) would act on the reader's terminal:
 * show them as Unicode control pictures (␛ ␇ ␈ ␍), one character each. Newlines and tabs are kept.
 */
export function visibleControls(s: string): string {
  return s.replace(/[\x00-\x08\x0B-\x1F\x7F]/g, (c) => (c === '\x7F' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0))));
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
