// What a submission sends is bounded before the grader's thread converts it (harness/model/wire-bounds.ts),
// and a reference function called from student code runs with bounded arguments and a budget
// (harness/grade/reference-run.ts): each over-bound case fails with its size and its bound, in linear time.
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { checkMessageShape, checkWireValue, OVERSIZE_MARK, VALUE_BOUNDS } from '../harness/model/wire-bounds.js';
import { referenceCaller, REFERENCE_CALL_BOUNDS } from '../harness/grade/reference-run.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { refOptions, patchesOf, type Running } from '../harness/grade/python-tests.js';
import type { ReferenceCall } from '../harness/run/python/protocol.js';

const timed = <T>(f: () => T): [T, number] => {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
};

describe('values from a submission', () => {
  it('an int of 12 million digits is refused by its length, without converting it', () => {
    const [p, ms] = timed(() => checkWireValue({ i: '7'.repeat(12_000_000) }));
    expect(p).toEqual({ kind: 'oversize', what: 'an int of 12,000,000 digits; values are compared up to 10,000 digits' });
    expect(ms).toBeLessThan(5000); // BigInt() of it takes ~20 s, and printing it as long again
  });
  it('a giant str, too many elements, too deep a list, too many characters in all', () => {
    expect(checkWireValue('x'.repeat(VALUE_BOUNDS.strChars + 1))?.what).toBe('a str of 1,000,001 characters; values are compared up to 1,000,000 characters');
    expect(checkWireValue({ l: Array.from({ length: VALUE_BOUNDS.items + 1 }, () => null) })?.what).toMatch(/^a value of more than 1,000,000 elements/);
    let deep: unknown = { l: [] };
    for (let i = 0; i < 150; i++) deep = { l: [deep] };
    expect(checkWireValue(deep)?.what).toBe('a value nested more than 100 levels deep; values are compared up to 100 levels');
    expect(checkWireValue({ l: Array.from({ length: 5 }, () => 'y'.repeat(900_000)) })?.what).toMatch(/^a value holding more than 4,000,000 characters in all/);
  });
  it('the driver\'s own marker carries its description; what the driver never sends is tampering', () => {
    expect(checkWireValue({ o: OVERSIZE_MARK, r: 'an int of 12,041,200 digits; values are compared up to 10,000 digits' })?.kind).toBe('oversize');
    expect(checkWireValue({ i: '0x1f' })?.kind).toBe('malformed');
    expect(checkWireValue({ q: [] })?.kind).toBe('malformed');
    expect(checkWireValue([1, 2])?.kind).toBe('malformed');
  });
  it('values within the bounds pass: a word list, chiseler\'s 2**64, a hand', () => {
    expect(checkWireValue({ l: Array.from({ length: 84_000 }, (_, i) => `word${i}`) })).toBeUndefined();
    expect(checkWireValue({ i: (2n ** 64n).toString() })).toBeUndefined();
    expect(checkWireValue({ d: [['a', { i: '1' }], ['*', { i: '1' }]] })).toBeUndefined();
    expect(checkWireValue({ f: 'nan' })).toBeUndefined();
  });
  it('a message nested a million levels deep is refused before any recursive walk can overflow on it', () => {
    const msg = JSON.parse(`{"op":"result","obs":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`);
    expect(checkMessageShape(msg)).toBe('values nested more than 108 levels deep');
    expect(checkMessageShape({ op: 'result', obs: { steps: [{ value: { l: [{ i: '1' }] } }], transcript: 'x'.repeat(100) } })).toBeUndefined();
  });
});

describe('a reference function called from student code', () => {
  const a = loadAssignment('ps3-ocw');
  const t = a.spec.data.tests.find((x) => x.id === 'play-game-example') as Running;
  const { ref } = patchesOf(t, a, undefined);
  const caller = () => referenceCaller({ ...refOptions(a, t, ref, undefined), echo: true });
  const call = (args: unknown[], name = 'play_hand'): ReferenceCall => ({ op: 'call', id: 't', name, args: args as never, stdin_pos: 0 });
  const hand = (n: number) => ({ d: [['a', { i: String(n) }]] });

  it('refuses a hand of five million letters at once, in the student\'s process, naming the bound', () => {
    const [reply, ms] = timed(() => caller()(call([hand(5_000_000), { n: 'word_list' }])));
    expect(reply).toEqual({ raise: { type: 'ValueError', message: "gradekit: this test runs the reference's play_hand(), and this call was passed numbers adding up to more than 100,000 (a hand of that many letters?), more than the grader evaluates" } });
    expect(ms).toBeLessThan(5000); // evaluating it took ~45 s per call
  });
  it('refuses an argument over a value bound with its size', () => {
    const reply = caller()(call(['w'.repeat(2_000_000), hand(1), { n: 'word_list' }], 'is_valid_word'));
    expect(reply.raise?.message).toBe("gradekit: this test runs the reference's is_valid_word(), and this call was passed a str of 2,000,000 characters; values are compared up to 1,000,000 characters");
  });
  it('plays a real hand as before, and a hand at the bound still answers quickly', () => {
    const c = caller();
    const normal = c({ ...call([{ d: [['a', { i: '1' }], ['c', { i: '1' }], ['t', { i: '1' }]] }, { n: 'word_list' }]), stdin_pos: 3 });
    expect(normal.raise).toBeUndefined();
    const [big, ms] = timed(() => caller()(call([hand(REFERENCE_CALL_BOUNDS.magnitude), { n: 'word_list' }])));
    expect(big.raise).toBeUndefined();
    expect(big.output!.length).toBeGreaterThan(2 * REFERENCE_CALL_BOUNDS.magnitude); // the hand, shown at every turn
    expect(ms).toBeLessThan(5000);
  });
  it('stops once one test\'s calls have used up their budget', () => {
    const c = caller();
    const orig = process.cpuUsage;
    let tick = 0;
    // A CPU clock that runs 100 ms at every look: each call seems slow, and together they use up the budget
    // (the budget is the grader's CPU time, so a busy machine cannot use it up).
    process.cpuUsage = ((prev?: NodeJS.CpuUsage) => {
      const u = orig.call(process, prev);
      return { user: u.user + 100_000 * tick++, system: u.system };
    }) as typeof process.cpuUsage;
    try {
      let reply = c(call([hand(1), { n: 'word_list' }]));
      for (let i = 0; i < 100 && !reply.raise; i++) reply = c(call([hand(1), { n: 'word_list' }]));
      expect(reply.raise?.message).toMatch(/^gradekit: (the reference's play_hand\(\) used up the time the grader gives one test's reference calls|this test's calls of the reference functions used up the 2 s the grader gives them)/);
      expect(c(call([hand(1), { n: 'word_list' }])).raise?.message).toBe("gradekit: this test's calls of the reference functions used up the 2 s the grader gives them");
    } finally {
      process.cpuUsage = orig;
    }
  });
});
