// The mistakes students make in PS3's functions, each recognised by recomputing the answer with the
// mistake in it: a wrong answer that one of them reproduces exactly is that mistake. Two tests showing
// the same mistake show one defect (charged once), and the failure's message says what it is. An answer
// none of them reproduces is left unexplained: it is charged as a wrong answer of its own.
import type { Explainer, RefContext, Refuter } from '../../harness/model/reference.js';
import { asCounts, asInt, asStr, type PyValue } from '../../harness/model/pyvalue.js';
import { SCRABBLE_LETTER_VALUES, type Hand } from './letters.js';
import { resolveVariant, type WordgameVariant } from './variants.js';
import { updateHand } from './hand.js';
import { isValidWord } from './valid.js';
import { loweredWords, wordsArg } from './word-list.js';

type Mistake<I> = { defect: string; says: string; answer: (input: I) => number | boolean | Hand | undefined };

const variantOf = (ctx: Pick<RefContext, 'options'>): WordgameVariant => resolveVariant(ctx.options.variant, 'PS3 options.variant');

type Answer = number | boolean | Hand;

/** Each mistake that answers this input at all, with its answer (one that cannot read the input has none). */
function answersOf<I>(mistakes: Mistake<I>[], input: I): { m: Mistake<I>; a: Answer }[] {
  return mistakes.flatMap((m) => {
    try {
      const a = m.answer(input);
      return a === undefined ? [] : [{ m, a }];
    } catch {
      return [];
    }
  });
}
/** Numbers, booleans or hands compared by value. */
const sameAnswer = (a: Answer, b: Answer) => (a instanceof Map && b instanceof Map ? sameHand(a, b) : a === b);

/** The first mistake whose answer is the observed one, with the other mistakes that give the same answer (`also`). */
function firstMatch<I>(mistakes: Mistake<I>[], input: I, observed: Answer): { defect: string; says: string; also?: string[] } | undefined {
  const fits = answersOf(mistakes, input).filter((x) => sameAnswer(x.a, observed)).map((x) => x.m);
  if (!fits.length) return undefined;
  // One answer that several mistakes give names them all; the program's other failures tell which it is.
  const [first, ...rest] = fits;
  return { defect: first!.defect, says: fits.map((m) => m.says).join('; or '), ...(rest.length ? { also: rest.map((m) => m.defect) } : {}) };
}

function sameHand(a: Hand, b: Hand): boolean {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].every((k) => (a.get(k) ?? 0) === (b.get(k) ?? 0));
}

// ---------------------------------------------------------------- get_word_score

interface ScoreInput { word: string; n: number; v: WordgameVariant; handSize: number }

function letterSum(word: string, v: WordgameVariant, value: (ch: string) => number = (ch) => SCRABBLE_LETTER_VALUES[ch] ?? 0): number {
  let sum = 0;
  for (const ch of word) if (ch !== v.wildcard) sum += value(ch);
  return sum;
}

const SCORE_MISTAKES: Mistake<ScoreInput>[] = [
  { defect: 'no-floor', says: 'the second component is not raised to its minimum (it may be 0 or negative)', answer: ({ word, n, v }) => { const w = word.toLowerCase(); const L = w.length; return letterSum(w, v) * (v.a * L - v.b * (n - L)); } },
  { defect: 'floor-zero', says: `the second component's minimum is taken as 0`, answer: ({ word, n, v }) => { const w = word.toLowerCase(); const L = w.length; return letterSum(w, v) * Math.max(0, v.a * L - v.b * (n - L)); } },
  { defect: 'sum-not-product', says: 'the two components are added, not multiplied', answer: ({ word, n, v }) => { const w = word.toLowerCase(); const L = w.length; return letterSum(w, v) + Math.max(v.floor, v.a * L - v.b * (n - L)); } },
  { defect: 'hand-size-for-n', says: 'the score uses HAND_SIZE where the docstring says n (the hand length when the word was played)', answer: ({ word, n, v, handSize }) => { if (n === handSize) return undefined; const w = word.toLowerCase(); const L = w.length; return letterSum(w, v) * Math.max(v.floor, v.a * L - v.b * (handSize - L)); } },
  { defect: 'hand-size-for-seven', says: 'the second component uses HAND_SIZE where the handout has the constant 7', answer: ({ word, n, v, handSize }) => { if (handSize === v.a) return undefined; const w = word.toLowerCase(); const L = w.length; return letterSum(w, v) * Math.max(v.floor, handSize * L - v.b * (n - L)); } },
  { defect: 'case-sensitive', says: 'upper-case letters are not scored (lower-case the word first)', answer: ({ word, n, v }) => { if (word === word.toLowerCase()) return undefined; const L = word.length; return letterSum(word, v, (ch) => SCRABBLE_LETTER_VALUES[ch] ?? 0) * Math.max(v.floor, v.a * L - v.b * (n - L)); } },
  { defect: 'wildcard-not-in-length', says: 'the wildcard is left out of the word length', answer: ({ word, n, v }) => { const w = word.toLowerCase(); if (!w.includes(v.wildcard)) return undefined; const L = [...w].filter((c) => c !== v.wildcard).length; return letterSum(w, v) * Math.max(v.floor, v.a * L - v.b * (n - L)); } },
];

const explainScore: Explainer = ({ args, observed, ctx }) => {
  if (observed.t !== 'int') return undefined;
  const v = variantOf(ctx);
  const word = asStr(args[0]!, 'word');
  const n = asInt(args[1]!, 'n');
  // HAND_SIZE as the test set it (a patched constant), else the variant's.
  const patched = (ctx.options.constants as Record<string, PyValue> | undefined)?.HAND_SIZE;
  const handSize = patched ? asInt(patched, 'HAND_SIZE') : v.handSize;
  const hit = firstMatch(SCORE_MISTAKES, { word, n, v, handSize }, Number(observed.v));
  if (hit) return hit;
  // The wildcard scored like a letter: any of 1..10 points for it reproduces the answer.
  const w = word.toLowerCase();
  if (w.includes(v.wildcard)) {
    const L = w.length;
    const comp = Math.max(v.floor, v.a * L - v.b * (n - L));
    for (let p = 1; p <= 10; p++) if ((letterSum(w, v) + p * [...w].filter((c) => c === v.wildcard).length) * comp === Number(observed.v)) return { defect: 'wildcard-scored', says: `the wildcard '${v.wildcard}' is scored (it is worth 0)` };
  }
  return undefined;
};

// ---------------------------------------------------------------- update_hand

interface UpdateInput { hand: Hand; word: string }

const UPDATE_MISTAKES: Mistake<UpdateInput>[] = [
  { defect: 'negative-count', says: 'counts go below 0 (letters the hand lacks, or uses beyond its count, must be ignored)', answer: ({ hand, word }) => { const h = new Map(hand); for (const c of word.toLowerCase()) h.set(c, (h.get(c) ?? 0) - 1); return h; } },
  { defect: 'case-sensitive', says: 'upper-case letters of the word are not removed (lower-case the word first)', answer: ({ hand, word }) => (word === word.toLowerCase() ? undefined : updateHand(hand, word.replace(/[A-Z]/g, '\u0000'))) },
  { defect: 'removes-every-copy', says: 'a letter of the word removes every copy of it from the hand, not one per use', answer: ({ hand, word }) => { const h = new Map(hand); for (const c of new Set(word.toLowerCase())) if (h.has(c)) h.set(c, 0); return h; } },
  { defect: 'removes-once-per-letter', says: 'a letter used twice is removed only once', answer: ({ hand, word }) => updateHand(hand, [...new Set(word.toLowerCase())].join('')) },
];

const explainUpdate: Explainer = ({ args, observed }) => {
  if (observed.t !== 'dict') return undefined;
  let got: Hand;
  try {
    got = asCounts(observed, 'result');
  } catch {
    return undefined;
  }
  if ([...got.values()].some((n) => n < 0)) return { defect: UPDATE_MISTAKES[0]!.defect, says: UPDATE_MISTAKES[0]!.says };
  return firstMatch(UPDATE_MISTAKES.slice(1), { hand: asCounts(args[0]!, 'hand'), word: asStr(args[1]!, 'word') }, got);
};

// ---------------------------------------------------------------- is_valid_word

interface ValidInput { word: string; hand: Hand; words: readonly string[]; v: WordgameVariant }

/** The same check with one rule left out or broken. */
const otherKind = (v: WordgameVariant): WordgameVariant => ({ ...v, wildcardStandsFor: v.wildcardStandsFor === 'vowels' ? 'consonants' : 'vowels' });
const holds = (word: string, hand: Hand) => {
  const need = new Map<string, number>();
  for (const c of word.toLowerCase()) need.set(c, (need.get(c) ?? 0) + 1);
  return [...need].every(([c, k]) => (hand.get(c) ?? 0) >= k);
};

/** The same check with one rule left out or broken, the most specific first. */
const VALID_MISTAKES: Mistake<ValidInput>[] = [
  // Looked up as typed in the lower-case list, an upper-case word is never found.
  { defect: 'case-sensitive', says: 'a word typed in upper case is not lower-cased before it is checked', answer: ({ word }) => (word === word.toLowerCase() ? undefined : false) },
  // No wildcard at all: '*' is taken as a letter, and no word of the list holds it.
  { defect: 'wildcard-unsupported', says: "the wildcard is not handled: a word with '*' is never found in the word list", answer: ({ word, v }) => (word.includes(v.wildcard) ? false : undefined) },
  // A wildcard word checked against the list alone: the hand (its letters, its counts, its wildcard) is ignored.
  { defect: 'wildcard-ignores-hand', says: 'a word with the wildcard is checked against the word list only, not against the hand', answer: ({ word, hand, words, v }) => (word.includes(v.wildcard) ? isValidWord(word, new Map([...'abcdefghijklmnopqrstuvwxyz', v.wildcard].map((c) => [c, 99])), words, v) && !isValidWord(word, hand, words, v) ? true : undefined : undefined) },
  { defect: 'wildcard-wrong-kind', says: 'the wildcard is tried as the wrong kind of letter (it stands only for {kind})', answer: ({ word, hand, words, v }) => (word.includes(v.wildcard) ? isValidWord(word, hand, words, otherKind(v)) : undefined) },
  { defect: 'wildcard-any-letter', says: 'the wildcard may stand for any letter (it stands only for {kind})', answer: ({ word, hand, words, v }) => (word.includes(v.wildcard) ? isValidWord(word, hand, words, otherKind(v)) || isValidWord(word, hand, words, v) : undefined) },
  { defect: 'wildcard-without-wildcard', says: 'a word with the wildcard is accepted though the hand holds none', answer: ({ word, hand, words, v }) => (word.includes(v.wildcard) && !(hand.get(v.wildcard) ?? 0) ? isValidWord(word, new Map([...hand, [v.wildcard, 1]]), words, v) : undefined) },
  { defect: 'wildcard-fills-any-letter', says: 'a letter of the word the hand lacks is accepted in place of the wildcard', answer: ({ word, hand, words, v }) => (!word.includes(v.wildcard) && (hand.get(v.wildcard) ?? 0) > 0 ? words.includes(word.toLowerCase()) : undefined) },
  // Letters the hand holds may be used without limit (a count never used up); zero counts are still refused.
  { defect: 'overuses-letters', says: 'a letter may be used more often than the hand holds it', answer: ({ word, hand, words, v }) => isValidWord(word, new Map([...hand].map(([k, n]) => [k, n > 0 ? 99 : 0])), words, v) },
  // A letter kept in the hand with a count of 0 (update_hand may leave it) is taken as held.
  { defect: 'zero-count-held', says: 'a letter the hand holds 0 times is taken as held', answer: ({ word, hand, words, v }) => ([...hand.values()].includes(0) ? isValidWord(word, new Map([...hand].map(([k, n]) => [k, Math.max(n, 1)])), words, v) : undefined) },
  // Only whether a letter is a key of the hand is checked: counts, zero counts included, are ignored.
  { defect: 'ignores-counts', says: 'only whether a letter is in the hand is checked, not how often (a count of 0 included)', answer: ({ word, hand, words, v }) => isValidWord(word, new Map([...hand].map(([k]) => [k, 99])), words, v) },
  { defect: 'ignores-word-list', says: 'the word is not looked up in the word list', answer: ({ word, hand }) => holds(word, hand) },
];

/** A one-letter word the hand holds, accepted though the list lacks it, by a program that looks longer words
 *  up (a lookup that compares from the second letter on, say): its own mistake, not "never looks words up". */
const ONE_LETTER: Mistake<ValidInput> = { defect: 'one-letter-unchecked', says: 'a one-letter word is accepted without being looked up in the word list', answer: ({ word, hand, words }) => (word.length === 1 && holds(word, hand) && !words.includes(word.toLowerCase()) ? true : undefined) };

/** A word_list argument as the reference reads it (cached), or, holding something other than strs, as the
 *  mistakes can read it. */
function listed(list: PyValue, ctx: RefContext): readonly string[] {
  try {
    return wordsArg(list, ctx, 'is_valid_word');
  } catch {
    return (list as { v: PyValue[] }).v.map((x) => (x.t === 'str' ? x.v : ''));
  }
}

function validInput(args: PyValue[], ctx: RefContext): ValidInput {
  const v = variantOf(ctx);
  const list = args[2];
  const words = list && (list.t === 'list' || list.t === 'tuple') ? listed(list, ctx) : loweredWords(ctx.words).words;
  return { word: asStr(args[0]!, 'word'), hand: asCounts(args[1]!, 'hand'), words, v };
}

const explainValid: Explainer = ({ args, observed, ctx }) => {
  if (observed.t !== 'bool') return undefined;
  const input = validInput(args, ctx);
  const v = input.v;
  const kind = v.wildcardStandsFor === 'vowels' ? 'vowels' : 'consonants';
  const hit = firstMatch([ONE_LETTER], input, observed.v) ?? firstMatch(VALID_MISTAKES, input, observed.v);
  return hit ? { ...hit, says: hit.says.replace('{kind}', kind) } : undefined;
};

// ---------------------------------------------------------------- calculate_handlen

const explainHandlen: Explainer = ({ args, observed }) => {
  if (observed.t !== 'int') return undefined;
  const hand = asCounts(args[0]!, 'hand');
  const n = Number(observed.v);
  if (n === [...hand.values()].filter((k) => k > 0).length || n === hand.size) return { defect: 'counts-keys', says: 'it counts the different letters (the keys), not every copy of them' };
  return undefined;
};

/** The mistakes that answer otherwise than `right` on this input (a right answer rules them out). */
function ruledOut<I>(mistakes: Mistake<I>[], input: I, right: Answer): string[] {
  return answersOf(mistakes, input).filter((x) => !sameAnswer(x.a, right)).map((x) => x.m.defect);
}

/** is_valid_word's right answers rule out the mistakes that would have answered otherwise ('hello' refused
 *  with one 'l' rules out "counts are ignored", leaving "a count of 0 is taken as held" to explain a
 *  zero-count failure on its own). Only a plain word (lower case, no wildcard) rules anything out: a program
 *  that ignores counts and has no wildcard at all refuses 'l*ll' rightly, for its other mistake. */
export const WORDGAME_REFUTERS: Record<string, Refuter> = {
  is_valid_word: ({ args, right, ctx }) => {
    const input = validInput(args, ctx);
    const plain = input.word === input.word.toLowerCase() && !input.word.includes(input.v.wildcard);
    return right.t === 'bool' && plain ? ruledOut([ONE_LETTER, ...VALID_MISTAKES], input, right.v) : undefined;
  },
};

export const WORDGAME_EXPLAINERS: Record<string, Explainer> = {
  get_word_score: explainScore,
  update_hand: explainUpdate,
  is_valid_word: explainValid,
  calculate_handlen: explainHandlen,
};

