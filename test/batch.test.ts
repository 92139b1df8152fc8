// Batch grading: 200 submissions (copies of the chiseler fixtures) and two odd ones in one run; an
// interrupted run resumes to the results of an uninterrupted one, and shards merged equal a single run.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { fixtureSubmissions } from '../harness/fixtures.js';
import { discoverSubmissions, gradeBatch, hashOf, readResults, parseShard } from '../harness/batch/grade.js';
import { mergeCommand, writeOutputs } from '../harness/batch/command.js';
import type { Report } from '../harness/model/report.js';

const a = loadAssignment('chiseler');
let classDir: string;
/** 60 of the same submissions, under the same names: resuming and sharding are checked on it against the
 *  results the 201-submission run gave those submissions (the logic does not depend on the class size). */
let smallDir: string;
const N = 200;
const SMALL = 60;
// Batch behaviour does not depend on the spec's size: a few fast tests keep 600 gradings affordable.
const only = a.spec.data.tests.slice(0, 4).map((t) => t.id);

/** Timing differs run to run, and the class folder between the full and the small class; everything else must be identical. */
function stable(reports: Report[]): unknown {
  // Timings, paths, and the shard a result was graded in (a merge's record, not a grade) aside.
  return JSON.parse(JSON.stringify(reports, (k, v) => (k === 'durationMs' || k === 'ms' ? 0 : k === 'shard' ? undefined : k === 'submission' && typeof v === 'string' ? basename(v) : v)));
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
  smallDir = mkdtempSync(join(tmpdir(), 'gk-class-small-'));
  for (const name of readdirSync(classDir).sort().slice(0, SMALL)) cpSync(join(classDir, name), join(smallDir, name), { recursive: true });
});

/** The single run's results of the submissions of the small class. */
const fullOfSmall = (full: Report[]) => {
  const ids = new Set(discoverSubmissions(smallDir).map((x) => x.id));
  return full.filter((r) => r.id !== undefined && ids.has(r.id));
};

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
    // The id of a name a file name cannot keep is a safe slug plus a tag; no cell starts a formula.
    expect(grades).toMatch(/^HYPERLINK_x-[0-9a-f]{8},/m);
    expect(grades).not.toMatch(/(^|,)"?[=+@-]/m);
    expect(grades.split('\n').filter(Boolean)).toHaveLength(N + 2);
  }, 300_000);

  it('an interrupted run resumes to exactly the results of an uninterrupted one', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gk-resume-'));
    const first = await gradeBatch(a, smallDir, { outDir: out, jobs: 2, only, stopAfter: 17 });
    expect(first.graded).toBeLessThan(SMALL);
    const second = await gradeBatch(a, smallDir, { outDir: out, jobs: 2, only, resume: true });
    expect(second.resumed).toBe(first.graded);
    expect(second.graded + second.resumed).toBe(SMALL);
    const expected = fullOfSmall(full);
    expect(expected).toHaveLength(SMALL);
    expect(stable(readResults([out]))).toEqual(stable(expected));
  }, 300_000);

  it('three shards merged equal a single run', async () => {
    const dirs: string[] = [];
    for (const k of [1, 2, 3]) {
      const out = mkdtempSync(join(tmpdir(), `gk-shard${k}-`));
      await gradeBatch(a, smallDir, { outDir: out, jobs: 2, only, shard: parseShard(`${k}/3`) });
      dirs.push(out);
    }
    const sizes = dirs.map((d) => readdirSync(join(d, 'results')).length);
    expect(sizes.every((n) => n > 0)).toBe(true);
    expect(sizes.reduce((x, y) => x + y)).toBe(SMALL);
    const merged = mkdtempSync(join(tmpdir(), 'gk-merged-'));
    const log = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    try {
      mergeCommand(merged, dirs, [], false);
    } finally {
      process.stdout.write = log;
    }
    expect(stable(readResults([merged]))).toEqual(stable(fullOfSmall(full)));
  }, 300_000);

  it('rejects a malformed shard', () => {
    expect(() => parseShard('4/3')).toThrow(/k\/n with 1 ≤ k ≤ n/);
  });
});

describe('batch input a class folder may hold', () => {
  const NORMAL = 'def share_letter(a, b):\n    return bool(set(a) & set(b))\n';

  it('gives unique, stable, file-name-safe ids, also to names a file name cannot keep, and says when a clash was resolved', () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-ids-'));
    for (const n of ['张伟', '李娜', 'bob smith', 'bob_smith', 'alice', 'Ünal', 'x y', 'x_y']) {
      mkdirSync(join(d, n));
      writeFileSync(join(d, n, 'chiseler.py'), NORMAL);
    }
    writeFileSync(join(d, 'alice.py'), NORMAL);
    const subs = discoverSubmissions(d);
    const ids = subs.map((s) => s.id);
    expect(ids).toHaveLength(9);
    expect(new Set(ids).size).toBe(9);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    expect(discoverSubmissions(d).map((s) => s.id)).toEqual(ids); // stable
    const byName = new Map(subs.map((s) => [s.path.slice(d.length + 1), s]));
    expect(byName.get('bob_smith')!.id).toBe('bob_smith');
    expect(byName.get('bob smith')!.id).toMatch(/^bob_smith-[0-9a-f]{8}$/);
    expect(byName.get('Ünal')!.id).toMatch(/^Unal-[0-9a-f]{8}$/);
    expect(byName.get('张伟')!.id).not.toBe(byName.get('李娜')!.id);
    expect([byName.get('alice')!.id, byName.get('alice.py')!.id]).toEqual(['alice', 'alice.py']);
    expect(byName.get('alice.py')!.notice).toBe("graded as 'alice.py': its name would share the id 'alice' with 'alice'");
    expect(byName.get('x y')!.notice).toBeUndefined();
  });

  it('never follows links or opens devices and pipes, and survives loops, also with --resume', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-odd-'));
    const good = fixtureSubmissions(a.fixturesDir, 'chiseler').find((s) => s.verdict === 'accepted')!;
    cpSync(good.path, join(d, 'ok'), { recursive: true });
    symlinkSync('.', join(d, 'ok', 'loop'));
    symlinkSync('/dev/stdin', join(d, 'ok', 'stdin'));
    symlinkSync('/dev/zero', join(d, 'ok', 'zero'));
    execFileSync('mkfifo', [join(d, 'ok', 'pipe')]);
    symlinkSync(join(d, 'ok'), join(d, 'linked'));
    execFileSync('mkfifo', [join(d, 'piped')]);
    mkdirSync(join(d, 'fifo-file'));
    execFileSync('mkfifo', [join(d, 'fifo-file', 'chiseler.py')]);
    expect(hashOf(join(d, 'ok')).digest('hex')).toMatch(/^[0-9a-f]{64}$/);
    const out = mkdtempSync(join(tmpdir(), 'gk-odd-out-'));
    const first = await gradeBatch(a, d, { outDir: out, jobs: 2, only });
    const byId = new Map(first.reports.map((r) => [r.id, r]));
    expect(byId.get('ok')!.score).toBe(byId.get('ok')!.maxScore);
    expect(byId.get('linked')!.fatal?.message).toMatch(/^linked is a symbolic link \(to .*\/ok\): hand in the files themselves$/);
    expect(byId.get('piped')!.fatal?.message).toBe('piped is not a file or a folder (a device, pipe or socket)');
    expect(byId.get('fifo-file')!.fatal?.message).toMatch(/chiseler\.py is not a regular file/);
    const again = await gradeBatch(a, d, { outDir: out, jobs: 2, only, resume: true });
    expect(again.resumed).toBe(4);
  }, 60_000);
});
