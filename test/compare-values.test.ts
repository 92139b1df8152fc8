// Unordered comparison (harness/compare/values.ts): equal items are paired as pyEquals pairs them (1, 1.0 and
// True are one value), each observed item at most once, and what is left over is named in the order given.
import { describe, expect, it } from 'vitest';
import { compareValues } from '../harness/compare/values.js';
import { py, type PyValue } from '../harness/model/pyvalue.js';

const list = (...v: PyValue[]) => ({ t: 'list', v }) as PyValue;

describe('unordered comparison', () => {
  it('pairs values pyEquals calls equal, whatever their type or order', () => {
    expect(compareValues(list(py.int(1n), py.str('a'), py.bool(false)), list(py.str('a'), py.bool(true), py.int(0n)), 'unordered').ok).toBe(true);
  });
  it('uses each observed item once, and names what is missing and what is extra', () => {
    const r = compareValues(list(py.str('a'), py.str('a'), py.str('b')), list(py.str('a'), py.str('c'), py.str('b'), py.str('d')), 'unordered');
    expect(r).toEqual({ ok: false, why: "expected (in any order) 3 item(s), got 4: missing 'a'; unexpected 'c', 'd'" });
  });
  it('unordered-unique names the first item seen twice', () => {
    const r = compareValues(list(py.str('a'), py.int(1n)), list(py.str('a'), py.int(1n), py.bool(true)), 'unordered-unique');
    expect(r).toEqual({ ok: false, why: 'the result contains True more than once; each item must appear once' });
  });
  it('matches a list of 80,000 words against itself reversed', () => {
    const words = Array.from({ length: 80_000 }, (_, i) => py.str(`w${i}`));
    expect(compareValues(list(...words), list(...[...words].reverse()), 'unordered').ok).toBe(true);
  });
});

describe('in-order comparison', () => {
  it('is exact comparison that also reads the order a set or dict iterates in (its repr)', () => {
    const d = (...ks: string[]) => py.dict(ks.map((k) => [py.str(k), py.int(1n)]));
    expect(compareValues(d('a', 'b'), d('b', 'a'), 'exact').ok).toBe(true);
    expect(compareValues(d('a', 'b'), d('b', 'a'), 'in-order')).toEqual({ ok: false, why: "the result holds the right items in another order: expected {'a': 1, 'b': 1}, got {'b': 1, 'a': 1}" });
    expect(compareValues(d('a', 'b'), d('a', 'b'), 'in-order').ok).toBe(true);
    expect(compareValues(d('a', 'b'), d('a', 'c'), 'in-order').ok).toBe(false);
  });
});
