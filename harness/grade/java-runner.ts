// The Java plug-in: compile once (errors reported once, with file:line), then play each game test in
// lockstep with the reference's game judge, and charge the test for the requirements it names.
import { cpSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { removeWorkDir, workDirOnExit } from '../util/shutdown.js';
import type { LanguageRunner } from './submission.js';
import { error, fail, graderError, limit, notChecked, pass, type Outcome } from './outcome.js';
import { compileJava } from '../run/java/compile.js';
import { javaCommand, prepareJavaRun } from '../run/java/run.js';
import { DEFAULT_PROFILE, mergeProfile } from '../interactive/profile.js';
import type { GameResult } from '../interactive/game.js';
import { registerRunner } from './runners.js';
import { UsageError } from '../util/errors.js';
import { studentWorkDir, type WorkDirLease } from '../run/sandbox/index.js';
import { overBudget } from './submission.js';
import { compileFailure, javaClassRunner } from './java-class-runner.js';
import { hintNear } from '../util/suggest.js';

export const javaRunner: LanguageRunner = async (a, submission, tests, opts) => {
  // A class assignment (call, steps and run tests, the course's files, the staff's solution): its own runner.
  if (a.reference.kind === 'solution' || a.spec.data.course_files.length) return javaClassRunner(a, submission, tests, opts);
  const outcomes = new Map<string, Outcome & { ms: number }>();
  const notices: string[] = [];
  let dir: string;
  try {
    dir = statSync(submission).isDirectory() ? submission : dirname(submission);
  } catch {
    throw new UsageError(`submission not found: ${submission}${hintNear(submission)}`);
  }
  const { profile, errors } = mergeProfile(DEFAULT_PROFILE, a.spec.data.profile ?? {}, `${a.spec.file}: profile`);
  if (errors.length) throw new UsageError(errors.join('\n'));
  const judge = a.adapter.game;
  if (!judge || !a.roles) throw new UsageError(`${a.spec.file}: reference '${a.adapter.id}' has no game judge or role table for interactive programs`);
  // Every game's input is scripted: the program runs on a virtual clock (its sleeps take no time).
  const c = await compileJava(dir, { mainClass: a.spec.data.submission.main, deadline: opts.deadline, virtualClock: true });
  if (!c.ok) return compileFailure(c, tests);
  notices.push(...c.notices);
  // A budget of the sandbox a game broke (all its processes over their memory): the games after it are not played.
  let broken: string | undefined;
  /** CPU time and time asleep of the games played so far: what the submission's budget counts. */
  let spent = 0;
  try {
    for (const t of tests) {
      const t0 = performance.now();
      if (broken) {
        outcomes.set(t.id, { ...limit('resource_limit_exceeded', broken), ms: 0 });
        continue;
      }
      // The budget counts what the games used (CPU time, and time asleep), not the wall clock: a loaded
      // machine must not leave the last games of a submission unplayed.
      if (opts.budgetMs !== undefined && spent > opts.budgetMs) {
        outcomes.set(t.id, { ...overBudget(opts.budgetMs ?? 0), ms: 0 });
        continue;
      }
      if (!('game' in t)) {
        outcomes.set(t.id, { ...graderError(`only game tests can run Java programs (this is a ${Object.keys(t).find((k) => ['call', 'steps', 'run', 'property', 'rule'].includes(k))} test)`), ms: 0 });
        continue;
      }
      const game = t.game;
      // One game in its own work directory (the sandbox's, and all the program sees): removed on every path.
      const play = async (timeoutMs: number) => {
        const cwd = workDirOnExit(mkdtempSync(join(tmpdir(), 'gradekit-run-')));
        let lease: WorkDirLease | undefined;
        try {
          prepareJavaRun({ classDir: c.classDir, mainClass: c.mainClass, words: a.words, listName: a.spec.data.words?.as, wordFiles: c.wordFiles, workDir: cwd });
          cpSync(c.classDir, join(cwd, '.classes'), { recursive: true });
          const command = javaCommand({ classDir: '.classes', mainClass: c.mainClass, maxHeap: `${a.spec.data.defaults.memory_mb}m` });
          lease = studentWorkDir(cwd);
          // The test's time limit is CPU time, and as long again spent waiting (harness/run/lockstep.ts).
          const r = await judge.play(game, {
            command: opts.wrap ? opts.wrap(command) : command, cwd, words: a.words, wordsFile: a.spec.data.words?.as ?? 'dictionary.txt',
            table: a.roles!, profile, ownWording: new Set(c.wording), timeoutMs, maxOutputBytes: a.spec.data.defaults.output_cap,
          }, t.checks);
          spent += (r.cpuMs ?? 0) + (r.waitedMs ?? 0);
          broken = opts.wrap?.budget?.(undefined, cwd);
          return r;
        } finally {
          lease?.release();
          removeWorkDir(cwd);
        }
      };
      const timeoutMs = t.timeout ?? a.spec.data.defaults.timeout;
      // Its CPU limit gets its room where the game is run (the lockstep runner: cpu-room.ts).
      const r = await play(timeoutMs);
      const o = broken ? limit('resource_limit_exceeded', broken) : verdict(r, t.checks);
      outcomes.set(t.id, { ...o, ...(r.notices.length ? { notices: r.notices } : {}), ms: performance.now() - t0 });
    }
  } finally {
    removeWorkDir(dirname(c.classDir));
  }
  return { outcomes, notices, literals: c.literals };
};

/** The test's outcome: a run that could not finish is charged whatever the checks; otherwise the first
 *  requirement the test names that the program broke (or '*', a program that does not play at all); then a
 *  requirement the games never showed the facts of (not checked, never a pass). Every outcome, a pass
 *  too, carries the transcript, so a report shows why a program passed. */
export function verdict(r: GameResult, checks: readonly string[]): Outcome {
  const detail = { transcript: r.transcript, ...(r.stderr ? { traceback: r.stderr.slice(-4000) } : {}) };
  if (r.kind !== 'passed') {
    const o = r.kind === 'grader_error' ? graderError(r.message, detail) : error(r.message, detail, r.kind);
    return r.crashDefect ? { ...o, defect: r.crashDefect } : o;
  }
  const v = r.violations.find((x) => x.check === '*' || checks.includes(x.check));
  if (!v) {
    const u = r.unchecked?.find((x) => checks.includes(x.check));
    return u ? notChecked(`${u.check}: ${u.reason}`, u.defect, detail) : pass(detail);
  }
  const o = fail(v.message, detail);
  // The signature names the defect, not the check: one omission seen by two checks is charged once.
  return v.defect ? { ...o, defect: v.defect } : o;
}

registerRunner('java', javaRunner);
