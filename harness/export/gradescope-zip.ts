// `gradekit export gradescope`: a Gradescope autograder zip holding setup.sh, run_autograder, the settings,
// the grader as one bundled file (gradekit/dist/run-autograder.mjs, its dependencies inside: Gradescope needs
// nothing but Node and Python) and the assignment's folder without its example submissions:
//   - a bundled assignment goes where the grader knows it: gradekit/specs/<id>.yaml and gradekit/fixtures/<id>/;
//   - a course folder goes under course/: its spec, fixtures, golden files and runner scripts. A reference
//     module ships compiled (course/reference.gradekit.cjs, the spec's reference line pointing at it); an
//     instructor's solution never ships: its golden files are what students are graded against.
// It works the same from a checkout and from an installed package (whose dist/ ships the grader built).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { zipSync, strToU8, type Zippable } from 'fflate';
import { parseDocument } from 'yaml';
import '../../reference/register.js'; // the spec is validated against its reference before shipping
import { goldenGaps } from '../golden.js';
import { bundledIdOf, loadAssignment, programScripts, resolveSpecPath, type Assignment } from '../assignment/load.js';
import { compileModule } from '../assignment/module-loader.js';
import type { Visibility } from '../model/report.js';
import { isInstalledPackage, rootPath } from '../paths.js';
import { UsageError } from '../util/errors.js';
import { gradekitVersion } from '../paths.js';
// Imported, not import()ed: the command line runs from a V8 code cache, where import() fails (scripts/build.mjs).
import { build, ESBUILD_MISSING } from '../../scripts/build.mjs';
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
/** Where a course folder goes in the zip. */
export const COURSE_DIR = 'course';
/** The compiled reference module of a course folder, beside its spec. */
export const COMPILED_REFERENCE = 'reference.gradekit.cjs';

/** Every file below dir, as paths relative to it, skipping dot-files, caches and the paths named in skip. */
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

const slash = (p: string) => p.split(sep).join('/');

/** The assignment's folder as shipped: everything but example submissions, the solution and what the
 *  grader does not read (a TypeScript reference, which ships compiled). */
function assignmentFiles(a: Assignment): string[] {
  const folder = a.specDir;
  const fixtures = slash(relative(folder, a.fixturesDir));
  const solution = a.reference.kind === 'solution' ? slash(relative(folder, a.reference.file)) : undefined;
  const needed = new Set([slash(relative(folder, a.spec.file)), ...programScripts(a).map((p) => slash(relative(folder, p)))]);
  const skip = (r: string) =>
    r === solution ||
    r === 'node_modules' ||
    r === `${fixtures}/submissions` ||
    (fixtures === '.' && r === 'submissions') ||
    /\.(ts|mts|cts|js|mjs|cjs)$/.test(r) ||
    (r.endsWith('.py') && !needed.has(r));
  return filesUnder(folder, skip).filter((r) => !r.startsWith('..'));
}

/** A bundled assignment as shipped, relative to gradekit's root: its spec, its fixtures but the example
 *  submissions, and its runner scripts (its reference is compiled into the grader). */
function bundledFiles(a: Assignment, root: string): string[] {
  const fixtures = slash(relative(root, a.fixturesDir));
  const own = filesUnder(a.fixturesDir, (r) => r === 'submissions').map((r) => `${fixtures}/${r}`);
  return [...new Set([slash(relative(root, a.spec.file)), ...own, ...programScripts(a).map((p) => slash(relative(root, p)))])];
}

/** The spec's text with its `reference:` value replaced, every other line as it was (positions in errors stay right). */
function withReference(specText: string, value: string): string {
  const doc = parseDocument(specText, { keepSourceTokens: true });
  const node = doc.get('reference', true) as { range?: [number, number, number] } | undefined;
  // A course folder may leave the line out (its reference.ts is the default): add it at the end, where it moves no line.
  if (!node?.range) return `${specText}${specText.endsWith('\n') ? '' : '\n'}reference: ${JSON.stringify(value)}\n`;
  return specText.slice(0, node.range[0]) + JSON.stringify(value) + specText.slice(node.range[1]);
}

/** The files of the zip, in order. Loading the assignment first means a broken spec fails here, not on Gradescope. */
export async function gradescopeEntries(assignment: string, opts: GradescopeExportOptions = {}): Promise<ExportEntry[]> {
  const specPath = resolveSpecPath(assignment);
  const a = loadAssignment(specPath, { words: opts.words, starter: opts.starter });
  const entries: ExportEntry[] = [];
  const add = (abs: string, zipPath: string, executable = false) => entries.push({ path: zipPath, data: new Uint8Array(readFileSync(abs)), executable });
  const root = rootPath();

  entries.push({ path: `${VENDOR_DIR}/package.json`, data: strToU8(JSON.stringify({ name: 'gradekit', version: gradekitVersion(), type: 'module', private: true }, null, 2) + '\n') });
  for (const f of ['driver.py', 'gradekit_driver.py', 'gradekit_salvage.py', 'gradekit_step_over.py']) add(rootPath('harness', 'run', 'python', f), `${VENDOR_DIR}/harness/run/python/${f}`);
  // The Java helpers are compiled on the grading machine: the warm javac, and the virtual clock of games.
  if (a.spec.data.language === 'java') for (const f of ['JavacServer.java', 'VirtualClock.java', 'GradekitCalls.java']) add(rootPath('harness', 'run', 'java', f), `${VENDOR_DIR}/harness/run/java/${f}`);
  entries.push({ path: `${VENDOR_DIR}/${ENTRY_BUNDLE}`, data: await graderBundle() });

  // The assignment's own files: a bundled one where gradekit keeps them, a course folder under course/.
  const bundled = bundledIdOf(a.spec.file) !== undefined;
  const base = bundled ? VENDOR_DIR : COURSE_DIR;
  const home = bundled ? root : a.specDir;
  const specRel = slash(relative(home, a.spec.file));
  // A solution never ships: a spec that found it by default names it, so the grader knows to use its golden files.
  const solutionFile = a.reference.kind === 'solution' && a.spec.data.reference === undefined ? a.reference.file : undefined;
  const namesSolution = solutionFile !== undefined;
  for (const f of bundled ? bundledFiles(a, root) : assignmentFiles(a)) {
    if (f === specRel && ((a.reference.kind === 'module' && !bundled) || namesSolution)) continue;
    add(join(home, f), `${base}/${f}`);
  }
  if (namesSolution) {
    const text = readFileSync(a.spec.file, 'utf8');
    entries.push({ path: `${base}/${specRel}`, data: strToU8(`${text}${text.endsWith('\n') ? '' : '\n'}reference: { solution: ${JSON.stringify(slash(relative(a.specDir, solutionFile!)))} }\n`) });
  }
  if (a.reference.kind === 'module' && !bundled) {
    const compiled = compileModule(a.reference.file);
    entries.push({ path: `${base}/${COMPILED_REFERENCE}`, data: new Uint8Array(readFileSync(compiled)) });
    entries.push({ path: `${base}/${specRel}`, data: strToU8(withReference(readFileSync(a.spec.file, 'utf8'), `./${COMPILED_REFERENCE}`)) });
  }
  if (a.reference.kind === 'solution' && !a.customWords) {
    const missing = a.spec.data.tests.filter((t) => ('call' in t || 'steps' in t || 'run' in t) && !existsSync(join(a.fixturesDir, 'golden', `${t.id}.json`))).map((t) => t.id);
    // A golden file made for another version of its test would be a grader error in every student's report.
    const stale = goldenGaps(a, a.spec.data.tests).stale;
    if (missing.length || stale.length) {
      const what = [missing.length ? `no golden file for ${missing.join(', ')}` : '', stale.length ? `golden files made for another version of ${stale.join(', ')}` : ''].filter(Boolean).join('; ');
      throw new UsageError(`${what}: the solution does not ship, so run \`gradekit golden ${relative(process.cwd(), specPath)} --update\` first`);
    }
  }
  if (a.reference.kind === 'solution' && opts.words) {
    throw new UsageError('--words: the expected values for another word list come from running the solution, which never ships; grade with the bundled list, or make golden files for the course list (put it in the spec as words:)');
  }

  // The course's own files, outside the assignment folder.
  const config: AutograderConfigInput = {
    assignment: a.id,
    spec: `${base}/${specRel}`,
    hiddenTests: opts.hiddenTests ?? 'hidden',
    stdoutVisibility: opts.stdoutVisibility ?? 'hidden',
    timeLimitSeconds: opts.timeLimitSeconds ?? 540,
    gradekit: gradekitVersion(),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  };
  if (opts.words) {
    config.words = `course-files/${basename(opts.words)}`;
    add(resolve(opts.words), config.words);
  }
  if (opts.starter) {
    config.starter = 'course-files/starter';
    for (const f of filesUnder(resolve(opts.starter))) add(join(resolve(opts.starter), f), `course-files/starter/${f}`);
  }
  const checked = autograderConfig.parse(config);
  // What student code reads without bubblewrap besides the driver: the runner scripts and the starter folder the sandbox shows it.
  const studentReadable = [...programScripts(a).map((p) => `${base}/${slash(relative(home, p))}`), ...(config.starter ? [config.starter] : [])];
  const scripts = { assignment: a.id, language: a.spec.data.language, timeLimitSeconds: checked.timeLimitSeconds, studentReadable };
  entries.unshift(
    { path: 'setup.sh', data: strToU8(setupSh(scripts)), executable: true },
    { path: 'run_autograder', data: strToU8(runAutograderSh(scripts)), executable: true },
    { path: CONFIG_FILE, data: strToU8(JSON.stringify(checked, null, 2) + '\n') },
  );
  return entries;
}

/** The grader as one ES module with its dependencies: shipped ready in an installed package, built from the sources in a checkout. */
async function graderBundle(): Promise<Uint8Array> {
  const file = rootPath(ENTRY_BUNDLE);
  if (!isInstalledPackage()) {
    try {
      await build(rootPath(), ['autograder']);
    } catch (e) {
      // Only a missing esbuild is the user's to fix with npm install; any other failure keeps its cause.
      if ((e as { code?: string }).code === ESBUILD_MISSING) throw new UsageError('esbuild is missing: run `npm install` in the gradekit folder first');
      throw e;
    }
  }
  if (!existsSync(file)) throw new UsageError(`${file} is missing: reinstall gradekit from its tarball`);
  return new Uint8Array(readFileSync(file));
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

