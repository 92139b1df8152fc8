// The contract between the harness and a reference that judges an interactive program (a game played
// in lockstep: harness/run/lockstep.ts). The harness runs the program and scores the test; the
// reference answers the program's questions and says which of the handout's requirements it broke.
// A spec's game test names its params (validated by the reference) and the `checks` it charges.
import type { OutcomeKind } from '../model/kinds.js';
import type { RoleTable } from '../turns/roles.js';
import type { IOProfile } from './profile.js';
import type { LockstepResult } from '../run/lockstep.js';

/** The defect of a game program that exits after its questions without playing (a game loop never written):
 *  a game reference reports it, and charges.ts reads it as a feature never written when no test plays a game. */
export const NO_GAME = 'setup:no-game';

export interface GameEnv {
  command: string[];
  cwd: string;
  words: readonly string[];
  /** The word list's file name in cwd (the spec's `words: { as: }`): the answer to a question asking for a file. */
  wordsFile: string;
  table: RoleTable;
  profile: IOProfile;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Output cap (the spec's defaults.output_cap). */
  maxOutputBytes?: number;
  /** The words of the program's own text (its string literals): a word of the list printed among them is its
   *  wording ("Would you like to play AGAIN?"), not a word it reveals. */
  ownWording?: ReadonlySet<string>;
}

/** A requirement the program broke. `check` names the requirement (one of the reference's checks) or
 *  '*' when the program does not play at all (charged by every test). */
export interface Violation {
  check: string;
  message: string;
  /** Signature of the defect ("family:not-largest"): two tests showing the same one charge it once. */
  defect?: string;
}

/** A check the game could not judge: it never showed the facts the check needs. */
export interface Unchecked {
  check: string;
  /** What the game did not show, and why, for the message ("the program's games showed no hit ..."). */
  reason: string;
  /** The program's own deviation that kept it from showing (a defect charged by another test), if any. */
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
  /** Checks the game never showed the facts of (a check with a violation is judged, and not listed). */
  unchecked?: Unchecked[];
  /** What was noticed along the way (a question answered by its place, an input read as its first letter). */
  notices: string[];
  transcript: string;
  stderr: string;
  durationMs: number;
  /** What the game's program used of the machine: its CPU time and the time it spent asleep. A budget of
   *  the submission counts these, never the wall clock (which a loaded machine stretches). */
  cpuMs?: number;
  waitedMs?: number;
  outcome: LockstepResult['outcome'];
  exitCode: number | null;
}

export interface GameJudge {
  /** The requirements a test may charge, e.g. 'largest-family', 'status'. */
  checks: readonly string[];
  /** Checks params from the spec; returns problems as "field: what is wrong". */
  validate(params: Record<string, unknown>): string[];
  /** Plays the test's game and judges the `checks` it charges: each is violated, unchecked (its facts never
   *  came up, even in a second game the judge may play), or passed. */
  play(params: Record<string, unknown>, env: GameEnv, checks: readonly string[]): Promise<GameResult>;
}
