// The Evil Hangman console game's vocabulary (CIT 594 / Nifty): what its questions ask and what its
// printed values mean, in the many ways real programs word them. Questions are tried in this order, the
// first that matches wins; a question none of them recognises is still answered (harness/interactive/
// answers.ts), by the program's reaction and the handout's order. A spec's `roles:` extends any of these.
import type { RoleSpecs } from '../../../harness/turns/roles.js';

const GUESS_WORDS = '(?:guess(?:es)?|tries|lives|chances|attempts|mistakes|strikes|wrong (?:letters|answers))';

/** A number a role's words label may still be another quantity: "You used 14 guesses", "Total guesses: 8" are not
 *  the guesses left. Words next to it (its part of the line) that name another quantity, unless they also name
 *  the role's own ("Total guesses remaining: 5" is). The label is a hint; the value decides among the rest (game.ts). */
export const OTHER_QUANTITY: Record<string, { other: RegExp; unless: RegExp }> = {
  guessesLeft: { other: /\b(?:used|made|taken|spent|wasted|so far|total|missed)\b/i, unless: /\b(?:left|remain(?:ing|s)?|available|more)\b/i },
};

export const NIFTY_ROLES: RoleSpecs = {
  // --- questions (steps 1-4c of the handout, and a replay the handout leaves open)
  // Step 1 names the file: a question asking for one is answered with the word list's file name.
  fileName: {
    kind: 'question', answer: 'file', says: 'for the dictionary file',
    patterns: [
      '\\bfile\\s*name\\b', '\\b(?:dictionary|word|words)\\s*(?:list\\s*)?file\\b', '\\bwhich file\\b', '\\bpath\\b',
      '\\b(?:input|enter|type|give|choose|select|specify|open|load|read)\\b[^.!?]*\\bfile\\b', '\\bwhich dictionary\\b', '\\bfile\\s*[:?>]\\s*$', '^\\W*dictionary\\s*[:?>]\\s*$',
    ],
  },
  playAgain: { kind: 'question', answer: 'yes-no', says: 'whether to play again', patterns: ['\\bplay\\b.*\\bagain\\b', '\\banother (?:game|round)\\b', '\\bnew game\\b', '\\bkeep playing\\b', '\\bplay more\\b'] },
  runningTotal: {
    kind: 'question', answer: 'yes-no', says: 'whether to show a running total of the words remaining',
    patterns: [
      '\\brunning\\s+(?:total|count)\\b', '\\b(?:words?|possibilities)\\s+(?:remaining|left|possible)\\b',
      '\\b(?:remaining|possible|candidate)\\s+words\\b', '\\bnumber of (?:remaining |possible )?words\\b',
      '\\b(?:show|see|display|print|view|check|know|keep)\\b.*\\b(?:count|total|tally|words)\\b', '\\b(?:debug|cheat)\\b',
    ],
  },
  guesses: {
    kind: 'question', answer: 'number', says: 'for the number of guesses',
    patterns: [
      `\\b(?:how many|number of|max(?:imum)?|#|amount of)\\s*(?:wrong |incorrect |total |bad )?${GUESS_WORDS}`,
      '\\bnumber of guess\\b', `\\b${GUESS_WORDS}\\b.*\\b(?:allowed|want|would you like|to (?:use|have|allow|give)|do you)\\b`,
      '\\bguess(?:es)? (?:limit|count)\\b', '^\\W*(?:allowed\\s+)?(?:guesses|tries|lives|chances|attempts|strikes)\\W*[?:>$]?\\s*$', '\\bwrong letters may\\b',
    ],
  },
  wordLength: {
    kind: 'question', answer: 'number', says: 'for the word length',
    patterns: ['\\blength\\b', '\\bhow long\\b', '\\bhow many letters\\b', '\\bnumber of letters\\b', '\\bletters? long\\b', '\\bword size\\b', '\\bsize of (?:the )?word\\b', '\\bletters in the (?:secret |mystery )?word\\b'],
  },
  letter: { kind: 'question', answer: 'letter', says: 'for a letter', patterns: ['\\bguess\\b', '\\bletter\\b', '\\bchar(?:acter)?\\b', '\\bpick\\b', '\\bnext\\b', '\\byour (?:move|turn)\\b'] },

  // --- what numbers mean (steps 4b and 3)
  guessesLeft: {
    kind: 'number', says: 'the guesses left',
    patterns: [`\\b${GUESS_WORDS}\\s*(?:left|remaining|available)\\b`, `\\bremaining\\s+${GUESS_WORDS}\\b`, `\\b${GUESS_WORDS}\\b`, '\\bguess available\\b', '^\\W*left\\W*[:=]'],
  },
  // Specific on purpose: "The word has 5 letters" is not a count of words.
  wordsLeft: {
    kind: 'number', says: 'the number of words remaining',
    patterns: [
      '\\bwords?\\s+(?:left|remain(?:ing)?|possible|in (?:the )?(?:list|family|dictionary))\\b', '\\b(?:remaining|possible|candidate)\\s+words?\\b',
      '\\bnumber of (?:remaining |possible )?words\\b', '\\brunning total\\b', '\\bword count\\b', '\\btally\\b', '\\bpossibilities\\b', '\\bcandidates\\b', '\\bpool\\b',
    ],
  },

  // --- what is shown (steps 4b, 4f, 4g)
  pattern: { kind: 'pattern', says: 'the word so far', patterns: ['\\bword\\b', '\\bpattern\\b', '\\bstate\\b', '\\bsolution\\b', '\\bstatus\\b', '\\bresult\\b'] },
  guessedLetters: {
    kind: 'letters', says: 'the letters guessed so far',
    patterns: ['\\bguessed\\b', '\\bletters?\\s+(?:used|entered|tried|so far)\\b', '\\bused\\b', '^\\W*tried\\b', '\\btried so far\\b', '\\bletters\\s*[:=]', '\\b(?:letters|guesses)\\s*(?:made|so far)\\b', '\\balready\\b.*\\bletters?\\b'],
  },
  revealedWord: {
    kind: 'word', says: 'a word of the final family',
    patterns: [
      '\\b(?:secret\\s+|hidden\\s+|correct\\s+|real\\s+|actual\\s+|my\\s+|the\\s+)?(?:word|answer)\\s+(?:was|is)\\b',
      '\\b(?:word|answer)\\b[^:=.!?]{0,30}[:=]', '\\bI (?:was thinking of|picked|chose|had)\\b', '\\bthis is the word\\b',
    ],
  },
  win: { kind: 'statement', says: 'that the player won', opposite: 'loss', patterns: ['\\bcongrat', '(?<!\\b(?:I|not|never|to|can|could)\\s+|n\'t\\s+)\\bwin\\b(?!\\s+(?:again|the\\b|a\\b))', '\\byou (?:win|won|got it|guessed it|beat me)\\b', '\\bwell done\\b', '\\bwinner\\b', '\\byou guessed the word\\b'] },
  loss: {
    kind: 'statement', says: 'that the player lost', opposite: 'win',
    patterns: ['\\byou (?:lose|lost|loose)\\b', '\\bgame over\\b', '\\bout of (?:guesses|tries|lives|chances)\\b', '\\bno (?:more )?(?:guesses|tries|lives|chances) left\\b', '\\bbetter luck\\b', '\\bI win\\b', '\\bused all\\b'],
  },
};
