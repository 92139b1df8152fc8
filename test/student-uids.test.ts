// Student uids (harness/run/sandbox/uids.ts): a uid is claimed with a lock file; a free lock means no
// process of that uid is left, and a lock left by a dead gradekit is taken over with its processes killed.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimStudentUid, noteUncontainedStudentRun, releaseStudentUid, studentUidSupport } from '../harness/run/sandbox/uids.js';
import { runningAs } from './hostile-support.js';

const supported = studentUidSupport().ok;
const LOCKS = ['/run/gradekit-uids', '/tmp/.gradekit-uids'].find((d) => existsSync(d));

/** `sleep 60` as the uid, as a student's leftover process would run. */
function sleeperAs(uid: number): ReturnType<typeof spawn> {
  return spawn('/usr/bin/setpriv', ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '--', '/bin/sleep', '60'], { stdio: 'ignore' });
}

/** The signal that ended the process, or 'running' if it is still there after a second. */
function ended(p: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((r) => {
    if (p.exitCode !== null || p.signalCode !== null) return r(String(p.signalCode ?? p.exitCode));
    const t = setTimeout(() => r('running'), 1000);
    p.once('exit', (code, sig) => (clearTimeout(t), r(String(sig ?? code))));
  });
}

describe.skipIf(!supported)('student uids', () => {
  it("takes over a dead gradekit's lock and kills what its student left running", async () => {
    // The uid the next claim takes: claimed and released, it is free and first in line again.
    const uid = claimStudentUid()!;
    releaseStudentUid(uid);
    const orphan = sleeperAs(uid);
    await new Promise((r) => setTimeout(r, 200));
    expect(runningAs(uid)).toBe(true);
    // A gradekit that died holding it: its pid no longer exists.
    const dead = spawnSync('/bin/true').pid!;
    writeFileSync(join(LOCKS ?? '/run/gradekit-uids', String(uid)), String(dead));
    const got = claimStudentUid();
    try {
      expect(got).toBe(uid);
      expect(await ended(orphan), 'the orphan of the dead grader is killed').toBe('SIGKILL');
    } finally {
      releaseStudentUid(got!);
      orphan.kill('SIGKILL');
    }
  });

  it('after a run outside a pid namespace, releasing a uid kills every process of it, so the next claim of a free lock finds none', async () => {
    // The sleeper stands for what a student started under the limits-only fallback (inside bubblewrap,
    // the pid namespace ends it: test/sandbox-bwrap.test.ts).
    noteUncontainedStudentRun();
    const uid = claimStudentUid()!;
    const child = sleeperAs(uid);
    await new Promise((r) => setTimeout(r, 200));
    expect(runningAs(uid)).toBe(true);
    releaseStudentUid(uid);
    expect(await ended(child)).toBe('SIGKILL');
  });
});
