// The word game's vocabulary: what play_hand's and play_game's questions ask and what their printed
// numbers mean, in the words students actually use (both handout years word them differently, and
// students word them their own way). The reference states its facts with these role names as it
// prints; a student's transcript is read with the patterns.
import type { RoleSpecs } from '../../harness/turns/roles.js';

export const WORDGAME_ROLES: RoleSpecs = {
  // Questions, in the order they are tried: the first that matches a prompt wins, so the more
  // specific ones ("substitute a letter", "which letter") come before the general word prompt.
  // "Which letter ..." asks for the letter whatever verb follows; a yes/no question about substituting,
  // replacing, changing or swapping a letter asks whether to.
  letter: { kind: 'question', answer: 'letter', says: 'which letter to replace', patterns: ['\\b(?:which|what)\\s+letter\\b', '\\bletter\\b.*\\bto\\s+(?:replace|substitute|change|swap)\\b', '\\b(?:enter|type|choose|pick|give)\\b.*\\bletter\\b', '\\bletter you\\b'] },
  // Students misspell it ("substitude", "substitue", "subtitute") or shorten it ("Sub a letter?").
  substitute: { kind: 'question', answer: 'yes-no', says: 'whether to substitute a letter', patterns: ['\\bsub(?:s|st)?i?t[a-z]*', '\\bsub\\b.*\\bletter\\b', '\\bswap\\b', '\\bexchange\\b', '\\b(?:replace|change)\\b.*\\bletter\\b'] },
  replay: { kind: 'question', answer: 'yes-no', says: 'whether to replay the hand', patterns: ['\\breplay', '\\bplay\\b.*\\bagain\\b', '\\bagain\\b.*\\?', '\\bredo\\b', '\\bre-?play\\b'] },
  // Plural 'hands': "replay the hand?" is not a question about the number of hands.
  numHands: { kind: 'question', answer: 'number', says: 'for the number of hands', patterns: ['\\b(?:number|how many|total)\\b.*\\bhands\\b', '\\bnum_?hands\\b', '\\bhands\\b.*\\b(?:play|want|like)\\b', '^\\W*hands\\W*$', '\\b(?:how many )?times\\b.*\\bplay\\b'] },
  word: { kind: 'question', answer: 'word', says: 'for a word', patterns: ['\\bwords?\\b', '!!', '\\*END\\*', '\\bfinished\\b', '\\bdone\\b', '\\bguess\\b'] },

  // What printed numbers mean, by the words next to them.
  wordPoints: { kind: 'number', says: 'the points', patterns: ['\\bearn', '(?<!\\btotal\\s)\\bscored?\\b(?!\\s*(?:for|over|:))', '\\bworth\\b', '\\bgets?\\b', '\\bgot\\b', '\\breceived?\\b', '\\bgives?\\b', '\\bpoints?\\b', '\\bpts\\b', '\\bword score\\b'] },
  runningTotal: { kind: 'number', says: 'the running total', patterns: ['\\btotal\\b', '\\bso far\\b'] },
  handTotal: { kind: 'number', says: 'the total for the hand', patterns: ['\\btotal score\\b', '\\bscore for\\b', '\\bthis hand\\b', '\\bhand score\\b', '\\bfinal\\b', '\\bran out\\b'] },
  gameTotal: { kind: 'number', says: 'the total over all hands', patterns: ['\\ball (?:the )?hands\\b', '\\btotal\\b.*\\b\\d+ hands\\b', '\\bover all\\b', '\\boverall\\b', '\\bgame\\b', '\\bseries\\b', '\\bgrand total\\b'] },

  // The hand, as a multiset of letters (any order, any label, on the label's line or the next).
  hand: { kind: 'multiset', says: 'the hand', patterns: ['\\bhand\\b'] },
  // An invalid word is rejected with a message; awarding it points says the opposite.
  // "You should not print extraneous "None" messages" (both handouts): what print(display_hand(hand)) adds.
  // A None alone on its line, or as the value after a label ("Current Hand: None", print(label, display_hand(hand))).
  strayNone: { kind: 'statement', says: 'a stray "None" (the value of a function that returns nothing, printed)', patterns: ['^\\s*None\\s*$', '^[^:\\n]*:\\s*None\\s*$'] },
  rejected: { kind: 'statement', says: 'that the word is not valid', opposite: 'wordPoints', patterns: ['\\bnot (?:a )?valid\\b', '\\binvalid\\b', '\\bnot (?:a |an )?(?:real |english )?word\\b', "\\bisn'?t\\b", '\\bnot in\\b', '\\btry again\\b', '\\bchoose another\\b', '\\bcannot\\b', "\\bcan'?t\\b", '\\bsorry\\b'] },
};
