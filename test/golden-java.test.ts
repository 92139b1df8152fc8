// A Java class assignment whose spec does not fit the staff's solution: what the solution "did" there is no
// answer, and recorded it would cost every student the test (the solution's own copy too). So
// `gradekit golden --update` reports FAILED at the spec's line (with a did-you-mean), and grading with the
// solution here reports the test as not graded:
// - a step calling a method under a close name (c.coun for count), or with arguments it does not take;
// - a run of a main class that is not there (submission: { main: CountrMain }).
// Also: a method test stopped at the time limit shows its steps as the other tests do, never gradekit's
// request to its call driver; and a submission file naming no class of the solution is a spec error.
// The classes here are this test's own.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncClassGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';

const COUNTER = `import java.util.*;

public class Counter {
    private final List<String> words;

    public Counter(List<String> words) {
        this.words = new ArrayList<>(words);
    }

    public int count(String w) {
        int n = 0;
        for (String x : words) if (x.equals(w)) n++;
        return n;
    }

    public int size() {
        return words.size();
    }
}
`;

const MAIN = `import java.util.*;

public class CounterMain {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Counter c = new Counter(Arrays.asList("a", "b", "a"));
        while (in.hasNextLine()) {
            String w = in.nextLine();
            System.out.println(w + ": " + c.count(w));
        }
    }
}
`;

const SPEC = `assignment: counter
title: Counter
language: java
submission: { file: Counter.java, main: CountrMain }
reference: { solution: solution/ }
course_files: [course/CounterMain.java]
words: { file: w.txt, as: w.txt }
defaults: { timeout: 1s }
tests:
  - id: count-a
    steps: ["c = Counter(['a', 'b', 'a'])", "c.count('a')"]
    basis: "count(): how often the word occurs"
  - id: count-typo
    steps: ["c = Counter(['a', 'b', 'a'])", "c.coun('a')"]
    basis: "count(): how often the word occurs"
  - id: size-args
    steps: ["c = Counter(['a'])", "c.size(3)"]
    basis: "size(): the number of words"
  - id: size
    steps: ["c = Counter(['a'])", "c.size()"]
    basis: "size(): the number of words"
  - id: run-main
    run: main
    stdin: [a]
    eof: true
    basis: "the session prints each word's count"
`;

const runners = languageRunners();
let course: string;
let spec: string;
const lineOf = (text: string) => readFileSync(spec, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

beforeAll(() => {
  course = mkdtempSync(join(tmpdir(), 'gradekit-golden-java-'));
  for (const d of ['solution', 'course', 'fixtures', 'student']) mkdirSync(join(course, d));
  writeFileSync(join(course, 'solution', 'Counter.java'), COUNTER);
  writeFileSync(join(course, 'course', 'CounterMain.java'), MAIN);
  writeFileSync(join(course, 'fixtures', 'w.txt'), 'a\nb\n');
  // A student whose size() never returns.
  writeFileSync(join(course, 'student', 'Counter.java'), COUNTER.replace('return words.size();', 'while (words != null) { } return 0;'));
  spec = join(course, 'assignment.yaml');
  writeFileSync(spec, SPEC);
});
afterAll(() => rmSync(course, { recursive: true, force: true }));

describe('a Java spec that does not fit the solution', () => {
  it('golden --update fails those tests at the spec line, with a did-you-mean, and writes the rest', async () => {
    const st = await syncClassGolden(loadAssignment(spec), true);
    const failed = new Map(st.failed);
    expect([...failed.keys()].sort()).toEqual(['count-typo', 'run-main', 'size-args']);
    expect(failed.get('count-typo')).toMatch(new RegExp(`assignment\\.yaml:${lineOf("c.coun('a')")}: c\\.coun\\('a'\\): the solution has no such method .*; did you mean 'count'\\?`));
    expect(failed.get('size-args')).toMatch(new RegExp(`assignment\\.yaml:${lineOf('c.size(3)')}: c\\.size\\(3\\): Counter has no method size\\(int\\) \\(it declares int size\\(\\)\\)`));
    expect(failed.get('run-main')).toMatch(new RegExp(`assignment\\.yaml:${lineOf('main: CountrMain')}: the solution's program did not run: class CountrMain not found .*did you mean 'CounterMain'\\?`));
    for (const id of failed.keys()) expect(existsSync(join(course, 'fixtures', 'golden', `${id}.json`))).toBe(false);
    expect(st.written.sort()).toEqual(['count-a', 'size']);
  }, 60_000);

  it('grading with the solution here: those tests cost nothing, and say why', async () => {
    const r = await gradeSubmission(loadAssignment(spec), join(course, 'solution'), { only: ['count-typo', 'run-main', 'count-a'], runners });
    const t = (id: string) => r.tests.find((x) => x.id === id)!;
    expect(t('count-a')).toMatchObject({ status: 'passed' });
    for (const id of ['count-typo', 'run-main']) expect(t(id)).toMatchObject({ kind: 'grader_error', ungraded: true, maxScore: 0 });
    expect(t('run-main').message).toMatch(/class CountrMain not found/);
  }, 60_000);
});

describe('a method test stopped at the time limit', () => {
  it('shows the steps it made and the one stopped, never the call driver\'s request', async () => {
    const r = await gradeSubmission(loadAssignment(spec), join(course, 'student'), { only: ['size'], runners });
    const t = r.tests.find((x) => x.id === 'size')!;
    expect(t.kind).toBe('time_limit_exceeded');
    expect(t.detail?.transcript).toBe("c = Counter(['a']) -> a new Counter\nc.size() -> (did not finish)");
  }, 60_000);
});

describe('a submission file that names no class of the solution', () => {
  it('is a spec error saying which classes the solution has', () => {
    writeFileSync(spec, SPEC.replace('file: Counter.java', 'file: Countr.java'));
    try {
      expect(() => loadAssignment(spec)).toThrow(/assignment\.yaml:\d+:\d+: the solution folder solution\/ has no class Countr \(it holds Counter\.java\)/);
    } finally {
      writeFileSync(spec, SPEC);
    }
  });
});
