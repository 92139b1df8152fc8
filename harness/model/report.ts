// The report contract (GUIDE section 2). Every reporter, the batch grader and the exports read this shape.
import type { OutcomeKind } from './kinds.js';

export type Status = 'passed' | 'failed' | 'error' | 'skipped';
export type Visibility = 'visible' | 'hidden' | 'after_due_date' | 'after_published';

export interface TestDetail {
  /** What the reference expected, rendered for humans (Python repr or transcript text). */
  expected?: string;
  /** What the submission produced, rendered the same way. */
  actual?: string;
  /** Compact unified diff of expected vs actual (transcripts). */
  diff?: string;
  /** First differing line, 1-based, with a caret line pointing at the column. */
  firstDifference?: { line: number; column: number; expected: string; actual: string; caret: string };
  /** Normalisers applied before comparing, in order, e.g. ["trailing-whitespace", "hand-multiset"]. */
  normalisers?: string[];
  /** The full transcript the submission printed, inputs echoed after their prompts. */
  transcript?: string;
  /** Student traceback, trimmed to their own file. */
  traceback?: string;
  /** A short hint on what to fix first. */
  hint?: string;
  /** The call or scenario that was run, in Python syntax, so a student can reproduce it. */
  call?: string;
  /** Seed used for generated inputs, to replay with --seed. */
  seed?: string;
  /**
   * Places in a stored text that the message points at (e.g. the offending turn of a transcript judged by meaning),
   * as 1-based inclusive line ranges. Report caps (harness/report/caps.ts) keep them in full, like firstDifference.
   */
  regions?: TextRegion[];
}

export interface TextRegion {
  /** Which stored text of the detail the lines are in. */
  text: 'transcript' | 'expected' | 'actual' | 'diff';
  from: number;
  to: number;
  /** 1-based column to centre on when a line is too long to keep whole. */
  column?: number;
  /** What is there, for a reader (e.g. "turn 4: the score after 'cab'"). */
  label?: string;
}

export interface TestResult {
  id: string;
  group: string;
  name: string;
  status: Status;
  /** Why it did not pass, as data (harness/model/kinds.ts); absent when passed. */
  kind?: OutcomeKind;
  score: number;
  maxScore: number;
  visibility: Visibility;
  /** One or two sentences: what was expected and what happened. Empty when passed. */
  message: string;
  durationMs: number;
  detail?: TestDetail;
  tags?: string[];
  /** The handout or docstring sentence the test enforces (see the spec's `basis:`). */
  basis?: string;
  /** A test beyond the handout (group 'extra'): reported, never scored (maxScore 0). */
  extra?: true;
  /** A test gradekit could not grade (a problem of the spec or of the grader, kind grader_error, never the
   *  submission's): reported, never scored (maxScore 0), so that it costs no student anything. */
  ungraded?: true;
  /** The test where the defect this one shows is charged, when it is charged there and not here. */
  chargedIn?: string;
  /**
   * What the grader noticed while this test ran (a hard-coded path redirected, a folder change refused): shown
   * with the test and redacted with it, so a notice quoting a hidden test's input stays hidden. The report's own
   * `notices` repeat only those of visible tests.
   */
  notices?: string[];
}

export interface Report {
  assignment: string;
  /** Path or id of the submission as given by the user. */
  submission: string;
  score: number;
  maxScore: number;
  durationMs: number;
  tests: TestResult[];
  /** Run-level notes shown once: sandbox fallback, the import's notices, and those of visible tests (never those
   *  of a hidden, after_due_date or after_published test: they stay on their test). */
  notices?: string[];
  /** Set when the submission could not be run at all (compile error, import failure): shown once. */
  fatal?: { kind: string; message: string; detail?: string };
  seed?: string;
  gradekit?: { version: string };
  /** Batch runs: the submission's id (folder or file name) and a hash of its content (for --resume). */
  id?: string;
  submissionHash?: string;
  /** What else the grades depend on (gradekit's version, the spec, golden files, word list, solution), for --resume. */
  assignmentStamp?: string;
  /** The shard ("k/n") a batch graded it in, so that a merge can say which shards are missing. */
  shard?: string;
}

/** Totals derived from tests, so that they agree everywhere they appear. */
export function totals(tests: readonly TestResult[]): { score: number; maxScore: number; passed: number; failed: number; errors: number; skipped: number; extraFailed: number; ungraded: number } {
  let score = 0, maxScore = 0, passed = 0, failed = 0, errors = 0, skipped = 0, extraFailed = 0, ungraded = 0;
  for (const t of tests) {
    score += t.score;
    maxScore += t.maxScore;
    if (t.status === 'passed') passed++;
    // Neither counts against the submission: said apart, so "failed" is what cost points.
    else if (t.ungraded) ungraded++;
    else if (t.extra && t.status !== 'skipped') extraFailed++;
    else if (t.status === 'failed') failed++;
    else if (t.status === 'error') errors++;
    else skipped++;
  }
  // Points are often fractional (weights); round away float noise like 0.30000000000000004.
  return { score: round(score), maxScore: round(maxScore), passed, failed, errors, skipped, extraFailed, ungraded };
}

/** Scored tests that did not pass: what decides an exit code, "fix first" or a mutant's death. Tests beyond
 *  the handout (extra) are reported but never count against a submission. */
export function scoredFailures(tests: readonly TestResult[]): TestResult[] {
  return tests.filter((t) => !t.extra && !t.ungraded && (t.status === 'failed' || t.status === 'error'));
}

export function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
