import { describe, expect, it } from 'vitest';
import {
  classifyPrompt, DEFAULT_PROFILE as P, findPatterns, lastNumber, mergeProfile, revealedWords, yesNoFor,
} from '../harness/interactive/profile.js';

describe('prompt classification (default profile)', () => {
  const cases: [string, string | null][] = [
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
    ['Enter a guess (5 guesses left): ', 'letter'],
    ['Your guess? ', 'letter'],
    ['Type a letter and press Enter:\n> ', 'letter'],
    ['Play again? (yes/no) ', 'playAgain'],
    ['Enter dictionary file name: ', 'fileName'],
    ['Dimension? ', null],
  ];
  it.each(cases)('%j -> %s', (prompt, kind) => {
    expect(classifyPrompt(P, prompt).kind).toBe(kind);
  });

  it('reads only the last line that says something, so status lines above a prompt do not count', () => {
    // "Guesses left" is above a bare "> " under a line with words: not a guesses prompt.
    expect(classifyPrompt(P, 'How many guesses?\n> ').kind).toBe('guesses');
    expect(classifyPrompt(P, 'Guesses left: 5\nWord: ---\n> ').kind).toBe(null);
  });

  it('names the prompt line and every classifier tried when nothing matches', () => {
    const c = classifyPrompt(P, 'Welcome!\nDimension? ');
    expect(c.kind).toBe(null);
    if (c.kind !== null) return;
    expect(c.line).toBe('Dimension?');
    expect(c.tried.map((t) => t.kind)).toEqual(['fileName', 'playAgain', 'runningTotal', 'guesses', 'wordLength', 'letter']);
    expect(c.tried.every((t) => t.patterns.length > 0)).toBe(true);
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
  it.each([
    ['Word: --a-e', ['--a-e']],
    ['Word: _ _ _ _ _', ['-----']],
    ['A _ _ L E', ['a--le']],
    ['Current word _ a _ _ e is it', ['-a--e']],
    ['word: a___e (5 letters)', ['a---e']],
    ['[5 guesses left] -a--- | guessed: a e', ['-a---']],
  ])('finds %j', (text, want) => {
    expect(findPatterns(P, text, 5, g)).toEqual(want);
  });
  it.each([
    ['_ _ _ _ _ _'], // six cells, not five
    ['apple'], // p was never guessed
    ['Letters: a, e, l'],
  ])('finds nothing in %j', (text) => {
    expect(findPatterns(P, text, 5, g)).toEqual([]);
  });
  it('supports other blank characters through the profile', () => {
    expect(findPatterns({ ...P, blankChars: '*' }, 'Word: *a**e', 5, g)).toEqual(['-a--e']);
  });

  it('reads counts and guesses left, the last one shown winning', () => {
    expect(lastNumber(P.count, 'Words remaining: 120\n')).toBe(120);
    expect(lastNumber(P.count, '(7 possible words)')).toBe(7);
    expect(lastNumber(P.count, 'There are 45 possible words.')).toBe(45);
    expect(lastNumber(P.count, '[cheat] 12 words remain\n[cheat] 9 words remain')).toBe(9);
    expect(lastNumber(P.count, 'Guesses left: 5')).toBe(null);
    expect(lastNumber(P.guessesLeft, 'You have 5 guesses left.')).toBe(5);
    expect(lastNumber(P.guessesLeft, 'Remaining guesses: 3')).toBe(3);
    expect(lastNumber(P.guessesLeft, 'Lives: 4')).toBe(4);
    expect(lastNumber(P.guessesLeft, '[2 guesses left] --a--')).toBe(2);
  });

  it('reads the word revealed on a loss, ignoring captures of the wrong length', () => {
    expect(revealedWords(P, 'Word: ap-le\nYou lose! The word was: apple', 5)).toEqual(['apple']);
    expect(revealedWords(P, 'Out of guesses! I was thinking of gravy.', 5)).toEqual(['gravy']);
    expect(revealedWords(P, 'Sorry. The secret word was MARKING.', 7)).toEqual(['marking']);
  });
});

describe('mergeProfile', () => {
  it('puts extra regexes before the defaults and can replace a kind', () => {
    const { profile, errors } = mergeProfile(P, { prompts: { wordLength: ['dimension'], letter: ['^>$'] }, replacePrompts: ['letter'] });
    expect(errors).toEqual([]);
    expect(profile.prompts.wordLength[0]).toBe('dimension');
    expect(profile.prompts.wordLength.length).toBe(P.prompts.wordLength.length + 1);
    expect(profile.prompts.letter).toEqual(['^>$']);
    expect(classifyPrompt(profile, 'Dimension? ').kind).toBe('wordLength');
    expect(P.prompts.letter.length).toBeGreaterThan(1); // the default is not mutated
  });

  it('names the bad regex and the field', () => {
    const { errors } = mergeProfile(P, {
      prompts: { letter: ['(unclosed'], colour: ['x'] },
      count: ['words left'],
      blankChars: 'x',
      win: ['.*'],
      bogus: 1,
    });
    expect(errors).toEqual(expect.arrayContaining([
      expect.stringMatching(/^io\.prompts\.letter\[0\]: invalid regex "\(unclosed": /),
      expect.stringMatching(/^io\.prompts\.colour: unknown prompt kind/),
      'io.count[0]: regex "words left" needs 1 capture group(s), has 0',
      expect.stringMatching(/^io\.blankChars: "x" contains letters/),
      'io.win[0]: regex ".*" matches the empty string, so it would match every prompt',
      expect.stringMatching(/^io\.bogus: unknown field/),
    ]));
    expect(errors).toHaveLength(6);
  });

  it('rejects an override that is not a mapping', () => {
    expect(mergeProfile(P, ['x'], 'spec.io').errors).toEqual(['spec.io: expected a mapping of profile fields, got a list']);
  });
});
