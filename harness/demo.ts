// `npm start`: grade the bundled example submissions and print a readable summary.
import pc from 'picocolors';
import pLimit from 'p-limit';
import { availableParallelism } from 'node:os';
import { listAssignments, loadAssignment } from './assignment/load.js';
import { fixtureSubmissions, verdictOf, type FixtureSubmission } from './fixtures.js';
import { gradeSubmission } from './grade/submission.js';
import { languageRunners } from './grade/runners.js';
import { scoredFailures, type Report } from './model/report.js';

export async function demoCommand(o: { all: boolean; color: boolean }): Promise<number> {
  const c = o.color ? pc : pc.createColors(false);
  const t0 = performance.now();
  const limit = pLimit(Math.max(1, availableParallelism()));
  const lines: string[] = [];
  process.stdout.write(c.dim('Grading the bundled example submissions (two of each verdict per assignment)…\n'));
  let mismatches = 0;
  let total = 0;
  for (const id of listAssignments()) {
    let a;
    try {
      a = loadAssignment(id);
    } catch (e) {
      process.stdout.write(`${c.bold(id)}  ${c.yellow('not available:')} ${(e as Error).message.split('\n')[0]}\n`);
      continue;
    }
    const subs = fixtureSubmissions(a.fixturesDir, id);
    const chosen = o.all ? subs : sample(subs);
    if (!chosen.length) {
      process.stdout.write(`${c.bold(id)}  ${c.dim('no example submissions bundled')}\n`);
      continue;
    }
    const reports = await Promise.all(chosen.map((s) => limit(() => gradeSubmission(a, s.path, { runners: languageRunners() }).then((r) => [s, r] as const))));
    const block: string[] = [c.bold(`${id} — ${a.spec.data.title} (${a.spec.data.tests.length} tests)`)];
    for (const [s, r] of reports) {
      total++;
      const got = verdictOf(r);
      const ok = got === s.verdict;
      if (!ok) mismatches++;
      const firstFail = scoredFailures(r.tests)[0];
      const why = r.fatal ? r.fatal.message : firstFail ? `${firstFail.group}: ${firstFail.message}` : '';
      block.push(
        `  ${ok ? c.green('✓') : c.red('✗')} ${pad(`${s.verdict}/${s.name}`, 44)} ${pad(`${fmt(r.score)}/${fmt(r.maxScore)}`, 9)} ${c.dim(truncate(why, 90))}`,
      );
    }
    process.stdout.write(block.join('\n') + '\n'); // as each assignment finishes, so the wait is visible
  }
  lines.push('');
  lines.push(`${total} example submission(s) graded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${mismatches ? c.red(`${mismatches} got an unexpected verdict`) : c.green('every one got its expected verdict')}.`);
  lines.push(c.dim('Grade your own: bin/gradekit check <assignment> <file-or-folder>   (assignments: bin/gradekit list)'));
  process.stdout.write(lines.join('\n') + '\n');
  return mismatches ? 1 : 0;
}

/** Two examples of each verdict: a quick, representative tour (`--all` grades every one). */
function sample(subs: FixtureSubmission[]): FixtureSubmission[] {
  const by = new Map<string, FixtureSubmission[]>();
  for (const s of subs) by.set(s.verdict, [...(by.get(s.verdict) ?? []), s]);
  return [...by.entries()].flatMap(([, list]) => list.slice(0, 2));
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const truncate = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s).replace(/\n/g, ' ');
export type { Report };
