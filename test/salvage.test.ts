// Salvage (issue 33, P2) at the level of a grade: the import test charges the set-aside line once, the
// rest is graded, `submission: {import: strict}` gives "does not run = 0", a skipped HAND_SIZE = int(input())
// keeps the starter's value, and a student's own module beside the file comes in, but never another
// student's file in a flat batch. (The driver's repairs themselves: test/python-driver.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { prepareWorkspace } from '../harness/grade/workspace.js';
import { importedNames } from '../harness/grade/own-modules.js';
import { pythonConstants, starterValues } from '../harness/grade/starter-values.js';
import { parseSpec, SpecErrors } from '../harness/spec/load.js';
import { rootPath } from '../harness/paths.js';

const OCW = rootPath('fixtures', 'ps3-ocw', 'submissions');
const DEBUG_PRINT = join(OCW, 'wrong_answer', 'salvage-debug-print-undefined');
const HELPER = join(OCW, 'accepted', 'own-helper-module-beside');

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-salvage-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the import test charges a salvaged file once; with import: strict it gets 0', () => {
  const only = ['silent-import', 'score-weed', 'update-quail'];
  it('salvage (the default): the import test fails naming file:line, the functions pass', async () => {
    const a = loadAssignment('ps3-ocw');
    expect(a.spec.data.submission.import).toBe('salvage');
    const r = await gradeSubmission(a, DEBUG_PRINT, { only });
    const byId = Object.fromEntries(r.tests.map((t) => [t.id, t]));
    expect(byId['silent-import']!.status).toBe('failed');
    expect(byId['silent-import']!.message).toMatch(/^ps3\.py does not import as handed in: ps3\.py:\d+ \("print\(remaining\)/);
    expect(byId['score-weed']!.status).toBe('passed');
    expect(byId['update-quail']!.status).toBe('passed');
    expect(r.fatal).toBeUndefined();
  }, 60_000);
  it('strict: the file does not run, so every test fails and the score is 0', async () => {
    const a = loadAssignment('ps3-ocw');
    a.spec.data.submission.import = 'strict';
    const r = await gradeSubmission(a, DEBUG_PRINT, { only });
    expect(r.score).toBe(0);
    expect(r.fatal?.message).toMatch(/NameError/);
    expect(r.tests.every((t) => t.status === 'error')).toBe(true);
  }, 60_000);
  it('a course whose import rules are extra charges it at a scored `compiles` rule, once; a clean file passes it', async () => {
    const a = loadAssignment(rootPath('examples', 'mit-ps2-hangman', 'assignment.yaml'));
    const ps2 = rootPath('examples', 'mit-ps2-hangman', 'fixtures', 'submissions');
    const only = ['runs-as-handed-in', 'no-game-at-import', 'is-word-guessed-handout'];
    const stray = await gradeSubmission(a, join(ps2, 'wrong_answer', 'salvage-stray-line'), { only });
    const byId = Object.fromEntries(stray.tests.map((t) => [t.id, t]));
    expect(byId['runs-as-handed-in']!.status).toBe('failed');
    expect(byId['runs-as-handed-in']!.maxScore).toBe(1);
    expect(byId['runs-as-handed-in']!.message).toMatch(/^hangman\.py does not import as handed in: hangman\.py:\d+ .*NameError/);
    expect(byId['no-game-at-import']!.status).toBe('skipped');
    expect(byId['is-word-guessed-handout']!.status).toBe('passed');
    const clean = await gradeSubmission(a, join(ps2, 'accepted', 'solution'), { only });
    expect(clean.tests.map((t) => t.status)).toEqual(['passed', 'passed', 'passed']);
  }, 60_000);
  it('a spec error in import: keeps its file:line', () => {
    const yaml = 'assignment: demo\ntitle: Demo\nlanguage: python\nsubmission: { file: chiseler.py, import: never }\nreference: chiseler\nfixtures: .\ntests:\n  - id: a\n    rule: silent-import\n';
    let errs: string[] = [];
    try {
      parseSpec(yaml, 'demo.yaml');
    } catch (e) {
      if (!(e instanceof SpecErrors)) throw e;
      errs = e.errors.map((x) => x.message);
    }
    expect(errs[0]).toMatch(/^demo\.yaml:4:\d+: .*import/);
  });
});

describe("the starter's values", () => {
  it('of a bundled reference (PS3: HAND_SIZE = 7) and of a Python file (top-level literals only)', () => {
    expect(starterValues(loadAssignment('ps3-ocw')).HAND_SIZE).toEqual({ t: 'int', v: 7n });
    const c = pythonConstants('HAND_SIZE = 7  # letters\nWORDS = "words.txt"\nx = f(1)\ndef g():\n    Y = 2\n');
    expect(Object.keys(c)).toEqual(['HAND_SIZE', 'WORDS']);
  });
});

describe("a student's own module beside the submission file", () => {
  it('reads the module names a file imports', () => {
    expect(importedNames('import math, letter_values as lv\nfrom helpers.scoring import x\n    import os.path\nfrom . import y\n').sort()).toEqual(['helpers', 'letter_values', 'math', 'os']);
  });
  it('comes in when imported by name and not installed; an installed name (random) never shadows the library', () => {
    const a = loadAssignment('ps3-ocw');
    const dir = join(work, 'alice');
    cpSync(HELPER, dir, { recursive: true });
    writeFileSync(join(dir, 'random.py'), 'raise SystemExit("a random.py of the student must not shadow the library")\n');
    writeFileSync(join(dir, 'unused.py'), 'X = 1\n');
    writeFileSync(join(dir, 'ps3.py'), `import random\n${readFileSync(join(dir, 'ps3.py'), 'utf8')}`);
    const ws = prepareWorkspace(a, dir);
    try {
      const files = readdirNames(ws.dir);
      expect(files).toContain('letter_values.py');
      expect(files).not.toContain('random.py');
      expect(files).not.toContain('unused.py');
      expect(ws.notices).toContain('letter_values.py, beside ps3.py, is imported by it: graded as part of the submission');
    } finally {
      ws.cleanup();
    }
  });
  it("never comes in from a flat folder of other students' files (a batch)", () => {
    const a = loadAssignment('ps3-ocw');
    const flat = join(work, 'flat');
    mkdirSync(flat);
    cpSync(join(HELPER, 'ps3.py'), join(flat, 'bob.py'));
    cpSync(join(HELPER, 'letter_values.py'), join(flat, 'letter_values.py'));
    const ws = prepareWorkspace(a, join(flat, 'bob.py'), { siblingsAreSubmissions: true });
    try {
      expect(readdirNames(ws.dir)).not.toContain('letter_values.py');
    } finally {
      ws.cleanup();
    }
  });
});

function readdirNames(dir: string): string[] {
  return readdirSync(dir);
}
