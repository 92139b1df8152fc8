// Finding which earlier step left a class's object wrong (harness/grade/java-state.ts), on made-up results:
// the observers a test would call after each step, the step blamed, and the cases that blame nothing.
import { describe, expect, it } from 'vitest';
import { parseStep } from '../harness/spec/pyexpr.js';
import { fail } from '../harness/grade/outcome.js';
import { firstWrongState, observingChanges, probedSteps, splitProbed, traceToEarlierStep, type StateLog } from '../harness/grade/java-state.js';
import type { StepResult } from '../harness/run/java/calls.js';

const steps = ["m = HangmanManager(['book', 'cook', 'look', 'bark'], 4, 7)", "m.record('o')", 'm.pattern()'].map(parseStep);
const str = (v: string) => ({ value: { t: 'str' as const, v } });
const words = (...w: string[]) => ({ value: { t: 'set' as const, v: w.map((v) => ({ t: 'str' as const, v })) } });
const want: StateLog = [
  { words: words('bark', 'book', 'cook', 'look'), pattern: str('- - - -') },
  { words: words('book', 'cook', 'look'), pattern: str('- o o -') },
  { words: words('book', 'cook', 'look'), pattern: str('- o o -') },
];
const first = { ...fail('m.pattern() returned "- - - -", expected "- o o -"'), defect: 'answer:pattern:text' };

describe('probedSteps', () => {
  it('calls every observer on the object after each step that makes or calls it, and says where each result goes', () => {
    const p = probedSteps([...steps, parseStep('HangmanManager(small, 0, 5)')], ['pattern', 'words']);
    expect(p.steps.map((s) => s.source)).toEqual([steps[0]!.source, 'm.pattern()', 'm.words()', "m.record('o')", 'm.pattern()', 'm.words()', 'm.pattern()', 'm.pattern()', 'm.words()', 'HangmanManager(small, 0, 5)']);
    const results = p.steps.map((_, i) => ({ i, value: { t: 'int', v: String(i) }, out: '', outBytes: 0 }) as StepResult);
    const { own, state } = splitProbed(results, p.origin, 4);
    expect(own.map((r) => r?.i)).toEqual([0, 3, 6, 9]);
    expect(state[1]).toEqual({ pattern: { value: { t: 'int', v: '4' } }, words: { value: { t: 'int', v: '5' } } });
    expect(state[3]).toBeNull(); // a step on no object
  });
  it('an observer with a side effect is seen: the solution\'s own results change when it is called', () => {
    const r = (v: string) => ({ i: 0, value: { t: 'int', v }, out: '', outBytes: 0 }) as StepResult;
    expect(observingChanges([r('1'), r('2')], [r('1'), r('2')])).toBe(false);
    expect(observingChanges([r('1'), r('2')], [r('1'), r('3')])).toBe(true);
  });
});

describe('tracing a failure to an earlier step', () => {
  it('a pattern() wrong because record kept the wrong family is record\'s defect, the failure as it showed kept', () => {
    const got: StateLog = [want[0]!, { words: words('bark'), pattern: str('- - - -') }];
    expect(firstWrongState(steps, 2, got, want)).toMatchObject({ step: 1, observer: 'words' });
    const o = traceToEarlierStep(first, steps, 2, got, want);
    expect(o.defect).toBe('helpers:any:record');
    expect(o.untraced).toEqual({ defect: 'answer:pattern:text', message: first.message });
    expect(o.message).toMatch(/after m\.record\('o'\) the object differs from the solution's \(m\.words\(\) \["bark"\], expected \["book".*the defect is in record/);
  });
  it('blames nothing when only the failing method\'s own observer differs (its display is wrong, not the state)', () => {
    const got: StateLog = [want[0]!, { words: want[1]!.words!, pattern: str('- - - -') }];
    expect(traceToEarlierStep(first, steps, 2, got, want)).toBe(first);
  });
  it('an observer already wrong right after construction is no witness (a words() of another type from the start)', () => {
    const got: StateLog = [{ words: words('bark'), pattern: str('- - - -') }, { words: words('bark'), pattern: str('- - - -') }];
    expect(firstWrongState(steps, 2, got, want)).toBeUndefined();
  });
  it('blames nothing for the right items in another order (compare: in-order): how the method keeps them is its own defect', () => {
    const got: StateLog = [want[0]!, { words: words('bark'), pattern: str('- - - -') }];
    const order = { ...fail('m.words() returned ["look", "book", "cook"], expected ["book", "cook", "look"]'), defect: 'answer:words:order' };
    expect(traceToEarlierStep(order, steps, 2, got, want)).toBe(order);
    expect(traceToEarlierStep(first, steps, 2, got, want).defect).toBe('helpers:any:record');
  });
  it("a collection that lost items is blamed on the call after which the failing method's own observer first disagreed", () => {
    const ws = ["m = HangmanManager(['book', 'cook', 'look', 'bark'], 4, 7)", "m.record('z')", 'm.words()'].map(parseStep);
    const same: StateLog = [{ words: words('bark', 'book', 'cook', 'look'), pattern: str('- - - -') }, { words: words('bark', 'book', 'cook', 'look'), pattern: str('- - - -') }];
    const emptied: StateLog = [same[0]!, { words: words(), pattern: str('- - - -') }];
    const lost = { ...fail('m.words() returned [], expected ["bark", "book", "cook", "look"]'), defect: 'answer:words:fewer-items' };
    expect(traceToEarlierStep(lost, ws, 2, emptied, same).defect).toBe('helpers:any:record');
    // In a test of record's own rule, what only words() itself shows is that test's own failure.
    expect(traceToEarlierStep(lost, ws, 2, emptied, same, 'record')).toBe(lost);
    // The same observer shown wrongly as text is not a witness of its own failure.
    const shown = { ...fail('m.pattern() returned "-  - -", expected "- - - -"'), defect: 'answer:pattern:whitespace' };
    const ps = ["m = HangmanManager(['book'], 4, 7)", "m.record('z')", 'm.pattern()'].map(parseStep);
    expect(traceToEarlierStep(shown, ps, 2, [same[0]!, { ...same[0]!, pattern: str('-  - -') }], same)).toBe(shown);
  });
  it('blames nothing when the earlier step is a call of the method the test failed at', () => {
    const twice = ["m = HangmanManager(['book', 'cook', 'look', 'bark'], 4, 7)", "m.record('o')", "m.record('k')"].map(parseStep);
    const got: StateLog = [want[0]!, { words: words('bark'), pattern: str('- - - -') }];
    const o = { ...fail('m.record(\'k\') returned 1, expected 0'), defect: 'answer:record:number' };
    expect(traceToEarlierStep(o, twice, 2, got, want)).toBe(o);
  });
});
