// Grading a whole class: one submission per sub-folder (or file), graded by parallel workers, each
// result written atomically so an interrupted run resumes to exactly the results of an uninterrupted one.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import pLimit from 'p-limit';
import type { Assignment } from '../assignment/load.js';
import { gradeSubmission, type GradeOptions } from '../grade/submission.js';
import type { Report } from '../model/report.js';
import { renderJson } from '../report/json.js';
import { capsFromSpec } from '../report/caps.js';
import { UsageError } from '../util/errors.js';

export interface BatchSubmission {
  id: string;
  path: string;
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

/** Submissions in a folder, sorted by name so shards and resumes see the same order everywhere. */
export function discoverSubmissions(dir: string): BatchSubmission[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`submissions folder not found: ${dir}`);
  return readdirSync(dir)
    .filter((n) => !n.startsWith('.') && !n.startsWith('_'))
    .sort()
    .map((n) => ({ id: n.replace(/\.[^.]+$/, ''), path: join(dir, n) }));
}

export function shardOf<T>(items: T[], shard?: Shard): T[] {
  return shard ? items.filter((_, i) => i % shard.count === shard.index - 1) : items;
}

function hashOf(path: string, h = createHash('sha256')): ReturnType<typeof createHash> {
  if (statSync(path).isDirectory()) for (const e of readdirSync(path).sort()) hashOf(join(path, e), h.update(e + '\0'));
  else h.update(readFileSync(path));
  return h;
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
}

export async function gradeBatch(a: Assignment, dir: string, o: BatchOptions): Promise<BatchResult> {
  const subs = shardOf(discoverSubmissions(dir), o.shard);
  mkdirSync(join(o.outDir, 'results'), { recursive: true });
  const limit = pLimit(Math.max(1, o.jobs ?? availableParallelism()));
  const reports = new Map<string, Report>();
  let graded = 0, resumed = 0, done = 0, passedAll = 0, started = 0;
  const tick = (current?: string) => o.onProgress?.({ done, total: subs.length, passedAll, current });
  tick();
  await Promise.all(
    subs.map((s) =>
      limit(async () => {
        const file = resultFile(o.outDir, s.id);
        const hash = hashOf(s.path).digest('hex');
        if (o.resume && existsSync(file)) {
          try {
            const prev = JSON.parse(readFileSync(file, 'utf8')) as Report;
            if (prev.submissionHash === hash) {
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
          r = await gradeSubmission(a, s.path, o);
        } catch (e) {
          // One bad submission never spoils the batch: it gets an error report and the rest go on.
          r = { assignment: a.id, submission: s.path, score: 0, maxScore: 0, durationMs: 0, tests: [], fatal: { kind: 'grader', message: (e as Error).message } };
        }
        r.id = s.id;
        r.submissionHash = hash;
        writeAtomic(file, renderJson(r, { caps: capsFromSpec(a.spec.data.defaults) }));
        reports.set(s.id, r);
        graded++;
        done++;
        if (r.score === r.maxScore && r.maxScore > 0) passedAll++;
        tick(s.id);
      }),
    ),
  );
  return { reports: subs.map((s) => reports.get(s.id)).filter((r): r is Report => r !== undefined), graded, resumed };
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
