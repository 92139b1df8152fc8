// The runner of Java class assignments (call, steps and run tests; harness/grade/java-class.ts): compile
// once with the course's files, then each test in its own JVM, two at a time (each is its own process, so
// no verdict depends on which ran before it), judged against the solution's run of the same test.
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { LanguageRunner } from './submission.js';
import { overBudget } from './submission.js';
import { error, graderError, limit, type Outcome } from './outcome.js';
import { removeWorkDir } from '../util/shutdown.js';
import { buildClasses, expectedRun, judgeCalls, judgeMain, runClassTest, type ClassRun, type RunPlace } from './java-class.js';
import type { LockstepResult } from '../run/lockstep.js';

const cpuStopped = (r: ClassRun) => { const run = 'calls' in r ? r.calls.run : r.main; return run.outcome === 'timeout' && run.limit === 'cpu'; };
const runOf = (r: ClassRun): LockstepResult => ('calls' in r ? r.calls.run : r.main);

export const javaClassRunner: LanguageRunner = async (a, submission, tests, opts) => {
  const outcomes = new Map<string, Outcome & { ms: number }>();
  const notices: string[] = [];
  const b = await buildClasses(a, submission, opts.deadline);
  if (!b.ok) {
    const o = b.limit ? limit('resource_limit_exceeded', b.summary) : error(`does not compile: ${b.summary}`, { traceback: b.output.slice(0, 8000) }, 'compile_error');
    for (const t of tests) outcomes.set(t.id, { ...o, ms: 0 });
    return { outcomes, notices, fatal: { kind: b.limit ? 'limit' : 'compile', message: o.message, ...(b.output ? { detail: b.output.slice(0, 8000) } : {}) } };
  }
  notices.push(...b.notices);
  const place: RunPlace = { build: b, wrap: opts.wrap, maxHeap: `${a.spec.data.defaults.memory_mb}m`, outputCap: a.spec.data.defaults.output_cap };
  /** CPU time the tests used so far: what the submission's budget counts (never the wall clock). */
  let spent = 0;
  const one = async (t: (typeof tests)[number]): Promise<Outcome> => {
    if ('rule' in t && t.rule === 'compiles') {
      return b.repaired ? { ...error(`does not compile as handed in: ${b.repaired}; the other tests grade it with that line repaired`, undefined, 'compile_error'), status: 'failed', kind: 'wrong_answer', defect: 'import:compile' } : { status: 'passed', kind: 'passed', message: '' };
    }
    if (!('call' in t || 'steps' in t || 'run' in t)) return graderError(`a Java class assignment runs call, steps and run tests (this is a ${Object.keys(t).find((k) => ['property', 'rule', 'game'].includes(k))} test)`);
    if (opts.budgetMs !== undefined && spent > opts.budgetMs) return overBudget(opts.budgetMs);
    if ('run' in t && b.courseError) {
      return { ...error(`the course's ${a.spec.data.submission.main ?? 'main class'} does not compile with your classes: ${b.courseError}`, undefined, 'compile_error'), status: 'failed', kind: 'wrong_answer', defect: b.courseDefect ?? 'signature:course-files' };
    }
    const steps = a.steps.get(t.id);
    const timeoutMs = t.timeout ?? a.spec.data.defaults.timeout;
    const want = await expectedRun(a, t, steps, opts.wrap);
    if ('problem' in want) return graderError(want.problem);
    let got = await runClassTest(a, t, steps, place);
    spent += runOf(got).cpuMs ?? 0;
    // Near the limit, measured again: a run stopped at its CPU limit runs once more, and either run that
    // finished is the verdict (a loaded machine must not decide it).
    if (cpuStopped(got)) {
      const again = await runClassTest(a, t, steps, place);
      spent += runOf(again).cpuMs ?? 0;
      if (!cpuStopped(again)) got = again;
    }
    if ('calls' in want && 'calls' in got) return judgeCalls(t, steps ?? [], got.calls, want.calls, timeoutMs);
    if ('main' in want && 'main' in got) return judgeMain(a, t, got.main, want.main, timeoutMs);
    return graderError(`the golden file of ${t.id} is of another kind of test: run gradekit golden --update`);
  };
  try {
    const queue = [...tests];
    const width = Math.max(1, Math.min(2, availableParallelism()));
    await Promise.all(Array.from({ length: width }, async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        const t0 = performance.now();
        const o = await one(t);
        outcomes.set(t.id, { ...o, ms: performance.now() - t0 });
      }
    }));
  } finally {
    removeWorkDir(dirname(b.classDir));
  }
  return { outcomes, notices };
};
