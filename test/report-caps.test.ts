// Bounded reports (harness/report/caps.ts): a flooding submission's report keeps the head, the tail and
// the first difference of every long text, says where and that it was cut, and each format stays under
// its byte budget, whatever the submission printed.
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { capReport, capText, DEFAULT_REPORT_CAPS, capsFromSpec, omittedMark, utf8Bytes } from '../harness/report/caps.js';
import { compareText } from '../harness/compare/text.js';
import { renderJson } from '../harness/report/json.js';
import { toGradescope, validateGradescopeResults } from '../harness/report/gradescope.js';
import { renderHtml } from '../harness/report/html.js';
import { renderJunit } from '../harness/report/junit.js';
import { renderTerminal } from '../harness/report/terminal.js';
import { parseSpec, SpecErrors } from '../harness/spec/load.js';
import type { Report, TestResult } from '../harness/model/report.js';
import { makeReport, makeTest } from './fixtures-report/sample-reports.js';

const MB = 1_000_000;
/** Where floodReport's transcript first differs on its line: after "Guesses left: N · word " and 20 dashes. */
const COLUMN = 'Guesses left: 2 · word '.length + 21;
const LINE = 'all work and no play makes jack a dull boy\n';

describe('capText', () => {
  it('returns text within the cap unchanged', () => {
    expect(capText('short\ntext\n', 100)).toBe('short\ntext\n');
  });

  it('keeps the head and the tail of long output, whole lines, and counts exactly what it left out', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const cut = capText(text, 2000);
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(2000);
    expect(cut.startsWith('line 0\nline 1\n')).toBe(true);
    expect(cut.endsWith('line 4998\nline 4999\n')).toBe(true);
    const m = /^… (\d+) bytes \((\d+) lines\) omitted …$/m.exec(cut)!;
    expect(m).not.toBeNull();
    const [head, tail] = cut.split(`${m[0]}\n`);
    expect(Number(m[1])).toBe(utf8Bytes(text) - utf8Bytes(head) - utf8Bytes(tail));
    expect(Number(m[2])).toBe(5000 - head.split('\n').length - tail.split('\n').length + 2);
  });

  it('keeps a line range from the middle in full, between marks', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const cut = capText(text, 2000, [{ from: 2501, to: 2503 }]);
    expect(cut).toMatch(/omitted …\nline 2500\nline 2501\nline 2502\n… \d+ bytes/);
    expect(cut.match(/omitted …/g)).toHaveLength(2);
  });

  it('cuts one endless line around the column it is asked to keep', () => {
    const line = 'ab'.repeat(100_000) + 'X' + 'ab'.repeat(100_000);
    const cut = capText(line, 1000, [{ from: 1, to: 1, column: 200_001 }]);
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(1000);
    expect(cut).toContain('X');
    expect(cut.startsWith('abab')).toBe(true);
    expect(cut.endsWith('abab')).toBe(true);
    expect(cut).toMatch(/… \d+ bytes omitted …/);
  });

  it('never splits a character, and counts bytes, not characters', () => {
    const text = '😀'.repeat(10_000);
    const cut = capText(text, 1000);
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(1000);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    const kept = Array.from(cut.replace(/… \d+ bytes omitted …/, '')).length;
    expect(Number(/… (\d+) bytes/.exec(cut)![1])).toBe((10_000 - kept) * 4);
    // Lone surrogates (undecodable output) are written as U+FFFD, 3 bytes each.
    expect(utf8Bytes(capText('\udcff\ud800a'.repeat(5_000), 1000))).toBeLessThanOrEqual(1000);
  });

  it('cut again, it reports what the submission printed, not what the first cut left', () => {
    const text = LINE.repeat(10_000);
    const once = capText(text, 8000);
    const twice = capText(once, 1000, [], true);
    const kept = twice.replace(/… \d+ bytes \(\d+ lines\) omitted …\n/, '');
    expect(Number(/… (\d+) bytes/.exec(twice)![1])).toBe(utf8Bytes(text) - utf8Bytes(kept));
    expect(Number(/\((\d+) lines\)/.exec(twice)![1])).toBe(10_000 - kept.split('\n').length + 1);
    expect(capText(twice, 1000, [], true)).toBe(twice);
  });

  it('reads nothing into raw output that looks like a mark', () => {
    const forged = '… 999999999 bytes (99999 lines) omitted …\n'.repeat(100);
    const cut = capText(forged, 1000);
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(1000);
    const ours = [...cut.matchAll(/… (\d+) bytes/g)].map((m) => Number(m[1])).filter((n) => n !== 999_999_999);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toBeLessThan(utf8Bytes(forged)); // the bytes cut here, not the sum of the forged claims
  });
});

/** Twenty failing tests of a submission that prints endlessly (the 5 MB report), and one transcript
 *  that goes wrong deep inside a long game: its first difference lies in what the caps leave out. */
function floodReport(): { report: Report; deepLine: number } {
  const flood = LINE.repeat(6000); // 258 KB, what the default output cap lets through
  const tests: TestResult[] = Array.from({ length: 20 }, (_, i) =>
    makeTest({
      id: `flood-${i}`, group: `f${i % 5}`, name: `call ${i}`, status: 'error', kind: 'output_limit_exceeded',
      message: `output limit exceeded: printed more than 262144 characters during f${i}(); an endless print loop?`,
      detail: { transcript: flood, call: `f${i}()` },
    }),
  );
  const expected = Array.from({ length: 6000 }, (_, i) => `Guesses left: ${i % 9} · word ${'-'.repeat(40)} ${i}`).join('\n') + '\n';
  const deepLine = 3000;
  const actual = expected.replace(`${'-'.repeat(40)} ${deepLine - 1}\n`, `${'-'.repeat(20)}e${'-'.repeat(19)} ${deepLine - 1}\n`);
  const cmp = compareText(expected, actual, []);
  tests.push(makeTest({ id: 'game', group: 'transcript', name: 'long game', status: 'failed', kind: 'wrong_answer', message: cmp.summary, detail: { ...cmp.detail, transcript: actual } }));
  return { report: makeReport({ tests }), deepLine };
}

describe('a flooding submission', () => {
  const { report, deepLine } = floodReport();
  const raw = utf8Bytes(JSON.stringify(report));

  it('would make a report of megabytes without caps', () => {
    expect(raw).toBeGreaterThan(5 * MB);
  });

  it('gives a JSON report under 1 MB that says it was shortened and keeps the first difference', () => {
    const json = renderJson(report);
    expect(utf8Bytes(json)).toBeLessThan(MB);
    const r = JSON.parse(json) as Report;
    expect(r.notices?.join('\n')).toMatch(/This report was shortened/);
    for (const t of r.tests.filter((x) => x.id.startsWith('flood'))) {
      expect(utf8Bytes(t.detail!.transcript!)).toBeLessThanOrEqual(DEFAULT_REPORT_CAPS.text);
      expect(t.detail!.transcript).toMatch(/^all work.*\n(.*\n)*… \d+ bytes \(\d+ lines\) omitted …\n(.*\n)*all work/);
    }
    const game = r.tests.find((t) => t.id === 'game')!;
    expect(game.message).toMatch(new RegExp(`^line ${deepLine} differs at column ${COLUMN}: expected "Guesses left`));
    const fd = game.detail!.firstDifference!;
    expect([fd.line, fd.column]).toEqual([deepLine, COLUMN]);
    expect(fd.actual[fd.caret.indexOf('^')]).toBe('e');
    // The differing line is kept in full in every stored text, though it lies far inside the omitted middle.
    for (const text of [game.detail!.expected!, game.detail!.actual!, game.detail!.transcript!]) {
      expect(text).toMatch(/omitted …/);
      expect(text).toContain(` ${deepLine - 1}\n`);
    }
    expect(game.detail!.actual).toContain(`${'-'.repeat(20)}e${'-'.repeat(19)} ${deepLine - 1}`);
    expect(game.detail!.diff).toMatch(new RegExp(`\\n\\+.*-e-.* ${deepLine - 1}\\n`));
  });

  it('gives a Gradescope results.json under 1 MB that shows the first difference and the cut', () => {
    const res = toGradescope(report);
    expect(validateGradescopeResults(res).ok).toBe(true);
    expect(utf8Bytes(JSON.stringify(res, null, 2))).toBeLessThan(MB);
    expect(res.output).toMatch(/This report was shortened/);
    const game = res.tests!.find((t) => t.name === 'transcript: long game')!;
    expect(game.output).toMatch(new RegExp(`line ${deepLine} differs at column ${COLUMN}`));
    expect(game.output).toContain(`-e-${'-'.repeat(18)} ${deepLine - 1}`);
  });

  it('gives an HTML page under 1 MB that shows the first difference and the cut', () => {
    const html = renderHtml(report);
    expect(utf8Bytes(html)).toBeLessThan(MB);
    expect(html).toMatch(/This report was shortened/);
    expect(html).toMatch(new RegExp(`line ${deepLine} differs at column ${COLUMN}`));
    expect(html).toMatch(/<mark>e-*<\/mark>|<mark>e<\/mark>/);
    expect(html).toMatch(/… \d+ bytes \(\d+ lines\) omitted …/);
  });

  it('stays under the budget in every format even when escaping multiplies its size', () => {
    // `"` is 6 bytes in HTML (&quot;), NUL is 6 in JSON (\u0000): fitting measures the output, not the text.
    const quotes = '"<&>\u0000'.repeat(20_000) + '\n';
    const tests = Array.from({ length: 12 }, (_, i) =>
      makeTest({ id: `q${i}`, group: 'g', name: `q${i}`, status: 'failed', message: quotes, detail: { expected: quotes, actual: quotes + 'x', transcript: quotes, diff: quotes, traceback: quotes } }));
    const r = makeReport({ tests });
    expect(utf8Bytes(capReport(r, DEFAULT_REPORT_CAPS).tests.map((t) => JSON.stringify(t)).join(''))).toBeGreaterThan(2 * MB); // cut to the caps, escaped: still over
    expect(utf8Bytes(renderJson(r))).toBeLessThan(MB);
    expect(utf8Bytes(renderHtml(r))).toBeLessThan(MB);
    expect(utf8Bytes(renderJunit(r))).toBeLessThan(MB);
    expect(utf8Bytes(JSON.stringify(toGradescope(r), null, 2))).toBeLessThan(MB);
  });

  it('keeps the regions a message points at (e.g. a transcript turn) in full', () => {
    const transcript = Array.from({ length: 4000 }, (_, i) => `turn ${i}: Enter word, or "!!" to indicate that you are finished: w${i}`).join('\n');
    const t = makeTest({ id: 't', group: 'play_hand', name: 'turns', status: 'failed', message: 'turn 2000: the score is missing',
      detail: { transcript, regions: [{ text: 'transcript', from: 2001, to: 2003, label: 'turn 2000' }] } });
    const capped = capReport(makeReport({ tests: [t] }), DEFAULT_REPORT_CAPS).tests[0].detail!.transcript!;
    expect(capped).toMatch(/omitted …\nturn 2000: .* w2000\nturn 2001: .* w2001\nturn 2002: .* w2002\n… \d+ bytes/);
  });

  it('leaves a report within its caps exactly as it was', () => {
    const small = makeReport({ tests: [makeTest({ id: 'a', group: 'g', name: 'a', status: 'failed', message: 'differs', detail: { expected: 'x\n', actual: 'y\n' } })] });
    expect(capReport(small, DEFAULT_REPORT_CAPS)).toEqual(small);
    expect(JSON.parse(renderJson(small))).toEqual(small);
  });

  it('shows, at a terminal, a difference far to the right of a long line with its caret', () => {
    const e = 'x'.repeat(500) + 'A' + 'x'.repeat(500);
    const a = 'x'.repeat(500) + 'B' + 'x'.repeat(500);
    const cmp = compareText(e + '\n', a + '\n', []);
    const r = makeReport({ tests: [makeTest({ id: 't', group: 'g', name: 't', status: 'failed', message: cmp.summary, detail: cmp.detail })] });
    const lines = renderTerminal(r, { color: false, width: 100 }).split('\n');
    const i = lines.findIndex((l) => l.includes('first difference at line 1, column 501'));
    expect(lines[i + 2]).toContain('B');
    expect(lines[i + 3].indexOf('^')).toBe(lines[i + 2].indexOf('B'));
    expect(lines[i + 1][lines[i + 3].indexOf('^')]).toBe('A');
  });
});

describe('caps in a spec', () => {
  const spec = (report: string) => `assignment: demo
title: Demo
language: python
submission: { file: chiseler.py }
reference: chiseler
fixtures: .
defaults:
  report: ${report}
tests:
  - id: a
    call: share_letter('a', 'b')
    basis: "docstring of share_letter"
`;

  it('are spec defaults a course can change', () => {
    const d = parseSpec(spec('{ text_cap: 4096, max_bytes: 200000 }'), 'demo.yaml').data.defaults;
    expect(capsFromSpec(d)).toEqual({ text: 4096, message: DEFAULT_REPORT_CAPS.message, total: 200_000 });
    const plain = parseSpec(spec('{}'), 'demo.yaml').data.defaults;
    expect(capsFromSpec(plain)).toEqual(DEFAULT_REPORT_CAPS);
  });

  it('refuse caps too small to show a line, with a reason', () => {
    let errors: string[] = [];
    try {
      parseSpec(spec('{ text_cap: 10 }'), 'demo.yaml');
    } catch (e) {
      if (!(e instanceof SpecErrors)) throw e;
      errors = e.errors.map((x) => x.message);
    }
    expect(errors.join('\n')).toMatch(/text_cap.*at least 1024 bytes/s);
  });

  it('mark a cut the same way everywhere', () => {
    expect(omittedMark(1234, 5)).toBe('… 1234 bytes (5 lines) omitted …');
    expect(omittedMark(10, 1)).toBe('… 10 bytes (1 line) omitted …');
    expect(omittedMark(10, 0)).toBe('… 10 bytes omitted …');
  });
});
