// What gradekit reads of a submission folder before any sandbox runs, and what it prints about it: links to
// devices and named pipes never hang a per-submission seed, a link's target never reaches the instructor's
// terminal raw, and a staging folder never outlives a failed preparation.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { submissionSeed } from '../harness/grade/seed.js';
import { prepareWorkspace } from '../harness/grade/workspace.js';
import { rootPath } from '../harness/paths.js';

const GRADEKIT = rootPath('bin', 'gradekit');
const SPEC = rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml');
const NORMAL = rootPath('fixtures', 'hostile', 'python', 'normal');
let root: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync('/tmp/gk-odd-input-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A correct submission whose folder also holds what students' folders do hold: notes linked to the terminal,
 *  a named pipe, and (unless `hangersOnly`) a link to a device that never ends and a link loop. */
function oddSubmission(name: string, hangersOnly = false): string {
  const dir = join(root, name);
  cpSync(NORMAL, dir, { recursive: true });
  symlinkSync('/dev/stdin', join(dir, 'notes.txt'));
  execFileSync('mkfifo', [join(dir, 'pipe')]);
  if (!hangersOnly) {
    symlinkSync('/dev/zero', join(dir, 'zero'));
    symlinkSync('.', join(dir, 'loop'));
  }
  return dir;
}

describe('--seed per-submission', () => {
  it('hashes a folder holding links to devices, a link loop and a named pipe without opening them, and the same way each time', () => {
    const a = loadAssignment(SPEC);
    const dir = oddSubmission('seeded');
    const seed = submissionSeed(a, dir);
    expect(submissionSeed(a, dir)).toBe(seed);
    // The content counts, not the path: a copy gets the same seed, a changed file another one.
    const copy = oddSubmission('seeded-copy');
    expect(submissionSeed(a, copy)).toBe(seed);
    writeFileSync(join(copy, 'chiseler.py'), '# changed\n', { flag: 'a' });
    expect(submissionSeed(a, copy)).not.toBe(seed);
  });

  it('grades such a folder from the command line, where stdin stays open and never ends (no hang)', () => {
    const dir = oddSubmission('cli', true);
    // stdin is a pipe that stays open and never says anything (as in a CI pipeline): reading notes.txt ->
    // /dev/stdin would wait for ever, and so would opening the named pipe.
    const fifo = join(root, 'stdin-fifo');
    execFileSync('mkfifo', [fifo]);
    const stdin = openSync(fifo, 'r+'); // read and write end at once: the open does not wait, reads do
    const r = spawnSync(process.execPath, [GRADEKIT, 'check', SPEC, dir, '--seed', 'per-submission'], { stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8', timeout: 30_000 });
    closeSync(stdin);
    expect(r.error, 'gradekit hung on the folder').toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Score 5\/5/);
  }, 40_000);
});

describe('what gradekit prints on stderr', () => {
  it('shows the terminal controls of a class-folder entry and its link target instead of sending them', () => {
    const classDir = join(root, 'class');
    mkdirSync(classDir);
    cpSync(NORMAL, join(classDir, 'alice'), { recursive: true });
    symlinkSync('/tmp/\x1b]0;pwned\x07\x1b[2J\x9b31m', join(classDir, 'bob\x1b[31m'));
    const r = spawnSync(process.execPath, [GRADEKIT, 'grade', SPEC, classDir, '--out', join(root, 'class-out'), '-q'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/not graded: bob␛\[31m is a symbolic link \(to \/tmp\/␛\]0;pwned␇␛\[2J\\u009b31m\)/);
    expect(r.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/);
  }, 60_000);

  it('shows the terminal controls of a missing submission path in a usage error', () => {
    const r = spawnSync(process.execPath, [GRADEKIT, 'check', SPEC, join(root, 'no\x1b]0;pwned\x07such')], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^gradekit: submission not found: .*no␛\]0;pwned␇such/);
  }, 60_000);
});

describe('staging folders', () => {
  it('a workspace that cannot be filled leaves no folder behind', () => {
    // A course folder whose word list disappears after loading: copying it into the workspace fails.
    const course = join(root, 'course');
    mkdirSync(join(course, 'fixtures'), { recursive: true });
    const words = join(course, 'fixtures', 'words.txt');
    writeFileSync(words, 'cat\ntack\nkite\n');
    writeFileSync(join(course, 'assignment.yaml'), `${readFileSync(SPEC, 'utf8').replace(/^fixtures: .*$/m, 'fixtures: fixtures')}words: { file: words.txt, as: words.txt }\n`);
    const a = loadAssignment(join(course, 'assignment.yaml'));
    unlinkSync(words);
    const tmp = mkdtempSync(join(root, 'tmp-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      expect(() => prepareWorkspace(a, NORMAL)).toThrow(/ENOENT/);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      process.env.TMPDIR = saved;
    }
  });
});
