// PS3 word game reference: native TS functions (hands are Map<string, number> in insertion order).
export * from './letters.js';
export * from './variants.js';
export { getWordScore } from './score.js';
export { getFrequencyDict, displayHand, calculateHandlen, updateHand, dealHand, substituteHand } from './hand.js';
export { isValidWord, warmWordIndex } from './valid.js';
export { playHand, playGame, defaultHooks, isYes, parsePyInt, type PlayGameHooks, type WordgameIO } from './play.js';
