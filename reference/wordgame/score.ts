// get_word_score: (sum of letter values) × max(floor, a·L − b·(n − L)).
import { RefRaise } from '../../harness/model/reference.js';
import { reprStr } from '../../harness/model/pyvalue.js';
import { SCRABBLE_LETTER_VALUES } from './letters.js';
import type { WordgameVariant } from './variants.js';

/** Case-insensitive; the wildcard is worth 0 and counts toward L. A character with no value
 *  raises KeyError, as the skeleton's SCRABBLE_LETTER_VALUES[letter] does. */
export function getWordScore(word: string, n: number, variant: WordgameVariant): number {
  const w = word.toLowerCase();
  let sum = 0;
  for (const ch of w) {
    if (ch === variant.wildcard) continue;
    const v = Object.hasOwn(SCRABBLE_LETTER_VALUES, ch) ? SCRABBLE_LETTER_VALUES[ch] : undefined;
    if (v === undefined) throw new RefRaise('KeyError', reprStr(ch));
    sum += v;
  }
  const len = [...w].length;
  return sum * Math.max(variant.floor, variant.a * len - variant.b * (n - len));
}
