import { describe, expect, it } from 'vitest';
import { renderBatchSummary, renderTerminal } from '../harness/report/terminal.js';
import { compactDiff, firstDifference, sideBySideRows } from '../harness/report/diff-text.js';
import { visibleWhitespace, whitespaceOrCaseHint } from '../harness/report/text.js';
import { EXPECTED_TRANSCRIPT, fatalReport, hangmanReport, hostileReport, makeReport, makeTest, ps3Report } from './fixtures-report/sample-reports.js';

const ANSI = /\x1b\[[0-9;]*m/g;

describe('terminal report', () => {
  it('groups tests with per-group points, markers and a total that matches the tests', () => {
    const out = renderTerminal(hangmanReport(), { color: false, width: 90 });
    expect(out).not.toMatch(ANSI);
    expect(out).toMatch(/^Hangman\.make_guess +0\/6$/m);
    expect(out).toMatch(/^Hangman\.get_secret_word +0\.25\/1\.75$/m);
    expect(out).toMatch(/^ {2}✓ num_words\(4\) on the small list +1\/1$/m);
    expect(out).toMatch(/^ {2}✗ HARD keeps the largest family +0\/2$/m);
    expect(out).toMatch(/^ {2}! EASY picks the second hardest on even guesses \(error\) +0\/2$/m);
    expect(out).toMatch(/^ {2}- secret word after the game \(skipped\) +0\/1$/m);
    expect(out).toContain('Score 2.25/13.75 (16%) · 3 passed, 4 failed, 1 error, 1 skipped');
  });

  it('shows the first difference with visible whitespace and a caret under the right column', () => {
    const out = renderTerminal(hangmanReport(), { color: false, width: 100 });
    const lines = out.split('\n');
    const i = lines.findIndex((l) => l.includes('first difference at line 8, column 17'));
    expect(i).toBeGreaterThan(0);
    expect(lines[i + 1]).toContain('expected │ Guessed·so·far:·[]⏎');
    expect(lines[i + 2]).toContain('actual   │ Guessed·so·far:··[]⏎');
    const caretCol = lines[i + 3].indexOf('^');
    const textStart = lines[i + 2].indexOf('Guessed');
    expect(caretCol - textStart).toBe(16);
    // The diff marks the removed and added lines, whitespace visible.
    expect(out).toContain('-Your·guess?·e');
    expect(out).toContain('+Your·guess?e');
    expect(out).toContain('hint: The output differs only in whitespace');
    expect(out).toContain('hint: The output differs only in upper/lower case.');
  });

  it('caps long diffs and points at the JSON report', () => {
    const expected = Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n');
    const actual = Array.from({ length: 60 }, (_, i) => `LINE ${i} `).join('\n');
    const r = makeReport({ tests: [makeTest({ id: 't', group: 'transcript', name: 'long', status: 'failed', message: 'differs', detail: { expected, actual } })] });
    const out = renderTerminal(r, { color: false, maxDiffLines: 10 });
    const diffLines = compactDiff(expected, actual).split('\n').length;
    expect(out).toContain(`… ${diffLines - 10} more lines (full output in the JSON report)`);
    expect(out.split('\n').filter((l) => /^ {6}[-+]/.test(l))).toHaveLength(9); // the hunk header takes one of the 10
  });

  it('shows a fatal error once, not once per test', () => {
    const r = fatalReport();
    const out = renderTerminal(r, { color: false });
    expect(out.split('could not be imported').length - 1).toBe(1);
    expect(out).toContain('✗ import-error:');
    expect(out.match(/1 test not run \(see the error above\)/g)).toHaveLength(4);
    const verbose = renderTerminal(r, { color: false, verbose: true });
    expect(verbose.split('could not be imported').length - 1).toBe(1);
    expect(verbose.match(/not run: see the error above/g)).toHaveLength(4);
  });

  it('colours only when asked, and never passes a submission’s escape sequences to the terminal', () => {
    const r = hostileReport();
    const plain = renderTerminal(r, { color: false });
    expect(plain).not.toContain('\x1b');
    expect(plain).not.toContain('\x07');
    expect(plain).not.toContain('\x00');
    expect(plain).toContain('␛[31mred␛[0m');
    const coloured = renderTerminal(r, { color: true });
    expect(coloured).toMatch(ANSI);
    // Remove our own colour codes: what is left must contain no raw ESC from the submission.
    expect(coloured.replace(ANSI, '')).not.toContain('\x1b');
  });

  it('keeps lines within the width', () => {
    for (const width of [60, 80, 120]) {
      const out = renderTerminal(hangmanReport(), { color: false, width });
      for (const l of out.split('\n')) expect(Array.from(l).length, l).toBeLessThanOrEqual(width);
    }
  });

  it('redacts hidden tests when asked', () => {
    const shown = renderTerminal(hangmanReport(), { color: false });
    expect(shown).toContain("Expected pattern 'q---'");
    const hidden = renderTerminal(hangmanReport(), { color: false, hideHiddenDetails: true });
    expect(hidden).not.toContain("q---");
    expect(hidden).toContain('MEDIUM on the secret word list');
    expect(hidden).toContain('Hidden test: details are not shown.');
  });

  it('summarises a batch: histogram, most-failed tests, slowest and errored submissions', () => {
    const reports = [ps3Report('s1', 8, 100), ps3Report('s2', 8, 120), ps3Report('s3', 4, 7000), ps3Report('s4', 0, 50), fatalReport()];
    const out = renderBatchSummary(reports, { color: false, width: 80 });
    expect(out).toContain('gradekit batch · 5 submissions');
    const bars = out.split('\n').filter((l) => /^ +\d+–\d+% +\d+ /.test(l));
    expect(bars).toHaveLength(10);
    expect(bars[9]).toMatch(/90–100% +2 █+$/);
    expect(bars[5]).toMatch(/50–59% +1 █+$/);
    expect(bars[0]).toMatch(/0–9% +2 █+$/);
    expect(out).toMatch(/Most failed tests\n +2\/5 {2}is_valid_word › is_valid_word case 4/);
    expect(out).toMatch(/Slowest submissions\n +7\.00s {2}s3/);
    expect(out).toContain('! submissions/bob/hangman.py');
    expect(out).toContain('import-error');
  });
});

describe('a test that (nearly) every submission fails is flagged', () => {
  it('warns when a scored test fails at least 90% of the submissions that ran, and not otherwise', () => {
    const all = Array.from({ length: 10 }, (_, i) => ps3Report(`s${i}`, 4, 100));
    const out = renderBatchSummary([...all, fatalReport()], { color: false, width: 100 });
    expect(out).toMatch(/Tests that fail \(nearly\) every submission \(\d+\)\n +⚠ +10\/10 /);
    expect(out).toContain('more likely wrong than the class');
    const mixed = [ps3Report('a', 8, 100), ps3Report('b', 8, 100), ps3Report('c', 4, 100), ps3Report('d', 8, 100), ps3Report('e', 8, 100)];
    expect(renderBatchSummary(mixed, { color: false, width: 100 })).not.toContain('fail (nearly) every submission');
  });
});

describe('diff helpers', () => {
  it('finds the first difference, including a missing final newline', () => {
    expect(firstDifference('a\nbc\n', 'a\nbd\n')).toMatchObject({ line: 2, column: 2, expected: 'bc\n', actual: 'bd\n', caret: ' ^' });
    expect(firstDifference('x\n', 'x')).toMatchObject({ line: 1, column: 2 });
    expect(firstDifference('same', 'same')).toBeUndefined();
  });

  it('makes whitespace visible one character for one', () => {
    expect(visibleWhitespace('a b\tc\r\n')).toBe('a·b→c␍⏎');
  });

  it('recognises whitespace-only and case-only differences', () => {
    expect(whitespaceOrCaseHint('a b\n', 'a  b\n')).toMatch(/whitespace/);
    expect(whitespaceOrCaseHint('a\r\nb', 'a\nb')).toMatch(/line endings/);
    expect(whitespaceOrCaseHint('Yes', 'yes')).toMatch(/case/);
    expect(whitespaceOrCaseHint('yes', 'no')).toBeUndefined();
  });

  it('pairs changed lines side by side and keeps line numbers', () => {
    const rows = sideBySideRows(EXPECTED_TRANSCRIPT, EXPECTED_TRANSCRIPT.replace('Your guess? e\n', 'Your guess? e\nextra\n'));
    expect(rows.filter((r) => r.kind === 'added')).toEqual([{ kind: 'added', left: undefined, right: { no: 12, text: 'extra' } }]);
    const changed = sideBySideRows('a\nb\nc', 'a\nB\nc');
    expect(changed.map((r) => r.kind)).toEqual(['same', 'changed', 'same']);
  });
});
