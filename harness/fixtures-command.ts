// `gradekit fixtures <assignment>`: grades every example submission of an assignment's folder
// (fixtures/submissions/<verdict>/<name>) and checks it gets the verdict of its folder and, when wrong,
// fails exactly the tests its expect.yaml names: a spec change that stops catching a bug, or starts
// failing correct code, shows here. What a course's CI runs (see `gradekit init`).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pLimit from 'p-limit';
import { parse } from 'yaml';
import type { Assignment } from './assignment/load.js';
import { fixtureProblems, fixtureSubmissions, verdictOf, type FixtureExpectation } from './fixtures.js';
import { gradeSubmission, type GradeOptions } from './grade/submission.js';
import { startProgress, type ProgressOptions } from './report/progress.js';
import { UsageError } from './util/errors.js';
import { defaultJobs } from './util/jobs.js';

export async function fixturesCommand(a: Assignment, o: { jobs?: number; runners?: GradeOptions['runners']; progress?: ProgressOptions }): Promise<number> {
  const subs = fixtureSubmissions(a.fixturesDir, a.id);
  if (!subs.length) throw new UsageError(`no example submissions in ${relative(process.cwd(), join(a.fixturesDir, 'submissions')) || '.'}: put them in submissions/accepted/<name>/, submissions/wrong_answer/<name>/ …`);
  const progress = startProgress(`fixtures ${a.id}`, o.progress ?? {});
  progress.stage('grading the example submissions', subs.length);
  const limit = pLimit(Math.max(1, o.jobs ?? defaultJobs()));
  const rows = await Promise.all(subs.map((s) => limit(async () => {
    progress.item(`${s.verdict}/${s.name}`);
    const file = join(s.path, 'expect.yaml');
    let exp: FixtureExpectation | undefined;
    try {
      exp = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as FixtureExpectation) ?? {} : undefined;
    } catch (e) {
      return { s, problems: [`${file}: ${(e as Error).message.split('\n')[0]}`], got: '?' };
    }
    const r = await gradeSubmission(a, s.path, { runners: o.runners });
    const problems = fixtureProblems(s, r, exp);
    progress.tick(`${s.verdict}/${s.name}`, problems.length ? 'MISMATCH' : 'as expected');
    return { s, problems, got: verdictOf(r) };
  }))).finally(() => progress.done());
  const bad = rows.filter((r) => r.problems.length);
  const lines = rows.map((r) => `${r.problems.length ? '✗' : '✓'} ${r.s.verdict}/${r.s.name}${r.problems.map((p) => `\n    ${p}`).join('')}`);
  lines.push(`${rows.length} example submission(s): ${bad.length ? `${bad.length} not as expected` : 'every one got its expected verdict'}`);
  process.stdout.write(lines.join('\n') + '\n');
  return bad.length ? 1 : 0;
}
