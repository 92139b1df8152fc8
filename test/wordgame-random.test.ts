// Python parity for every random choice the PS3 reference makes: the skeleton's deal_hand (with
// each handout's wildcard change) and substitute_hand, exactly as documented in
// reference/wordgame/hand.ts, run by python3 for seeds 0..199 and hand sizes 1..12, against ours.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PyRandom } from '../reference/pyrandom.js';
import { VARIANTS, calculateHandlen, dealHand, defineVariant, substituteHand, type Hand, type WordgameVariant } from '../reference/wordgame/index.js';

const SEEDS = 200;
const MAX_N = 12;

const PYTHON = String.raw`
import json, math, random, string, sys

VOWELS = 'aeiou'
CONSONANTS = 'bcdfghjklmnpqrstvwxyz'

def deal_hand_consonant_wildcard(n, WILDCARD):   # mit: the wildcard takes a consonant slot
    hand = {}
    num_vowels = int(math.ceil(n / 3))
    for i in range(num_vowels):
        x = random.choice(VOWELS)
        hand[x] = hand.get(x, 0) + 1
    for i in range(num_vowels, n - 1):
        x = random.choice(CONSONANTS)
        hand[x] = hand.get(x, 0) + 1
    hand[WILDCARD] = 1
    return hand

def deal_hand_vowel_wildcard(n, WILDCARD):       # ocw: the wildcard takes a vowel slot
    hand = {}
    num_vowels = int(math.ceil(n / 3))
    for i in range(num_vowels - 1):
        x = random.choice(VOWELS)
        hand[x] = hand.get(x, 0) + 1
    hand[WILDCARD] = 1
    for i in range(num_vowels, n):
        x = random.choice(CONSONANTS)
        hand[x] = hand.get(x, 0) + 1
    return hand

def substitute_hand(hand, letter, WILDCARD, same_kind):
    if letter == WILDCARD or letter not in string.ascii_lowercase or hand.get(letter, 0) <= 0:
        return hand.copy()
    if same_kind:
        POOL = VOWELS if letter in VOWELS else CONSONANTS
    else:
        POOL = string.ascii_lowercase
    choices = ''.join(c for c in POOL if hand.get(c, 0) <= 0)
    if not choices:
        return hand.copy()
    new_letter = random.choice(choices)
    new_hand = {}
    for key, count in hand.items():
        if key == letter:
            new_hand[new_letter] = count
        else:
            new_hand[key] = count
    return new_hand

def run(deal, wildcard, same_kind):
    out = []
    for seed in range(${SEEDS}):
        for n in range(1, ${MAX_N} + 1):
            random.seed(seed)
            hand = deal(n, wildcard)
            # substitute the first and then the last real letter, drawing from the same stream
            letters = [k for k in hand if k != wildcard]
            sub1 = substitute_hand(hand, letters[0], wildcard, same_kind) if letters else hand.copy()
            sub2 = substitute_hand(sub1, letters[-1], wildcard, same_kind) if letters else sub1.copy()
            out.append([list(hand.items()), list(sub1.items()), list(sub2.items()), random.random()])
    return out

json.dump({
    'mit': run(deal_hand_consonant_wildcard, '!', True),
    'ocw': run(deal_hand_vowel_wildcard, '*', False),
    'custom': run(deal_hand_consonant_wildcard, '@', False),
}, sys.stdout)
`;

type Row = [[string, number][], [string, number][], [string, number][], number];

function ours(variant: WordgameVariant): Row[] {
  const rows: Row[] = [];
  for (let seed = 0; seed < SEEDS; seed++) {
    for (let n = 1; n <= MAX_N; n++) {
      const rng = new PyRandom(seed);
      const hand = dealHand(n, rng, variant);
      const letters = [...hand.keys()].filter((k) => k !== variant.wildcard);
      const sub1: Hand = letters.length ? substituteHand(hand, letters[0], rng, variant) : new Map(hand);
      const sub2: Hand = letters.length ? substituteHand(sub1, letters[letters.length - 1], rng, variant) : new Map(sub1);
      rows.push([[...hand], [...sub1], [...sub2], rng.random()]);
    }
  }
  return rows;
}

describe('deal_hand and substitute_hand match a seeded Python skeleton', () => {
  const python = JSON.parse(execFileSync('python3', ['-c', PYTHON], { encoding: 'utf8', maxBuffer: 64 << 20 })) as Record<string, Row[]>;
  // MIT Fall 2017 style: '@' for consonants, substituting any letter
  const custom = defineVariant({ id: 'custom', wildcard: '@', wildcardStandsFor: 'consonants', a: 5, b: 8, floor: 2, substituteSameKind: false });

  it.each([
    ['mit', VARIANTS.mit],
    ['ocw', VARIANTS.ocw],
    ['custom', custom],
  ] as const)('%s: 200 seeds x hand sizes 1..12, same dicts in the same order, same stream after', (id, variant) => {
    const expected = python[id];
    expect(expected).toHaveLength(SEEDS * MAX_N);
    const got = ours(variant);
    // first mismatch, readable
    const i = got.findIndex((row, k) => JSON.stringify(row) !== JSON.stringify(expected[k]));
    expect(i === -1 ? null : { seedAndN: [Math.floor(i / MAX_N), (i % MAX_N) + 1], got: got[i], python: expected[i] }).toBeNull();
  });
});

describe('deal_hand and substitute_hand properties', () => {
  it('a dealt hand has ceil(n/3) vowel slots, one of them (ocw) or of the consonant slots (mit) the wildcard', () => {
    const rng = new PyRandom(42);
    for (let n = 2; n <= 12; n++) {
      for (const v of [VARIANTS.mit, VARIANTS.ocw]) {
        const hand = dealHand(n, rng, v);
        expect(calculateHandlen(hand)).toBe(n);
        expect(hand.get(v.wildcard)).toBe(1);
        const vowels = [...hand].reduce((s, [k, c]) => s + ('aeiou'.includes(k) ? c : 0), 0);
        expect(vowels).toBe(Math.ceil(n / 3) - (v.wildcardStandsFor === 'vowels' ? 1 : 0));
      }
    }
  });
  it('mit keeps the kind, never reuses a held letter, keeps the count and the position', () => {
    const hand = new Map(Object.entries({ d: 2, '!': 1, e: 1, o: 1, u: 1, t: 1 }));
    for (let seed = 0; seed < 50; seed++) {
      const out = substituteHand(hand, 'd', new PyRandom(seed), VARIANTS.mit);
      const [first] = [...out];
      expect('bcfghjklmnpqrsvwxyz'.includes(first[0])).toBe(true);
      expect(first[1]).toBe(2);
      expect(hand.get('d')).toBe(2); // input untouched
      const vow = substituteHand(hand, 'e', new PyRandom(seed), VARIANTS.mit);
      expect([...vow.keys()][2]).toMatch(/^[ai]$/);
    }
  });
  it('a letter not in the hand, or the wildcard, leaves an unchanged copy and draws nothing', () => {
    const hand = new Map(Object.entries({ a: 1, '*': 1, t: 1 }));
    const rng = new PyRandom(7);
    const before = rng.getstate();
    for (const letter of ['z', '*', 'A', '']) {
      const out = substituteHand(hand, letter, rng, VARIANTS.ocw);
      expect(out).toEqual(hand);
      expect(out).not.toBe(hand);
    }
    expect(rng.getstate()).toEqual(before);
  });
});
