// The parameters of an Evil Hangman game test, as a spec writes them under `game:`, and the
// requirements (checks) a test may charge, each one a step of the handout.
import { z } from 'zod';

export const CHECKS = [
  'largest-family', // 4e: keep the most common word family
  'guess-cost', // 4e: subtract a guess only when the family kept lacks the letter
  'status', // 4b: guesses left, letters guessed and the word so far, before each guess
  'running-total', // 3 and 4b: ask whether to show the words remaining, and show them (right) when asked
  'relength', // 2: a length with no words is asked again
  'guesses-question', // 2: ask for the number of guesses
  'reveal', // 4f: on a loss, show a word of the final family as the one chosen
  'congratulate', // 4g: on a win, congratulate the player
  'ends', // rules: the game ends when the word is found or the guesses run out, not before
] as const;

export const GUESSERS = ['frequency', 'hits', 'misses', 'alternate'] as const;
export type GuesserName = (typeof GUESSERS)[number];

const length = z.union([z.number().int().min(0), z.literal('none')]);

export const paramsSchema = z
  .object({
    /** Lengths answered in turn; 'none' is a length the word list in use has no words of (it must be asked again):
     *  the first 'none' is 1 (or the smallest such length), each next one the next length without words. */
    length: z.union([length, z.array(length).min(1)]).transform((v) => (Array.isArray(v) ? v : [v])),
    /** Numbers of guesses answered in turn; one below 1 is not valid and must be asked again (the last must be valid). */
    guesses: z.union([z.number().int().min(1).max(26), z.array(z.number().int().max(26)).min(1)])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .refine((v) => v.at(-1)! >= 1, 'the last number of guesses must be 1 or more (a game must start)'),
    running_total: z.boolean().default(false),
    /** Who guesses: 'frequency' (the letter in most remaining words), 'hits' (a letter the largest family is
     *  sure to show), 'misses' (a letter sure to miss), 'alternate' (a sure hit, then a sure miss, ...), or
     *  { letters } played in order before 'frequency'. */
    guesser: z.union([z.enum(GUESSERS), z.object({ letters: z.string().min(1) }).strict()]).default('frequency'),
    /** 'hit': on the last guess left, play a letter the largest family is sure to show while a family without
     *  it exists (the test then needs to have seen that guess). */
    last_guess: z.literal('hit').optional(),
    /** Inputs sent at the guess prompt before valid guess number `before_guess`. '<repeat>' stands for the last
     *  letter guessed, '<hit>' for the last letter guessed that the word shows (the input waits until there is
     *  one), so '<hit>b' is that letter followed by 'b'. */
    inject: z.array(z.object({ before_guess: z.number().int().positive(), input: z.string() }).strict()).default([]),
  })
  .strict();

export interface NiftyParams {
  length: (number | 'none')[];
  guesses: number[];
  runningTotal: boolean;
  guesser: GuesserName | { letters: string };
  lastGuess?: 'hit';
  inject: { beforeGuess: number; input: string }[];
}

export function parseParams(raw: unknown): { params?: NiftyParams; errors: string[] } {
  const r = paramsSchema.safeParse(raw);
  if (!r.success) return { errors: r.error.issues.map((i) => `${i.path.join('.') || 'game'}: ${i.message}`) };
  const d = r.data;
  return {
    params: { length: d.length, guesses: d.guesses, runningTotal: d.running_total, guesser: d.guesser, ...(d.last_guess ? { lastGuess: d.last_guess } : {}), inject: d.inject.map((x) => ({ beforeGuess: x.before_guess, input: x.input })) },
    errors: [],
  };
}
