// The Nifty / CIT 594 Evil Hangman core: handout examples, chooser and guesser strategies, the
// console game, and the chooser comparison.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  EvilHangmanGame, fixedGuesser, frequencyGuesser, frequentLetters, largestChooser, minimaxChooser, playOut,
} from '../reference/hangman/nifty.js';
import { javaParseInt, runNiftyGame } from '../reference/hangman/nifty-game.js';
import { compareChoosers } from '../reference/hangman/compare-choosers.js';
import { PipedIO, stdinLines } from '../reference/hangman/runner313e.js';
import { partition } from '../reference/hangman/partition.js';
import { InputExhausted } from '../harness/model/reference.js';

const NINE = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex'];
const LARGE = readFileSync(new URL('../fixtures/hangman-313e/words-large.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);

describe('EvilHangmanGame (largest)', () => {
  it("follows the handout: E keeps ----, O reveals -OO-, T keeps -OO- and is wrong", () => {
    const g = new EvilHangmanGame(NINE, 4, 5);
    const e = g.guess('e');
    expect(e.chosen.members).toEqual(['ally', 'cool', 'good']);
    expect(e.correct).toBe(false);
    expect(e.families).toHaveLength(5);
    expect(e.tied.map((f) => f.pattern)).toEqual(['----']);
    const o = g.guess('o');
    expect([o.chosen.pattern, o.correct, o.occurrences]).toEqual(['-oo-', true, 2]);
    const t = g.guess('t');
    expect([t.chosen.pattern, t.correct, t.guessesLeft]).toEqual(['-oo-', false, 3]);
    expect(g.guessed).toEqual(['e', 'o', 't']);
    expect(g.words).toEqual(['cool', 'good']);
  });

  it('exposes every tied largest family and breaks the tie by fewest revealed, then smallest pattern', () => {
    const g = new EvilHangmanGame(['beta', 'deal', 'flew', 'ibex', 'hope'], 4, 5);
    const step = g.guess('e');
    expect(step.largestSize).toBe(2);
    expect(step.tied.map((f) => f.pattern)).toEqual(['-e--', '--e-']);
    expect(step.chosen.pattern).toBe('--e-');
    const wrongTie = new EvilHangmanGame(['ab', 'cd', 'ax', 'bx'], 2, 3).guess('a');
    expect(wrongTie.tied.map((f) => f.pattern)).toEqual(['a-', '--']);
    expect(wrongTie.chosen.pattern).toBe('--'); // the tie prefers revealing nothing
  });

  it('ends in a win when the word is revealed and a loss when guesses run out', () => {
    const win = playOut(new EvilHangmanGame(['cat'], 3, 1), fixedGuesser('cat'));
    expect(win).toEqual({ won: true, wrong: 0, guesses: ['c', 'a', 't'], word: 'cat' });
    const loss = playOut(new EvilHangmanGame(NINE, 4, 2), fixedGuesser('eiu'));
    expect(loss.won).toBe(false);
    expect(loss.wrong).toBe(2);
    expect(() => new EvilHangmanGame(NINE, 4, 1).guess('ab')).toThrow(/one letter/);
    const g = new EvilHangmanGame(NINE, 4, 3);
    g.guess('e');
    expect(() => g.guess('e')).toThrow(/already guessed/);
    expect(() => new EvilHangmanGame(NINE, 7, 3)).toThrow(/no words of length 7/);
  });
});

describe('guessers', () => {
  it('frequency: the letter in the most remaining words, ties alphabetical', () => {
    expect(frequentLetters(['cool', 'good', 'ally'], [])).toEqual(['l', 'o', 'a', 'c', 'd', 'g', 'y']);
    expect(frequencyGuesser({ pattern: '----', guessed: ['l'], guessesLeft: 3, words: ['cool', 'good', 'ally'] })).toBe('o');
    expect(frequencyGuesser({ pattern: 'ab', guessed: ['a', 'b'], guessesLeft: 3, words: ['ab'] })).toBe('c');
  });
  it('fixed: the list in order, skipping letters already guessed', () => {
    const g = fixedGuesser(['x', 'y']);
    expect(g({ pattern: '--', guessed: ['x'], guessesLeft: 1, words: [] })).toBe('y');
    expect(() => g({ pattern: '--', guessed: ['x', 'y'], guessesLeft: 1, words: [] })).toThrow(/ran out/);
  });
});

describe('minimax chooser', () => {
  it('takes the smaller family that ends the game (the handout extra-credit example)', () => {
    const families = partition(['deal', 'tear', 'monk'], '----', 'e');
    const state = { families, guess: 'e', pattern: '----', guessesLeft: 1, guessed: ['e'] };
    expect(largestChooser(state).pattern).toBe('-e--');
    expect(minimaxChooser()(state).members).toEqual(['monk']);
  });

  it('with guesses to spare, still prefers the family that costs the guesser most', () => {
    const g = new EvilHangmanGame(['deal', 'tear', 'monk'], 4, 3, 'minimax');
    expect(g.guess('e').correct).toBe(false); // '----' (monk) costs a guess; -e-- would not
  });

  it('forces at least as many wrong guesses as largest against the frequency guesser, within a bounded time', () => {
    const t0 = performance.now();
    const r = compareChoosers(LARGE, { games: 12, guesses: 6, sampleSize: 400, seed: 1 });
    const ms = performance.now() - t0;
    expect(r.largest.games).toBe(12);
    expect(r.minimax.avgWrong).toBeGreaterThanOrEqual(r.largest.avgWrong);
    expect(r.minimax.winRate).toBeLessThanOrEqual(r.largest.winRate);
    expect(ms).toBeLessThan(30_000);
    console.log(`compareChoosers 12 games x 400 words: largest ${JSON.stringify(r.largest)}, minimax ${JSON.stringify(r.minimax)}, ${ms.toFixed(0)} ms`);
  });

  it('is deterministic (work budget, not a clock)', () => {
    const a = compareChoosers(LARGE, { games: 4, sampleSize: 200, seed: 7 });
    const b = compareChoosers(LARGE, { games: 4, sampleSize: 200, seed: 7 });
    expect(a).toEqual(b);
  });
});

describe('runNiftyGame', () => {
  const play = (input: string, words = NINE) => {
    const io = new PipedIO(stdinLines(input));
    let eof = false;
    try {
      runNiftyGame(io, words, { echo: true });
    } catch (e) {
      if (!(e instanceof InputExhausted)) throw e;
      eof = true;
    }
    return { out: io.out, eof };
  };

  it('asks for a length until one has words, then guesses, then the running-total choice', () => {
    const { out } = play('x\n7\n4\n0\nabc\n3\ny\ne\n');
    expect(out).toContain('Enter a word length: x\nPlease enter a whole number.\nEnter a word length: 7\nThere are no words of length 7. Try again.\nEnter a word length: 4\n');
    expect(out).toContain('Enter the number of guesses: 0\nPlease enter a positive whole number.\nEnter the number of guesses: abc\nPlease enter a positive whole number.\nEnter the number of guesses: 3\n');
    expect(out).toContain('Guesses left: 3\nLetters guessed: \nWord: ----\nWords remaining: 9\nEnter a guess: e\nSorry, there are no e\'s.\n');
  });

  it('plays to a loss, revealing a word from the final family', () => {
    const { out, eof } = play('4\n2\nn\ne\n1\nE\ni\n');
    expect(eof).toBe(false);
    expect(out).toContain('Enter a guess: 1\nPlease enter a single letter.\nEnter a guess: E\nYou already guessed e.\n');
    expect(out).not.toContain('Words remaining');
    expect(out.endsWith('\nYou ran out of guesses. The word was: ally\n')).toBe(true);
  });

  it('plays to a win', () => {
    const { out } = play('3\n3\nn\nc\na\nt\n', ['cat', 'CAT', 'house']);
    expect(out).toContain('Yes, there is 1 c.\n');
    expect(out.endsWith('Congratulations! You guessed the word: cat\n')).toBe(true);
  });

  it('parses numbers like Integer.parseInt on the trimmed line', () => {
    expect(javaParseInt(' 12 ')).toBe(12);
    expect(javaParseInt('+3')).toBe(3);
    expect(javaParseInt('1_0')).toBeNull();
    expect(javaParseInt('2147483648')).toBeNull();
  });
});
