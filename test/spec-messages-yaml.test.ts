// Spec messages found by a new instructor's walkthrough: a typo'd key is named at its own line with what it
// was meant to be, one mistake gives one message, and the messages come in the order of the file.
import { describe, expect, it } from 'vitest';
import { errorsOf } from './spec-problems.js';

const HEAD = `assignment: demo
title: Demo
language: java
submission: { file: WordStats.java }
reference: { solution: solution/ }
tests:
`;


describe('a misspelt key', () => {
  it("of a step (throw: for throws:) lists the step's keys and says which was meant", () => {
    const errs = errorsOf(HEAD + '  - id: a\n    steps: [{ do: "WordStats.countVowels(null)", throw: IllegalArgumentException }]\n    basis: test basis\n');
    expect(errs).toEqual([
      "demo.yaml:8:50: unknown key 'throw'\n  hint: did you mean 'throws'? (known keys here: do, compare, expect, throws)",
    ]);
  });

  it('of a step with nothing near it lists the keys a step has', () => {
    const errs = errorsOf(HEAD + '  - id: a\n    steps: [{ do: "WordStats.countVowels(null)", zzzzzz: 1 }]\n    basis: test basis\n');
    expect(errs).toEqual(["demo.yaml:8:50: unknown key 'zzzzzz'\n  hint: known keys here: do, compare, expect, throws"]);
  });

  it("that is a test's kind (setps: for steps:) is named at its line, not reported as a test with no kind", () => {
    const errs = errorsOf(HEAD + '  - id: a\n    group: g\n    setps: ["w = WordStats([])", "w.longestWord()"]\n    basis: test basis\n');
    expect(errs).toEqual([expect.stringMatching(/^demo\.yaml:9:5: unknown key 'setps'\n {2}hint: did you mean 'steps'\?/)]);
  });

  it('a test with no kind and no key near one still lists the kinds', () => {
    expect(errorsOf(HEAD + '  - id: a\n    name: nothing to do\n    basis: test basis\n')[0]).toMatch(/demo\.yaml:7:5: test 'a' has no kind\n {2}hint: give exactly one of: call, steps/);
  });

  it('that is a required top-level key (submision:) is one problem, at the typo, saying it is required', () => {
    const spec = HEAD.replace('submission:', 'submision:') + '  - id: a\n    steps: ["WordStats.countVowels(\'a\')"]\n    points: lots\n    basis: test basis\n';
    const errs = errorsOf(spec);
    expect(errs).toEqual([
      "demo.yaml:4:1: unknown key 'submision'\n  hint: did you mean 'submission'? (submission is required)",
      "demo.yaml:9:5: 'points' must be a number, not a string",
    ]);
  });

  it('every misspelt key of a mapping is named, each at its line', () => {
    const errs = errorsOf(HEAD.replace('title: Demo', 'titel: Demo\nlangauge: java').replace('language: java\n', '') + '  - id: a\n    steps: ["WordStats.countVowels(\'a\')"]\n    basis: test basis\n');
    expect(errs).toEqual([
      "demo.yaml:2:1: unknown key 'titel'\n  hint: did you mean 'title'? (title is required)",
      "demo.yaml:3:1: unknown key 'langauge'\n  hint: did you mean 'language'? (language is required)",
    ]);
  });
});

describe('problems come in the order of the file', () => {
  it('a test-level problem before a later top-level one', () => {
    const spec = HEAD + '  - id: a\n    steps: ["WordStats.countVowels(\'a\')"]\n    points: lots\n    basis: test basis\ndefaults: { pionts: 2 }\n';
    const lines = errorsOf(spec).map((m) => Number(/^demo\.yaml:(\d+):/.exec(m)![1]));
    expect(lines).toEqual([9, 11]);
  });
});

describe('a tab used as indentation', () => {
  it('is one message, at its line: the errors it causes further down its block are not shown', () => {
    const body = [
      '  - id: a',
      '    group: g',
      "\tsteps: [{ do: \"WordStats.countVowels(null)\", throws: IllegalArgumentException }]",
      '    basis: test basis',
      '  - id: b',
      '    group: g',
      "    steps: [\"WordStats.countVowels('a')\"]",
      '    basis: test basis',
      '',
    ].join('\n');
    const errs = errorsOf(HEAD + body);
    expect(errs).toEqual([expect.stringMatching(/^demo\.yaml:9:1: YAML: Tabs are not allowed as indentation\n {2}hint: .*use spaces/)]);
  });

  it('a problem of another top-level block is still shown', () => {
    const body = "  - id: a\n\tsteps: [\"WordStats.countVowels('a')\"]\n    basis: test basis\ndefaults: { timeout: [1, 2\n";
    const errs = errorsOf(HEAD + body);
    expect(errs[0]).toMatch(/^demo\.yaml:8:1: YAML: Tabs are not allowed/);
    expect(errs.slice(1).every((m) => /^demo\.yaml:1[01]:/.test(m))).toBe(true);
    expect(errs.length).toBeGreaterThan(1);
  });
});
