// What judging one test yields before points are attached.
import { roomNote } from '../run/cpu-room.js';
import { fmtMs } from '../util/duration.js';
import type { Status, TestDetail } from '../model/report.js';
import type { RunResult } from '../run/python/protocol.js';
import { KINDS, kindMessage, type OutcomeKind } from '../model/kinds.js';

export interface Outcome {
  status: Exclude<Status, 'skipped'> | 'skipped';
  /** What kind of outcome, as data (see harness/model/kinds.ts); the status follows from it. */
  kind: OutcomeKind;
  message: string;
  detail?: TestDetail;
  /** Skipped because the same defect is already charged by another test: keeps its points. */
  notCharged?: true;
  /** The test where the defect this outcome shows is charged (set when it is charged elsewhere). */
  partOf?: string;
  /** A signature of the defect, independent of the test ("raised:KeyError:ps3.py:120", "missing:handTotal"):
   *  a later test failing with the same signature shows the same defect and is not charged again. */
  defect?: string;
  /** What the run noticed about the submission (e.g. a hard-coded path redirected): report-level notices. */
  notices?: string[];
  /** Other defects the same run showed, each a failure of its own (a test aimed at two rules of one game):
   *  when this outcome's defect is charged elsewhere, the first of these not charged yet is charged here. */
  alternatives?: Outcome[];
  /** Every other defect the run showed, charged or not (a wrong hand three turns after the first problem; a
   *  total wrong for the hands the program played): when this test is charged, a test whose own first defect
   *  is one of these shows a defect this test's points already paid for, and is not charged again (P3). */
  alsoShows?: string[];
  /** The function whose call stopped the run (it raised, or asked for input it must not ask for) before the
   *  run showed anything this test judges. When that function never returned in any test (it fails on every
   *  call, like a stub) and its defect is charged by another test, this one could check nothing: it is not
   *  checked (no points), never "not charged again" (full points for a rule nobody saw). */
  blind?: string;
  /** The patched functions (a mock, a scripted sequence, the reference's) the test's runs called; undefined
   *  when a run did not say. Runs are deterministic: a variation that only changes a function none of them
   *  called is the same run again, and the re-runs that look for a cause skip it (causes.ts). */
  called?: string[];
  /** The line of the student's file where the exception that stopped this run was raised. */
  raisedAt?: number;
  /** For a `blind` test: the same test run again with the lines its crash stopped at stepped over, as a TA
   *  fixes a stray line (step-over.ts). What it shows may spare this test a charge, never cost it one. */
  steppedOver?: { lines: number[]; outcome: Outcome; repaired?: true };
  /** How a run past crashes made each line it stepped over harmless (gradekit_step_over.py): read by
   *  step-over.ts, which keeps on `steppedOver` whether every line was repaired (the typo fixed, not dropped). */
  steppedHow?: string[];
  /** A test that could not check its rule because a question it needs never came up in its run, where the
   *  program's own code asks that question (written.ts): the feature is written, another defect kept the
   *  run from it. Charged elsewhere, such a test keeps its points (P4), as one stopped by a crash does. */
  unreached?: true;
  /** For a failure traced to the student's own helpers (`defect` "helpers:..."): the defect as the run showed
   *  it. When the helper's own tests find nothing wrong with it, this is what the failure is charged as. */
  untraced?: { defect: string; message: string };
  /** Known mistakes this run's right answers rule out, as the defects they would be ("answer:is_valid_word:
   *  ignores-counts"): another failure of the function that one of them would explain is not that one. */
  refutes?: string[];
  /** The failure's input is one where right answers rule mistakes out (a plain word): the mistakes its defect
   *  names are narrowed by every test's `refutes`. */
  narrows?: true;
}

export const pass = (detail?: TestDetail): Outcome => ({ status: 'passed', kind: 'passed', message: '', ...(detail ? { detail } : {}) });
export const fail = (message: string, detail?: TestDetail): Outcome => ({ status: 'failed', kind: 'wrong_answer', message, ...(detail ? { detail } : {}) });
/** A test that could not finish; `kind` says why (a crash unless told otherwise). */
export const error = (message: string, detail?: TestDetail, kind: OutcomeKind = 'run_time_error'): Outcome => ({ status: KINDS[kind].status, kind, message, ...(detail ? { detail } : {}) });
export const skipped = (message: string): Outcome => ({ status: 'skipped', kind: 'skipped', message });
/** A limit that stopped the program: the message starts with the kind's own words ("time limit exceeded: ..."). */
export const limit = (kind: OutcomeKind, specifics: string, detail?: TestDetail): Outcome => error(kindMessage(kind, specifics), detail, kind);
/** The run never reached what the test judges: not a pass. `defect` names what stopped it (the program's
 *  own deviation, e.g. "question-missing:replay"), so that a cause charged by another test is charged once. */
export const notChecked = (reason: string, defect: string | undefined, detail?: TestDetail): Outcome => ({
  ...error(kindMessage('not_checked', reason), detail, 'not_checked'),
  ...(defect ? { defect } : {}),
});
/** A problem of the spec, the reference or gradekit: never charged to the student as their bug. */
export const graderError = (message: string, detail?: TestDetail): Outcome => error(message, detail, 'grader_error');

const SIGNALS: Record<number, string> = {
  6: 'SIGABRT (aborted)',
  9: 'SIGKILL (killed: usually the memory or CPU limit)',
  11: 'SIGSEGV (segmentation fault: usually runaway recursion)',
  24: 'SIGXCPU (CPU time limit exceeded)',
  25: 'SIGXFSZ (file size limit exceeded)',
};

/** A run that produced no observations: say why in terms of the student's program. A test is stopped by
 *  what it did (its CPU time, or how long it waited), never by the clock of a busy machine; what it had
 *  printed and read by then goes into the detail, so a TA sees where it was. */
export function runFailure(r: RunResult, timeoutMs: number): Outcome {
  if (r.limit) return limit('resource_limit_exceeded', r.limit);
  const at = stoppedAt(r);
  const detail = r.partial?.transcript ? { transcript: r.partial.transcript } : undefined;
  const cpu = fmtMs(r.cpu_ms ?? 0);
  switch (r.status) {
    case 'timeout':
      if (r.reason === 'wait') {
        return limit('time_limit_exceeded', `the program was waiting, not computing: it spent ${fmtMs(r.idle_ms ?? r.wall_ms ?? 0)} asleep without finishing (and used ${cpu} of its ${fmtMs(timeoutMs)} of CPU time), waiting for something that never comes: a lock, a pipe, a thread that never ends, a network connection or input${at}`, detail);
      }
      if (r.reason === 'busy') {
        // The driver's last backstop: runnable, yet neither running nor queued for a CPU (never mere load).
        return graderError(`the test process stopped making progress: it was runnable but neither ran nor waited for a CPU (after ${fmtMs(r.wall_ms ?? 0)} it had used ${cpu} of its ${fmtMs(timeoutMs)} of CPU time); grade the submission again`, detail);
      }
      return limit('time_limit_exceeded', `used more than ${fmtMs(timeoutMs)} of CPU time without finishing${roomNote(timeoutMs)}: an infinite loop or very slow code${inFunction(r.stopped_in)}${at}`, detail);
    case 'crashed':
      if (r.signal === 24) return limit('time_limit_exceeded', `the test process used up its CPU time (${SIGNALS[24]})${at}`, detail);
      if (r.signal === 25) return limit('output_limit_exceeded', `the test process wrote a file larger than allowed (${SIGNALS[25]})`, detail);
      if (r.signal) return error(`the test process was killed by ${SIGNALS[r.signal] ?? `signal ${r.signal}`}${at}`, detail);
      return error(`the program ended the process itself (exit code ${r.exit_code ?? '?'}, e.g. os._exit or a crash) before the test finished${at}`, detail);
    case 'oversize':
      return limit('output_limit_exceeded', r.oversize ?? 'a value too large to compare', detail);
    case 'protocol':
      // Only what the driver never sends gets here (a bad frame, a malformed value): a program that was merely
      // slow, stopped or killed is a time limit or a crash above.
      return error('the test process sent back garbled results (did the submission write to a file descriptor it does not own?)', detail);
    case 'grader':
      return graderError('the grader took more than a minute to answer the program\'s call of a reference function (is the machine overloaded?); grade the submission again');
    case 'lost':
      return error('the grader lost contact with the test process (the submission killed or stalled it); other tests were not affected');
    default:
      return graderError(`unexpected run status ${r.status}`);
  }
}

/** The defect an exception raised at a line of the student's code shows: that exception at that line, one
 *  defect whichever test hits it; a name the code uses and never defines (NameError), or a local variable read
 *  before any assignment (UnboundLocalError: a counter misnamed in both branches of an if), by that name, one
 *  defect at every line that uses it. */
export function raisedDefect(e: { type: string; message: string; line?: number | null; traceback?: string }, file: string): string | undefined {
  const name = e.type === 'NameError' || e.type === 'UnboundLocalError' ? /'([A-Za-z_]\w*)'/.exec(e.message)?.[1] : undefined;
  // Within the function that raised it: the same undefined name in three functions is three functions
  // written wrongly, each charged by its own tests. An exception at a line names its function too: a test
  // aimed at that function takes the charge before one that only calls it (charges.ts).
  const fn = raisedIn(e.traceback, file);
  return name ? `raised:${e.type}:${name}${fn ? `@${fn}` : ''}` : e.line ? `raised:${e.type}:${e.line}${fn ? `@${fn}` : ''}` : undefined;
}

/** The function of the student's file a traceback ends in (its innermost frame there): where the student's
 *  code raised, as opposed to a function of theirs that only called it. */
export function raisedIn(traceback: string | undefined, file: string): string | undefined {
  const frames = [...(traceback ?? '').matchAll(/File "([^"]*)", line \d+, in (\S+)/g)].filter((m) => m[1]!.split(/[\\/]/).pop() === file.split(/[\\/]/).pop());
  return frames[frames.length - 1]?.[2];
}

/** A call of one function that ran out of time (no game around it: nothing else could be waiting) is that
 *  function's defect, "it does not return": one defect however many tests of it hang, and, where it never
 *  returns in any test, a test it stopped saw nothing of its rule (charges.ts). */
export function hung(o: Outcome, fn: string | undefined): Outcome {
  return o.kind === 'time_limit_exceeded' && fn ? { ...o, defect: `hangs:${fn}`, blind: fn } : o;
}

/** " in merge (line 42)": the function a test stopped at its CPU limit was in, as its process said (untrusted
 *  text: only a name and a line number are shown). */
function inFunction(where: string | undefined): string {
  const m = /^([A-Za-z_][\w.<>]{0,80}):(\d{1,7})$/.exec(where ?? '');
  return m ? `, in ${m[1]} (line ${m[2]})` : '';
}

/** "; it had read 3 inputs and last printed 'Enter word: '": where a stopped program was. */
function stoppedAt(r: RunResult): string {
  const p = r.partial;
  if (!p) return '';
  const lines = p.transcript.split('\n');
  let last = lines.pop() ?? '';
  while (!last.trim() && lines.length) last = lines.pop()!;
  const read = p.inputs_read > 0 ? `it had read ${p.inputs_read} input${p.inputs_read === 1 ? '' : 's'}` : '';
  const shown = last.trim() ? `last printed ${JSON.stringify(last.length > 120 ? `…${last.slice(-120)}` : last)}` : '';
  return read || shown ? `; ${[read, shown].filter(Boolean).join(' and ')}` : '';
}

export { fmtMs };
