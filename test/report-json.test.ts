import { describe, expect, it } from 'vitest';
import { renderJson } from '../harness/report/json.js';
import { fatalReport, hangmanReport, hostileReport } from './fixtures-report/sample-reports.js';

/** The same object with its keys in reverse order, at every level. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversedKeys(x)]));
  return v;
}

describe('JSON report', () => {
  it('writes keys in contract order with 2-space indentation', () => {
    const text = renderJson(hangmanReport());
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(['assignment', 'submission', 'score', 'maxScore', 'durationMs', 'tests', 'notices', 'seed', 'gradekit']);
    expect(Object.keys(parsed.tests[0])).toEqual(['id', 'group', 'name', 'status', 'score', 'maxScore', 'visibility', 'message', 'durationMs', 'detail']);
    const transcript = parsed.tests.find((t: { group: string }) => t.group === 'transcript');
    expect(Object.keys(transcript.detail)).toEqual(['expected', 'actual', 'diff', 'firstDifference', 'normalisers', 'transcript']);
    expect(Object.keys(transcript.detail.firstDifference)).toEqual(['line', 'column', 'expected', 'actual', 'caret']);
    expect(text.split('\n')[1]).toBe('  "assignment": "hangman-313e",');
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('is byte-stable whatever order the input keys come in, and round-trips', () => {
    for (const r of [hangmanReport(), fatalReport(), hostileReport()]) {
      const a = renderJson(r);
      expect(renderJson(reversedKeys(r) as typeof r)).toBe(a);
      expect(JSON.parse(a)).toEqual(r);
    }
  });

  it('recomputes totals from the tests so they always agree', () => {
    const r = { ...hangmanReport(), score: 999, maxScore: 1 };
    const parsed = JSON.parse(renderJson(r));
    expect(parsed.score).toBe(2.25);
    expect(parsed.maxScore).toBe(13.75);
    const sum = parsed.tests.reduce((s: number, t: { score: number }) => s + t.score, 0);
    expect(sum).toBe(parsed.score);
  });

  it('keeps fatal errors and control characters intact (JSON escapes them)', () => {
    const parsed = JSON.parse(renderJson(fatalReport()));
    expect(Object.keys(parsed.fatal)).toEqual(['kind', 'message', 'detail']);
    const hostile = renderJson(hostileReport());
    expect(hostile).toContain('\\u001b[31m');
    expect(hostile).not.toContain('\u0000');
  });
});
