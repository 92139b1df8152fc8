// Java class tests (harness/run/java/GradekitCalls.java, calls.ts, harness/grade/java-values.ts): the call
// driver converts a test's arguments to the types the class declares (a List or a Collection, a char from a
// one-letter string), reports each result by what its declared type promises (a Set unordered, a SortedSet
// in order), an exception with its class chain and line, a missing method by name with what the class
// declares instead, and what a call printed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileJava } from '../harness/run/java/compile.js';
import { addCallDriver, runCalls, type CallsRun, type JValue, type StepResult } from '../harness/run/java/calls.js';
import type { LockstepResult } from '../harness/run/lockstep.js';
import { judgeCalls } from '../harness/grade/java-class.js';
import type { TestData } from '../harness/spec/schema.js';
import { parseStep } from '../harness/spec/pyexpr.js';
import { differenceKind, sameJava } from '../harness/grade/java-values.js';
import { loadAssignment } from '../harness/assignment/load.js';

const BOX = `import java.util.*;
public class Box {
  private final List<String> items;
  public Box(Collection<String> items, int limit) {
    if (limit < 0) throw new IllegalArgumentException("limit");
    this.items = new ArrayList<>(items);
  }
  public Set<String> distinct() { return new HashSet<>(items); }
  public SortedSet<Character> firsts() { SortedSet<Character> s = new TreeSet<>(); for (String i : items) s.add(i.charAt(0)); return s; }
  public int count(char c) { int n = 0; for (String i : items) if (i.indexOf(c) >= 0) n++; System.out.println("counting " + c); return n; }
  public String first() { if (items.isEmpty()) throw new IllegalStateException("empty"); return items.get(0); }
  public void sortIn(List<String> l) { Collections.sort(l); }
  public void churn(Set<String> s, Map<String, Integer> m) { s.add("zz"); s.remove("zz"); m.put("k", 1); m.remove("k"); }
  public void bump(int[] a) { a[0]++; }
}
`;

let dir: string;
let classDir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gradekit-javaclass-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'Box.java'), BOX);
  const c = await compileJava(join(dir, 'src'), { mainClass: 'Box' });
  if (!c.ok) throw new Error(c.summary);
  expect(await addCallDriver(c.classDir)).toBeUndefined();
  classDir = c.classDir;
  mkdirSync(join(dir, 'run'));
  writeFileSync(join(dir, 'run', 'list.txt'), 'pear\napple\nplum\npear\n');
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (steps: string[]) => runCalls({ cwd: join(dir, 'run'), classDir, steps: steps.map(parseStep), lists: { fruit: 'list.txt' }, timeoutMs: 10_000, maxHeap: '128m', maxOutputBytes: 1 << 20 });
const strs = (...v: string[]): JValue[] => v.map((x) => ({ t: 'str', v: x }));

describe('the call driver', () => {
  it('constructs from a word list, calls methods on the object, and reports by declared type', async () => {
    const r = await run(['b = Box(fruit, 3)', 'b.distinct()', 'b.firsts()', "b.count('p')"]);
    expect(r.done).toBe(true);
    expect(r.steps[0]!.sig).toBe('Box(Collection<String>, int)');
    expect(r.steps[1]!.value).toMatchObject({ t: 'set' });
    expect(sameJava({ t: 'set', v: strs('apple', 'pear', 'plum') }, r.steps[1]!.value!)).toBe(true);
    expect(r.steps[2]!.value).toEqual({ t: 'seq', v: [{ t: 'char', v: 'a' }, { t: 'char', v: 'p' }] });
    expect(r.steps[3]).toMatchObject({ value: { t: 'int', v: '4' }, out: 'counting p\n', sig: 'int count(char)' });
  }, 60_000);

  it('an exception by its class chain and line; a missing method by name, with what the class declares', async () => {
    const r = await run(["b = Box(['x'], -1)", "c = Box([], 1)", 'c.first()', "c.count('a', 'b')", 'c.size()']);
    expect(r.steps[0]!.throws).toMatchObject({ chain: expect.arrayContaining(['IllegalArgumentException', 'RuntimeException']), at: 'Box.java:5' });
    expect(r.steps[2]!.throws?.chain[0]).toBe('IllegalStateException');
    expect(r.steps[3]!.missing).toBe('Box has no method count(char, char) (it declares int count(char))');
    expect(r.steps[4]!.missing).toBe('Box has no method size()');
  }, 60_000);

  it('unchanged_args: an argument changed by value is sent back with its value before and after; one put back as it was is not', async () => {
    const r = await runCalls({ cwd: join(dir, 'run'), classDir, steps: ["b = Box(['q'], 1)", "b.sortIn(['b', 'a'])", "b.churn({'x', 'y'}, {'a': 1})", 'b.bump([1, 2])', "b.sortIn(['a', 'b'])"].map(parseStep), lists: {}, timeoutMs: 10_000, maxHeap: '128m', maxOutputBytes: 1 << 20, unchangedArgs: true });
    expect(r.steps.map((s) => s.changed ?? null)).toEqual([
      null,
      [{ step: 1, arg: 0, before: { t: 'seq', v: strs('b', 'a') }, after: { t: 'seq', v: strs('a', 'b') } }],
      null,
      [{ step: 3, arg: 0, before: { t: 'seq', v: [{ t: 'int', v: '1' }, { t: 'int', v: '2' }] }, after: { t: 'seq', v: [{ t: 'int', v: '2' }, { t: 'int', v: '2' }] } }],
      null,
    ]);
  }, 60_000);
});

describe('Java values', () => {
  it('a Set in any order, a List in its order, a char as its one-letter String, numbers by value', () => {
    expect(sameJava({ t: 'set', v: strs('a', 'b') }, { t: 'seq', v: strs('b', 'a') })).toBe(true);
    expect(sameJava({ t: 'seq', v: strs('a', 'b') }, { t: 'seq', v: strs('b', 'a') })).toBe(false);
    expect(sameJava({ t: 'char', v: 'e' }, { t: 'str', v: 'e' })).toBe(true);
    expect(sameJava({ t: 'int', v: '2' }, { t: 'float', v: 2 })).toBe(true);
    expect(sameJava({ t: 'set', v: strs('a') }, { t: 'set', v: strs('a', 'a') })).toBe(false);
  });

  it("compare: in-order reads a Set's iteration order as part of its value (a course that requires a TreeSet)", () => {
    expect(sameJava({ t: 'set', v: strs('a', 'o', 'r') }, { t: 'set', v: strs('a', 'r', 'o') })).toBe(true);
    expect(sameJava({ t: 'set', v: strs('a', 'o', 'r') }, { t: 'set', v: strs('a', 'r', 'o') }, true)).toBe(false);
    expect(sameJava({ t: 'set', v: strs('a', 'o', 'r') }, { t: 'set', v: strs('a', 'o', 'r') }, true)).toBe(true);
    expect(differenceKind({ t: 'set', v: strs('a', 'o', 'r') }, { t: 'set', v: strs('a', 'r', 'o') })).toBe('order');
    const map = (...ks: string[]) => ({ t: 'map' as const, ordered: false, v: ks.map((k) => [{ t: 'str' as const, v: k }, { t: 'int' as const, v: '1' }] as [JValue, JValue]) });
    expect(sameJava(map('a', 'b'), map('b', 'a'))).toBe(true);
    expect(sameJava(map('a', 'b'), map('b', 'a'), true)).toBe(false);
  });

  it('names the kind of difference, the part of a defect two failures must share', () => {
    expect(differenceKind({ t: 'str', v: '- - -' }, { t: 'str', v: '- - - ' })).toBe('whitespace');
    expect(differenceKind({ t: 'int', v: '7' }, { t: 'int', v: '6' })).toBe('number');
    expect(differenceKind({ t: 'seq', v: strs('a', 'b') }, { t: 'seq', v: strs('b', 'a') })).toBe('order');
    expect(differenceKind({ t: 'set', v: strs('a') }, { t: 'set', v: strs('a', 'b') })).toBe('more-items');
  });
});

describe('a Java course folder\'s spec errors', () => {
  it('name the file and line: a course file not there, a name no list or step binds, a class the solution lacks', () => {
    const course = join(dir, 'course');
    mkdirSync(join(course, 'solution'), { recursive: true });
    mkdirSync(join(course, 'fixtures'), { recursive: true });
    writeFileSync(join(course, 'solution', 'Box.java'), BOX);
    writeFileSync(join(course, 'fixtures', 'w.txt'), 'a\nb\n');
    writeFileSync(join(course, 'assignment.yaml'), [
      'assignment: box', 'title: Box', 'language: java', 'submission: { file: Box.java }', 'course_files: [course/Main.java]',
      'words: { file: w.txt, as: w.txt }', 'tests:', '  - id: t1', '    steps: ["b = Box(fruit, 1)", "b.first()"]', '    basis: "first(): returns the first item"', '  - id: t2', '    steps: ["c = Crate(words, 1)"]', '    basis: "Crate(): makes a crate"', '',
    ].join('\n'));
    expect(() => loadAssignment(join(course, 'assignment.yaml'))).toThrow(/assignment\.yaml:5:\d+: course file not found: course\/Main\.java[\s\S]*assignment\.yaml:9:\d+: unknown name 'fruit'[\s\S]*assignment\.yaml:12:\d+: unknown function 'Crate'/);
  });

  it("a property's setup: and call: are checked as steps, with the drawn names", () => {
    const course = join(dir, 'course-property');
    mkdirSync(join(course, 'solution'), { recursive: true });
    mkdirSync(join(course, 'fixtures'), { recursive: true });
    writeFileSync(join(course, 'solution', 'Box.java'), BOX);
    writeFileSync(join(course, 'fixtures', 'w.txt'), 'a\nb\n');
    const spec = (setup: string, call: string) => [
      'assignment: box', 'title: Box', 'language: java', 'submission: { file: Box.java }', 'reference: { solution: solution/ }',
      'words: { file: w.txt, as: w.txt }', 'tests:', '  - id: p1', '    property:', `      setup: ["${setup}"]`, `      call: "${call}"`,
      "      given: { ws: { gen: word-list }, n: { int: [0, 3] } }", '    basis: "Box(): keeps the items"', '',
    ].join('\n');
    writeFileSync(join(course, 'assignment.yaml'), spec('b = Box(ws, n)', 'b.distinct()'));
    expect(() => loadAssignment(join(course, 'assignment.yaml'))).not.toThrow();
    writeFileSync(join(course, 'assignment.yaml'), spec('b = Box(items, n)', 'c.distinct()'));
    expect(() => loadAssignment(join(course, 'assignment.yaml'))).toThrow(/assignment\.yaml:10:\d+: unknown name 'items'[\s\S]*assignment\.yaml:11:\d+: 'c' is not bound by an earlier step/);
  });
});

describe('judging the steps of a call test', () => {
  const thrown = (cls: string, message: string, at: string) => ({ class: `java.lang.${cls}`, chain: [cls, 'RuntimeException', 'Exception', 'Throwable'], message, at });
  const run = (steps: StepResult[]): CallsRun => ({ steps, done: true, run: { outcome: 'exited', exitCode: 0 } as LockstepResult });
  const made: StepResult = { i: 0, sig: 'Grid(int)', value: { t: 'obj', class: 'Grid', v: 'a new Grid' } as JValue, out: '', outBytes: 0 };
  const aside = thrown('RuntimeException', 'gradekit: this method does not compile as handed in (line 54: cannot find symbol)', 'Grid.java:52');

  it("a body set aside by salvage, called where an exception is due, is the crash a call that returns charges, not a wrong exception of its own", () => {
    const t = { id: 'bad-index', steps: ['g = Grid(4)', { do: 'g.isFull(1, 0)', throws: 'IllegalArgumentException' }] } as unknown as TestData;
    const steps = ['g = Grid(4)', 'g.isFull(1, 0)'].map(parseStep);
    const want = run([made, { i: 1, sig: 'boolean isFull(int, int)', throws: thrown('IllegalArgumentException', 'col 0', 'Grid.java:80'), out: '', outBytes: 0 }]);
    const got = run([made, { i: 1, sig: 'boolean isFull(int, int)', throws: aside, out: '', outBytes: 0 }]);
    const o = judgeCalls(t, steps, got, want, 3000);
    expect(o.message).toMatch(/^g\.isFull\(1, 0\) \(after g = Grid\(4\)\) should throw IllegalArgumentException; it threw RuntimeException/);
    expect(o.defect).toBe('raised:RuntimeException:Grid.java:52@isFull');
    // The same body where a value is due: the same defect.
    const t2 = { id: 'blocked', steps: ['g = Grid(4)', 'g.isFull(1, 1)'] } as unknown as TestData;
    const o2 = judgeCalls(t2, ['g = Grid(4)', 'g.isFull(1, 1)'].map(parseStep), got, run([made, { i: 1, sig: 'boolean isFull(int, int)', value: { t: 'bool', v: false } as JValue, out: '', outBytes: 0 }]), 3000);
    expect(o2.defect).toBe(o.defect);
    // A class that throws another exception of its own is still that: another exception where one is due.
    const own = run([made, { i: 1, sig: 'boolean isFull(int, int)', throws: thrown('ArrayIndexOutOfBoundsException', 'Index -1', 'Grid.java:77'), out: '', outBytes: 0 }]);
    expect(judgeCalls(t, steps, own, want, 3000).defect).toBe('answer:isFull:other-exception:IllegalArgumentException');
  });
});
