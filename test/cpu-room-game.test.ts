// A game test whose calls the grader serves (answers by role, the reference's helpers in place) gets its
// CPU limit's room like any other test (cpu-room.ts: stopped at half as much again, in one run). CPU time
// grows on a busy machine (CI stopped a correct program using 60% of its limit quiet), and a failure
// gradekit's measurement caused must never be charged, nor traced to a helper by the re-runs that look
// for a cause (where it showed as "your program relies on substitute_hand changing its argument").
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { rootPath } from '../harness/paths.js';

const a = loadAssignment(rootPath('specs', 'ps3-ocw.yaml'));
const ACCEPTED = rootPath('fixtures', 'ps3-ocw', 'submissions', 'accepted', 'slow-long-games');

/** The accepted program, with play_game spinning before its first question while `spins(marker)` says so. */
function variant(name: string, spins: string): string {
  const dir = mkdtempSync(join(tmpdir(), `gk-cpu-room-${name}-`));
  cpSync(ACCEPTED, dir, { recursive: true });
  const file = join(dir, 'ps3.py');
  const src = readFileSync(file, 'utf8');
  const head = '    num_hands = int(input("Enter total number of hands: "))\n';
  if (!src.includes(head)) throw new Error('fixture changed: play_game no longer starts with its hands question');
  writeFileSync(file, src.replace(head, `    import os\n    if ${spins}:\n        open('spun', 'a').write('x')\n        while True:\n            pass\n${head}`));
  return dir;
}

describe('a game test stopped at its CPU limit', () => {
  it('is a time limit, stopped once with its room, and is never traced to a helper', async () => {
    const r = await gradeSubmission(a, variant('always', 'True'), { only: ['play-game-substitute-once'] });
    const t = r.tests.find((x) => x.id === 'play-game-substitute-once')!;
    expect(t.status).toBe('error');
    expect(t.message).toMatch(/^time limit exceeded: used more than 3 s of CPU time without finishing \(stopped at 4\.5 s, half as much again/);
    expect(t.message).not.toMatch(/substitute_hand/);
  }, 120_000);
});
