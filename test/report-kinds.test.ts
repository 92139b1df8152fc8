// Every format carries a test's outcome kind, its basis (the handout sentence it enforces) and whether it is an
// extra test (reported, never scored).
import { describe, expect, it } from 'vitest';
import { renderJson } from '../harness/report/json.js';
import { renderTerminal } from '../harness/report/terminal.js';
import { renderHtml } from '../harness/report/html.js';
import { renderJunit } from '../harness/report/junit.js';
import { toGradescope } from '../harness/report/gradescope.js';
import { makeReport, makeTest } from './fixtures-report/sample-reports.js';

const BASIS = 'Problem 1: "The score for a word is the product of two components"';

function report() {
  return makeReport({
    assignment: 'ps3-mit',
    tests: [
      makeTest({ id: 'score-weed', group: 'get_word_score', name: "'weed' with n=6", status: 'error', kind: 'time_limit_exceeded', maxScore: 1,
        message: 'time limit exceeded: no result after 2 s', basis: BASIS }),
      makeTest({ id: 'fast-large', group: 'extra', name: 'is_valid_word: 80,000 words in 1 s', status: 'failed', kind: 'wrong_answer', maxScore: 0,
        message: 'took 3.2 s', extra: true }),
      makeTest({ id: 'hidden-one', group: 'get_word_score', name: 'hidden', status: 'failed', kind: 'wrong_answer', visibility: 'hidden', message: 'expected 3, got 4', basis: BASIS }),
    ],
  });
}

describe('outcome kind, basis and extra', () => {
  it('JSON: kind after status, basis and extra after the test’s own fields', () => {
    const t = JSON.parse(renderJson(report())).tests[0];
    expect(Object.keys(t)).toEqual(['id', 'group', 'name', 'status', 'kind', 'score', 'maxScore', 'visibility', 'message', 'durationMs', 'basis']);
    expect(JSON.parse(renderJson(report())).tests[1].extra).toBe(true);
  });

  it('terminal: the basis under a failure, and extra tests marked as not scored', () => {
    const out = renderTerminal(report(), { color: false, width: 120 });
    expect(out).toContain(`required by: ${BASIS}`);
    expect(out).toMatch(/✗ is_valid_word: 80,000 words in 1 s \(not scored\) +0\/0/);
  });

  it('HTML: the kind’s label, the basis and the extra note', () => {
    const html = renderHtml(report());
    expect(html).toContain('score-weed · time limit exceeded ·');
    expect(html).toContain('Required by: Problem 1: &quot;The score for a word is the product of two components&quot;');
    expect(html).toContain('Extra test: reported, never scored.');
  });

  it('JUnit: the kind as the error type and as a property, the basis and extra as properties', () => {
    const xml = renderJunit(report());
    expect(xml).toContain('<error message="time limit exceeded: no result after 2 s" type="time_limit_exceeded">');
    expect(xml).toContain('<property name="kind" value="time_limit_exceeded"/>');
    expect(xml).toContain('<property name="basis" value="Problem 1: &quot;The score');
    expect(xml).toContain('<property name="extra" value="reported, never scored"/>');
  });

  it('Gradescope: kind and basis in extra_data and in the output, never for a hidden test', () => {
    const res = toGradescope(report());
    const [weed, hidden, extra] = res.tests!; // grouped: get_word_score, then extra
    expect(weed.extra_data).toEqual({ kind: 'time_limit_exceeded', kind_label: 'time limit exceeded', basis: BASIS });
    expect(weed.output).toContain(`Required by: ${BASIS}`);
    expect(extra.extra_data).toEqual({ kind: 'wrong_answer', kind_label: 'wrong answer', extra: true });
    expect(extra.output).toContain('Extra test: reported, never scored.');
    expect(hidden.extra_data).toBeUndefined();
    expect(hidden.output).not.toContain('Required by');
  });
});
