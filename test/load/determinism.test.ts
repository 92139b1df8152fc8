// A verdict depends on the submission alone (issues 26 and 34): a set of submissions is graded twice, once
// as the machine is and once beside CPU hogs (four busy loops per core, for the second grading only: a CI
// runner or a TA's laptop during a batch), and every test must get the same status both times. The set holds correct programs near the CPU limit, one that
// sleeps between hands, and one test past its limit (stopped at the same place both times), in Python and in
// Java (a slow-but-correct program near half its CPU limit, one that sleeps before every answer on the
// virtual clock, one that waits for ever, and an ordinary one). Before the limits were CPU time, the slow
// ones and the sleeping ones failed on a busy machine. Issue 34 added a test past its limit whose siblings
// are not charged again (at load 6-13 one of them became a SIGKILL: RLIMIT_CPU's backstop, read as a crash),
// and a batch where a classmate shares the graders with the reference-flood submission (its tests became
// "lost contact": the grader's wall-clock timer for a driver that stopped answering).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gradeBatch } from '../../harness/batch/grade.js';
import '../../reference/register.js';
import '../../harness/grade/java-runner.js';
import { loadAssignment } from '../../harness/assignment/load.js';
import { gradeSubmission } from '../../harness/grade/submission.js';
import { languageRunners } from '../../harness/grade/runners.js';
import { rootPath } from '../../harness/paths.js';
import type { Report } from '../../harness/model/report.js';

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
  // substitute_hand loops for ever on a letter the hand lacks: charged once at its CPU limit; the property
  // test that meets the same loop is not charged again (a time limit too, never a killed process).
  { assignment: 'ps3-ocw', submission: 'fixtures/ps3-ocw/submissions/time_limit_exceeded/substitute-loops-on-absent-letter', only: ['substitute-absent-letter', 'substitute-new-letter'] },
];

/** A batch of two workers: the reference-flood submission beside two correct classmates (play_game only). */
const tmpRoot = mkdtempSync(join(tmpdir(), 'determinism-'));
const classDir = join(tmpRoot, 'class');
cpSync(rootPath('fixtures', 'hostile', 'python', 'reference-flood'), join(classDir, 'h-reference-flood'), { recursive: true });
for (const n of ['n-1', 'n-2']) cpSync(rootPath('fixtures', 'ps3-ocw', 'submissions', 'accepted', 'skeleton-del-keys'), join(classDir, n), { recursive: true });
let batches = 0;
async function gradeClass(): Promise<Report[]> {
  const { reports } = await gradeBatch(loadAssignment('ps3-ocw'), classDir, { outDir: join(tmpRoot, `out-${batches++}`), jobs: 2, only: ['play_game'] });
  return reports;
}

const hogs: ChildProcess[] = [];
function startHogs(): void {
  for (let i = 0; i < 4 * availableParallelism(); i++) hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}
function stopHogs(): void {
  for (const h of hogs.splice(0)) if (h.pid && h.exitCode === null) h.kill('SIGKILL');
}
afterAll(() => {
  stopHogs();
  rmSync(tmpRoot, { recursive: true, force: true });
});

async function gradeAll(): Promise<Report[]> {
  const reports: Report[] = [];
  for (const e of SET) {
    const a = loadAssignment(e.assignment.endsWith('.yaml') ? rootPath(e.assignment) : e.assignment);
    reports.push(await gradeSubmission(a, rootPath(e.submission), { only: e.only, runners: languageRunners() }));
  }
  return [...reports, ...(await gradeClass())];
}

// The verdict and its reason must match; the amounts measured on the way (3.08 s asleep, 80 ms of CPU) may not.
const measured = (m: string) => m.replace(/\d+(\.\d+)? ?(ms|s)\b/g, '<t>');
const statuses = (r: Report) => r.tests.map((t) => `${t.id}: ${t.status}${t.status === 'passed' ? '' : ` (${t.kind}) ${measured(t.message).slice(0, 160)}`}`);

describe('a verdict does not depend on machine load', () => {
  it('gives every test the same status on a quiet machine and beside four CPU hogs per core', async () => {
    const quiet = await gradeAll();
    let busy: Report[];
    startHogs();
    try {
      busy = await gradeAll();
    } finally {
      stopHogs();
    }
    SET.forEach((e, i) => {
      expect(statuses(busy[i]), `${e.submission} beside the CPU hogs`).toEqual(statuses(quiet[i]));
      if (e.fullMarks) expect(statuses(quiet[i]).filter((s) => !s.endsWith(': passed')), e.submission).toEqual([]);
      if (e.status) expect(quiet[i].tests.map((t) => t.status), `${e.submission}: ${statuses(quiet[i])}`).toEqual(e.only.map(() => e.status));
    });
    // The test past its limit is stopped by its CPU time, the same way both times.
    const over = quiet[2].tests.find((t) => t.id === 'count-2-64')!;
    expect(over.message).toMatch(/^time limit exceeded: used more than 1 s of CPU time/);
    // The loop is charged once, as a time limit; the property test that meets it is not charged again.
    const loops = SET.findIndex((e) => e.submission.endsWith('substitute-loops-on-absent-letter'));
    for (const r of [quiet[loops], busy![loops]]) {
      expect(r.tests.find((t) => t.id === 'substitute-absent-letter')?.kind, statuses(r).join('\n')).toBe('time_limit_exceeded');
      // Never a killed process (the failure seen at load 6-13); graded with this pair only, it is 'failed'.
      expect(r.tests.find((t) => t.id === 'substitute-new-letter')?.message, statuses(r).join('\n')).not.toMatch(/SIGKILL|lost contact/);
    }
    // The batch: each classmate gets full marks both times, whatever the flood beside it did.
    for (const [name, reports] of [['quiet', quiet], ['busy', busy!]] as const) {
      const cls = reports.slice(SET.length);
      expect(cls.map((r) => r.id), name).toEqual(['h-reference-flood', 'n-1', 'n-2']);
      for (const r of cls.slice(1)) expect(statuses(r).filter((s) => !s.endsWith(': passed')), `${r.id} in the batch, ${name}`).toEqual([]);
      expect(statuses(cls[0]), `reference-flood, ${name}`).toEqual(statuses(quiet[SET.length]));
    }
    expect(statuses(busy![SET.length + 1])).toEqual(statuses(quiet[SET.length + 1]));
  }, 1_200_000);
});
