// Mutation audit: how many realistic bugs does a spec catch? Mutants of an accepted solution are
// graded with the spec exactly as students are; a mutant is killed when any test fails. Survivors
// are probed for equivalence, and the score is killed / (killed + surviving non-equivalent).
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import type { Assignment } from '../assignment/load.js';
import { fixtureSubmissions } from '../fixtures.js';
import { gradeSubmission, type GradeOptions } from '../grade/submission.js';
import { languageRunners } from '../grade/runners.js';
import { scoredFailures, type Report } from '../model/report.js';
import { UsageError } from '../util/errors.js';
import { EquivalenceChecker } from './equivalence.js';
import { summariseVet } from '../vet/vet.js';
import { generateMutants, mutationSubject, spread, type Mutant, type MutationOp } from './mutants.js';
import { probesFor } from './probes.js';
import type { Progress } from '../report/progress.js';

export interface AuditOptions {
  /** The solution to mutate (default: the assignment's first accepted fixture). */
  submission?: string;
  /** At most this many mutants, evenly spread over the file (default: all). */
  limit?: number;
  /** Only these mutation operators. */
  ops?: MutationOp[];
  /** Mutants graded at once (default 2: each grading runs its own Python or Java processes). */
  jobs?: number;
  /** Grading seed (as `check --seed`). */
  seed?: number;
  /** Skip the equivalence probes (every survivor counts). */
  noEquivalence?: boolean;
  /** Skip grading the accepted fixtures for the false-failure figure beside the score (`gradekit vet` gives it alone). */
  noVet?: boolean;
  /** Told each stage, each mutant as it starts, and each one done with its status (harness/report/progress.ts). */
  progress?: Pick<Progress, 'stage' | 'item' | 'tick'>;
}

export type MutantStatus = 'killed' | 'survived' | 'equivalent' | 'tolerated';

export interface MutantResult extends Omit<Mutant, 'source'> {
  status: MutantStatus;
  /** Tests that failed (killed) on this mutant. */
  killedBy: string[];
  /** Survivors: the first input on which the mutant differs from the original, or why it is equivalent. */
  note?: string;
  /** A rewording the spec charged anyway: a correct program rejected (transcripts judged by meaning). */
  falseKill?: true;
}

export interface KillerStat {
  test: string;
  kills: number;
  /** Mutants no other test kills. */
  sole: number;
}

export interface AuditResult {
  assignment: string;
  submission: string;
  mutants: MutantResult[];
  generated: number;
  killed: number;
  survived: number;
  equivalent: number;
  tolerated: number;
  /** killed / (killed + survived), in percent, one decimal. */
  score: number;
  killers: KillerStat[];
  byOp: Record<string, { total: number; killed: number; survived: number }>;
  /** Probe inputs used for equivalence (0 when the reference has none). */
  probes: number;
  durationMs: number;
  /** The other side of a suite: correct programs it rejects (the accepted fixtures, graded like gradekit vet). */
  falseFailures?: { failed: number; total: number; solutions: number; fullMarks: number; tests: string[] };
}

/** The solution an audit mutates: the given one, or the first accepted fixture, or else the course's own solution. */
export function auditSubject(a: Assignment, submission?: string): string {
  if (submission) return submission;
  const acc = fixtureSubmissions(a.fixturesDir, a.id).filter((s) => s.verdict === 'accepted');
  if (acc.length) return acc[0].path;
  if (a.reference.kind === 'solution' && a.reference.present) return a.reference.file;
  throw new UsageError(`${a.id} has no accepted fixture to mutate: pass one with --submission <file>`);
}

/** A mutant as a submission: a copy of the solution's folder (or its one file) with the mutated file in place. */
function stageMutant(dir: string, submission: string, m: Mutant): string {
  const sub = join(dir, m.id);
  rmSync(sub, { recursive: true, force: true });
  if (statSync(submission).isDirectory()) cpSync(submission, sub, { recursive: true });
  mkdirSync(dirname(join(sub, m.file)), { recursive: true });
  writeFileSync(join(sub, m.file), m.source);
  return sub;
}

/** A test's time limit for mutants: a few times what the original needed (an infinite loop stops fast). */
function cappedAssignment(a: Assignment, baseline: Report): Assignment {
  const ms = new Map(baseline.tests.map((t) => [t.id, t.durationMs]));
  const tests = a.spec.data.tests.map((t) => {
    const limit = t.timeout ?? a.spec.data.defaults.timeout;
    return { ...t, timeout: Math.min(limit, Math.max(500, Math.ceil(8 * (ms.get(t.id) ?? limit)))) };
  });
  return { ...a, spec: { ...a.spec, data: { ...a.spec.data, tests } } };
}

// Only scored tests count: a test beyond the handout (extra) neither kills a mutant nor needs to pass.
const passedAll = (r: Report) => !r.fatal && !scoredFailures(r.tests).length;

export async function auditAssignment(a: Assignment, opts: AuditOptions = {}): Promise<AuditResult> {
  const t0 = performance.now();
  const submission = auditSubject(a, opts.submission);
  const subject = mutationSubject(a, submission);
  const progress = opts.progress;
  // Mutants first: a solution that does not parse is told at once, with its file:line, before a whole grading.
  progress?.stage('making mutants');
  let mutants = await generateMutants(subject);
  progress?.stage('grading the solution to mutate');
  // Tests beyond the handout neither kill a mutant nor must pass: they are not run at all. A mutant is
  // graded as a submission is (`check`): the same runners, a Java mutant compiled with the course's files.
  const scored = a.spec.data.tests.filter((t) => !t.extra).map((t) => t.id);
  const grading: GradeOptions = { seed: opts.seed, only: scored, runners: languageRunners() };
  const baseline = await gradeSubmission(a, submission, grading);
  if (!passedAll(baseline)) {
    const bad = scoredFailures(baseline.tests);
    const why = baseline.fatal ? baseline.fatal.message : `fails ${bad.map((t) => t.id).join(', ')} (${bad[0]?.id}: ${(bad[0]?.message ?? '').slice(0, 200)})`;
    throw new UsageError(`the solution to mutate must pass every test first; ${submission}: ${why}`);
  }
  const capped = cappedAssignment(a, baseline);
  if (opts.ops?.length) mutants = mutants.filter((m) => opts.ops!.includes(m.op));
  const generated = mutants.length;
  if (opts.limit) mutants = spread(mutants, opts.limit);

  const meaning = a.judge === 'meaning';
  // The probes run in the Python driver; without them (an instructor's solution as the reference, any Java
  // assignment) every survivor counts.
  const probing = !opts.noEquivalence && a.spec.data.language === 'python' && probesFor(a).length > 0;
  const checker = probing ? new EquivalenceChecker(a, submission, opts.seed ?? 0) : undefined;
  if (checker) progress?.stage('starting the equivalence probes');
  await checker?.start();
  progress?.stage('grading mutants', mutants.length);
  const dir = mkdtempSync(join(tmpdir(), `gradekit-audit-${a.id}-`));
  const limit = pLimit(opts.jobs ?? 2);
  try {
    const results = await Promise.all(
      mutants.map((m) =>
        limit(async (): Promise<MutantResult> => {
          const { source, ...meta } = m;
          const name = `${m.id} ${m.op} line ${m.line}`;
          progress?.item(name);
          const sub = stageMutant(dir, submission, m);
          const report = await gradeSubmission(capped, sub, grading);
          let killedBy = scoredFailures(report.tests).map((t) => t.id);
          if (killedBy.length && report.tests.every((t) => !killedBy.includes(t.id) || t.kind === 'time_limit_exceeded')) {
            // Killed only by the tightened time limits: confirm with the spec's own limits (a busy machine is not a bug).
            const again = await gradeSubmission(a, sub, { ...grading, only: killedBy });
            killedBy = scoredFailures(again.tests).map((t) => t.id);
          }
          let r: MutantResult;
          if (meaning && m.op === 'prompt-text') {
            // Judged by meaning, a reworded prompt or message is never a bug: not a kill, and if a test
            // failed it anyway, that is a correct program rejected.
            r = killedBy.length
              ? { ...meta, status: 'tolerated', killedBy, falseKill: true, note: `only a rewording, yet ${killedBy.join(', ')} failed it: the judge charges wording` }
              : { ...meta, status: 'tolerated', killedBy: [], note: 'only a rewording: judged by meaning, not a bug' };
          } else if (killedBy.length || report.fatal) r = { ...meta, status: 'killed', killedBy, ...(report.fatal && !killedBy.length ? { note: report.fatal.message } : {}) };
          else if (!checker) r = { ...meta, status: 'survived', killedBy: [] };
          else {
            const eq = await checker.check(source);
            r = eq.kind === 'equivalent' ? { ...meta, status: 'equivalent', killedBy: [], note: `same results, output and arguments on ${checker.probeCount} generated inputs` }
              : { ...meta, status: eq.kind === 'tolerated' ? 'tolerated' : 'survived', killedBy: [], note: eq.note };
          }
          progress?.tick(name, r.status === 'killed' ? `killed by ${r.killedBy.slice(0, 3).join(', ') || 'a fatal error'}${r.killedBy.length > 3 ? ', …' : ''}` : r.status);
          return r;
        }),
      ),
    );
    const falseFailures = opts.noVet ? undefined : await vetAccepted(a, opts.seed);
    return { ...summarise(a.id, submission, results, generated, checker?.probeCount ?? 0, performance.now() - t0), ...(falseFailures ? { falseFailures } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The accepted fixtures graded as `gradekit vet` does: the false-failure figure beside the score. */
async function vetAccepted(a: Assignment, seed?: number): Promise<AuditResult['falseFailures']> {
  const acc = fixtureSubmissions(a.fixturesDir, a.id).filter((s) => s.verdict === 'accepted');
  if (!acc.length) return undefined;
  const limit = pLimit(2);
  const reports = await Promise.all(acc.map((s) => limit(async () => [s.name, s.path, await gradeSubmission(a, s.path, { seed, runners: languageRunners() })] as [string, string, Report])));
  const v = summariseVet(a.id, reports, 0);
  return { failed: v.pairs.failed, total: v.pairs.total, solutions: v.solutions.length, fullMarks: v.solutions.filter((s) => s.score === s.maxScore).length, tests: v.failures.map((f) => f.test.id) };
}

export function summarise(assignment: string, submission: string, mutants: MutantResult[], generated: number, probes: number, ms: number): AuditResult {
  const count = (s: MutantStatus) => mutants.filter((m) => m.status === s).length;
  const killed = count('killed');
  const survived = count('survived');
  const kills = new Map<string, KillerStat>();
  for (const m of mutants) {
    for (const t of m.killedBy) {
      const k = kills.get(t) ?? { test: t, kills: 0, sole: 0 };
      k.kills++;
      if (m.killedBy.length === 1) k.sole++;
      kills.set(t, k);
    }
  }
  const byOp: AuditResult['byOp'] = {};
  for (const m of mutants) {
    const o = (byOp[m.op] ??= { total: 0, killed: 0, survived: 0 });
    o.total++;
    if (m.status === 'killed') o.killed++;
    if (m.status === 'survived') o.survived++;
  }
  return {
    assignment,
    submission,
    mutants,
    generated,
    killed,
    survived,
    equivalent: count('equivalent'),
    tolerated: count('tolerated'),
    score: killed + survived ? Math.round((1000 * killed) / (killed + survived)) / 10 : 100,
    killers: [...kills.values()].sort((x, y) => y.kills - x.kills || y.sole - x.sole || x.test.localeCompare(y.test)),
    byOp,
    probes,
    durationMs: Math.round(ms),
  };
}
