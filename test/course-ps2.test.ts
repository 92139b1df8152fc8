// MIT 6.0001 PS2 Hangman, graded from a course folder (examples/mit-ps2-hangman) with the instructor's own
// solution as the reference: every fixture gets its verdict, the golden files are the solution's runs, the
// accepted fixtures pass every scored test, the audit kills at least 90% of a sample of the solution's
// mutants, a missing or stale golden file says so, --words runs the solution, and the Gradescope export
// grades without shipping the solution.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { auditAssignment } from '../harness/audit/audit.js';
import { syncSolutionGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { vetAssignment } from '../harness/vet/vet.js';
import { buildGradescopeZip } from '../harness/export/gradescope-zip.js';
import { rootPath } from '../harness/paths.js';
import { fixtureVerdictSuite } from './fixtures-support.js';

const FOLDER = rootPath('examples', 'mit-ps2-hangman');
const SPEC = join(FOLDER, 'assignment.yaml');
const ACCEPTED = join(FOLDER, 'fixtures', 'submissions', 'accepted');
const SOLUTION_FIXTURE = join(ACCEPTED, 'solution');

fixtureVerdictSuite(SPEC);

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-ps2-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the course folder to change (the spec, a golden file, the solution). */
function copyCourse(name: string): string {
  const dir = join(work, name);
  cpSync(FOLDER, dir, { recursive: true });
  return dir;
}

describe('mit-ps2-hangman from its course folder', () => {
  it('has a golden file for every test, each what the solution returns and prints today', async () => {
    const st = await syncSolutionGolden(loadAssignment(SPEC), false);
    expect({ stale: st.stale, missing: st.missing, failed: st.failed, orphans: st.orphans }).toEqual({ stale: [], missing: [], failed: [], orphans: [] });
    expect(st.fresh.length).toBeGreaterThanOrEqual(25);
  });

  it('vet: no scored test fails a known-correct solution', async () => {
    const v = await vetAssignment(loadAssignment(SPEC), ACCEPTED, { jobs: 2 });
    expect(v.solutions.length).toBeGreaterThanOrEqual(4);
    expect(v.failures.map((f) => `${f.test.id}: ${f.failedBy.map((x) => `${x.solution}: ${x.message}`).join('; ')}`)).toEqual([]);
  });

  it('audit: kills at least 90% of a sample of the solution mutants', async () => {
    const r = await auditAssignment(loadAssignment(SPEC), { submission: SOLUTION_FIXTURE, limit: 40, jobs: 2 });
    const survivors = r.mutants.filter((m) => m.status === 'survived').map((m) => `line ${m.line} in ${m.function}: ${m.op}`);
    expect(r.falseFailures?.failed).toBe(0);
    expect(r.score, `survivors:\n${survivors.join('\n')}`).toBeGreaterThanOrEqual(90);
    // A wall-clock budget for the test only (never a verdict): the slow suite runs it beside other whole-class files.
  }, 1_200_000);

  it('says a program reads a global its main block sets only when a function reads it, not when it is a parameter', async () => {
    const notes = async (name: string) => (await gradeSubmission(loadAssignment(SPEC), join(ACCEPTED, name), { only: ['game-perfect-score'] })).notices ?? [];
    expect((await notes('solution')).filter((n) => /global/.test(n))).toEqual([]);
    expect((await notes('secret-word-from-main')).filter((n) => /read the global secret_word/.test(n))).toHaveLength(1);
  });

  it('a question only the program asks is answered with a choice it offers, and the run graded from there', async () => {
    const r = await gradeSubmission(loadAssignment(SPEC), join(ACCEPTED, 'menu-before-game'), { only: ['main-plays-hangman'] });
    expect(r.tests[0]).toMatchObject({ id: 'main-plays-hangman', status: 'passed' });
    expect(r.notices?.join('\n')).toMatch(/refused "e" and was answered "1", one of the choices it offers/);
  });

  it('a test without its golden file, or with one made for another version of it, says so plainly', async () => {
    const dir = copyCourse('stale');
    rmSync(join(dir, 'fixtures', 'golden', 'game-perfect-score.json'));
    const spec = readFileSync(join(dir, 'assignment.yaml'), 'utf8').replace('stdin: [t, a, c]\n', 'stdin: [c, a, t]\n');
    writeFileSync(join(dir, 'assignment.yaml'), spec.replace("stdin: [a, a, s, $, t, e, e, e, c]", "stdin: [a, a, s, '%', t, e, e, e, c]"));
    const r = await gradeSubmission(loadAssignment(join(dir, 'assignment.yaml')), SOLUTION_FIXTURE, { only: ['game-perfect-score', 'game-handout-win', 'game-handout-lose'] });
    const by = Object.fromEntries(r.tests.map((t) => [t.id, t]));
    expect(by['game-perfect-score']).toMatchObject({ status: 'error', kind: 'grader_error' });
    expect(by['game-perfect-score']!.message).toMatch(/^no golden file for this test \(.*game-perfect-score\.json\): its expected value comes from running the instructor's solution; run `gradekit golden .*assignment\.yaml --update`/);
    expect(by['game-handout-win']!.message).toMatch(/was made for another version of this test \(its call, input, patches or word list changed since\)/);
    expect(by['game-handout-lose']!.status).toBe('passed');
  });

  it('--words: expected values come from running the solution on the course list; without the solution, it says so', async () => {
    const dir = copyCourse('words');
    // The course's format: one line of words (here a longer line, with the handout's words in it).
    const course = join(work, 'course-words.txt');
    writeFileSync(course, `${readFileSync(join(FOLDER, 'fixtures', 'words.txt'), 'utf8').trim()} tost tutt\n`);
    const a = loadAssignment(join(dir, 'assignment.yaml'), { words: course });
    const ok = await gradeSubmission(a, join(ACCEPTED, 'own-wording'), { only: ['matches-handout-t-t', 'hints-handout'] });
    expect(ok.tests.map((t) => t.status)).toEqual(['passed', 'passed']);
    const wrong = await gradeSubmission(a, join(FOLDER, 'fixtures', 'submissions', 'wrong_answer', 'blank-hides-revealed'), { only: ['matches-handout-t-t'] });
    expect(wrong.tests[0]!.message).toMatch(/also lists tutt/); // a word of the course list only
    rmSync(join(dir, 'solution.py'));
    const gone = await gradeSubmission(loadAssignment(join(dir, 'assignment.yaml'), { words: course }), SOLUTION_FIXTURE, { only: ['matches-handout-t-t'] });
    expect(gone.tests[0]).toMatchObject({ kind: 'grader_error' });
    expect(gone.tests[0]!.message).toMatch(/graded with --words: this test's expected values come from the instructor's solution, which is not here/);
  });

  it('grades from the golden files alone, without the solution (what a student or an export has)', async () => {
    const dir = copyCourse('no-solution');
    rmSync(join(dir, 'solution.py'));
    const r = await gradeSubmission(loadAssignment(join(dir, 'assignment.yaml')), join(ACCEPTED, 'handout-wording'));
    expect(r.score).toBe(r.maxScore);
  });

  it("a student's self-check in their copy of the course folder (no solution there) runs the visible tests", () => {
    const dir = join(work, 'student');
    mkdirSync(dir);
    cpSync(SPEC, join(dir, 'assignment.yaml'));
    cpSync(join(FOLDER, 'fixtures'), join(dir, 'fixtures'), { recursive: true, filter: (p) => !p.includes('submissions') });
    cpSync(join(FOLDER, 'fixtures', 'submissions', 'wrong_answer', 'vowel-costs-one', 'hangman.py'), join(dir, 'hangman.py'));
    const r = spawnSync(process.execPath, [rootPath('bin', 'gradekit'), 'check'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/checking .*hangman\.py as .*assignment\.yaml \(the tests students may see\)/);
    expect(r.stdout).toMatch(/Fix first: hangman › .*the guesses left should be 4; your program printed 5/);
    expect(r.stdout).not.toMatch(/a repeated letter, right or wrong|ends a lost game as hangman does/); // hidden tests are not run
  });

  it('needs no reference: or fixtures: line; with no reference at all, the spec error says what to add', () => {
    const spec = readFileSync(SPEC, 'utf8');
    expect(spec).not.toMatch(/^(reference|fixtures):/m);
    const a = loadAssignment(SPEC);
    expect(a.reference).toMatchObject({ kind: 'solution', file: join(FOLDER, 'solution.py'), present: true });
    expect(a.fixturesDir).toBe(join(FOLDER, 'fixtures'));
    const bare = join(work, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'assignment.yaml'), spec);
    expect(() => loadAssignment(join(bare, 'assignment.yaml'))).toThrow(/assignment\.yaml:\d+:1: no reference: assignment\.yaml names none, and its folder holds none of reference\.ts, .*solution\.py[\s\S]*put the instructor's solution beside the spec as solution\.py/);
  });

  it('exports a Gradescope zip without the solution or the submissions, and grades with it', async () => {
    const { zip, entries } = await buildGradescopeZip(SPEC);
    expect(entries).toContain('course/assignment.yaml');
    expect(entries).toContain('course/fixtures/golden/game-handout-win.json');
    expect(entries).toContain('course/fixtures/words.txt');
    expect(entries.filter((e) => e.includes('solution.py') || e.includes('/submissions/') || e.endsWith('.ts'))).toEqual([]);
    const root = join(work, 'autograder');
    mkdirSync(join(root, 'source'), { recursive: true });
    writeFileSync(join(work, 'ps2.zip'), zip);
    execFileSync('unzip', ['-q', join(work, 'ps2.zip'), '-d', join(root, 'source')]);
    const grade = (from: string) => {
      rmSync(join(root, 'submission'), { recursive: true, force: true });
      cpSync(from, join(root, 'submission'), { recursive: true });
      const p = spawnSync('bash', [join(root, 'source', 'run_autograder')], { env: { ...process.env, GRADEKIT_AUTOGRADER_ROOT: root }, encoding: 'utf8', timeout: 120_000 });
      expect(p.status, p.stderr).toBe(0);
      return JSON.parse(readFileSync(join(root, 'results', 'results.json'), 'utf8')) as { score: number; tests: { max_score: number; status: string }[] };
    };
    const ok = grade(join(ACCEPTED, 'own-wording'));
    expect(ok.score).toBe(ok.tests.reduce((s, t) => s + t.max_score, 0));
    const bad = grade(join(FOLDER, 'fixtures', 'submissions', 'wrong_answer', 'vowel-costs-one'));
    expect(bad.score).toBe(ok.score - 1);
  }, 120_000);
});

describe('the harness knows no assignment', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

  it('nothing under harness/ names PS2 or its rules', () => {
    const named = files(rootPath('harness')).filter((f) => /\bps2\b|mit-ps2|is_word_guessed|get_guessed_word|match_with_gaps|hangman_with_hints|show_possible_matches/i.test(readFileSync(f, 'utf8')));
    expect(named).toEqual([]);
  });

  it('nothing under harness/ imports a bundled assignment (the Java game judge belongs to its reference)', () => {
    const importing = files(rootPath('harness'))
      .filter((f) => /from '(\.\.\/)+reference\/(wordgame|chiseler|hangman)\//.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(rootPath().length + 1));
    expect(importing).toEqual([]);
  });

  it('the bundled specs name where their reference and fixtures are, as a course folder may', () => {
    for (const id of ['ps3-mit', 'ps3-ocw', 'hangman-313e', 'chiseler', 'evil-hangman-java']) {
      const spec = readFileSync(rootPath('specs', `${id}.yaml`), 'utf8');
      const ref = /^reference: (\.\.\/reference\/\S+\.ts)$/m.exec(spec)?.[1];
      expect(ref, id).toBeDefined();
      expect(existsSync(rootPath('specs', ref!)), id).toBe(true);
      expect(spec, id).toMatch(new RegExp(`^fixtures: \\.\\./fixtures/${id}$`, 'm'));
      expect(existsSync(rootPath('fixtures', id, 'submissions', 'accepted')), id).toBe(true);
    }
  });
});
