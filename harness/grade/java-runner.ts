// The Java plug-in: compile once (errors reported once, with file:line), then play each game test in
// lockstep with the reference's game judge, and charge the test for the requirements it names.
import { cpSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LanguageRunner } from './submission.js';
import { error, fail, graderError, notChecked, pass, type Outcome } from './outcome.js';
import { compileJava } from '../run/java/compile.js';
import { javaCommand, prepareJavaRun } from '../run/java/run.js';
import { DEFAULT_PROFILE, mergeProfile } from '../interactive/profile.js';
import type { GameResult } from '../interactive/game.js';
import { registerRunner } from './runners.js';
import { UsageError } from '../util/errors.js';
import { studentWorkDir } from '../run/sandbox/index.js';
import { overBudget } from './submission.js';

export const javaRunner: LanguageRunner = async (a, submission, tests, opts) => {
  const outcomes = new Map<string, Outcome & { ms: number }>();
  const notices: string[] = [];
  let dir: string;
  try {
    dir = statSync(submission).isDirectory() ? submission : dirname(submission);
  } catch {
    throw new UsageError(`submission not found: ${submission}`);
  }
  const { profile, errors } = mergeProfile(DEFAULT_PROFILE, a.spec.data.profile ?? {}, `${a.spec.file}: profile`);
  if (errors.length) throw new UsageError(errors.join('\n'));
  const judge = a.adapter.game;
  if (!judge || !a.roles) throw new UsageError(`${a.spec.file}: reference '${a.adapter.id}' has no game judge or role table for interactive programs`);
  const c = await compileJava(dir, { mainClass: a.spec.data.submission.main });
  if (!c.ok) {
    const message = `does not compile: ${c.summary}`;
    for (const t of tests) outcomes.set(t.id, { ...error(message, { traceback: c.output.slice(0, 8000) }, 'compile_error'), ms: 0 });
    return { outcomes, notices, fatal: { kind: 'compile', message, detail: c.output.slice(0, 8000) } };
  }
  try {
    for (const t of tests) {
      const t0 = performance.now();
      if (opts.deadline !== undefined && t0 > opts.deadline) {
        outcomes.set(t.id, { ...overBudget(opts.budgetMs ?? 0), ms: 0 });
        continue;
      }
      if (!('game' in t)) {
        outcomes.set(t.id, { ...graderError(`only game tests can run Java programs (this is a ${Object.keys(t).find((k) => ['call', 'steps', 'run', 'property', 'rule'].includes(k))} test)`), ms: 0 });
        continue;
      }
      const run = prepareJavaRun({ classDir: c.classDir, mainClass: c.mainClass, words: a.words, submissionDir: dir, maxHeap: `${a.spec.data.defaults.memory_mb}m` });
      // The sandbox shows the program only its working directory: the classes go inside it.
      cpSync(c.classDir, join(run.cwd, '.classes'), { recursive: true });
      const command = javaCommand({ classDir: '.classes', mainClass: c.mainClass, maxHeap: `${a.spec.data.defaults.memory_mb}m` });
      const lease = studentWorkDir(run.cwd);
      try {
        const r = await judge.play(t.game, {
          command: opts.wrap ? opts.wrap(command) : command, cwd: run.cwd, words: a.words, wordsFile: a.spec.data.words?.as ?? 'dictionary.txt',
          table: a.roles, profile, timeoutMs: t.timeout ?? a.spec.data.defaults.timeout, maxOutputBytes: a.spec.data.defaults.output_cap,
        }, t.checks);
        const o = verdict(r, t.checks);
        outcomes.set(t.id, { ...o, ...(r.notices.length ? { notices: r.notices } : {}), ms: performance.now() - t0 });
      } finally {
        lease.release();
        rmSync(run.cwd, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(dirname(c.classDir), { recursive: true, force: true });
  }
  return { outcomes, notices };
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
