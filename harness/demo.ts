// `npm start`: grade the bundled example submissions and print a readable summary.
// Every assignment's examples go into one pool, the longest first (a time-limit example spends its whole limit,
// a Java one starts a JVM per game), so that no core idles at the end waiting for a slow one that started last.
// What it is doing shows as it goes (harness/report/progress.ts: a live line on a terminal, a line per stage
// otherwise); each assignment's results print as soon as it and the ones listed before it are graded.
import pc from 'picocolors';
import pLimit from 'p-limit';
import { listAssignments, loadAssignment, type Assignment } from './assignment/load.js';
import { fixtureSubmissions, verdictOf, type FixtureSubmission } from './fixtures.js';
import { gradeSubmission } from './grade/submission.js';
import { languageRunners } from './grade/runners.js';
import { scoredFailures, type Report } from './model/report.js';
import { isLive, startProgress, type ProgressFlags, progressFlags } from './report/progress.js';
import { defaultJobs } from './util/jobs.js';

interface Planned {
  a: Assignment;
  sub: FixtureSubmission;
  /** Position in the assignment's block. */
  index: number;
}

/** Examples expected to take longest go first: a time limit is spent in full, a JVM starts per game. */
const weight = (p: Planned) => (p.sub.verdict === 'time_limit_exceeded' ? 2 : 0) + (p.a.spec.data.language === 'java' ? 1 : 0);

/** `assignments`: the ones to grade (all bundled ones by default). */
export async function demoCommand(o: { all: boolean; color: boolean; assignments?: string[] } & ProgressFlags): Promise<number> {
  const c = o.color ? pc : pc.createColors(false);
  const t0 = performance.now();
  const progress = startProgress('npm start', progressFlags(o));
  // On a terminal the live line sits on stderr: results printed to the same terminal go above it.
  let toTerminal = isLive(process.stderr) && !o.quiet && Boolean(process.stdout.isTTY);
  const print = (text: string) => (toTerminal ? progress.log(text.replace(/\n$/, '')) : process.stdout.write(text));
  print(c.dim(`Grading the bundled example submissions (${o.all ? 'every one' : 'two of each verdict per assignment'})…\n`));

  const ids = o.assignments ?? listAssignments();
  progress.stage('loading the assignments', ids.length);
  const blocks: (string | undefined)[] = [];
  const plans: Planned[] = [];
  const pendingOf = new Map<string, number>();
  const rows = new Map<string, string[]>();
  ids.forEach((id, i) => {
    progress.item(id);
    try {
      const a = loadAssignment(id);
      const subs = fixtureSubmissions(a.fixturesDir, id);
      const chosen = o.all ? subs : sample(subs);
      if (!chosen.length) blocks[i] = `${c.bold(id)}  ${c.dim('no example submissions bundled')}\n`;
      chosen.forEach((sub, index) => plans.push({ a, sub, index }));
      pendingOf.set(id, chosen.length);
      rows.set(id, new Array<string>(chosen.length));
    } catch (e) {
      blocks[i] = `${c.bold(id)}  ${c.yellow('not available:')} ${(e as Error).message.split('\n')[0]}\n`;
    }
    progress.tick(id);
  });

  let printed = 0;
  const flush = () => {
    while (printed < ids.length && blocks[printed] !== undefined) print(blocks[printed++]!);
  };
  flush();
  let mismatches = 0;
  const limit = pLimit(defaultJobs());
  progress.stage(`grading ${plans.length} example submissions of ${new Set(plans.map((p) => p.a.id)).size} assignments`, plans.length);
  const order = [...plans].sort((x, y) => weight(y) - weight(x));
  const gradeOne = async (p: Planned) => {
    const name = `${p.a.id} ${p.sub.verdict}/${p.sub.name}`;
    progress.item(name);
    const r = await gradeSubmission(p.a, p.sub.path, { runners: languageRunners() });
    const got = verdictOf(r);
    const ok = got === p.sub.verdict;
    if (!ok) mismatches++;
    const firstFail = scoredFailures(r.tests)[0];
    const why = r.fatal ? r.fatal.message : firstFail ? `${firstFail.group}: ${firstFail.message}` : '';
    rows.get(p.a.id)![p.index] = `  ${ok ? c.green('✓') : c.red('✗')} ${pad(`${p.sub.verdict}/${p.sub.name}`, 44)} ${pad(`${fmt(r.score)}/${fmt(r.maxScore)}`, 9)} ${c.dim(truncate(why, 90))}`;
    progress.tick(name, ok ? `${fmt(r.score)}/${fmt(r.maxScore)}, ${got} as expected` : `got ${got}, expected ${p.sub.verdict}`);
    const left = pendingOf.get(p.a.id)! - 1;
    pendingOf.set(p.a.id, left);
    if (left === 0) {
      blocks[ids.indexOf(p.a.id)] = [c.bold(`${p.a.id} — ${p.a.spec.data.title} (${p.a.spec.data.tests.length} tests)`), ...rows.get(p.a.id)!].join('\n') + '\n';
      flush();
    }
  };
  try {
    await Promise.all(order.map((p) => limit(() => gradeOne(p))));
  } finally {
    progress.done(`${plans.length} graded`);
    toTerminal = false; // no live line any more: the rest goes to stdout
  }
  flush();
  const total = plans.length;
  print(['', `${total} example submission(s) graded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${mismatches ? c.red(`${mismatches} got an unexpected verdict`) : c.green('every one got its expected verdict')}.`,
    c.dim('Grade your own: bin/gradekit check <assignment> <file-or-folder>   (assignments: bin/gradekit list)'), ''].join('\n'));
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
