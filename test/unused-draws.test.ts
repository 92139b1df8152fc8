// Values a program draws and never uses (harness/grade/unused-draws.ts): the re-runs a failure with extra
// draws gets, and, on a real game, that a program which throws a dealt hand away keeps its points while a
// replay that deals a new hand (a real bug) is still charged.
import { describe, expect, it } from 'vitest';
import { drawCounts, unusedDrawPlans, MAX_PLANS } from '../harness/grade/unused-draws.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { rootPath } from '../harness/paths.js';
import type { WirePatch } from '../harness/run/python/protocol.js';
import '../reference/register.js';

const hands: WirePatch = { name: 'deal', kind: 'sequence', values: ['H1', 'H2', 'S1', 'S2'] };
const calls = (name: string, n: number) => Array.from({ length: n }, () => ({ name, args: [] }));

describe('the re-runs of a failure with more draws than the reference', () => {
  it('puts spare values at every placement of the extra draws, the reference values in order elsewhere', () => {
    const d = drawCounts([hands], { deal: 3 }, calls('deal', 2))!;
    expect(d.ref).toEqual({ deal: 2 });
    const plans = unusedDrawPlans(d);
    expect(plans.map((p) => (p.vary.patches![0] as { values: string[] }).values)).toEqual([
      ['S1', 'H1', 'H2', 'S2'],
      ['H1', 'S1', 'H2', 'S2'],
      ['H1', 'H2', 'S1', 'S2'],
    ]);
    expect(plans[1]!.note).toMatch(/deal\(\) was called 3 times .* calls it 2 times; .* at the 2nd call the test passes/);
  });
  it('sets aside calls of a reference function that drew from the random generator by their place', () => {
    const ref: WirePatch = { name: 'deal', kind: 'reference' };
    const plans = unusedDrawPlans(drawCounts([ref], { deal: 4 }, calls('deal', 3))!);
    expect(plans.map((p) => p.vary.spare)).toEqual([{ deal: [0] }, { deal: [1] }, { deal: [2] }, { deal: [3] }]);
  });
  it('tries nothing when the program drew no more than the reference, there is no spare value, or too many placements', () => {
    expect(unusedDrawPlans(drawCounts([hands], { deal: 2 }, calls('deal', 2))!)).toEqual([]);
    expect(unusedDrawPlans(drawCounts([{ ...hands, values: ['H1', 'H2'] } as WirePatch], { deal: 3 }, calls('deal', 2))!)).toEqual([]);
    expect(unusedDrawPlans(drawCounts([hands], { deal: 12 }, calls('deal', 2))!).length).toBeLessThanOrEqual(MAX_PLANS);
    expect(unusedDrawPlans(drawCounts([hands], { deal: 12 }, calls('deal', 2))!)).toEqual([]);
    // A course solution's run reports no calls: nothing to compare with.
    expect(drawCounts([hands], { deal: 3 }, undefined)).toBeUndefined();
  });
});

describe('on a real game', () => {
  const a = loadAssignment('ps3-ocw');
  const sub = (verdict: string, name: string) => rootPath('fixtures', 'ps3-ocw', 'submissions', verdict, name);
  it('a program that deals a hand it never plays keeps every point, with a note', async () => {
    const r = await gradeSubmission(a, sub('accepted', 'deals-a-hand-it-throws-away'), { only: ['play-game-example', 'play-game-hand-size'] });
    expect(r.tests.map((t) => [t.id, t.status])).toEqual([['play-game-example', 'passed'], ['play-game-hand-size', 'passed']]);
    const notes = r.tests.flatMap((t) => t.notices ?? []).join('\n');
    expect(notes).toMatch(/deal_hand\(\) was called 3 times .*handout's program calls it 2 times/);
  }, 120_000);
  it('a replay that deals a new hand still fails: the extra hand is played', async () => {
    const r = await gradeSubmission(a, sub('wrong_answer', 'replay-dealt-hand'), { only: ['play-game-example'] });
    expect(r.tests[0]!.status).toBe('failed');
  }, 120_000);
});
