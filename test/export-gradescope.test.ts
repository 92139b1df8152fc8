// The Gradescope export end to end: build the chiseler zip, unpack it into a fake /autograder (source/ as Gradescope
// does), grade a submission with run_autograder (one bundled file: no node_modules), and check results.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, readdirSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { parseDocument, YAMLSeq } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGradescopeZip } from '../harness/export/gradescope-zip.js';
import { validateGradescopeResults, type GradescopeResults } from '../harness/report/gradescope.js';
import { HIDDEN_MESSAGE } from '../harness/report/redact.js';
import { rootPath } from '../harness/paths.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
import { sandboxSupport } from '../harness/run/sandbox/index.js';
import { ESBUILD_MISSING, loadEsbuild } from '../scripts/build.mjs';
import { pathToFileURL } from 'node:url';
import '../reference/register.js';

const ACCEPTED_DIR = rootPath('fixtures', 'chiseler', 'submissions', 'accepted');
/** The first accepted fixture submission (fixtures come and go; any accepted one will do). */
const ACCEPTED = join(ACCEPTED_DIR, readdirSync(ACCEPTED_DIR).sort()[0], 'chiseler.py');

// For the hidden-test check. Bug: counts only the strategies that start by removing the first word,
// so num_winning_strategies(['cat', 'tack', 'kite']) is 1 instead of 4.
const WRONG_COUNT = `def share_letter(w1, w2):
    return len(set(w1) & set(w2)) > 0


def num_winning_strategies(L):
    if len(L) == 1:
        return 1
    if not share_letter(L[0], L[-1]):
        return 0
    return num_winning_strategies(L[1:])
`;

let work: string;
let zip: Uint8Array;
let entries: string[];
let acceptedScore = -1;

/** Unzips like Gradescope (into <root>/source), preferring the system unzip so file modes are restored. */
function fakeAutograder(name: string): string {
  const root = join(work, name);
  const source = join(root, 'source');
  mkdirSync(source, { recursive: true });
  const zipFile = join(work, 'autograder.zip');
  if (!existsSync(zipFile)) writeFileSync(zipFile, zip);
  if (spawnSync('unzip', ['-v']).status === 0) execFileSync('unzip', ['-q', zipFile, '-d', source]);
  else {
    for (const [p, data] of Object.entries(unzipSync(zip))) {
      mkdirSync(dirname(join(source, p)), { recursive: true });
      writeFileSync(join(source, p), data);
    }
    for (const s of ['setup.sh', 'run_autograder']) chmodSync(join(source, s), 0o755);
  }
  mkdirSync(join(root, 'submission'));
  return root;
}

function runAutograder(root: string, env: Record<string, string> = {}): { results: GradescopeResults; raw: string; stdout: string } {
  const r = spawnSync('bash', [join(root, 'source', 'run_autograder')], {
    env: { ...process.env, GRADEKIT_AUTOGRADER_ROOT: root, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const raw = readFileSync(join(root, 'results', 'results.json'), 'utf8');
  const v = validateGradescopeResults(JSON.parse(raw));
  if (!v.ok) throw new Error(`invalid results.json: ${v.errors.join('; ')}\n${raw}`);
  return { results: v.value, raw, stdout: r.stdout };
}

/** Edits the unpacked spec: Gradescope grades with whatever spec the zip carries. */
function editSpec(root: string, edit: (tests: YAMLSeq) => void): void {
  const file = join(root, 'source', 'gradekit', 'specs', 'chiseler.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8'));
  edit(doc.get('tests') as YAMLSeq);
  writeFileSync(file, doc.toString());
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-export-'));
  ({ zip, entries } = await buildGradescopeZip('chiseler'));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('gradekit export gradescope', () => {
  it('ships the scripts, the settings and only what grading chiseler needs', () => {
    expect(entries.slice(0, 3)).toEqual(['setup.sh', 'run_autograder', 'gradekit-autograder.json']);
    for (const must of ['gradekit/package.json', 'gradekit/specs/chiseler.yaml', 'gradekit/harness/run/python/driver.py', 'gradekit/dist/run-autograder.mjs']) {
      expect(entries).toContain(must);
    }
    // One bundled grader: no sources, no dependencies to install.
    expect(entries.filter((e) => e.includes('node_modules') || e.endsWith('.ts') || e.startsWith('gradekit/bin/') || e.startsWith('gradekit/reference/'))).toEqual([]);
    expect(entries.filter((e) => e.includes('/submissions/'))).toEqual([]);
    expect(entries.filter((e) => /^gradekit\/(specs|fixtures)\//.test(e) && !/^gradekit\/(specs\/chiseler\.yaml|fixtures\/chiseler\/)/.test(e))).toEqual([]);
    expect(entries.filter((e) => e.startsWith('gradekit/test/') || e.startsWith('gradekit/.'))).toEqual([]);
    const config = JSON.parse(new TextDecoder().decode(unzipSync(zip)['gradekit-autograder.json']));
    expect(config).toMatchObject({ assignment: 'chiseler', spec: 'gradekit/specs/chiseler.yaml', hiddenTests: 'hidden', stdoutVisibility: 'hidden' });
  });

  it('setup.sh installs Node 20 and Python (no npm install), and run_autograder honours the root variable', () => {
    const files = unzipSync(zip);
    const setup = new TextDecoder().decode(files['setup.sh']);
    expect(setup).toMatch(/setup_20\.x/);
    expect(setup).toMatch(/apt-get install -y --no-install-recommends .*python3/);
    expect(setup).not.toMatch(/openjdk/); // chiseler is Python
    expect(setup).not.toMatch(/npm (ci|install) /);
    expect(new TextDecoder().decode(files['run_autograder'])).toMatch(/GRADEKIT_AUTOGRADER_ROOT:-\/autograder/);
    expect(spawnSync('bash', ['-n', '-c', setup]).status).toBe(0);
  });

  it("setup.sh's check says what the sandbox guarantees, and warns loudly when nothing keeps student code from the results", () => {
    const root = fakeAutograder('check');
    const check = (env: Record<string, string>) =>
      spawnSync(process.execPath, [join(root, 'source', 'gradekit', 'dist', 'run-autograder.mjs'), '--config', join(root, 'source', 'gradekit-autograder.json'), '--check'], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const support = sandboxSupport();
    const normal = check({});
    expect(normal.status, normal.stderr).toBe(0);
    if (support.bwrap.ok) expect(normal.stdout).toMatch(/^sandbox: bubblewrap \(namespaces, read-only system, private tmpfs home and \/tmp/m);
    // Without bubblewrap: safe for the results only when student code runs as a uid of its own.
    const off = check({ GRADEKIT_SANDBOX: 'off' });
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toMatch(/^sandbox: missing: no bubblewrap \(turned off by configuration\)/m);
    const safe = /^sandbox: no bubblewrap; student code runs as an unprivileged uid of its own/m.test(off.stdout);
    const warned = /^WARNING: gradekit cannot keep student code away from the grading on this image\./m.test(off.stderr);
    expect(safe !== warned, off.stdout + off.stderr).toBe(true);
    if (!support.studentUids.ok) expect(warned).toBe(true);
  });

  it('grades an accepted submission exactly as gradekit check does', async () => {
    const root = fakeAutograder('accepted');
    copyFileSync(ACCEPTED, join(root, 'submission', 'chiseler.py'));
    const { results } = runAutograder(root);
    const report = await gradeSubmission(loadAssignment('chiseler'), ACCEPTED, { runners: languageRunners() });
    expect(results.tests!.length).toBe(report.tests.length);
    expect(results.score).toBe(report.score);
    expect(results.tests!.reduce((s, t) => s + (t.max_score ?? 0), 0)).toBe(report.maxScore);
    expect(results.tests!.map((t) => t.status).sort()).toEqual(report.tests.map((t) => (t.status === 'passed' ? 'passed' : 'failed')).sort());
    expect(results.score).toBeGreaterThan(report.maxScore / 2);
    acceptedScore = results.score!;
  });

  it('scores hidden tests without showing what they check, and passes after_due_date through', () => {
    const root = fakeAutograder('hidden');
    writeFileSync(join(root, 'submission', 'chiseler.py'), WRONG_COUNT);
    // A known set of tests, whatever the live spec holds: a hidden test, its visible twin, an after_due_date one.
    editSpec(root, (tests) => {
      tests.items = [
        doc({ id: 'share-yes', call: "share_letter('cat', 'tack')" }),
        doc({ id: 'count-example', call: "num_winning_strategies(['cat', 'tack', 'kite'])", visibility: 'hidden' }),
        doc({ id: 'count-example-shown', call: "num_winning_strategies(['cat', 'tack', 'kite'])" }),
        doc({ id: 'share-later', call: "share_letter('dog', 'cat')", visibility: 'after_due_date' }),
      ] as YAMLSeq['items'];
    });
    const { results, raw, stdout } = runAutograder(root);
    const hidden = results.tests!.find((t) => t.name?.endsWith('count-example'))!;
    const shown = results.tests!.find((t) => t.name?.endsWith('count-example-shown'))!;
    expect(shown.status).toBe('failed');
    expect(shown.output).toContain("['cat', 'tack', 'kite']");
    expect(hidden).toMatchObject({ status: 'failed', score: 0, visibility: 'hidden', output: HIDDEN_MESSAGE });
    const revealing = shown.output!.split('\n').filter((l) => l.trim().length > 8 && !l.startsWith('Call:'));
    expect(revealing.length).toBeGreaterThan(0);
    // Nothing the visible twin reveals appears for the hidden test: each revealing line occurs once, in the twin's
    // own output (results.json) and in the twin's own block of the instructors' log (stdout).
    const count = (hay: string, needle: string) => hay.split(needle).length - 1;
    for (const line of revealing) {
      expect(JSON.stringify(hidden)).not.toContain(line);
      expect(results.output).not.toContain(line);
      expect(count(JSON.stringify(results), JSON.stringify(line).slice(1, -1))).toBe(1);
      expect(count(stdout, line.trim())).toBeLessThanOrEqual(1);
    }
    expect(stdout).toMatch(new RegExp(`count-example +0/1\\n +${HIDDEN_MESSAGE.replace(/\./g, '\\.')}\\n`));
    expect(results.tests!.find((t) => t.name?.endsWith('share-later'))).toMatchObject({ visibility: 'after_due_date', status: 'passed' });
    // The twins show one defect: charged once (the hidden one, first in order), so 3 of 4.
    expect(results.score).toBe(3);
    expect(results.output).toMatch(/^Score on the tests shown here/m);
  });

  it('still writes a valid results.json with score 0 for a broken submission', () => {
    const root = fakeAutograder('syntax-error');
    // Python 2 throughout: more lines than salvage repairs (one line that does not compile would be set aside;
    // a print statement would be written as a call).
    writeFileSync(join(root, 'submission', 'chiseler.py'), 'exec "a = 1"\nexec "b = 1"\nexec "c = 1"\nexec "d = 1"\nexec "e = 1"\n');
    const { results } = runAutograder(root);
    expect(results.score).toBe(0);
    expect(results.output).toMatch(/SyntaxError/);
    expect(results.tests!.every((t) => t.status === 'failed' && t.score === 0)).toBe(true);
  });

  it('explains an upload without the expected file, and finds the file in a sub-folder', () => {
    const root = fakeAutograder('no-file');
    writeFileSync(join(root, 'submission', 'notes.txt'), 'my answers are in the email\n');
    const { results } = runAutograder(root);
    expect(results).toMatchObject({ score: 0, tests: [] });
    expect(results.output).toMatch(/chiseler\.py/);

    const nested = fakeAutograder('nested');
    mkdirSync(join(nested, 'submission', 'project2'));
    copyFileSync(ACCEPTED, join(nested, 'submission', 'project2', 'chiseler.py'));
    const ok = runAutograder(nested).results;
    expect(ok.score).toBe(acceptedScore);
    expect(ok.output).toMatch(/project2\/chiseler\.py/);
  });

  it('writes a fallback results.json when gradekit itself cannot run', () => {
    const root = fakeAutograder('no-node');
    copyFileSync(ACCEPTED, join(root, 'submission', 'chiseler.py'));
    const { results } = runAutograder(root, { GRADEKIT_NODE: '/bin/false' });
    expect(results).toMatchObject({ score: 0, tests: [] });
    expect(results.output).toMatch(/could not run \(exit status 1\)/);

    const crash = fakeAutograder('bad-spec');
    copyFileSync(ACCEPTED, join(crash, 'submission', 'chiseler.py'));
    editSpec(crash, (tests) => tests.add(doc({ id: 'typo', call: 'num_winning_strategy([])' })));
    const r = runAutograder(crash);
    expect(r.results).toMatchObject({ score: 0, tests: [] });
    expect(r.results.output).toMatch(/tell the course staff/);
    expect(r.stdout).toMatch(/unknown function 'num_winning_strategy'/); // the instructor's log says why
  });
});

function doc(o: Record<string, string>): YAMLSeq['items'][number] {
  return parseDocument(JSON.stringify({ basis: 'the chiseler handout (a test of the export)', ...o })).contents as YAMLSeq['items'][number];
}

describe('esbuild at run time (export in a checkout, course reference modules)', () => {
  const from = (dir: string) => pathToFileURL(join(dir, 'caller.js')).href;

  it('is "missing" only when it is not installed; a broken install keeps its own error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gradekit-esbuild-'));
    try {
      expect(() => loadEsbuild(from(dir))).toThrow(expect.objectContaining({ code: ESBUILD_MISSING }));
      // An installed esbuild that fails to load (e.g. its platform binary is missing): its cause, not "missing".
      mkdirSync(join(dir, 'node_modules', 'esbuild'), { recursive: true });
      writeFileSync(join(dir, 'node_modules', 'esbuild', 'package.json'), '{"name":"esbuild","main":"main.js"}');
      writeFileSync(join(dir, 'node_modules', 'esbuild', 'main.js'), "throw new Error('The package \"@esbuild/linux-x64\" could not be found')");
      let err: (Error & { code?: string }) | undefined;
      try {
        loadEsbuild(from(dir));
      } catch (e) {
        err = e as Error;
      }
      expect(err?.message).toMatch(/@esbuild\/linux-x64" could not be found/);
      expect(err?.code).not.toBe(ESBUILD_MISSING);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is found from this checkout', () => {
    expect(typeof loadEsbuild(pathToFileURL(rootPath('bin', 'gradekit')).href).buildSync).toBe('function');
  });
});
