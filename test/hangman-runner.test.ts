// runHangman313E: the course runner's prompts, error paths, parsing and debug output.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dictionaryFromText } from '../reference/hangman/hangman313e.js';
import { isLetter, PipedIO, runHangman313E, stdinLines, transcript313E } from '../reference/hangman/runner313e.js';
import { pyInt } from '../reference/hangman/pyint.js';
import { InputExhausted } from '../harness/model/reference.js';

const SMALL = dictionaryFromText(readFileSync(new URL('../fixtures/hangman-313e/words-small.txt', import.meta.url), 'utf8'));
const NINE = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex'];
const run = (input: string, words: readonly string[] = SMALL, debug = false) => transcript313E(input, words, debug);

describe('pyInt (Python int())', () => {
  it.each([
    ['4', 4n], ['+4', 4n], [' 4 ', 4n], ['4\r', 4n], ['\t-7\n', -7n], ['1_0', 10n], ['007', 7n], ['-0', 0n],
    ['٣', 3n], ['４', 4n], ['\x85 4\u3000', 4n], ['𝟗', 9n], ['99999999999999999999', 99999999999999999999n],
  ])('int(%j) == %s', (s, v) => expect(pyInt(s)).toBe(v));
  it.each(['', ' ', '_1', '1_', '1__0', '- 4', '0x4', '4.0', '\x1c4', '\ufeff4', '²', 'a', '+', '1 2'])(
    'int(%j) raises ValueError', (s) => expect(pyInt(s)).toBeNull(),
  );
  it('rejects more than 4300 digits, as CPython does', () => {
    expect(pyInt('1'.repeat(4300))).not.toBeNull();
    expect(pyInt('1'.repeat(4301))).toBeNull();
    expect(pyInt('1_'.repeat(4300) + '1')).toBeNull();
  });
});

describe('runHangman313E', () => {
  it('plays a won game and quits (transcript with echoed input)', () => {
    const { stdout, eof } = run('4\n4\n3\ne\no\nt\nc\ng\nl\nn\n', NINE);
    expect(eof).toBe(false);
    expect(stdout).toBe(
      'Welcome to the CS313E hangman game.\n\n' +
        'What length word do you want to use? 4\nHow many wrong answers allowed? 4\n' +
        'What difficulty level do you want?\nEnter a number between 1 (EASIEST) and 3 (HARDEST): 3\n' +
        "Guesses left: 4\nGuessed so far: []\nCurrent word: ----\n\nYour guess? e\nSorry, there are no e's\n" +
        "Guesses left: 3\nGuessed so far: ['e']\nCurrent word: ----\n\nYour guess? o\nYes, there are 2 o's\n" +
        "Guesses left: 3\nGuessed so far: ['e', 'o']\nCurrent word: -oo-\n\nYour guess? t\nSorry, there are no t's\n" +
        "Guesses left: 2\nGuessed so far: ['e', 'o', 't']\nCurrent word: -oo-\n\nYour guess? c\nSorry, there are no c's\n" +
        "Guesses left: 1\nGuessed so far: ['c', 'e', 'o', 't']\nCurrent word: -oo-\n\nYour guess? g\nYes, there is one g\n" +
        "Guesses left: 1\nGuessed so far: ['c', 'e', 'g', 'o', 't']\nCurrent word: goo-\n\nYour guess? l\nSorry, there are no l's\n" +
        'Answer = good\nSorry, you lose\n\nAnother game? Enter y for another game, anything else to quit: n\n',
    );
  });

  it("reproduces the handout's bad-setup sample (non-blank lines)", () => {
    const { stdout } = run('a\n4\na\n4\na\n1\n', NINE);
    const want = `Welcome to the CS313E hangman game.
What length word do you want to use? a
Error: Please enter a valid integer for word length.
What length word do you want to use? 4
How many wrong answers allowed? a
Error: Please enter a valid integer for number of wrong guesses.
How many wrong answers allowed? 4
What difficulty level do you want?
Enter a number between 1 (EASIEST) and 3 (HARDEST): a
Error: Please enter a valid integer for difficulty level.
What difficulty level do you want?
Enter a number between 1 (EASIEST) and 3 (HARDEST): 1
Guesses left: 4
Guessed so far: []
Current word: ----
Your guess? `;
    expect(stdout.split('\n').filter((l) => l !== '').join('\n')).toBe(want);
  });

  it('reports lengths with no words, out-of-range counts and difficulties as the runner does', () => {
    const { stdout } = run('9\n-1\n99999999999999999999\n 0_4 \n0\n26\n+7\n4\n0\n٢\n');
    expect(stdout).toContain("What length word do you want to use? 9\n\nI don't know any words with 9 letters. Enter another number.\n");
    expect(stdout).toContain("\nI don't know any words with -1 letters. Enter another number.\n");
    expect(stdout).toContain("\nI don't know any words with 99999999999999999999 letters. Enter another number.\n");
    expect(stdout).toContain('How many wrong answers allowed? 0\n0 is not a valid number for number of wrong guesses\nPick a number between 1 and 25.\n');
    expect(stdout).toContain('26 is not a valid number for number of wrong guesses\nPick a number between 1 and 25.\n');
    expect(stdout).toContain('(HARDEST): 4\n4 is not a valid number for difficulty\nPick a number between 1 and 3.\nWhat difficulty level do you want?\n');
    expect(stdout).toContain('(HARDEST): 0\n0 is not a valid number for difficulty\n');
    // ' 0_4 ' is 4 letters and '+7' seven guesses; the Arabic-Indic '٢' is MEDIUM
    expect(stdout).toContain('Guesses left: 7\nGuessed so far: []\nCurrent word: ----\n');
  });

  it('rejects non-letters, repeats, and echoes the guess lower-cased', () => {
    const { stdout, eof } = run('4\n5\n3\n\nab\n5\n?\nE\ne\né\n', NINE);
    expect(eof).toBe(true);
    expect(stdout).toContain(
      'Your guess? \nThat is not an English letter.\nYour guess? ab\nThat is not an English letter.\n' +
        "Your guess? 5\nThat is not an English letter.\nYour guess? ?\nThat is not an English letter.\nYour guess? e\nSorry, there are no e's\n",
    );
    expect(stdout).toContain("Your guess? e\nYou already guessed that! Pick a new letter please.\nYour guess? é\nSorry, there are no é's\n");
    expect(stdout).toContain("Guessed so far: ['e', 'é']\n");
    expect(stdout.endsWith('Your guess? ')).toBe(true); // EOF: runner.py dies here with EOFError
  });

  it("plays again on any answer starting with y or Y, and quits otherwise", () => {
    const once = 'So, I lose? no';
    const { stdout } = run(`2\n1\n3\nz\nYes\n2\n1\n3\nq\ny\n2\n1\n3\nx\n${once}\n`);
    expect(stdout.match(/What length word/g)).toHaveLength(3);
    expect(stdout.endsWith(`anything else to quit: ${once}\n`)).toBe(true);
    expect(stdout.match(/Sorry, you lose/g)).toHaveLength(3);
  });

  it('keeps the dictionary blank line: length 0 is a game with nothing to guess', () => {
    const words = dictionaryFromText('Ally\n\nbeta\n');
    const { stdout } = run('0\n3\n1\nn\n', words);
    expect(stdout).toContain('Enter a number between 1 (EASIEST) and 3 (HARDEST): 1\nAnswer = \nYou beat me\n');
  });

  it("reproduces the end of the handout's debug sample (single-family turns at HARD)", () => {
    const { stdout } = run('4\n4\n3\ne\na\ny\nl\ns\nn\n', ['else'], true);
    const tail = `Yes, there are 2 e's
Guesses left: 4
DEBUGGING: Words left: 1
Guessed so far: ['e']
Current word: e--e

Your guess? a
DEBUGGING: Picking hardest list.
DEBUGGING: New pattern is: e--e. New family has 1 words.
DEBUGGING: Based on guess here are the resulting patterns and
number of words in each pattern:
Pattern: e--e, Number of words: 1
END DEBUGGING

Sorry, there are no a's
Guesses left: 3
DEBUGGING: Words left: 1
Guessed so far: ['a', 'e']
Current word: e--e

Your guess? y
DEBUGGING: Picking hardest list.
DEBUGGING: New pattern is: e--e. New family has 1 words.
DEBUGGING: Based on guess here are the resulting patterns and
number of words in each pattern:
Pattern: e--e, Number of words: 1
END DEBUGGING

Sorry, there are no y's
Guesses left: 2
DEBUGGING: Words left: 1
Guessed so far: ['a', 'e', 'y']
Current word: e--e

Your guess? l
DEBUGGING: Picking hardest list.
DEBUGGING: New pattern is: el-e. New family has 1 words.
DEBUGGING: Based on guess here are the resulting patterns and
number of words in each pattern:
Pattern: el-e, Number of words: 1
END DEBUGGING

Yes, there is one l
Guesses left: 2
DEBUGGING: Words left: 1
Guessed so far: ['a', 'e', 'l', 'y']
Current word: el-e

Your guess? s
DEBUGGING: Picking hardest list.
DEBUGGING: New pattern is: else. New family has 1 words.
DEBUGGING: Based on guess here are the resulting patterns and
number of words in each pattern:
Pattern: else, Number of words: 1
END DEBUGGING

Yes, there is one s
Answer = else
You beat me

Another game? Enter y for another game, anything else to quit: n
`;
    expect(stdout.endsWith(tail)).toBe(true);
  });

  it('prints the word counts for lengths 2..24 in debug mode', () => {
    const { stdout } = run('', NINE, true);
    const counts = Array.from({ length: 23 }, (_, k) => `${k + 2}: ${k + 2 === 4 ? 9 : 0}`).join('\n');
    expect(stdout).toBe(
      `Welcome to the CS313E hangman game.\n\nNumber of words of each length in the dictionary:\n${counts}\nWhat length word do you want to use? `,
    );
  });

  it('without echo, shows only prompts (for an io that displays typed lines itself)', () => {
    const io = new PipedIO(['4', '1', '3', 'E', 'n']);
    expect(() => runHangman313E(io, ['else'], false, { echo: false })).toThrow(InputExhausted);
    expect(io.out).toContain('What length word do you want to use? How many wrong answers allowed? ');
  });

  it('splits piped stdin on \\n only and tests letters per code point', () => {
    expect(stdinLines('a\r\nb\n\nc')).toEqual(['a\r', 'b', '', 'c']);
    expect(isLetter('é')).toBe(true);
    expect(isLetter('𝐀')).toBe(true);
    expect(isLetter('ab')).toBe(false);
    expect(isLetter('')).toBe(false);
    expect(isLetter('_')).toBe(false);
  });
});
