// The skeleton's module constants (identical in every PS3 year).
export const VOWELS = 'aeiou';
export const CONSONANTS = 'bcdfghjklmnpqrstvwxyz';
/** string.ascii_lowercase: the pool an ocw substitution draws from. */
export const ASCII_LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';

export const SCRABBLE_LETTER_VALUES: Readonly<Record<string, number>> = {
  a: 1, b: 3, c: 3, d: 2, e: 1, f: 4, g: 2, h: 4, i: 1, j: 8, k: 5, l: 1, m: 3,
  n: 1, o: 1, p: 3, q: 10, r: 1, s: 1, t: 1, u: 1, v: 4, w: 4, x: 8, y: 4, z: 10,
};

/** A PS3 hand: letter -> count, in the dict's insertion order. */
export type Hand = Map<string, number>;
