// The PS3 word game at the Python-value level: converts PyValues to native values and back.
// Hands travel as py dicts in insertion order. play_game deals and substitutes through
// ctx.call so a test's scripted deal_hand / substitute_hand reach it exactly as they reach the
// student's play_game.
import type { RefContext, ReferenceAdapter, RefFunction } from '../../harness/model/reference.js';
import { RefRaise } from '../../harness/model/reference.js';
import { asCounts, asInt, asStr, py, PyTypeError, typeName, type PyValue } from '../../harness/model/pyvalue.js';
import {
  calculateHandlen, dealHand, displayHand, getFrequencyDict, substituteHand, updateHand,
} from './hand.js';
import { CONSONANTS, VOWELS, type Hand } from './letters.js';
import { handFact, playGame, playHand } from './play.js';
import { WORDGAME_ROLES } from './roles.js';
import { WORDGAME_VALIDATORS } from './validators.js';
import { WORDGAME_EXPLAINERS, WORDGAME_REFUTERS } from './explain.js';
import { gameTotalMistakes } from './explain-totals.js';
import { getWordScore } from './score.js';
import { isValidWord } from './valid.js';
import { resolveVariant, type WordgameVariant } from './variants.js';
import { wordgameProbes } from './probes.js';
import { loweredWords, wordsArg } from './word-list.js';

function variantOf(ctx: Pick<RefContext, 'options'>): WordgameVariant {
  return resolveVariant(ctx.options.variant, 'PS3 options.variant');
}

/** HAND_SIZE: a test's patched constant, else options.handSize, else the variant's (7). */
function handSizeOf(ctx: Pick<RefContext, 'options'>, variant: WordgameVariant): number {
  const constants = ctx.options.constants as Record<string, PyValue> | undefined;
  const patched = constants?.HAND_SIZE;
  if (patched !== undefined) return asInt(patched, 'HAND_SIZE');
  const opt = ctx.options.handSize;
  if (opt === undefined) return variant.handSize;
  if (typeof opt !== 'number' || !Number.isInteger(opt) || opt < 1) {
    throw new Error(`PS3 options.handSize must be a positive integer, got ${JSON.stringify(opt)}`);
  }
  return opt;
}

// ---- argument helpers raising Python's TypeError ----

function arity(fn: string, args: PyValue[], names: string[]): void {
  if (args.length !== names.length) {
    throw new RefRaise('TypeError', `${fn}() takes ${names.length} positional argument${names.length === 1 ? '' : 's'} (${names.join(', ')}) but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`);
  }
}

/** Wraps native conversion errors (PyTypeError) as a Python TypeError naming the function. */
function fn(name: string, params: string[], body: (args: PyValue[], ctx: RefContext) => PyValue): RefFunction {
  return Object.assign((args: PyValue[], ctx: RefContext) => {
    arity(name, args, params);
    try {
      return body(args, ctx);
    } catch (e) {
      if (e instanceof PyTypeError) throw new RefRaise('TypeError', `${name}(): ${e.message}`);
      throw e;
    }
  }, { params });
}

const hand = (v: PyValue): Hand => asCounts(v, 'hand');

export const wordgameAdapter: ReferenceAdapter = {
  id: 'wordgame',
  functions: {
    // The starter's helper, which the student keeps: the words of the word list file, in lower case.
    load_words: fn('load_words', [], (_, ctx) => loweredWords(ctx.words).value),
    get_frequency_dict: fn('get_frequency_dict', ['sequence'], ([s]) => py.counts(getFrequencyDict(asStr(s, 'sequence')))),
    get_word_score: fn('get_word_score', ['word', 'n'], ([w, n], ctx) =>
      py.int(getWordScore(asStr(w, 'word'), asInt(n, 'n'), variantOf(ctx)))),
    display_hand: fn('display_hand', ['hand'], ([h], ctx) => {
      ctx.io.write(displayHand(hand(h)), [handFact(hand(h))]);
      return py.none;
    }),
    deal_hand: fn('deal_hand', ['n'], ([n], ctx) => py.counts(dealHand(asInt(n, 'n'), ctx.rng, variantOf(ctx)))),
    update_hand: fn('update_hand', ['hand', 'word'], ([h, w]) => py.counts(updateHand(hand(h), asStr(w, 'word')))),
    is_valid_word: fn('is_valid_word', ['word', 'hand', 'word_list'], ([w, h, l], ctx) =>
      py.bool(isValidWord(asStr(w, 'word'), hand(h), wordsArg(l, ctx, 'is_valid_word'), variantOf(ctx)))),
    calculate_handlen: fn('calculate_handlen', ['hand'], ([h]) => py.int(calculateHandlen(hand(h)))),
    substitute_hand: fn('substitute_hand', ['hand', 'letter'], ([h, l], ctx) =>
      py.counts(substituteHand(hand(h), asStr(l, 'letter'), ctx.rng, variantOf(ctx)))),
    play_hand: fn('play_hand', ['hand', 'word_list'], ([h, l], ctx) =>
      py.int(playHand(hand(h), wordsArg(l, ctx, 'play_hand'), variantOf(ctx), ctx.io))),
    play_game: fn('play_game', ['word_list'], ([l], ctx) => {
      const variant = variantOf(ctx);
      const total = playGame(wordsArg(l, ctx, 'play_game'), variant, ctx.io, {
        dealHand: (n) => asCounts(ctx.call('deal_hand', [py.int(n)]), 'deal_hand() result'),
        substituteHand: (h, letter) =>
          asCounts(ctx.call('substitute_hand', [py.counts(h), py.str(letter)]), 'substitute_hand() result'),
        // Through the context, as the student's play_game calls it: a test may count the hands played.
        playHand: (h) => Number(asInt(ctx.call('play_hand', [py.counts(h), l!]), 'play_hand() result')),
      }, handSizeOf(ctx, variant));
      return py.int(total);
    }),
  },
  roles: WORDGAME_ROLES,
  validators: WORDGAME_VALIDATORS,
  explain: WORDGAME_EXPLAINERS,
  refute: WORDGAME_REFUTERS,
  numberMistakes: { gameTotal: gameTotalMistakes },
  wildcards: (options) => resolveVariant(options.variant, 'PS3 options.variant').wildcard,
  wildcard: (options) => {
    const v = resolveVariant(options.variant, 'PS3 options.variant');
    return { char: v.wildcard, standsFor: v.wildcardStandsFor === 'vowels' ? 'aeiou' : 'bcdfghjklmnpqrstvwxyz' };
  },
  probes: wordgameProbes,
  constants: (options) => {
    const v = resolveVariant(options.variant, 'PS3 options.variant');
    return { HAND_SIZE: py.int(handSizeOf({ options }, v)), VOWELS: py.str(VOWELS), CONSONANTS: py.str(CONSONANTS) };
  },
  names(ctx) {
    variantOf(ctx); // a bad variant is reported when the spec loads, not at the first call
    return { word_list: loweredWords(ctx.words).value };
  },
  programs: {
    /** `gradekit play`: a full game with real random hands. */
    play: (ctx) => {
      wordgameAdapter.functions.play_game([loweredWords(ctx.words).value], ctx);
    },
    /** The skeleton run as a script: load_words() then play_game(word_list). */
    main: (ctx) => {
      const words = loweredWords(ctx.words).value;
      ctx.io.write('Loading word list from file...\n');
      ctx.io.write(`   ${ctx.words.length} words loaded.\n`);
      wordgameAdapter.functions.play_game([words], ctx);
    },
  },
};

/** A spec's `reference:` may name this module: its default export is the adapter. */
export default wordgameAdapter;
