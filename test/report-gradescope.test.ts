import { describe, expect, it } from 'vitest';
import { toGradescope, validateGradescopeResults } from '../harness/report/gradescope.js';
import { fatalReport, hangmanReport, hostileReport } from './fixtures-report/sample-reports.js';

describe('Gradescope results.json', () => {
  it('follows the specification and validates', () => {
    const gs = toGradescope(hangmanReport(), { visibility: 'visible', stdoutVisibility: 'hidden' });
    const v = validateGradescopeResults(JSON.parse(JSON.stringify(gs)));
    expect(v.ok).toBe(true);
    expect(Object.keys(gs)).toEqual(['score', 'execution_time', 'output', 'output_format', 'visibility', 'stdout_visibility', 'tests']);
    for (const t of gs.tests!) {
      expect(Object.keys(t)).toEqual(['score', 'max_score', 'status', 'name', 'name_format', 'number', 'output', 'output_format', 'tags', 'visibility']);
      expect(['passed', 'failed']).toContain(t.status);
    }
    expect(gs.execution_time).toBe(2);
    expect(gs.tests!.map((t) => t.number).slice(0, 3)).toEqual(['1.1', '1.2', '2.1']);
    expect(gs.tests![2]).toMatchObject({ name: 'Hangman.make_guess: HARD keeps the largest family', status: 'failed', score: 0, max_score: 2, tags: ['Hangman.make_guess'] });
    expect(gs.tests![2].output).toContain("Expected {'----': 5, '-e--': 2}");
    // error and skipped are both failures on Gradescope; points stay as graded.
    expect(gs.tests!.find((t) => t.name!.includes('EASY'))!.status).toBe('failed');
  });

  it('has a total equal to the sum of its tests', () => {
    for (const r of [hangmanReport(), fatalReport(), hostileReport()]) {
      const gs = toGradescope(r);
      const sum = gs.tests!.reduce((s, t) => s + (t.score ?? 0), 0);
      expect(gs.score).toBeCloseTo(sum, 9);
      expect(gs.score).toBe(r.score);
    }
  });

  it('never reveals what a hidden test checked, by default keeping it hidden on Gradescope', () => {
    const gs = toGradescope(hangmanReport());
    const hidden = gs.tests!.find((t) => t.name!.includes('MEDIUM'))!;
    expect(hidden).toMatchObject({ visibility: 'hidden', score: 0, max_score: 2, status: 'failed', output: 'Hidden test: details are not shown.' });
    expect(JSON.stringify(gs)).not.toContain('q---');
    // The summary a student can see must not include hidden points.
    expect(gs.output).toContain('Score on the tests shown here 2.25/11.75');
    const later = gs.tests!.find((t) => t.name!.includes('second game after a win'))!;
    expect(later.visibility).toBe('after_due_date');
  });

  it("'score-only' shows hidden tests by name and score, still redacted", () => {
    const gs = toGradescope(hangmanReport(), { hiddenTests: 'score-only' });
    const hidden = gs.tests!.find((t) => t.name!.includes('MEDIUM'))!;
    expect(hidden.visibility).toBe('visible');
    expect(hidden.output).toBe('Hidden test: details are not shown.');
    expect(JSON.stringify(gs)).not.toContain('q---');
    expect(gs.output).toContain('Score 2.25/13.75');
  });

  it('can keep hidden details for instructor-only exports', () => {
    const gs = toGradescope(hangmanReport(), { hideHiddenDetails: false });
    expect(gs.tests!.find((t) => t.name!.includes('MEDIUM'))!.output).toContain("'q---'");
  });

  it('uses text format so printed markup is not rendered, and reports a fatal error once at the top', () => {
    const gs = toGradescope(hostileReport());
    expect(gs.output_format).toBe('text');
    expect(gs.tests!.every((t) => t.output_format === 'text' && t.name_format === 'text')).toBe(true);
    const fatal = toGradescope(fatalReport());
    expect(fatal.output!.startsWith('import-error: The submission could not be imported')).toBe(true);
  });

  it('rejects objects that break the specification', () => {
    const bad = [
      { tests: [{ score: 1, status: 'error' }] },
      { score: 1, visibility: 'private' },
      { tests: [{ name: 'no score anywhere' }] },
      { score: 1, tests: [{ score: 1, number: 1 }] },
      { score: 1, unknown_field: true },
      { score: 1, stdout_visibility: 'sometimes' },
    ];
    for (const b of bad) expect(validateGradescopeResults(b).ok, JSON.stringify(b)).toBe(false);
    const r = validateGradescopeResults({ score: 'ten' });
    expect(r.ok === false && r.errors[0]).toMatch(/^score: /);
    expect(validateGradescopeResults({ score: 3, tests: [{ name: 'Compilation check', status: 'passed' }] }).ok).toBe(true);
  });
});
