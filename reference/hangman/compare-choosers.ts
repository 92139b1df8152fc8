// Measures the evil choosers against the same simulated player: the 'frequency' guesser plays
// N games against 'largest' and against 'minimax', on identical word samples, and we report the
// average wrong guesses and the guesser's win rate for each. Deterministic for a given seed.
import { PyRandom } from '../pyrandom.js';
import { EvilHangmanGame, frequencyGuesser, playOut, type ChooserName, type MinimaxOptions } from './nifty.js';
import { compareCodePoints, cpLength } from './partition.js';

export interface ChooserStats {
  games: number;
  wins: number;
  /** Share of games the guesser won (0..1). */
  winRate: number;
  /** Mean wrong guesses per game. */
  avgWrong: number;
}

export interface CompareOptions {
  games?: number;
  /** Wrong guesses allowed per game (default 8). */
  guesses?: number;
  /** Words of the chosen length drawn per game (default 300; all of them when fewer). */
  sampleSize?: number;
  /** Word lengths to draw from (default 4..8, those with at least 20 words). */
  lengths?: number[];
  seed?: number;
  minimax?: MinimaxOptions;
}

export function compareChoosers(words: readonly string[], opts: CompareOptions = {}): Record<ChooserName, ChooserStats> {
  const games = opts.games ?? 20;
  const guesses = opts.guesses ?? 8;
  const sampleSize = opts.sampleSize ?? 300;
  const rng = new PyRandom(opts.seed ?? 0);
  const byLength = new Map<number, string[]>();
  for (const w of words) {
    const n = cpLength(w);
    if (!byLength.has(n)) byLength.set(n, []);
    byLength.get(n)!.push(w);
  }
  const lengths = (opts.lengths ?? [4, 5, 6, 7, 8]).filter((n) => (byLength.get(n)?.length ?? 0) >= (opts.lengths ? 1 : 20));
  if (lengths.length === 0) throw new Error('compareChoosers: no word length has enough words');

  const totals: Record<ChooserName, { wins: number; wrong: number }> = {
    largest: { wins: 0, wrong: 0 },
    minimax: { wins: 0, wrong: 0 },
  };
  for (let i = 0; i < games; i++) {
    const length = rng.choice(lengths);
    const pool = byLength.get(length)!;
    // sample() keeps draw order; sort so both choosers see the list the way a program reads a file
    const sample = pool.length <= sampleSize ? pool.slice() : rng.sample(pool, sampleSize).sort(compareCodePoints);
    for (const name of ['largest', 'minimax'] as const) {
      const result = playOut(new EvilHangmanGame(sample, length, guesses, name, opts.minimax), frequencyGuesser);
      totals[name].wrong += result.wrong;
      if (result.won) totals[name].wins++;
    }
  }
  const stats = (t: { wins: number; wrong: number }): ChooserStats => ({
    games,
    wins: t.wins,
    winRate: games === 0 ? 0 : t.wins / games,
    avgWrong: games === 0 ? 0 : t.wrong / games,
  });
  return { largest: stats(totals.largest), minimax: stats(totals.minimax) };
}
