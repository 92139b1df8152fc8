// Reading student sources happens on the grader's own thread, before javac and outside any time limit of
// the program's: it must cost work proportional to the source, whatever the source holds. The scans count
// their work (characters and tokens visited), so these tests show it without timing anything: each hostile
// shape is scanned at two sizes, and the work per character must stay under a small constant.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findJavaSources, importsJUnit, mainClassesIn, packageOf, readsSystemIn, SOURCE_LIMITS, SourceLimitError, tokenizeJava, txtLiteralsIn, type Work } from '../harness/run/java/sources.js';
import { compileJava } from '../harness/run/java/compile.js';

const MAIN = 'package a.b;\nimport java.util.Scanner;\npublic class Game {\n  public static void main(String[] args) { new Scanner(System.in); }\n}\n';

/** Source shapes that made a backtracking pattern quadratic or worse, each built at n repetitions. */
const HOSTILE: Record<string, (n: number) => string> = {
  'blank comment lines after the class': (n) => MAIN + '//\n'.repeat(n),
  'blank lines before the package line': (n) => '\n'.repeat(n) + MAIN,
  'spaces and tabs on every line': (n) => MAIN + ' \t \n'.repeat(n),
  'an unterminated block comment': (n) => MAIN + '/*' + ' * \n'.repeat(n),
  'unterminated strings': (n) => MAIN + '"abc\n'.repeat(n),
  'unclosed text blocks': (n) => MAIN + '"""\n'.repeat(n),
  'import without a name': (n) => 'import \n'.repeat(n) + MAIN,
  'public static without main': (n) => MAIN + 'public static '.repeat(n),
  'nested types, then many mains': (n) => 'class A {'.repeat(n) + ' public static void main(String[] a) {} '.repeat(n) + '}'.repeat(n),
  'one long identifier': (n) => MAIN + 'main'.repeat(n) + ';',
  'System without in': (n) => MAIN + 'System . '.repeat(n),
  'annotations before the package': (n) => '@A('.repeat(n) + ')'.repeat(n) + MAIN,
  'many .txt literals': (n) => MAIN + '"w.txt" '.repeat(n),
};

/** Every scan the compile runs over a source, with one work counter. */
function scanAll(text: string): Work {
  const work: Work = { steps: 0 };
  const lex = tokenizeJava(text, work);
  packageOf(lex.tokens, work);
  importsJUnit(lex.tokens, work);
  readsSystemIn(lex.tokens, work);
  mainClassesIn(lex, work);
  txtLiteralsIn(lex.strings, work);
  return work;
}

describe('scanning a source costs work proportional to its length', () => {
  for (const [shape, make] of Object.entries(HOSTILE)) {
    it(shape, () => {
      const small = make(2_000);
      const large = make(40_000);
      const perChar = (t: string) => scanAll(t).steps / t.length;
      // A linear scan visits each character a bounded number of times, at any size; a quadratic one's work
      // per character grows with the size (20x here), which no bound of 8 survives.
      expect(perChar(small)).toBeLessThan(8);
      expect(perChar(large)).toBeLessThan(8);
    });
  }

  it('still finds what it looks for in those shapes', () => {
    const text = HOSTILE['blank comment lines after the class']!(300_000);
    const lex = tokenizeJava(text);
    expect(packageOf(lex.tokens)).toBe('a.b');
    expect(mainClassesIn(lex)).toEqual(['a.b.Game']);
    expect(readsSystemIn(lex.tokens)).toBe(true);
    expect(mainClassesIn('@Deprecated(since = "1") package x.y;\nclass T { public static void main(String... s) {} }')).toEqual(['x.y.T']);
    const nested = mainClassesIn(HOSTILE['nested types, then many mains']!(3));
    expect(nested).toEqual(['A$A$A', 'A$A$A', 'A$A$A']);
    expect(importsJUnit(tokenizeJava('import static org.junit.Assert.*;').tokens)).toBe(true);
    expect(importsJUnit(tokenizeJava('// import org.junit.Test;\nimport java.util.List;').tokens)).toBe(false);
  });
});

describe('the size of a submission\'s sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-srccap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is capped before anything is read past the cap, with a verdict that says what to do', async () => {
    const sub = join(dir, 'big');
    mkdirSync(join(sub, 'src'), { recursive: true });
    writeFileSync(join(sub, 'src', 'Game.java'), MAIN);
    // Data pasted into a source: over the cap by one comment.
    writeFileSync(join(sub, 'src', 'Words.java'), `class Words {}\n/*${'x'.repeat(SOURCE_LIMITS.bytes)}*/\n`);
    expect(() => findJavaSources(sub)).toThrow(SourceLimitError);
    const r = await compileJava(sub);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.limit).toBe(true);
    expect(r.summary).toBe("the submission's .java files hold more than 1 MiB (src/Words.java goes past it): hand in only your own sources, without generated or pasted data");
  });

  it('caps the number of files and of folder entries', () => {
    const sub = join(dir, 'many');
    mkdirSync(sub);
    for (let i = 0; i < 12; i++) writeFileSync(join(sub, `C${i}.java`), `class C${i} {}\n`);
    expect(() => findJavaSources(sub, { ...SOURCE_LIMITS, files: 10 })).toThrow(/more than 10 \.java files: hand in only your own sources/);
    expect(() => findJavaSources(sub, { ...SOURCE_LIMITS, entries: 5 })).toThrow(/more than 5 files and folders: hand in only the source folder/);
    expect(findJavaSources(sub)).toHaveLength(12);
  });
});
