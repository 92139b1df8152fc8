// A console Evil Hangman in the Nifty / CIT 594 style, for `gradekit play evil-hangman-java`.
// The handout fixes no wording, so this is one plausible program: it asks for a word length until
// some word has it, a number of guesses, whether to show the running total, then plays turns.
// Parsing follows what a Java student writes: Integer.parseInt on the trimmed line.
import type { RefIO } from '../../harness/model/reference.js';
import { EvilHangmanGame, type ChooserName, type MinimaxOptions } from './nifty.js';
import { cpLength } from './partition.js';

export interface NiftyGameOptions {
  chooser?: ChooserName;
  minimax?: MinimaxOptions;
  /** Print each line read after its prompt (off: a Java program does not echo; the harness may). */
  echo?: boolean;
}

/** Integer.parseInt(line.trim()): an optional sign and ASCII digits, within int range. */
export function javaParseInt(line: string): number | null {
  const s = line.trim();
  if (!/^[+-]?\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= -(2 ** 31) && n < 2 ** 31 ? n : null;
}

/** Plays one game of Evil Hangman over `words` (lower-cased, duplicates dropped). */
export function runNiftyGame(io: RefIO, words: readonly string[], opts: NiftyGameOptions = {}): void {
  const println = (s = '') => io.write(s + '\n');
  const read = (prompt: string) => {
    const line = io.input(prompt);
    if (opts.echo) println(line);
    return line;
  };
  const dictionary = [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w !== ''))];
  const lengths = new Set(dictionary.map(cpLength));

  println('Welcome to Evil Hangman!');
  let length: number;
  for (;;) {
    const n = javaParseInt(read('Enter a word length: '));
    if (n !== null && lengths.has(n)) {
      length = n;
      break;
    }
    println(n === null ? 'Please enter a whole number.' : `There are no words of length ${n}. Try again.`);
  }
  let guesses: number;
  for (;;) {
    const n = javaParseInt(read('Enter the number of guesses: '));
    if (n !== null && n > 0) {
      guesses = n;
      break;
    }
    println('Please enter a positive whole number.');
  }
  const showTotal = read('Show the running total of words remaining? (y/n): ').trim().toLowerCase().startsWith('y');

  const game = new EvilHangmanGame(dictionary, length, guesses, opts.chooser ?? 'largest', opts.minimax);
  while (!game.over) {
    println();
    println(`Guesses left: ${game.guessesLeft}`);
    println(`Letters guessed: ${game.guessed.join(' ')}`);
    println(`Word: ${game.pattern}`);
    if (showTotal) println(`Words remaining: ${game.words.length}`);
    let letter: string;
    for (;;) {
      const chars = [...read('Enter a guess: ').trim().toLowerCase()];
      if (chars.length !== 1 || !/^\p{L}$/u.test(chars[0])) {
        println('Please enter a single letter.');
        continue;
      }
      if (game.guessed.includes(chars[0])) {
        println(`You already guessed ${chars[0]}.`);
        continue;
      }
      letter = chars[0];
      break;
    }
    const step = game.guess(letter);
    if (!step.correct) println(`Sorry, there are no ${letter}'s.`);
    else if (step.occurrences === 1) println(`Yes, there is 1 ${letter}.`);
    else println(`Yes, there are ${step.occurrences} ${letter}'s.`);
  }
  println();
  if (game.won) println(`Congratulations! You guessed the word: ${game.pattern}`);
  else println(`You ran out of guesses. The word was: ${game.revealWord()}`);
}
