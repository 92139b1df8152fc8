// A course folder whose reference is its own TypeScript module (`reference: ./reference.ts`), loaded at run
// time: compiled by esbuild into gradekit's cache (reused while its sources are unchanged), importing
// gradekit's API as 'gradekit', errors at the spec's reference line; the bundled assignments' modules
// compiled the same way grade as their built-in form; an export ships the module compiled.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { compileModule } from '../harness/assignment/module-loader.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { buildGradescopeZip } from '../harness/export/gradescope-zip.js';
import { builtinModules } from '../reference/index.js';
import { rootPath } from '../harness/paths.js';

let work: string;
let course: string;

const SPEC = `assignment: shout
title: Shout
language: python
submission: { file: shout.py }
reference: ./reference.ts
fixtures: fixtures
tests:
  - id: shout-hi
    call: shout('hi')
    basis: "the handout: 'shout(s) returns s in capitals, with an exclamation mark'"
  - id: half-odd
    call: half(3)
    basis: "the handout: 'half(n) raises ValueError for an odd n'"
  - id: half-even
    call: half(8)
    basis: "the handout: 'half(n) returns half of an even n'"
`;

const REFERENCE = `import { asInt, asStr, py, RefRaise, type ReferenceAdapter } from 'gradekit';
import { shout } from './lib/shout';

const reference: ReferenceAdapter = {
  id: 'shout',
  functions: {
    shout: ([s]) => py.str(shout(asStr(s))),
    half: ([n]) => {
      if (asInt(n) % 2) throw new RefRaise('ValueError', 'odd');
      return py.int(asInt(n) / 2);
    },
  },
};
export default reference;
`;

const GOOD = "def shout(s):\n    return s.upper() + '!'\n\n\ndef half(n):\n    if n % 2:\n        raise ValueError('odd')\n    return n // 2\n";

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-module-'));
  course = join(work, 'course');
  mkdirSync(join(course, 'lib'), { recursive: true });
  writeFileSync(join(course, 'assignment.yaml'), SPEC);
  writeFileSync(join(course, 'reference.ts'), REFERENCE);
  writeFileSync(join(course, 'lib', 'shout.ts'), "export const shout = (s: string): string => s.toUpperCase() + '!';\n");
  mkdirSync(join(course, 'good'));
  writeFileSync(join(course, 'good', 'shout.py'), GOOD);
  mkdirSync(join(course, 'quiet'));
  writeFileSync(join(course, 'quiet', 'shout.py'), GOOD.replace("s.upper() + '!'", 's.upper()'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('reference: ./reference.ts', () => {
  it('is compiled at run time, imports gradekit, and grades; an exception it raises is one gradekit recognises', async () => {
    const a = loadAssignment(join(course, 'assignment.yaml'));
    expect(a.reference).toMatchObject({ kind: 'module' });
    const good = await gradeSubmission(a, join(course, 'good'));
    expect(good.tests.map((t) => [t.id, t.status])).toEqual([['shout-hi', 'passed'], ['half-odd', 'passed'], ['half-even', 'passed']]);
    const quiet = await gradeSubmission(a, join(course, 'quiet'));
    expect(quiet.tests.find((t) => t.id === 'shout-hi')!.message).toMatch(/expected 'HI!', got 'HI'/);
  });

  it('is compiled once, and again when one of its sources changes', () => {
    const out = compileModule(join(course, 'reference.ts'));
    const first = statSync(out).mtimeMs;
    expect(statSync(compileModule(join(course, 'reference.ts'))).mtimeMs).toBe(first);
    writeFileSync(join(course, 'lib', 'shout.ts'), "export const shout = (s: string): string => s.toUpperCase() + '!!';\n");
    try {
      const a = loadAssignment(join(course, 'assignment.yaml'));
      expect(a.adapter.functions.shout!([{ t: 'str', v: 'a' }], {} as never)).toEqual({ t: 'str', v: 'A!!' });
    } finally {
      writeFileSync(join(course, 'lib', 'shout.ts'), "export const shout = (s: string): string => s.toUpperCase() + '!';\n");
    }
  });

  it("reports a module that does not compile, or exports no adapter, at the spec's reference line", () => {
    const bad = join(work, 'bad');
    cpSync(course, bad, { recursive: true });
    writeFileSync(join(bad, 'reference.ts'), 'export default {\n  id: "x",\n  functions: { shout: ( => 1 },\n};\n');
    expect(() => loadAssignment(join(bad, 'assignment.yaml'))).toThrow(/assignment\.yaml:5:\d+: cannot compile .*reference\.ts: .*reference\.ts:3:\d+: /);
    writeFileSync(join(bad, 'reference.ts'), 'export const x = 1;\n');
    expect(() => loadAssignment(join(bad, 'assignment.yaml'))).toThrow(/assignment\.yaml:5:\d+: .*reference\.ts does not export a reference adapter\n {2}hint: export default/);
    writeFileSync(join(bad, 'assignment.yaml'), SPEC.replace('./reference.ts', './nowhere.ts'));
    expect(() => loadAssignment(join(bad, 'assignment.yaml'))).toThrow(/assignment\.yaml:5:\d+: reference module not found: .*nowhere\.ts/);
  });

  it('ships compiled in a Gradescope export, which grades with Node alone', async () => {
    const { zip, entries } = await buildGradescopeZip(join(course, 'assignment.yaml'));
    expect(entries).toContain('course/reference.gradekit.cjs');
    expect(entries.filter((e) => e.endsWith('.ts'))).toEqual([]);
    const files = join(work, 'zip');
    mkdirSync(join(files, 'source'), { recursive: true });
    writeFileSync(join(work, 'a.zip'), zip);
    execFileSync('unzip', ['-q', join(work, 'a.zip'), '-d', join(files, 'source')]);
    const spec = readFileSync(join(files, 'source', 'course', 'assignment.yaml'), 'utf8');
    expect(spec.split('\n').length).toBe(SPEC.split('\n').length);
    expect(spec).toMatch(/^reference: "\.\/reference\.gradekit\.cjs"$/m);
    cpSync(join(course, 'quiet'), join(files, 'submission'), { recursive: true });
    const r = spawnSync('bash', [join(files, 'source', 'run_autograder')], { env: { ...process.env, GRADEKIT_AUTOGRADER_ROOT: files }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(files, 'results', 'results.json'), 'utf8'))).toMatchObject({ score: 2 });
  }, 120_000);
});

describe('the bundled assignments are course folders', () => {
  it('their reference modules, compiled at run time like a course\'s, grade as the built-in form does', async () => {
    const accepted = rootPath('fixtures', 'chiseler', 'submissions', 'accepted', 'plain-recursive');
    const builtin = loadAssignment('chiseler');
    expect(builtin.adapter).toBe(builtinModules['reference/chiseler/adapter.ts']);
    process.env.GRADEKIT_COMPILE_REFERENCES = '1';
    let compiled;
    try {
      compiled = loadAssignment('chiseler');
    } finally {
      delete process.env.GRADEKIT_COMPILE_REFERENCES;
    }
    expect(compiled.adapter).not.toBe(builtin.adapter);
    const [x, y] = [await gradeSubmission(builtin, accepted), await gradeSubmission(compiled, accepted)];
    expect(y.tests.map((t) => [t.id, t.status, t.score])).toEqual(x.tests.map((t) => [t.id, t.status, t.score]));
    expect(y.score).toBe(y.maxScore);
  }, 120_000);
});
