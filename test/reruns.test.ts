// The fidelity mechanisms (other readings of a question, the reference's helpers swapped in, the program's own
// helpers put back, shrinking, re-measuring a CPU limit) run a test again only after it failed (issue 34): a
// correct submission is one request to its driver per test, no more.
import { expect, it, vi } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { rootPath } from '../harness/paths.js';
import { PythonSession } from '../harness/run/python/session.js';
import '../reference/register.js';

it('a correct submission runs each of its tests once', async () => {
  const a = loadAssignment('ps3-mit');
  const ids: string[] = [];
  const run = PythonSession.prototype.run;
  const spy = vi.spyOn(PythonSession.prototype, 'run').mockImplementation(function (this: PythonSession, req, onCall) {
    ids.push(req.id);
    return run.call(this, req, onCall);
  });
  try {
    const r = await gradeSubmission(a, rootPath('fixtures', 'ps3-mit', 'submissions', 'accepted', 'bare-input-no-label'));
    expect(r.tests.filter((t) => t.status !== 'passed')).toEqual([]);
    // Static rules are read from the import, not run.
    const run = a.spec.data.tests.filter((t) => !('rule' in t)).map((t) => t.id);
    expect(ids.sort()).toEqual(run.sort());
  } finally {
    spy.mockRestore();
  }
}, 120_000);

it('a failing game pays for the substitution mock\'s variations only when it substituted (runs are deterministic)', async () => {
  // The accepted program that prints a total one too high and returns the right one: play-game-returns (no substitution in its answers) and
  // play-game-example (a substitution, l -> a) fail. Only the second called substitute_hand, so only its
  // failure is run again with the mock changing the hand it is given (causes.ts mockedInPlace).
  const a = loadAssignment('ps3-ocw');
  const dir = mkdtempSync(join(tmpdir(), 'gk-reruns-'));
  cpSync(rootPath('fixtures', 'ps3-ocw', 'submissions', 'accepted', 'slow-long-games'), dir, { recursive: true });
  const file = join(dir, 'ps3.py');
  const src = readFileSync(file, 'utf8');
  const tail = '    print("Total score over all hands:", total)\n    return total\n';
  expect(src, 'fixture changed: play_game no longer ends with its total').toContain(tail);
  writeFileSync(file, src.replace(tail, '    print("Total score over all hands:", total + 1)\n    return total\n'));
  const inPlace: string[] = [];
  const run = PythonSession.prototype.run;
  const spy = vi.spyOn(PythonSession.prototype, 'run').mockImplementation(function (this: PythonSession, req, onCall) {
    if ((req.patches ?? []).some((p) => 'in_place' in p && p.in_place)) inPlace.push(req.id);
    return run.call(this, req, onCall);
  });
  try {
    const r = await gradeSubmission(a, dir, { only: ['play-game-returns', 'play-game-example'] });
    const status = Object.fromEntries(r.tests.map((t) => [t.id, t.status]));
    expect(status['play-game-returns']).not.toBe('passed');
    expect(status['play-game-example']).not.toBe('passed');
    expect(inPlace).not.toContain('play-game-returns');
    expect(inPlace).toContain('play-game-example');
  } finally {
    spy.mockRestore();
  }
}, 120_000);
