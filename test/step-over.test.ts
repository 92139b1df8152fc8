// The runs past a crash (harness/grade/step-over.ts), with made-up runs: which lines are stepped over, when it
// stops, and the time a submission may give them.
import { describe, expect, it } from 'vitest';
import { stepOverCrash, type SteppedTest } from '../harness/grade/step-over.js';
import { error, pass, type Outcome } from '../harness/grade/outcome.js';
import type { TestData } from '../harness/spec/schema.js';

const game = { id: 'play', call: 'play_hand(h, word_list)', stdin: ['!!'] } as unknown as TestData;
const crash = (line: number, defect = `raised:TypeError:${line}@play_hand`): Outcome => ({ ...error(`raised TypeError (line ${line})`), defect, raisedAt: line, blind: 'play_hand' });

describe('stepOverCrash', () => {
  it('steps over each next crash until the run gets through, and keeps that run beside the first', async () => {
    const asked: number[][] = [];
    const run = async (v: SteppedTest) => { asked.push(v.stepOver!); return v.stepOver!.length < 3 ? crash(10 + v.stepOver!.length) : pass(); };
    const o = await stepOverCrash(game, crash(10), run);
    expect(asked).toEqual([[10], [10, 11], [10, 11, 12]]);
    expect(o.steppedOver).toEqual({ lines: [10, 11, 12], outcome: pass() });
    expect(o.message).toBe('raised TypeError (line 10)');
  });

  it('stops where a line cannot be stepped over, a name is left unbound, or gradekit failed: those runs are not used', async () => {
    const same = await stepOverCrash(game, crash(10), async () => crash(10));
    expect(same.steppedOver).toBeUndefined();
    const unbound = await stepOverCrash(game, crash(10), async (v) => (v.stepOver!.length === 1 ? crash(11) : crash(12, 'raised:NameError:count@play_hand')));
    expect(unbound.steppedOver?.lines).toEqual([10]);
    // After lines repaired only (a typo'd name spelt right: nothing dropped), a name with no value is the
    // program's own next typo: stepped over too, and the run kept as the program meant it.
    const repaired = (line: number, how: string[], defect?: string): Outcome => ({ ...crash(line, defect), steppedHow: how });
    const typos = await stepOverCrash(game, crash(10), async (v) => (v.stepOver!.length === 1 ? repaired(12, ['respelled'], 'raised:UnboundLocalError:guess@play_hand') : { ...pass(), steppedHow: ['respelled', 'respelled'] }));
    expect(typos.steppedOver).toEqual({ lines: [10, 12], outcome: pass(), repaired: true });
    const dropped = await stepOverCrash(game, crash(10), async (v) => (v.stepOver!.length === 1 ? repaired(12, ['dropped'], 'raised:NameError:count@play_hand') : pass()));
    expect(dropped.steppedOver).toBeUndefined();
    const ours = await stepOverCrash(game, crash(10), async () => error('the driver failed', undefined, 'grader_error'));
    expect(ours.steppedOver).toBeUndefined();
  });

  it('never for a rule that something does not happen, nor once the submission has spent its time on such runs', async () => {
    let runs = 0;
    const run = async () => { runs++; return pass(); };
    expect((await stepOverCrash({ ...game, unchanged_args: true } as TestData, crash(10), run)).steppedOver).toBeUndefined();
    expect((await stepOverCrash(game, crash(10), run, { spentMs: 60_000 })).steppedOver).toBeUndefined();
    expect(runs).toBe(0);
    const budget = { spentMs: 0 };
    // The budget counts the CPU the runs used (the session's clock), not the wall clock.
    let cpu = 0;
    await stepOverCrash(game, crash(10), async () => { runs++; cpu += 7; return pass(); }, budget, () => cpu);
    expect(runs).toBe(1);
    expect(budget.spentMs).toBe(7);
  });
});
