// Realistic sample reports for the reporter tests, shaped like what the grader produces for real submissions.
import { totals, type Report, type TestResult } from '../../harness/model/report.js';
import { compactDiff, firstDifference } from '../../harness/report/diff-text.js';

export function makeTest(p: Partial<TestResult> & Pick<TestResult, 'id' | 'group' | 'name' | 'status'>): TestResult {
  const maxScore = p.maxScore ?? 1;
  return {
    score: p.status === 'passed' ? maxScore : 0,
    maxScore,
    visibility: 'visible',
    message: '',
    durationMs: 7,
    ...p,
  };
}

export function makeReport(p: Partial<Report> & Pick<Report, 'tests'>): Report {
  const t = totals(p.tests);
  return { assignment: 'hangman-313e', submission: 'submissions/alice/hangman.py', score: t.score, maxScore: t.maxScore, durationMs: 1834, ...p };
}

/** A transcript test whose only difference is a missing trailing space on the guess prompt. */
export const EXPECTED_TRANSCRIPT = [
  'Welcome to the CS313E hangman game.',
  '',
  'What length word do you want to use? 4',
  'How many wrong answers allowed? 3',
  'What difficulty level do you want?',
  'Enter a number between 1 (EASIEST) and 3 (HARDEST): 3',
  'Guesses left: 3',
  "Guessed so far: []",
  'Current word: ----',
  '',
  'Your guess? e',
  "Sorry, there are no e's",
  '',
].join('\n');
export const ACTUAL_TRANSCRIPT = EXPECTED_TRANSCRIPT.replace('Your guess? e', 'Your guess?e').replace("Guessed so far: []", "Guessed so far:  []");

function transcriptTest(): TestResult {
  return makeTest({
    id: 'transcript/hard-4-3',
    group: 'transcript',
    name: 'HARD game, length 4, 3 wrong guesses',
    status: 'failed',
    maxScore: 4,
    message: 'The transcript differs from the reference at line 8: see the diff.',
    durationMs: 41,
    detail: {
      expected: EXPECTED_TRANSCRIPT,
      actual: ACTUAL_TRANSCRIPT,
      diff: compactDiff(EXPECTED_TRANSCRIPT, ACTUAL_TRANSCRIPT),
      firstDifference: firstDifference(EXPECTED_TRANSCRIPT, ACTUAL_TRANSCRIPT),
      transcript: ACTUAL_TRANSCRIPT,
      normalisers: ['trailing-whitespace'],
    },
  });
}

/** hangman-313e: value tests, one wrong, one crash, one hidden, one skipped, one transcript test. */
export function hangmanReport(): Report {
  const tests: TestResult[] = [
    makeTest({ id: 'num_words/len4', group: 'Hangman.num_words', name: 'num_words(4) on the small list', status: 'passed', maxScore: 1, detail: { call: 'Hangman(words, False).num_words(4)' } }),
    makeTest({ id: 'num_words/len25', group: 'Hangman.num_words', name: 'num_words(25) with no such words', status: 'passed', maxScore: 1 }),
    makeTest({
      id: 'make_guess/hard-first', group: 'Hangman.make_guess', name: 'HARD keeps the largest family', status: 'failed', maxScore: 2,
      message: "Expected {'----': 5, '-e--': 2} but got {'-e--': 2, '----': 5, 'e---': 0}.",
      detail: { expected: "{'----': 5, '-e--': 2}", actual: "{'-e--': 2, '----': 5, 'e---': 0}", call: "h.make_guess('e')", seed: '1234' },
    }),
    makeTest({
      id: 'make_guess/easy-second', group: 'Hangman.make_guess', name: 'EASY picks the second hardest on even guesses', status: 'error', maxScore: 2,
      message: 'IndexError: list index out of range',
      detail: {
        call: "h.make_guess('a')",
        traceback: 'Traceback (most recent call last):\n  File "/tmp/gk-8f2a/hangman.py", line 88, in make_guess\n    chosen = families[1]\nIndexError: list index out of range',
      },
    }),
    makeTest({
      id: 'make_guess/hidden-medium', group: 'Hangman.make_guess', name: 'MEDIUM on the secret word list', status: 'failed', maxScore: 2, visibility: 'hidden',
      message: "Expected pattern 'q---' but got '---q'.", detail: { expected: "'q---'", actual: "'---q'", call: "h.make_guess('q')" },
    }),
    makeTest({ id: 'get_secret_word/after', group: 'Hangman.get_secret_word', name: 'secret word after the game', status: 'skipped', maxScore: 1, message: 'Skipped because make_guess/easy-second failed.' }),
    makeTest({ id: 'case/upper', group: 'Hangman.get_secret_word', name: 'secret word is lower case', status: 'failed', maxScore: 0.5,
      message: "Expected 'bake' but got 'BAKE'.", detail: { expected: "'bake'", actual: "'BAKE'" } }),
    makeTest({ id: 'case/after', group: 'Hangman.get_secret_word', name: 'second game after a win', status: 'passed', maxScore: 0.25, visibility: 'after_due_date' }),
    transcriptTest(),
  ];
  return makeReport({ tests, notices: ['Sandbox unavailable: tests ran without the network namespace.'], seed: '1234', gradekit: { version: '0.1.0' } });
}

/** Import failed: every test is an error carrying the same message; the fatal must be shown once. */
export function fatalReport(): Report {
  const msg = 'The submission could not be imported: TabError: inconsistent use of tabs and spaces in indentation (hangman.py, line 12).';
  const tests = ['num_words', 'make_guess', 'get_guesses_left', 'get_secret_word'].map((m, i) =>
    makeTest({ id: `${m}/basic`, group: `Hangman.${m}`, name: `${m} basic`, status: 'error', maxScore: 2, message: msg, durationMs: 0 }));
  return makeReport({
    submission: 'submissions/bob/hangman.py',
    tests,
    durationMs: 95,
    fatal: { kind: 'import-error', message: msg, detail: '  File "/tmp/gk-91/hangman.py", line 12\n\tif n == 0:\n    ^\nTabError: inconsistent use of tabs and spaces in indentation' },
  });
}

/** A submission that prints hostile text: markup, control characters, CSV formulas, workflow-command syntax. */
export const HOSTILE = '<script>window.__pwned = 1; alert(1)</script><img src=x onerror="window.__pwned=2">';
export function hostileReport(): Report {
  const printed = `Current word: ----\n${HOSTILE}\n\u001b[31mred\u001b[0m bell\u0007 nul\u0000 & "quotes" 'single' ]]> 100%\r\n::error::forged`;
  const tests = [
    makeTest({
      id: 'transcript/hostile', group: 'transcript', name: 'game with <b>markup</b> & "quotes"', status: 'failed', maxScore: 3,
      message: `Unexpected output: ${HOSTILE}\n::warning::second line, with: colon 50%`,
      detail: { expected: 'Current word: ----\nYour guess? ', actual: printed, transcript: printed, hint: 'Do not print <script> tags.' },
    }),
    makeTest({ id: 'play_game/ok', group: 'play_game', name: 'plays one game', status: 'passed', maxScore: 2 }),
  ];
  return makeReport({ assignment: 'ps3-mit', submission: '=HYPERLINK("http://evil.example","click")', tests });
}

export function ps3Report(submission: string, passedCount: number, durationMs: number): Report {
  const names = ['get_word_score', 'get_word_score', 'update_hand', 'is_valid_word', 'is_valid_word', 'play_hand', 'play_game', 'substitute_hand'];
  const tests = names.map((g, i) => makeTest({
    id: `${g}/${i}`, group: g, name: `${g} case ${i}`, status: i < passedCount ? 'passed' : 'failed', maxScore: 1.5,
    message: i < passedCount ? '' : `${g} returned the wrong value.`,
  }));
  return makeReport({ assignment: 'ps3-mit', submission, tests, durationMs });
}
