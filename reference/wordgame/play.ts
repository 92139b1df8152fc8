// play_hand and play_game against an injected console, with deal_hand and substitute_hand
// injectable so a test can script hands and substitutions the way the MIT graders do.
import type { RefIO } from '../../harness/model/reference.js';
import { RefRaise } from '../../harness/model/reference.js';
import { reprStr } from '../../harness/model/pyvalue.js';
import type { PyRandom } from '../pyrandom.js';
import { calculateHandlen, dealHand, displayHand, substituteHand, updateHand } from './hand.js';
import type { Hand } from './letters.js';
import { getWordScore } from './score.js';
import { isValidWord } from './valid.js';
import { fill, type WordgameVariant } from './variants.js';
import type { Fact } from '../../harness/turns/facts.js';

/** The hand as the multiset fact play_hand shows (role names: reference/wordgame/roles.ts). */
export function handFact(hand: Hand, optional = false): Fact {
  return { role: 'hand', value: displayHand(hand).replace(/\s/g, ''), ...(optional ? { optional } : {}) };
}

export type WordgameIO = Pick<RefIO, 'input' | 'write'>;

export interface PlayGameHooks {
  /** deal_hand(HAND_SIZE), called once per hand. */
  dealHand(n: number): Hand;
  /** substitute_hand(hand, letter), called when the player accepts a substitution. */
  substituteHand(hand: Hand, letter: string): Hand;
  /** play_hand(hand, word_list), once per hand and once per replay; the reference's own when not given. */
  playHand?(hand: Hand): number;
}

/** The unpatched skeleton functions drawing from `rng`. */
export function defaultHooks(rng: PyRandom, variant: WordgameVariant): PlayGameHooks {
  return {
    dealHand: (n) => dealHand(n, rng, variant),
    substituteHand: (hand, letter) => substituteHand(hand, letter, rng, variant),
  };
}

/**
 * The skeleton's pseudocode: while letters remain, show the hand and ask for a word; the end
 * sentinel (exact text) stops; a valid word scores against the current hand length; valid or
 * not, the word's letters leave the hand; a blank line follows every word. Returns the total.
 */
export function playHand(hand: Hand, words: readonly string[], variant: WordgameVariant, io: WordgameIO): number {
  const m = variant.messages;
  let total = 0;
  let ended = false;
  while (calculateHandlen(hand) > 0) {
    io.write(fill(m.currentHand, { hand: displayHand(hand) }), [handFact(hand)]);
    const word = io.input(fill(m.wordPrompt, { end: variant.endSentinel }), 'word');
    if (word === variant.endSentinel) {
      ended = true;
      break;
    }
    if (isValidWord(word, hand, words, variant)) {
      const points = getWordScore(word, calculateHandlen(hand), variant);
      total += points;
      io.write(fill(m.wordScored, { word, points, total }), [
        { role: 'wordPoints', value: points, about: word },
        { role: 'runningTotal', value: total },
      ]);
    } else {
      io.write(fill(m.wordInvalid, { word }), [{ role: 'rejected', value: true, about: word }]);
    }
    hand = updateHand(hand, word);
  }
  io.write(fill(ended ? m.handEnded : m.ranOut, { total }), [{ role: 'handTotal', value: total }]);
  return total;
}

/** A yes/no answer: "yes" or "y" in any case, surrounding spaces ignored; anything else is no. */
export function isYes(answer: string): boolean {
  const a = answer.trim().toLowerCase();
  return a === 'yes' || a === 'y';
}

/** Python int(s) for a typed number; anything else raises ValueError like int() does. */
export function parsePyInt(s: string): number {
  const t = s.trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(t)) {
    throw new RefRaise('ValueError', `invalid literal for int() with base 10: ${reprStr(s)}`);
  }
  return Number(t.replaceAll('_', ''));
}

/**
 * play_game: ask for the number of hands; for each, deal HAND_SIZE letters; while substitution
 * is unused, show the hand and offer it (a "yes" asks which letter and substitutes, once per
 * game); play the hand; while replay is unused, offer it (a "yes" replays the same hand, once
 * per game, keeping the better score). Prints and returns the total over all hands.
 */
export function playGame(
  words: readonly string[],
  variant: WordgameVariant,
  io: WordgameIO,
  hooks: PlayGameHooks,
  handSize: number = variant.handSize,
): number {
  const m = variant.messages;
  let total = 0;
  let substituted = false;
  let replayed = false;
  const numHands = parsePyInt(io.input(m.numHandsPrompt, 'numHands'));
  for (let h = 0; h < numHands; h++) {
    let hand = hooks.dealHand(handSize);
    if (!substituted) {
      // The handout's example shows the hand before offering a substitution; no sentence requires it.
      io.write(fill(m.currentHand, { hand: displayHand(hand) }), [handFact(hand, true)]);
      if (isYes(io.input(m.substitutePrompt, 'substitute'))) {
        const letter = io.input(m.letterPrompt, 'letter');
        hand = hooks.substituteHand(hand, letter);
        substituted = true;
      }
      io.write(m.afterSubstitution);
    }
    const play = (h: Hand) => (hooks.playHand ? hooks.playHand(h) : playHand(h, words, variant, io));
    let score = play(hand);
    io.write(m.handSeparator);
    if (!replayed && isYes(io.input(m.replayPrompt, 'replay'))) {
      replayed = true;
      score = Math.max(score, play(hand));
      io.write(m.handSeparator);
    }
    total += score;
  }
  // The docstring asks play_game to return the total, not to print it (a program may print it in
  // __main__): shown or not, but when shown, right.
  io.write(fill(m.gameTotal, { total }), [{ role: 'gameTotal', value: total, optional: true }]);
  return total;
}
