// `gradekit init <folder> --solution Tally.java` (or a folder of .java files): the Java course folder
// scaffolded from the instructor's own class loads as written, its golden files come from the solution,
// vet accepts the solution, the solution gets full marks and a copy with one bug loses the test of it.
// The classes here are this test's own, written for it.
import { execFileSync, spawnSync } from 'node:child_process';
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
import { initAssignment } from '../harness/init/init.js';
import { rootPath } from '../harness/paths.js';
import { vetAssignment } from '../harness/vet/vet.js';

const TALLY = `import java.util.*;

/** A tally of words: how often each was seen. */
public class Tally {
    private final Map<String, Integer> counts = new TreeMap<>();
    private int total;

    /**
     * Makes a tally of the given words, its total starting at start.
     * @throws IllegalArgumentException if start is negative
     */
    public Tally(List<String> words, int start) {
        if (start < 0) throw new IllegalArgumentException("start must be at least 0");
        total = start;
        for (String w : words) add(w);
    }

    /** Records one more occurrence of the word; an empty word is an IllegalArgumentException. */
    public void add(String word) {
        if (word.isEmpty()) throw new IllegalArgumentException("empty word");
        counts.merge(word, 1, Integer::sum);
        total++;
    }

    /** How often the word was seen. */
    public int count(String word) {
        return counts.getOrDefault(word, 0);
    }

    /** The number of words seen, plus the start. */
    public int total() {
        return total;
    }

    /** Whether the word was seen. */
    public boolean contains(String word) {
        return counts.containsKey(word);
    }

    /** The word seen most often (the alphabetically first of a tie), or "" before any word. */
    public String top() {
        String best = "";
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (best.isEmpty() || e.getValue() > counts.get(best)) best = e.getKey();
        }
        return best;
    }

    /** The distinct words seen, in alphabetical order. */
    public List<String> words() {
        return new ArrayList<>(counts.keySet());
    }

    /** The words that start with the letter. */
    public Set<String> startingWith(char letter) {
        Set<String> out = new TreeSet<>();
        for (String w : counts.keySet()) if (w.charAt(0) == letter) out.add(w);
        return out;
    }

    /** The word in capitals, with an exclamation mark. */
    public static String shout(String word) {
        return word.toUpperCase() + "!";
    }

    /** Reads words, one a line, until quit; then prints each word's count and the total. */
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Tally t = new Tally(new ArrayList<>(), 0);
        System.out.print("word? ");
        String w = in.nextLine().trim();
        while (!w.equals("quit")) {
            t.add(w);
            System.out.print("word? ");
            w = in.nextLine().trim();
        }
        for (String x : t.words()) System.out.println(x + ": " + t.count(x));
        System.out.println("total: " + t.total() + ", top: " + t.top());
    }
}
`;

const ACCOUNT = `/** A bank account. */
public class Account {
    private final String owner;
    private int balance;

    /** An account of the owner with the given balance. */
    public Account(String owner, int balance) {
        this.owner = owner;
        this.balance = balance;
    }

    /** Adds the amount to the balance. */
    public void deposit(int amount) {
        if (amount <= 0) throw new IllegalArgumentException("amount must be positive");
        balance += amount;
    }

    /** The balance. */
    public int balance() {
        return balance;
    }

    /** The owner and the balance, as a line of the bank's log. */
    public String line() {
        return owner + ": " + balance;
    }
}
`;

const BANK = `public class Bank {
    public static void main(String[] args) {
        Account a = new Account("ann", 10);
        a.deposit(5);
        System.out.println(a.line());
    }
}
`;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-init-java-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const runners = languageRunners();

describe('gradekit init from a Java solution', () => {
  it('scaffolds a call test per public method, the solution in solution/ and as the accepted submission, and CI; golden, vet and grading accept it as written', async () => {
    const repo = join(work, 'course');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(join(repo, 'Tally.java'), TALLY);
    writeFileSync(join(repo, 'words.txt'), 'pear\nplum\nfig\npear\napple\n');
    const folder = join(repo, 'hw2');
    const r = initAssignment(folder, { solution: join(repo, 'Tally.java'), words: join(repo, 'words.txt') });
    expect(r.tests.map((t) => t.id)).toEqual(['compiles', 'add', 'count', 'total', 'contains', 'top', 'words', 'starting-with', 'shout']);
    expect(r.tests.find((t) => t.id === 'shout')!.what).toBe("Tally.shout('pear')");
    expect(r.next.join('\n')).toMatch(/Script the input of run-main .* and uncomment it: Tally's main reads System\.in/);
    expect(existsSync(join(folder, 'solution', 'Tally.java'))).toBe(true);
    expect(readFileSync(join(folder, 'fixtures', 'submissions', 'accepted', 'solution', 'Tally.java'), 'utf8')).toBe(TALLY);
    expect(existsSync(join(folder, 'fixtures', 'words.txt'))).toBe(true);
    const wf = readFileSync(join(repo, '.github', 'workflows', 'gradekit-hw2.yml'), 'utf8');
    expect(wf).toMatch(/actions\/setup-java@v4/);
    expect(wf).toMatch(/npx gradekit golden hw2\/assignment\.yaml/);
    expect(wf).toMatch(/npx gradekit vet hw2\/assignment\.yaml hw2\/fixtures\/submissions\/accepted/);

    const spec = join(folder, 'assignment.yaml');
    const text = readFileSync(spec, 'utf8');
    expect(text).toMatch(/^language: java$/m);
    expect(text).toMatch(/^submission: \{ file: Tally\.java, main: Tally \}$/m);
    expect(text).toMatch(/^reference: \{ solution: solution\/ \}$/m);
    expect(text).toMatch(/^words: \{ file: words\.txt, as: words\.txt \}$/m);
    // cse143's step syntax: construct, then call; a void method is judged by what the object shows after it.
    expect(text).toMatch(/steps: \["t = Tally\(words, 3\)", "t\.count\('pear'\)"\]/);
    expect(text).toMatch(/steps: \["t = Tally\(words, 3\)", \{ do: "t\.add\('pear'\)", compare: none \}, "t\.total\(\)", "t\.top\(\)", "t\.words\(\)"\]/);
    expect(text).toMatch(/steps: \["t = Tally\(words, 3\)", "t\.startingWith\('p'\)"\]/);
    expect(text).toMatch(/steps: \["Tally\.shout\('pear'\)"\]/);
    expect(text).toMatch(/# REVIEW placeholder arguments \(chosen by type\) of the constructor: words = words, start = 3/);
    expect(text).toMatch(/basis: \{ section: "count\(\)", quote: "How often the word was seen\." \}/);
    // The compile error's scored home, and the option of a course that grades "does not compile = 0".
    expect(text).toMatch(/ {2}# submission: \{ file: Tally\.java, main: Tally, import: strict \} above: such a class then gets 0\.\n {2}- id: compiles\n {4}group: rules\n {4}name: "Tally\.java compiles"\n {4}rule: compiles\n {4}basis: \{ section: "Tally\.java \(the file to hand in\)", quote: "Turn in Tally\.java" \}/);
    // main reads input: its run test waits, commented out, for the lines a user types.
    expect(text).toMatch(/ {2}# - id: run-main\n {2}# {3}group: main\n/);

    const a = loadAssignment(spec);
    expect(a.reference).toMatchObject({ kind: 'solution', present: true });
    const st = await syncClassGolden(a, true);
    expect(st.failed).toEqual([]);
    expect(st.written.sort()).toEqual(['add', 'contains', 'count', 'shout', 'starting-with', 'top', 'total', 'words']);
    expect(JSON.parse(readFileSync(join(folder, 'fixtures', 'golden', 'count.json'), 'utf8')).steps[1].value).toEqual({ t: 'int', v: '2' });
    const v = await vetAssignment(a, join(folder, 'fixtures', 'submissions', 'accepted'), { jobs: 2, runners });
    expect(v.failures.map((f) => `${f.test.id}: ${f.failedBy.map((x) => x.message).join('; ')}`)).toEqual([]);
    expect(v.solutions).toEqual([expect.objectContaining({ id: 'solution', score: 9, maxScore: 9 })]);

    // One bug: count() is one too many for a word seen twice or more.
    mkdirSync(join(work, 'wrong'));
    writeFileSync(join(work, 'wrong', 'Tally.java'), TALLY.replace('return counts.getOrDefault(word, 0);', 'int n = counts.getOrDefault(word, 0);\n        return n > 1 ? n + 1 : n;'));
    const bad = await gradeSubmission(a, join(work, 'wrong'), { runners });
    expect(bad.tests.filter((t) => t.status !== 'passed').map((t) => t.id)).toEqual(['count']);

    // Scripted and uncommented as the TODO says, the run test records and passes too.
    const [before, block] = readFileSync(spec, 'utf8').split(/ {2}# TODO: Tally's main[^\n]*\n[^\n]*\n/);
    const scripted = before + block!.replace(/^ {2}# /gm, '  ').replace('stdin: [TODO, the lines a user types, in order]', 'stdin: [pear, fig, pear, quit]');
    writeFileSync(spec, scripted);
    const b = loadAssignment(spec);
    const st2 = await syncClassGolden(b, true);
    expect(st2.written).toEqual(['run-main']);
    expect(JSON.parse(readFileSync(join(folder, 'fixtures', 'golden', 'run-main.json'), 'utf8')).transcript).toBe('word? pear\nword? fig\nword? pear\nword? quit\nfig: 1\npear: 2\ntotal: 3, top: pear\n');
    const ok = await gradeSubmission(b, join(folder, 'fixtures', 'submissions', 'accepted', 'solution'), { runners });
    expect(ok.score).toBe(ok.maxScore);
  }, 300_000);

  it("a folder of classes: the one students write is the solution, the class with main is the course's and plays the run test", async () => {
    const src = join(work, 'bank-solution');
    mkdirSync(src);
    writeFileSync(join(src, 'Account.java'), ACCOUNT);
    writeFileSync(join(src, 'Bank.java'), BANK);
    const folder = join(work, 'bank');
    const r = initAssignment(folder, { solution: src, title: 'CS 1 — Bank account' });
    expect(r.tests.map((t) => t.id)).toEqual(['compiles', 'deposit', 'balance', 'line', 'run-main']);
    const text = readFileSync(join(folder, 'assignment.yaml'), 'utf8');
    expect(text).toMatch(/^submission: \{ file: Account\.java, main: Bank \}$/m);
    expect(text).toMatch(/^course_files: \[course\/Bank\.java\]$/m);
    expect(text).toMatch(/steps: \["a = Account\('apple', 3\)", \{ do: "a\.deposit\(3\)", compare: none \}, "a\.balance\(\)", "a\.line\(\)"\]/);
    expect(text).toMatch(/ {2}- id: run-main\n {4}group: main\n {4}name: "Bank's main, run as a program"\n {4}run: main\n {4}basis:/);
    expect(existsSync(join(folder, 'solution', 'Account.java'))).toBe(true);
    expect(existsSync(join(folder, 'solution', 'Bank.java'))).toBe(false);
    expect(readFileSync(join(folder, 'course', 'Bank.java'), 'utf8')).toBe(BANK);
    // Outside a git repository, the workflow is the folder's own.
    expect(readFileSync(join(folder, '.github', 'workflows', 'gradekit.yml'), 'utf8')).toMatch(/npx gradekit fixtures assignment\.yaml/);

    const a = loadAssignment(join(folder, 'assignment.yaml'));
    const st = await syncClassGolden(a, true);
    expect(st.failed).toEqual([]);
    expect(JSON.parse(readFileSync(join(folder, 'fixtures', 'golden', 'run-main.json'), 'utf8')).transcript).toBe('ann: 15\n');
    const v = await vetAssignment(a, join(folder, 'fixtures', 'submissions', 'accepted'), { jobs: 2, runners });
    expect(v.failures).toEqual([]);
    mkdirSync(join(work, 'bank-wrong'));
    writeFileSync(join(work, 'bank-wrong', 'Account.java'), ACCOUNT.replace('balance += amount;', 'balance = amount;'));
    const bad = await gradeSubmission(a, join(work, 'bank-wrong'), { runners });
    expect(bad.tests.filter((t) => t.status !== 'passed').map((t) => t.id)).toEqual(['deposit', 'run-main']);
  }, 300_000);

  it("keeps a method's int placeholders within the constructor's (a size), and says where a workflow outside a repository must go", () => {
    const dir = join(work, 'board-solution');
    mkdirSync(dir);
    writeFileSync(join(dir, 'Board.java'), 'public class Board {\n    private final boolean[][] marked;\n    public Board(int n) { marked = new boolean[n][n]; }\n    public void mark(int row, int col) { marked[row - 1][col - 1] = true; }\n    public boolean isMarked(int row, int col) { return marked[row - 1][col - 1]; }\n}\n');
    const folder = join(work, 'board');
    const r = initAssignment(folder, { solution: join(dir, 'Board.java') });
    const text = readFileSync(join(folder, 'assignment.yaml'), 'utf8');
    // Board(3) then mark(3, 5) would be outside the board: the golden file would record an exception.
    expect(text).toMatch(/steps: \["b = Board\(3\)", \{ do: "b\.mark\(3, 3\)", compare: none \}/);
    expect(text).toMatch(/# REVIEW placeholder arguments \(chosen by type\): row = 3, col = 3\n {4}steps: \["b = Board\(3\)", "b\.isMarked\(3, 3\)"\]/);
    expect(r.next.at(-1)).toMatch(/^No git repository holds .*board: its CI workflow went to .*board\/\.github\/workflows\/gradekit\.yml, where GitHub does not run it\. Move it to your course repository's \.github\/workflows\/ and write its paths \(assignment\.yaml, fixtures\/submissions\/accepted\) from the repository's root\.$/);
  });

  it('says in one line what is wrong with a solution it cannot read, and what to do', () => {
    const dir = join(work, 'errors');
    mkdirSync(dir);
    const init = (solution: string, o: { file?: string } = {}) => () => initAssignment(join(dir, 'out'), { solution, ...o });
    expect(init(join(dir, 'Nope.java'))).toThrow(/^--solution: file not found: .*Nope\.java \(give the path of your solution: a \.py file, a \.java file or a folder of \.java files\)$/);
    writeFileSync(join(dir, 'Tally.txt'), TALLY);
    expect(init(join(dir, 'Tally.txt'))).toThrow(/^--solution: gradekit init reads a Python solution \(\.py\) or a Java one \(a \.java file or a folder of them\), got /);
    mkdirSync(join(dir, 'empty'));
    expect(init(join(dir, 'empty'))).toThrow(/^--solution: .*empty holds no \.java files: give your Java solution's \.java file, or a folder of them$/);
    writeFileSync(join(dir, 'Hidden.java'), 'class Hidden {\n    public int size() { return 0; }\n}\n');
    expect(init(join(dir, 'Hidden.java'))).toThrow(/Hidden\.java declares no public class: make the class students write public/);
    writeFileSync(join(dir, 'Quiet.java'), 'public class Quiet {\n    private int n;\n    int size() { return n; }\n}\n');
    expect(init(join(dir, 'Quiet.java'))).toThrow(/^Quiet has no public methods: init writes a call test per public method; make the methods the handout names public, then run init again$/);
    writeFileSync(join(dir, 'Broken.java'), 'public class Broken {\n    public int size() {\n        return 0\n    }\n}\n');
    expect(init(join(dir, 'Broken.java'))).toThrow(/^the solution does not compile: Broken\.java:3: ';' expected \(fix it, then run gradekit init again\)$/);
    mkdirSync(join(dir, 'pkg'));
    writeFileSync(join(dir, 'pkg', 'Boxed.java'), 'package shop;\npublic class Boxed {\n    public int size() { return 0; }\n}\n');
    expect(init(join(dir, 'pkg', 'Boxed.java'))).toThrow(/^Boxed\.java declares package shop: gradekit grades classes in the default package; delete its package line/);
    writeFileSync(join(dir, 'Tally.java'), TALLY);
    expect(init(join(dir, 'Tally.java'), { file: 'Other.java' })).toThrow(/^--file: Other\.java is not a public class's file of .*Tally\.java \(its files: Tally\.java\)/);
    expect(existsSync(join(dir, 'out'))).toBe(false);

    // From the command line: the message alone, exit code 2, no stack trace.
    const p = spawnSync(process.execPath, [rootPath('bin', 'gradekit'), 'init', join(dir, 'out'), '--solution', join(dir, 'Broken.java')], { encoding: 'utf8', timeout: 120_000 });
    expect(p.status).toBe(2);
    expect(p.stderr.trim()).toBe("gradekit: the solution does not compile: Broken.java:3: ';' expected (fix it, then run gradekit init again)");
  }, 120_000);
});
