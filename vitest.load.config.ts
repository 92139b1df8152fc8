import { defineConfig } from 'vitest/config';

// `npm run test:load`: the checks that load the machine on purpose (four busy loops per core beside a
// grading) and take minutes, kept out of `npm test` so that the suite stays fast.
export default defineConfig({
  test: {
    include: ['test/load/**/*.test.ts'],
    testTimeout: 1_500_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One file at a time: the hogs are the load; another worker beside them would only add to it.
    maxWorkers: 1,
    globalSetup: ['./test/tmp-root.ts'],
  },
});
