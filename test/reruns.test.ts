// The fidelity mechanisms (other readings of a question, the reference's helpers swapped in, the program's own
// helpers put back, shrinking, re-measuring a CPU limit) run a test again only after it failed (issue 34): a
// correct submission is one request to its driver per test, no more.
import { expect, it, vi } from 'vitest';
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
