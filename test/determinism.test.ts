// A verdict depends on the submission alone (issue 26): a set of submissions is graded twice, once as the
// machine is and once beside a CPU hog (one busy loop per core, for the second grading only), and every
// test must get the same status both times. The set holds correct programs near the CPU limit, one that
// sleeps between hands, and one test past its limit (stopped at the same place both times), in Python and in
// Java (a slow-but-correct program near half its CPU limit, one that sleeps before every answer on the
// virtual clock, one that waits for ever, and an ordinary one). Before the limits were CPU time, the slow
// ones and the sleeping ones failed on a busy machine.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
import { rootPath } from '../harness/paths.js';
import type { Report } from '../harness/model/report.js';

interface Entry {
  /** Bundled assignment id (or a course's assignment.yaml). */
  assignment: string;
  /** The submission, relative to the project. */
  submission: string;
  /** Tests or groups to grade: the ones near a limit, and enough others (keeps the suite's CPU modest). */
  only: string[];
  /** The submission is correct: every graded test must pass, both times. */
  fullMarks?: boolean;
  /** The status every graded test must have, both times (when it is known). */
  status?: string;
}

/** The hostile Java spec: one short game per program, 3 s of CPU (test/fixtures-hostile). */
const JAVA = 'test/fixtures-hostile/evil-hangman-java-hostile.yaml';

const SET: Entry[] = [
  // Two of its play_game tests (the 3-hand games) burn about half the 3 s CPU limit; on a busy machine they
  // take longer than 3 s of wall time.
  { assignment: 'ps3-ocw', submission: 'fixtures/ps3-ocw/submissions/accepted/slow-long-games', only: ['play_game'], fullMarks: true },
  // time.sleep(2) before every hand after the first: 2 to 4 s of sleeping per play_game test.
  { assignment: 'ps3-ocw', submission: 'fixtures/ps3-ocw/submissions/accepted/sleeps-between-hands', only: ['play_game'], fullMarks: true },
  // Plain recursion on 65 words: far past its 1 s limit (an extra test), so stopped at it both times.
  { assignment: 'chiseler', submission: 'fixtures/chiseler/submissions/accepted/plain-recursive', only: ['count-2-64', 'count-damaged-cat'] },
  { assignment: JAVA, submission: 'fixtures/hostile/java/normal', only: ['short-loss'], status: 'passed' },
  // About half its CPU-time limit; on the wall clock twice as long or more beside the hog.
  { assignment: JAVA, submission: 'fixtures/hostile/java/slow-correct', only: ['short-loss'], status: 'passed' },
  // Sleeps 2.25 s before every answer, on the virtual clock.
  { assignment: JAVA, submission: 'fixtures/hostile/java/sleeper', only: ['short-loss'], status: 'passed' },
  // Waits for ever: stopped as waiting, both times.
  { assignment: JAVA, submission: 'fixtures/hostile/java/waiting', only: ['short-loss'], status: 'error' },
];

const hogs: ChildProcess[] = [];
function startHogs(): void {
  for (let i = 0; i < availableParallelism(); i++) hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}
function stopHogs(): void {
  for (const h of hogs.splice(0)) if (h.pid && h.exitCode === null) h.kill('SIGKILL');
}
afterAll(stopHogs);

async function gradeAll(): Promise<Report[]> {
  const reports: Report[] = [];
  for (const e of SET) {
    const a = loadAssignment(e.assignment.endsWith('.yaml') ? rootPath(e.assignment) : e.assignment);
    reports.push(await gradeSubmission(a, rootPath(e.submission), { only: e.only, runners: languageRunners() }));
  }
  return reports;
}

// The verdict and its reason must match; the amounts measured on the way (3.08 s asleep, 80 ms of CPU) may not.
const measured = (m: string) => m.replace(/\d+(\.\d+)? ?(ms|s)\b/g, '<t>');
const statuses = (r: Report) => r.tests.map((t) => `${t.id}: ${t.status}${t.status === 'passed' ? '' : ` (${t.kind}) ${measured(t.message).slice(0, 160)}`}`);

describe('a verdict does not depend on machine load', () => {
  it('gives every test the same status on a quiet machine and beside a CPU hog', async () => {
    const quiet = await gradeAll();
    let busy: Report[];
    startHogs();
    try {
      busy = await gradeAll();
    } finally {
      stopHogs();
    }
    SET.forEach((e, i) => {
      expect(statuses(busy[i]), `${e.submission} beside a CPU hog`).toEqual(statuses(quiet[i]));
      if (e.fullMarks) expect(statuses(quiet[i]).filter((s) => !s.endsWith(': passed')), e.submission).toEqual([]);
      if (e.status) expect(quiet[i].tests.map((t) => t.status), `${e.submission}: ${statuses(quiet[i])}`).toEqual(e.only.map(() => e.status));
    });
    // The test past its limit is stopped by its CPU time, the same way both times.
    const over = quiet[2].tests.find((t) => t.id === 'count-2-64')!;
    expect(over.message).toMatch(/^time limit exceeded: used more than 1 s of CPU time/);
  }, 300_000);
});
