// Bad input from users (instructors' specs, students' files): each gets a clear error that says
// what, where and what to do (exit code 2 from the CLI, never a stack trace), or a correct grade.
// Editor artefacts (CRLF, BOM) and non-ASCII names must not change a grade at all.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
import { rootPath } from '../harness/paths.js';
import type { Report } from '../harness/model/report.js';

const dir = mkdtempSync(join(tmpdir(), 'gk-bad-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh folder under the private temp dir holding the given files. */
function folder(name: string, files: Record<string, string | Buffer> = {}): string {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  for (const [f, body] of Object.entries(files)) writeFileSync(join(d, f), body);
  return d;
}

function cli(...args: string[]) {
  const r = spawnSync(rootPath('bin', 'gradekit'), args, { cwd: rootPath(), encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Exit 2, the expected message, and nothing a user would mistake for a crash. */
function expectUsageError(r: ReturnType<typeof cli>, message: RegExp) {
  expect(r.err, r.err).toMatch(message);
  expect(r.code, r.err).toBe(2);
  expect(r.err.startsWith('gradekit: '), r.err).toBe(true);
  expect(r.err, 'a stack frame').not.toMatch(/^ {4}at /m);
  expect(r.err).not.toMatch(/internal error|Error: |node:internal|\.ts:\d+/);
  // One line, or for specs one heading plus a file:line:col line and a hint per problem.
  expect(r.err.trim().split('\n').length, r.err).toBeLessThanOrEqual(5);
}

const NORMAL_PY = readFileSync(rootPath('fixtures', 'hostile', 'python', 'normal', 'chiseler.py'), 'utf8');
const NORMAL_JAVA = readFileSync(rootPath('fixtures', 'hostile', 'java', 'normal', 'EvilHangman.java'), 'utf8');
const goodSubmission = folder('good', { 'chiseler.py': NORMAL_PY });
const HEAD = 'assignment: demo\ntitle: Demo\nlanguage: python\nsubmission: { file: chiseler.py }\nreference: chiseler\n';
const TESTS = "tests:\n  - id: a\n    call: share_letter('cat', 'tack')\n    basis: docstring of share_letter\n";
const spec = (name: string, body: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, body);
  return p;
};

describe('bad specs and arguments: exit 2 with a clear message', () => {
  it('malformed YAML names the file, line and column', () => {
    const p = spec('malformed.yaml', HEAD + 'fixtures: .\ntests:\n  - id: a\n    call: [oops\n');
    expectUsageError(cli('check', p, goodSubmission), /malformed\.yaml:\d+:\d+: YAML: /);
  });

  it('a YAML alias bomb is refused before it expands', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(',')}]`)].join('\n');
    const t0 = performance.now();
    expectUsageError(cli('check', spec('bomb.yaml', bomb + '\n'), goodSubmission), /bomb\.yaml:1:1: YAML: Excessive alias count.*\n {2}hint: remove the excessive aliases/);
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it('wrong types say what each key must be', () => {
    const p = spec('types.yaml', HEAD + 'fixtures: .\ndefaults: { points: many }\ntests: 5\n');
    const r = cli('check', p, goodSubmission);
    expectUsageError(r, /types\.yaml:7:\d+: 'points' must be a number, not a string/);
    expect(r.err).toMatch(/types\.yaml:8:1: 'tests' must be an array, not a number/);
  });

  it('an empty spec and a binary spec are not mistaken for specs', () => {
    expectUsageError(cli('check', spec('empty.yaml', ''), goodSubmission), /empty\.yaml:1:1: a spec must be a YAML mapping/);
    const noise = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919 + 13) % 256));
    expectUsageError(cli('check', spec('noise.yaml', noise), goodSubmission), /noise\.yaml:\d+:\d+: /);
  });

  it('an unknown assignment lists the known ones', () => {
    expectUsageError(cli('check', 'wordle', goodSubmission), /^gradekit: unknown assignment 'wordle' .*\(known: .*chiseler/);
  });

  it('a missing spec file says so', () => {
    expectUsageError(cli('check', join(dir, 'nope.yaml'), goodSubmission), /^gradekit: spec file not found: .*nope\.yaml$/m);
  });

  it('a missing word list names the key and the file', () => {
    const p = spec('words-missing.yaml', HEAD + `fixtures: ${rootPath('fixtures', 'chiseler')}\nwords: { file: no-such-words.txt, as: words.txt }\n` + TESTS);
    expectUsageError(cli('check', p, goodSubmission), /words-missing\.yaml:7:\d+: word list not found: .*no-such-words\.txt/);
  });

  it('a missing --words file says so', () => {
    expectUsageError(cli('check', 'chiseler', goodSubmission, '--words', join(dir, 'missing-words.txt')), /^gradekit: --words: file not found: /);
  });

  it.each([
    ['fixtures via ../', 'fixtures: ../../../../../../../etc\n', "'../../../../../../../etc'"],
    ['fixtures by absolute path', 'fixtures: /etc\n', "'/etc'"],
    ['the word list via ../', `fixtures: ${rootPath('fixtures', 'chiseler')}\nwords: { file: ../../../../../../../../etc/passwd, as: words.txt }\n`, "'../../../../../../../../etc/passwd'"],
    ['the word list by absolute path', `fixtures: ${rootPath('fixtures', 'chiseler')}\nwords: { file: /etc/passwd, as: words.txt }\n`, "'/etc/passwd'"],
  ])('a path escaping the assignment folder is refused: %s', (_, paths, shown) => {
    const p = spec(`escape-${shown.length}-${paths.length}.yaml`, HEAD + paths + TESTS);
    expectUsageError(cli('check', p, goodSubmission), new RegExp(`escape-[\\d-]+\\.yaml:\\d+:\\d+: path ${shown.replace(/[./]/g, '\\$&')} points outside the assignment's folder\\n {2}hint: `));
  });
});

describe('bad submissions: exit 2 with a clear message, or a correct grade', () => {
  const SPEC = rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml');

  it('a missing submission says so', () => {
    expectUsageError(cli('check', SPEC, join(dir, 'no-such-folder')), /^gradekit: submission not found: .*no-such-folder$/m);
  });

  it('a folder without the expected file says what to hand in', () => {
    const d = folder('no-python', { 'README.txt': 'my chiseler is in my other folder\n' });
    expectUsageError(cli('check', SPEC, d), /^gradekit: no chiseler\.py in .*no-python: the submission must contain chiseler\.py$/m);
  });

  it('several candidate files: asks for the right name', () => {
    const d = folder('two-python', { 'chiseler_v1.py': NORMAL_PY, 'chiseler_v2.py': NORMAL_PY });
    expectUsageError(cli('check', SPEC, d), /no chiseler\.py in .*two-python, and several \.py files \(chiseler_v1\.py, chiseler_v2\.py\): rename your submission to chiseler\.py/);
  });

  const a = loadAssignment(SPEC);
  const grade = (path: string) => gradeSubmission(a, path);

  it('an empty file is graded: every function is reported missing', async () => {
    const r = await grade(folder('empty', { 'chiseler.py': '' }));
    expect(r.fatal).toBeUndefined();
    expect(r.score).toBe(0);
    // Charged once per function, at its home test; its other tests could check nothing of it.
    for (const t of r.tests) expect(t.message).toMatch(/^(could not be checked: )?chiseler\.py does not define `\w+`/);
  });

  it('a binary file is graded as one that cannot run, with a one-line reason', async () => {
    const withNul = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
    const noNul = Buffer.from(Array.from({ length: 3000 }, (_, i) => 128 + ((i * 31 + 7) % 128)));
    for (const [name, bytes, why] of [['nul', withNul, /null bytes/], ['invalid-utf8', noNul, /utf-8' codec can't decode/]] as const) {
      const r = await grade(folder(`binary-${name}`, { 'chiseler.py': bytes }));
      expect(r.fatal?.kind, name).toBe('import');
      expect(r.fatal!.message).toMatch(/^SyntaxError/);
      expect(r.fatal!.message).toMatch(why);
      expect(r.fatal!.message).not.toContain('\n');
      expect(r.score).toBe(0);
      for (const t of r.tests) expect(t.status).toBe('error');
    }
  });

  it('a differently named file is graded as the expected one, with a notice', async () => {
    const alone = await grade(goodSubmission);
    expect(alone.score).toBe(alone.maxScore);
    const renamed = await grade(folder('renamed', { 'chiseler_final.py': NORMAL_PY }));
    expect(renamed.score).toBe(alone.maxScore);
    expect(renamed.notices).toContainEqual(expect.stringMatching(/^no chiseler\.py in .*renamed; graded chiseler_final\.py as chiseler\.py$/));
    const file = await grade(join(folder('renamed-file', { 'my_chiseler.py': NORMAL_PY }), 'my_chiseler.py'));
    expect(file.score).toBe(alone.maxScore);
    expect(file.notices).toContainEqual('graded my_chiseler.py as chiseler.py');
    // A capitalised name is taken as the expected file (Windows and macOS do not tell them apart).
    const upper = await grade(folder('upper', { 'CHISELER.py': NORMAL_PY }));
    expect(upper.score).toBe(alone.maxScore);
  });
});

describe('editor artefacts and non-ASCII names do not change a grade', () => {
  const chiseler = loadAssignment('chiseler');
  /** Everything a student sees, minus timings and the submission's path. */
  const comparable = (r: Report) => ({
    score: r.score,
    fatal: r.fatal,
    tests: r.tests.map(({ durationMs: _, ...t }) => t),
  });

  it.each([
    ['a passing submission', 'accepted/first-word-first'],
    ['a crash with a traceback (line numbers must not move)', 'run_time_error/crash-on-one-word'],
    ['a wrong printed game', 'wrong_answer/show-extra-win-line'],
  ])('CRLF line endings and a UTF-8 BOM grade exactly like LF: %s', async (_, fixture) => {
    const src = readFileSync(rootPath('fixtures', 'chiseler', 'submissions', ...fixture.split('/'), 'chiseler.py'), 'utf8');
    expect(src).not.toContain('\r');
    const lf = await gradeSubmission(chiseler, folder(`lf-${fixture.replace('/', '-')}`, { 'chiseler.py': src }));
    const crlfBom = await gradeSubmission(chiseler, folder(`crlf-${fixture.replace('/', '-')}`, { 'chiseler.py': '\uFEFF' + src.replace(/\n/g, '\r\n') }));
    expect(comparable(crlfBom)).toEqual(comparable(lf));
    if (fixture.startsWith('accepted')) expect(lf.score).toBe(lf.maxScore);
    else expect(lf.score).toBeLessThan(lf.maxScore);
  }, 30_000);

  it('identifiers like mão, 手, α and ω are ordinary Python: full marks', async () => {
    const r = await gradeSubmission(chiseler, rootPath('test', 'fixtures-hostile', 'non-ascii-names'));
    expect(r.fatal).toBeUndefined();
    expect(r.tests.filter((t) => t.status !== 'passed').map((t) => `${t.id}: ${t.message}`)).toEqual([]);
    expect(r.score).toBe(r.maxScore);
  }, 30_000);
});

describe('Java submissions from real folders', () => {
  const JAVA_SPEC = rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml');
  const java = loadAssignment(JAVA_SPEC);
  const grade = (path: string) => gradeSubmission(java, path, { runners: languageRunners() });
  const comparable = (r: Report) => r.tests.map((t) => [t.id, t.status, t.message, t.detail?.transcript]);

  it('a folder with spaces and brackets in its name grades from the command line', () => {
    const d = folder('Maria Silva (late) - Evil Hangman', { 'EvilHangman.java': NORMAL_JAVA });
    const r = cli('check', JAVA_SPEC, d);
    expect(r.err, r.err).not.toMatch(/^ {4}at /m);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/Score 1\/1 \(100%\)/);
  }, 120_000); // two Java gradings: the machine's time (a busy CI runner), never a verdict

  it('a source with a BOM and CRLF line endings grades exactly like the plain one', async () => {
    const plain = await grade(rootPath('fixtures', 'hostile', 'java', 'normal'));
    expect(plain.score).toBe(plain.maxScore);
    const d = folder('java-bom-crlf', { 'EvilHangman.java': '\uFEFF' + NORMAL_JAVA.replace(/\n/g, '\r\n') });
    const r = await grade(d);
    expect(r.fatal).toBeUndefined();
    expect(comparable(r)).toEqual(comparable(plain));
  }, 120_000);

  it('a folder without Java sources is graded 0 with what to hand in', async () => {
    const d = folder('java-none', { 'EvilHangman.class': Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61]) });
    const r = await grade(d);
    expect(r.fatal?.kind).toBe('compile');
    expect(r.fatal!.message).toMatch(/no \.java files found under .*java-none: hand in the Java sources/);
    expect(r.score).toBe(0);
  });

  it('an empty Java file is a compile error with its reason, not a crash', async () => {
    const r = await grade(folder('java-empty', { 'EvilHangman.java': '' }));
    expect(r.fatal?.kind).toBe('compile');
    expect(r.fatal!.message).toMatch(/^does not compile: .*main/);
    expect(r.score).toBe(0);
  });
});

// Known holes, each with the fix in the lead's report. `it.fails` keeps the suite green while the
// hole is open and turns red once it is closed: then drop `.fails`.
describe('known holes (remove .fails when fixed)', () => {
  // A submission that is a symbolic link (git and zip archives keep them) makes the grader read the
  // target outside the sandbox and quote it back in compile/syntax errors: here a stand-in for a
  // hidden-tests file. Fix: refuse symbolic links in findSubmissionFile and findJavaSources.
  const secret = join(dir, 'hidden-tests.txt');
  writeFileSync(secret, 'hidden test answers: win-5 = "hello"\n');
  const leaks = async (grade: () => Promise<Report>) => {
    let text: string;
    try {
      text = JSON.stringify(await grade());
    } catch (e) {
      text = (e as Error).message;
    }
    expect(text).not.toContain('hidden test answers');
  };

  it('a Python submission that is a symbolic link is not read through', async () => {
    const d = folder('py-link');
    symlinkSync(secret, join(d, 'chiseler.py'));
    await leaks(() => gradeSubmission(loadAssignment(rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml')), d));
  });

  it('a Java source that is a symbolic link is not read through', async () => {
    const d = folder('java-link');
    symlinkSync(secret, join(d, 'EvilHangman.java'));
    await leaks(() => gradeSubmission(loadAssignment(rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml')), d, { runners: languageRunners() }));
  });

  // `gradekit check … | head` closes the pipe early: Node's unhandled EPIPE prints a stack trace.
  it('a reader that closes the pipe early gets no stack trace', async () => {
    const child = spawn(rootPath('bin', 'gradekit'), ['check', rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml'), goodSubmission], { cwd: rootPath(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    await new Promise((r) => child.once('close', r));
    expect(err).not.toMatch(/^ {4}at /m);
  });
});
