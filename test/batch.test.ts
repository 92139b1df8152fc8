// Batch grading: an interrupted run resumes to the results of an uninterrupted one, and shards
// merged equal a single run. 200 submissions (copies of the chiseler fixtures).
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { fixtureSubmissions } from '../harness/fixtures.js';
import { gradeBatch, readResults, parseShard } from '../harness/batch/grade.js';
import { mergeCommand, writeOutputs } from '../harness/batch/command.js';
import type { Report } from '../harness/model/report.js';

const a = loadAssignment('chiseler');
let classDir: string;
const N = 200;
// Batch behaviour does not depend on the spec's size: a few fast tests keep 600 gradings affordable.
const only = a.spec.data.tests.slice(0, 4).map((t) => t.id);

/** Timing differs run to run; everything else must be identical. */
function stable(reports: Report[]): unknown {
  return JSON.parse(JSON.stringify(reports, (k, v) => (k === 'durationMs' || k === 'ms' ? 0 : v)));
}

beforeAll(() => {
  classDir = mkdtempSync(join(tmpdir(), 'gk-class-'));
  const subs = fixtureSubmissions(a.fixturesDir, 'chiseler');
  for (let i = 0; i < N; i++) {
    const s = subs[i % subs.length];
    cpSync(s.path, join(classDir, `student${String(i).padStart(3, '0')}`), { recursive: true });
  }
  // A broken submission and a formula-injection name must not spoil anything.
  mkdirSync(join(classDir, '=HYPERLINK("x")'));
  writeFileSync(join(classDir, '=HYPERLINK("x")', 'chiseler.py'), 'def share_letter(:\n');
});

describe('gradekit grade', () => {
  let full: Report[];
  it('grades 200+ submissions, reporting progress', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gk-out-'));
    const seen: number[] = [];
    const r = await gradeBatch(a, classDir, { outDir: out, jobs: 2, only, onProgress: (p) => seen.push(p.done) });
    full = readResults([out]);
    expect(r.graded).toBe(N + 1);
    expect(full).toHaveLength(N + 1);
    expect(seen.at(-1)).toBe(N + 1);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    const csv = writeOutputs(full, out, ['junit', 'html'], false);
    expect(csv).toMatch(/Scores/);
    // The HTML report: an index linking one page per submission, each in html/submissions/.
    const pages = readdirSync(join(out, 'html', 'submissions'));
    expect(pages).toHaveLength(N + 1);
    const index = readFileSync(join(out, 'html', 'index.html'), 'utf8');
    for (const p of pages) expect(index).toContain(`href="submissions/${p}"`);
    const grades = readFileSync(join(out, 'grades.csv'), 'utf8');
    expect(grades).toContain(`"'=HYPERLINK(""x"")"`);
    expect(grades.split('\n').filter(Boolean)).toHaveLength(N + 2);
  }, 300_000);

  it('an interrupted run resumes to exactly the results of an uninterrupted one', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gk-resume-'));
    const first = await gradeBatch(a, classDir, { outDir: out, jobs: 2, only, stopAfter: 37 });
    expect(first.graded).toBeLessThan(N);
    const second = await gradeBatch(a, classDir, { outDir: out, jobs: 2, only, resume: true });
    expect(second.resumed).toBe(first.graded);
    expect(second.graded + second.resumed).toBe(N + 1);
    expect(stable(readResults([out]))).toEqual(stable(full));
  }, 300_000);

  it('three shards merged equal a single run', async () => {
    const dirs: string[] = [];
    for (const k of [1, 2, 3]) {
      const out = mkdtempSync(join(tmpdir(), `gk-shard${k}-`));
      await gradeBatch(a, classDir, { outDir: out, jobs: 2, only, shard: parseShard(`${k}/3`) });
      dirs.push(out);
    }
    const sizes = dirs.map((d) => readdirSync(join(d, 'results')).length);
    expect(sizes.reduce((x, y) => x + y)).toBe(N + 1);
    const merged = mkdtempSync(join(tmpdir(), 'gk-merged-'));
    const log = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    try {
      mergeCommand(merged, dirs, [], false);
    } finally {
      process.stdout.write = log;
    }
    expect(stable(readResults([merged]))).toEqual(stable(full));
  }, 300_000);

  it('rejects a malformed shard', () => {
    expect(() => parseShard('4/3')).toThrow(/k\/n with 1 ≤ k ≤ n/);
  });
});
