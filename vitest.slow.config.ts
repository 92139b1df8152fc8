import { existsSync } from 'node:fs';
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
    include: SLOW_FILES.map((f) => `test/${f}`),
    testTimeout: 300_000,
  },
});
