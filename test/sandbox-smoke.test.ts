import { it } from 'vitest';
import '/work/main/reference/register.js';
import { loadAssignment } from '/work/main/harness/assignment/load.js';
import { gradeSubmission } from '/work/main/harness/grade/submission.js';
import { createSandbox } from '/work/main/harness/run/sandbox/index.js';
import { readdirSync } from 'node:fs';
it('smoke', async () => {
  const a = loadAssignment('/work/main/test/fixtures-hostile/chiseler-hostile.yaml');
  const sb = createSandbox({ mode: (process.env.MODE as any) ?? 'auto', limits: { cpuSeconds: 3, memoryMb: 512 } });
  const subs = process.env.SUB ? process.env.SUB.split(',') : readdirSync('/work/main/fixtures/hostile/python');
  for (const sub of subs) {
    const t0 = Date.now();
    const r = await gradeSubmission(a, `/work/main/fixtures/hostile/python/${sub}`, { wrap: sb.wrap });
    console.log(`=== ${sub} ${Date.now() - t0}ms fatal=${JSON.stringify(r.fatal?.message)} notices=${JSON.stringify(r.notices)}\n` + r.tests.map(t => `  ${t.id} ${t.status} ${JSON.stringify(t.message).slice(0, 300)}`).join('\n'));
  }
}, 600000);
