// `gradekit init <folder> --solution solution.py`: the assignment scaffolded from the instructor's solution
// loads, its golden files come from the solution, the solution passes and a wrong program fails.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncSolutionGolden } from '../harness/golden.js';
import { verdictOf } from '../harness/fixtures.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { initAssignment } from '../harness/init/init.js';

const SOLUTION = `"""Counting words."""


def count(words, w):
    """How often w occurs.

    >>> count(['a', 'b', 'a'], 'a')
    2
    >>> ws = ['x', 'y']
    >>> count(ws, 'z')
    0
    """
    return words.count(w)


def show(words):
    """Prints the words, one line.

    >>> show(['b', 'a'])
    b a
    >>> for w in []:
    ...     print(w)
    """
    print(' '.join(words))


def _helper():
    return None


if __name__ == "__main__":
    print(count(input().split(), input()))
`;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-init-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('gradekit init', () => {
  it('makes a test per docstring example, a run test, the accepted fixture and a CI workflow at the repository root', async () => {
    const repo = join(work, 'course');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(join(repo, 'counting.py'), SOLUTION);
    const r = initAssignment(join(repo, 'hw1'), { solution: join(repo, 'counting.py'), file: 'words.py' });
    expect(r.tests.map((t) => t.id)).toEqual(['runs-as-handed-in', 'defines', 'count-example-1', 'count-example-2', 'show-example', 'run-main']);
    expect(r.skipped).toEqual([expect.stringMatching(/counting\.py:\d+: >>> for w in \[\]: \(not one call or assignment: write its test by hand\)/)]);
    expect(r.next.join('\n')).toMatch(/Script the input of run-main/);
    expect(r.next.join('\n')).not.toMatch(/No git repository/);
    expect(existsSync(join(repo, 'hw1', 'fixtures', 'submissions', 'accepted', 'solution', 'words.py'))).toBe(true);
    const wf = readFileSync(join(repo, '.github', 'workflows', 'gradekit-hw1.yml'), 'utf8');
    expect(wf).toMatch(/npx gradekit golden hw1\/assignment\.yaml/);
    expect(wf).toMatch(/npx gradekit fixtures hw1\/assignment\.yaml/);

    const spec = join(repo, 'hw1', 'assignment.yaml');
    const text = readFileSync(spec, 'utf8');
    expect(text).toMatch(/steps:\n {6}- "ws = \['x', 'y'\]"\n {6}- "count\(ws, 'z'\)"/);
    expect(text).toMatch(/call: "show\(\['b', 'a'\]\)"\n.*\n {4}compare: none\n {4}transcript: golden/);
    expect(text).toMatch(/basis: \{ section: "docstring of count", quote: ">>> count\(\['a', 'b', 'a'\], 'a'\) 2" \}/);
    // Students see each basis ("Required by: …"): it names the file they hand in, never the solution's file.
    expect(text).not.toMatch(/section: "counting\.py/);
    expect(text).toMatch(/basis: \{ section: "words\.py \(the functions to write\)", quote: "def count\(words, w\); def show\(words\)" \}/);
    expect(text).toMatch(/basis: \{ section: "words\.py \(run as a program\)", quote: /);
    // The import failure's scored home, and the option of a course that grades "does not run = 0".
    expect(text).toMatch(/ {2}# submission: \{ file: words\.py, import: strict \} above: such a file then gets 0\.\n {2}- id: runs-as-handed-in\n {4}group: rules\n {4}name: "words\.py imports and runs as handed in"\n {4}rule: compiles\n {4}basis: \{ section: "words\.py \(the file to hand in\)", quote: "Turn in words\.py" \}/);
    writeFileSync(spec, text.replace('    stdin: []\n', '    stdin: ["a b a", a]\n'));

    const a = loadAssignment(spec);
    expect(a.reference).toMatchObject({ kind: 'solution', present: true });
    expect(a.spec.data.tests.find((t) => t.id === 'runs-as-handed-in')).not.toHaveProperty('extra');
    expect(a.spec.data.tests.find((t) => t.id === 'no-input-at-import')).toHaveProperty('extra');
    const st = await syncSolutionGolden(a, true);
    expect(st.written.sort()).toEqual(['_signatures', 'count-example-1', 'count-example-2', 'run-main', 'show-example']);
    const ok = await gradeSubmission(a, join(repo, 'hw1', 'fixtures', 'submissions', 'accepted', 'solution'));
    expect(ok.score).toBe(ok.maxScore);
    mkdirSync(join(work, 'wrong'));
    writeFileSync(join(work, 'wrong', 'words.py'), SOLUTION.replace('return words.count(w)', 'return len(words)').replace("print(' '.join(words))", "print(' '.join(sorted(words)))"));
    const bad = await gradeSubmission(a, join(work, 'wrong'));
    expect(bad.tests.filter((t) => t.status !== 'passed').map((t) => t.id)).toEqual(['count-example-1', 'count-example-2', 'show-example', 'run-main']);
  });

  it('charges a file that does not import as handed in once, at its scored import test; import: strict gives it 0', async () => {
    const folder = join(work, 'salvage');
    writeFileSync(join(work, 'counting-solution.py'), SOLUTION);
    initAssignment(folder, { solution: join(work, 'counting-solution.py'), file: 'words.py' });
    const spec = join(folder, 'assignment.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('    stdin: []\n', '    stdin: ["a b a", a]\n'));
    const a = loadAssignment(spec);
    await syncSolutionGolden(a, true);
    const submit = (name: string, source: string) => {
      mkdirSync(join(work, name));
      writeFileSync(join(work, name, 'words.py'), source);
      return join(work, name);
    };
    const charged = (r: Awaited<ReturnType<typeof gradeSubmission>>) => r.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && !t.extra).map((t) => t.id);
    // A stray line that raises at import: set aside, the rest graded; it costs the import test only (wrong_answer).
    const stray = await gradeSubmission(a, submit('stray', `${SOLUTION}\nprint(undefined_name)\n`));
    expect(charged(stray)).toEqual(['runs-as-handed-in']);
    expect(stray.score).toBe(stray.maxScore - 1);
    expect(verdictOf(stray)).toBe('wrong_answer');
    // A syntax error inside one function: its def is set aside, so that function is missing (its tests lose their
    // points, run_time_error); the import failure is charged once, here, and defines sees it again uncharged.
    const broken = await gradeSubmission(a, submit('broken-def', SOLUTION.replace('return words.count(w)', 'return words.count(w) w')));
    // A bracket never closed is closed at the end of its line, as a TA would: only the import test is charged.
    const unclosed = await gradeSubmission(a, submit('unclosed', SOLUTION.replace('return words.count(w)', 'return words.count(w')));
    expect(charged(unclosed)).toEqual(['runs-as-handed-in']);
    expect(unclosed.tests.find((t) => t.id === 'runs-as-handed-in')!.message).toMatch(/'\(' was never closed; a '\(' never closed: closed at the end of its line/);
    expect(charged(broken)).toEqual(['runs-as-handed-in', 'count-example-1', 'count-example-2']);
    expect(broken.tests.find((t) => t.id === 'defines')!.score).toBe(1);
    expect(verdictOf(broken)).toBe('run_time_error');
    // The option the generated comment names: such a file gets 0.
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('submission: { file: words.py }', 'submission: { file: words.py, import: strict }'));
    const strict = await gradeSubmission(loadAssignment(spec), join(work, 'stray'));
    expect(strict.score).toBe(0);
    expect(verdictOf(strict)).toBe('run_time_error');
  });

  it('refuses a folder that has an assignment already, and a missing solution', () => {
    const dir = join(work, 'again');
    mkdirSync(dir);
    writeFileSync(join(dir, 'assignment.yaml'), 'x: 1\n');
    writeFileSync(join(work, 'sol.py'), SOLUTION);
    expect(() => initAssignment(dir, { solution: join(work, 'sol.py') })).toThrow(/assignment\.yaml already exists: init makes a new assignment/);
    expect(() => initAssignment(join(work, 'new'), { solution: join(work, 'nope.py') })).toThrow(/--solution: file not found/);
  });
});
