// Student self-check: finding the assignment a folder's submission is for, with the project's real specs.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAssignmentFor, submissionSignatures } from '../harness/export/selfcheck.js';
import { bundledSpecs, listAssignments } from '../harness/assignment/load.js';
import { rootPath } from '../harness/paths.js';

let work: string;
let n = 0;
/** A fresh student folder holding the given files (path → content). */
function folder(files: Record<string, string>): string {
  const dir = join(work, `student-${n++}`);
  mkdirSync(dir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

const MIT_PS3 = "def play_hand(hand, word_list):\n    word = input('Enter word, or \"*END*\" to indicate that you are finished: ')\n    if word == '*END*':\n        return 0\n";
const OCW_PS3 = "def play_hand(hand, word_list):\n    word = input('Enter word, or a \"!!\" to indicate that you are finished: ')\n    if word == '!!':\n        return 0\n";

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-selfcheck-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('findAssignmentFor', () => {
  it('reads what every spec expects to be handed in', () => {
    const sigs = Object.fromEntries(submissionSignatures().map((s) => [s.assignment, s]));
    expect(Object.keys(sigs).sort()).toEqual([...listAssignments()].sort());
    expect(sigs['ps3-mit']).toMatchObject({ file: 'ps3.py', markers: ['*END*'] });
    expect(sigs['ps3-ocw']).toMatchObject({ file: 'ps3.py', markers: ['!!'] });
    expect(sigs['chiseler']).toMatchObject({ file: 'chiseler.py', markers: [] });
    expect(sigs['evil-hangman-java']).toMatchObject({ language: 'java', file: undefined });
  });

  it('recognises every accepted fixture submission, ps3-mit and ps3-ocw told apart by content', () => {
    let checked = 0;
    for (const a of listAssignments()) {
      const acc = rootPath('fixtures', a, 'submissions', 'accepted');
      let subs: string[];
      try {
        subs = readdirSync(acc);
      } catch {
        continue;
      }
      for (const s of subs) {
        // Among all the bundled specs (not just the course folder the fixture sits in): told apart by content.
        const r = findAssignmentFor(join(acc, s), { specs: bundledSpecs() });
        expect(r, `${a}/${s}`).toMatchObject({ assignment: a });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('returns the file for Python and the whole folder for Java, even deep in a package tree', () => {
    const py = folder({ 'ps3.py': MIT_PS3, 'words.txt': 'apple\n' });
    expect(findAssignmentFor(py)).toEqual({ assignment: 'ps3-mit', file: join(py, 'ps3.py') });
    const java = folder({ 'src/edu/school/cs/hangman/Main.java': 'public class Main { public static void main(String[] a) {} }\n' });
    expect(findAssignmentFor(java)).toEqual({ assignment: 'evil-hangman-java', file: java });
  });

  it('accepts the file itself, and a file kept in a sub-folder', () => {
    const dir = folder({ 'project2/chiseler.py': 'def share_letter(a, b):\n    return False\n' });
    expect(findAssignmentFor(dir)).toEqual({ assignment: 'chiseler', file: join(dir, 'project2', 'chiseler.py') });
    const ocw = folder({ 'ps3.py': OCW_PS3 });
    expect(findAssignmentFor(join(ocw, 'ps3.py'))).toEqual({ assignment: 'ps3-ocw', file: join(ocw, 'ps3.py') });
  });

  it('asks which assignment when the content does not say', () => {
    const neither = findAssignmentFor(folder({ 'ps3.py': 'def get_word_score(word, n):\n    return 0\n' }));
    expect(neither).toHaveProperty('error');
    const msg = (neither as { error: string }).error;
    expect(msg).toMatch(/ps3\.py could be for ps3-mit or ps3-ocw/);
    expect(msg).toMatch(/'\*END\*'.*'!!'/);
    const both = findAssignmentFor(folder({ 'ps3.py': MIT_PS3 + OCW_PS3 }));
    expect((both as { error: string }).error).toMatch(/could be for ps3-mit or ps3-ocw and it mentions/);
  });

  it("does not take '!!' inside a longer string for the OCW sentinel", () => {
    const dir = folder({ 'ps3.py': MIT_PS3 + 'print("Well done!!")\nprint("!!!")\n' });
    expect(findAssignmentFor(dir)).toMatchObject({ assignment: 'ps3-mit' });
  });

  it('explains an empty folder, a missing folder, duplicates and files of two assignments', () => {
    const none = (findAssignmentFor(folder({ 'notes.txt': 'todo\n' })) as { error: string }).error;
    for (const name of ['ps3.py', 'hangman.py', 'chiseler.py', '*.java']) expect(none).toContain(name);
    expect(none).toMatch(/^no submission file in /);
    expect((findAssignmentFor(join(work, 'nope')) as { error: string }).error).toMatch(/folder not found/);
    const dup = findAssignmentFor(folder({ 'v1/chiseler.py': '', 'v2/chiseler.py': '' }));
    expect((dup as { error: string }).error).toMatch(/several copies of chiseler\.py .*v1\/chiseler\.py, v2\/chiseler\.py/);
    const two = findAssignmentFor(folder({ 'chiseler.py': '', 'hangman.py': '' }));
    expect((two as { error: string }).error).toMatch(/files for several assignments.*chiseler \(chiseler\.py\).*hangman-313e \(hangman\.py\)/);
    // A file at the top wins over an old copy of another assignment in a sub-folder.
    const top = folder({ 'hangman.py': '', 'archive/chiseler.py': '' });
    expect(findAssignmentFor(top)).toMatchObject({ assignment: 'hangman-313e' });
  });

  it('uses the specs folder it is given and skips specs it cannot parse', () => {
    const specs = join(work, 'specs');
    mkdirSync(specs);
    cpSync(rootPath('specs', 'ps3-ocw.yaml'), join(specs, 'ps3-ocw.yaml'));
    writeFileSync(join(specs, 'broken.yaml'), 'assignment: [unclosed\n');
    const r = findAssignmentFor(folder({ 'ps3.py': MIT_PS3 }), { specsDir: specs });
    expect(r).toMatchObject({ assignment: 'ps3-ocw' }); // the only candidate left: no content check needed
    expect(readFileSync(join(specs, 'ps3-ocw.yaml'), 'utf8')).toMatch(/variant: ocw/);
  });
});

describe('a course folder', () => {
  it('is the assignment of the submission it holds or sits above, before any bundled one', () => {
    // hangman.py is also the file of the bundled hangman-313e: the course folder's own spec wins.
    const course = folder({ 'assignment.yaml': 'assignment: my-hangman\nlanguage: python\nsubmission: { file: hangman.py }\n', 'work/hangman.py': '' });
    expect(findAssignmentFor(join(course, 'work'))).toEqual({ assignment: join(course, 'assignment.yaml'), file: join(course, 'work', 'hangman.py') });
    expect(findAssignmentFor(course)).toEqual({ assignment: join(course, 'assignment.yaml'), file: join(course, 'work', 'hangman.py') });
    const empty = findAssignmentFor(folder({ 'assignment.yaml': 'assignment: my-hangman\nlanguage: python\nsubmission: { file: hangman.py }\n' }));
    expect((empty as { error: string }).error).toMatch(/no submission file in .*expected one of hangman\.py/);
  });

  it('names a bundled assignment by its id, wherever the fixture sits', () => {
    const acc = rootPath('fixtures', 'ps3-ocw', 'submissions', 'accepted');
    const name = readdirSync(acc).sort()[0]!;
    expect(findAssignmentFor(join(acc, name))).toMatchObject({ assignment: 'ps3-ocw' });
  });
});
