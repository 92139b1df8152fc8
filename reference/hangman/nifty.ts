// The Evil Hangman core of the Nifty assignment (CIT 594): the game state, one guess step that
// reports every family (so an oracle can accept any of the tied largest ones), chooser strategies
// for the evil side and guesser strategies for simulated players.
import { compareCodePoints, cpLength, hardestFirst, partition, type Family } from './partition.js';

export type { Family } from './partition.js';

export interface ChooserState {
  /** The families for this guess, in first-appearance order. */
  families: readonly Family[];
  guess: string;
  /** Pattern and guesses left before this guess; `guessed` already includes `guess`. */
  pattern: string;
  guessesLeft: number;
  guessed: readonly string[];
}
/** Picks the family the evil side keeps. */
export type Chooser = (s: ChooserState) => Family;
export type ChooserName = 'largest' | 'minimax';

export interface StepResult {
  guess: string;
  /** Every family, first-appearance order. */
  families: Family[];
  largestSize: number;
  /** All families of the largest size: the handout leaves ties open, so an oracle accepts any of these. */
  tied: Family[];
  chosen: Family;
  /** The chosen family reveals the letter (a wrong guess costs one otherwise). */
  correct: boolean;
  /** How many times the letter now shows in the pattern. */
  occurrences: number;
  guessesLeft: number;
}

/**
 * 'largest' (the handout's rule). Ties are unspecified in the handout; we break them like the 313E
 * hardest family: fewest letters revealed, then the smallest pattern. StepResult.tied lists them all.
 */
export const largestChooser: Chooser = (s) => {
  const max = Math.max(...s.families.map((f) => f.size));
  return hardestFirst(s.families.filter((f) => f.size === max))[0];
};

export interface MinimaxOptions {
  /** Deepest lookahead in guesser moves (default 3). */
  maxDepth?: number;
  /** Letters the simulated guesser considers at each node, most frequent first (default 6). */
  branch?: number;
  /** Word visits allowed per decision; the depth shrinks for big families to stay within it (default 2e6). */
  budget?: number;
}

/**
 * The extra-credit chooser: keeps the family that maximises the wrong guesses the guesser still
 * makes under best play (guesser minimises, chooser maximises, capped at the guesses left), searched
 * to a depth bounded by a work budget, with memoised states. Deterministic: the bound is counted
 * work, not wall time. Beyond the depth, a family of n words is worth log2(n)/2 wrong guesses.
 * Equal scores prefer a wrong guess now, then the 'largest' order. Create one per game (the memo is keyed by pattern and guesses).
 */
export function minimaxChooser(opts: MinimaxOptions = {}): Chooser {
  const maxDepth = opts.maxDepth ?? 3;
  const branch = opts.branch ?? 6;
  const budget = opts.budget ?? 2e6;
  const memo = new Map<string, number>();

  function value(words: readonly string[], pattern: string, guessed: readonly string[], left: number, depth: number): number {
    if (left <= 0 || words.length <= 1 || !pattern.includes('-')) return 0;
    if (depth === 0) return Math.min(left, Math.log2(words.length) / 2);
    const key = `${words.length}:${words[0]}:${pattern}:${guessed.join('')}:${left}:${depth}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = Infinity;
    for (const c of frequentLetters(words, guessed, branch)) {
      const next = insertSorted(guessed, c);
      let worst = 0;
      for (const f of partition(words, pattern, c)) {
        const wrong = f.positions.length === 0 ? 1 : 0;
        worst = Math.max(worst, wrong + value(f.members, f.pattern, next, left - wrong, depth - 1));
        if (worst >= best) break; // this letter is already no better for the guesser
      }
      best = Math.min(best, worst);
    }
    const v = Math.min(left, best === Infinity ? 0 : best);
    memo.set(key, v);
    return v;
  }

  return (s) => {
    const n = s.families.reduce((t, f) => t + f.size, 0);
    let depth = maxDepth;
    while (depth > 0 && n * branch ** depth > budget) depth--;
    // Best score first; on equal scores a wrong guess now (certain) beats one the search expects later.
    let best: Family | undefined;
    let bestScore = -1;
    let bestWrong = -1;
    for (const f of hardestFirst(s.families)) {
      const wrong = f.positions.length === 0 ? 1 : 0;
      const score = wrong + value(f.members, f.pattern, s.guessed, s.guessesLeft - wrong, depth);
      if (score > bestScore + 1e-9 || (Math.abs(score - bestScore) <= 1e-9 && wrong > bestWrong)) {
        best = f;
        bestScore = score;
        bestWrong = wrong;
      }
    }
    return best!;
  };
}

export function makeChooser(c: Chooser | ChooserName, opts?: MinimaxOptions): Chooser {
  if (typeof c === 'function') return c;
  return c === 'minimax' ? minimaxChooser(opts) : largestChooser;
}

/** The view a guesser gets: what a player (or a cheating simulator, via `words`) knows. */
export interface GuesserState {
  pattern: string;
  guessed: readonly string[];
  guessesLeft: number;
  /** The evil side's remaining words (a simulator's 'frequency' guesser uses them). */
  words: readonly string[];
}
export type Guesser = (s: GuesserState) => string;

/** Letters (not yet guessed) by how many of `words` contain them, most first, ties alphabetical. */
export function frequentLetters(words: readonly string[], guessed: readonly string[], limit = Infinity): string[] {
  const counts = new Map<string, number>();
  const done = new Set(guessed);
  for (const w of words) {
    const seen = new Set<string>();
    for (const ch of w) {
      if (!done.has(ch) && !seen.has(ch)) {
        seen.add(ch);
        counts.set(ch, (counts.get(ch) ?? 0) + 1);
      }
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || compareCodePoints(a[0], b[0]))
    .slice(0, limit)
    .map(([ch]) => ch);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/** Guesses the unguessed letter found in the most remaining words (ties alphabetical). */
export const frequencyGuesser: Guesser = (s) => {
  const [top] = frequentLetters(s.words, s.guessed, 1);
  if (top !== undefined) return top;
  const rest = [...ALPHABET].find((c) => !s.guessed.includes(c));
  if (rest === undefined) throw new Error('frequency guesser: every letter has been guessed');
  return rest;
};

/** Guesses the letters of `letters` in order, skipping ones already guessed. */
export function fixedGuesser(letters: readonly string[] | string): Guesser {
  const list = [...letters];
  return (s) => {
    const next = list.find((c) => !s.guessed.includes(c));
    if (next === undefined) throw new Error(`fixed guesser: ran out of letters (${list.join('')})`);
    return next;
  };
}

function insertSorted(list: readonly string[], c: string): string[] {
  const out = [...list, c];
  return out.sort(compareCodePoints);
}

export class EvilHangmanGame {
  private active: string[];
  private pat: string;
  private guessedLetters: string[] = [];
  private left: number;
  private readonly chooser: Chooser;

  /** Words of `wordLength` (code points) from `words`, in order; `guesses` wrong guesses allowed. */
  constructor(words: readonly string[], readonly wordLength: number, guesses: number, chooser: Chooser | ChooserName = 'largest', opts?: MinimaxOptions) {
    this.active = words.filter((w) => cpLength(w) === wordLength);
    if (this.active.length === 0) throw new Error(`no words of length ${wordLength}`);
    this.pat = '-'.repeat(wordLength);
    this.left = guesses;
    this.chooser = makeChooser(chooser, opts);
  }

  get pattern(): string {
    return this.pat;
  }
  get words(): readonly string[] {
    return this.active;
  }
  /** Guessed letters, sorted. */
  get guessed(): readonly string[] {
    return this.guessedLetters;
  }
  get guessesLeft(): number {
    return this.left;
  }
  get won(): boolean {
    return !this.pat.includes('-');
  }
  get lost(): boolean {
    return !this.won && this.left <= 0;
  }
  get over(): boolean {
    return this.won || this.left <= 0;
  }

  /** Plays one letter: partitions the words, keeps the chooser's family, charges a wrong guess. */
  guess(letter: string): StepResult {
    if (this.over) throw new Error('the game is over');
    if ([...letter].length !== 1) throw new Error(`a guess is one letter, got ${JSON.stringify(letter)}`);
    if (this.guessedLetters.includes(letter)) throw new Error(`${letter} was already guessed`);
    const families = partition(this.active, this.pat, letter);
    const guessed = insertSorted(this.guessedLetters, letter);
    const chosen = this.chooser({ families, guess: letter, pattern: this.pat, guessesLeft: this.left, guessed });
    const largestSize = Math.max(...families.map((f) => f.size));
    this.guessedLetters = guessed;
    this.active = chosen.members;
    this.pat = chosen.pattern;
    const correct = chosen.positions.length > 0;
    if (!correct) this.left--;
    return {
      guess: letter,
      families,
      largestSize,
      tied: families.filter((f) => f.size === largestSize),
      chosen,
      correct,
      occurrences: chosen.positions.length,
      guessesLeft: this.left,
    };
  }

  /** The word the evil side "had all along": the first remaining word, in list order. */
  revealWord(): string {
    return this.active[0];
  }
}

export interface PlayedGame {
  won: boolean;
  wrong: number;
  guesses: string[];
  word: string;
}

/** Plays a whole game between a guesser and a chooser. */
export function playOut(game: EvilHangmanGame, guesser: Guesser): PlayedGame {
  const guesses: string[] = [];
  let wrong = 0;
  while (!game.over) {
    const g = guesser({ pattern: game.pattern, guessed: game.guessed, guessesLeft: game.guessesLeft, words: game.words });
    guesses.push(g);
    if (!game.guess(g).correct) wrong++;
  }
  return { won: game.won, wrong, guesses, word: game.revealWord() };
}
