// Shrinkable input generators for property tests, keyed by the `gen:` name a spec uses. Each is a
// fast-check arbitrary of Python values built from small pieces (letters, word indices), so a failing
// case shrinks towards few letters and short words: the counterexample a student reads is minimal.
import fc from 'fast-check';
import { py, type PyValue } from '../model/pyvalue.js';
import type { ProbeContext } from '../model/probe.js';

/** The assignment's word list (lines of the bundled or --words file), options and wildcard. */
export type ArbContext = ProbeContext;

export type ArbFactory = (params: Record<string, unknown>, ctx: ArbContext) => fc.Arbitrary<PyValue>;

export class GeneratorParamError extends Error {}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';

function num(params: Record<string, unknown>, key: string, dflt: number): number {
  const v = params[key] ?? dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new GeneratorParamError(`'${key}' must be a whole number ≥ 0 (got ${JSON.stringify(v)})`);
  return v;
}

function str(params: Record<string, unknown>, key: string, dflt: string): string {
  const v = params[key] ?? dflt;
  if (typeof v !== 'string' || !v.length) throw new GeneratorParamError(`'${key}' must be a non-empty string (got ${JSON.stringify(v)})`);
  return v;
}

/** The assignment's wildcard and the letters it stands for, when it has one (its reference says: a PS3 variant). */
function wildcardOf(ctx: ArbContext): { char: string; standsFor: string } | undefined {
  return ctx.wildcard;
}

/** Letters listed by the alphabet, shrinking towards its first letter. */
const letterArb = (alphabet: string) => fc.constantFrom(...[...alphabet]);

/** Counts in first-seen order, as get_frequency_dict builds a hand. */
function countsOf(letters: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of letters) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** Words sorted shortest first, so shrinking a word index means a shorter word. */
const byLengthCache = new WeakMap<readonly string[], string[]>();
function wordsByLength(words: readonly string[]): string[] {
  let w = byLengthCache.get(words);
  if (!w) {
    w = [...new Set(words.map((x) => x.toLowerCase()))].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    byLengthCache.set(words, w);
  }
  return w;
}

function wordArb(params: Record<string, unknown>, ctx: ArbContext): fc.Arbitrary<string> {
  const min = num(params, 'min_length', 1);
  const max = num(params, 'max_length', 30);
  const pool = wordsByLength(ctx.words).filter((w) => w.length >= min && w.length <= max);
  if (!pool.length) throw new GeneratorParamError(`no word of the word list has ${min}..${max} letters`);
  const base = fc.integer({ min: 0, max: pool.length - 1 }).map((i) => pool[i]);
  const wild = wildcardOf(ctx);
  const mode = params.wildcard ?? false; // false | true | 'maybe'
  if (!wild || mode === false) return base;
  // Replace one letter the wildcard stands for; `which` shrinks towards the first such letter.
  const withWild = fc.tuple(base, fc.nat()).map(([w, which]) => {
    const spots = [...w].flatMap((c, i) => (wild.standsFor.includes(c) ? [i] : []));
    if (!spots.length) return w;
    const i = spots[which % spots.length];
    return w.slice(0, i) + wild.char + w.slice(i + 1);
  });
  return mode === 'maybe' ? fc.oneof(base, withWild) : withWild;
}

/** Hand letters: a bag of `size` letters (vowels/consonants mixed like deal_hand), plus the wildcard when asked. */
function handArb(params: Record<string, unknown>, ctx: ArbContext): fc.Arbitrary<PyValue> {
  const min = num(params, 'min_size', 0);
  const max = num(params, 'max_size', 10);
  const alphabet = str(params, 'letters', LOWER);
  const wild = wildcardOf(ctx);
  const mode = params.wildcard ?? false;
  const letters = fc.array(letterArb(alphabet), { minLength: min, maxLength: max });
  const build = (ls: string[], w: boolean) => py.counts(countsOf(w && wild ? [...ls, wild.char] : ls));
  if (!wild || mode === false) return letters.map((ls) => build(ls, false));
  if (mode === 'maybe') return fc.tuple(letters, fc.boolean()).map(([ls, w]) => build(ls, w));
  return letters.map((ls) => build(ls, true));
}

/** A word of the list and a hand holding its letters plus up to `extra` more: the cases where is_valid_word
 *  and update_hand have something to do (independent word and hand are almost never playable). */
export function wordInHandArb(params: Record<string, unknown>, ctx: ArbContext): fc.Arbitrary<{ word: PyValue; hand: PyValue }> {
  const extra = num(params, 'extra', 3);
  return fc
    .tuple(wordArb(params, ctx), fc.array(letterArb(LOWER), { maxLength: extra }), fc.boolean())
    .map(([w, more, upper]) => ({ word: py.str(upper ? w.toUpperCase() : w), hand: py.counts(countsOf([...w, ...more])) }));
}

/** Word lists: short words over a small alphabet, so that shared letters are common. */
function chiselWordsArb(params: Record<string, unknown>): fc.Arbitrary<string[]> {
  const alphabet = str(params, 'letters', 'ABCDE');
  const minWords = num(params, 'min_words', 1);
  const maxWords = num(params, 'max_words', 8);
  const maxLen = num(params, 'max_length', 3);
  const word = fc.string({ unit: letterArb(alphabet), minLength: 1, maxLength: maxLen });
  return fc.array(word, { minLength: minWords, maxLength: maxWords });
}

/** Dictionaries of one word length: sorted, distinct lower-case words over a small alphabet (many shared patterns). */
function dictionaryArb(params: Record<string, unknown>): fc.Arbitrary<PyValue> {
  const alphabet = str(params, 'letters', 'abcde');
  const len = num(params, 'length', 3);
  const maxWords = num(params, 'max_words', 12);
  const word = fc.string({ unit: letterArb(alphabet), minLength: len, maxLength: len });
  return fc.array(word, { minLength: 1, maxLength: maxWords }).map((ws) => py.strList([...new Set(ws)].sort()));
}

/** Guess sequences: distinct letters, in play order. */
function guessesArb(params: Record<string, unknown>): fc.Arbitrary<PyValue> {
  const alphabet = str(params, 'letters', LOWER);
  const max = num(params, 'max', 8);
  return fc.uniqueArray(letterArb(alphabet), { minLength: 1, maxLength: max }).map((ls) => py.strList(ls));
}

export const arbitraries: Record<string, ArbFactory> = {
  /** A hand of letters {letter: count}; with {wildcard: true|'maybe'} it holds the reference's wildcard. */
  hand: handArb,
  /** A word of the word list (shortest first when shrinking); {wildcard: true|'maybe'} puts the wildcard in. */
  word: (p, ctx) => wordArb(p, ctx).map(py.str),
  /** One lower-case letter (or from {letters: '...'}). */
  letter: (p) => letterArb(str(p, 'letters', LOWER)).map(py.str),
  /** A list of short words, e.g. ['AB', 'BC', 'C']. */
  'word-list': (p) => chiselWordsArb(p).map(py.strList),
  /** A sentence: such words joined by spaces, lower-case. */
  sentence: (p) => chiselWordsArb(p).map((ws) => py.str(ws.join(' ').toLowerCase())),
  /** A dictionary of words of one length. */
  dictionary: dictionaryArb,
  /** A sequence of distinct letters. */
  guesses: guessesArb,
};
