// gradekit as an installed package: `npm pack` makes a tarball that installs into an empty course
// repository; from there, on Node alone, `npx gradekit check <folder>/assignment.yaml <submission>` gives
// every PS2 example submission its expected verdict (and a CSE 143 Java class its own), nothing is written into node_modules, and the
// README's "Grade your own assignment" runs as written, step by step.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootPath } from '../harness/paths.js';

let work: string;
let tarball: string;

const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** Packs a copy of this checkout (so the bundles built by prepack never race other tests on dist/). */
function pack(): string {
  const src = join(work, 'gradekit-src');
  mkdirSync(src);
  for (const f of ['bin', 'harness', 'reference', 'specs', 'fixtures', 'bench', 'scripts', 'docs', 'package.json', 'README.md']) cpSync(rootPath(f), join(src, f), { recursive: true });
  symlinkSync(rootPath('node_modules'), join(src, 'node_modules'), 'dir');
  const out = join(work, 'pack');
  mkdirSync(out);
  execFileSync('npm', ['pack', '--pack-destination', out], { cwd: src, env: npmEnv, stdio: 'pipe' });
  return join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))!);
}

/** A course folder whose reference is a TypeScript module: gradekit compiles it with esbuild at run time. */
const SHOUT_SPEC = `assignment: shout
title: Shout
language: python
submission: { file: shout.py }
tests:
  - id: shout-hi
    call: shout('hi')
    basis: "the handout: 'shout(s) returns s in capitals, with an exclamation mark'"
`;
const shoutReference = (mark: string) => `import { asStr, py, type ReferenceAdapter } from 'gradekit';

const reference: ReferenceAdapter = { id: 'shout', functions: { shout: ([s]) => py.str(asStr(s).toUpperCase() + '${mark}') } };
export default reference;
`;

/** An empty course repository with the tarball installed. */
function courseRepo(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  execFileSync('npm', ['init', '-y'], { cwd: dir, env: npmEnv, stdio: 'pipe' });
  execFileSync('npm', ['install', '--prefer-offline', tarball], { cwd: dir, env: npmEnv, stdio: 'pipe' });
  return dir;
}

/** Every file of a folder with its size and modification time: what "nothing was written" compares. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = statSync(p);
        out.push(`${relative(dir, p)} ${st.size} ${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** A `check --json` report, as far as these tests read it. */
interface Graded { score: number; maxScore: number; tests: { id: string; status: string; extra?: boolean }[] }

/** The scored tests a report fails, sorted (skipped and extra tests aside). */
const failingIn = (report: Graded) => report.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && !t.extra).map((t) => t.id).sort();

/** The tests an example submission's expect.yaml says it fails, sorted (none without one). */
function expectedFails(dir: string): string[] {
  const file = join(dir, 'expect.yaml');
  const exp = existsSync(file) ? ((parse(readFileSync(file, 'utf8')) as { fails?: string[] } | null) ?? {}) : {};
  return [...(exp.fails ?? [])].sort();
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-package-'));
  // The Java test's TMPDIR is a folder inside this one. Without bubblewrap, a root grader runs student code as a
  // user of its own, who reaches its work folders through their real path: mkdtemp's 0700 would shut it out
  // of every folder below (on a machine without bwrap the solution's JVM could not load gradekit's classes).
  chmodSync(work, 0o711);
  tarball = pack();
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm tarball', () => {
  it('ships the bundles, the driver and the bundled course folders, and no TypeScript sources', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
    for (const must of ['bin/gradekit', 'dist/gradekit.cjs', 'dist/run-autograder.mjs', 'dist/api.mjs', 'dist/types/harness/api.d.ts', 'harness/run/python/driver.py', 'specs/ps3-mit.yaml']) {
      expect(files).toContain(must);
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('fixtures/hostile/'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('test/') || f.startsWith('node_modules/'))).toEqual([]);
  });

  it('installed in a course repository, grades every PS2 example submission as its folder says, writing nothing into node_modules', () => {
    const repo = courseRepo('course');
    cpSync(rootPath('examples', 'mit-ps2-hangman'), join(repo, 'ps2'), { recursive: true });
    const installed = join(repo, 'node_modules', 'gradekit');
    const before = snapshot(installed);
    expect(existsSync(join(installed, 'bin', 'cli.ts'))).toBe(false);
    const subs = join(repo, 'ps2', 'fixtures', 'submissions');
    let graded = 0;
    // The first through npx, as a course's README says; the rest through the link npx runs
    // (node_modules/.bin/gradekit): npx itself costs ~0.4 s of CPU a call.
    const gradekit = (args: string[]) =>
      graded ? spawnSync(join(repo, 'node_modules', '.bin', 'gradekit'), args, { cwd: repo, encoding: 'utf8', env: npmEnv }) : spawnSync('npx', ['gradekit', ...args], { cwd: repo, encoding: 'utf8', env: npmEnv });
    for (const verdict of readdirSync(subs)) {
      for (const name of readdirSync(join(subs, verdict))) {
        const r = gradekit(['check', 'ps2/assignment.yaml', `ps2/fixtures/submissions/${verdict}/${name}`, '--json', '-']);
        const report = JSON.parse(r.stdout) as Graded;
        expect(failingIn(report), `${verdict}/${name}`).toEqual(expectedFails(join(subs, verdict, name)));
        expect(r.status, `${verdict}/${name}: ${r.stderr}`).toBe(verdict === 'accepted' && report.tests.every((t) => t.status !== 'failed' || t.extra) ? 0 : 1);
        if (verdict === 'accepted') expect(report.score, `${verdict}/${name}`).toBe(report.maxScore);
        graded++;
      }
    }
    expect(graded).toBeGreaterThanOrEqual(15);
    const vet = gradekit(['vet', 'ps2/assignment.yaml', 'ps2/fixtures/submissions/accepted']);
    expect(vet.status, vet.stdout + vet.stderr).toBe(0);
    expect(snapshot(installed)).toEqual(before);
  }, 600_000);

  it('installed in a course repository, grades a Java course folder (CSE 143): its staff-style solution gets full marks, a one-bug class fails exactly its rule', () => {
    const repo = courseRepo('course-java');
    cpSync(rootPath('examples', 'uw-cse143-evil-hangman'), join(repo, 'cse143'), { recursive: true });
    const subs = join(repo, 'cse143', 'fixtures', 'submissions');
    // A temporary folder of its own: an installed gradekit leaves no gradekit-* folder there (its caches,
    // the sandbox's compiled filter among them, go to the user's cache folder).
    const tmp = join(work, 'java-tmp');
    mkdirSync(tmp);
    for (const sub of ['accepted/list-constructor-sortedset', 'wrong_answer/no-length-check']) {
      const r = spawnSync(join(repo, 'node_modules', '.bin', 'gradekit'), ['check', 'cse143/assignment.yaml', `cse143/fixtures/submissions/${sub}`, '--json', '-'], { cwd: repo, encoding: 'utf8', env: { ...npmEnv, TMPDIR: tmp } });
      const report = JSON.parse(r.stdout) as Graded;
      expect(failingIn(report), sub).toEqual(expectedFails(join(subs, sub)));
      if (sub.startsWith('accepted/')) expect(report.score, sub).toBe(report.maxScore);
    }
    expect(readdirSync(tmp).filter((n) => n.startsWith('gradekit-')), 'left in the temporary folder').toEqual([]);
  }, 600_000);

  it('exports a Gradescope zip on every run, the second from its code cache, compiling a TypeScript reference with the installed esbuild', () => {
    const repo = courseRepo('export');
    mkdirSync(join(repo, 'shout'));
    writeFileSync(join(repo, 'shout', 'assignment.yaml'), SHOUT_SPEC);
    const env = { ...npmEnv, XDG_CACHE_HOME: join(repo, '.cache') }; // a cache of its own, empty at first
    for (const [pass, mark] of [['first', '!'], ['second, from the code cache', '!!']]) {
      // A changed reference is compiled again: esbuild is needed on the second run as on the first.
      writeFileSync(join(repo, 'shout', 'reference.ts'), shoutReference(mark));
      const r = spawnSync(join(repo, 'node_modules', '.bin', 'gradekit'), ['export', 'gradescope', 'shout/assignment.yaml', '--out', 'shout.zip'], { cwd: repo, encoding: 'utf8', env });
      expect(r.status, `${pass} run: ${r.stderr}`).toBe(0);
      expect(r.stderr, `${pass} run`).toBe('');
      const listing = execFileSync('unzip', ['-p', join(repo, 'shout.zip'), 'course/reference.gradekit.cjs'], { encoding: 'utf8' });
      expect(listing, `${pass} run ships the reference compiled from the current source`).toContain(`"${mark}"`);
    }
    expect(readdirSync(join(repo, '.cache', 'gradekit', 'v8')).filter((f) => f.endsWith('.export.bin'))).toHaveLength(1);
  }, 300_000);
});

describe("README: Grade your own assignment, as written", () => {
  /** The section's numbered steps: shell blocks to run and YAML blocks to put in place of a line the text names. */
  function steps(): ({ kind: 'sh'; lines: string[] } | { kind: 'edit'; file: string; line: string; text: string })[] {
    const readme = readFileSync(rootPath('README.md'), 'utf8');
    const start = readme.indexOf('## Grade your own assignment');
    const section = readme.slice(start, readme.indexOf('\nWhat you write by hand', start));
    const out: ReturnType<typeof steps> = [];
    const block = /```(sh|yaml)\n([\s\S]*?)```/g;
    let last = 0;
    for (const m of section.matchAll(block)) {
      const before = section.slice(last, m.index);
      last = m.index! + m[0].length;
      if (m[1] === 'sh') out.push({ kind: 'sh', lines: m[2]!.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l && !l.startsWith('#')) });
      else {
        const e = /in `([^`]+)` replace the line\s+`([^`]+)`/.exec(before.replace(/\n/g, ' '));
        if (!e) throw new Error(`README: a YAML block without "in \`file\` replace the line \`…\`" before it`);
        out.push({ kind: 'edit', file: e[1]!, line: e[2]!, text: m[2]!.replace(/\n$/, '') });
      }
    }
    return out;
  }

  it('runs step by step in a new course repository with the instructor\'s solution', () => {
    const repo = join(work, 'readme');
    mkdirSync(repo);
    cpSync(rootPath('examples', 'mit-ps2-hangman', 'solution.py'), join(repo, 'solution.py'));
    cpSync(rootPath('examples', 'mit-ps2-hangman', 'fixtures', 'words.txt'), join(repo, 'words.txt'));
    const timings: string[] = [];
    const list = steps();
    expect(list.filter((s) => s.kind === 'sh').length).toBeGreaterThanOrEqual(5);
    for (const s of list) {
      if (s.kind === 'edit') {
        const file = join(repo, s.file);
        const text = readFileSync(file, 'utf8');
        const lines = text.split('\n');
        const at = lines.findIndex((l) => l.trim() === s.line);
        expect(at, `${s.file} has the line ${s.line}`).toBeGreaterThanOrEqual(0);
        lines[at] = s.text;
        writeFileSync(file, lines.join('\n'));
        timings.push(`edit ${s.file}`);
        continue;
      }
      for (const line of s.lines) {
        const t0 = performance.now();
        const r = spawnSync('bash', ['-c', line], { cwd: repo, encoding: 'utf8', env: { ...npmEnv, GRADEKIT_TGZ: tarball } });
        expect(r.status, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
        timings.push(`${((performance.now() - t0) / 1000).toFixed(1)} s  ${line}`);
      }
    }
    // What the steps made: golden files from the solution, a zip without it, the CI workflow.
    expect(readdirSync(join(repo, 'ps2', 'fixtures', 'golden')).length).toBeGreaterThanOrEqual(10);
    expect(existsSync(join(repo, 'ps2-autograder.zip'))).toBe(true);
    expect(execFileSync('unzip', ['-l', join(repo, 'ps2-autograder.zip')], { encoding: 'utf8' })).not.toMatch(/solution\.py|submissions\//);
    expect(existsSync(join(repo, 'ps2', '.github', 'workflows', 'gradekit.yml'))).toBe(true);
    console.log(`README path:\n${timings.join('\n')}`);
  }, 600_000);
});
