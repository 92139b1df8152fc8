// `gradekit export gradescope`: a Gradescope autograder zip holding setup.sh, run_autograder, the settings and a
// vendored copy of gradekit with only what grading this one assignment needs at run time. Never node_modules
// (setup.sh runs npm ci), never student submissions, never another assignment's spec, fixtures or golden files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { zipSync, strToU8, type Zippable } from 'fflate';
import '../../reference/register.js'; // the spec is validated against its reference before shipping
import { loadAssignment, resolveSpecPath } from '../assignment/load.js';
import type { Visibility } from '../model/report.js';
import { rootPath } from '../paths.js';
import { UsageError } from '../util/errors.js';
import { gradekitVersion } from '../paths.js';
import { autograderConfig, CONFIG_FILE, type AutograderConfigInput } from './autograder-config.js';
import { runAutograderSh, setupSh } from './gradescope-scripts.js';

export interface GradescopeExportOptions {
  /** The course's own word list, shipped in the zip and used instead of the bundled one. */
  words?: string;
  /** The course's starter folder (e.g. its runner.py), shipped in the zip. */
  starter?: string;
  hiddenTests?: 'hidden' | 'score-only';
  stdoutVisibility?: Visibility;
  seed?: number | string;
  timeLimitSeconds?: number;
}

export interface ExportEntry {
  /** Path inside the zip, with forward slashes. */
  path: string;
  data: Uint8Array;
  executable?: boolean;
}

/** The vendored gradekit goes under this folder of the zip (so /autograder/source/gradekit on Gradescope). */
export const VENDOR_DIR = 'gradekit';
/** The bundled grader inside the vendored gradekit. */
export const ENTRY_BUNDLE = 'dist/run-autograder.mjs';

const CODE_DIRS = ['bin', 'harness', 'reference'];

/** Every file below dir, as paths relative to it, skipping dot-files, caches and the folders named in skip. */
function filesUnder(dir: string, skip: (rel: string) => boolean = () => false, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, rel)).sort()) {
    if (name.startsWith('.') || name === '__pycache__' || name === 'node_modules') continue;
    const r = rel ? `${rel}/${name}` : name;
    if (skip(r)) continue;
    const st = statSync(join(dir, r));
    if (st.isDirectory()) out.push(...filesUnder(dir, skip, r));
    else if (st.isFile()) out.push(r);
  }
  return out;
}

function projectRelative(p: string, what: string): string {
  const rel = relative(rootPath(), p);
  if (rel.startsWith('..') || rel === '' || resolve(rootPath(), rel) !== resolve(p)) {
    throw new UsageError(`${what} ${p} is outside the gradekit project: only assignments whose spec and fixtures live in this project can be exported`);
  }
  return rel.split(sep).join('/');
}

/** The files of the zip, in order. Loading the assignment first means a broken spec fails here, not on Gradescope. */
export async function gradescopeEntries(assignment: string, opts: GradescopeExportOptions = {}): Promise<ExportEntry[]> {
  const specPath = resolveSpecPath(assignment);
  const specRel = projectRelative(specPath, 'the spec');
  if (!specRel.startsWith('specs/')) throw new UsageError(`the spec ${specPath} is not in the project's specs/ folder: copy it there to export it`);
  const a = loadAssignment(assignment, { words: opts.words, starter: opts.starter });
  const entries: ExportEntry[] = [];
  const root = rootPath();
  const add = (abs: string, zipPath: string, executable = false) => entries.push({ path: zipPath, data: new Uint8Array(readFileSync(abs)), executable });
  const vendor = (rel: string, executable = false) => add(join(root, rel), `${VENDOR_DIR}/${rel}`, executable);

  vendor('package.json');
  vendor('package-lock.json');
  for (const d of CODE_DIRS) for (const f of filesUnder(join(root, d))) vendor(`${d}/${f}`, d === 'bin' && f === 'gradekit');
  vendor(specRel);

  // This assignment's fixtures (word list, golden transcripts) without the example submissions.
  const noSubmissions = (r: string) => r === 'submissions' || r.endsWith('/submissions');
  const fixturesRel = projectRelative(a.fixturesDir, 'the fixtures folder');
  const shipped = new Set<string>();
  const shipFolder = (rel: string) => {
    if (shipped.has(rel)) return;
    shipped.add(rel);
    for (const f of filesUnder(join(root, rel), noSubmissions)) vendor(`${rel}/${f}`);
  };
  if (existsSync(a.fixturesDir)) shipFolder(fixturesRel);
  // A word list shared between assignments (fixtures/ps3/words.txt for ps3-mit and ps3-ocw): its folder too.
  if (a.wordsFile && !opts.words) {
    const wordsRel = projectRelative(a.wordsFile, 'the word list');
    const folder = wordsRel.slice(0, wordsRel.lastIndexOf('/'));
    if (!wordsRel.startsWith(`${fixturesRel}/`)) {
      if (!folder.startsWith('fixtures/')) throw new UsageError(`the word list ${a.wordsFile} is not under fixtures/: move it there to export it`);
      shipFolder(folder);
    }
  }

  // The course's own files, outside the vendored copy.
  const config: AutograderConfigInput = {
    assignment: a.id,
    hiddenTests: opts.hiddenTests ?? 'hidden',
    stdoutVisibility: opts.stdoutVisibility ?? 'hidden',
    timeLimitSeconds: opts.timeLimitSeconds ?? 540,
    gradekit: gradekitVersion(),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  };
  if (opts.words) {
    config.words = `course/${basename(opts.words)}`;
    add(resolve(opts.words), config.words);
  }
  if (opts.starter) {
    config.starter = 'course/starter';
    for (const f of filesUnder(resolve(opts.starter))) add(join(resolve(opts.starter), f), `course/starter/${f}`);
  }
  const checked = autograderConfig.parse(config);

  entries.push({ path: `${VENDOR_DIR}/${ENTRY_BUNDLE}`, data: await bundleEntry() });
  const scripts = { assignment: a.id, language: a.spec.data.language, timeLimitSeconds: checked.timeLimitSeconds };
  entries.unshift(
    { path: 'setup.sh', data: strToU8(setupSh(scripts)), executable: true },
    { path: 'run_autograder', data: strToU8(runAutograderSh(scripts)), executable: true },
    { path: CONFIG_FILE, data: strToU8(JSON.stringify(checked, null, 2) + '\n') },
  );
  return entries;
}

/** The grader as one ES module (dependencies stay external: npm ci installs them), built from this checkout. */
async function bundleEntry(): Promise<Uint8Array> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new UsageError('esbuild is missing: run `npm install` in the gradekit folder first');
  }
  const r = await esbuild.build({
    entryPoints: [rootPath('harness', 'export', 'autograder-entry.ts')],
    write: false,
    outfile: rootPath(VENDOR_DIR, ENTRY_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    define: { 'process.env.GRADEKIT_BUNDLED': '"1"' },
  });
  return r.outputFiles[0].contents;
}

/** The zip itself. Scripts get mode 755 so unzip restores them executable. */
export function zipEntries(entries: ExportEntry[]): Uint8Array {
  const files: Zippable = {};
  for (const e of entries) files[e.path] = [e.data, { os: 3, attrs: ((e.executable ? 0o100755 : 0o100644) << 16) >>> 0 }];
  return zipSync(files, { level: 9 });
}

export async function buildGradescopeZip(assignment: string, opts: GradescopeExportOptions = {}): Promise<{ zip: Uint8Array; entries: string[] }> {
  const entries = await gradescopeEntries(assignment, opts);
  return { zip: zipEntries(entries), entries: entries.map((e) => e.path) };
}
