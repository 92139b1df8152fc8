// Every wrong or crashing fixture must fail, with a message naming the step where its bug shows.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGameTest, type GameParams } from '../harness/interactive/game-test.js';
import { DEFAULT_PROFILE } from '../harness/interactive/profile.js';
import { compileJava } from '../harness/run/java/compile.js';
import { findJavaSources } from '../harness/run/java/sources.js';
import { prepareJavaRun } from '../harness/run/java/run.js';

const ROOT = join(import.meta.dirname, '..', 'assignments', 'evil-hangman-java', 'fixtures');
const WORDS = readFileSync(join(ROOT, 'words.txt'), 'utf8').split('\n').filter(Boolean);
const SPEC: {
  games: Record<string, GameParams>;
  expect: Record<string, { game: string; kind: string; message: string }>;
} = JSON.parse(readFileSync(join(ROOT, 'games.json'), 'utf8'));
const CASES = ['wrong_answer', 'run_time_error'].flatMap((cat) =>
  readdirSync(join(ROOT, 'submissions', cat)).sort().map((name) => `${cat}/${name}`));

it('has at least ten wrong answers, a crashing program, and an expectation for each', () => {
  expect(CASES.filter((c) => c.startsWith('wrong_answer/')).length).toBeGreaterThanOrEqual(10);
  expect(CASES.some((c) => c.startsWith('run_time_error/'))).toBe(true);
  expect(Object.keys(SPEC.expect).sort()).toEqual([...CASES].sort());
});

describe.each(CASES)('%s', (id) => {
  const dir = join(ROOT, 'submissions', id);

  it('documents its one bug in a header comment', () => {
    const main = findJavaSources(dir).find((s) => /^\/\*[\s\S]*?Bug:/.test(s.text));
    expect(main, 'a source starting with a comment that says "Bug: ..."').toBeDefined();
    expect(main!.text).toMatch(/Must (fail|end)/);
  });

  it('fails the game that exposes the bug, naming the step', async () => {
    const want = SPEC.expect[id]!;
    const c = compileJava(dir);
    if (!c.ok) throw new Error(`${id} does not compile: ${c.summary}`);
    const run = prepareJavaRun({ classDir: c.classDir, mainClass: c.mainClass, words: WORDS, submissionDir: dir });
    const r = await runGameTest(SPEC.games[want.game]!, { command: run.command, cwd: run.cwd, words: WORDS, profile: DEFAULT_PROFILE, timeoutMs: 20_000 });
    expect(r.status).toBe(want.kind === 'run_time_error' ? 'error' : 'failed');
    expect(r.kind).toBe(want.kind);
    expect(r.message).toMatch(new RegExp(want.message));
  });
});
