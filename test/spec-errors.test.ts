// Spec mistakes are reported as file:line:col with a hint, never a stack trace.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { errorsOf } from './spec-problems.js';

const HEAD = `assignment: demo
title: Demo
language: python
submission: { file: chiseler.py }
reference: chiseler
fixtures: .
tests:
`;


describe('spec validation errors', () => {
  it('bad YAML gives the line and column', () => {
    const errs = errorsOf(HEAD + '  - id: a\n    call: f(\n   bad: [\n');
    expect(errs[0]).toMatch(/^demo\.yaml:\d+:\d+: YAML:/);
  });
  it('an unknown key names the key, its line, and the nearest known key', () => {
    const errs = errorsOf(HEAD + "  - id: a\n    call: share_letter('a', 'b')\n    pionts: 2\n");
    expect(errs).toEqual([expect.stringMatching(/^demo\.yaml:10:5: unknown key 'pionts'\n  hint: did you mean 'points'\?/)]);
  });
  it('a wrong type says what was expected', () => {
    const errs = errorsOf(HEAD + "  - id: a\n    call: share_letter('a', 'b')\n    points: lots\n");
    expect(errs[0]).toMatch(/^demo\.yaml:10:5: 'points' must be a number, not a string/);
  });
  it('a test without a kind lists the kinds', () => {
    const errs = errorsOf(HEAD + '  - id: a\n    name: nothing to do\n');
    expect(errs[0]).toMatch(/demo\.yaml:8:5: test 'a' has no kind\n  hint: give exactly one of: call, steps, run, property, rule, game/);
  });
  it('duplicate ids point at the second one and name the first line', () => {
    const errs = errorsOf(HEAD + "  - id: a\n    call: f()\n    basis: test basis\n  - id: a\n    call: g()\n    basis: test basis\n");
    expect(errs[0]).toMatch(/demo\.yaml:11:5: duplicate test id 'a'\n  hint: first used at line 8/);
  });
  it('an unknown comparator suggests the right one', () => {
    const errs = errorsOf(HEAD + "  - id: a\n    call: f()\n    compare: exakt\n");
    expect(errs[0]).toMatch(/demo\.yaml:10:5: 'compare' has the wrong shape/);
  });
  it('collects several problems in one pass', () => {
    const errs = errorsOf(HEAD + '  - id: a\n    call: f()\n    pionts: 1\n  - id: b\n    call: g()\n    visibility: secret\n');
    expect(errs).toHaveLength(2);
    expect(errs[1]).toMatch(/'visibility' cannot be 'secret'/);
  });
  it('alias bombs are refused', () => {
    const bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n';
    expect(errorsOf(bomb)[0]).toMatch(/alias/i);
  });
});

describe('every scored test rests on a sentence of the handout', () => {
  it('a scored test without basis is an error at its line, with what to write', () => {
    const errs = errorsOf(HEAD + "  - id: a\n    call: share_letter('a', 'b')\n");
    expect(errs).toEqual([expect.stringMatching(/^demo\.yaml:8:5: scored test 'a' has no basis\n  hint: quote the handout or docstring sentence it enforces .* or, if the handout does not ask for it, say why under extra:/)]);
  });
  it('an extra or zero-point test needs none', () => {
    expect(errorsOf(HEAD + "  - id: a\n    call: share_letter('a', 'b')\n    extra: not in the handout\n  - id: b\n    call: share_letter('a', 'b')\n    points: 0\n")).toEqual([]);
  });
});

describe('semantic checks against the reference', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gk-spec-'));
  const write = (body: string) => {
    const p = join(dir, `s${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(p, HEAD + body + '    basis: test basis\n');
    return p;
  };
  it('an unknown function gets a did-you-mean', () => {
    expect(() => loadAssignment(write("  - id: a\n    call: share_leter('a', 'b')\n"))).toThrow(/s\w+\.yaml:9:5: unknown function 'share_leter'.*\n  hint: did you mean 'share_letter'/);
  });
  it('an unknown name is reported', () => {
    expect(() => loadAssignment(write('  - id: a\n    call: winning_strategy(wordz)\n'))).toThrow(/unknown name 'wordz'/);
  });
  it('unparseable Python in a call is reported with its column', () => {
    expect(() => loadAssignment(write("  - id: a\n    call: share_letter('a', 'b'\n"))).toThrow(/cannot read this Python: expected ',' or '\)' at column/);
  });
  it('an unknown validator lists the known ones', () => {
    expect(() => loadAssignment(write("  - id: a\n    call: winning_strategy(['a'])\n    compare: { validator: winning }\n"))).toThrow(/unknown validator 'winning'/);
  });
  it('returns_printed names number roles of the role table, one or a list of fallbacks; a wrong one is pointed at', () => {
    expect(() => loadAssignment(write("  - id: a\n    call: share_letter('a', 'b')\n    returns_printed: handTotal\n"))).toThrow(/s\w+\.yaml:10:5: unknown role 'handTotal'/);
    expect(() => loadAssignment(write("  - id: a\n    call: share_letter('a', 'b')\n    returns_printed: [handTotal, runningTotal]\n"))).toThrow(/s\w+\.yaml:10:\d+: unknown role 'handTotal'[^]*unknown role 'runningTotal'/);
  });
  it('eof: (end the input after the last stdin: line) is for Java run tests; a Python spec is pointed at', () => {
    expect(() => loadAssignment(write('  - id: a\n    run: main\n    stdin: [x]\n    eof: true\n'))).toThrow(/s\w+\.yaml:11:5: eof: is for the run tests of a Java class assignment\n  hint: a Python program's sys.stdin already ends/);
  });
  it("a test's word list must be one the spec defines, and its file must exist", () => {
    writeFileSync(join(dir, 'big.txt'), 'cat\ntack\n');
    writeFileSync(join(dir, 'small.txt'), 'cat\n');
    const lists = (names: string) => {
      const p = join(dir, `w${Math.random().toString(36).slice(2)}.yaml`);
      writeFileSync(p, HEAD.replace('tests:\n', `words: { file: small.txt, as: words.txt }\nword_lists: { ${names} }\ntests:\n`) + "  - id: a\n    call: share_letter('a', 'b')\n    words: bigg\n    basis: test basis\n");
      return p;
    };
    expect(() => loadAssignment(lists('big: big.txt'))).toThrow(/w\w+\.yaml:12:5: unknown word list 'bigg'\n  hint: did you mean 'big'\?/);
    expect(() => loadAssignment(lists('bigg: missing.txt'))).toThrow(/w\w+\.yaml:8:\d+: word list not found: missing\.txt/);
    const ok = loadAssignment(lists('bigg: big.txt'));
    expect(ok.wordLists.bigg.words).toEqual(['cat', 'tack']);
  });
});

describe('the CLI never shows a stack trace for user mistakes', () => {
  const run = (...args: string[]) => {
    try {
      execFileSync('bin/gradekit', args, { encoding: 'utf8', stdio: 'pipe' });
      return { code: 0, err: '' };
    } catch (e) {
      const x = e as { status: number; stderr: string };
      return { code: x.status, err: x.stderr };
    }
  };
  it('unknown assignment: exit 2 with a suggestion', () => {
    const r = run('check', 'chisler', '.');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown assignment 'chisler' — did you mean 'chiseler'\?/);
    expect(r.err).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
  });
  it('--json into a folder that does not exist yet creates it; an unwritable path is a usage error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-json-'));
    const sub = 'fixtures/chiseler/submissions/accepted/plain-recursive';
    expect(run('check', 'chiseler', sub, '--json', join(dir, 'reports', 'new', 'r.json')).code).toBe(0);
    expect(existsSync(join(dir, 'reports', 'new', 'r.json'))).toBe(true);
    writeFileSync(join(dir, 'plain-file'), 'x');
    const bad = run('check', 'chiseler', sub, '--json', join(dir, 'plain-file', 'r.json'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^gradekit: cannot write .*plain-file\/r\.json: E[A-Z]+ \(choose a path/m);
  });
  it('a broken spec file: exit 2 with file:line:col', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-cli-'));
    const p = join(dir, 'bad.yaml');
    writeFileSync(p, HEAD + "  - id: a\n    call: share_letter('a', 'b')\n    timeout: forever\n");
    const r = run('check', p, dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.yaml:10:5: 'timeout'/);
  });
});
