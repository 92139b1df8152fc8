// The runner of Java class assignments (call, steps, property and run tests; harness/grade/java-class.ts): compile
// once with the course's files, then each test in its own JVM, two at a time (each is its own process, so
// no verdict depends on which ran before it), judged against the solution's run of the same test.
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { LanguageRunner } from './submission.js';
import { overBudget } from './submission.js';
import pLimit from 'p-limit';
import { error, fail, graderError, limit, pass, type Outcome } from './outcome.js';
import type { CompileResult } from '../run/java/compile.js';
import type { TestData } from '../spec/schema.js';
import { removeWorkDir } from '../util/shutdown.js';
import { buildClasses, expectedRun, expectedState, judgeCallsAt, judgeMain, observedState, runClassTest, solutionMisfitAt, type ClassRun, type RunPlace } from './java-class.js';
import { traceToEarlierStep } from './java-state.js';
import { unwrittenCheck } from './exception-unwritten.js';
import { batch, judgeProperty, propertyPlan, renderedCases } from './java-property.js';
import type { LockstepResult } from '../run/lockstep.js';

const runOf = (r: ClassRun): LockstepResult => ('calls' in r ? r.calls.run : r.main);

/** A submission whose classes do not compile: every test gets the compile error (or the limit that stopped
 *  javac), and the report says it once at its top. Shared with the game runner (java-runner.ts). */
export function compileFailure(c: Extract<CompileResult, { ok: false }>, tests: readonly TestData[]): Awaited<ReturnType<LanguageRunner>> {
  const o = c.limit ? limit('resource_limit_exceeded', c.summary) : error(`does not compile: ${c.summary}`, { traceback: c.output.slice(0, 8000) }, 'compile_error');
  const outcomes = new Map(tests.map((t) => [t.id, { ...o, ms: 0 }]));
  return { outcomes, notices: [], fatal: { kind: c.limit ? 'limit' : 'compile', message: o.message, ...(c.output ? { detail: c.output.slice(0, 8000) } : {}) } };
}

export const javaClassRunner: LanguageRunner = async (a, submission, tests, opts) => {
  const outcomes = new Map<string, Outcome & { ms: number }>();
  const notices: string[] = [];
  const b = await buildClasses(a, submission, opts.deadline);
  if (!b.ok) return compileFailure(b, tests);
  notices.push(...b.notices);
  const place: RunPlace = { build: b, wrap: opts.wrap, maxHeap: `${a.spec.data.defaults.memory_mb}m`, outputCap: a.spec.data.defaults.output_cap };
  /** CPU time the tests used so far: what the submission's budget counts (never the wall clock). */
  let spent = 0;
  const one = async (t: (typeof tests)[number]): Promise<Outcome> => {
    if ('rule' in t && t.rule === 'compiles') {
      return b.repaired ? { ...fail(`does not compile as handed in: ${b.repaired}; the other tests grade it as gradekit ${b.salvage ?? 'repaired it'}`), defect: 'import:compile' } : pass();
    }
    if (!('call' in t || 'steps' in t || 'run' in t || 'property' in t)) return graderError(`a Java class assignment runs call, steps, property and run tests (this is a ${Object.keys(t).find((k) => ['rule', 'game'].includes(k))} test)`);
    if (opts.budgetMs !== undefined && spent > opts.budgetMs) return overBudget(opts.budgetMs);
    if ('run' in t && b.courseError) {
      return { ...fail(`the course's ${a.spec.data.submission.main ?? 'main class'} does not compile with your classes: ${b.courseError}`), defect: b.courseDefect ?? 'signature:course-files' };
    }
    const timeoutMs = t.timeout ?? a.spec.data.defaults.timeout;
    if ('property' in t) {
      // Every generated case in one JVM, against the solution's run of the same cases (java-property.ts).
      const plan = propertyPlan(a, t);
      if ('problem' in plan) return graderError(plan.problem);
      const { steps } = batch(plan, plan.cases.map((c) => c.value_));
      const want = await expectedRun(a, t, steps, opts.wrap, renderedCases(plan));
      const got = await runClassTest(a, t, steps, place);
      spent += runOf(got).cpuMs ?? 0;
      if (!('calls' in got)) return graderError('a property test ran as a run of main');
      const r = await judgeProperty(a, t, plan, got.calls, want, place, opts.wrap, timeoutMs);
      spent += r.cpuMs;
      return r.outcome;
    }
    const steps = a.steps.get(t.id);
    const want = await expectedRun(a, t, steps, opts.wrap);
    if ('problem' in want) return graderError(want.problem);
    const misfit = solutionMisfitAt(a, t, want);
    if (misfit) return graderError(misfit);
    // Its CPU limit gets its room where the JVM is run (the lockstep runner: cpu-room.ts).
    const got = await runClassTest(a, t, steps, place);
    spent += runOf(got).cpuMs ?? 0;
    if ('calls' in want && 'calls' in got) {
      const { outcome, at } = judgeCallsAt(t, steps ?? [], got.calls, want.calls, timeoutMs, b.stubs);
      // Stopped before a step that expects an exception the class never names: that check was never written.
      const unwritten = at !== undefined ? unwrittenCheck(t, steps ?? [], want.calls, at, outcome, b.named) : undefined;
      if (unwritten) return unwritten;
      if (at === undefined || at === 0 || !steps || !/^(?:answer|raised):/.test(outcome.defect ?? '') || /:mutates-argument$/.test(outcome.defect ?? '')) return outcome;
      // A failure after other calls: did one of them leave the object wrong? (java-state.ts; failing tests only)
      const wantState = await expectedState(a, t, steps, opts.wrap);
      const seen = wantState && (await observedState(a, t, steps, at, place));
      if (!seen) return outcome;
      spent += seen.cpuMs;
      return traceToEarlierStep(outcome, steps, at, seen.state, wantState, t.group);
    }
    if ('main' in want && 'main' in got) return judgeMain(a, t, got.main, want.main, timeoutMs);
    return graderError(`the golden file of ${t.id} is of another kind of test: run gradekit golden --update`);
  };
  try {
    const two = pLimit(Math.max(1, Math.min(2, availableParallelism())));
    await Promise.all(tests.map((t) => two(async () => {
      const t0 = performance.now();
      const o = await one(t);
      outcomes.set(t.id, { ...o, ms: performance.now() - t0 });
    })));
  } finally {
    removeWorkDir(dirname(b.classDir));
  }
  return { outcomes, notices };
};
