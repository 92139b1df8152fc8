// The audit end to end on chiseler (small operator subsets, so it stays quick): mutants graded with the
// spec, survivors explained with the input that exposes them, equivalent mutants listed apart.
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { auditAssignment } from '../harness/audit/audit.js';
import { renderAudit } from '../harness/audit/render.js';

const chiseler = loadAssignment('chiseler');
const subject = 'fixtures/chiseler/submissions/accepted/first-word-first';

/** The spec with only some of its tests: a deliberately weak suite. */
function only(a: Assignment, groups: string[]): Assignment {
  const tests = a.spec.data.tests.filter((t) => groups.includes(t.group ?? ''));
  return { ...a, spec: { ...a.spec, data: { ...a.spec.data, tests } } };
}

describe('gradekit audit', () => {
  it('kills wrong return values and recognises the equivalent one', async () => {
    const told: string[] = [];
    const progress = { stage: (s: string, n?: number) => told.push(`stage ${s}${n === undefined ? '' : ` ${n}`}`), item: () => {}, tick: (name?: string, note?: string) => told.push(`${name}: ${note}`) };
    const r = await auditAssignment(chiseler, { submission: subject, ops: ['return-none'], progress, noVet: true });
    expect(r.mutants.length).toBe(7);
    // Progress: each stage, then every mutant with its fate.
    expect(told.slice(0, 4)).toEqual(['stage making mutants', 'stage grading the solution to mutate', 'stage starting the equivalence probes', 'stage grading mutants 7']);
    const ticks = told.slice(4);
    expect(ticks).toHaveLength(7);
    for (const m of r.mutants) {
      const tick = ticks.find((t) => t.startsWith(`${m.id} return-none line ${m.line}: `));
      expect(tick, m.id).toMatch(m.status === 'killed' ? /: killed by \S/ : new RegExp(`: ${m.status}$`));
    }
    const eq = r.mutants.filter((m) => m.status === 'equivalent');
    // `return memo[(start, end)]` -> `return None`: a memo hit only ever holds None in this solution.
    expect(eq.map((m) => m.line)).toEqual([19]);
    expect(r.killed).toBe(6);
    expect(r.score).toBe(100);
    expect(r.killers[0].kills).toBeGreaterThan(0);
    const text = renderAudit(r);
    expect(text).toMatch(/Mutation score: 100%/);
    expect(text).toMatch(/Equivalent \(same behaviour on every probe\): 1\n  m\d+ line 19 in winning_strategy: returned None/);
  }, 120_000);

  it('shows what a weak suite lets through, with the input that exposes each survivor', async () => {
    const weak = only(chiseler, ['rules', 'share_letter', 'num_winning_strategies']);
    const r = await auditAssignment(weak, { submission: subject, ops: ['compare'], limit: 6, noVet: true });
    expect(r.falseFailures, 'noVet: the accepted fixtures are not graded').toBeUndefined();
    const survivors = r.mutants.filter((m) => m.status === 'survived');
    expect(survivors.length).toBeGreaterThan(0);
    for (const s of survivors) {
      expect(['winning_strategy', 'all_winning_strategies', 'show_solved_game']).toContain(s.function);
      expect(s.note).toMatch(/\(\[|\('/); // the probe call that tells it apart, e.g. winning_strategy(['A', 'B'])
    }
    expect(r.score).toBeLessThan(100);
    const text = renderAudit(r);
    expect(text).toMatch(/Surviving mutants \(\d+\): bugs the spec lets through/);
    expect(text).toMatch(/^ {2}-.*\n {2}\+/m); // a unified diff
  }, 120_000);

  it('refuses a solution that does not pass the spec', async () => {
    await expect(auditAssignment(chiseler, { submission: 'fixtures/chiseler/submissions/wrong_answer/count-forgets-share-check' })).rejects.toThrow(/must pass every test first; .* fails count-damaged-cat/);
  }, 60_000);
});
