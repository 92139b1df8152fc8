// Small text helpers every reporter shares, so points and whitespace look the same everywhere.

/** Make invisible characters visible, one output character per input character so carets stay aligned. */
export function visibleWhitespace(s: string): string {
  return s.replace(/[ \t\n\r]/g, (c) => (c === ' ' ? '·' : c === '\t' ? '→' : c === '\n' ? '⏎' : '␍'));
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
