// show_solved_game: the sentence -> word list conversion and the exact printed format.
import { RefRaise } from '../../harness/model/reference.js';
import type { Move } from './solve.js';
import { solveMoves } from './solve.js';
import { reprStr } from '../../harness/model/pyvalue.js';

// Python's str.split() separators (str.isspace code points), so split results match CPython exactly.
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** Python `s.split()`: split on runs of whitespace, no empty strings. */
export function pySplit(s: string): string[] {
  return s.split(PY_WHITESPACE).filter((w) => w !== '');
}

/** The handout: "converts all characters in sentence to upper case and splits at spaces".
 *  The reference uses `sentence.upper().split()`; see sentenceReadings for the `split(" ")` reading. */
export function sentenceWords(sentence: string): string[] {
  return pySplit(sentence.toUpperCase());
}

/** Every word list a correct student could derive from the sentence: `.split()` and, when it differs
 *  (double, leading or trailing spaces, tabs), `.split(" ")`. Specs should use single-spaced sentences. */
export function sentenceReadings(sentence: string): string[][] {
  const upper = sentence.toUpperCase();
  const a = pySplit(upper), b = upper.split(' ');
  return JSON.stringify(a) === JSON.stringify(b) ? [a] : [a, b];
}

/** The printed play session: the words left (space-separated), then `Remove: W`, until no word is left. */
export function renderGame(words: readonly string[], moves: readonly Move[]): string {
  let out = '';
  let i = 0, j = words.length - 1;
  for (const m of moves) {
    out += words.slice(i, j + 1).join(' ') + '\n';
    out += 'Remove: ' + (m === 'first' ? words[i++] : words[j--]) + '\n';
  }
  return out;
}

/** The handout's show_solved_game as the exact text it prints. Raises (before printing anything)
 *  a ValueError when the game cannot be won. */
export function showSolvedGame(sentence: string): string {
  const words = sentenceWords(sentence);
  const moves = solveMoves(words);
  if (moves === null) {
    throw new RefRaise('ValueError', `no winning strategy for ${reprStr(sentence.toUpperCase())}`);
  }
  return renderGame(words, moves);
}
