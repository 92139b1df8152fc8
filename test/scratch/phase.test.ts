import { test } from 'vitest';
import { loadAssignment } from '../../harness/assignment/load.js';
import { gradeSubmission } from '../../harness/grade/submission.js';
import { PythonSession } from '../../harness/run/python/session.js';
import '../../reference/register.js';
test('phase', async () => {
  let t00 = performance.now();
  const a = loadAssignment('ps3-mit');
  console.log('load', Math.round(performance.now() - t00));
  const sub = 'fixtures/ps3-mit/submissions/accepted/zero-counts';
  const origStart = PythonSession.prototype.start;
  let T = 0;
  PythonSession.prototype.start = async function () { const t0 = performance.now(); console.log('start at', Math.round(t0 - T)); const r = await origStart.call(this); console.log('started', Math.round(performance.now() - T), 'import', Math.round(r.duration_ms)); return r; };
  const origClose = PythonSession.prototype.close;
  PythonSession.prototype.close = async function () { console.log('close at', Math.round(performance.now() - T)); await origClose.call(this); console.log('closed', Math.round(performance.now() - T)); };
  for (let k = 0; k < 3; k++) {
    T = performance.now();
    const r = await gradeSubmission(a, sub, { parallel: 2 });
    console.log('total', Math.round(performance.now() - T), 'sum tests', Math.round(r.tests.reduce((s, t) => s + t.durationMs, 0)));
  }
}, 120000);
