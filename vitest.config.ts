import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './test/slow-files-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, with
    // the other core idle while tests wait on Python and Java processes. Every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    // Concurrent tests (the fixture suites) grade at most this many submissions at once per file.
    maxConcurrency: 3,
    sequence: { sequencer: SlowFilesFirst },
  },
});
