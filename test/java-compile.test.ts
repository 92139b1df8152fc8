import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedCompiles } from '../harness/run/java/javac-server.js';
import { compileJava, parseJavacErrors } from '../harness/run/java/compile.js';
import { javaCommand, prepareJavaRun } from '../harness/run/java/run.js';
import { mainClassesIn, tokenizeJava, txtLiteralsIn } from '../harness/run/java/sources.js';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'evil-hangman-java', 'submissions');

function tempSubmission(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-sub-'));
  for (const [rel, text] of Object.entries(files)) {
    const p = join(dir, ...rel.split('/'));
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
  }
  return dir;
}

describe('finding main without a parser (JVM-free)', () => {
  it('respects the package line and ignores mains in comments and strings', () => {
    const src = `package edu.upenn.hw;\n/* public static void main(String[] a) {} */\nclass Helper { String s = "public static void main(String[] x)"; }\npublic class Play {\n  public static void main(final String... args) { }\n}\n`;
    expect(mainClassesIn(src)).toEqual(['edu.upenn.hw.Play']);
  });

  it('names a main in a nested class with $ and accepts `static public` and `String args[]`', () => {
    const src = `public class Outer {\n  static class Runner {\n    static public void main(String args[]) {}\n  }\n}\n`;
    expect(mainClassesIn(src)).toEqual(['Outer$Runner']);
  });

  it('drops comments and sets string literals apart from the tokens', () => {
    const { tokens, strings } = tokenizeJava('a // x\n"b;" /* c\n*/ d \'"\' """\nblock "q" """ e...f');
    expect(tokens).toEqual(['a', 'd', 'e', '...', 'f']);
    expect(strings).toEqual(['b;', '\nblock "q" ']);
  });

  it('collects relative .txt names the program hard-codes, not absolute ones', () => {
    const { strings } = tokenizeJava('new File("words.txt"); new File("src/dictionary.txt"); new File("/Users/me/dict.txt"); new File("../x.txt"); new File("data\\\\w.txt"); // "comment.txt"');
    expect(txtLiteralsIn(strings)).toEqual(['words.txt', 'src/dictionary.txt', 'data/w.txt']);
  });

  it('parses javac diagnostics into file, line and message', () => {
    const out = "src/a/B.java:12: error: ';' expected\n        int x = 5\n                 ^\nMain.java:3: error: cannot find symbol\n2 errors\n";
    expect(parseJavacErrors(out)).toEqual([
      { file: 'src/a/B.java', line: 12, message: "';' expected" },
      { file: 'Main.java', line: 3, message: 'cannot find symbol' },
    ]);
  });
});

describe('compileJava', () => {
  it('reports a compile error with the submission-relative file and line', async () => {
    const r = await compileJava(join(FIX, 'compile_error', 'missing-semicolon'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const file = 'src/edu/upenn/cit594/hangman/EvilGame.java';
    const line = readFileSync(join(FIX, 'compile_error', 'missing-semicolon', file), 'utf8').split('\n').findIndex((l) => /guessed\.add\(c\)\s*$/.test(l)) + 1;
    expect(line).toBeGreaterThan(0);
    expect(r.errors[0]).toEqual({ file, line, message: "';' expected" });
    expect(r.summary).toBe(`${file}:${line}: error: ';' expected`);
    expect(r.output).not.toContain(tmpdir());
  });

  it('compiles a package under src/ and finds its fully qualified main class', async () => {
    const r = await compileJava(join(FIX, 'accepted', 'package-src'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.mainClass).toBe('edu.upenn.cit594.hangman.Main');
    expect(existsSync(join(r.classDir, 'edu', 'upenn', 'cit594', 'hangman', 'Main.class'))).toBe(true);
  });

  it('accepts a source with a UTF-8 BOM and CRLF line endings', async () => {
    const src = readFileSync(join(FIX, 'accepted', 'filename-prompt', 'Hangman.java'));
    expect([...src.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(src.includes('\r\n')).toBe(true);
    const r = await compileJava(join(FIX, 'accepted', 'filename-prompt'));
    expect(r.ok && r.mainClass).toBe('Hangman');
  });

  it('skips handed-in JUnit tests and picks the main that reads System.in', async () => {
    const dir = tempSubmission({
      'Game.java': 'import java.util.Scanner;\npublic class Game { public static void main(String[] a) { new Scanner(System.in); } }\n',
      'Demo.java': 'public class Demo { public static void main(String[] a) { System.out.println(1); } }\n',
      'GameTest.java': 'import org.junit.Test;\npublic class GameTest { @Test public void t() {} }\n',
    });
    const r = await compileJava(dir);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.mainClass).toBe('Game');
    expect(r.skipped).toEqual(['GameTest.java']);
  });

  it('asks for mainClass when several mains are equally plausible, and honours the option', async () => {
    const dir = tempSubmission({
      'A.java': 'public class A { public static void main(String[] a) {} }\n',
      'B.java': 'public class B { public static void main(String[] a) {} }\n',
    });
    const r = await compileJava(dir);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.summary).toBe('several classes have main (A, B): name mainClass in the spec');
    const named = await compileJava(dir, { mainClass: 'B' });
    expect(named.ok && named.mainClass).toBe('B');
  });

  it('says what to do when there is nothing to compile or no main', async () => {
    const empty = await compileJava(tempSubmission({ 'readme.txt': 'hi' }));
    expect(!empty.ok && empty.summary).toMatch(/^no \.java files found under .*: hand in the Java sources$/);
    const noMain = await compileJava(tempSubmission({ 'A.java': 'class A {}\n' }));
    expect(!noMain.ok && noMain.summary).toMatch(/no class has `public static void main/);
  });
});

describe('the warm compile server', () => {
  /** Runs fn with the server forced on or off (by default the first compile of a process skips it). */
  const withServer = async <T,>(mode: 'on' | 'off', fn: () => Promise<T>): Promise<T> => {
    process.env.GRADEKIT_JAVAC_SERVER = mode;
    try {
      return await fn();
    } finally {
      delete process.env.GRADEKIT_JAVAC_SERVER;
    }
  };

  it('reports exactly what javac itself reports, errors and successes alike', async () => {
    for (const dir of [join(FIX, 'compile_error', 'missing-semicolon'), join(FIX, 'accepted', 'package-src'), join(FIX, 'accepted', 'filename-prompt')]) {
      const before = servedCompiles();
      const served = await withServer('on', () => compileJava(dir));
      expect(servedCompiles(), 'answered by the server').toBe(before + 1);
      const plain = await withServer('off', () => compileJava(dir));
      const strip = (r: Awaited<ReturnType<typeof compileJava>>) => (r.ok ? { ok: r.ok, mainClass: r.mainClass, sources: r.sources } : { ok: r.ok, errors: r.errors, summary: r.summary, output: r.output });
      expect(strip(served), dir).toEqual(strip(plain));
    }
  });

  it('keeps a megabyte of diagnostics when every error quotes a megabyte-long line, with the server and without', async () => {
    const errors = Array.from({ length: 50 }, (_, i) => `int a${i} = "s";`).join(' ');
    const dir = tempSubmission({ 'A.java': `public class A { void f() { ${errors} /* ${'x'.repeat(600_000)} */ } public static void main(String[] a) {} }\n` });
    for (const mode of ['on', 'off'] as const) {
      const r = await withServer(mode, () => compileJava(dir));
      expect(r.ok, mode).toBe(false);
      if (r.ok) continue;
      expect(r.output.length, mode).toBeLessThanOrEqual(1 << 20);
      expect(r.summary, mode).toMatch(/^A\.java:1: error: incompatible types: String cannot be converted to int/);
    }
  });

  it('gives up on a compile past its time limit, and the next compile gets a fresh server', async () => {
    const slow = await withServer('on', () => compileJava(join(FIX, 'accepted', 'package-src'), { timeoutMs: 1 }));
    expect(!slow.ok && slow.summary).toBe('javac did not finish within 0 s');
    const before = servedCompiles();
    const next = await withServer('on', () => compileJava(join(FIX, 'accepted', 'package-src')));
    expect(servedCompiles(), 'a new server answered').toBe(before + 1);
    expect(next.ok && next.mainClass).toBe('edu.upenn.cit594.hangman.Main');
  });
});

describe('prepareJavaRun', () => {
  it('writes the word list as dictionary.txt plus hard-coded relative names, and builds the java argv', () => {
    const run = prepareJavaRun({ classDir: '/c', mainClass: 'p.G', words: ['ab', 'cd'], wordFiles: ['res/words.txt', 'a.txt', 'a.txt/b.txt'] });
    // A name that is another name's folder is left out; every name is the same file, never a copy.
    expect(run.wordFiles).toEqual(['dictionary.txt', 'res/words.txt', 'a.txt']);
    expect(readFileSync(join(run.cwd, 'dictionary.txt'), 'utf8')).toBe('ab\ncd\n');
    expect(readFileSync(join(run.cwd, 'res', 'words.txt'), 'utf8')).toBe('ab\ncd\n');
    expect(statSync(join(run.cwd, 'res', 'words.txt')).ino).toBe(statSync(join(run.cwd, 'dictionary.txt')).ino);
    rmSync(run.cwd, { recursive: true });
    expect(run.command.slice(0, 3)).toEqual(['java', '-cp', '/c']);
    expect(run.command).toContain('-Xmx256m');
    expect(run.command[run.command.length - 1]).toBe('p.G');
    expect(javaCommand({ classDir: '/c', mainClass: 'M', stackSize: '4m' })).toContain('-Xss4m');
  });

  it('provides the word list under a handful of names however many the sources name, as one file', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `"w${i}.txt"`);
    const dir = tempSubmission({ 'G.java': `public class G {\n  static String[] n = { ${names.join(', ')} };\n  public static void main(String[] a) {}\n}\n` });
    const c = await compileJava(dir);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.wordFiles).toEqual(['w0.txt', 'w1.txt', 'w2.txt', 'w3.txt', 'w4.txt', 'w5.txt', 'w6.txt', 'w7.txt']);
    expect(c.notices.join('\n')).toMatch(/names 3000 \.txt files; the word list is provided under the first 8 of them only/);
    const run = prepareJavaRun({ classDir: c.classDir, mainClass: c.mainClass, words: ['ab'], wordFiles: c.wordFiles });
    expect(readdirSync(run.cwd).length).toBe(8); // dictionary.txt and 7 more: MAX_WORD_FILES in all
    rmSync(run.cwd, { recursive: true });
    rmSync(join(c.classDir, '..'), { recursive: true });
  });
});
