// A passing game or transcript test keeps its transcript (issue 25, item 8: "nothing to audit"): a TA must be
// able to see why a suspicious program passed. Every reporter shows or carries it, within the report caps, and
// a hidden test's stays hidden.
import { describe, expect, it } from 'vitest';
import { renderTerminal } from '../harness/report/terminal.js';
import { renderJson } from '../harness/report/json.js';
import { renderJunit } from '../harness/report/junit.js';
import { renderHtml } from '../harness/report/html.js';
import { toGradescope } from '../harness/report/gradescope.js';
import { renderStepSummary } from '../harness/report/github.js';
import { DEFAULT_REPORT_CAPS } from '../harness/report/caps.js';
import type { Report } from '../harness/model/report.js';
import { makeReport, makeTest } from './fixtures-report/sample-reports.js';

const GAME = [
  'Please input file: dictionary.txt',
  'Word length? 5',
  'Guesses? 3',
  'Show the running total? n',
  'You have 3 guesses left. Used letters: ',
  'Word: -----',
  'Your guess: e',
  'Sorry, there are no e\'s',
  'You have 2 guesses left. Used letters: e',
].join('\n');

function gameReport(transcript = GAME): Report {
  return makeReport({
    assignment: 'evil-hangman-java',
    tests: [
      makeTest({ id: 'largest-family', group: 'game', name: 'keeps the largest family', status: 'passed', maxScore: 2, detail: { transcript } }),
      makeTest({ id: 'secret-game', group: 'game', name: 'a hidden game', status: 'passed', visibility: 'hidden', detail: { transcript: 'Word length? 7\nSECRET-PLAY' } }),
    ],
  });
}

describe('the transcript of a passing test', () => {
  it('is shown by the terminal report with -v only, under its test', () => {
    const quiet = renderTerminal(gameReport(), { color: false });
    expect(quiet).not.toContain('Your guess: e');
    const verbose = renderTerminal(gameReport(), { color: false, verbose: true });
    expect(verbose).toMatch(/keeps the largest family[^\n]*\n\s+transcript:\n\s+Please input file: dictionary\.txt\n/);
    expect(verbose).toContain("        Sorry, there are no e's");
    // A student's self-check does not show a hidden test's run.
    expect(renderTerminal(gameReport(), { color: false, verbose: true, hideHiddenDetails: true })).not.toContain('SECRET-PLAY');
  });

  it('is carried by the JSON report (detail.transcript), by JUnit (system-out), HTML, Gradescope and the step summary', () => {
    const json = JSON.parse(renderJson(gameReport()));
    expect(json.tests[0].status).toBe('passed');
    expect(json.tests[0].detail.transcript).toBe(GAME);
    expect(renderJunit(gameReport())).toContain(`<system-out>Please input file: dictionary.txt\nWord length? 5`);
    expect(renderHtml(gameReport())).toContain('<details><summary>Transcript</summary><pre>Please input file: dictionary.txt');
    const gs = toGradescope(gameReport());
    expect(gs.tests![0].output).toBe(`Transcript:\n${GAME}`);
    expect(gs.tests![1].output).toBe('');
    const md = renderStepSummary(gameReport());
    expect(md).toContain(`<details><summary>✅ game: keeps the largest family</summary>\n\n<pre>${GAME.replace(/'/g, '&#39;')}\n</pre>`);
    expect(md).not.toContain('SECRET-PLAY');
  });

  it('stays within the report caps: its head and tail are kept, with the cut marked', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `You have ${i} guesses left. Used letters: e`).join('\n');
    const r = gameReport(long);
    const t = JSON.parse(renderJson(r)).tests[0].detail.transcript as string;
    expect(Buffer.byteLength(t)).toBeLessThanOrEqual(DEFAULT_REPORT_CAPS.text);
    expect(t).toMatch(/^You have 0 guesses left[\s\S]*… \d+ bytes \(\d+ lines\) omitted …[\s\S]*You have 19999 guesses left/);
    for (const out of [renderJunit(r), renderHtml(r), JSON.stringify(toGradescope(r)), renderStepSummary(r)]) {
      expect(Buffer.byteLength(out)).toBeLessThan(DEFAULT_REPORT_CAPS.total);
      expect(out).toMatch(/omitted …/);
    }
  });
});
