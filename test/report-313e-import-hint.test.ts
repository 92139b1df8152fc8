// 313E hands in a class module: the course's runner imports it and makes a Hangman. When the module does not
// import, the advice for a top-level statement ("move it under if __name__ == '__main__':") does not fit a line
// inside the class: the messages say which method (or the class body) the line is in, and to fix that line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { gradeSubmission, importMessage, importTimeoutMessage } from '../harness/grade/submission.js';
import { definitionsAt, placeOf, salvageFailure, setAsideNote } from '../harness/grade/salvage.js';
import type { ImportResult, SetAside } from '../harness/run/python/protocol.js';
import { fail } from '../harness/grade/outcome.js';

const ACCEPTED = new URL('../fixtures/hangman-313e/submissions/accepted/straightforward/hangman.py', import.meta.url);
const SOURCE = readFileSync(ACCEPTED, 'utf8');
const LINES = SOURCE.split('\n');
const lineOf = (text: string) => LINES.findIndex((l) => l.includes(text)) + 1;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The accepted submission with line `at` replaced (or, with `insert`, a line inserted after it). */
function broken(at: number, line: string, insert = false): string {
  const lines = [...LINES];
  lines.splice(insert ? at : at - 1, insert ? 0 : 1, line);
  const dir = mkdtempSync(join(tmpdir(), 'report-313e-import-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'hangman.py'), lines.join('\n'));
  return dir;
}

describe('where a line of a class module is', () => {
  it('names the method, the class body or nothing (the top level)', () => {
    const count = lineOf('return count');
    expect(placeOf(definitionsAt(SOURCE, count))).toBe('method Hangman.num_words');
    expect(placeOf(definitionsAt(SOURCE, lineOf('class Hangman:') + 1))).toBe('the body of class Hangman, outside its methods');
    expect(placeOf(definitionsAt(SOURCE, lineOf('DEBUG = False')))).toBeUndefined();
  });

  it('reads past docstrings, brackets and continued lines, and a file that does not compile', () => {
    const text = [
      'class A:',
      '    """doc',
      'at column 0',
      '"""',
      '    def f(self, x,',
      'y):',
      '        total = (1 +',
      '2)',
      '        return total +',
      'def g():',
      '    s = "a # (" \\',
      '        + "b"',
      '    return s',
      'x = 1',
    ].join('\n');
    expect(placeOf(definitionsAt(text, 3))).toBe('the body of class A, outside its methods');
    expect(placeOf(definitionsAt(text, 8))).toBe('method A.f');
    expect(placeOf(definitionsAt(text, 9))).toBe('method A.f');
    expect(placeOf(definitionsAt(text, 12))).toBe('function g');
    expect(placeOf(definitionsAt(text, 13))).toBe('function g');
    expect(placeOf(definitionsAt(text, 14))).toBeUndefined();
    expect(definitionsAt(text, 99)).toEqual([]);
  });
});

describe('a module that does not import: the message fits where the line is', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'report-313e-msg-')), 'hangman.py');
  dirs.push(join(file, '..'));
  writeFileSync(file, SOURCE);
  const count = lineOf('return count');

  it('a loop at import in a method or the class body: fix that line, not the __name__ advice', () => {
    const inMethod = importTimeoutMessage(`importing the module used more than 10 s of CPU time (it was at line ${count})`, 'method Hangman.num_words');
    expect(inMethod).toContain('in method Hangman.num_words');
    expect(inMethod).toContain('fix that line');
    const inBody = importTimeoutMessage('importing the module used more than 10 s of CPU time (it was at line 19)', 'the body of class Hangman, outside its methods');
    expect(inBody).toMatch(/a class body runs when the module is imported: fix that line/i);
    expect(inBody).not.toContain('__name__');
    // A top-level loop keeps the advice that fits it.
    expect(importTimeoutMessage('importing the module used more than 10 s of CPU time (it was at line 17)', undefined)).toContain("under if __name__ == '__main__':");
  });

  it('an error at import names the method', () => {
    expect(importMessage('SyntaxError', 'invalid syntax', ` at hangman.py:${count}`, 'method Hangman.num_words'))
      .toBe(`SyntaxError at hangman.py:${count}, in method Hangman.num_words: invalid syntax; the file cannot run at all (fix that line)`);
    expect(importMessage('NameError', "name 'x' is not defined", ' at hangman.py:19', 'the body of class Hangman, outside its methods'))
      .toContain('in the body of class Hangman, outside its methods: name \'x\' is not defined; a class body runs when the module is imported: fix that line');
  });
});

describe('the import test of a salvaged 313E file', () => {
  const syntax: SetAside = { action: 'set_aside', line: 50, source: 'return count +', error: 'SyntaxError: invalid syntax', why: 'it does not compile', start_line: 18, end_line: 303, names: ['Hangman'] };
  const raised: SetAside = { action: 'set_aside', line: 18, source: 'class Hangman:', error: "NameError: name 'undefined_name' is not defined", why: 'it raised while the module was imported', start_line: 18, end_line: 304, names: ['Hangman'] };
  const imp = (s: SetAside): ImportResult => ({ op: 'imported', ok: true, output: '', stderr: '', duration_ms: 1, static_imports: [], runtime_imports: [], notices: [], set_aside: [s] });

  it('a line that does not compile inside the class: fix that line, in the class', () => {
    expect(salvageFailure(imp(syntax), 'hangman.py')!.detail!.hint).toMatch(/^fix line 50 \(in the definition of Hangman\): /);
  });

  it('a statement in the class body that raised at import: not "compiles", and not the class line alone', () => {
    const o = setAsideNote({ ...fail('hangman.py does not define `Hangman` (needed by the program)'), defect: 'missing-fn:Hangman' }, imp(raised), 'hangman.py');
    expect(o.detail!.hint).toBe('fix the statement in lines 18-304 (the definition of Hangman, run when the module is imported) that raised NameError so that Hangman is defined');
    expect(salvageFailure(imp(raised), 'hangman.py')!.detail!.hint).toMatch(/^fix the statement in lines 18-304 .* that raised NameError: /);
  });
});

describe('gradekit check hangman-313e, the import strict', () => {
  const base = loadAssignment('hangman-313e');
  // 313E salvages a file that does not import; a course that wants "does not run = 0" says import: strict,
  // and then the import's own message is all the student sees.
  const a: Assignment = { ...base, spec: { ...base.spec, data: { ...base.spec.data, submission: { ...base.spec.data.submission, import: 'strict' } } } };
  const fatal = async (dir: string) => (await gradeSubmission(a, dir, { only: ['quiet-import'] })).fatal?.message ?? '';

  it('a syntax error in a method names the method', async () => {
    const count = lineOf('return count');
    const m = await fatal(broken(count, '        return count +'));
    expect(m).toContain(`SyntaxError at hangman.py:${count}, in method Hangman.num_words`);
    expect(m).not.toContain('__name__');
  });

  it('a stray statement in the class body says that the class body runs at import', async () => {
    const at = lineOf('def num_words');
    const m = await fatal(broken(at - 1, '    x = undefined_name', true));
    expect(m).toContain(`NameError at hangman.py:${at}, in the body of class Hangman, outside its methods`);
    expect(m).toContain('a class body runs when the module is imported: fix that line');
  });

  it('a top-level statement says nothing of a class', async () => {
    const at = lineOf('DEBUG = False');
    const m = await fatal(broken(at, 'DEBUG = undefined_name'));
    expect(m).toBe(`importing the module failed with NameError at hangman.py:${at}: name 'undefined_name' is not defined`);
  });
});
