// registerExportCommands wired into a commander program the way bin/cli.ts does it.
import { readdirSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../reference/register.js';
import { registerExportCommands } from '../harness/export/cli.js';
import { UsageError } from '../harness/util/errors.js';
import { rootPath } from '../harness/paths.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-export-cli-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

async function run(args: string[]): Promise<{ code: number | undefined; out: string }> {
  const program = new Command().name('gradekit').exitOverride();
  let code: number | undefined;
  registerExportCommands(program, (c) => {
    code = c;
  });
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    out += String(s);
    return true;
  });
  await program.parseAsync(['node', 'gradekit', ...args]);
  vi.restoreAllMocks();
  return { code, out };
}

describe('gradekit export / selfcheck commands', () => {
  it('export gradescope writes the zip with the chosen settings', async () => {
    const out = join(work, 'autograder.zip');
    const r = await run(['export', 'gradescope', 'chiseler', '--out', out, '--hidden-tests', 'score-only', '--seed', '7', '--time-limit', '300']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^wrote .*autograder\.zip: \d+ files/);
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const config = JSON.parse(new TextDecoder().decode(files['gradekit-autograder.json']));
    expect(config).toMatchObject({ assignment: 'chiseler', hiddenTests: 'score-only', seed: 7, timeLimitSeconds: 300 });
    expect(new TextDecoder().decode(files['run_autograder'])).toMatch(/GRADEKIT_TIME_LIMIT:-300/);
    expect(statSync(out).size).toBeGreaterThan(10_000);
  });

  it('ships a course word list given with --words', async () => {
    const words = join(work, 'course-words.txt');
    writeFileSync(words, 'cat\ntack\nkite\n');
    const out = join(work, 'with-words.zip');
    await run(['export', 'gradescope', 'ps3-mit', '--out', out, '--words', words]);
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    expect(new TextDecoder().decode(files['course-files/course-words.txt'])).toBe('cat\ntack\nkite\n');
    expect(JSON.parse(new TextDecoder().decode(files['gradekit-autograder.json'])).words).toBe('course-files/course-words.txt');
    // Other assignments' data never ships.
    expect(Object.keys(files).filter((p) => /^gradekit\/(specs|fixtures)\//.test(p) && !/^gradekit\/(specs\/ps3-mit\.yaml|fixtures\/ps3-mit\/)/.test(p))).toEqual([]);
  });

  it("ships the assignment's folder with its word list, without other assignments", async () => {
    const out = join(work, 'ps3-ocw.zip');
    await run(['export', 'gradescope', 'ps3-ocw', '--out', out]);
    const paths = Object.keys(unzipSync(new Uint8Array(readFileSync(out))));
    expect(paths).toContain('gradekit/fixtures/ps3-ocw/words.txt');
    expect(paths).toContain('gradekit/fixtures/ps3-ocw/golden/display-quail.txt');
    expect(paths.some((p) => p.startsWith('gradekit/fixtures/ps3-mit/') || p === 'gradekit/specs/ps3-mit.yaml')).toBe(false);
    expect(paths.some((p) => p.includes('/submissions/'))).toBe(false);
  });

  it('rejects an unknown assignment and a bad --time-limit with a one-line usage error', async () => {
    await expect(run(['export', 'gradescope', 'chiseller', '--out', join(work, 'x.zip')])).rejects.toThrow(/unknown assignment 'chiseller' — did you mean 'chiseler'/);
    await expect(run(['export', 'gradescope', 'chiseler', '--out', join(work, 'x.zip'), '--time-limit', 'soon'])).rejects.toThrow(UsageError);
  });

  it('selfcheck finds the assignment and grades the visible tests', async () => {
    const dir = join(work, 'student');
    mkdirSync(dir);
    const accepted = rootPath('fixtures', 'chiseler', 'submissions', 'accepted');
    copyFileSync(join(accepted, readdirSync(accepted).sort()[0], 'chiseler.py'), join(dir, 'chiseler.py'));
    const ok = await run(['selfcheck', dir]);
    expect(ok.out).toMatch(/checking .*chiseler\.py as chiseler \(visible tests only\)/);
    // Exit 0 exactly when every visible test passes (the live spec decides which tests those are).
    const report = await gradeSubmission(loadAssignment('chiseler'), join(dir, 'chiseler.py'), { visibilities: ['visible'], runners: languageRunners() });
    expect(report.tests.every((t) => t.visibility === 'visible')).toBe(true);
    expect(ok.code).toBe(report.tests.every((t) => t.status === 'passed' || t.status === 'skipped') && !report.fatal ? 0 : 1);
    expect(ok.out).toContain(`Score ${report.score}/${report.maxScore}`);
    writeFileSync(join(dir, 'chiseler.py'), 'def share_letter(w1, w2):\n    return False\n');
    expect((await run(['selfcheck', dir])).code).toBe(1);
    await expect(run(['selfcheck', join(work, 'nowhere')])).rejects.toThrow(/folder not found/);
  });
});
