// A JVM that cannot load gradekit's own classes (as root without bubblewrap, a test runs as a user of its own,
// who may be shut out of a folder above TMPDIR) is the machine's set-up: the run says so and what to do, and
// is never read as the program's failure (before: "the solution did not get to step 1 ... check the test").
import { describe, expect, it, vi } from 'vitest';

vi.mock('../harness/run/lockstep.js', async (orig) => ({
  ...(await orig<typeof import('../harness/run/lockstep.js')>()),
  runLockstep: async () => ({ outcome: 'exited', exitCode: 1, signal: null, transcript: '', stdout: '', stderr: 'Error: Could not find or load main class __gradekit.GradekitCalls\nCaused by: java.lang.ClassNotFoundException: __gradekit.GradekitCalls\n' }),
}));

describe('a JVM shut out of its folder', () => {
  it('is a fault of the machine\'s set-up, with what to do, not a run of the program', async () => {
    const { runCalls } = await import('../harness/run/java/calls.js');
    await expect(runCalls({ cwd: '/tmp/x', classDir: '.classes', steps: [], lists: {}, timeoutMs: 1000, maxHeap: '64m', maxOutputBytes: 1 << 20 }))
      .rejects.toThrow(/could not load gradekit's call driver in \/tmp\/x: without bubblewrap .* set TMPDIR to a folder they can pass through .* or install bubblewrap/);
  });
});
