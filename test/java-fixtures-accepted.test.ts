// Every correct fixture must pass every game with the default profile: no per-program config.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameTest, type GameParams } from '../harness/interactive/game-test.js';
import { DEFAULT_PROFILE } from '../harness/interactive/profile.js';
import { compileJava } from '../harness/run/java/compile.js';
import { prepareJavaRun, type JavaRun } from '../harness/run/java/run.js';

const ROOT = join(import.meta.dirname, '..', 'assignments', 'evil-hangman-java', 'fixtures');
const WORDS = readFileSync(join(ROOT, 'words.txt'), 'utf8').split('\n').filter(Boolean);
const GAMES: Record<string, GameParams> = JSON.parse(readFileSync(join(ROOT, 'games.json'), 'utf8')).games;
const ACCEPTED = readdirSync(join(ROOT, 'submissions', 'accepted')).sort();
const timings: number[] = [];

it('has at least six accepted programs and a dictionary of our own', () => {
  expect(ACCEPTED.length).toBeGreaterThanOrEqual(6);
  expect(WORDS.length).toBeGreaterThanOrEqual(300);
  expect(WORDS.every((w) => /^[a-z]+$/.test(w))).toBe(true);
});

describe.each(ACCEPTED)('accepted/%s', (name) => {
  const dir = join(ROOT, 'submissions', 'accepted', name);
  let run: JavaRun;
  beforeAll(() => {
    const c = compileJava(dir);
    if (!c.ok) throw new Error(`${name} does not compile: ${c.summary}`);
    run = prepareJavaRun({ classDir: c.classDir, mainClass: c.mainClass, words: WORDS, submissionDir: dir });
  });

  it.each(Object.keys(GAMES))('passes game %s', async (game) => {
    const r = await runGameTest(GAMES[game]!, { command: run.command, cwd: run.cwd, words: WORDS, profile: DEFAULT_PROFILE, timeoutMs: 20_000 });
    timings.push(r.durationMs);
    expect(r.message, r.transcript).toBe('');
    expect(r.status).toBe('passed');
    expect(r.final?.over).toMatch(/^(win|loss)$/);
    expect(r.steps.filter((s) => s.kind === 'letter' && !s.inject).every((s) => s.verdict === 'ok')).toBe(true);
  });
});

afterAll(() => {
  if (timings.length === 0) return;
  const sorted = [...timings].sort((a, b) => a - b);
  const mean = timings.reduce((a, b) => a + b, 0) / timings.length;
  console.log(`evil-hangman-java: ${timings.length} games, mean ${mean.toFixed(0)} ms, median ${sorted[sorted.length >> 1]} ms, max ${sorted[sorted.length - 1]} ms per game (JVM start included)`);
});
