// A Java class assignment's `unchanged_args: true` (a list the constructor or a method is given must be the same
// after the call: compared in the student's JVM, sent back only when changed) and its property tests (cases
// drawn under the test's own seed, run on the student's class and the solution's in one JVM each, recorded with
// their results by `gradekit golden --update` so an export grades them too). The course folder is this test's
// own, made up for it: Shelf, a class of titles of at most max letters.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncClassGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';

const SHELF = `import java.util.*;

public class Shelf {
    private final List<String> titles;

    /** The titles of at most max letters, each once; the list passed in is not changed. */
    public Shelf(List<String> titles, int max) {
        if (max < 0) throw new IllegalArgumentException("max must be at least 0");
        this.titles = new ArrayList<>();
        for (String t : titles) if (t.length() <= max && !this.titles.contains(t)) this.titles.add(t);
    }

    public SortedSet<String> titles() {
        return new TreeSet<>(titles);
    }

    public int size() {
        return titles.size();
    }

    public void remove(String title) {
        titles.remove(title);
    }

    /** How many titles hold the letter. */
    public int count(char c) {
        int n = 0;
        for (String t : titles) if (t.indexOf(c) >= 0) n++;
        return n;
    }
}
`;

const SPEC = `assignment: shelf
title: Shelf (a test's own course)
language: java
submission: { file: Shelf.java }
reference: { solution: solution/ }
words: { file: words.txt, as: words.txt }
defaults: { timeout: 5s, judge: text }
tests:
  - id: titles
    steps: ["s = Shelf(['pear', 'apple', 'fig', 'pear'], 4)", "s.titles()"]
    basis: "Shelf(): 'The titles of at most max letters, each once'"
  - id: keeps-input
    steps: ["s = Shelf(['pear', 'apple', 'fig'], 4)", "s.size()"]
    unchanged_args: true
    basis: "Shelf(): 'the list passed in is not changed'"
  - id: keeps-words
    steps: ["s = Shelf(words, 5)", "s.remove('plum')", "s.size()"]
    unchanged_args: true
    basis: "Shelf(): 'the list passed in is not changed'"
  - id: count
    steps: ["s = Shelf(words, 5)", "s.count('p')"]
    basis: "count(): 'How many titles hold the letter'"
  - id: count-property
    property:
      setup: ["s = Shelf(ws, n)"]
      call: "s.count(c)"
      given:
        ws: { gen: word-list, with: { letters: abc, max_words: 5, max_length: 3 } }
        n: { int: [-1, 3] }
        c: { gen: letter, with: { letters: abc } }
      runs: 60
    basis: "count(): 'How many titles hold the letter'"
`;

/** The class with one line replaced. */
const bug = (from: string, to: string) => {
  if (!SHELF.includes(from)) throw new Error(`not in Shelf: ${from}`);
  return SHELF.replace(from, to);
};
const SORTS = bug('if (max < 0) throw new IllegalArgumentException("max must be at least 0");', 'if (max < 0) throw new IllegalArgumentException("max must be at least 0");\n        Collections.sort(titles);');
const KEEPS = bug('titles.remove(title);', 'titles.remove(title);\n        source.remove(title);')
  .replace('private final List<String> titles;', 'private final List<String> titles;\n    private final List<String> source;')
  .replace('this.titles = new ArrayList<>();', 'this.titles = new ArrayList<>();\n        this.source = titles;');
const OCCURRENCES = bug('if (t.indexOf(c) >= 0) n++;', 'for (char x : t.toCharArray()) if (x == c) n++;');

let work: string;
let folder: string;
const runners = languageRunners();
const submission = (name: string, text: string) => {
  const d = join(work, 'subs', name);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'Shelf.java'), text);
  return d;
};
const failing = (r: Awaited<ReturnType<typeof gradeSubmission>>) => r.tests.filter((t) => t.status !== 'passed');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-shelf-'));
  folder = join(work, 'shelf');
  mkdirSync(join(folder, 'solution'), { recursive: true });
  mkdirSync(join(folder, 'fixtures'), { recursive: true });
  writeFileSync(join(folder, 'solution', 'Shelf.java'), SHELF);
  // Sorted, so a class that sorts its list changes this one in no way: only keeps-input sees the sort.
  writeFileSync(join(folder, 'fixtures', 'words.txt'), 'apple\nbanana\nfig\nkiwi\nlemon\nmango\nplum\n');
  writeFileSync(join(folder, 'assignment.yaml'), SPEC);
  const st = await syncClassGolden(loadAssignment(join(folder, 'assignment.yaml')), true);
  expect(st.failed).toEqual([]);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('unchanged_args on a Java class', () => {
  it('the solution passes; a constructor that sorts the caller\'s list fails that test alone, with both values', async () => {
    const a = loadAssignment(join(folder, 'assignment.yaml'));
    const ok = await gradeSubmission(a, submission('ok', SHELF), { runners });
    expect(failing(ok).map((t) => `${t.id}: ${t.message}`)).toEqual([]);
    const sorts = await gradeSubmission(a, submission('sorts', SORTS), { runners });
    expect(failing(sorts).map((t) => t.id)).toEqual(['keeps-input']);
    expect(failing(sorts)[0]!.message).toBe('Shelf([\'pear\', \'apple\', \'fig\'], 4) changed its argument 1: it was ["pear", "apple", "fig"] and is now ["apple", "fig", "pear"] (the same items in another order); it must not modify its input');
  }, 120_000);

  it('a class that keeps the caller\'s list and changes it in a later call fails where the change shows', async () => {
    const a = loadAssignment(join(folder, 'assignment.yaml'));
    const keeps = await gradeSubmission(a, submission('keeps', KEEPS), { runners });
    expect(failing(keeps).map((t) => t.id)).toEqual(['keeps-words']);
    expect(failing(keeps)[0]!.message).toMatch(/^Shelf\(words, 5\) kept its argument 1 and s\.remove\('plum'\) changed it: it was \["apple", "banana", .* and is now .* \(1 items fewer\); the class must not modify the caller's input$/);
  }, 120_000);
});

describe('property tests of a Java class', () => {
  it('golden --update records the cases; a one-bug class fails with a shrunk counterexample, here and in an export', async () => {
    const g = JSON.parse(readFileSync(join(folder, 'fixtures', 'golden', 'count-property.json'), 'utf8')) as { cases: string[]; steps: unknown[] };
    expect(g.cases).toHaveLength(60);
    expect(g.cases[0]).toMatch(/^s = Shelf\(\[.*\], -?\d\); s\.count\('[abc]'\)$/);
    expect(g.cases.some((c) => /, -1\)/.test(c))).toBe(true); // a case the solution refuses: the student must too
    const a = loadAssignment(join(folder, 'assignment.yaml'));
    const bad = await gradeSubmission(a, submission('occurrences', OCCURRENCES), { runners });
    expect(failing(bad).map((t) => t.id).sort()).toEqual(['count', 'count-property']);
    const p = failing(bad).find((t) => t.id === 'count-property')!;
    // Shrunk to one title of two of the letter (the smallest case that tells counting titles from letters);
    // the wrong count is the defect the count test charges (one defect, charged once).
    expect(p.message).toMatch(/^not charged again: the same defect is charged in count \(counterexample \(shrunk in \d+ rounds? from case \d+ of 60\): s\.count\('(\w)'\) \(after s = Shelf\(\['\1\1'\], 2\)\) returned 2, expected 1\)$/);

    // An export: no solution/, the golden files stand for it (the same cases, not shrunk).
    const exported = join(work, 'export');
    cpSync(folder, exported, { recursive: true, filter: (src) => !src.includes(`${join(folder, 'solution')}`) });
    const e = loadAssignment(join(exported, 'assignment.yaml'));
    expect(failing(await gradeSubmission(e, submission('ok-export', SHELF), { runners }))).toEqual([]);
    const badExport = await gradeSubmission(e, submission('occurrences-export', OCCURRENCES), { runners, only: ['count-property'] });
    expect(failing(badExport).map((t) => t.message)).toEqual([expect.stringMatching(/^case \d+ of 60: s\.count\('\w'\) \(after s = Shelf\(\[.*\], \d\)\) returned \d, expected \d$/)]);
    // Cases the golden file does not record (another seed) are a clear problem, not a verdict.
    writeFileSync(join(exported, 'assignment.yaml'), SPEC.replace('runs: 60', 'runs: 60\n      seed: 7'));
    const other = await gradeSubmission(loadAssignment(join(exported, 'assignment.yaml')), submission('ok-export-2', SHELF), { runners, only: ['count-property'] });
    expect(other.tests[0]!.message).toMatch(/^the golden file of count-property records other cases than the property draws now: run `gradekit golden .* --update` where the solution is$/);
  }, 240_000);
});
