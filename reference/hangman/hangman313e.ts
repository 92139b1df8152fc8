// Reference for the CS 313E `Hangman` class (Spring 2024 starter). Names and return shapes mirror
// the Python methods so the adapter only converts values. Semantics (GUIDE §3, hangman-313e):
// families in first-appearance order; entries (-size, -dashes, pattern, words) sorted ascending;
// the guess is counted before choosing; EASY takes the second hardest family when the guess count
// is even, MEDIUM when it is a multiple of 4, HARD never; a lone family is always taken.
import { RefRaise } from '../../harness/model/reference.js';
import { PyRandom } from '../pyrandom.js';
import { compareCodePoints, cpLength, hardestFirst, partition, type Family } from './partition.js';

export type Difficulty313E = 'EASY' | 'MEDIUM' | 'HARD';

/** A family tuple as order_entries returns it: (-size, -dash count, pattern, words). */
export type FamilyEntry = [negSize: number, negDashes: number, pattern: string, words: string[]];

export interface Hangman313EOptions {
  /** Where `print` output goes in debug mode (the starter's `debugging` lines). */
  print?: (line: string) => void;
  /** The module-level `random` that get_secret_word reseeds; a fresh one when omitted. */
  rng?: PyRandom;
}

export class Hangman313E {
  private readonly words: readonly string[];
  private active: string[] = [];
  private pattern = '';
  private guesses: string[] = [];
  private guessesLeft = 0;
  private difficulty = '';

  /** `Hangman(words, debug)`: `words` is the runner's sorted unique list, used in that order. */
  constructor(words: readonly string[], readonly debug = false, private readonly opts: Hangman313EOptions = {}) {
    this.words = words.slice();
  }

  num_words(length: number): number {
    let n = 0;
    for (const w of this.words) if (cpLength(w) === length) n++;
    return n;
  }

  prep_for_round(wordLen: number, numGuesses: number, diff: string): void {
    this.active = this.words.filter((w) => cpLength(w) === wordLen);
    this.pattern = '-'.repeat(Math.max(0, wordLen));
    this.guesses = [];
    this.guessesLeft = numGuesses;
    this.difficulty = diff.toLowerCase();
  }

  num_words_current(): number {
    return this.active.length;
  }

  get_guesses_left(): number {
    return this.guessesLeft;
  }

  /** The guessed letters in sorted order (the runner prints the list: `['a', 'n']`). */
  get_guesses_made(): string[] {
    return this.guesses.slice().sort(compareCodePoints);
  }

  already_guessed(guess: string): boolean {
    return this.guesses.includes(guess);
  }

  get_pattern(): string {
    return this.pattern;
  }

  /** The active words, in order (for tests and the oracle; not a Python method). */
  active_words(): readonly string[] {
    return this.active;
  }

  /**
   * Counts the guess, partitions the active words, takes the family the difficulty schedule picks,
   * charges a wrong guess when that family's pattern lacks the letter, and returns {pattern: size}
   * in first-appearance order (the order the runner's debug output prints).
   */
  make_guess(guess: string): Map<string, number> {
    this.guesses.push(guess);
    const families = partition(this.active, this.pattern, guess);
    const entries = hardestFirst(families);
    const chosen = entries[this.get_difficulty(entries)];
    if (chosen.positions.length === 0) this.guessesLeft--;
    this.active = chosen.members;
    this.pattern = chosen.pattern;
    if (this.debug) this.debugging(entries);
    return new Map(families.map((f) => [f.pattern, f.size]));
  }

  /** {pattern: words} for the guess over the active words, first-appearance order; no state change. */
  get_map_pattern(guess: string): Map<string, string[]> {
    return new Map(partition(this.active, this.pattern, guess).map((f) => [f.pattern, f.members]));
  }

  /** The pattern `word` would show after `guess`: the guess where the word has it, else the current pattern. */
  make_pattern(word: string, guess: string): string {
    const pat = [...this.pattern];
    return [...word].map((ch, i) => (ch === guess ? guess : pat[i] ?? '-')).join('');
  }

  /** order_entries: (-size, -dashes, pattern, words) tuples, hardest first. */
  order_entries(wordFamily: Map<string, string[]>): FamilyEntry[] {
    const fams = [...wordFamily].map(([pattern, members]) => ({
      pattern,
      members,
      size: members.length,
      dashCount: [...pattern].filter((c) => c === '-').length,
    }));
    return hardestFirst(fams).map((f) => [-f.size, -f.dashCount, f.pattern, f.members]);
  }

  /** Starter helper: 2 = take the second hardest, 1 = should but only one family, 0 = hardest. */
  get_diff(entries: readonly unknown[]): 0 | 1 | 2 {
    if (entries.length === 0) throw new RefRaise('ValueError', "Entries can't be None");
    const n = this.guesses.length;
    const second = (this.difficulty === 'medium' && n % 4 === 0) || (this.difficulty === 'easy' && n % 2 === 0);
    if (!second) return 0;
    return entries.length > 1 ? 2 : 1;
  }

  /** Starter helper: the index into the sorted entries that the AI takes. */
  get_difficulty(entries: readonly unknown[]): 0 | 1 {
    return this.get_diff(entries) === 2 ? 1 : 0;
  }

  /** random.seed(0), then random.choice over the sorted active words. */
  get_secret_word(): string {
    const rng = this.opts.rng ?? new PyRandom();
    rng.seed(0);
    const sorted = this.active.slice().sort(compareCodePoints);
    if (sorted.length === 0) throw new RefRaise('IndexError', 'Cannot choose from an empty sequence');
    return rng.choice(sorted);
  }

  /** The starter's `debugging` message, printed after the choice so it shows the new pattern. */
  private debugging(entries: readonly Family[]): void {
    const diff = this.get_diff(entries);
    let msg = 'DEBUGGING: ';
    if (diff === 2) msg += 'Difficulty second hardest pattern and list.\n\n';
    else if (diff === 1) {
      msg += 'Should pick second hardest pattern this turn, but only one pattern available.\n';
      msg += '\nDEBUGGING: Picking hardest list.\n';
    } else msg += 'Picking hardest list.\n';
    msg += `DEBUGGING: New pattern is: ${this.pattern}. New family has ${this.active.length} words.`;
    this.opts.print?.(msg + '\n');
  }
}

/** The course runner's dictionary: sorted(set(line.strip().lower())) over the file's lines. */
export function dictionaryFromText(text: string): string[] {
  // open() in text mode splits on \n, \r\n and \r; an empty file has no lines, a blank line gives ''.
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return dictionaryFromLines(lines);
}

/** sorted(set(line.strip().lower())) over lines already split. */
export function dictionaryFromLines(lines: readonly string[]): string[] {
  return [...new Set(lines.map((l) => pyStrip(l).toLowerCase()))].sort(compareCodePoints);
}

/** Characters Python's str.isspace() accepts (what str.strip() removes). */
const PY_SPACE = /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

export function pyStrip(s: string): string {
  return s.replace(PY_SPACE, '');
}
