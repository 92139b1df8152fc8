// Spec messages about steps, found by a new instructor's walkthrough: Java's null in a Java spec, a string
// written without its quotes, and a step that does not read, hinted with this spec's own steps.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { parseStep } from '../harness/spec/pyexpr.js';
import { callRequest } from '../harness/run/java/calls.js';
import { problemsOfSpec } from './spec-problems.js';

const work = mkdtempSync(join(tmpdir(), 'gk-spec-messages-steps-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const WORDSTATS = `public class WordStats {
  public WordStats(java.util.List<String> words) { if (words == null) throw new IllegalArgumentException(); }
  public static int countVowels(String w) { if (w == null) throw new IllegalArgumentException(); return 0; }
  public String longestWord() { return null; }
}
`;
const VOWELS = `def count_vowels(word):
    return sum(c in 'aeiou' for c in word.lower())


def most_vowels(words):
    return max(words, key=count_vowels) if words else None
`;

let n = 0;
/** A course folder with its solution, and the spec's tests after its head; returns the spec's path. */
function course(language: 'java' | 'python', tests: string): string {
  const dir = join(work, `c${n++}`);
  mkdirSync(join(dir, 'fixtures'), { recursive: true });
  const head = language === 'java'
    ? ['assignment: demo', 'title: Demo', 'language: java', 'submission: { file: WordStats.java }', 'reference: { solution: solution/ }', 'words: { file: w.txt, as: w.txt }', 'tests:']
    : ['assignment: demo', 'title: Demo', 'language: python', 'submission: { file: vowels.py }', 'reference: { solution: solution.py }', 'tests:'];
  if (language === 'java') {
    mkdirSync(join(dir, 'solution'));
    writeFileSync(join(dir, 'solution', 'WordStats.java'), WORDSTATS);
    writeFileSync(join(dir, 'fixtures', 'w.txt'), 'banana\nsky\n');
  } else writeFileSync(join(dir, 'solution.py'), VOWELS);
  writeFileSync(join(dir, 'assignment.yaml'), [...head, tests, ''].join('\n'));
  return join(dir, 'assignment.yaml');
}


describe("Java's null, true and false in a Java spec", () => {
  it('are read as Java writes them, and reach the student\'s method as null, true and false', () => {
    const spec = course('java', [
      '  - id: count-vowels-null',
      '    steps: [{ do: "WordStats.countVowels(null)", throws: IllegalArgumentException }]',
      '    basis: "throws IllegalArgumentException if word is null"',
      '  - id: constructor-null',
      '    steps: [{ do: "w = WordStats(null)", throws: IllegalArgumentException }]',
      '    basis: "Throws IllegalArgumentException if words is null."',
    ].join('\n'));
    expect(problemsOfSpec(spec)).toEqual([]);
    const a = loadAssignment(spec);
    const st = a.steps.get('count-vowels-null')!;
    // What the student reads is the step as written: null, not None.
    expect(st[0]!.source).toBe('WordStats.countVowels(null)');
    expect(JSON.parse(callRequest(st, {}, 'n')).steps[0].args).toEqual([{ t: 'none' }]);
    expect(JSON.parse(callRequest([parseStep('x.f(true, false)')], {}, 'n')).steps[0].args).toEqual([{ t: 'bool', v: true }, { t: 'bool', v: false }]);
    // The same expression as None: golden files made from a spec that wrote None stay fresh.
    expect(parseStep('w = WordStats([null, true])').expr).toEqual(parseStep('w = WordStats([None, True])').expr);
  });

  it("a Python spec that writes null is told Python's None", () => {
    const spec = course('python', ['  - id: a', '    call: "count_vowels(null)"', '    basis: test basis'].join('\n'));
    expect(problemsOfSpec(spec)).toEqual(["8:5: 'null' is how Java writes None; this spec is Python\n  hint: write count_vowels(None)"]);
    const strings = course('python', ['  - id: a', '    call: "most_vowels([\'null\', \'true\'])"', '    basis: test basis'].join('\n'));
    expect(problemsOfSpec(strings)).toEqual([]);
  });
});

describe('a name no step binds', () => {
  it('with nothing near it is taken for a string without its quotes', () => {
    const spec = course('python', ['  - id: a', '    call: "count_vowels(banana)"', '    basis: test basis'].join('\n'));
    expect(problemsOfSpec(spec)).toEqual(["8:5: unknown name 'banana'\n  hint: did you mean the string 'banana'? write count_vowels('banana')"]);
  });

  it('in a Java step, with the names the spec has', () => {
    const spec = course('java', ['  - id: a', '    steps: ["w = WordStats(cats)", "w.longestWord()"]', '    basis: test basis'].join('\n'));
    expect(problemsOfSpec(spec)).toEqual(["9:13: unknown name 'cats'\n  hint: did you mean the string 'cats'? write w = WordStats('cats') (names available: words)"]);
  });

  it('near a name the spec has is still a did-you-mean', () => {
    const spec = course('java', ['  - id: a', '    steps: ["w = WordStats(wordz)", "w.longestWord()"]', '    basis: test basis'].join('\n'));
    expect(problemsOfSpec(spec)).toEqual(["9:13: unknown name 'wordz'\n  hint: did you mean 'words'?"]);
  });
});

describe('a step that does not read', () => {
  const tests = (bad: string) => [
    '  - id: a', `    call: "${bad}"`, '    basis: test basis',
    '  - id: b', '    call: "most_vowels([\'sky\', \'tea\'])"', '    basis: test basis',
  ].join('\n');

  it('left open is shown closed', () => {
    expect(problemsOfSpec(course('python', tests("count_vowels('banana'")))).toEqual([
      "8:5: cannot read this Python: expected ',' or ')' at column 22: count_vowels('banana'⟨here⟩\n  hint: did you mean count_vowels('banana')? (a quote or bracket is left open)",
    ]);
    expect(problemsOfSpec(course('python', tests("count_vowels('banana)")))[0]).toMatch(/hint: did you mean count_vowels\('banana\)'\)\?/);
  });

  it("otherwise is hinted with this spec's own steps, never another assignment's", () => {
    const [p] = problemsOfSpec(course('python', tests("count_vowels('banana' 3)")));
    expect(p).toMatch(/^8:5: cannot read this Python: .*\n {2}hint: write a call like most_vowels\(\['sky', 'tea'\]\), as this spec's other steps are$/);
    expect(p).not.toMatch(/get_word_score|Hangman/);
  });

  it("in a Java spec shows a call and an assignment of this spec", () => {
    const spec = course('java', [
      '  - id: a', '    steps: ["w = WordStats(words)", "w.longestWord() x"]', '    basis: test basis',
      '  - id: b', '    steps: ["WordStats.countVowels(\'sky\')"]', '    basis: test basis',
    ].join('\n'));
    const [p] = problemsOfSpec(spec);
    expect(p).toMatch(/^9:37: cannot read this step: unexpected text .*\n {2}hint: write a call like WordStats\.countVowels\('sky'\) or an assignment like w = WordStats\(words\), as this spec's other steps are$/);
  });
});
