import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.config.js';
import { SLOW_FILES } from './test/suites.js';

// `npm run test:slow`: the whole-class and whole-fixture checks kept out of `npm test` (test/suites.ts says
// which and why). CI runs it after `npm test`.
const gone = SLOW_FILES.filter((f) => !existsSync(new URL(`./test/${f}`, import.meta.url)));
if (gone.length) throw new Error(`test/suites.ts names test files that do not exist: ${gone.join(', ')}`);

export default defineConfig({
  test: {
    ...shared,
    // One worker per core: each slow file already grades several submissions at once, each with its own
    // processes; a third worker only stretched every wall-clock budget (CI, 2026-11-29: the ps3-ocw audit
    // sample took over 600 s beside the rest, 175 s alone) without finishing the suite sooner.
    maxWorkers: availableParallelism(),
    include: SLOW_FILES.map((f) => `test/${f}`),
    testTimeout: 300_000,
  },
});
