// is_valid_word, with the wildcard resolved through a precomputed index instead of a scan of the
// word list: for every listed word and every position holding a vowel (or consonant), the word
// with that one position masked is a key. "c*ws" is valid in ocw iff "c\0ws" is a key.
// The index is built once per word-list array (cached by identity), so thousands of calls
// against the course's 83,667 words cost one build (~0.2 s) and then a Set lookup each.
import { CONSONANTS, VOWELS, type Hand } from './letters.js';
import type { WildcardKind, WordgameVariant } from './variants.js';

const MASK = '\0';

interface WordIndex {
  plain: Set<string>;
  masked: Partial<Record<WildcardKind, Set<string>>>;
}

const indexes = new WeakMap<readonly string[], WordIndex>();

function indexFor(words: readonly string[]): WordIndex {
  let idx = indexes.get(words);
  if (!idx) {
    idx = { plain: new Set(words.map((w) => w.toLowerCase())), masked: {} };
    indexes.set(words, idx);
  }
  return idx;
}

function maskedFor(idx: WordIndex, kind: WildcardKind): Set<string> {
  let set = idx.masked[kind];
  if (!set) {
    const pool = kind === 'vowels' ? VOWELS : CONSONANTS;
    set = new Set();
    for (const w of idx.plain) {
      for (let i = 0; i < w.length; i++) {
        if (pool.includes(w[i])) set.add(w.slice(0, i) + MASK + w.slice(i + 1));
      }
    }
    idx.masked[kind] = set;
  }
  return set;
}

/**
 * True when `word` (any case) uses only letters of `hand`, counting repeats, and is in the list,
 * or, with wildcards, when some choice of vowel (consonant) for each wildcard makes a listed
 * word. Neither the hand nor the list is touched. One wildcard is a single lookup; with k > 1
 * (only possible in a hand built by hand) the first k − 1 are enumerated and the last looked up.
 */
export function isValidWord(word: string, hand: Hand, words: readonly string[], variant: WordgameVariant): boolean {
  const w = word.toLowerCase();
  const need = new Map<string, number>();
  for (const ch of w) need.set(ch, (need.get(ch) ?? 0) + 1);
  for (const [ch, k] of need) if ((hand.get(ch) ?? 0) < k) return false;

  const idx = indexFor(words);
  const chars = [...w];
  const wild = chars.flatMap((ch, i) => (ch === variant.wildcard ? [i] : []));
  if (wild.length === 0) return idx.plain.has(w);

  const masked = maskedFor(idx, variant.wildcardStandsFor);
  const pool = variant.wildcardStandsFor === 'vowels' ? VOWELS : CONSONANTS;
  const last = wild[wild.length - 1];
  chars[last] = MASK;
  const fillFrom = (k: number): boolean => {
    if (k === wild.length - 1) return masked.has(chars.join(''));
    for (const letter of pool) {
      chars[wild[k]] = letter;
      if (fillFrom(k + 1)) return true;
    }
    return false;
  };
  return fillFrom(0);
}

/** Builds the index for `words` now (e.g. before timing a batch), instead of on first use. */
export function warmWordIndex(words: readonly string[], variant: WordgameVariant): void {
  maskedFor(indexFor(words), variant.wildcardStandsFor);
}
