// Spec messages about files, found by a new instructor's walkthrough: a Java solution folder that is empty,
// missing or mistyped is one spec error at the reference: line; a mistyped spec path names the file that is there.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment, resolveSpecPath } from '../harness/assignment/load.js';
import { nearPath } from '../harness/util/suggest.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { problemsOfSpec } from './spec-problems.js';

const work = mkdtempSync(join(tmpdir(), 'gk-spec-messages-paths-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const WORDSTATS = `public class WordStats {
  public WordStats(java.util.List<String> words) { }
  public static int countVowels(String w) { return 0; }
  public String longestWord() { return null; }
}
`;

const SPEC = (reference: string) => [
  'assignment: wordstats', 'title: WordStats', 'language: java', 'submission: { file: WordStats.java }', reference,
  'tests:',
  '  - id: count-vowels', '    steps: ["WordStats.countVowels(\'banana\')"]', '    basis: test basis',
  '  - id: longest', '    steps: ["w = WordStats([\'cat\'])", "w.longestWord()"]', '    basis: test basis',
  '  - id: longest-empty', '    steps: ["w = WordStats([])", "w.longestWord()"]', '    basis: test basis',
  '',
].join('\n');

let n = 0;
/** A Java course folder: the spec with this reference: line, and solution/ holding these files. */
function course(reference: string, solution: Record<string, string> | null, golden = false): string {
  const dir = join(work, `c${n++}`);
  mkdirSync(join(dir, 'fixtures'), { recursive: true });
  if (solution) {
    mkdirSync(join(dir, 'solution'));
    for (const [f, text] of Object.entries(solution)) writeFileSync(join(dir, 'solution', f), text);
  }
  if (golden) {
    mkdirSync(join(dir, 'fixtures', 'golden'));
    writeFileSync(join(dir, 'fixtures', 'golden', 'count-vowels.json'), '{}\n');
  }
  writeFileSync(join(dir, 'assignment.yaml'), SPEC(reference));
  return join(dir, 'assignment.yaml');
}


describe("a Java assignment's solution folder", () => {
  it('empty: one problem at the reference: line, not an unknown class at every step', () => {
    const p = problemsOfSpec(course('reference: { solution: solution/ }', {}));
    expect(p).toEqual([expect.stringMatching(/^5:1: the solution folder solution\/ holds no \.java file\n {2}hint: put the staff's \.java files \(WordStats\.java\) in solution\/, then record the expected values: gradekit golden .*assignment\.yaml --update$/)]);
  });

  it('without the class students hand in: one problem naming what it holds', () => {
    const p = problemsOfSpec(course('reference: { solution: solution/ }', { 'Other.java': 'public class Other { }\n' }));
    expect(p).toEqual([expect.stringMatching(/^5:1: the solution folder solution\/ has no class WordStats \(it holds Other\.java\)\n {2}hint: put the staff's WordStats\.java in solution\//)]);
  });

  it('mistyped: a did-you-mean at the reference: line, golden files or not', () => {
    for (const golden of [false, true]) {
      const p = problemsOfSpec(course('reference: { solution: solutions/ }', { 'WordStats.java': WORDSTATS }, golden));
      expect(p).toEqual(["5:1: the solution solutions/ is not here\n  hint: did you mean 'solution/'? (reference: { solution: solution/ }, relative to assignment.yaml)"]);
    }
  });

  it('missing, with no golden files to stand for it: a problem at the reference: line', () => {
    const p = problemsOfSpec(course('reference: { solution: solution/ }', null));
    expect(p).toEqual([expect.stringMatching(/^5:1: the solution solution\/ is not here, and fixtures\/golden\/ holds no golden files to stand for it\n {2}hint: put the staff's \.java files \(WordStats\.java\) in solution\//)]);
  });

  it('missing where golden files stand for it (an export, a student\'s copy): loads, graded from them', () => {
    const a = loadAssignment(course('reference: { solution: solution/ }', null, true));
    expect(a.reference).toMatchObject({ kind: 'solution', present: false });
  });

  it('as it should be: loads', () => {
    expect(problemsOfSpec(course('reference: { solution: solution/ }', { 'WordStats.java': WORDSTATS }))).toEqual([]);
  });
});

describe('a path given to check that is not there', () => {
  const dir = join(work, 'course');
  mkdirSync(join(dir, 'vowels'), { recursive: true });
  mkdirSync(join(dir, 'subs', 'alice'), { recursive: true });
  writeFileSync(join(dir, 'vowels', 'assignment.yaml'), 'assignment: x\n');
  writeFileSync(join(dir, 'subs', 'alice', 'vowels.py'), '');

  it('a spec file one letter off names the one in its folder', () => {
    expect(() => resolveSpecPath(join(dir, 'vowels', 'assignment.yml'))).toThrow(/^spec file not found: .*vowels\/assignment\.yml\n {2}hint: did you mean .*vowels\/assignment\.yaml\?$/);
    expect(() => resolveSpecPath(join(dir, 'vowel', 'assignment.yaml'))).toThrow(/hint: did you mean .*\/vowels\/assignment\.yaml\?$/);
    expect(() => resolveSpecPath(join(dir, 'vowel'))).toThrow(/^not found: .*\/vowel\n {2}hint: did you mean .*\/vowels\?$/);
    expect(() => resolveSpecPath(join(dir, 'nothing-like-it.yaml'))).toThrow(/^spec file not found: [^\n]*$/);
  });

  it('a submission one letter off: the helper finds the file beside it', () => {
    expect(nearPath(join(dir, 'subs', 'alice', 'vowel.py'))).toBe(join(dir, 'subs', 'alice', 'vowels.py'));
    expect(nearPath(join(dir, 'subs', 'alise', 'vowels.py'))).toBe(join(dir, 'subs', 'alice', 'vowels.py'));
    expect(nearPath(join(dir, 'subs', 'alice', 'zzzzzzzz.py'))).toBeUndefined();
    cpSync(join(dir, 'subs', 'alice'), join(dir, 'subs', 'bob'), { recursive: true });
    expect(nearPath(join(dir, 'subs', 'bob', 'vowels.py'))).toBeUndefined(); // it is there
  });

  it('check and grade say the near name of a submission that is not there', async () => {
    const a = loadAssignment('ps3-mit');
    await expect(gradeSubmission(a, join(dir, 'subs', 'alice', 'vowel.py'))).rejects.toThrow(/^submission not found: .*alice\/vowel\.py\n {2}hint: did you mean .*alice\/vowels\.py\?$/);
  });
});
