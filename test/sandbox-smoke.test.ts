import { it } from 'vitest';
import '/work/main/reference/register.js';
import { loadAssignment } from '/work/main/harness/assignment/load.js';
import { gradeSubmission } from '/work/main/harness/grade/submission.js';
import { createSandbox, sandboxSupport } from '/work/main/harness/run/sandbox/index.js';
import { mkdtempSync } from 'node:fs';
it('smoke', async () => {
  console.log(sandboxSupport());
  const a = loadAssignment('/work/main/test/fixtures-hostile/chiseler-hostile.yaml');
  const sub = process.env.SUB ?? 'normal';
  const sb = createSandbox({ mode: (process.env.MODE as any) ?? 'auto', limits: { cpuSeconds: 3, memoryMb: 512 } });
  console.log(sb.kind, sb.processLimit, sb.notice);
  const t0 = Date.now();
  const r = await gradeSubmission(a, `/work/main/fixtures/hostile/python/${sub}`, { wrap: sb.wrap });
  console.log(JSON.stringify(r.tests.map(t => [t.id, t.status, t.message]), null, 1), r.fatal, r.notices, Date.now() - t0);
});
