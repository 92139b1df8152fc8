import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareCodePoints, cpLength, hardestFirst, partition } from '../reference/hangman/partition.js';

/** The obvious definition: a pattern string per word (what students write). */
function naive(words: string[], pattern: string, guess: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    const p = [...w].map((ch, i) => (ch === guess ? guess : [...pattern][i])).join('');
    if (!out.has(p)) out.set(p, []);
    out.get(p)!.push(w);
  }
  return out;
}

describe('partition', () => {
  const nine = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex'];

  it('splits the handout example into its five families, in first-appearance order', () => {
    const fams = partition(nine, '----', 'e');
    expect(fams.map((f) => [f.pattern, f.members])).toEqual([
      ['----', ['ally', 'cool', 'good']],
      ['-e--', ['beta', 'deal']],
      ['e--e', ['else']],
      ['--e-', ['flew', 'ibex']],
      ['---e', ['hope']],
    ]);
    expect(fams.map((f) => [f.size, f.dashCount, f.positions])).toEqual([
      [3, 4, []], [2, 3, [1]], [1, 2, [0, 3]], [2, 3, [2]], [1, 3, [3]],
    ]);
  });

  it('keeps revealed letters from the current pattern', () => {
    const fams = partition(['beget', 'beret', 'bevel', 'defer', 'deter', 'level'], '-e-e-', 't');
    expect(fams.map((f) => [f.pattern, f.members])).toEqual([
      ['-e-et', ['beget', 'beret']],
      ['-e-e-', ['bevel', 'defer', 'level']],
      ['-ete-', ['deter']],
    ]);
  });

  it('orders families hardest first: largest, fewest revealed, smallest pattern', () => {
    const order = hardestFirst(partition(nine, '----', 'e')).map((f) => f.pattern);
    expect(order).toEqual(['----', '--e-', '-e--', '---e', 'e--e']);
  });

  it('counts positions in code points, like Python', () => {
    const fams = partition(['a𝐀b', 'aab', '𝐀𝐀b'], '---', '𝐀');
    expect(fams.map((f) => [f.pattern, f.members])).toEqual([
      ['-𝐀-', ['a𝐀b']],
      ['---', ['aab']],
      ['𝐀𝐀-', ['𝐀𝐀b']],
    ]);
    expect(partition(['éte', 'ete'], '---', 'é').map((f) => f.pattern)).toEqual(['é--', '---']);
    expect(cpLength('a𝐀b')).toBe(3);
  });

  it('handles words longer than a 52-bit mask', () => {
    const long1 = 'e'.repeat(60), long2 = 'e'.repeat(55) + 'x'.repeat(5), long3 = 'x'.repeat(54) + 'e' + 'x'.repeat(5);
    const fams = partition([long1, long2, long1, long3], '-'.repeat(60), 'e');
    expect(fams.map((f) => f.size)).toEqual([2, 1, 1]);
    expect(fams[1].pattern).toBe('e'.repeat(55) + '-----');
    expect(fams[2].pattern).toBe('-'.repeat(54) + 'e-----');
  });

  it('agrees with the per-word pattern definition on random lists', () => {
    const word = fc.stringMatching(/^[abcde]{5}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.constantFrom(...'abcdef'), (words, guess) => {
        const got = partition(words, '-----', guess);
        const want = naive(words, '-----', guess);
        expect(got.map((f) => f.pattern)).toEqual([...want.keys()]);
        expect(got.map((f) => f.members)).toEqual([...want.values()]);
        expect(got.every((f) => f.size === f.members.length)).toBe(true);
      }),
    );
  });

  it('rejects a guess that is not one character', () => {
    expect(() => partition(['ab'], '--', 'ab')).toThrow(/exactly one character/);
    expect(() => partition(['ab'], '--', '')).toThrow(/exactly one character/);
  });

  it('compares strings in code-point order (Python), not UTF-16 order', () => {
    expect(compareCodePoints('\uffff', '𝐀')).toBe(-1); // JS '<' says the opposite
    expect('\uffff' < '𝐀').toBe(false);
    expect(compareCodePoints('-e', 'e-')).toBe(-1);
    expect(compareCodePoints('ab', 'abc')).toBe(-1);
    expect(compareCodePoints('abc', 'abc')).toBe(0);
  });
});
