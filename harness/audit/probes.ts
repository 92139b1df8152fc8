// Generated inputs for telling equivalent mutants apart: a surviving mutant whose results, printed
// output and argument mutations equal the original's on all of these is reported as (probably)
// equivalent. One list per reference adapter; inputs come from the same shrinkable arbitraries the
// property tests use, sampled with a fixed seed so an audit is reproducible.
import fc from 'fast-check';
import { py, type PyValue } from '../model/pyvalue.js';
import type { Assignment } from '../assignment/load.js';
import type { Comparator } from '../spec/schema.js';
import { arbitraries, wordInHandArb, type ArbContext } from '../grade/arbitraries.js';
import { resolveVariant } from '../../reference/wordgame/variants.js';

export type Bindings = Record<string, PyValue>;

export interface Probe {
  name: string;
  /** Python steps (spec syntax); names come from the case's bindings, then the assignment's names. */
  steps: string[];
  cases: fc.Arbitrary<Bindings>;
  runs: number;
  /** Step index -> validator: a result that differs from the original's but that the validator accepts is fine. */
  validators?: Record<number, string>;
  /** Scripted input, one request per case (otherwise all cases go in one request). */
  stdin?: (b: Bindings) => string[];
  /** Run this spec program (e.g. 'runner') with the stdin instead of steps. */
  program?: string;
  /** Compare the arguments after each call too (mutated copies). */
  observeArgs?: boolean;
  /** The spec's comparison for these results (e.g. 'counts': zero counts may be present or absent). */
  compare?: Exclude<Comparator, { validator: string }>;
}

const s = (v: PyValue) => (v.t === 'str' ? v.v : '');
const int = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((n) => py.int(n));

function wordgameProbes(ctx: ArbContext): Probe[] {
  const variant = resolveVariant(ctx.options.variant);
  const word = arbitraries.word({ wildcard: 'maybe', max_length: 8 }, ctx);
  const hand = arbitraries.hand({ wildcard: 'maybe', max_size: 9 }, ctx);
  const inHand = wordInHandArb({ max_length: 7 }, ctx);
  const inHandWild = wordInHandArb({ max_length: 7, wildcard: true }, ctx);
  return [
    { name: 'get_word_score', steps: ['get_word_score(word, n)'], cases: fc.record({ word, n: int(0, 12) }), runs: 150 },
    { name: 'get_frequency_dict', steps: ['get_frequency_dict(word)'], cases: fc.record({ word }), runs: 50 },
    { name: 'calculate_handlen', steps: ['calculate_handlen(hand)'], cases: fc.record({ hand }), runs: 50, observeArgs: true },
    { name: 'display_hand', steps: ['display_hand(hand)'], cases: fc.record({ hand }), runs: 50 },
    { name: 'update_hand', steps: ['update_hand(hand, word)'], cases: fc.oneof(inHand, fc.record({ word, hand })), runs: 150, observeArgs: true, compare: 'counts' },
    { name: 'is_valid_word', steps: ['is_valid_word(word, hand, word_list)'], cases: fc.oneof(inHand, inHandWild, fc.record({ word, hand })), runs: 120, observeArgs: true },
    { name: 'deal_hand', steps: ['deal_hand(n)'], cases: fc.record({ n: int(1, 12) }), runs: 40, compare: 'counts' },
    { name: 'substitute_hand', steps: ['substitute_hand(hand, letter)'], cases: fc.record({ hand, letter: arbitraries.letter({}, ctx) }), runs: 80, observeArgs: true, compare: 'counts' },
    {
      name: 'play_hand',
      steps: ['play_hand(hand, word_list)'],
      cases: fc.tuple(inHand, word).map(([p, other]) => ({ ...p, other })),
      stdin: (b) => [s(b.other), s(b.word), variant.endSentinel],
      runs: 40,
    },
  ];
}

function chiselerProbes(ctx: ArbContext): Probe[] {
  const list = arbitraries['word-list']({ max_words: 7, letters: 'ABCDEF' }, ctx);
  const mixed = arbitraries['word-list']({ max_words: 6, letters: 'ABCabc' }, ctx);
  const letters = fc.string({ unit: fc.constantFrom(...'ABCDabcd'), maxLength: 4 }).map(py.str);
  return [
    { name: 'share_letter', steps: ['share_letter(w1, w2)'], cases: fc.record({ w1: letters, w2: letters }), runs: 100 },
    { name: 'winning_strategy', steps: ['winning_strategy(L)'], cases: fc.record({ L: fc.oneof(list, mixed) }), runs: 150, validators: { 0: 'winning-strategy' }, observeArgs: true },
    { name: 'all_winning_strategies', steps: ['all_winning_strategies(L)'], cases: fc.record({ L: list }), runs: 100, validators: { 0: 'all-strategies' }, observeArgs: true },
    { name: 'num_winning_strategies', steps: ['num_winning_strategies(L)'], cases: fc.record({ L: fc.oneof(list, mixed) }), runs: 150, observeArgs: true },
    { name: 'show_solved_game', steps: ['show_solved_game(sentence)'], cases: fc.record({ sentence: arbitraries.sentence({ max_words: 6, letters: 'ABCDEF' }, ctx) }), runs: 80, validators: { 0: 'shown-game' } },
  ];
}

function hangmanProbes(ctx: ArbContext): Probe[] {
  const guesses = fc.uniqueArray(fc.constantFrom(...'etaoinsrhldcumgbyz'), { minLength: 6, maxLength: 6 });
  const game = fc.record({ L: int(2, 8), G: int(1, 8), D: fc.constantFrom('EASY', 'MEDIUM', 'HARD').map(py.str), g: guesses });
  const round = game.map(({ g, ...r }) => ({ ...r, ...Object.fromEntries(g.map((c, i) => [`c${i}`, py.str(c)])) }) as Bindings);
  const turns = [0, 1, 2, 3, 4, 5].flatMap((i) => [`h.make_guess(c${i})`, 'h.get_pattern()', 'h.get_guesses_left()', 'h.num_words_current()']);
  const ints = fc.array(fc.integer({ min: -5, max: 30 }), { maxLength: 12 }).map((xs) => py.list(xs.map((x) => py.int(x))));
  const runnerInput = fc.record({
    L: fc.integer({ min: 1, max: 9 }),
    G: fc.integer({ min: 0, max: 26 }),
    D: fc.integer({ min: 0, max: 4 }),
    g: fc.array(fc.constantFrom(...'etaoinsrhlz', 'E', '', '7', 'ab'), { maxLength: 12 }),
    again: fc.constantFrom('n', 'y', 'Yes'),
  }).map((r) => ({ stdin: py.strList([String(r.L), String(r.G), String(r.D), '3', '4', '2', ...r.g, 'z', 'q', 'x', 'j', 'k', r.again, '4', '3', '3', 'e', 'a', 'o', 'i', 'u', 'n']) }));
  return [
    {
      name: 'Hangman round',
      steps: ['h = Hangman(words, False)', 'h.prep_for_round(L, G, D)', ...turns, 'h.get_guesses_made()', 'h.get_secret_word()', 'h.num_words(L)'],
      cases: round,
      runs: 60,
    },
    { name: 'Hangman.make_pattern', steps: ['h = Hangman(words, False)', 'h.make_pattern(w, c)'], cases: fc.record({ w: arbitraries.word({}, ctx), c: arbitraries.letter({ letters: 'aeioustr' }, ctx) }), runs: 60 },
    { name: 'Hangman.sort', steps: ['h = Hangman(words, False)', 'h.sort(xs)'], cases: fc.record({ xs: ints }), runs: 60, observeArgs: true },
    { name: 'runner', steps: [], program: 'runner', cases: runnerInput, stdin: (b) => (b.stdin.t === 'list' ? b.stdin.v.map(s) : []), runs: 30 },
  ];
}

/** The probes for an assignment (empty when its reference has none: then no mutant is called equivalent). */
export function probesFor(a: Assignment): Probe[] {
  const ctx: ArbContext = { words: a.words, options: a.spec.data.options };
  switch (a.adapter.id) {
    case 'wordgame': return wordgameProbes(ctx);
    case 'chiseler': return chiselerProbes(ctx);
    case 'hangman-313e': return hangmanProbes(ctx);
    default: return [];
  }
}
