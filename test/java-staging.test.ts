// A Java compile stages the sources and classes in a folder of its own, and each game gets a work folder:
// none of them may outlive the grading, whatever happens (success, a compile error, a timeout, javac
// missing, a source over the cap, the budget gone, or a crash of the grader's own code).
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { compileJava } from '../harness/run/java/compile.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
import { rootPath } from '../harness/paths.js';

const crash = vi.hoisted(() => ({ on: false }));
vi.mock('../harness/run/java/javac-server.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../harness/run/java/javac-server.js')>();
  return {
    ...real,
    compileWithServer: (...args: Parameters<typeof real.compileWithServer>) => {
      if (crash.on) throw new Error('a bug of the grader');
      return real.compileWithServer(...args);
    },
  };
});

const FIX = rootPath('fixtures', 'evil-hangman-java', 'submissions');
const root = realpathSync(mkdtempSync(join(tmpdir(), 'gk-staging-')));
const savedTmp = process.env.TMPDIR;
// os.tmpdir() reads TMPDIR on each call: every staging folder of this file goes here, and only here.
process.env.TMPDIR = root;
afterAll(() => {
  process.env.TMPDIR = savedTmp;
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  crash.on = false;
  for (const e of readdirSync(root)) rmSync(join(root, e), { recursive: true, force: true });
});
const left = () => readdirSync(root).filter((e) => e.startsWith('gradekit-'));

describe('the staging folder of a Java compile', () => {
  it('is kept on success, for the caller to remove (the classes live in it)', async () => {
    const r = await compileJava(join(FIX, 'accepted', 'classic-dashes'));
    expect(r.ok).toBe(true);
    expect(left()).toHaveLength(1);
  });

  it('goes after a compile error', async () => {
    const r = await compileJava(join(FIX, 'compile_error', 'missing-semicolon'));
    expect(r.ok).toBe(false);
    expect(left()).toEqual([]);
  });

  it('goes when javac does not finish in time', async () => {
    const slow = join(root, 'slow-javac');
    writeFileSync(slow, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(slow, 0o755);
    const r = await compileJava(join(FIX, 'accepted', 'classic-dashes'), { javac: slow, timeoutMs: 300 });
    expect(!r.ok && r.summary).toMatch(/^javac did not finish within/);
    expect(left()).toEqual([]);
  });

  it('goes when javac is missing, when there is no main, and when the budget is gone', async () => {
    expect((await compileJava(join(FIX, 'accepted', 'classic-dashes'), { javac: join(root, 'no-javac') })).ok).toBe(false);
    const noMain = join(root, 'sub-no-main');
    mkdirSync(noMain);
    writeFileSync(join(noMain, 'A.java'), 'class A {}\n');
    const r = await compileJava(noMain);
    expect(!r.ok && r.summary).toMatch(/no class has `public static void main/);
    const late = await compileJava(join(FIX, 'accepted', 'classic-dashes'), { deadline: performance.now() - 1 });
    expect(!late.ok && late.limit && late.summary).toBe('the submission used up its time budget before its sources were compiled');
    expect(left()).toEqual([]);
  });

  it('goes when the grader\'s own code fails during the compile', async () => {
    crash.on = true;
    await expect(compileJava(join(FIX, 'accepted', 'classic-dashes'))).rejects.toThrow('a bug of the grader');
    expect(left()).toEqual([]);
  });
});

describe('the work folders of a Java submission\'s games', () => {
  it('go with the staging folder when the game judge fails', async () => {
    const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml'));
    const game = a.adapter.game!;
    a.adapter = { ...a.adapter, game: { ...game, play: async () => { throw new Error('a bug of the judge'); } } };
    await expect(gradeSubmission(a, rootPath('fixtures', 'hostile', 'java', 'normal'), { runners: languageRunners() })).rejects.toThrow('a bug of the judge');
    expect(left()).toEqual([]);
  });
});
