// Solving word chiseler: which intervals of the list can be won, one strategy, all strategies, the count.
//
// A game state is always a contiguous slice words[i..j], so the handout's recursion ("remove the first
// or the last word, then win the rest") is an interval recursion. We evaluate it bottom-up by length:
// same answers, O(n^2), and no recursion depth limit for long lists.
//
// Conventions the handout leaves implicit (documented so specs know what the reference does):
// - a single word can always be removed (the handout: it "of course shares letters with itself"),
//   even the empty string;
// - the empty list is undefined in the handout; here it is an already-won game with one (empty) strategy;
// - a strategy is a sequence of moves (remove first / remove last). With distinct words, move sequences
//   and word sequences correspond one to one. With repeated words two move sequences can spell the same
//   word list: num_winning_strategies counts move sequences, all_winning_strategies lists distinct word lists.
import { SharingTable } from './share.js';

export type Move = 'first' | 'last';

/** canWin(i, j) for every slice words[i..j], bit-packed (n = 2,000 takes 500 KB). */
export class WinTable {
  readonly n: number;
  private readonly bits: Uint8Array;

  constructor(readonly words: readonly string[]) {
    const n = (this.n = words.length);
    this.bits = new Uint8Array(Math.ceil((n * n) / 8));
    const share = new SharingTable(words);
    for (let i = 0; i < n; i++) this.set(i, i);
    for (let len = 2; len <= n; len++) {
      for (let i = 0, j = len - 1; j < n; i++, j++) {
        if (share.shares(i, j) && (this.canWin(i + 1, j) || this.canWin(i, j - 1))) this.set(i, j);
      }
    }
  }

  private set(i: number, j: number): void {
    const k = i * this.n + j;
    this.bits[k >>> 3] |= 1 << (k & 7);
  }

  /** Can words[i..j] be won? An empty slice (i > j) is already won. */
  canWin(i: number, j: number): boolean {
    if (i > j) return true;
    const k = i * this.n + j;
    return (this.bits[k >>> 3] & (1 << (k & 7))) !== 0;
  }
}

/** One winning move sequence, or null. Tries removing the first word before the last, like the
 *  handout's show_solved_game example (I FIND IT EASIER ... removes I, FIND, IT, EASIER, then STRING). */
export function solveMoves(words: readonly string[], table = new WinTable(words)): Move[] | null {
  const n = words.length;
  if (n > 0 && !table.canWin(0, n - 1)) return null;
  const moves: Move[] = [];
  for (let i = 0, j = n - 1; i <= j; ) {
    if (i === j || table.canWin(i + 1, j)) { moves.push('first'); i++; }
    else { moves.push('last'); j--; }
  }
  return moves;
}

/** The words removed by a move sequence, in order. */
export function movesToWords(words: readonly string[], moves: readonly Move[]): string[] {
  const out: string[] = [];
  let i = 0, j = words.length - 1;
  for (const m of moves) out.push(m === 'first' ? words[i++] : words[j--]);
  return out;
}

/** The handout's winning_strategy: the words in the order removed, or null when the game cannot be won. */
export function winningStrategy(words: readonly string[]): string[] | null {
  const moves = solveMoves(words);
  return moves === null ? null : movesToWords(words, moves);
}

/** Visits every winning move sequence (first-before-last order) as the words removed.
 *  Only winnable branches are explored, so the cost is proportional to the output.
 *  `visit` returns false to stop early. */
export function forEachWinningStrategy(
  words: readonly string[],
  visit: (strategy: readonly string[]) => boolean | void,
  table = new WinTable(words),
): void {
  const n = words.length;
  if (n > 0 && !table.canWin(0, n - 1)) return;
  const prefix: string[] = [];
  let stopped = false;
  const walk = (i: number, j: number): void => {
    if (stopped) return;
    if (i > j) { if (visit(prefix) === false) stopped = true; return; }
    if (i === j) { prefix.push(words[i]); walk(i + 1, j); prefix.pop(); return; }
    if (table.canWin(i + 1, j)) { prefix.push(words[i]); walk(i + 1, j); prefix.pop(); }
    if (table.canWin(i, j - 1)) { prefix.push(words[j]); walk(i, j - 1); prefix.pop(); }
  };
  walk(0, n - 1);
}

/** The handout's all_winning_strategies: every distinct winning word sequence, first-before-last order.
 *  Throws a RangeError instead of materialising more than `limit` strategies. */
export function allWinningStrategies(words: readonly string[], limit = 1_000_000): string[][] {
  const out: string[][] = [];
  const repeated = new Set(words).size !== words.length;
  const seen = new Set<string>();
  forEachWinningStrategy(words, (s) => {
    if (repeated) {
      const key = JSON.stringify(s);
      if (seen.has(key)) return;
      seen.add(key);
    }
    if (out.length >= limit) throw new RangeError(`more than ${limit} winning strategies; count them with num_winning_strategies instead`);
    out.push([...s]);
  });
  return out;
}

/** The handout's num_winning_strategies: the number of winning move sequences, exactly (BigInt).
 *  Interval DP by length with one rolling row: count(i..j) = 0 if the ends share no letter, else
 *  count(i+1..j) + count(i..j-1); a single word has 1. O(n^2) time, O(n) BigInts of memory. */
export function numWinningStrategies(words: readonly string[]): bigint {
  const n = words.length;
  if (n === 0) return 1n;
  const share = new SharingTable(words);
  const row: bigint[] = new Array<bigint>(n).fill(1n); // row[i] = count for the slice of the current length starting at i
  for (let len = 2; len <= n; len++) {
    for (let i = 0, j = len - 1; j < n; i++, j++) {
      // row[i] holds i..j-1 and row[i+1] holds i+1..j (length len-1); overwrite row[i] with i..j.
      row[i] = share.shares(i, j) ? row[i] + row[i + 1] : 0n;
    }
  }
  return row[0];
}
