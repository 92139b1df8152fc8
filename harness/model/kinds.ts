// What kind of outcome a test had, as data: set once where it is known (the runner, the judge) and
// carried unchanged to the report, the verdict of a fixture, the audit and the batch summary.
// Nothing downstream parses a message to learn it; the English for each kind is written here, once.
import type { Status } from './report.js';

export type OutcomeKind =
  | 'passed'
  | 'skipped'
  /** The program ran and its results break a rule of the handout. */
  | 'wrong_answer'
  /** The program raised, crashed or exited during the test. */
  | 'run_time_error'
  | 'time_limit_exceeded'
  | 'output_limit_exceeded'
  | 'memory_limit_exceeded'
  /** A disk, process or per-submission budget of the sandbox. */
  | 'resource_limit_exceeded'
  | 'compile_error'
  /** The module could not be imported at all (syntax error, input() at import, ...). */
  | 'import_error'
  /** The grader could not make sense of the program's I/O (and says what it saw). */
  | 'not_understood'
  /** The run never showed the facts the test judges (the game ended before the rule came up, no hit and no
   *  miss to weigh a guess's cost): the test did not pass, and says why it could not check. Its `defect` is
   *  what kept it from checking, so a cause already charged elsewhere is not charged again. */
  | 'not_checked'
  /** A problem of the spec, the reference or gradekit itself: never the student's fault. */
  | 'grader_error';

interface KindInfo {
  status: Status;
  /** How a person names it, e.g. in "run-time error: ...". */
  label: string;
  /** The Kattis verdict folder a submission with this kind (and nothing worse) belongs in. */
  verdict: 'accepted' | 'wrong_answer' | 'run_time_error' | 'time_limit_exceeded' | 'compile_error';
}

export const KINDS: Record<OutcomeKind, KindInfo> = {
  passed: { status: 'passed', label: 'passed', verdict: 'accepted' },
  skipped: { status: 'skipped', label: 'skipped', verdict: 'accepted' },
  wrong_answer: { status: 'failed', label: 'wrong answer', verdict: 'wrong_answer' },
  run_time_error: { status: 'error', label: 'run-time error', verdict: 'run_time_error' },
  time_limit_exceeded: { status: 'error', label: 'time limit exceeded', verdict: 'time_limit_exceeded' },
  output_limit_exceeded: { status: 'error', label: 'output limit exceeded', verdict: 'run_time_error' },
  memory_limit_exceeded: { status: 'error', label: 'memory limit exceeded', verdict: 'run_time_error' },
  resource_limit_exceeded: { status: 'error', label: 'resource limit exceeded', verdict: 'run_time_error' },
  compile_error: { status: 'error', label: 'compile error', verdict: 'compile_error' },
  import_error: { status: 'error', label: 'import error', verdict: 'run_time_error' },
  not_understood: { status: 'error', label: 'output not understood', verdict: 'run_time_error' },
  not_checked: { status: 'failed', label: 'could not be checked', verdict: 'wrong_answer' },
  grader_error: { status: 'error', label: 'grader error', verdict: 'run_time_error' },
};

/** Verdicts from worst to best: a submission's verdict is the worst one any of its scored tests has. */
const VERDICT_ORDER = ['compile_error', 'time_limit_exceeded', 'run_time_error', 'wrong_answer', 'accepted'] as const;

export function worstVerdict(kinds: readonly OutcomeKind[]): KindInfo['verdict'] {
  let best = VERDICT_ORDER.length - 1;
  for (const k of kinds) best = Math.min(best, VERDICT_ORDER.indexOf(KINDS[k].verdict));
  return VERDICT_ORDER[best];
}

/** The kind a status implies when nothing more precise is known (reports from before kinds existed). */
export function kindOfStatus(status: Status): OutcomeKind {
  return status === 'passed' ? 'passed' : status === 'skipped' ? 'skipped' : status === 'failed' ? 'wrong_answer' : 'run_time_error';
}

/** "time limit exceeded: <what happened>", the one way a limit or crash message starts. */
export function kindMessage(kind: OutcomeKind, specifics: string): string {
  return `${KINDS[kind].label}: ${specifics}`;
}
