// The Evil Hangman rules as a judge, independent of how a program words its output: the state the
// program must be in after each guess, computed with the reference partition, accepting any of
// the tied largest families (the handout leaves ties open) and following the one it picked.
import { partition, type Family } from '../../reference/hangman/partition.js';

export interface GameState {
  length: number;
  /** Current pattern, '-' for blanks. */
  pattern: string;
  /** Words still consistent with everything revealed (the family the program picked). */
  words: string[];
  guessesLeft: number;
  /** Valid guesses so far, in order. */
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

export interface GuessVerdict {
  ok: boolean;
  /** Set when ok: the state after the guess. */
  next?: GameState;
  chosen?: Family;
  families: Family[];
  largest: Family[];
  /** One line, naming the guess, the letter and the families. */
  problem?: string;
}

export const describeFamily = (f: Pick<Family, 'pattern' | 'size'>) => `"${f.pattern}" (${f.size} word${f.size === 1 ? '' : 's'})`;

export function describeFamilies(fams: readonly Family[], max = 4): string {
  const shown = fams.slice(0, max).map(describeFamily).join(', ');
  return fams.length > max ? `${shown}, … (${fams.length} families)` : shown;
}

/**
 * Judges guess number `n` of `letter` given the patterns the program displayed afterwards
 * (as found in its output, in order). The last displayed pattern that is a family of the
 * remaining words is the one the program chose.
 */
export function judgeGuess(state: GameState, n: number, letter: string, displayed: readonly string[], ended = false): GuessVerdict {
  const families = partition(state.words, state.pattern, letter).sort((a, b) => b.size - a.size);
  const max = families[0]?.size ?? 0;
  const largest = families.filter((f) => f.size === max);
  const byPattern = new Map(families.map((f) => [f.pattern, f]));
  const at = `guess ${n} ('${letter}')`;
  let chosen: Family | undefined;
  for (let i = displayed.length - 1; i >= 0 && !chosen; i--) chosen = byPattern.get(displayed[i]!);
  if (!chosen && ended) {
    // Programs often stop printing the word once the game is over. Ending is itself evidence: a win
    // needs a family with no blanks; a loss needs the last guess to miss (the family without the letter).
    const ends = families.filter((f) => !f.pattern.includes('-') || (f.positions.length === 0 && state.guessesLeft === 1));
    chosen = ends.find((f) => f.size === max) ?? ends[0];
    if (!chosen) {
      return { ok: false, families, largest, problem: `${at}: the game ended, but no family can end it here (${state.guessesLeft} guesses were left; largest: ${describeFamilies(largest)})` };
    }
  }
  if (!chosen) {
    const last = displayed[displayed.length - 1];
    const problem = last === undefined
      ? `${at}: no word pattern of length ${state.length} appears in the output after the guess (expected one of ${describeFamilies(largest)})`
      : `${at}: the program shows "${last}", which matches no word family of the ${state.words.length} remaining words (largest: ${describeFamilies(largest)})`;
    return { ok: false, families, largest, problem };
  }
  if (chosen.size < max) {
    const tie = largest.length > 1 ? `the largest families (tied) are ${describeFamilies(largest)}` : `the largest family is ${describeFamily(largest[0]!)}`;
    return { ok: false, chosen, families, largest, problem: `${at}: the program revealed ${describeFamily(chosen)}, but ${tie}` };
  }
  const wrong = chosen.positions.length === 0;
  const next: GameState = {
    ...state,
    pattern: chosen.pattern,
    words: chosen.members,
    guessesLeft: state.guessesLeft - (wrong ? 1 : 0),
    guessed: [...state.guessed, letter],
  };
  next.over = !next.pattern.includes('-') ? 'win' : next.guessesLeft <= 0 ? 'loss' : null;
  return { ok: true, next, chosen, families, largest };
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
