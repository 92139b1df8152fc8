// One bad entry never spoils a class: a name that is not UTF-8 is refused with a word and the rest graded;
// an entry that cannot be graded (an empty folder, a refused name) is 0 out of the assignment's points in the
// gradebook, not 0 out of 0.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { discoverSubmissions, gradeBatch, mergeGaps } from '../harness/batch/grade.js';
import { rootPath } from '../harness/paths.js';

const work = mkdtempSync(join(tmpdir(), 'gk-entries-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a class folder with odd entries', () => {
  it('refuses a name that is not UTF-8, grades the rest, and counts what it could not grade out of the full points', async () => {
    const dir = join(work, 'class');
    mkdirSync(dir);
    cpSync(rootPath('fixtures', 'ps3-mit', 'submissions', 'accepted', 'bare-input-no-label'), join(dir, 'alice'), { recursive: true });
    mkdirSync(join(dir, 'empty'));
    // "müller" as Latin-1 bytes, as an old archive leaves it: no string names that path.
    mkdirSync(Buffer.concat([Buffer.from(`${dir}/m`), Buffer.from([0xfc]), Buffer.from('ller')]));
    const subs = discoverSubmissions(dir);
    expect(subs.map((s) => s.refused ?? '')).toEqual(['', '', expect.stringMatching(/^the name "m\uFFFDller" is not valid UTF-8 \(bytes 6dfc6c6c6572\): rename it/)]);
    const res = await gradeBatch(loadAssignment('ps3-mit'), dir, { outDir: join(work, 'out'), jobs: 1, only: ['get_word_score'] });
    const by = new Map(res.reports.map((r) => [r.id, r]));
    const full = by.get('alice')!.maxScore;
    expect(by.get('alice')!.score).toBe(full);
    expect(by.get('empty')).toMatchObject({ score: 0, maxScore: full, fatal: { kind: 'submission' } });
    const odd = res.reports.find((r) => r.id!.startsWith('m_ller'))!;
    expect(odd).toMatchObject({ score: 0, maxScore: full });
    expect(odd.tests.every((t) => /^not run: the name/.test(t.message))).toBe(true);
  }, 120_000);

  it('a merge says which shards of the split are missing, and which submissions two folders share', async () => {
    const dir = join(work, 'class');
    const a = loadAssignment('ps3-mit');
    const opts = (k: number) => ({ outDir: join(work, `shard${k}`), jobs: 1, only: ['get_word_score'], shard: { index: k, count: 3 } });
    await gradeBatch(a, dir, opts(1));
    await gradeBatch(a, dir, opts(2));
    expect(mergeGaps([join(work, 'shard1'), join(work, 'shard2')])).toEqual([expect.stringMatching(/^shard 3\/3 of the 3-way split is not among these folders/)]);
    expect(mergeGaps([join(work, 'shard1'), join(work, 'shard1')])).toEqual([expect.stringMatching(/^shards 2\/3, 3\/3 of the 3-way split are not among/)]);
    await gradeBatch(a, dir, opts(3));
    expect(mergeGaps([1, 2, 3].map((k) => join(work, `shard${k}`)))).toEqual([]);
    expect(mergeGaps([join(work, 'shard1'), join(work, 'out')])).toEqual(expect.arrayContaining([expect.stringMatching(/^alice is in both .*shard1 and .*out: the later one was kept/)]));
  }, 120_000);
});
