// A fixture's expect.yaml (harness/fixtures.ts): a misspelt key or a test named alone where a list is due is said
// as such, not read as "fails nothing"; a well-formed one is checked against the report.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { expectationProblems, fixtureProblems, type FixtureSubmission } from '../harness/fixtures.js';
import type { Report, TestResult } from '../harness/model/report.js';

const test = (id: string, status: TestResult['status'], message = ''): TestResult => ({ id, group: 'g', name: id, status, score: status === 'passed' ? 1 : 0, maxScore: 1, visibility: 'visible', message, durationMs: 1 });
const report: Report = { assignment: 'a', submission: 's', score: 1, maxScore: 2, durationMs: 1, tests: [test('open-twice', 'failed', 'returned 2, expected 1'), test('open-one', 'passed')] };
const sub: FixtureSubmission = { assignment: 'a', verdict: 'wrong_answer', name: 'counts-reopened', path: '/nowhere' };

describe("a fixture's expect.yaml", () => {
  it('names a misspelt key, a lone test id where a list is due, and a mapping that is not one', () => {
    expect(expectationProblems({ fail: ['open-twice'] })).toEqual(["expect.yaml: unknown key 'fail' (known: fails, not_charged_again, extra_fails, message)"]);
    expect(expectationProblems({ fails: 'open-twice' })).toEqual(['expect.yaml: fails must be a list of test ids (fails: [open-twice])']);
    expect(expectationProblems({ fails: ['open-twice'], message: 3 })).toEqual(["expect.yaml: message must be a string (a regex a failing test's message matches)"]);
    expect(expectationProblems(['open-twice'])[0]).toMatch(/^expect\.yaml must be a mapping \(fails: \[test ids\]/);
    expect(expectationProblems({ fails: ['open-twice'], not_charged_again: [], message: 'returned 2' })).toEqual([]);
  });

  it('a misspelt key is the problem reported, not "fails nothing"', () => {
    expect(fixtureProblems(sub, report, { fail: ['open-twice'] } as never)).toEqual(["expect.yaml: unknown key 'fail' (known: fails, not_charged_again, extra_fails, message)"]);
    expect(fixtureProblems(sub, report, { fails: ['open-twice'], message: 'returned 2' })).toEqual([]);
    expect(fixtureProblems(sub, report, { fails: ['open-one'] })).toEqual(['fails open-twice; expect.yaml says open-one']);
  });

  it('every expect.yaml this project ships has a well-formed shape (a bare "extra_fails:" is no list)', () => {
    const found = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? found(join(dir, e.name)) : e.name === 'expect.yaml' ? [join(dir, e.name)] : []));
    const files = [...found('fixtures'), ...found('examples')];
    expect(files.length).toBeGreaterThan(100);
    // A file of comments only (an accepted fixture's note) expects nothing beyond its folder's verdict.
    const problems = (doc: unknown) => (doc === null || doc === undefined ? [] : expectationProblems(doc));
    const bad = files.flatMap((f) => problems(parse(readFileSync(f, 'utf8'))).map((p) => `${f}: ${p}`));
    expect(bad).toEqual([]);
  });
});
