// The handout's examples (MCS 275 Spring 2023 Project 2) with their expected results. Counts and
// strategy lists for the handout's word lists were worked out by hand from the rules and cross-checked
// by a brute-force enumeration; the tests compare the reference and the validators against them.

/** share_letter pairs the handout's walkthroughs decide, plus the case rule ("a character that appears in both"). */
export const shareLetterExamples: ReadonlyArray<readonly [string, string, boolean]> = [
  ['SKILLED', 'MICE', true], // "letters in common (E and I)"
  ['SKILLED', 'FIELD', true], // "E, I, and L"
  ['TRAINER', 'FIELD', true],
  ['OF', 'FIELD', true], // "letter F in common"
  ['SKILLED', 'OF', false], // "we've lost because SKILLED and OF do not have any letters in common"
  ['HIRSUTE', 'ENTHUSIAST', true],
  ['HIRSUTE', 'BOWL', false],
  ['BOWL', 'ENTHUSIAST', false],
  ['FIELD', 'FIELD', true], // a single word "of course shares letters with itself"
  ['cat', 'CAT', false], // characters are compared exactly; show_solved_game upper-cases first
  ['', 'ABC', false],
];

export interface GameExample {
  name: string;
  words: readonly string[];
  /** Number of winning strategies (move sequences). */
  count: bigint;
  /** All winning strategies, when the handout lists them or they are few enough to list. */
  strategies?: readonly (readonly string[])[];
  /** A winning strategy the handout itself plays. */
  handoutStrategy?: readonly string[];
}

export const gameExamples: readonly GameExample[] = [
  {
    name: 'damaged cat figurine (winning_strategy / all_winning_strategies example)',
    words: ['DAMAGED', 'CAT', 'FIGURINE'],
    count: 2n,
    strategies: [['FIGURINE', 'CAT', 'DAMAGED'], ['FIGURINE', 'DAMAGED', 'CAT']],
  },
  { name: 'no way to succeed (unwinnable)', words: ['NO', 'WAY', 'TO', 'SUCCEED'], count: 0n, strategies: [] },
  { name: 'hirsute bowl enthusiast (unwinnable)', words: ['HIRSUTE', 'BOWL', 'ENTHUSIAST'], count: 0n, strategies: [] },
  {
    name: 'skilled trainer of field mice (rules walkthrough)',
    words: ['SKILLED', 'TRAINER', 'OF', 'FIELD', 'MICE'],
    count: 4n,
    strategies: [
      ['SKILLED', 'MICE', 'TRAINER', 'OF', 'FIELD'],
      ['SKILLED', 'MICE', 'TRAINER', 'FIELD', 'OF'],
      ['MICE', 'SKILLED', 'TRAINER', 'OF', 'FIELD'],
      ['MICE', 'SKILLED', 'TRAINER', 'FIELD', 'OF'],
    ],
    handoutStrategy: ['MICE', 'SKILLED', 'TRAINER', 'OF', 'FIELD'],
  },
  {
    name: 'perhaps we should buy fourteen red onions (strategy description example)',
    words: ['PERHAPS', 'WE', 'SHOULD', 'BUY', 'FOURTEEN', 'RED', 'ONIONS'],
    count: 12n,
    handoutStrategy: ['ONIONS', 'PERHAPS', 'WE', 'RED', 'FOURTEEN', 'SHOULD', 'BUY'],
  },
  {
    name: 'i find it easier to make one string (show_solved_game example)',
    words: ['I', 'FIND', 'IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING'],
    count: 4n,
    strategies: [
      ['I', 'FIND', 'IT', 'EASIER', 'STRING', 'TO', 'MAKE', 'ONE'],
      ['I', 'FIND', 'IT', 'EASIER', 'STRING', 'TO', 'ONE', 'MAKE'],
      ['I', 'FIND', 'IT', 'STRING', 'EASIER', 'TO', 'MAKE', 'ONE'],
      ['I', 'FIND', 'IT', 'STRING', 'EASIER', 'TO', 'ONE', 'MAKE'],
    ],
    handoutStrategy: ['I', 'FIND', 'IT', 'EASIER', 'STRING', 'TO', 'MAKE', 'ONE'],
  },
  { name: 'one word', words: ['FIELD'], count: 1n, strategies: [['FIELD']] },
];

/** The handout's printed show_solved_game example, byte for byte (print() ends every line with \n). */
export const shownGameExample = {
  sentence: 'I find it easier to make one string',
  text: [
    'I FIND IT EASIER TO MAKE ONE STRING',
    'Remove: I',
    'FIND IT EASIER TO MAKE ONE STRING',
    'Remove: FIND',
    'IT EASIER TO MAKE ONE STRING',
    'Remove: IT',
    'EASIER TO MAKE ONE STRING',
    'Remove: EASIER',
    'TO MAKE ONE STRING',
    'Remove: STRING',
    'TO MAKE ONE',
    'Remove: TO',
    'MAKE ONE',
    'Remove: MAKE',
    'ONE',
    'Remove: ONE',
    '',
  ].join('\n'),
};

/** Sentences whose games cannot be won: show_solved_game must raise. */
export const unwinnableSentences: readonly string[] = ['No way to succeed', 'hirsute bowl enthusiast'];
