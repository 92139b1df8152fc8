// The Evil Hangman rules as a judge, independent of how a program words its output. The oracle keeps
// every game state consistent with what the program has shown so far (a belief): the handout leaves
// open which of several tied largest families to keep, and how a multi-letter input, a non-letter or a
// repeated guess is treated, so each reasonable reading stays possible until the program's display
// rules it out. A reading that breaks a rule the handout states (a family that is not the largest)
// stays possible too, so that the game can be followed, but it carries that violation.
import { partition, type Family } from '../partition.js';

export interface GameState {
  length: number;
  /** Current pattern, '-' for blanks. */
  pattern: string;
  /** Words still consistent with everything revealed (the family the program kept). */
  words: string[];
  guessesLeft: number;
  /** Letters the program counts as guessed, in order (valid guesses, and inputs it took as letters). */
  guessed: string[];
  over: null | 'win' | 'loss';
}

export function startState(dictionary: readonly string[], length: number, guesses: number): GameState {
  const words = wordsOfLength(dictionary, length);
  return { length, pattern: '-'.repeat(length), words, guessesLeft: guesses, guessed: [], over: null };
}

export function wordsOfLength(dictionary: readonly string[], length: number): string[] {
  return [...new Set(dictionary.map((w) => w.trim().toLowerCase()).filter((w) => w.length === length))];
}

/** Word lengths no word of the list has, smallest first (0, then gaps and lengths beyond the longest). */
export function impossibleLengths(dictionary: readonly string[], count = 3): number[] {
  const have = new Set(dictionary.map((w) => w.trim().length));
  const out: number[] = [0];
  for (let n = 1; out.length < count && n < 200; n++) if (!have.has(n)) out.push(n);
  return out;
}

/** One way the program may have read an input, and the state it leads to. */
export interface Reading {
  state: GameState;
  /** How the input was read, for messages: "a guess of 'e'", "refused", "a wrong guess". */
  read: string;
  /** The letter guessed, when the input was read as one. */
  letter?: string;
  family?: Family;
  /** The largest families of that guess (ties: any of them is right). */
  largest?: Family[];
  /** All families of that guess, largest first. */
  families?: Family[];
  /** Read as charging a guess for a letter the word shows (a guess-cost defect, never a right reading). */
  costly?: boolean;
}

export const describeFamily = (f: Pick<Family, 'pattern' | 'size'>) => `"${f.pattern}" (${f.size} word${f.size === 1 ? '' : 's'})`;

export function describeFamilies(fams: readonly Family[], max = 4): string {
  const shown = fams.slice(0, max).map(describeFamily).join(', ');
  return fams.length > max ? `${shown}, … (${fams.length} families)` : shown;
}

function after(state: GameState, f: Family, letter: string): GameState {
  const next: GameState = {
    ...state,
    pattern: f.pattern,
    words: f.members,
    guessesLeft: state.guessesLeft - (f.positions.length === 0 ? 1 : 0),
    guessed: [...state.guessed, letter],
  };
  next.over = !next.pattern.includes('-') ? 'win' : next.guessesLeft <= 0 ? 'loss' : null;
  return next;
}

/** A new letter guessed: one reading per family (the program may keep any; only the largest are right). */
export function guessReadings(state: GameState, letter: string, read = `a guess of '${letter}'`): Reading[] {
  const families = partition(state.words, state.pattern, letter).sort((a, b) => b.size - a.size);
  const max = families[0]?.size ?? 0;
  const largest = families.filter((f) => f.size === max);
  return families.map((f) => ({ state: after(state, f, letter), read, letter, family: f, largest, families }));
}

/** Whether a reading broke step 4e: it kept a family that is not among the largest. */
export function keptSmallerFamily(r: Reading): boolean {
  return Boolean(r.family && r.largest && r.family.size < r.largest[0]!.size);
}

/**
 * An input that is not a new single letter ("ab", "#", a repeat, an upper-case letter): every
 * reasonable reading. Refused at no cost; counted as a wrong guess; or read as its first letter (a new
 * one), in which case that letter is judged like any guess.
 */
export function oddInputReadings(state: GameState, input: string): Reading[] {
  const out: Reading[] = [{ state, read: 'refused (it costs nothing)' }];
  const first = input.trim().charAt(0).toLowerCase();
  if (/[a-z]/.test(first) && !state.guessed.includes(first)) {
    out.push(...guessReadings(state, first, input.trim().length > 1 ? `read as its first letter '${first}'` : `read as '${first}'`));
  }
  const missed: GameState = { ...state, guessesLeft: state.guessesLeft - 1 };
  missed.over = missed.guessesLeft <= 0 ? 'loss' : null;
  out.push({ state: missed, read: 'a wrong guess (it costs one guess)' });
  return out;
}

/** Every reading of an input over every state still believed. A letter new to one state may be a repeat in
 *  another ('O' taken as 'o', or refused): each state judges it as what it is there. */
export function inputReadings(states: readonly GameState[], input: string, asGuess: boolean): Reading[] {
  return states.flatMap((s) => (asGuess && !s.guessed.includes(input) ? guessReadings(s, input) : oddInputReadings(s, input)));
}

/** The guesser that plays well: the unguessed letter found in the most remaining words (ties: a→z). */
export function frequencyGuess(state: GameState): string {
  const counts = new Map<string, number>();
  const seen = new Set(state.guessed);
  for (const w of state.words) {
    for (const c of new Set(w)) if (!seen.has(c) && c >= 'a' && c <= 'z') counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = '';
  let bestN = -1;
  for (const c of 'abcdefghijklmnopqrstuvwxyz') {
    if (seen.has(c)) continue;
    const n = counts.get(c) ?? 0;
    if (n > bestN) { best = c; bestN = n; }
  }
  return best;
}

/** A letter the largest family is sure to show (every tied largest family holds it): a hit whatever tie the
 *  program breaks. With `exposing`, only a letter whose largest family is strictly larger than a family
 *  without the letter, so that a program keeping the letter-free family shows it. Most words first. */
export function sureHit(state: GameState, exposing = false): string | null {
  let best: string | null = null;
  let bestKey = -1;
  for (const c of unguessed(state)) {
    const fams = partition(state.words, state.pattern, c);
    const max = Math.max(0, ...fams.map((f) => f.size));
    if (!fams.length || fams.some((f) => f.size === max && f.positions.length === 0)) continue;
    const dodge = fams.some((f) => f.positions.length === 0);
    if (exposing && !dodge) continue;
    // Prefer a letter a letter-free family competes with: a program that dodges hits shows it there.
    const key = (dodge ? 1e9 : 0) + max;
    if (key > bestKey) { best = c; bestKey = key; }
  }
  return best;
}

/** A letter sure to miss: one no remaining word holds (any program reveals nothing), else one whose
 *  letter-free family is the only largest. The fewest words holding it first. */
export function sureMiss(state: GameState): string | null {
  let best: string | null = null;
  let bestHolding = Infinity;
  for (const c of unguessed(state)) {
    const fams = partition(state.words, state.pattern, c);
    const none = fams.find((f) => f.positions.length === 0);
    const holding = state.words.length - (none?.size ?? 0);
    if (holding > 0 && (!none || fams.some((f) => f !== none && f.size >= none.size))) continue;
    if (holding < bestHolding) { best = c; bestHolding = holding; }
  }
  return best;
}

function unguessed(state: GameState): string[] {
  return [...'abcdefghijklmnopqrstuvwxyz'].filter((c) => !state.guessed.includes(c));
}
