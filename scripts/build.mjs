#!/usr/bin/env node
// Builds gradekit's bundles with esbuild, from the TypeScript sources of a checkout:
//   dist/gradekit.cjs         the command line (bin/gradekit runs it, with a V8 code cache: CommonJS, because
//                             only a vm.Script can use one on Node 20)
//   dist/run-autograder.mjs   the grader `gradekit export gradescope` ships (no node_modules needed)
//   dist/api.mjs              what a course's reference module imports as 'gradekit'
//   dist/types/               the API's type declarations (with `--types`)
// `npm pack` runs it (prepack), so the tarball ships ready bundles and an installed gradekit never builds
// or writes anything into its own folder. In a checkout, bin/gradekit rebuilds the CLI when sources change.
// Run: node scripts/build.mjs [cli] [autograder] [api] [--types]   (default: all three, with types)
// `gradekit export gradescope` imports this file too (it rebuilds the grader it ships), so it is bundled into
// dist/gradekit.cjs: it loads esbuild with require(), never import(), and runs its command line only as itself.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The error code of loadEsbuild when esbuild is not installed (and only then). */
export const ESBUILD_MISSING = 'GRADEKIT_ESBUILD_MISSING';

/** esbuild, as the file at URL `from` finds it. Throws an error with code ESBUILD_MISSING when the package is
 *  not installed; any other failure (a broken install, a missing platform binary) keeps its own error. */
export function loadEsbuild(from = import.meta.url) {
  const req = createRequire(from);
  try {
    req.resolve('esbuild');
  } catch (e) {
    if (e?.code !== 'MODULE_NOT_FOUND') throw e;
    throw Object.assign(new Error(`esbuild is not installed where ${fileURLToPath(from)} looks for it`), { code: ESBUILD_MISSING, cause: e });
  }
  return req('esbuild');
}

// Bundled CommonJS packages call require() for Node built-ins: an ES module bundle makes one. A CommonJS
// bundle has require, and its import.meta.url (paths.ts finds the project with it) comes from __filename.
const BANNER = {
  // dist/api.mjs is also bundled, as a course's `import … from 'gradekit'`, into the CommonJS file its reference
  // module is compiled to (harness/assignment/module-loader.ts), where import.meta is empty: there, __filename.
  esm: "import { createRequire as __gkRequire } from 'node:module'; const require = __gkRequire(import.meta.url || __filename);",
  cjs: "const __gkImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
};

// The CLI's `inputs` lists the source files it was built from (relative to the root, dependencies left out:
// npm install stamps those), so that bin/gradekit knows the bundle is stale from a stat of each.
const TARGETS = {
  cli: { entry: 'bin/cli.ts', out: 'dist/gradekit.cjs', sourcemap: 'linked', format: 'cjs', inputs: 'dist/gradekit.inputs.json' },
  autograder: { entry: 'harness/export/autograder-entry.ts', out: 'dist/run-autograder.mjs', sourcemap: false },
  api: { entry: 'harness/api.ts', out: 'dist/api.mjs', sourcemap: false },
};

/** Builds the named bundles of the checkout at `root`. */
export async function build(root = join(here, '..'), which = Object.keys(TARGETS)) {
  const esbuild = loadEsbuild();
  for (const name of which) {
    const t = TARGETS[name];
    if (!t) throw new Error(`unknown bundle '${name}' (known: ${Object.keys(TARGETS).join(', ')})`);
    mkdirSync(dirname(join(root, t.out)), { recursive: true });
    const r = await esbuild.build({
      absWorkingDir: root,
      metafile: Boolean(t.inputs),
      entryPoints: [join(root, t.entry)],
      outfile: join(root, t.out),
      bundle: true,
      platform: 'node',
      format: t.format ?? 'esm',
      target: 'node20',
      // esbuild compiles course reference modules at run time (and is never needed on Gradescope, where
      // they ship compiled); playwright-core drives a browser in tests only.
      external: ['esbuild', 'playwright-core'],
      // The CLI runs from a V8 code cache (bin/gradekit), and on Node 20 a script read from a code cache has
      // lost its import() callback: every import() there fails. So the CLI bundle has none: esbuild turns
      // each into a require(), which a CommonJS bundle always has.
      ...(t.format === 'cjs' ? { supported: { 'dynamic-import': false } } : {}),
      banner: { js: BANNER[t.format ?? 'esm'] },
      sourcemap: t.sourcemap,
      logLevel: 'error',
      define: { 'process.env.GRADEKIT_BUNDLED': '"1"', ...(t.format === 'cjs' ? { 'import.meta.url': '__gkImportMetaUrl' } : {}) },
      // Written below, each file whole: a gradekit starting meanwhile reads the old bundle or the new one.
      write: false,
    });
    for (const f of r.outputFiles) writeWhole(f.path, f.contents);
    if (t.inputs) writeWhole(join(root, t.inputs), JSON.stringify(Object.keys(r.metafile.inputs).filter((f) => !f.startsWith('node_modules/')).sort()) + '\n');
  }
}

/** Writes through a temporary file and a rename, so that no reader ever sees half a file. */
function writeWhole(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** The API's .d.ts files, for course authors' editors (dist/types/harness/api.d.ts). */
export function buildTypes(root = join(here, '..')) {
  rmSync(join(root, 'dist', 'types'), { recursive: true, force: true });
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '--declaration', '--emitDeclarationOnly', '--outDir', join(root, 'dist', 'types'),
    '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'Bundler', '--skipLibCheck', '--types', 'node', '--strict',
    join(root, 'harness', 'api.ts')], { stdio: 'inherit' });
}

/** True when this file is the script node runs (not when it is bundled into gradekit's command line). */
function isMain() {
  const self = fileURLToPath(import.meta.url);
  if (basename(self) !== 'build.mjs' || !process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(self);
  } catch (e) {
    if (e?.code === 'ENOENT' || e?.code === 'ENOTDIR') return false; // argv[1] names no file: not this script
    throw e;
  }
}

// No top-level await: the command line's bundle, which holds this file, is CommonJS.
if (isMain()) {
  const args = process.argv.slice(2);
  const which = args.filter((a) => !a.startsWith('--'));
  build(join(here, '..'), which.length ? which : undefined)
    .then(() => {
      if (args.includes('--types') || !which.length) buildTypes();
    })
    .catch((e) => {
      if (e?.code === ESBUILD_MISSING) console.error('build: esbuild is missing: run `npm install` first');
      else if (!Array.isArray(e?.errors)) console.error(e); // esbuild has already printed its own errors
      process.exitCode = 1;
    });
}
