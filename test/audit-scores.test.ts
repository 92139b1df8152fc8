// Suite self-check (issue 10): each Python assignment's spec kills at least 90% of the non-equivalent
// mutants of a correct solution. CI grades an even sample of 30 mutants per assignment; the full
// audit (`gradekit audit <assignment>`, 150-350 mutants) is reported in the closing note.
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { auditAssignment } from '../harness/audit/audit.js';

describe.each(['chiseler', 'hangman-313e', 'ps3-mit', 'ps3-ocw'])('%s spec', (id) => {
  it('kills at least 90% of a sample of mutants', async () => {
    // The kill rate only: the false-failure figure is vet's (test/vet.test.ts, test/course-ps2.test.ts).
    const r = await auditAssignment(loadAssignment(id), { limit: 30, noVet: true });
    const survivors = r.mutants.filter((m) => m.status === 'survived').map((m) => `line ${m.line} in ${m.function}: ${m.desc}`);
    expect(r.mutants.length).toBe(30);
    expect(r.score, `survivors:\n${survivors.join('\n')}`).toBeGreaterThanOrEqual(90);
  }, 1_800_000); // the machine's time (a busy 2-core CI runner: 175 s alone, over 600 s beside the slow suite), never a verdict
});
