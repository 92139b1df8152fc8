// A swapped helper called once per word of the list is answered for every word in one run of the course
// solution (harness/grade/per-word-tables.ts): the pattern is read from the test's own calls.
import { describe, expect, it } from 'vitest';
import type { Assignment } from '../harness/assignment/load.js';
import { lookUp, PerWordTables, type Table } from '../harness/grade/per-word-tables.js';
import type { ReferenceCall } from '../harness/run/python/protocol.js';

const a = { words: ['tact', 'tart', 'apple', 'else'], wordLists: { short: { words: ['ox', 'on'] } } } as unknown as Assignment;
const call = (...args: ReferenceCall['args']): ReferenceCall => ({ op: 'call', id: 't', name: 'match_with_gaps', args, stdin_pos: 0 });
/** A solution that says whether the word starts with t, and counts its runs. */
function solution() {
  const runs: ReferenceCall['args'][][] = [];
  const answerAll = async (argsList: ReferenceCall['args'][]): Promise<Table> => {
    runs.push(argsList);
    return argsList.map((args) => [args, (args[1] as string).startsWith('t')]);
  };
  return { runs, answerAll };
}

describe('per-word tables', () => {
  it('answers the whole list once a test calls the function again with another word in the same place', async () => {
    const t = new PerWordTables(a), s = solution();
    expect(await t.tableFor('test-1', call('t_ _ t', 'tact'), '', undefined, s.answerAll)).toBeUndefined();
    const table = await t.tableFor('test-1', call('t_ _ t', 'tart'), '', undefined, s.answerAll);
    expect(s.runs).toEqual([[['t_ _ t', 'tact'], ['t_ _ t', 'tart'], ['t_ _ t', 'apple'], ['t_ _ t', 'else']]]);
    expect(lookUp(table!, ['t_ _ t', 'apple'])).toBe(false);
    expect(lookUp(table!, ['t_ _ t', 'tart'])).toBe(true);
    // Another test (or submission) making the same calls gets the table at its first call, with no new run.
    expect(await t.tableFor('test-2', call('t_ _ t', 'else'), '', undefined, s.answerAll)).toBe(table);
    expect(s.runs).toHaveLength(1);
    // Other fixed arguments, or another input left: another pattern.
    expect(await t.tableFor('test-2', call('a_ _ le', 'else'), '', undefined, s.answerAll)).toBeUndefined();
    expect(await t.tableFor('test-3', call('t_ _ t', 'else'), 'other input', undefined, s.answerAll)).toBeUndefined();
  });

  it('makes no table when calls differ in more than one place, or in a value that is not a word of the list', async () => {
    const t = new PerWordTables(a), s = solution();
    await t.tableFor('x', call('t_ _ t', 'tact'), '', undefined, s.answerAll);
    expect(await t.tableFor('x', call('a_ _ le', 'apple'), '', undefined, s.answerAll)).toBeUndefined();
    await t.tableFor('y', call('t_ _ t', 'tact'), '', undefined, s.answerAll);
    expect(await t.tableFor('y', call('t_ _ t', 'zebra'), '', undefined, s.answerAll)).toBeUndefined();
    expect(s.runs).toHaveLength(0);
  });

  it('reads the pattern from the last two calls: a first call with another pattern does not stop it', async () => {
    const t = new PerWordTables(a), s = solution();
    // Once with the pattern as the program spaces it, then for every word with the handout's spacing.
    expect(await t.tableFor('w', call('t _ _ t', 'tact'), '', undefined, s.answerAll)).toBeUndefined();
    expect(await t.tableFor('w', call('t_ _ t', 'tact'), '', undefined, s.answerAll)).toBeUndefined();
    const table = await t.tableFor('w', call('t_ _ t', 'tart'), '', undefined, s.answerAll);
    expect(lookUp(table!, ['t_ _ t', 'else'])).toBe(false);
    expect(s.runs).toHaveLength(1);
  });

  it("uses the test's own word list", async () => {
    const t = new PerWordTables(a), s = solution();
    await t.tableFor('z', call('_ _', 'ox'), '', 'lists/short', s.answerAll);
    await t.tableFor('z', call('_ _', 'on'), '', 'lists/short', s.answerAll);
    expect(s.runs).toEqual([[['_ _', 'ox'], ['_ _', 'on']]]);
  });
});
