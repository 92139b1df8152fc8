// The CS 313E course runner (runner.py), replayed in-process against the reference Hangman.
// Every string, error path and quirk is the course runner's: prompts and messages, Python int()
// parsing, isalpha on the first character, the play-again test, and the echo it prints when stdin
// is not a terminal (the guess is echoed lower-cased, because the runner lower-cases before echoing).
import { InputExhausted, type RefIO } from '../../harness/model/reference.js';
import { reprStr } from '../../harness/model/pyvalue.js';
import type { PyRandom } from '../pyrandom.js';
import { Hangman313E, type Difficulty313E } from './hangman313e.js';
import { pyInt } from './pyint.js';

export const MAX_GUESSES = 25;
const DIFFICULTIES: Record<string, Difficulty313E> = { '1': 'EASY', '2': 'MEDIUM', '3': 'HARD' };

export interface Runner313EOptions {
  /**
   * Print each line read right after its prompt, as runner.py does when stdin is not a terminal
   * (default true). Pass false when `io.input` already shows the typed line.
   */
  echo?: boolean;
  /** Module-level random for get_secret_word (a fresh one when omitted). */
  rng?: PyRandom;
}

/**
 * Plays runner.py's main(): games until the player declines another.
 * `io.input(prompt)` behaves like Python's input(): it shows the prompt and returns the line without
 * its newline, and throws (InputExhausted) at end of input, where runner.py dies with EOFError.
 * `words` is the dictionary as runner.py builds it (see dictionaryFromText).
 */
export function runHangman313E(io: RefIO, words: readonly string[], debug: boolean, opts: Runner313EOptions = {}): void {
  const echo = opts.echo ?? true;
  const print = (...parts: (string | number | bigint)[]) => io.write(parts.join(' ') + '\n');
  const read = (prompt: string, transform: (s: string) => string = (s) => s): string => {
    const line = transform(io.input(prompt));
    if (echo) print(line);
    return line;
  };

  print('Welcome to the CS313E hangman game.');
  print();
  const hangman = new Hangman313E(words, debug, { print: (s) => io.write(s), rng: opts.rng });
  if (debug) {
    print('Number of words of each length in the dictionary:');
    for (let i = 2; i < 25; i++) print(`${i}: ${hangman.num_words(i)}`);
  }

  for (;;) {
    setGameParameters();
    playGame();
    showResults();
    print();
    const answer = read('Another game? Enter y for another game, anything else to quit: ');
    if (!(answer.length > 0 && answer.toLowerCase().startsWith('y'))) break;
  }

  function setGameParameters(): void {
    let wordLength: bigint;
    for (;;) {
      const n = pyInt(read('What length word do you want to use? '));
      if (n === null) {
        print('Error: Please enter a valid integer for word length.');
        continue;
      }
      const count = n >= 0n && n <= 1_000_000n ? hangman.num_words(Number(n)) : 0;
      if (count !== 0) {
        wordLength = n;
        break;
      }
      print();
      print(`I don't know any words with ${n} letters. Enter another number.`);
    }
    let numGuesses: bigint;
    for (;;) {
      const n = pyInt(read('How many wrong answers allowed? '));
      if (n === null) {
        print('Error: Please enter a valid integer for number of wrong guesses.');
        continue;
      }
      if (validChoice(n, 1, MAX_GUESSES, 'number of wrong guesses')) {
        numGuesses = n;
        break;
      }
    }
    let diff: Difficulty313E;
    for (;;) {
      print('What difficulty level do you want?');
      const n = pyInt(read('Enter a number between 1 (EASIEST) and 3 (HARDEST): '));
      if (n === null) {
        print('Error: Please enter a valid integer for difficulty level.');
        continue;
      }
      if (validChoice(n, 1, 3, 'difficulty')) {
        diff = DIFFICULTIES[n.toString()];
        break;
      }
    }
    hangman.prep_for_round(Number(wordLength), Number(numGuesses), diff);
  }

  function validChoice(choice: bigint, min: number, max: number, explanation: string): boolean {
    const valid = BigInt(min) <= choice && choice <= BigInt(max);
    if (!valid) {
      print(`${choice} is not a valid number for ${explanation}`);
      print(`Pick a number between ${min} and ${max}.`);
    }
    return valid;
  }

  function playGame(): void {
    while (hangman.get_guesses_left() > 0 && hangman.get_pattern().includes('-')) {
      print('Guesses left:', hangman.get_guesses_left());
      if (debug) print('DEBUGGING: Words left:', hangman.num_words_current());
      print('Guessed so far:', '[' + hangman.get_guesses_made().map(reprStr).join(', ') + ']');
      print('Current word:', hangman.get_pattern());
      print();
      const guess = getLetter();
      const results = hangman.make_guess(guess);
      if (debug) {
        print('DEBUGGING: Based on guess here are the resulting patterns and');
        print('number of words in each pattern:');
        for (const [pattern, count] of results) print(`Pattern: ${pattern}, Number of words: ${count}`);
        print('END DEBUGGING');
        print();
      }
      const count = [...hangman.get_pattern()].filter((c) => c === guess).length;
      if (count === 0) print(`Sorry, there are no ${guess}'s`);
      else if (count === 1) print(`Yes, there is one ${guess}`);
      else print(`Yes, there are ${count} ${guess}'s`);
    }
  }

  function getLetter(): string {
    for (;;) {
      let result = read('Your guess? ', (s) => s.toLowerCase());
      while (!isLetter(result)) {
        print('That is not an English letter.');
        result = read('Your guess? ', (s) => s.toLowerCase());
      }
      if (!hangman.already_guessed(result)) return result;
      print('You already guessed that! Pick a new letter please.');
    }
  }

  function showResults(): void {
    print('Answer =', hangman.get_secret_word());
    print(hangman.get_guesses_left() > 0 ? 'You beat me' : 'Sorry, you lose');
  }
}

/** runner.py's test: non-empty, one character (code point), and that character isalpha(). */
export function isLetter(s: string): boolean {
  const chars = [...s];
  return chars.length === 1 && /^\p{L}$/u.test(chars[0]);
}

/** Piped stdin as Python sees it: lines split on '\n' only ('\r' stays in the line). */
export function stdinLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** An io over scripted lines that records stdout the way a pipe captures it (prompts, no typed echo). */
export class PipedIO implements RefIO {
  out = '';
  private pos = 0;
  constructor(private readonly lines: readonly string[]) {}
  input(prompt: string): string {
    this.out += prompt;
    if (this.pos >= this.lines.length) throw new InputExhausted(prompt);
    return this.lines[this.pos++];
  }
  write(text: string): void {
    this.out += text;
  }
}

/** The transcript runner.py prints for piped stdin; `eof` is true when it died asking for more input. */
export function transcript313E(stdin: string, words: readonly string[], debug = false): { stdout: string; eof: boolean } {
  const io = new PipedIO(stdinLines(stdin));
  try {
    runHangman313E(io, words, debug);
    return { stdout: io.out, eof: false };
  } catch (e) {
    if (e instanceof InputExhausted) return { stdout: io.out, eof: true };
    throw e;
  }
}
