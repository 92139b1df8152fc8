// Grading a whole class: one submission per sub-folder (or file), graded by parallel workers, each
// result written atomically so an interrupted run resumes to exactly the results of an uninterrupted one.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import pLimit from 'p-limit';
import type { Assignment } from '../assignment/load.js';
import { gradeSubmission, selectTests, toResult, type GradeOptions } from '../grade/submission.js';
import { error, graderError } from '../grade/outcome.js';
import { totals, type Report, type TestResult } from '../model/report.js';
import type { TestData } from '../spec/schema.js';
import { renderJson } from '../report/json.js';
import { capsFromSpec } from '../report/caps.js';
import { UsageError } from '../util/errors.js';
import { defaultJobs } from '../util/jobs.js';
import { treeHash } from '../util/tree-hash.js';
import { gradekitVersion } from '../paths.js';

export interface BatchSubmission {
  id: string;
  path: string;
  /** Why this entry cannot be graded at all (a symbolic link, a device): it gets an error report. */
  refused?: string;
  /** How its id was chosen when its name alone would have clashed with another's. */
  notice?: string;
}

export interface Shard {
  index: number; // 1-based
  count: number;
}

export function parseShard(s: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(s);
  if (!m || +m[1] < 1 || +m[1] > +m[2]) throw new UsageError(`--shard must look like k/n with 1 ≤ k ≤ n (got '${s}')`);
  return { index: +m[1], count: +m[2] };
}

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Short, stable tag of a name: two names that print alike still get different ids. */
const tag = (name: string) => createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 8);

/** A file-name-safe id for an entry name: the stem when it is plain ASCII, else a readable slug plus a tag of the exact name. */
function baseId(name: string, isFile: boolean): string {
  const stem = isFile ? name.replace(/\.[^.]+$/, '') : name;
  if (SAFE.test(stem)) return stem;
  const slug = stem.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+|_+$/g, '').slice(0, 40);
  return `${slug || 'submission'}-${tag(name)}`;
}

/**
 * Submissions in a folder, sorted by name so shards and resumes see the same order everywhere. Ids are
 * unique and stable: names a file name cannot keep (non-ASCII, spaces) get a slug plus a tag of the exact
 * name, and entries whose ids would clash (alice/ and alice.py) keep their whole name, with a notice.
 * Symbolic links and special files are never followed or opened: they are listed as refused.
 */
export function discoverSubmissions(dir: string): BatchSubmission[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`submissions folder not found: ${dir}`);
  const entries = readdirSync(dir, { encoding: 'buffer' })
    .map((raw) => ({ raw, name: raw.toString('utf8') }))
    .filter(({ name }) => !name.startsWith('.') && !name.startsWith('_'))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : Buffer.compare(x.raw, y.raw)))
    .map(({ raw, name }) => {
      const path = join(dir, name);
      // A name that is not UTF-8 (a Latin-1 "müller" from an old archive) has no path a string can give:
      // that entry is refused with a word, and the rest of the class is graded.
      if (!Buffer.from(name, 'utf8').equals(raw)) {
        return { name, path, id: baseId(`${name}-${raw.toString('hex')}`, false), refused: `the name ${JSON.stringify(name)} is not valid UTF-8 (bytes ${raw.toString('hex')}): rename it, then grade it again` };
      }
      const st = lstatSync(path);
      const refused = st.isSymbolicLink()
        ? `${name} is a symbolic link (to ${readlinkSync(path)}): hand in the files themselves`
        : st.isDirectory() || st.isFile() ? undefined : `${name} is not a file or a folder (a device, pipe or socket)`;
      return { name, path, id: baseId(name, st.isFile()), refused };
    });
  const count = new Map<string, number>();
  for (const e of entries) count.set(e.id, (count.get(e.id) ?? 0) + 1);
  const taken = new Set(entries.filter((e) => count.get(e.id) === 1).map((e) => e.id));
  return entries.map((e) => {
    if (count.get(e.id) === 1) return { id: e.id, path: e.path, ...(e.refused ? { refused: e.refused } : {}) };
    // A clash: the whole name when it is safe and free, else a tag of it.
    let id = SAFE.test(e.name) && !taken.has(e.name) ? e.name : `${baseId(e.name, false).replace(/-[0-9a-f]{8}$/, '')}-${tag(e.name)}`;
    while (taken.has(id)) id = `${id}-${tag(id)}`;
    taken.add(id);
    const others = entries.filter((o) => o !== e && o.id === e.id).map((o) => o.name);
    return { id, path: e.path, notice: `graded as '${id}': its name would share the id '${e.id}' with ${others.map((o) => `'${o}'`).join(', ')}`, ...(e.refused ? { refused: e.refused } : {}) };
  });
}

export function shardOf<T>(items: T[], shard?: Shard): T[] {
  return shard ? items.filter((_, i) => i % shard.count === shard.index - 1) : items;
}

/** Content hash of a submission, for --resume (links never followed, only regular files opened: see tree-hash.ts). */
export const hashOf = treeHash;

/** What the grades depend on besides the submission, for --resume: gradekit's version, the spec, the golden
 *  files, the word list and the instructor's solution. A result made under another of them is graded again. */
export function assignmentStamp(a: Assignment): string {
  const h = createHash('sha256').update(`${gradekitVersion()}\0`);
  for (const p of [a.spec.file, join(a.fixturesDir, 'golden'), ...(a.reference.kind === 'solution' ? [a.reference.file] : [])]) {
    h.update(`${p}\0`);
    if (existsSync(p)) treeHash(p, h);
  }
  return h.update(a.words.join('\n')).digest('hex');
}

/** A stored result --resume may keep: the same submission and assignment, and graded whole (a test gradekit
 *  could not grade, or a grader fault, is graded again once the problem is fixed). */
function reusable(prev: Report, hash: string, stamp: string): boolean {
  return prev.submissionHash === hash && prev.assignmentStamp === stamp && prev.fatal?.kind !== 'grader' && !prev.tests.some((t) => t.ungraded);
}

/** Every test of a submission that could not be graded at all (no file to grade, an entry refused), not run
 *  and out of its points: 0/75 in the gradebook, not 0/0 beside classmates' 75s. A fault of gradekit's own
 *  (`ours`) costs nothing: its tests are not graded (toResult). */
function notRun(a: Assignment, tests: readonly TestData[], why: string, ours: boolean): TestResult[] {
  const o = ours ? graderError(`not run: ${why}`) : error(`not run: ${why}`, undefined, 'run_time_error');
  return tests.map((t) => toResult(a, t, o, 0));
}

/** File name for a submission's result: ids are student-chosen, so keep them filesystem-safe. */
export function resultFile(outDir: string, id: string): string {
  return join(outDir, 'results', `${id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
}

export function writeAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path); // readers see the old file or the whole new one, never half a report
}

export interface BatchProgress {
  done: number;
  total: number;
  passedAll: number;
  current?: string;
}

export interface BatchOptions extends GradeOptions {
  outDir: string;
  jobs?: number;
  resume?: boolean;
  shard?: Shard;
  onProgress?: (p: BatchProgress) => void;
  /** For tests: stop after this many submissions, as if interrupted. */
  stopAfter?: number;
}

export interface BatchResult {
  reports: Report[];
  graded: number;
  resumed: number;
  /** Entries of the folder that needed a word: an id changed to avoid a clash, or an entry refused. */
  notices: string[];
}

export async function gradeBatch(a: Assignment, dir: string, o: BatchOptions): Promise<BatchResult> {
  const subs = shardOf(discoverSubmissions(dir), o.shard);
  mkdirSync(join(o.outDir, 'results'), { recursive: true });
  const limit = pLimit(Math.max(1, o.jobs ?? defaultJobs()));
  const reports = new Map<string, Report>();
  let graded = 0, resumed = 0, done = 0, passedAll = 0, started = 0;
  const tick = (current?: string) => o.onProgress?.({ done, total: subs.length, passedAll, current });
  const stamp = assignmentStamp(a);
  tick();
  await Promise.all(
    subs.map((s) =>
      limit(async () => {
        const file = resultFile(o.outDir, s.id);
        let hash: string;
        try {
          hash = hashOf(s.path).digest('hex');
        } catch (e) {
          hash = `unreadable: ${(e as Error).message}`;
        }
        if (o.resume && existsSync(file)) {
          try {
            const prev = JSON.parse(readFileSync(file, 'utf8')) as Report;
            if (reusable(prev, hash, stamp)) {
              reports.set(s.id, prev);
              resumed++;
              done++;
              if (prev.score === prev.maxScore) passedAll++;
              tick();
              return;
            }
          } catch {
            /* unreadable: grade again */
          }
        }
        if (o.stopAfter !== undefined && started >= o.stopAfter) return;
        started++;
        let r: Report;
        try {
          if (s.refused) throw new UsageError(s.refused);
          // Every entry of the folder is a submission: a file's neighbours are other students' work.
          r = await gradeSubmission(a, s.path, { ...o, siblingsAreSubmissions: true, notices: [...(o.notices ?? []), ...(s.notice ? [s.notice] : [])] });
        } catch (e) {
          // One bad submission never spoils the batch: it gets an error report and the rest go on.
          const kind = e instanceof UsageError ? 'submission' : 'grader';
          const message = (e as Error).message;
          const tests = notRun(a, selectTests(a, o), message, kind === 'grader');
          r = { assignment: a.id, submission: s.path, score: 0, maxScore: totals(tests).maxScore, durationMs: 0, tests, fatal: { kind, message }, ...(s.notice ? { notices: [s.notice] } : {}) };
        }
        r.id = s.id;
        r.submissionHash = hash;
        r.assignmentStamp = stamp;
        if (o.shard) r.shard = `${o.shard.index}/${o.shard.count}`;
        writeAtomic(file, renderJson(r, { caps: capsFromSpec(a.spec.data.defaults) }));
        reports.set(s.id, r);
        graded++;
        done++;
        if (r.score === r.maxScore && r.maxScore > 0) passedAll++;
        tick(s.id);
      }),
    ),
  );
  const notices = subs.flatMap((s) => [...(s.notice ? [`${basename(s.path)}: ${s.notice}`] : []), ...(s.refused ? [`not graded: ${s.refused}`] : [])]);
  return { reports: subs.map((s) => reports.get(s.id)).filter((r): r is Report => r !== undefined), graded, resumed, notices };
}

/** All results in an output folder (one run, or several shard folders being merged). */
export function readResults(outDirs: string[]): Report[] {
  const byId = new Map<string, Report>();
  for (const d of outDirs) {
    const rd = join(d, 'results');
    if (!existsSync(rd)) throw new UsageError(`no results/ folder in ${d}: is it a gradekit grade --out folder?`);
    for (const f of readdirSync(rd).filter((n) => n.endsWith('.json'))) {
      const r = JSON.parse(readFileSync(join(rd, f), 'utf8')) as Report;
      byId.set(r.id ?? basename(f, '.json'), r);
    }
  }
  return [...byId.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, r]) => r);
}

/** What merging these result folders would leave out or count twice: shards of the same split missing (a
 *  "3/3" never run) or given twice, and folders whose results cover the same submission. Empty when whole. */
export function mergeGaps(outDirs: string[]): string[] {
  const problems: string[] = [];
  const shards = new Map<string, string>(); // "k/n" -> the folder holding it
  const seen = new Map<string, string>(); // submission id -> the folder holding it
  for (const d of outDirs) {
    const rd = join(d, 'results');
    if (!existsSync(rd)) continue; // readResults says so
    for (const f of readdirSync(rd).filter((n) => n.endsWith('.json'))) {
      const r = JSON.parse(readFileSync(join(rd, f), 'utf8')) as Report;
      const id = r.id ?? basename(f, '.json');
      const other = seen.get(id);
      if (other !== undefined && other !== d) problems.push(`${id} is in both ${other} and ${d}: the later one was kept`);
      seen.set(id, d);
      if (r.shard && !shards.has(r.shard)) shards.set(r.shard, d);
    }
  }
  const counts = new Set([...shards.keys()].map((k) => Number(k.split('/')[1])));
  for (const n of counts) {
    const missing = Array.from({ length: n }, (_, i) => `${i + 1}/${n}`).filter((k) => !shards.has(k));
    if (missing.length) problems.push(`shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of the ${n}-way split ${missing.length > 1 ? 'are' : 'is'} not among these folders: those submissions are not in the gradebook`);
  }
  if (counts.size > 1) problems.push(`the folders come from different splits (${[...counts].map((n) => `${n}-way`).join(', ')})`);
  return problems;
}
