// The contract between the harness and an assignment's reference module.
// A reference adapter exposes the assignment's functions and classes at the Python-value level,
// so a spec's `get_word_score('weed', 6)` is evaluated the same way against the reference (here)
// and against the student (in their process). Native logic lives in reference/<assignment>/;
// the adapter only converts values.
import type { PyValue } from './pyvalue.js';
import type { PyRandom } from '../../reference/pyrandom.js';
import type { Fact } from '../turns/facts.js';
import type { RoleSpecs } from '../turns/roles.js';
import type { GameJudge } from '../interactive/game.js';
import type { Probe, ProbeContext } from './probe.js';

/** Console I/O as a Python program sees it. The harness records prompts and echoes inputs.
 *  A reference states what its output means as it prints: the role of each question and the facts of
 *  each line, so its transcripts are judged by meaning without reading its own words back. */
export interface RefIO {
  /** Python input(prompt). Throws InputExhausted when the scripted input has run out. `role` names the
   *  question (a question role of the adapter's table). */
  input(prompt: string, role?: string): string;
  /** Python sys.stdout.write(text): text exactly as printed, newlines included, and what it states. */
  write(text: string, facts?: Fact[]): void;
}

// A course's reference module is compiled on its own and carries its own copy of these classes, so
// `instanceof` recognises them by a brand shared through the global symbol registry, not by identity.
const INPUT_EXHAUSTED = Symbol.for('gradekit.InputExhausted');
const REF_RAISE = Symbol.for('gradekit.RefRaise');
const branded = (x: unknown, brand: symbol) => typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[brand] === true;

/** Thrown by RefIO.input when a script has no more lines (mirrors the student-side verdict). */
export class InputExhausted extends Error {
  readonly [INPUT_EXHAUSTED] = true;
  constructor(public readonly prompt: string) {
    super(`asked for more input than the script has, at prompt ${JSON.stringify(prompt)}`);
  }
  static override [Symbol.hasInstance](x: unknown): boolean {
    return branded(x, INPUT_EXHAUSTED);
  }
}

/** A Python exception raised by the reference, e.g. ValueError from show_solved_game on an unwinnable game. */
export class RefRaise extends Error {
  readonly [REF_RAISE] = true;
  constructor(public readonly pyType: string, message: string) {
    super(message);
  }
  static override [Symbol.hasInstance](x: unknown): boolean {
    return branded(x, REF_RAISE);
  }
}

export interface RefContext {
  io: RefIO;
  /** The word list the assignment loads (bundled fixture or the course file given with --words). */
  words: readonly string[];
  /** Module-level `random` state for this test (seeded by the spec when it names a seed). */
  rng: PyRandom;
  /** Spec-level options for this assignment, e.g. { variant: {...} } for PS3. */
  options: Readonly<Record<string, unknown>>;
  /** Calls a module-level function by name, honouring the test's patches (scripted deal_hand, ...).
   *  Reference functions call each other through this so play_game sees the same mocks the student does. */
  call(name: string, args: PyValue[]): PyValue;
}

/** `params`: the handout's parameter names, where the reference knows them: a function the student wrote under
 *  another name is recognised by them (adopt_renamed in harness/run/python/gradekit_driver.py). */
export type RefFunction = ((args: PyValue[], ctx: RefContext) => PyValue) & { readonly params?: readonly string[] };

/** An instance of a reference class (e.g. Hangman): methods bound to its own state. */
export interface RefObject {
  type: string;
  methods: Record<string, RefFunction>;
}

export type RefClass = (args: PyValue[], ctx: RefContext) => RefObject;

/** A failed verdict may name the kind of wrong answer (`defect`): two tests whose answers are wrong
 *  in the same way ("returns None for a game that can be won") show one defect, charged once. */
export type Verdict = { ok: true; note?: string } | { ok: false; message: string; defect?: string };

/** A custom comparator: judges an observed value on its own merits (e.g. "is this a winning strategy?"). */
export type Validator = (input: {
  observed: PyValue;
  /** The reference's value for the same call, when the spec asked for one. */
  expected?: PyValue;
  args: PyValue[];
  ctx: RefContext;
  /** Output the student printed during the call. */
  output: string;
  /** What the student's previous step returned (a steps test; undefined after a bound or value-less step). */
  previous?: PyValue;
}) => Verdict;

/** Names the mistake a wrong answer shows, when it is one the assignment knows (e.g. "the second
 *  component is not floored at 1"): `defect` is its signature within the function, so the same mistake
 *  seen by two tests is charged once, and `says` completes the failure's message. Undefined when the
 *  answer is wrong in a way it does not recognise. */
/** `also`: other known mistakes that give the same answer. One answer may not tell them apart; the
 *  defect is then whichever of them the program's other failures share (harness/grade/charges.ts). */
export type Explainer = (input: { args: PyValue[]; observed: PyValue; expected: PyValue; ctx: RefContext }) => { defect: string; says: string; also?: string[] } | undefined;

/** The known mistakes behind a wrong number a game prints for a role (a total over all hands), each with the
 *  value it would print, computed from the calls the program made of the reference's functions (the hands it
 *  played and what each scored), and the value the handout's rule gives for those calls (`right`). A wrong
 *  value one mistake gives is that mistake (two read apart are two defects); a right value rules out the
 *  mistakes that give another. Undefined when the calls cannot say (a call raised). */
export type NumberMistakes = (calls: readonly { name: string; args: PyValue[]; result?: PyValue }[]) => { right: number; mistakes: { defect: string; says: string; value: number }[] } | undefined;

/** The known mistakes of a function that would have answered otherwise than `right`, the answer the handout
 *  asks for: a program that answers right here does not make them, so no other failure of the function is
 *  charged as one of them (harness/grade/charges.ts). Undefined for an input that tells nothing about them
 *  (one where a program's other mistakes may decide the answer); a failure on such an input keeps every
 *  mistake that explains it. */
export type Refuter = (input: { args: PyValue[]; right: PyValue; ctx: RefContext }) => string[] | undefined;

export interface ReferenceAdapter {
  /** Matches `reference:` in a spec. */
  id: string;
  functions: Record<string, RefFunction>;
  classes?: Record<string, RefClass>;
  validators?: Record<string, Validator>;
  /** Per function: what a wrong answer's mistake is, when it is a known one (see Explainer). */
  explain?: Record<string, Explainer>;
  /** Per function: the known mistakes a right answer rules out (see Refuter). */
  refute?: Record<string, Refuter>;
  /** Per number role of a game (e.g. `gameTotal`): the known mistakes of its value (see NumberMistakes). */
  numberMistakes?: Record<string, NumberMistakes>;
  /** The starter's top-level constants (PS3's HAND_SIZE): the value a name keeps when the student's own
   *  line setting it cannot run while grading (HAND_SIZE = int(input()) at the top of the file). */
  constants?(options: Readonly<Record<string, unknown>>): Record<string, PyValue>;
  /** Named values a spec may use as arguments (e.g. `word_list`), built from the context. */
  names?(ctx: Omit<RefContext, 'call' | 'io'>): Record<string, PyValue>;
  /** Whole programs (the module as __main__, a course runner driving the student's class), io-injected. */
  programs?: Record<string, (ctx: RefContext) => void>;
  /** The game's vocabulary: what its questions ask and what its printed values mean (harness/turns).
   *  A spec's `roles:` extends or replaces it. */
  roles?: RoleSpecs;
  /** Characters that count as a letter in a printed letter run (a PS3 wildcard). */
  wildcards?(options: Readonly<Record<string, unknown>>): string;
  /** Judges interactive programs (a spec's `game:` tests), e.g. a free-form console game in Java. */
  game?: GameJudge;
  /** The wildcard and the letters it stands for, for generated inputs (a PS3 variant's '!' for consonants). */
  wildcard?(options: Readonly<Record<string, unknown>>): { char: string; standsFor: string } | undefined;
  /** Generated inputs on which a surviving mutant must behave like the original (gradekit audit). */
  probes?(ctx: ProbeContext): Probe[];
  /** Input generators for property tests: `gen: hand` in a spec. */
  generators?: Record<string, (rng: PyRandom, params: Record<string, unknown>, ctx: Omit<RefContext, 'call' | 'io'>) => PyValue>;
}
