// Hand functions of the PS3 skeleton, mirrored so that a seeded Python run and ours agree on
// every value and on dict insertion order.
import type { PyRandom } from '../pyrandom.js';
import { ASCII_LOWERCASE, CONSONANTS, VOWELS, type Hand } from './letters.js';
import type { WordgameVariant } from './variants.js';

/** Letter counts in first-seen order (dict insertion order). */
export function getFrequencyDict(s: string): Hand {
  const freq: Hand = new Map();
  for (const ch of s) freq.set(ch, (freq.get(ch) ?? 0) + 1);
  return freq;
}

/** The line the skeleton's display_hand prints: every letter `count` times, each followed by a
 *  space (so a non-empty line ends in a trailing space), then the newline of the final print(). */
export function displayHand(hand: Hand): string {
  let line = '';
  for (const [letter, count] of hand) for (let j = 0; j < count; j++) line += letter + ' ';
  return line + '\n';
}

export function calculateHandlen(hand: Hand): number {
  let n = 0;
  for (const count of hand.values()) n += count;
  return n;
}

/**
 * A new hand without the letters of `word` (any case); the input is not mutated. Letters the
 * hand lacks are ignored, so an invalid word still uses up the letters it names. Mirrors:
 *     new_hand = hand.copy()
 *     for letter in word.lower():
 *         if new_hand.get(letter, 0) > 0:
 *             new_hand[letter] -= 1
 *             if new_hand[letter] == 0:
 *                 del new_hand[letter]
 * (as the handout's `{'l': 1, 'm': 1}` shows; zero entries and absent keys are both correct).
 */
export function updateHand(hand: Hand, word: string): Hand {
  const next = new Map(hand);
  for (const letter of word.toLowerCase()) {
    const have = next.get(letter) ?? 0;
    if (have > 0) {
      if (have === 1) next.delete(letter);
      else next.set(letter, have - 1);
    }
  }
  return next;
}

/**
 * deal_hand(n): the skeleton's deal_hand with the handout's wildcard change, random calls in
 * exactly this order so `random.seed(s); deal_hand(n)` in Python gives the same dict:
 *
 *   wildcard stands for consonants (mit: "replace one of the consonant slots"):
 *     hand = {}
 *     num_vowels = int(math.ceil(n / 3))
 *     for i in range(num_vowels):
 *         x = random.choice(VOWELS); hand[x] = hand.get(x, 0) + 1
 *     for i in range(num_vowels, n - 1):
 *         x = random.choice(CONSONANTS); hand[x] = hand.get(x, 0) + 1
 *     hand[WILDCARD] = 1
 *
 *   wildcard stands for vowels (ocw: "keep the consonants, replace one vowel"):
 *     hand = {}
 *     num_vowels = int(math.ceil(n / 3))
 *     for i in range(num_vowels - 1):
 *         x = random.choice(VOWELS); hand[x] = hand.get(x, 0) + 1
 *     hand[WILDCARD] = 1
 *     for i in range(num_vowels, n):
 *         x = random.choice(CONSONANTS); hand[x] = hand.get(x, 0) + 1
 *
 * So the wildcard takes the last slot of its kind and sits there in insertion order: after the
 * consonants (mit) or between vowels and consonants (ocw). Like that code, n = 0 deals the
 * wildcard alone and mit with n = 1 deals a vowel plus the wildcard.
 */
export function dealHand(n: number, rng: PyRandom, variant: WordgameVariant): Hand {
  const hand: Hand = new Map();
  const add = (x: string) => hand.set(x, (hand.get(x) ?? 0) + 1);
  const numVowels = Math.ceil(n / 3);
  if (variant.wildcardStandsFor === 'consonants') {
    for (let i = 0; i < numVowels; i++) add(rng.choice(VOWELS));
    for (let i = numVowels; i < n - 1; i++) add(rng.choice(CONSONANTS));
    hand.set(variant.wildcard, 1);
  } else {
    for (let i = 0; i < numVowels - 1; i++) add(rng.choice(VOWELS));
    hand.set(variant.wildcard, 1);
    for (let i = numVowels; i < n; i++) add(rng.choice(CONSONANTS));
  }
  return hand;
}

/**
 * A new hand in which every copy of `letter` becomes one random letter the hand does not hold.
 * Mirrors (POOL = VOWELS or CONSONANTS, whichever holds `letter`, when the variant substitutes
 * same-kind letters, as mit's "vowels for vowels"; string.ascii_lowercase for ocw's "any letter"):
 *
 *     if letter == WILDCARD or letter not in string.ascii_lowercase or hand.get(letter, 0) <= 0:
 *         return hand.copy()
 *     choices = ''.join(c for c in POOL if hand.get(c, 0) <= 0)
 *     if not choices:
 *         return hand.copy()
 *     new_letter = random.choice(choices)      # one _randbelow(len(choices))
 *     new_hand = {}
 *     for key, count in hand.items():
 *         if key == letter:
 *             new_hand[new_letter] = count      # takes the old letter's place in order
 *         else:
 *             new_hand[key] = count
 *     return new_hand
 *
 * A zero-count entry counts as "not held" on both sides. No random call is made when the hand is
 * returned unchanged (where Python's random.choice('') would raise, we keep the hand).
 */
export function substituteHand(hand: Hand, letter: string, rng: PyRandom, variant: WordgameVariant): Hand {
  if (letter === variant.wildcard || letter.length !== 1 || !ASCII_LOWERCASE.includes(letter) || !((hand.get(letter) ?? 0) > 0)) {
    return new Map(hand);
  }
  const pool =
    variant.substituteSameKind ? (VOWELS.includes(letter) ? VOWELS : CONSONANTS) : ASCII_LOWERCASE;
  const choices = [...pool].filter((c) => !((hand.get(c) ?? 0) > 0)).join('');
  if (choices === '') return new Map(hand);
  const newLetter = rng.choice(choices);
  const next: Hand = new Map();
  for (const [key, count] of hand) next.set(key === letter ? newLetter : key, count);
  return next;
}
