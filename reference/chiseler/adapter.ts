// The chiseler reference at the Python-value level, plus validators that judge a student's answer on its
// merits (any winning strategy is right, strategies may come in any order, printed games may differ).
import type { ReferenceAdapter, Validator, Verdict } from '../../harness/model/reference.js';
import { RefRaise } from '../../harness/model/reference.js';
import type { PyValue } from '../../harness/model/pyvalue.js';
import { py, repr, typeName } from '../../harness/model/pyvalue.js';
import { shareLetter } from './share.js';
import { allWinningStrategies, movesToWords, numWinningStrategies, solveMoves, winningStrategy } from './solve.js';
import { sentenceReadings, showSolvedGame } from './show.js';
import { raisedException, shortRepr, validatePlayedGame, validateShownGame, validateStrategy } from './validate.js';
import { chiselerProbes } from './probes.js';

/** Above this many strategies, all-strategies checks the count and a sample instead of every item. */
export const FULL_CHECK_LIMIT = 5_000;
/** How many evenly spaced items all-strategies validates when it does not check them all. */
export const SAMPLE_SIZE = 200;
/** The reference refuses to materialise more strategies than this (a spec should use the validator). */
export const MATERIALISE_LIMIT = 1_000_000;

const EMPTY_NOTE = 'the handout leaves the empty word list undefined (the instructor solution crashes on it); any result accepted';

/** Argument i as Python would check it, raising TypeError like a real call with a bad argument. */
function arg(args: PyValue[], i: number, name: string, fn: string): PyValue {
  if (args.length <= i) throw new RefRaise('TypeError', `${fn}() missing required argument: '${name}'`);
  return args[i];
}
function strArg(args: PyValue[], i: number, name: string, fn: string): string {
  const v = arg(args, i, name, fn);
  if (v.t !== 'str') throw new RefRaise('TypeError', `${fn}(): ${name} must be a str, got ${typeName(v)}`);
  return v.v;
}
function wordsArg(args: PyValue[], fn: string): string[] {
  const v = arg(args, 0, 'L', fn);
  if (v.t !== 'list') throw new RefRaise('TypeError', `${fn}(): L must be a list of str, got ${typeName(v)}`);
  return v.v.map((x, k) => {
    if (x.t !== 'str') throw new RefRaise('TypeError', `${fn}(): L[${k}] must be a str, got ${typeName(x)}`);
    return x.v;
  });
}

function fail(message: string): Verdict {
  return { ok: false, message };
}

const winningStrategyValidator: Validator = ({ observed, args }) => {
  const words = wordsArg(args, 'winning_strategy');
  if (words.length === 0) return { ok: true, note: EMPTY_NOTE };
  const moves = solveMoves(words);
  const raised = raisedException(observed);
  if (raised !== undefined) {
    return fail(`raised ${raised}; expected ${moves === null ? 'None (this game cannot be won)' : 'a winning strategy'}`);
  }
  if (moves === null) {
    return observed.t === 'none' ? { ok: true } : { ...fail(`returned ${shortRepr(observed)}, but this game cannot be won, so the handout expects None`), defect: 'strategy-for-lost-game' };
  }
  if (observed.t === 'none') {
    return { ...fail(`returned None, but this game can be won, e.g. by ${repr(py.strList(movesToWords(words, moves)))}`), defect: 'none-for-winnable-game' };
  }
  const verdict = validateStrategy(words, observed);
  return verdict.ok ? verdict : fail(`returned ${shortRepr(observed)}, which is not a winning strategy: ${verdict.message}`);
};

/** Evenly spaced indices (first and last included), so the sample is deterministic and spans the list. */
export function sampleIndices(length: number, size: number): number[] {
  if (length <= size) return [...Array(length).keys()];
  return [...Array(size).keys()].map((k) => Math.floor((k * (length - 1)) / (size - 1)));
}

const allStrategies: Validator = ({ observed, args }) => {
  const words = wordsArg(args, 'all_winning_strategies');
  if (words.length === 0) return { ok: true, note: EMPTY_NOTE };
  const raised = raisedException(observed);
  if (raised !== undefined) return fail(`raised ${raised}; expected a list of winning strategies`);
  if (observed.t !== 'list') {
    return fail(`returned ${typeName(observed)} ${shortRepr(observed)}; expected a list of strategies, each a list of words`);
  }
  const items: string[][] = [];
  for (let k = 0; k < observed.v.length; k++) {
    const x = observed.v[k];
    // The handout asks for "a list of all winning strategies" and describes a strategy only as "listing the
    // words in the order removed": a tuple of words is such a listing too.
    if ((x.t !== 'list' && x.t !== 'tuple') || x.v.some((w) => w.t !== 'str')) {
      return fail(`item ${k} is ${shortRepr(x)}; each strategy must be a list of words (str)`);
    }
    items.push(x.v.map((w) => (w as { t: 'str'; v: string }).v));
  }
  // With repeated input words the handout does not define duplicates, so repeats are tolerated there.
  const repeatedWords = new Set(words).size !== words.length;
  const firstIndex = new Map<string, number>();
  for (let k = 0; k < items.length; k++) {
    const key = JSON.stringify(items[k]);
    const seen = firstIndex.get(key);
    if (seen === undefined) firstIndex.set(key, k);
    else if (!repeatedWords) {
      return fail(`items ${seen} and ${k} are the same strategy ${shortRepr(observed.v[k])}; each strategy must appear only once`);
    }
  }
  const total = numWinningStrategies(words);
  const check = (k: number): Verdict => {
    const v = validateStrategy(words, items[k]);
    return v.ok ? v : fail(`item ${k}, ${shortRepr(observed.v[k])}, is not a winning strategy: ${v.message}`);
  };

  if (total <= BigInt(FULL_CHECK_LIMIT)) {
    for (const k of firstIndex.values()) {
      const v = check(k);
      if (!v.ok) return v;
    }
    const missing = allWinningStrategies(words).filter((s) => !firstIndex.has(JSON.stringify(s)));
    if (missing.length > 0) {
      const all = missing.length + firstIndex.size;
      return fail(`missing ${missing.length} of the ${all} winning strategies, e.g. ${repr(py.strList(missing[0]))}`);
    }
    return { ok: true };
  }

  // Too many to compare one by one: the count must match (no duplicates, checked above), and a sample must be valid.
  const distinct = BigInt(firstIndex.size);
  if (!repeatedWords && distinct !== total) {
    return fail(`returned ${distinct} strategies, but this game has ${total} winning strategies`);
  }
  if (repeatedWords && distinct > total) {
    return fail(`returned ${distinct} distinct strategies, but this game has at most ${total} winning strategies`);
  }
  for (const k of sampleIndices(items.length, SAMPLE_SIZE)) {
    const v = check(k);
    if (!v.ok) return v;
  }
  return {
    ok: true,
    note: `${total} strategies: ${repeatedWords ? 'checked the distinct count is at most that (the list repeats words)' : 'checked the count and that there are no duplicates'}, ` +
      `and validated ${Math.min(SAMPLE_SIZE, items.length)} evenly spaced items (over ${FULL_CHECK_LIMIT} strategies, validating every one would be too slow)`,
  };
};

/** shown-game: `output` must be a legal winning play in exactly the handout's format. For an unwinnable
 *  game the call must raise: the harness passes a raised exception as
 *  observed = { t: 'obj', type: 'exception:<Type>', repr: "<Type>('...')" }; any exception type is accepted,
 *  since the handout only says "an exception is raised", but nothing may be printed first. */
const shownGameValidator: Validator = ({ observed, args, output }) => {
  const sentence = strArg(args, 0, 'sentence', 'show_solved_game');
  const readings = sentenceReadings(sentence);
  if (readings.some((w) => w.length === 0)) return { ok: true, note: EMPTY_NOTE };
  const raised = raisedException(observed);
  const winnable = readings.map((w) => solveMoves(w) !== null);
  if (raised !== undefined) {
    if (winnable.every(Boolean)) return fail(`raised ${raised}, but this game can be won`);
    if (output !== '') return fail(`raised ${raised} as expected, but printed ${JSON.stringify(shortStr(output))} first; an unwinnable game prints nothing`);
    return { ok: true };
  }
  if (!winnable.some(Boolean)) {
    return fail(`returned without raising${output ? ' after printing a game' : ''}, but this game cannot be won: the handout says show_solved_game raises an exception`);
  }
  let first: Verdict | undefined;
  for (let k = 0; k < readings.length; k++) {
    if (!winnable[k]) continue;
    const v = validateShownGame(readings[k], output);
    if (v.ok) {
      return observed.t === 'none' ? v : { ok: true, note: `returned ${shortRepr(observed)}; the handout says it returns nothing (not penalised)` };
    }
    first ??= v;
  }
  return first!;
};

/** shown-play: show_solved_game judged on what it does, not on its layout (the shown-game test of the
 *  handout's example judges the layout, once). A winnable game must print a winning play, read from its
 *  "Remove: W" lines; an unwinnable one must raise (the handout: "an exception is raised"), whatever it
 *  printed first, since the handout does not say that nothing may be printed before. */
const shownPlayValidator: Validator = ({ observed, args, output }) => {
  const sentence = strArg(args, 0, 'sentence', 'show_solved_game');
  const readings = sentenceReadings(sentence);
  if (readings.some((w) => w.length === 0)) return { ok: true, note: EMPTY_NOTE };
  const raised = raisedException(observed);
  const winnable = readings.map((w) => solveMoves(w) !== null);
  if (raised !== undefined) {
    if (winnable.every(Boolean)) {
      return fail(`raised ${raised}, but the game on ${repr(py.strList(readings[0]))} can be won, e.g. by removing ${repr(py.strList(movesToWords(readings[0], solveMoves(readings[0])!)))}`);
    }
    return { ok: true };
  }
  if (!winnable.some(Boolean)) {
    return fail(`returned without raising${output ? ' after printing' : ''}, but this game cannot be won: the handout says "If the game cannot be won, an exception is raised"`);
  }
  let first: Verdict | undefined;
  for (let k = 0; k < readings.length; k++) {
    if (!winnable[k]) continue;
    const v = validatePlayedGame(readings[k], output);
    if (v.ok) return v;
    first ??= v;
  }
  return first!;
};

/** returns-nothing: the handout's show_solved_game "does not return any value" (Python: it returns None). */
const returnsNothing: Validator = ({ observed }) =>
  observed.t === 'none'
    ? { ok: true }
    : fail(`returned ${shortRepr(observed)}; the handout says show_solved_game "does not return any value; it only displays output on the terminal", so it returns None`);

function shortStr(s: string, max = 80): string {
  return s.length <= max ? s : s.slice(0, max - 3) + '...';
}

export const chiselerAdapter: ReferenceAdapter = {
  id: 'chiseler',
  functions: {
    share_letter: (args) =>
      py.bool(shareLetter(strArg(args, 0, 'w1', 'share_letter'), strArg(args, 1, 'w2', 'share_letter'))),
    winning_strategy: (args) => {
      const s = winningStrategy(wordsArg(args, 'winning_strategy'));
      return s === null ? py.none : py.strList(s);
    },
    // Fine for small games; a spec with a large count should use the all-strategies validator instead.
    all_winning_strategies: (args) => {
      const words = wordsArg(args, 'all_winning_strategies');
      const total = numWinningStrategies(words);
      if (total > BigInt(MATERIALISE_LIMIT)) {
        throw new Error(`all_winning_strategies: ${total} strategies is too many for the reference to list; use the 'all-strategies' validator for this test`);
      }
      return py.list(allWinningStrategies(words, MATERIALISE_LIMIT).map((s) => py.strList(s)));
    },
    num_winning_strategies: (args) => py.int(numWinningStrategies(wordsArg(args, 'num_winning_strategies'))),
    show_solved_game: (args, ctx) => {
      ctx.io.write(showSolvedGame(strArg(args, 0, 'sentence', 'show_solved_game')));
      return py.none;
    },
  },
  probes: chiselerProbes,
  validators: {
    'winning-strategy': winningStrategyValidator,
    'all-strategies': allStrategies,
    'shown-game': shownGameValidator,
    'shown-play': shownPlayValidator,
    'returns-nothing': returnsNothing,
  },
};

/** A spec's `reference:` may name this module: its default export is the adapter. */
export default chiselerAdapter;
