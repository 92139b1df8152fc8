// Judging a student's strategy or printed game on its own merits: is every move legal, and is the game won?
// Messages name the first illegal move and show words as Python reprs, the way students see them.
//
// With repeated words, removing 'A' from ['A', 'B', 'A'] could mean either end, so we follow every
// slice consistent with the moves so far (at most n of them) and fail only when none survives.
import type { Verdict } from '../../harness/model/reference.js';
import type { PyValue } from '../../harness/model/pyvalue.js';
import { repr, reprStr, typeName } from '../../harness/model/pyvalue.js';
import { shareLetter } from './share.js';

const r = reprStr;

function fail(message: string): Verdict {
  return { ok: false, message };
}

/** A slice of the list as a Python list, shortened to its ends when long. */
export function showSlice(words: readonly string[], i: number, j: number): string {
  const n = j - i + 1;
  if (n <= 8) return '[' + words.slice(i, j + 1).map(r).join(', ') + ']';
  const head = words.slice(i, i + 3).map(r).join(', '), tail = words.slice(j - 2, j + 1).map(r).join(', ');
  return `[${head}, ..., ${tail}] (${n} words)`;
}

/** Whether the slice of m words starting at s is lost: two or more words whose ends share no letter. */
function lost(words: readonly string[], s: number, m: number): boolean {
  return m >= 2 && !shareLetter(words[s], words[s + m - 1]);
}

function lostMessage(words: readonly string[], s: number, m: number): string {
  return `the first word ${r(words[s])} and the last word ${r(words[s + m - 1])} share no letter`;
}

/** One removal of `w` from every consistent slice of m words: the surviving starts, or why none survives. */
function removeWord(words: readonly string[], starts: readonly number[], m: number, w: string, where: string):
  { starts: number[] } | { message: string } {
  const next = new Set<number>();
  for (const s of starts) {
    if (words[s] === w) next.add(s + 1);
    if (words[s + m - 1] === w) next.add(s);
  }
  if (next.size === 0) {
    const s = starts[0], e = s + m - 1;
    return {
      message: m === 1
        ? `${where}: removes ${r(w)}, but the only word left is ${r(words[s])}`
        : `${where}: ${r(w)} cannot be removed: only the first word ${r(words[s])} or the last word ${r(words[e])} may be removed from ${showSlice(words, s, e)}`,
    };
  }
  const alive = [...next].filter((s) => !lost(words, s, m - 1));
  if (alive.length === 0) {
    const s = [...next][0];
    return {
      message: `${where}: removing ${r(w)} loses the game: in ${showSlice(words, s, s + m - 2)} ${lostMessage(words, s, m - 1)}`,
    };
  }
  return { starts: alive };
}

/** Are these removals, in order, a winning play of the game on `words`? */
export function checkRemovals(words: readonly string[], removed: readonly string[]): Verdict {
  const n = words.length;
  if (lost(words, 0, n)) return fail(`the game cannot be won: ${lostMessage(words, 0, n)} before any move`);
  let starts = [0];
  let m = n;
  for (let k = 0; k < removed.length; k++) {
    if (m === 0) {
      return fail(`move ${k + 1}: removes ${r(removed[k])}, but every word has already been removed (the strategy has ${removed.length} entries, the list has ${n} words)`);
    }
    const step = removeWord(words, starts, m, removed[k], `move ${k + 1}`);
    if ('message' in step) return fail(step.message);
    starts = step.starts;
    m--;
  }
  if (m > 0) {
    return fail(`the strategy stops after ${removed.length} moves with ${m} word${m === 1 ? '' : 's'} left, ${showSlice(words, starts[0], starts[0] + m - 1)}; a winning strategy removes all ${n} words`);
  }
  return { ok: true };
}

/** Python-side exceptions arrive as { t: 'obj', type: 'exception:ValueError', repr: "ValueError('...')" }. */
export function raisedException(v: PyValue): string | undefined {
  return v.t === 'obj' && v.type.startsWith('exception:') ? v.repr : undefined;
}

/** A short repr for messages (a wrong return value can be huge). */
export function shortRepr(v: PyValue, max = 120): string {
  const s = repr(v);
  return s.length <= max ? s : s.slice(0, max - 3) + '...';
}

/** validateStrategy(words, strategy): the strategy must be a list of str that wins the game.
 *  Accepts a student's Python value or a native string array. */
export function validateStrategy(words: readonly string[], strategy: PyValue | readonly string[]): Verdict {
  if (Array.isArray(strategy)) return checkRemovals(words, strategy as readonly string[]);
  const v = strategy as PyValue;
  const raised = raisedException(v);
  if (raised !== undefined) return fail(`raised ${raised}; expected a list of words`);
  if (v.t !== 'list') {
    return fail(`returned ${typeName(v)} ${shortRepr(v)}; expected a list of words (str) in the order removed`);
  }
  const removed: string[] = [];
  for (let k = 0; k < v.v.length; k++) {
    const x = v.v[k];
    if (x.t !== 'str') return fail(`item ${k} of the strategy is ${typeName(x)} ${shortRepr(x)}; expected a word (str)`);
    removed.push(x.v);
  }
  return checkRemovals(words, removed);
}

/** validateShownGame(words, printedText): the text must be exactly the handout's format
 *  (words left joined by single spaces, then `Remove: W`, repeated, each line ending in a newline)
 *  for a legal winning play of `words`. Spaces or tabs at the end of a line are not part of the format
 *  (invisible on a terminal, and the handout says nothing about them), so they are ignored. */
export function validateShownGame(words: readonly string[], text: string): Verdict {
  const n = words.length;
  if (text === '') return fail('printed nothing; expected the word list, then a "Remove: WORD" line, repeated until no word is left');
  if (lost(words, 0, n)) return fail(`the game cannot be won: ${lostMessage(words, 0, n)}`);
  if (!text.endsWith('\n')) return fail(`the output does not end with a newline (last line ${r(text.slice(text.lastIndexOf('\n') + 1))})`);
  const lines = text.slice(0, -1).split('\n').map((l) => l.replace(/[ \t]+$/, ''));
  let starts = [0];
  let m = n;
  let ln = 0; // index of the next line to read
  while (m > 0) {
    const expectedLine = words.slice(starts[0], starts[0] + m).join(' ');
    if (ln >= lines.length) {
      return fail(`the output stops after line ${ln} with ${m} word${m === 1 ? '' : 's'} left; expected the line ${r(expectedLine)} next`);
    }
    const line = lines[ln];
    const matching = starts.filter((s) => words.slice(s, s + m).join(' ') === line);
    if (matching.length === 0) return fail(`line ${ln + 1}: expected the words left, ${r(expectedLine)}, got ${r(line)}`);
    starts = matching;
    ln++;
    if (ln >= lines.length) return fail(`the output stops after line ${ln}; expected a "Remove: WORD" line next`);
    const removeLine = lines[ln];
    if (!removeLine.startsWith('Remove: ')) return fail(`line ${ln + 1}: expected "Remove: WORD", got ${r(removeLine)}`);
    const step = removeWord(words, starts, m, removeLine.slice('Remove: '.length), `line ${ln + 1}`);
    if ('message' in step) return fail(step.message);
    starts = step.starts;
    m--;
    ln++;
  }
  if (ln < lines.length) return fail(`line ${ln + 1}: unexpected output after the game is won: ${r(lines[ln])}`);
  return { ok: true };
}

/** A line that reports a move, read leniently: "Remove: W", "remove W", "Removed:W"... (any case of the
 *  label, any spacing, the colon optional), so only the move itself is judged. */
const MOVE_LINE = /^\s*remove[a-z]*\s*:?\s*(\S+)\s*$/i;

/** validatePlayedGame(words, printedText): the moves printed (the "Remove: W" lines, read leniently; every
 *  other line is ignored) must be a winning play of `words`. The exact layout is judged by validateShownGame
 *  in one test of its own, so a layout slip is charged once, not in every test of show_solved_game. */
export function validatePlayedGame(words: readonly string[], text: string): Verdict {
  const moves: string[] = [];
  for (const line of text.split('\n')) {
    const m = MOVE_LINE.exec(line);
    if (m) moves.push(m[1]);
  }
  if (moves.length === 0) {
    return fail(text === ''
      ? 'printed nothing; expected a winning game: the words left, then "Remove: WORD", repeated until no word is left'
      : `printed no "Remove: WORD" line; expected the moves of a winning game (output begins ${r(text.slice(0, 60))})`);
  }
  const v = checkRemovals(words, moves);
  return v.ok ? v : fail(`the moves printed (the "Remove:" lines) are not a winning game of ${showSlice(words, 0, words.length - 1)}: ${v.message}`);
}
