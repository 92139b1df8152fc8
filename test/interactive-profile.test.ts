// Reading a free-form Evil Hangman program: what its questions ask (the role table, then the
// program's reaction and the handout's order), how it spells yes and no, and the facts of its output
// (patterns, numbers, guessed letters) in the many layouts real programs use.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE as P, mergeProfile, yesNoFor } from '../harness/interactive/profile.js';
import { buildRoleTable, readLetters, readNumbers, readPatterns } from '../harness/turns/index.js';
import { understand, type QuestionContext } from '../reference/hangman/nifty/answers.js';
import { NIFTY_ROLES } from '../reference/hangman/nifty/roles.js';

const T = buildRoleTable(NIFTY_ROLES);
const setup: QuestionContext = { phase: 'setup', answered: new Set() };

describe('what a question asks (the Nifty role table)', () => {
  const cases: [string, string][] = [
    ['Enter word length: ', 'wordLength'],
    ['How many letters should the word have? ', 'wordLength'],
    ['How long should the word be? ', 'wordLength'],
    ['Word length (2-12): ', 'wordLength'],
    ['Enter number of guesses: ', 'guesses'],
    ['How many guesses would you like? ', 'guesses'],
    ['How many lives do you want? ', 'guesses'],
    ['Max wrong guesses: ', 'guesses'],
    ['Show running total of words remaining? (y/n): ', 'runningTotal'],
    ['Cheat mode - show how many words are left? ', 'runningTotal'],
    ['Do you want a running total of the number of words remaining? (true/false) ', 'runningTotal'],
    ['Guesses left: 5\nWord: --a--\nEnter a letter: ', 'letter'],
    ['Your guess? ', 'letter'],
    ['Play again? (yes/no) ', 'playAgain'],
    ['Enter dictionary file name: ', 'fileName'],
  ];
  it.each(cases)('%j -> %s', (prompt, question) => {
    const u = understand(T, P, prompt, setup);
    expect(u.question).toBe(question);
    expect(u.how).toBe('words');
  });

  it('a question the table does not know is answered by its place, never refused', () => {
    expect(understand(T, P, 'Dimension? ', setup)).toMatchObject({ question: 'wordLength', how: 'handout order', line: 'Dimension?' });
    expect(understand(T, P, 'Dimension? ', { phase: 'setup', answered: new Set(['wordLength']) }).question).toBe('guesses');
    expect(understand(T, P, 'Turbo mode? (y/n) ', { phase: 'setup', answered: new Set(['wordLength', 'guesses']) })).toMatchObject({ question: 'runningTotal', how: 'answer type' });
    expect(understand(T, P, '> ', { phase: 'play', answered: new Set(['wordLength', 'guesses', 'runningTotal']) }).question).toBe('letter');
  });

  it('a re-ask asks what was asked before', () => {
    const ctx: QuestionContext = { phase: 'setup', answered: new Set(['wordLength']), previous: { question: 'wordLength', text: 'Dimension? ' } };
    expect(understand(T, P, 'Invalid, try again: ', ctx)).toMatchObject({ question: 'wordLength', how: 'asked again' });
    expect(understand(T, P, 'Dimension? ', ctx)).toMatchObject({ question: 'wordLength', how: 'asked again' });
  });

  it('a line that states a number is not the question', () => {
    // "Number of words left: 301" above a bare prompt is a status line, the prompt asks for a letter.
    const ctx: QuestionContext = { phase: 'play', answered: new Set(['wordLength', 'guesses', 'runningTotal']) };
    expect(understand(T, P, 'Number of words left: 301', ctx).question).toBe('letter');
  });
});

describe('yes/no spelling from the prompt wording', () => {
  it.each([
    ['Show count? (y/n) ', 'y', 'n'],
    ['Running total (Y/N)? ', 'Y', 'N'],
    ['Running total? (true/false) ', 'true', 'false'],
    ['Show it (yes or no)? ', 'yes', 'no'],
    ['Print running total? y or n: ', 'y', 'n'],
  ])('%j -> %s / %s', (prompt, yes, no) => {
    expect(yesNoFor(P, prompt)).toEqual({ yes, no });
  });
  it('gives null when the prompt shows no spelling (the profile defaults apply)', () => {
    expect(yesNoFor(P, 'Cheat mode? ')).toBe(null);
    expect(P.yesAnswers[0]).toBe('y');
  });
});

describe('reading the game state from output', () => {
  const g = new Set(['a', 'e', 'l']);
  const patterns = (text: string, blanks = P.blankChars) =>
    readPatterns(text, 5, g, { blanks, skip: T.get('guessedLetters')!.patterns }).map((p) => p.pattern);
  it.each([
    ['Word: --a-e', ['--a-e']],
    ['Word: _ _ _ _ _', ['-----']],
    ['A _ _ L E', ['a--le']],
    ['Current word _ a _ _ e is it', ['-a--e']],
    ['word: a___e (5 letters)', ['a---e']],
    ['[5 guesses left] -a--- | guessed: a e', ['-a---']],
  ])('finds %j', (text, want) => {
    expect(patterns(text)).toEqual(want);
  });
  it.each([['_ _ _ _ _ _'], ['apple'], ['Letters: a, e, l']])('finds no pattern in %j', (text) => {
    expect(patterns(text)).toEqual([]);
  });
  it('supports other blank characters through the profile', () => {
    expect(patterns('Word: *a**e', '*')).toEqual(['-a--e']);
  });

  const last = (text: string, role: string) => readNumbers(text, T).filter((n) => n.roles.includes(role)).at(-1)?.value ?? null;
  it('reads counts and guesses left by the words of their own field, the last one shown winning', () => {
    expect(last('Words remaining: 120\n', 'wordsLeft')).toBe(120);
    expect(last('(7 possible words)', 'wordsLeft')).toBe(7);
    expect(last('[cheat] 12 words remain\n[cheat] 9 words remain', 'wordsLeft')).toBe(9);
    expect(last('Guesses left: 5', 'wordsLeft')).toBe(null);
    expect(last('You have 5 guesses left.', 'guessesLeft')).toBe(5);
    expect(last('Remaining guesses: 3', 'guessesLeft')).toBe(3);
    expect(last('Lives: 4', 'guessesLeft')).toBe(4);
    expect(last('Guesses left: 5   Words left: 44', 'guessesLeft')).toBe(5);
    expect(last('Guesses left: 5   Words left: 44', 'wordsLeft')).toBe(44);
  });

  it('reads the letters guessed in any list layout, and only from their own field', () => {
    const role = T.get('guessedLetters')!;
    expect([...readLetters('Used letters: a e t', role)].sort()).toEqual(['a', 'e', 't']);
    expect([...readLetters('Guessed: [a, e, t]', role)].sort()).toEqual(['a', 'e', 't']);
    expect([...readLetters('You have guessed: aet', role)].sort()).toEqual(['a', 'e', 't']);
    expect([...readLetters('Guessed letters: a e   Word: -a---', role)].sort()).toEqual(['a', 'e']);
  });
});

describe('mergeProfile', () => {
  it('puts extra yes/no spellings before the defaults without changing them', () => {
    const { profile, errors } = mergeProfile(P, { yesNo: [{ pattern: '\\b(oui)/(non)\\b' }] });
    expect(errors).toEqual([]);
    expect(yesNoFor(profile, 'Compteur? (oui/non) ')).toEqual({ yes: 'oui', no: 'non' });
    expect(yesNoFor(P, 'Compteur? (oui/non) ')).toBeNull();
  });

  it("sends the file name to the spec's words: { as: }, the one place it is named", () => {
    expect(mergeProfile(P, { fileNameAnswer: 'words.txt' }).errors).toEqual([expect.stringMatching(/^profile\.fileNameAnswer: .*the spec's words: \{ as: \.\.\. \}/)]);
  });

  it('names the bad field, and sends question wordings to the role table', () => {
    const { errors } = mergeProfile(P, { yesNo: [{ pattern: '(unclosed' }], blankChars: 'x', prompts: {}, bogus: 1 });
    expect(errors).toEqual(expect.arrayContaining([
      expect.stringMatching(/^profile\.yesNo\[0\]: invalid regex "\(unclosed": /),
      expect.stringMatching(/^profile\.blankChars: "x" contains letters/),
      expect.stringMatching(/^profile\.prompts: what a program's questions and values mean is the role table now/),
      expect.stringMatching(/^profile\.bogus: unknown field/),
    ]));
    expect(errors).toHaveLength(4);
  });

  it('rejects an override that is not a mapping', () => {
    expect(mergeProfile(P, ['x'], 'spec.profile').errors).toEqual(['spec.profile: expected a mapping of profile fields, got a list']);
  });
});
