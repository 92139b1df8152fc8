// Which test files run in which command. `npm test` is the suite a developer runs after each change and must
// stay within a few minutes on 2 cores (issue 34); the files below grade whole classes, every fixture
// submission, hundreds of mutants or hostile programs, and run in `npm run test:slow` instead. CI runs both
// (.ci/run). A file listed here that does not exist fails the slow run (vitest.slow.config.ts), so the list
// cannot silently rot.
export const SLOW_FILES = [
  // Longest first: the slow run starts these before the rest (slow-files-first.ts).
  'audit-scores.test.ts',
  'fixtures-evil-hangman-java.test.ts',
  'fixtures-ps3-ocw.test.ts',
  'course-ps2.test.ts',
  'course-cse143.test.ts',
  'audit-java.test.ts',
  'package.test.ts',
  'audit-mutants.test.ts',
  'hostile-python.test.ts',
  'fixtures-ps3-mit.test.ts',
  'hostile-java.test.ts',
  'fixtures-chiseler.test.ts',
  'audit-property.test.ts',
  'cli-warnings.test.ts',
  'demo.test.ts',
  'batch.test.ts',
  'bad-input.test.ts',
  'init-java.test.ts',
  'java-class-args-property.test.ts',
  'fixtures-hangman-313e.test.ts',
  'audit-run.test.ts',
  'audit-java-mutants.test.ts',
  'grade-parallel.test.ts',
  'bench-smoke.test.ts',
  'cpu-room-game.test.ts',
  // The second Java course folder: it also runs in `npm run test:load`, where it lived until the grader's
  // shell set-up was found to be what pushed its first JVM tests past their limits beside other files.
  'load/course-percolation.test.ts',
];

/** The longest files of `npm test`, started first in it for the same reason. */
export const LONG_FAST_FILES = [
  'sandbox-bwrap.test.ts',
  'chiseler-grading.test.ts',
  'hangman-parity.test.ts',
  'cli-code-cache.test.ts',
  'export-gradescope.test.ts',
  'java-compile.test.ts',
  'python-time.test.ts',
];
