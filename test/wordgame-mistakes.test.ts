// The PS3 reference's known mistakes, as the charging uses them: which ones a right answer of
// is_valid_word rules out (and on which inputs it says nothing), and which ones a game's total over all
// hands shows, recomputed from the hands the program played.
import { describe, expect, it } from 'vitest';
import { py, type PyValue } from '../harness/model/pyvalue.js';
import type { RefContext } from '../harness/model/reference.js';
import { WORDGAME_REFUTERS } from '../reference/wordgame/explain.js';
import { gameTotalMistakes } from '../reference/wordgame/explain-totals.js';

const hand = (counts: Record<string, number>): PyValue => py.dict(Object.entries(counts).map(([k, n]) => [py.str(k), py.int(n)]));
const words = ['hello', 'bubble', 'honey', 'loll'];
const ctx = { words: new Set(words), options: { variant: 'ocw' } } as unknown as RefContext;
const refuted = (word: string, counts: Record<string, number>, right: boolean) =>
  WORDGAME_REFUTERS.is_valid_word!({ args: [py.str(word), hand(counts), py.list(words.map(py.str))], right: py.bool(right), ctx });

describe('is_valid_word: what a right answer rules out', () => {
  it("'hello' refused with one l rules out ignoring counts, and using held letters without limit", () => {
    expect(refuted('hello', { h: 1, e: 1, l: 1, o: 1 }, false)).toEqual(expect.arrayContaining(['ignores-counts', 'overuses-letters']));
    expect(refuted('hello', { h: 1, e: 1, l: 1, o: 1 }, false)).not.toContain('zero-count-held');
  });
  it("'hello' refused with o at 0 rules out taking a zero count as held", () => {
    expect(refuted('hello', { h: 1, e: 1, l: 2, o: 0 }, false)).toEqual(expect.arrayContaining(['zero-count-held', 'ignores-counts']));
  });
  it('a word with the wildcard or in capitals says nothing: another mistake of the program may decide it', () => {
    expect(refuted('l*ll', { l: 2, '*': 1 }, false)).toBeUndefined();
    expect(refuted('HELLO', { h: 1, e: 1, l: 1, o: 1 }, false)).toBeUndefined();
  });
});

/** play_hand calls: each [hand id, score]; a call with the hand of the call before it is its replay. */
const played = (...calls: [string, number][]) => calls.map(([h, score]) => ({ name: 'play_hand', args: [py.str(h)], result: py.int(score) }));
const named = (calls: ReturnType<typeof played>, value: number) => gameTotalMistakes(calls)!.mistakes.filter((m) => m.value === value).map((m) => m.defect);

describe('play_game: the mistakes of a total over all hands', () => {
  it('the right total is each hand counted once, by the better of its plays', () => {
    expect(gameTotalMistakes(played(['a', 198], ['a', 45], ['b', 0]))!.right).toBe(198);
  });
  it('a worse replay that adds nothing and a declined replay that adds nothing give different totals', () => {
    // The example game: hand a declined (198), hand b replayed better (27, then 90).
    expect(named(played(['a', 198], ['b', 27], ['b', 90]), 90)).toEqual(['declined-replay-adds-nothing', 'last-hand-only']);
    // A worse replay of the first hand, then a hand of 0.
    expect(named(played(['a', 198], ['a', 45], ['b', 0]), 0)).toEqual(['replay-not-better-adds-nothing', 'last-hand-only']);
  });
  it('a replay that adds both scores, or replaces the first, is named', () => {
    expect(named(played(['a', 198], ['a', 45], ['b', 0]), 243)).toEqual(['replay-adds-both']);
    expect(named(played(['a', 198], ['a', 45], ['b', 0]), 45)).toEqual(['replay-replaces']);
  });
  it('a total none of them gives, or a call that raised, names nothing', () => {
    expect(named(played(['a', 198], ['a', 45], ['b', 0]), 7)).toEqual([]);
    expect(gameTotalMistakes([{ name: 'play_hand', args: [py.str('a')] }])).toBeUndefined();
  });
});
