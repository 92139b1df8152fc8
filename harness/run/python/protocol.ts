// Messages exchanged with harness/run/python/driver.py over its private fd 3 channel.
import type { WireValue } from '../../model/pyvalue.js';

/** An argument on the wire: a value, a name (session name or test variable), or a nested call. */
export type WireArg = WireValue | { n: string } | { call: string[]; args: WireArg[] };

export interface WireStep {
  callee: string[];
  args: WireArg[];
  bind?: string;
  observe_args?: boolean;
}

export type WirePatch =
  | { name: string; kind: 'sequence'; values: WireArg[] }
  | { name: string; kind: 'replace_key'; value: WireArg }
  | { name: string; kind: 'constant'; value: WireArg }
  | { name: string; kind: 'python'; code: string };

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
  timeout_ms: number;
  steps?: WireStep[];
  program?: { kind: 'main' } | { kind: 'script'; path: string; argv?: string[] };
  /** Working directory relative to the submission's (a test's own word list lives there). */
  cwd?: string;
  /** Names that replace the session's for this test (the word list of that directory). */
  names?: Record<string, WireValue>;
  stdin?: string[] | null;
  /** false: the program echoes piped input itself, so the driver must not. */
  echo?: boolean;
  patches?: WirePatch[];
  seed?: number | string | null;
  trace?: TraceRequest;
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
  output_limit?: number;
  missing?: string;
  patch_exhausted?: string;
  exit?: number | string | null;
  skipped?: string;
  ms?: number;
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
  driver_error?: string;
}

export interface RunResult {
  op: 'result';
  id: string;
  /** ok: observations arrived; timeout: wall limit hit; crashed: child died without reporting;
   *  protocol: garbled result frame; lost: the driver itself died or stopped answering. */
  status: 'ok' | 'timeout' | 'crashed' | 'protocol' | 'lost';
  ms: number;
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
  static_imports: { module: string; line: number }[];
  runtime_imports: string[];
  notices: string[];
  attributes?: string[];
}
