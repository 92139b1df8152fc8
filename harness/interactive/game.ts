// The contract between the harness and a reference that judges an interactive program (a game played
// in lockstep: harness/run/lockstep.ts). The harness runs the program and scores the test; the
// reference answers the program's questions and says which of the handout's requirements it broke.
// A spec's game test names its params (validated by the reference) and the `checks` it charges.
import type { OutcomeKind } from '../model/kinds.js';
import type { RoleTable } from '../turns/roles.js';
import type { IOProfile } from './profile.js';
import type { LockstepResult } from '../run/lockstep.js';

export interface GameEnv {
  command: string[];
  cwd: string;
  words: readonly string[];
  table: RoleTable;
  profile: IOProfile;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Output cap (the spec's defaults.output_cap). */
  maxOutputBytes?: number;
}

/** A requirement the program broke. `check` names the requirement (one of the reference's checks) or
 *  '*' when the program does not play at all (charged by every test). */
export interface Violation {
  check: string;
  message: string;
  /** Signature of the defect ("family:not-largest"): two tests showing the same one charge it once. */
  defect?: string;
}

export interface GameResult {
  /** 'passed' when the game ran to its end; otherwise why it stopped (crash, time limit, ...). */
  kind: Extract<OutcomeKind, 'passed' | 'run_time_error' | 'time_limit_exceeded' | 'output_limit_exceeded' | 'not_understood' | 'grader_error'>;
  /** Why the run stopped, when it did not end normally. */
  message: string;
  /** Defect signature of a crash (exception and place), when it shows in the game. */
  crashDefect?: string;
  violations: Violation[];
  /** What was noticed along the way (a question answered by its place, an input read as its first letter). */
  notices: string[];
  transcript: string;
  stderr: string;
  durationMs: number;
  outcome: LockstepResult['outcome'];
  exitCode: number | null;
}

export interface GameJudge {
  /** The requirements a test may charge, e.g. 'largest-family', 'status'. */
  checks: readonly string[];
  /** Checks params from the spec; returns problems as "field: what is wrong". */
  validate(params: Record<string, unknown>): string[];
  play(params: Record<string, unknown>, env: GameEnv): Promise<GameResult>;
}
