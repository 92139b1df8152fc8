import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './test/slow-files-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/load/: the checks under deliberate machine load, run by `npm run test:load` (vitest.load.config.ts).
    exclude: ['test/load/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, with
    // the other core idle while tests wait on Python and Java processes. Every core gets a worker, plus
    // one to fill the gaps while the others wait (2 cores: 10:34 with 1 worker, ~4:20 with 2, ~4:04 with 3).
    maxWorkers: availableParallelism() + 1,
    // Concurrent tests (the fixture suites) grade at most this many submissions at once per file.
    maxConcurrency: 3,
    sequence: { sequencer: SlowFilesFirst },
  },
});
