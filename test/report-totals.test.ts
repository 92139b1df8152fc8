// The same score must appear in every reporter's output (GUIDE: totals agree everywhere they appear).
import { describe, expect, it } from 'vitest';
import { totals } from '../harness/model/report.js';
import {
  classroomPointsLine, gradebookRows, renderGradesCsv, renderHtml, renderJson, renderJunit, renderStepSummary, renderTerminal, toGradescope,
} from '../harness/report/index.js';
import { fatalReport, hangmanReport, hostileReport, makeReport, makeTest } from './fixtures-report/sample-reports.js';

// Weights like 0.1 + 0.2 would print 0.30000000000000004 if any reporter summed naively.
const fractional = makeReport({
  tests: [0.1, 0.2, 0.7, 1 / 3].map((w, i) => makeTest({ id: `w${i}`, group: i % 2 ? 'odd' : 'even', name: `weight ${w}`, status: 'passed', maxScore: w })),
});

describe('totals agree across reporters', () => {
  for (const [name, report] of [['hangman', hangmanReport()], ['fatal', fatalReport()], ['hostile', hostileReport()], ['fractional', fractional]] as const) {
    it(name, () => {
      const t = totals(report.tests);
      const pts = (x: number) => String(Math.round(x * 100) / 100);
      const expectPair = `${pts(t.score)}/${pts(t.maxScore)}`;
      expect(renderTerminal(report, { color: false })).toContain(`Score ${expectPair}`);
      expect(JSON.parse(renderJson(report))).toMatchObject({ score: t.score, maxScore: t.maxScore });
      expect(toGradescope(report).score).toBe(t.score);
      expect(classroomPointsLine(report)).toBe(`Points ${expectPair}`);
      expect(renderStepSummary(report)).toContain(`: ${expectPair} points`);
      expect(renderHtml(report)).toContain(`>${expectPair}</span> points`);
      expect(gradebookRows([report])[1].slice(1, 3)).toEqual([t.score, t.maxScore]);
      expect(renderGradesCsv([report]).split('\r\n')[1]).toContain(`,${pts(t.score)},${pts(t.maxScore)},`);
      const junit = renderJunit(report);
      const suiteScores = [...junit.matchAll(/^ {4}<properties><property name="score" value="([^"]+)"/gm)].map((m) => Number(m[1]));
      expect(suiteScores.reduce((s, x) => s + x, 0)).toBeCloseTo(t.score, 2);
    });
  }

  it('fractional weights print cleanly', () => {
    expect(classroomPointsLine(fractional)).toBe('Points 1.33/1.33');
    expect(renderJson(fractional)).toContain('"score": 1.333333,');
  });
});
