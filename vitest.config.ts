import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './test/slow-files-first.js';
import { SLOW_FILES } from './test/suites.js';

// `npm test`: every test file but the slow suite (test/suites.ts: `npm run test:slow`, vitest.slow.config.ts)
// and the checks under deliberate load (test/load/: `npm run test:load`, vitest.load.config.ts).
export const shared = {
  pool: 'forks' as const,
  // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, with
  // the other core idle while tests wait on Python and Java processes. Every core gets a worker, plus
  // one to fill the gaps while the others wait (2 cores: 10:34 with 1 worker, ~4:20 with 2, ~4:04 with 3).
  maxWorkers: availableParallelism() + 1,
  // Concurrent tests (the fixture suites) grade at most this many submissions at once per file.
  maxConcurrency: 3,
  sequence: { sequencer: SlowFilesFirst },
  hookTimeout: 120_000,
  // One private TMPDIR per run, removed at its end (test/tmp-root.ts).
  globalSetup: ['./test/tmp-root.ts'],
};

export default defineConfig({
  test: {
    ...shared,
    include: ['test/**/*.test.ts'],
    exclude: ['test/load/**', '**/node_modules/**', ...SLOW_FILES.map((f) => `test/${f}`)],
    testTimeout: 60_000,
  },
});
