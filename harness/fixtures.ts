// Fixture submissions, Kattis-style: fixtures/<assignment>/submissions/<verdict>/<name>, where the
// folder a submission sits in is the verdict it must get. The test suite and `npm start` both use this.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from './model/report.js';
import { KINDS, kindOfStatus, worstVerdict } from './model/kinds.js';

export const VERDICTS = ['accepted', 'wrong_answer', 'run_time_error', 'time_limit_exceeded', 'compile_error'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface FixtureSubmission {
  assignment: string;
  verdict: Verdict;
  name: string;
  path: string;
}

export function fixtureSubmissions(fixturesDir: string, assignment: string): FixtureSubmission[] {
  const base = join(fixturesDir, 'submissions');
  if (!existsSync(base)) return [];
  const out: FixtureSubmission[] = [];
  for (const verdict of VERDICTS) {
    const dir = join(base, verdict);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.') || name.endsWith('.md')) continue;
      out.push({ assignment, verdict, name, path: join(dir, name) });
    }
  }
  return out;
}

/** The verdict a report amounts to, in Kattis terms. */
export function verdictOf(r: Report): Verdict {
  if (r.fatal?.kind === 'compile') return 'compile_error';
  // Extra tests (beyond the handout) are reported but never decide a verdict.
  const kinds = r.tests.filter((t) => !t.extra).map((t) => t.kind ?? kindOfStatus(t.status));
  if (r.fatal && !kinds.some((k) => KINDS[k].verdict !== 'accepted')) return 'run_time_error';
  return worstVerdict(kinds);
}
