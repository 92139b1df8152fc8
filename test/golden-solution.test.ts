// `gradekit golden --update` with an instructor's Python solution: what it records is every student's expected
// answer, so a run that is no answer must be said, never written silently:
// - a call the solution cannot take (a wrong number of arguments) is FAILED, at the spec's line, not written;
// - any other exception is written, with a NOTE (students must raise it too);
// - a solution that does not import as written (a SyntaxError) is one message at its file:line, not a
//   "does not define" for every test salvage left without the function.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncSolutionGolden } from '../harness/golden.js';
import { initAssignment } from '../harness/init/init.js';
import { UsageError } from '../harness/util/errors.js';

const SOLUTION = `"""Counting words."""


def count(words, w):
    """How often w occurs.

    >>> count(['a', 'b', 'a'], 'a')
    2
    """
    return words.count(w)
`;

let work: string;
let spec: string;
const golden = (id: string) => join(work, 'hw1', 'fixtures', 'golden', `${id}.json`);

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-golden-solution-'));
  writeFileSync(join(work, 'counting.py'), SOLUTION);
  initAssignment(join(work, 'hw1'), { solution: join(work, 'counting.py'), file: 'words.py' });
  spec = join(work, 'hw1', 'assignment.yaml');
  appendFileSync(spec, [
    '',
    '  - id: count-three-args',
    '    call: "count([\'a\'], \'a\', \'b\')"',
    '    basis: "count(words, w): how often w occurs"',
    '  - id: count-none',
    '    call: "count(None, \'a\')"',
    '    basis: "count(words, w): how often w occurs"',
    '',
  ].join('\n'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('golden --update with a Python solution', () => {
  it('fails a call the solution cannot take, at the spec line, and notes an exception it raised', async () => {
    const st = await syncSolutionGolden(loadAssignment(spec), true);
    const line = readFileSync(spec, 'utf8').split('\n').findIndex((l) => l.includes("count(['a'], 'a', 'b')")) + 1;
    expect(st.failed).toEqual([['count-three-args', expect.stringMatching(new RegExp(`assignment\\.yaml:${line}: count\\(\\['a'\\], 'a', 'b'\\) is a call the solution cannot take: TypeError: count\\(\\) takes 2 positional arguments but 3 were given`))]]);
    expect(existsSync(golden('count-three-args'))).toBe(false);
    // Raised inside the solution: recorded (students must raise it too), and said.
    expect(existsSync(golden('count-none'))).toBe(true);
    expect(st.notes).toEqual([['count-none', expect.stringMatching(/the solution raised AttributeError: 'NoneType' object has no attribute 'count' \(.*solution\.py:10\) on count\(None, 'a'\); students must raise it too/)]]);
    expect(st.written).toContain('count-example');
  });

  it('refuses a solution that does not import as written, naming its file:line and the error', async () => {
    const file = join(work, 'hw1', 'solution.py');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('return words.count(w)', 'return words.count(w) w'));
    try {
      const err = await syncSolutionGolden(loadAssignment(spec), true).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).toMatch(/solution\.py:10: the solution does not import as written: SyntaxError: .*, so it does not define count\n {2}hint: fix that line of solution\.py/);
    } finally {
      writeFileSync(file, good);
    }
  });

  it('without the solution (a copy for students), says where the spec names it', async () => {
    const file = join(work, 'hw1', 'solution.py');
    const good = readFileSync(file, 'utf8');
    rmSync(file);
    try {
      const err = await syncSolutionGolden(loadAssignment(spec), true).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).toMatch(/assignment\.yaml:\d+: the golden files of hw1 are made by running the instructor's solution, and .*solution\.py is not here\n {2}hint: run gradekit golden where the solution is/);
    } finally {
      writeFileSync(file, good);
    }
  });
});
