// The chiseler reference (reference/chiseler/) against the handout's examples, an independent brute force,
// its validators' verdicts and messages, and the accepted Python fixtures run by python3.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RefContext, Verdict } from '../harness/model/reference.js';
import { RefRaise } from '../harness/model/reference.js';
import type { PyValue, WireValue } from '../harness/model/pyvalue.js';
import { fromWire, py } from '../harness/model/pyvalue.js';
import { rootPath } from '../harness/paths.js';
import { chiselerAdapter, FULL_CHECK_LIMIT, sampleIndices } from '../reference/chiseler/adapter.js';
import { gameExamples, shareLetterExamples, shownGameExample, unwinnableSentences } from '../reference/chiseler/examples.js';
import { shareLetter } from '../reference/chiseler/share.js';
import { renderGame, sentenceWords, showSolvedGame } from '../reference/chiseler/show.js';
import {
  allWinningStrategies, numWinningStrategies, solveMoves, winningStrategy,
} from '../reference/chiseler/solve.js';
import { validatePlayedGame, validateShownGame, validateStrategy } from '../reference/chiseler/validate.js';

// ---------- helpers ----------

/** Deterministic generator (mulberry32) for the random small lists. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomWords(next: () => number, n: number, alphabet: string, maxLen: number, minLen = 1): string[] {
  return Array.from({ length: n }, () => {
    const len = minLen + Math.floor(next() * (maxLen - minLen + 1));
    return Array.from({ length: len }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  });
}

/** Independent brute force: every move sequence, straight from the handout's rules, on array copies. */
function bruteForce(words: string[]): string[][] {
  if (words.length === 1) return [[words[0]]];
  const [a, b] = [words[0], words[words.length - 1]];
  if (![...a].some((c) => b.includes(c))) return [];
  return [
    ...bruteForce(words.slice(1)).map((s) => [a, ...s]),
    ...bruteForce(words.slice(0, -1)).map((s) => [b, ...s]),
  ];
}

const key = (s: readonly string[]) => JSON.stringify(s);
const sortedKeys = (ss: readonly (readonly string[])[]) => ss.map(key).sort();

function ctx(written: string[] = []): RefContext {
  return {
    io: { input: () => { throw new Error('chiseler never reads input'); }, write: (t) => { written.push(t); } },
    words: [],
    rng: undefined as unknown as RefContext['rng'],
    options: {},
    call: () => { throw new Error('not used'); },
  };
}

const validators = chiselerAdapter.validators!;
function judge(name: string, args: PyValue[], observed: PyValue, output = ''): Verdict {
  return validators[name]({ observed, args, ctx: ctx(), output });
}
const raised = (type: string, message: string): PyValue => ({ t: 'obj', type: `exception:${type}`, repr: `${type}(${JSON.stringify(message).replace(/"/g, "'")})` });
const failMessage = (v: Verdict) => (v.ok ? '(accepted)' : v.message);

// ---------- reference against the handout ----------

describe('share_letter', () => {
  it.each(shareLetterExamples)('share_letter(%j, %j) is %s', (a, b, want) => {
    expect(shareLetter(a, b)).toBe(want);
    expect(chiselerAdapter.functions.share_letter([py.str(a), py.str(b)], ctx())).toEqual(py.bool(want));
  });
});

describe('handout games', () => {
  for (const g of gameExamples) {
    it(g.name, () => {
      const words = [...g.words];
      const s = winningStrategy(words);
      expect(s === null).toBe(g.count === 0n);
      if (s) expect(validateStrategy(words, s)).toEqual({ ok: true });
      expect(numWinningStrategies(words)).toBe(g.count);
      const all = allWinningStrategies(words);
      expect(BigInt(all.length)).toBe(g.count);
      if (g.strategies) expect(sortedKeys(all)).toEqual(sortedKeys(g.strategies));
      if (g.handoutStrategy) expect(validateStrategy(words, g.handoutStrategy)).toEqual({ ok: true });
      for (const t of all) expect(validateStrategy(words, t)).toEqual({ ok: true });
    });
  }

  it('winning_strategy returns None through the adapter for an unwinnable game', () => {
    expect(chiselerAdapter.functions.winning_strategy([py.strList(['NO', 'WAY', 'TO', 'SUCCEED'])], ctx())).toEqual(py.none);
    expect(chiselerAdapter.functions.all_winning_strategies([py.strList(['NO', 'WAY', 'TO', 'SUCCEED'])], ctx())).toEqual(py.list([]));
    expect(chiselerAdapter.functions.num_winning_strategies([py.strList(['NO', 'WAY', 'TO', 'SUCCEED'])], ctx())).toEqual(py.int(0));
  });

  it('a bad argument raises TypeError like a Python call would', () => {
    expect(() => chiselerAdapter.functions.winning_strategy([py.str('NO WAY')], ctx())).toThrow(RefRaise);
    expect(() => chiselerAdapter.functions.share_letter([py.str('A')], ctx())).toThrow(/missing required argument: 'w2'/);
  });
});

describe('show_solved_game', () => {
  it('prints the handout example byte for byte', () => {
    expect(showSolvedGame(shownGameExample.sentence)).toBe(shownGameExample.text);
    const written: string[] = [];
    expect(chiselerAdapter.functions.show_solved_game([py.str(shownGameExample.sentence)], ctx(written))).toEqual(py.none);
    expect(written.join('')).toBe(shownGameExample.text);
  });

  it.each(unwinnableSentences)('raises ValueError before printing for %j', (sentence) => {
    const written: string[] = [];
    expect(() => chiselerAdapter.functions.show_solved_game([py.str(sentence)], ctx(written))).toThrow(RefRaise);
    expect(written).toEqual([]);
    try { showSolvedGame(sentence); } catch (e) { expect((e as RefRaise).pyType).toBe('ValueError'); }
  });

  it('upper-cases and splits on whitespace', () => {
    expect(sentenceWords('  skilled\ttrainer of  field mice ')).toEqual(['SKILLED', 'TRAINER', 'OF', 'FIELD', 'MICE']);
  });

  it('renders one word as the list line and its Remove line', () => {
    expect(renderGame(['FIELD'], solveMoves(['FIELD'])!)).toBe('FIELD\nRemove: FIELD\n');
  });
});

// ---------- DP against brute force ----------

describe('counting', () => {
  it('num_winning_strategies equals brute-force enumeration on 400 random small lists', () => {
    const next = rng(275);
    let winnable = 0;
    for (let t = 0; t < 400; t++) {
      const n = 1 + Math.floor(next() * 10);
      // A small alphabet gives a mix of winnable and unwinnable games, and some repeated words.
      const words = randomWords(next, n, 'ABCDEFG', 3);
      const brute = bruteForce(words);
      if (brute.length) winnable++;
      expect(numWinningStrategies(words), words.join(' ')).toBe(BigInt(brute.length));
      expect(winningStrategy(words) === null).toBe(brute.length === 0);
      const distinct = [...new Set(brute.map(key))].sort();
      expect(sortedKeys(allWinningStrategies(words)), words.join(' ')).toEqual(distinct);
      for (const s of brute) expect(validateStrategy(words, s)).toEqual({ ok: true });
    }
    expect(winnable).toBeGreaterThan(50);
    expect(winnable).toBeLessThan(380);
  });

  it('repeated words: one word list for two move sequences', () => {
    expect(numWinningStrategies(['A', 'A'])).toBe(2n);
    expect(allWinningStrategies(['A', 'A'])).toEqual([['A', 'A']]);
    // Removing 'A' from the wrong end of A B C A loses (B and A share nothing); the validator tries both ends.
    expect(validateStrategy(['A', 'BA', 'C', 'A'], ['A', 'A', 'BA', 'C'])).toEqual({
      ok: false,
      message: "move 2: removing 'A' loses the game: in ['BA', 'C'] the first word 'BA' and the last word 'C' share no letter",
    });
    expect(validateStrategy(['AC', 'BA', 'CA', 'AC'], ['AC', 'AC', 'BA', 'CA'])).toEqual({ ok: true });
  });

  it('2,000 words: exact BigInt count, timed', () => {
    const n = 2000;
    const allShare = Array.from({ length: n }, (_, i) => 'E' + i.toString(36).toUpperCase());
    let t0 = performance.now();
    const count = numWinningStrategies(allShare);
    const msAllShare = performance.now() - t0;
    expect(count).toBe(2n ** BigInt(n - 1)); // every pair shares E: two choices per move but the last

    const mixed = randomWords(rng(2000), n, 'AEIRST', 5, 3) // 3-5 letters from 6: most pairs share, the count is large;
    t0 = performance.now();
    const mixedCount = numWinningStrategies(mixed);
    const msMixed = performance.now() - t0;
    t0 = performance.now();
    const s = winningStrategy(mixed);
    const msStrategy = performance.now() - t0;
    expect(s === null).toBe(mixedCount === 0n);
    if (s) expect(validateStrategy(mixed, s)).toEqual({ ok: true });
    console.log(`chiseler num_winning_strategies, 2,000 words: ${msAllShare.toFixed(1)} ms (all share a letter, count 2^1999); ` +
      `${msMixed.toFixed(1)} ms (random 3-5 letter words over AEIRST, count has ${mixedCount.toString().length} digits); winning_strategy ${msStrategy.toFixed(1)} ms`);
  });
});

// ---------- validators ----------

describe('validateStrategy messages', () => {
  const words = ['SKILLED', 'TRAINER', 'OF', 'FIELD', 'MICE'];
  it.each([
    [['MICE', 'OF', 'SKILLED', 'TRAINER', 'FIELD'],
      "move 2: 'OF' cannot be removed: only the first word 'SKILLED' or the last word 'FIELD' may be removed from ['SKILLED', 'TRAINER', 'OF', 'FIELD']"],
    [['MICE', 'FIELD', 'SKILLED', 'TRAINER', 'OF'],
      "move 2: removing 'FIELD' loses the game: in ['SKILLED', 'TRAINER', 'OF'] the first word 'SKILLED' and the last word 'OF' share no letter"],
    [['MICE', 'SKILLED', 'TRAINER'],
      "the strategy stops after 3 moves with 2 words left, ['OF', 'FIELD']; a winning strategy removes all 5 words"],
    [['MICE', 'SKILLED', 'TRAINER', 'OF', 'FIELD', 'FIELD'],
      "move 6: removes 'FIELD', but every word has already been removed (the strategy has 6 entries, the list has 5 words)"],
    [['MICE', 'SKILLED', 'TRAINER', 'OF', 'OF'], "move 5: removes 'OF', but the only word left is 'FIELD'"],
  ])('%j', (strategy, message) => {
    expect(validateStrategy(words, strategy)).toEqual({ ok: false, message });
  });

  it('checks the Python type', () => {
    expect(failMessage(validateStrategy(words, py.tuple([py.str('MICE')])))).toBe("returned tuple ('MICE',); expected a list of words (str) in the order removed");
    expect(failMessage(validateStrategy(words, py.list([py.str('MICE'), py.int(3)])))).toBe('item 1 of the strategy is int 3; expected a word (str)');
    expect(failMessage(validateStrategy(['NO', 'WAY'], ['NO', 'WAY']))).toBe("the game cannot be won: the first word 'NO' and the last word 'WAY' share no letter before any move");
  });

  it('shortens long lists in messages', () => {
    const long = Array.from({ length: 12 }, (_, i) => 'A' + 'BCDEFGHIJKLM'[i]);
    expect(failMessage(validateStrategy(long, ['AM', 'AC']))).toBe(
      "move 2: 'AC' cannot be removed: only the first word 'AB' or the last word 'AL' may be removed from ['AB', 'AC', 'AD', ..., 'AJ', 'AK', 'AL'] (11 words)");
  });
});

describe('winning-strategy validator', () => {
  const win = [py.strList(['DAMAGED', 'CAT', 'FIGURINE'])];
  const lose = [py.strList(['NO', 'WAY', 'TO', 'SUCCEED'])];
  it('accepts either winning strategy and None exactly for an unwinnable game', () => {
    expect(judge('winning-strategy', win, py.strList(['FIGURINE', 'CAT', 'DAMAGED']))).toEqual({ ok: true });
    expect(judge('winning-strategy', win, py.strList(['FIGURINE', 'DAMAGED', 'CAT']))).toEqual({ ok: true });
    expect(judge('winning-strategy', lose, py.none)).toEqual({ ok: true });
  });
  it('explains wrong answers', () => {
    expect(failMessage(judge('winning-strategy', win, py.none))).toBe("returned None, but this game can be won, e.g. by ['FIGURINE', 'DAMAGED', 'CAT']");
    expect(failMessage(judge('winning-strategy', lose, py.list([])))).toBe('returned [], but this game cannot be won, so the handout expects None');
    expect(failMessage(judge('winning-strategy', win, py.strList(['DAMAGED', 'CAT', 'FIGURINE'])))).toBe(
      "returned ['DAMAGED', 'CAT', 'FIGURINE'], which is not a winning strategy: move 1: removing 'DAMAGED' loses the game: in ['CAT', 'FIGURINE'] the first word 'CAT' and the last word 'FIGURINE' share no letter");
    expect(failMessage(judge('winning-strategy', win, raised('RecursionError', 'maximum recursion depth exceeded')))).toBe(
      "raised RecursionError('maximum recursion depth exceeded'); expected a winning strategy");
  });
});

describe('all-strategies validator', () => {
  const args = [py.strList(['DAMAGED', 'CAT', 'FIGURINE'])];
  const a = py.strList(['FIGURINE', 'CAT', 'DAMAGED']), b = py.strList(['FIGURINE', 'DAMAGED', 'CAT']);
  it('accepts any order', () => {
    expect(judge('all-strategies', args, py.list([a, b]))).toEqual({ ok: true });
    expect(judge('all-strategies', args, py.list([b, a]))).toEqual({ ok: true });
    expect(judge('all-strategies', [py.strList(['NO', 'WAY', 'TO', 'SUCCEED'])], py.list([]))).toEqual({ ok: true });
  });
  it('explains duplicates, missing, invalid and mistyped items', () => {
    expect(failMessage(judge('all-strategies', args, py.list([a, b, a])))).toBe(
      "items 0 and 2 are the same strategy ['FIGURINE', 'CAT', 'DAMAGED']; each strategy must appear only once");
    expect(failMessage(judge('all-strategies', args, py.list([a])))).toBe(
      "missing 1 of the 2 winning strategies, e.g. ['FIGURINE', 'DAMAGED', 'CAT']");
    expect(failMessage(judge('all-strategies', args, py.list([a, b, py.strList(['CAT', 'DAMAGED', 'FIGURINE'])])))).toBe(
      "item 2, ['CAT', 'DAMAGED', 'FIGURINE'], is not a winning strategy: move 1: 'CAT' cannot be removed: only the first word 'DAMAGED' or the last word 'FIGURINE' may be removed from ['DAMAGED', 'CAT', 'FIGURINE']");
    expect(failMessage(judge('all-strategies', args, py.tuple([a, b])))).toMatch(/^returned tuple .*expected a list of strategies/);
    expect(failMessage(judge('all-strategies', args, py.list([a, py.list([py.str('X'), py.int(1)])])))).toBe(
      "item 1 is ['X', 1]; each strategy must be a list of words (str)");
    expect(failMessage(judge('all-strategies', args, py.list([a, py.str('FIGURINE CAT DAMAGED')])))).toBe(
      "item 1 is 'FIGURINE CAT DAMAGED'; each strategy must be a list of words (str)");
  });
  it('accepts strategies written as tuples of words (the handout: "listing the words in the order removed")', () => {
    const ta = py.tuple([py.str('FIGURINE'), py.str('CAT'), py.str('DAMAGED')]);
    const tb = py.tuple([py.str('FIGURINE'), py.str('DAMAGED'), py.str('CAT')]);
    expect(judge('all-strategies', args, py.list([ta, tb]))).toEqual({ ok: true });
    expect(failMessage(judge('all-strategies', args, py.list([ta, a])))).toBe(
      "items 0 and 1 are the same strategy ['FIGURINE', 'CAT', 'DAMAGED']; each strategy must appear only once");
    expect(failMessage(judge('all-strategies', args, py.list([ta, py.tuple([py.str('X')])])))).toBe(
      "item 1, ('X',), is not a winning strategy: move 1: 'X' cannot be removed: only the first word 'DAMAGED' or the last word 'FIGURINE' may be removed from ['DAMAGED', 'CAT', 'FIGURINE']");
  });
  it('tolerates repeated strategies when the input repeats words (the handout does not define duplicates then)', () => {
    const dup = py.strList(['A', 'A']);
    expect(judge('all-strategies', [dup], py.list([dup, dup]))).toEqual({ ok: true });
    expect(judge('all-strategies', [dup], py.list([dup]))).toEqual({ ok: true });
  });
  it(`over ${FULL_CHECK_LIMIT} strategies: checks the count and a deterministic sample`, () => {
    const words = Array.from({ length: 14 }, (_, i) => 'S' + 'ABCDEFGHIJKLMN'[i]); // 2^13 = 8192 strategies
    const all = allWinningStrategies(words).map((s) => py.strList(s));
    const verdict = judge('all-strategies', [py.strList(words)], py.list(all));
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.note).toMatch(/^8192 strategies: checked the count .* validated 200 evenly spaced items/);
    expect(failMessage(judge('all-strategies', [py.strList(words)], py.list(all.slice(1))))).toBe(
      'returned 8191 strategies, but this game has 8192 winning strategies');
    const sampled = sampleIndices(all.length, 200);
    expect(sampled).toHaveLength(200);
    expect(sampled[0]).toBe(0);
    expect(sampled[199]).toBe(all.length - 1);
    const broken = [...all];
    broken[sampled[5]] = py.strList([...words].reverse().slice(0, 13).concat(['SZ']));
    expect(failMessage(judge('all-strategies', [py.strList(words)], py.list(broken)))).toMatch(
      new RegExp(`^item ${sampled[5]}, .* is not a winning strategy: move 14: removes 'SZ', but the only word left is 'SA'`));
  });
});

describe('shown-game validator', () => {
  const args = [py.str(shownGameExample.sentence)];
  const text = shownGameExample.text;
  it('accepts the handout output and other legal plays', () => {
    expect(judge('shown-game', args, py.none, text)).toEqual({ ok: true });
    const words = sentenceWords(shownGameExample.sentence);
    const other = ['I', 'FIND', 'IT', 'STRING', 'EASIER', 'TO', 'ONE', 'MAKE'];
    expect(validateStrategy(words, other)).toEqual({ ok: true });
    const otherText = renderGame(words, ['first', 'first', 'first', 'last', 'first', 'first', 'last', 'first']);
    expect(otherText).toContain('Remove: STRING\nEASIER TO MAKE ONE\n');
    expect(judge('shown-game', args, py.none, otherText)).toEqual({ ok: true });
  });
  it('accepts a raise, of any exception type, exactly for unwinnable games', () => {
    expect(judge('shown-game', [py.str('No way to succeed')], raised('ValueError', 'cannot win'))).toEqual({ ok: true });
    expect(judge('shown-game', [py.str('No way to succeed')], raised('Exception', 'cannot win'))).toEqual({ ok: true });
    expect(failMessage(judge('shown-game', args, raised('ValueError', 'cannot win'), ''))).toBe(
      "raised ValueError('cannot win'), but this game can be won");
    expect(failMessage(judge('shown-game', [py.str('No way to succeed')], py.none, ''))).toBe(
      'returned without raising, but this game cannot be won: the handout says show_solved_game raises an exception');
    expect(failMessage(judge('shown-game', [py.str('No way to succeed')], raised('ValueError', 'x'), 'NO WAY TO SUCCEED\n'))).toBe(
      `raised ValueError('x') as expected, but printed "NO WAY TO SUCCEED\\n" first; an unwinnable game prints nothing`);
  });
  it.each([
    ['lower case', text.replace('I FIND IT EASIER TO MAKE ONE STRING\n', 'I find it easier to make one string\n'),
      "line 1: expected the words left, 'I FIND IT EASIER TO MAKE ONE STRING', got 'I find it easier to make one string'"],
    ['a list repr', text.replace('\nMAKE ONE\n', "\n['MAKE', 'ONE']\n"),
      "line 13: expected the words left, 'MAKE ONE', got \"['MAKE', 'ONE']\""],
    ['no space after the colon', text.replace('Remove: TO\n', 'Remove:TO\n'), `line 12: expected "Remove: WORD", got 'Remove:TO'`],
    ['two spaces after the colon', text.replace('Remove: IT\n', 'Remove:  IT\n'),
      "line 6: ' IT' cannot be removed: only the first word 'IT' or the last word 'STRING' may be removed from ['IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING']"],
    ['removing a middle word', text.replace('Remove: EASIER\n', 'Remove: MAKE\n'),
      "line 8: 'MAKE' cannot be removed: only the first word 'EASIER' or the last word 'STRING' may be removed from ['EASIER', 'TO', 'MAKE', 'ONE', 'STRING']"],
    ['a losing move', text.replace('Remove: STRING\nTO MAKE ONE\nRemove: TO\n', 'Remove: TO\nMAKE ONE STRING\nRemove: STRING\n'),
      "line 10: removing 'TO' loses the game: in ['MAKE', 'ONE', 'STRING'] the first word 'MAKE' and the last word 'STRING' share no letter"],
    ['no final newline', text.slice(0, -1), "the output does not end with a newline (last line 'Remove: ONE')"],
    ['stopping early', text.slice(0, text.indexOf('\nMAKE ONE\n') + 1), "the output stops after line 12 with 2 words left; expected the line 'MAKE ONE' next"],
    ['a blank line after', text + '\n', "line 17: unexpected output after the game is won: ''"],
    ['a congratulation', text + 'You win!\n', "line 17: unexpected output after the game is won: 'You win!'"],
    ['nothing', '', 'printed nothing; expected the word list, then a "Remove: WORD" line, repeated until no word is left'],
  ])('rejects %s', (_name, printed, message) => {
    expect(failMessage(judge('shown-game', args, py.none, printed))).toBe(message);
  });
  it('ignores spaces at the ends of lines (invisible, and not part of the handout\'s format)', () => {
    expect(judge('shown-game', args, py.none, text.replace(/\n/g, ' \n'))).toEqual({ ok: true });
    expect(judge('shown-game', args, py.none, text.replace('Remove: IT\n', 'Remove: IT\t\n'))).toEqual({ ok: true });
  });
  it('validateShownGame works on a word list directly, following repeated words', () => {
    expect(validateShownGame(['A', 'BA', 'A'], 'A BA A\nRemove: A\nA BA\nRemove: A\nBA\nRemove: BA\n')).toEqual({ ok: true });
    expect(validateShownGame(['A', 'BA', 'A'], 'A BA A\nRemove: A\nBA A\nRemove: A\nBA\nRemove: BA\n')).toEqual({ ok: true });
  });
  it('notes a return value without failing', () => {
    const v = judge('shown-game', args, py.strList(['I']), text);
    expect(v).toEqual({ ok: true, note: "returned ['I']; the handout says it returns nothing (not penalised)" });
  });
});

describe('shown-play validator (the play only; the layout is judged by shown-game, once)', () => {
  const args = [py.str(shownGameExample.sentence)];
  const text = shownGameExample.text;
  it('accepts any layout whose "Remove:" lines win the game', () => {
    expect(judge('shown-play', args, py.none, text)).toEqual({ ok: true });
    const listed = text.replace('I FIND IT EASIER TO MAKE ONE STRING\n', "['I', 'FIND', 'IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING']\n");
    expect(judge('shown-play', args, py.none, listed + 'You win!\n')).toEqual({ ok: true });
    const loose = text.split('\n').filter((l) => l.startsWith('Remove: ')).map((l) => l.replace('Remove: ', 'removed:')).join('\n');
    expect(judge('shown-play', args, py.none, loose)).toEqual({ ok: true });
    expect(validatePlayedGame(['A', 'BA', 'A'], 'Remove: A\nRemove: A\nRemove: BA\n')).toEqual({ ok: true });
  });
  it('accepts a raise for an unwinnable game whatever was printed first (the handout only says an exception is raised)', () => {
    expect(judge('shown-play', [py.str('No way to succeed')], raised('Exception', 'x'), 'NO WAY TO SUCCEED\n')).toEqual({ ok: true });
    expect(failMessage(judge('shown-play', [py.str('No way to succeed')], py.none, 'no strategy\n'))).toBe(
      'returned without raising after printing, but this game cannot be won: the handout says "If the game cannot be won, an exception is raised"');
  });
  it('names the game a raise wrongly gave up on (upper case is what makes the handout example winnable)', () => {
    expect(failMessage(judge('shown-play', args, raised('ValueError', 'no strategy')))).toBe(
      "raised ValueError('no strategy'), but the game on ['I', 'FIND', 'IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING'] can be won, e.g. by removing ['I', 'FIND', 'IT', 'EASIER', 'STRING', 'TO', 'MAKE', 'ONE']");
  });
  it.each([
    ['nothing', '', 'printed nothing; expected a winning game: the words left, then "Remove: WORD", repeated until no word is left'],
    ['no move lines', 'I FIND IT EASIER TO MAKE ONE STRING\n', `printed no "Remove: WORD" line; expected the moves of a winning game (output begins 'I FIND IT EASIER TO MAKE ONE STRING\\n')`],
    ['lower-case moves', text.replace('Remove: I\n', 'Remove: i\n'),
      `the moves printed (the "Remove:" lines) are not a winning game of ['I', 'FIND', 'IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING']: move 1: 'i' cannot be removed: only the first word 'I' or the last word 'STRING' may be removed from ['I', 'FIND', 'IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING']`],
    ['stopping early', text.slice(0, text.indexOf('Remove: ONE')),
      `the moves printed (the "Remove:" lines) are not a winning game of ['I', 'FIND', 'IT', 'EASIER', 'TO', 'MAKE', 'ONE', 'STRING']: the strategy stops after 7 moves with 1 word left, ['ONE']; a winning strategy removes all 8 words`],
  ])('rejects %s', (_name, printed, message) => {
    expect(failMessage(judge('shown-play', args, py.none, printed))).toBe(message);
  });
});

describe('returns-nothing validator', () => {
  it('accepts None only, quoting the handout', () => {
    expect(judge('returns-nothing', [py.str('THE CAT SAT')], py.none)).toEqual({ ok: true });
    expect(failMessage(judge('returns-nothing', [py.str('THE CAT SAT')], py.strList(['THE', 'CAT', 'SAT'])))).toBe(
      `returned ['THE', 'CAT', 'SAT']; the handout says show_solved_game "does not return any value; it only displays output on the terminal", so it returns None`);
    expect(judge('returns-nothing', [py.str('THE CAT SAT')], py.bool(true)).ok).toBe(false);
  });
});

// ---------- accepted Python fixtures ----------

const acceptedDir = rootPath('fixtures', 'chiseler', 'submissions', 'accepted');
const accepted = readdirSync(acceptedDir).sort();

// Imports each fixture (output captured), calls every function on the cases, prints one JSON document.
// Values use the harness wire format; a raised exception becomes {o: 'exception:<Type>', r: repr}.
const PY_HARNESS = String.raw`
import contextlib, importlib.util, io, json, sys
def enc(v):
    if v is None or isinstance(v, (bool, str)): return v
    if isinstance(v, int): return {"i": str(v)}
    if isinstance(v, list): return {"l": [enc(x) for x in v]}
    if isinstance(v, tuple): return {"tu": [enc(x) for x in v]}
    return {"o": type(v).__name__, "r": repr(v)}
def call(f, *args):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            v = enc(f(*args))
    except Exception as e:
        v = {"o": "exception:" + type(e).__name__, "r": repr(e)}
    return {"value": v, "output": out.getvalue()}
cases = json.loads(sys.argv[2])
spec = importlib.util.spec_from_file_location("chiseler", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
import_out = io.StringIO()
with contextlib.redirect_stdout(import_out):
    spec.loader.exec_module(mod)
res = {"import_output": import_out.getvalue(), "share": [], "games": [], "shown": []}
for a, b in cases["share"]:
    res["share"].append(call(mod.share_letter, a, b))
for words in cases["games"]:
    res["games"].append({n: call(getattr(mod, n), list(words)) for n in
        ["winning_strategy", "all_winning_strategies", "num_winning_strategies"]})
for s in cases["shown"]:
    res["shown"].append(call(mod.show_solved_game, s))
print(json.dumps(res))
`;

interface Called { value: WireValue; output: string }

describe('accepted Python fixtures pass the validators', () => {
  const random = rng(7);
  const games: string[][] = [
    ...gameExamples.map((g) => [...g.words]),
    ['SA', 'SB', 'SC', 'SD', 'SE', 'SF', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM'], // 4096 strategies
    ...Array.from({ length: 12 }, () => [...new Set(randomWords(random, 2 + Math.floor(random() * 7), 'ABCDEFG', 3))]),
  ];
  const cases = {
    share: shareLetterExamples.map(([a, b]) => [a, b]),
    games,
    shown: [shownGameExample.sentence, ...unwinnableSentences, 'skilled trainer of field mice', 'perhaps we should buy fourteen red onions'],
  };

  it.each(accepted)('%s', (name) => {
    const stdout = execFileSync('python3', ['-c', PY_HARNESS, join(acceptedDir, name, 'chiseler.py'), JSON.stringify(cases)], {
      encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
    });
    const res = JSON.parse(stdout) as {
      import_output: string; share: Called[]; games: Record<string, Called>[]; shown: Called[];
    };
    expect(res.import_output).toBe('');
    res.share.forEach((c, k) => {
      expect(fromWire(c.value), `share_letter${JSON.stringify(cases.share[k])}`).toEqual(py.bool(shareLetterExamples[k][2]));
      expect(c.output).toBe('');
    });
    res.games.forEach((g, k) => {
      const args = [py.strList(games[k])];
      const where = `${name} on ${games[k].join(' ')}`;
      expect(judge('winning-strategy', args, fromWire(g.winning_strategy.value)), where).toEqual({ ok: true });
      expect(judge('all-strategies', args, fromWire(g.all_winning_strategies.value)).ok, where).toBe(true);
      expect(fromWire(g.num_winning_strategies.value), where).toEqual(py.int(numWinningStrategies(games[k])));
      // Only these "Must not print anything"; the handout asks nothing of num_winning_strategies' output.
      for (const f of ['winning_strategy', 'all_winning_strategies']) expect(g[f].output, `${f}: ${where}`).toBe('');
    });
    res.shown.forEach((c, k) => {
      const sentence = cases.shown[k];
      const winnable = !unwinnableSentences.includes(sentence);
      // Winnable: a legal win in exactly the handout's layout. Unwinnable: an exception (what is printed
      // first is not the handout's concern).
      const v = judge(winnable ? 'shown-game' : 'shown-play', [py.str(sentence)], fromWire(c.value), c.output);
      expect(v.ok, `${name}: show_solved_game(${JSON.stringify(sentence)}): ${failMessage(v)}`).toBe(true);
      if (winnable) expect(fromWire(c.value), `${name}: show_solved_game returns no value`).toEqual(py.none);
    });
    // The handout's own printed example, byte for byte (spaces at line ends aside), whenever the fixture
    // plays the handout's strategy.
    const moves = res.shown[0].output.split('\n').filter((l) => l.startsWith('Remove: ')).map((l) => l.slice(8).trim());
    const handout = gameExamples.find((g) => g.words.join(' ') === sentenceWords(shownGameExample.sentence).join(' '))!.handoutStrategy!;
    if (key(moves) === key(handout)) expect(res.shown[0].output.replace(/[ \t]+$/gm, '')).toBe(shownGameExample.text);
  });
});
