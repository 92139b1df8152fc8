// Java salvage (harness/grade/java-salvage.ts): from javac's own errors, the repairs a TA makes on sight, line
// numbers kept; anything else inside a method sets that body aside; an error outside every method is left. And
// the stubs of a starter that compiles (java-stubs.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repairs, salvageSaid, type SalvageDone } from '../harness/grade/java-salvage.js';
import { stubMethods } from '../harness/grade/java-stubs.js';

const dir = mkdtempSync(join(tmpdir(), 'gradekit-salvage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const own = (text: string): [string, string][] => {
  const p = join(dir, `${Math.random().toString(36).slice(2)}.java`);
  writeFileSync(p, text);
  return [['A.java', p]];
};
const fix = (text: string, output: string) => repairs(output, own(text), new Set(['Main.java']))?.get('A.java');

describe('java salvage', () => {
  it('deletes an import javac cannot find, and adds a missing semicolon where the caret points', () => {
    const src = 'import javafx.scene.Node;\nclass A {\n  int f() {\n    return 1\n  }\n}';
    const out = 'A.java:1: error: package javafx.scene does not exist\nimport javafx.scene.Node;\n                   ^\nA.java:4: error: \';\' expected\n    return 1\n            ^\n2 errors\n';
    expect(fix(src, out)).toBe('\nclass A {\n  int f() {\n    return 1;\n  }\n}');
  });

  it('imports java.util on line 1 for a collection used without it, and spells length() on a String', () => {
    const src = 'class A {\n  List<String> a;\n  int n(String s) { return s.length; }\n}';
    const out = 'A.java:2: error: cannot find symbol\n  List<String> a;\n  ^\n  symbol:   class List\n  location: class A\nA.java:3: error: cannot find symbol\n  int n(String s) { return s.length; }\n                             ^\n  symbol:   variable length\n  location: variable s of type String\n2 errors\n';
    expect(fix(src, out)).toBe('import java.util.*; import java.io.*; class A {\n  List<String> a;\n  int n(String s) { return s.length(); }\n}');
  });

  it('sets aside the body of a method that does not compile otherwise, keeping its lines; an error in the course\'s files is not ours', () => {
    const src = 'class A {\n  int f(int x) {\n    if (x > 0) { String s = "}"; }\n    String t = x;\n    return 0;\n  }\n  int g() { return 2; }\n}';
    const out = 'A.java:4: error: incompatible types: int cannot be converted to String\n    String t = x;\n               ^\nMain.java:9: error: cannot find symbol\n1 error\n';
    const r = fix(src, out)!;
    expect(r.split('\n')).toHaveLength(8);
    expect(r).toContain('int f(int x) { throw new RuntimeException("gradekit: this method does not compile as handed in (line 4: incompatible types: int cannot be converted to String)"); ');
    expect(r).toContain('int g() { return 2; }');
    expect(r).not.toContain('String t = x');
  });

  it('says what it did: a line repaired, or a method\'s body set aside (the notice and the compiles test say which)', () => {
    const src = 'import javafx.scene.Node;\nclass A {\n  int f(int x) {\n    String t = x;\n    return 0;\n  }\n  boolean isFull(int r, int c) throws IllegalStateException\n  {\n    return r == tpo;\n  }\n}';
    const out = 'A.java:1: error: package javafx.scene does not exist\nimport javafx.scene.Node;\n                   ^\nA.java:4: error: incompatible types: int cannot be converted to String\n    String t = x;\n               ^\nA.java:9: error: cannot find symbol\n    return r == tpo;\n                ^\n  symbol:   variable tpo\n  location: class A\n3 errors\n';
    const did: SalvageDone = { fixed: 0, aside: [] };
    expect(repairs(out, own(src), new Set(), new Map(), did)).toBeDefined();
    expect(did).toEqual({ fixed: 1, aside: ['f() (A.java:4)', 'isFull() (A.java:9)'] });
    expect(salvageSaid(did)).toBe('repaired that line as a TA would and set aside the body of f() (A.java:4), isFull() (A.java:9), which throw when called');
    expect(salvageSaid({ fixed: 0, aside: ['isFull() (A.java:9)'] })).toBe('set aside the body of isFull() (A.java:9), which throws when called');
    expect(salvageSaid({ fixed: 2, aside: [] })).toBe('repaired those lines as a TA would');
  });

  it('leaves an error outside every method: nothing to set aside', () => {
    const src = 'class A {\n  int n = "x";\n}';
    expect(fix(src, 'A.java:2: error: incompatible types: String cannot be converted to int\n  int n = "x";\n          ^\n1 error\n')).toBeUndefined();
  });

  it('says a body with no code is a method never written', () => {
    const src = 'class A {\n  int f() {\n    // TODO\n  }\n}';
    const r = fix(src, 'A.java:4: error: missing return statement\n  }\n  ^\n1 error\n')!;
    expect(r).toContain('throw new RuntimeException("gradekit: this method has no code: its empty body does not compile (line 4: missing return statement)");');
  });

  it('spells s.length() where javac points at the dot', () => {
    const src = 'class A {\n  int n(String s) { return s.length; }\n}';
    expect(fix(src, 'A.java:2: error: cannot find symbol\n  int n(String s) { return s.length; }\n                            ^\n  symbol:   variable length\n  location: variable s of type String\n1 error\n')).toBe('class A {\n  int n(String s) { return s.length(); }\n}');
  });
});

describe('stubMethods: a starter\'s stub that compiles is a method never written', () => {
  it('finds bodies that only return a default value or throw UnsupportedOperationException, comments and all', () => {
    const src = `public class Account {
      /* the balance */ private int balance;
      public Account(int start) { balance = start; }
      /** Adds the amount. */
      public void deposit(int amount) {
        // TODO: your code here
      }
      public int balance() {
        /* not done yet */ return 0; // fix me
      }
      public String owner() { throw new UnsupportedOperationException("not yet"); }
      public int fee() {
        /* a comment */
        if (balance < 0) { return 0; }
        return 1; /* another */
      }
    }`;
    expect([...stubMethods([src])].sort()).toEqual(['balance', 'deposit', 'owner']);
  });
});
