// Messages exchanged with harness/run/python/driver.py over its private fd 3 channel.
import type { WireValue } from '../../model/pyvalue.js';

/** An argument on the wire: a value, a name (session name or test variable), or a nested call. */
export type WireArg = WireValue | { n: string } | { call: string[]; args: WireArg[] };

export interface WireStep {
  callee: string[];
  args: WireArg[];
  bind?: string;
  observe_args?: boolean;
  /** Tag the items of the first argument (a list) and report the pairs of items the call compares. */
  count_pairs?: boolean;
  /** A long list of strs may come back as digests (grade/digest.ts). */
  digest?: boolean;
}

export type WirePatch =
  | { name: string; kind: 'sequence'; values: WireArg[] }
  | { name: string; kind: 'replace_key'; value: WireArg; in_place?: boolean | 'returned' }
  | { name: string; kind: 'constant'; value: WireArg }
  | { name: string; kind: 'python'; code: string }
  /** The reference's own function, evaluated by the grader when the student's code calls it. */
  /** `params`: how many positional arguments the handout's function takes, where known: a program that passes
   *  its own extra ones (a changed signature, charged by the function's own tests) has them left out. */
  | { name: string; kind: 'reference'; params?: number };

/** A test child calling a function patched with the reference (relayed by the driver). */
/** The name a test's child calls to be given its next input line, when questions are answered by role
 *  (RunRequest.answers): args are the prompt and the output since the last input. */
export const INPUT_CALL = '__input__';

export interface ReferenceCall {
  op: 'call';
  id: string;
  nonce?: string;
  name: string;
  /** Values, or {n: name} for a value the session holds by that name (the word list). */
  args: (WireValue | { n: string })[];
  /** How many scripted input lines the test had read when it called. */
  stdin_pos: number;
  /** The call's number within its test: a reply carries it, so that a late reply never answers another call. */
  seq?: number;
}

/** The grader's answer: the value, what the reference printed (input echoed) and the lines it read. */
export interface ReferenceReply {
  value?: WireValue;
  output?: string;
  /** Inputs read, with their prompts and offsets into `output`. */
  inputs?: { prompt: string; line: string; at: number }[];
  /** The reference asked for more input than the script has: the prompt. */
  exhausted?: string;
  raise?: { type: string; message: string };
  /** Further answers of the same pure function, [arguments, value], looked up by the test's process
   *  instead of asked for (harness/grade/per-word-tables.ts). */
  table?: [ReferenceCall['args'], WireValue][];
  /** The course's solution answered with a value, printing and reading nothing: the same call at the same point
   *  of the input gets the same answer, which the test's process keeps instead of asking again (a lister that
   *  calls a swapped helper with the same arguments for every word of the list asked hundreds of thousands of
   *  times, each a round trip to the grader). */
  pure?: true;
}

export interface TraceRequest {
  forbid_calls?: string[];
  forbid_within?: string;
  recursion?: string[];
  /** The assignment's required functions: re-entering one of these (other than the target) is not recursion through a helper. */
  public?: string[];
}

export interface RunRequest {
  op: 'run';
  id: string;
  /** The test's limit, in CPU time of its process tree (its threads and the processes it waits for). */
  timeout_ms: number;
  /** How long the test may wait (asleep, using no CPU) before it is stopped as waiting (time-limits.ts). */
  wait_ms?: number;
  steps?: WireStep[];
  program?: { kind: 'main' } | { kind: 'script'; path: string; argv?: string[] };
  /** Working directory relative to the submission's (a test's own word list lives there). */
  cwd?: string;
  /** Names that replace the session's for this test (the word list of that directory). */
  names?: Record<string, WireValue>;
  stdin?: string[] | null;
  /** Each input line is asked of the grader (a `__input__` call), which answers by what the question asks. */
  answers?: boolean;
  /** Regexes with (yes)(no) groups: a scripted "yes" or "no" is sent in the spelling the prompt shows
   *  ("(y/n)" -> y). Only where transcripts are judged by meaning. */
  yes_no?: string[];
  /** false: the program echoes piped input itself, so the driver must not. */
  echo?: boolean;
  patches?: WirePatch[];
  seed?: number | string | null;
  /** Lines of the student's functions to step over, as a TA fixes the line a crash stopped at (step-over.ts). */
  step_over?: number[];
  trace?: TraceRequest;
  /** The assignment's functions: each step also reports what its callee printed itself (own_out), leaving
   *  out what another of these functions printed while running inside it. */
  own_output?: string[];
  output_cap?: number;
  cpu_s?: number;
  memory_mb?: number;
  file_size_mb?: number;
  open_files?: number;
}

export interface PyErrorInfo {
  type: string;
  message: string;
  traceback: string;
  line: number | null;
}

export interface StepObservation {
  out_start: number;
  out_end?: number;
  value?: WireValue;
  /** With observe_args: the arguments the call changed, by index, as they are afterwards. */
  args_changed?: Record<string, WireValue>;
  error?: PyErrorInfo;
  input_exhausted?: string;
  /** The student's function that asked when the input ran out (absent at the module's top level). */
  input_exhausted_in?: string;
  output_limit?: number;
  missing?: string;
  exit?: number | string | null;
  skipped?: string;
  ms?: number;
  /** With own_output: the part of this step's output that the callee printed itself. */
  own_out?: string;
  /** With count_pairs: how many items the list had, how many distinct pairs of them the call compared,
   *  and for each item of the returned list the position it had in the input (-1: not one of them). */
  comparisons?: { items: number; pairs: number; order: number[] | null };
}

export interface Observation {
  steps: StepObservation[];
  transcript: string;
  stderr: string;
  inputs: { prompt: string; line: string; at: number }[];
  input_exhausted: string | null;
  unread: number;
  output_truncated: boolean;
  trace?: { forbidden: { call: string; line: number; function: string }[]; max_depth: Record<string, number>; recursed?: Record<string, boolean> };
  notices: string[];
  /** How many times the test's program drew from each scripted sequence (a `returns:` or `generate:` patch). */
  draws?: Record<string, number>;
  /** The patched functions (a mock, a scripted sequence, the reference's) the test called. */
  called?: string[];
  driver_error?: string;
  /** The lines of `step_over` the driver could step over. */
  stepped_over?: number[];
  /** How each of them was: "respelled", "completed" or "added" keep all the student wrote (the run is the
   *  program as meant); "dropped", "condition" and "range" drop or force code (gradekit_step_over.py). */
  stepped_how?: string[];
}

export interface RunResult {
  op: 'result';
  id: string;
  /** ok: observations arrived; timeout: stopped at a limit (`reason` says which); crashed: child died
   *  without reporting; protocol: the child sent what the driver never sends (tampering); lost: the driver
   *  itself died or stopped answering; grader: the grader did not answer the test's reference call;
   *  oversize: set by the session when a value is over its bound (`oversize` says which). */
  status: 'ok' | 'timeout' | 'crashed' | 'protocol' | 'lost' | 'grader' | 'oversize';
  /** Why a test was stopped: its CPU limit, waiting too long, or a machine too busy to run it at all. */
  reason?: 'cpu' | 'wait' | 'busy';
  /** Stopped at its CPU limit: the function of the student's file it was in, "name:line", when it said so. */
  stopped_in?: string;
  /** Set by the driver: its own CPU time (never a test's) is past half of the runner's CPU limit; the session
   *  starts a fresh one before the next test rather than let it be killed in the middle of one. */
  recycle?: boolean;
  ms: number;
  /** CPU time of the test's process tree, its wall time (not counting the grader's own), and how long it waited. */
  cpu_ms?: number;
  wall_ms?: number;
  idle_ms?: number;
  /** What a child that did not report had printed (input echoed) and how many inputs it had read. */
  partial?: { transcript: string; inputs_read: number };
  /** With status 'oversize': the value and its bound ("play_game() returned an int of 12,000,000 digits; ..."). */
  oversize?: string;
  obs?: Observation;
  signal?: number;
  exit_code?: number;
  /** Set by the session, never by the driver: a budget of the sandbox this submission broke (disk, restarts, a flooded channel). */
  limit?: string;
}

export interface ImportResult {
  op: 'imported';
  ok: boolean;
  error?: PyErrorInfo;
  output: string;
  stderr: string;
  duration_ms: number;
  /** CPU time the import took. */
  cpu_ms?: number;
  static_imports: { module: string; line: number }[];
  runtime_imports: string[];
  notices: string[];
  attributes?: string[];
  /** Required functions the module defines only as methods of one of its classes, graded as that class's
   *  (no-argument) instance's methods: function name -> class name (the driver's adopt_methods). */
  adopted?: Record<string, string>;
  /** Required functions the module defines under another name, with the handout's parameters (in any order):
   *  function name -> the student's `name(params)` it is graded as (the driver's adopt_renamed). */
  renamed?: Record<string, string>;
  /** Top-level functions whose body is still a stub (pass, ..., return None, raise NotImplementedError). */
  stubs?: string[];
  /** The file's own strings, docstrings aside: what the program can ask (harness/grade/written.ts). */
  literals?: string[];
  /** Top-level functions, written (not stubs), whose own code has no `return <value>`: they return None. */
  no_return?: { name: string; line: number }[];
  /** Top-level statements skipped because they asked for input while the module was imported; `bound`: the
   *  names it would have set that were given the starter's value instead (name -> repr). */
  skipped?: { line: number; source: string; prompt: string | null; bound?: Record<string, string> }[];
  /** Files the module opened while it was imported by a path that does not exist here (a path of the student's
   *  own machine), read from the provided copy instead: as handed in, it does not run. */
  redirected?: { opened: string; used: string }[];
  /** What was changed so that the file imports (unless the spec's import is strict): a repaired line, or a
   *  top-level statement set aside (it does not compile, or raised while the module was imported). */
  set_aside?: SetAside[];
}

export interface SetAside {
  action: 'repaired' | 'set_aside';
  /** The line the error is at, and its source. */
  line: number;
  source: string;
  /** The error that made the change needed ("IndentationError: unexpected indent"). */
  error: string;
  /** What was done about it, in words. */
  why: string;
  /** The lines set aside. */
  start_line?: number;
  end_line?: number;
  /** Functions and classes whose definition was set aside: the file does not define them. */
  names?: string[];
  /** "run": the file imports, and the line would stop it only when it runs (a Python 2 name such as raw_input). */
  when?: 'run';
}
