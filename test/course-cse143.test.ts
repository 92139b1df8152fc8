// UW CSE 143 Evil Hangman, a Java class assignment graded from a course folder
// (examples/uw-cse143-evil-hangman) with the staff's Java solution as the reference: every fixture gets its
// verdict and fails exactly the tests of its one bug, the golden files are the solution's runs today, and a
// copy of the folder without the solution grades from them.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncClassGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
import { rootPath } from '../harness/paths.js';
import { buildGradescopeZip } from '../harness/export/gradescope-zip.js';
import { vetAssignment } from '../harness/vet/vet.js';
import { fixtureVerdictSuite } from './fixtures-support.js';

const FOLDER = rootPath('examples', 'uw-cse143-evil-hangman');
const SPEC = join(FOLDER, 'assignment.yaml');
const ACCEPTED = join(FOLDER, 'fixtures', 'submissions', 'accepted');
const work = mkdtempSync(join(tmpdir(), 'gradekit-cse143-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

fixtureVerdictSuite(SPEC);

describe('uw-cse143-evil-hangman from its course folder', () => {
  it('nothing under harness/ names it or its classes', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|java)$/.test(e.name) ? [join(dir, e.name)] : []));
    const named = files(rootPath('harness')).filter((f) => /cse143|HangmanManager|HangmanMain/.test(readFileSync(f, 'utf8')));
    expect(named).toEqual([]);
  });

  it('has a golden file for every test, each what the solution does today', async () => {
    const st = await syncClassGolden(loadAssignment(SPEC), false);
    expect({ stale: st.stale, missing: st.missing, failed: st.failed, orphans: st.orphans }).toEqual({ stale: [], missing: [], failed: [], orphans: [] });
    expect(st.fresh.length).toBe(loadAssignment(SPEC).spec.data.tests.filter((t) => 'steps' in t || 'call' in t || 'run' in t).length);
  }, 300_000);

  it('a copy without the solution grades from the golden files: the same verdicts', async () => {
    const copy = join(work, 'course');
    cpSync(FOLDER, copy, { recursive: true });
    rmSync(join(copy, 'solution'), { recursive: true });
    const a = loadAssignment(join(copy, 'assignment.yaml'));
    expect(a.reference).toMatchObject({ kind: 'solution', present: false });
    const good = await gradeSubmission(a, join(copy, 'fixtures', 'submissions', 'accepted', 'list-constructor-sortedset'), { runners: languageRunners() });
    expect(good.score).toBe(good.maxScore);
    const bad = await gradeSubmission(a, join(copy, 'fixtures', 'submissions', 'wrong_answer', 'tie-picks-last'), { runners: languageRunners() });
    expect(bad.tests.filter((t) => t.status === 'failed').map((t) => t.id)).toEqual(['record-tie-alphabetically-first']);
  }, 300_000);

  it('vet: no scored test fails a known-correct class', async () => {
    const v = await vetAssignment(loadAssignment(SPEC), ACCEPTED, { jobs: 2, runners: languageRunners() });
    expect(v.solutions.length).toBe(3);
    expect(v.failures.map((f) => `${f.test.id}: ${f.failedBy.map((x) => `${x.solution}: ${x.message}`).join('; ')}`)).toEqual([]);
  }, 300_000);

  it('exports a Gradescope zip without the solution or the submissions, and grades with it', async () => {
    const { zip, entries } = await buildGradescopeZip(SPEC);
    expect(entries).toEqual(expect.arrayContaining(['course/assignment.yaml', 'course/course/HangmanMain.java', 'course/fixtures/small.txt', 'course/fixtures/golden/record-tie-alphabetically-first.json']));
    expect(entries.some((e) => e.endsWith('harness/run/java/GradekitCalls.java'))).toBe(true);
    expect(entries.filter((e) => e.includes('solution/') || e.includes('/submissions/'))).toEqual([]);
    const root = join(work, 'autograder');
    mkdirSync(join(root, 'source'), { recursive: true });
    writeFileSync(join(work, 'cse143.zip'), zip);
    execFileSync('unzip', ['-q', join(work, 'cse143.zip'), '-d', join(root, 'source')]);
    const grade = (from: string) => {
      rmSync(join(root, 'submission'), { recursive: true, force: true });
      cpSync(from, join(root, 'submission'), { recursive: true });
      const p = spawnSync('bash', [join(root, 'source', 'run_autograder')], { env: { ...process.env, GRADEKIT_AUTOGRADER_ROOT: root }, encoding: 'utf8', timeout: 300_000 });
      expect(p.status, p.stderr).toBe(0);
      return JSON.parse(readFileSync(join(root, 'results', 'results.json'), 'utf8')) as { score: number; tests: { max_score: number; status: string }[] };
    };
    const ok = grade(join(ACCEPTED, 'hashmap-families-sorted-pick'));
    expect(ok.score).toBe(ok.tests.reduce((s, t) => s + t.max_score, 0));
    const bad = grade(join(FOLDER, 'fixtures', 'submissions', 'wrong_answer', 'no-length-check'));
    expect(bad.score).toBe(ok.score - 1);
  }, 600_000);
});
