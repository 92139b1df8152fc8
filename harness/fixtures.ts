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

/** What a fixture's expect.yaml says (a wrong one: exactly the scored tests its bug fails). */
export interface FixtureExpectation {
  fails?: string[];
  extra_fails?: string[];
  /** A regex the failing tests' messages must match. */
  message?: string;
  /** Scored tests that see the same defect again and keep their points as "not charged again" (exactly): the
   *  proof that they checked the rule, rather than passing without looking. */
  not_charged_again?: string[];
}

const EXPECT_LISTS = ['fails', 'not_charged_again', 'extra_fails'] as const;

/** What is wrong with an expect.yaml's own shape (empty: nothing): a misspelt key (`fail:`) or a test named
 *  alone where a list is due would otherwise read as "fails nothing". */
export function expectationProblems(exp: unknown): string[] {
  const shape = 'fails: [test ids], not_charged_again: [test ids], extra_fails: [test ids], message: a regex';
  if (exp === null || typeof exp !== 'object' || Array.isArray(exp)) return [`expect.yaml must be a mapping (${shape})`];
  const out: string[] = [];
  for (const [k, v] of Object.entries(exp)) {
    if ((EXPECT_LISTS as readonly string[]).includes(k)) {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) out.push(`expect.yaml: ${k} must be a list of test ids (${k}: [${Array.isArray(v) ? 'a, b' : String(v)}])`);
    } else if (k === 'message') {
      if (typeof v !== 'string') out.push('expect.yaml: message must be a string (a regex a failing test\'s message matches)');
    } else out.push(`expect.yaml: unknown key '${k}' (known: ${[...EXPECT_LISTS, 'message'].join(', ')})`);
  }
  return out;
}

/** Why a fixture's report is not what its folder and expect.yaml say (empty: it is). */
export function fixtureProblems(s: FixtureSubmission, r: Report, exp?: FixtureExpectation): string[] {
  const shape = exp === undefined ? [] : expectationProblems(exp);
  if (shape.length) return shape;
  const out: string[] = [];
  const failing = r.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && !t.extra).map((t) => t.id);
  const extraFailing = r.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && t.extra).map((t) => t.id);
  const got = verdictOf(r);
  if (got !== s.verdict) out.push(`verdict ${got}, expected ${s.verdict}${r.fatal ? ` (${r.fatal.message})` : failing.length ? ` (fails ${failing.join(', ')})` : ''}`);
  const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  if (exp?.extra_fails && !same(extraFailing, exp.extra_fails)) out.push(`extra tests failed: ${extraFailing.join(', ') || 'none'}; expect.yaml says ${exp.extra_fails.join(', ')}`);
  if (s.verdict === 'accepted') {
    if (r.score !== r.maxScore) out.push(`score ${r.score}/${r.maxScore}: an accepted submission gets full marks`);
  } else if (!exp) out.push('no expect.yaml naming the tests this bug fails');
  else {
    if (!same(failing, exp.fails ?? [])) out.push(`fails ${failing.join(', ') || 'nothing'}; expect.yaml says ${(exp.fails ?? []).join(', ') || 'nothing'}`);
    if (exp.not_charged_again) {
      const kept = r.tests.filter((t) => t.status === 'skipped' && !t.extra && t.message.startsWith('not charged again')).map((t) => t.id);
      if (!same(kept, exp.not_charged_again)) out.push(`not charged again: ${kept.join(', ') || 'none'}; expect.yaml says ${exp.not_charged_again.join(', ') || 'none'}`);
    }
    const messages = r.tests.filter((t) => failing.includes(t.id)).map((t) => `${t.id}: ${t.message}`).join('\n');
    if (exp.message && !new RegExp(exp.message).test(messages)) out.push(`no failing test's message matches ${JSON.stringify(exp.message)}`);
  }
  return out;
}
