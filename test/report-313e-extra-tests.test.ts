// A 313E submission that fails scored tests also fails the debug-mode sessions, which are extra (the course
// grades with DEBUG = False): in the terminal their whole diffs drowned the scored failures. An extra test's
// failure is one line there (its diff with -v); a scored test's is shown in full as before.
import { describe, expect, it } from 'vitest';
import { renderTerminal } from '../harness/report/terminal.js';
import { makeReport, makeTest } from './fixtures-report/sample-reports.js';

const expected = Array.from({ length: 30 }, (_, i) => `DEBUGGING: Words left: ${i}`).join('\n') + '\n';
const actual = expected.replace('Words left: 12', 'Words left: 13');

function report() {
  return makeReport({
    tests: [
      makeTest({ id: 'easy-win', group: 'sessions', name: 'easy-win', status: 'failed', kind: 'wrong_answer',
        message: 'the printed output differs: line 13 differs', detail: { expected, actual, hint: 'compare with the handout' } }),
      makeTest({ id: 'debug-hard-play-again', group: 'extra', name: 'debug: debug mode, HARD loss, then another game', status: 'failed', kind: 'wrong_answer',
        maxScore: 0, extra: true, message: 'the printed output differs: line 13 differs at column 24\nsecond line of the message', detail: { expected, actual, hint: 'debug hint', traceback: 'Traceback\n  line 1' } }),
      makeTest({ id: 'debug-easy', group: 'extra', name: 'debug: debug mode, EASY', status: 'error', kind: 'run_time_error',
        maxScore: 0, extra: true, message: 'the program raised IndexError', detail: { traceback: 'Traceback (most recent call last):\n  File "hangman.py", line 80\nIndexError' } }),
      makeTest({ id: 'debug-medium', group: 'extra', name: 'debug: debug mode, MEDIUM', status: 'passed', maxScore: 0, extra: true }),
    ],
  });
}

/** The lines the terminal shows for a group, up to the next blank line. */
function group(out: string, name: string): string[] {
  const lines = out.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`${name} `));
  const end = lines.indexOf('', i);
  return lines.slice(i, end < 0 ? undefined : end);
}

describe('terminal report: tests not scored', () => {
  it("shows an extra test's failure as one line, and no diff, hint or traceback", () => {
    const extra = group(renderTerminal(report(), { color: false, width: 100 }), 'extra');
    expect(extra).toEqual([
      expect.stringMatching(/^extra +0\/0$/),
      expect.stringMatching(/^ {2}✗ debug: debug mode, HARD loss, then another game \(not scored\) +0\/0$/),
      '      the printed output differs: line 13 differs at column 24',
      expect.stringMatching(/^ {2}! debug: debug mode, EASY \(run-time error\) \(not scored\) +0\/0$/),
      '      the program raised IndexError',
      expect.stringMatching(/^ {2}✓ debug: debug mode, MEDIUM \(not scored\) +0\/0$/),
      '  -v shows the details of the 2 failing tests not scored',
    ]);
  });

  it('keeps the scored failure in full', () => {
    const sessions = group(renderTerminal(report(), { color: false, width: 100 }), 'sessions').join('\n');
    expect(sessions).toContain('first difference at line 13, column 25:');
    expect(sessions).toContain('diff: -expected +actual');
    expect(sessions).toContain('+DEBUGGING:·Words·left:·13');
    expect(sessions).toContain('hint: compare with the handout');
  });

  it('with --verbose, shows the extra tests in full', () => {
    const extra = group(renderTerminal(report(), { color: false, width: 100, verbose: true }), 'extra').join('\n');
    expect(extra).toContain('second line of the message');
    expect(extra).toContain('+DEBUGGING:·Words·left:·13');
    expect(extra).toContain('hint: debug hint');
    expect(extra).toContain('IndexError');
    expect(extra).not.toContain('-v shows');
  });
});
