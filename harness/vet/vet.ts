// `gradekit vet`: grade known-correct solutions and list every scored test any of them fails, with
// the sentence of the handout that test rests on. A suite is judged by two figures: the mutation
// score (bugs it catches, `gradekit audit`) and this false-failure figure (correct programs it fails).
import pLimit from 'p-limit';
import type { Assignment } from '../assignment/load.js';
import { discoverSubmissions } from '../batch/grade.js';
import { gradeSubmission, type GradeOptions } from '../grade/submission.js';
import type { Report, TestResult } from '../model/report.js';
import type { Progress } from '../report/progress.js';
import { defaultJobs } from '../util/jobs.js';

export interface VetFailure {
  test: { id: string; group: string; name: string; basis?: string; maxScore: number };
  /** The correct solutions that lose this test's points, with what they were told. */
  failedBy: { solution: string; message: string }[];
}

export interface VetResult {
  assignment: string;
  solutions: { id: string; path: string; score: number; maxScore: number }[];
  /** Scored tests that a correct solution fails, most frequent first. */
  failures: VetFailure[];
  /** (solution, scored test) pairs graded, and how many of them lost points. */
  pairs: { total: number; failed: number };
  durationMs: number;
}

/** A scored test result that took points from a solution (extra tests are never scored). */
export function losesPoints(t: TestResult): boolean {
  return !t.extra && t.maxScore > 0 && t.score < t.maxScore;
}

export async function vetAssignment(a: Assignment, folder: string, opts: GradeOptions & { jobs?: number; progress?: Progress } = {}): Promise<VetResult> {
  const t0 = performance.now();
  const subs = discoverSubmissions(folder);
  const limit = pLimit(Math.max(1, opts.jobs ?? defaultJobs()));
  opts.progress?.stage('grading known-correct solutions', subs.length);
  const reports: [string, string, Report][] = await Promise.all(
    subs.map((s) => limit(async () => {
      opts.progress?.item(s.id);
      const r = await gradeSubmission(a, s.path, opts);
      const lost = r.tests.filter(losesPoints).length;
      opts.progress?.tick(s.id, lost ? `${lost} scored test(s) failed` : 'full marks');
      return [s.id, s.path, r] as [string, string, Report];
    })),
  );
  return summariseVet(a.id, reports, performance.now() - t0);
}

export function summariseVet(assignment: string, reports: readonly [string, string, Report][], ms: number): VetResult {
  const byTest = new Map<string, VetFailure>();
  let total = 0, failed = 0;
  for (const [id, , r] of reports) {
    for (const t of r.tests) {
      if (t.extra || t.maxScore === 0) continue;
      total++;
      if (!losesPoints(t)) continue;
      failed++;
      let f = byTest.get(t.id);
      if (!f) byTest.set(t.id, (f = { test: { id: t.id, group: t.group, name: t.name, basis: t.basis, maxScore: t.maxScore }, failedBy: [] }));
      f.failedBy.push({ solution: id, message: r.fatal ? `${r.fatal.kind}: ${r.fatal.message}` : t.message });
    }
  }
  return {
    assignment,
    solutions: reports.map(([id, path, r]) => ({ id, path, score: r.score, maxScore: r.maxScore })),
    failures: [...byTest.values()].sort((x, y) => y.failedBy.length - x.failedBy.length || x.test.id.localeCompare(y.test.id)),
    pairs: { total, failed },
    durationMs: Math.round(ms),
  };
}

/** "0 false failures in 352 scored results (8 solutions, all at full marks)". */
export function falseFailureFigure(r: Pick<VetResult, 'pairs' | 'solutions'>): string {
  const full = r.solutions.filter((s) => s.score === s.maxScore).length;
  return `${r.pairs.failed} false failure${r.pairs.failed === 1 ? '' : 's'} in ${r.pairs.total} scored results (${r.solutions.length} known-correct solution${r.solutions.length === 1 ? '' : 's'}, ${full === r.solutions.length ? 'all' : full} at full marks)`;
}
