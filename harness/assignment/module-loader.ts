// A course's reference module (`reference: ./reference.ts` in its assignment.yaml), loaded at run time.
// TypeScript and ES modules are compiled by esbuild into one CommonJS file in gradekit's cache folder
// (never into node_modules, never into the course folder), then required, so loading stays synchronous.
// A compiled file is reused while every source file it was built from has the same content. A `.cjs`
// module is required as it is (what `gradekit export gradescope` ships: no compiler on the grading
// machine). `import … from 'gradekit'` in a course module means the running gradekit's own API.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import type { ReferenceAdapter } from '../model/reference.js';
import { builtinModules } from '../../reference/index.js';
import { cacheDir, gradekitVersion, rootPath } from '../paths.js';
import { ESBUILD_MISSING, loadEsbuild } from '../../scripts/build.mjs';

const require = createRequire(import.meta.url);

export class ModuleLoadError extends Error {
  constructor(message: string, readonly hint?: string) {
    super(message);
  }
}

/** The module `import … from 'gradekit'` stands for: the API source in a checkout, the shipped bundle when installed. */
export function apiEntry(): string {
  const source = rootPath('harness', 'api.ts');
  return existsSync(source) ? source : rootPath('dist', 'api.mjs');
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

interface Built {
  /** Source file (absolute) -> sha256 of its content when the module was compiled. */
  inputs: Record<string, string>;
  version: string;
}

function upToDate(meta: string): boolean {
  try {
    const m = JSON.parse(readFileSync(meta, 'utf8')) as Built;
    if (m.version !== gradekitVersion()) return false;
    return Object.entries(m.inputs).every(([f, h]) => existsSync(f) && sha(readFileSync(f)) === h);
  } catch {
    return false;
  }
}

/** Compiles a TypeScript or JavaScript module (and what it imports) into one CommonJS file; returns its path. */
export function compileModule(file: string, outFile?: string): string {
  const key = sha(`${file}\0${apiEntry()}`).slice(0, 20);
  const dir = join(cacheDir(), 'references');
  const out = outFile ?? join(dir, `${key}.cjs`);
  const meta = `${out}.json`;
  if (!outFile && existsSync(out) && upToDate(meta)) return out;
  let esbuild: typeof import('esbuild');
  try {
    esbuild = loadEsbuild(import.meta.url);
  } catch (e) {
    if ((e as { code?: string }).code !== ESBUILD_MISSING) throw e; // a broken install says what broke
    throw new ModuleLoadError(`cannot compile ${file}: esbuild is not installed`, 'run `npm install` in the course folder (esbuild comes with gradekit), or ship a compiled .cjs module');
  }
  let r;
  try {
    r = esbuild.buildSync({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      metafile: true,
      sourcemap: 'inline',
      logLevel: 'silent',
      alias: { gradekit: apiEntry() },
      absWorkingDir: process.cwd(),
    });
  } catch (e) {
    const errors = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors ?? [];
    const first = errors[0];
    const at = first?.location ? resolve(process.cwd(), first.location.file) : '';
    const shown = relative(process.cwd(), at).startsWith('..') ? at : relative(process.cwd(), at);
    const where = first?.location ? `${shown}:${first.location.line}:${first.location.column + 1}: ` : '';
    throw new ModuleLoadError(`cannot compile ${file}: ${where}${first?.text ?? (e as Error).message}`, errors.length > 1 ? `${errors.length - 1} more error(s)` : undefined);
  }
  const inputs: Record<string, string> = {};
  for (const rel of Object.keys(r.metafile!.inputs)) {
    const abs = resolve(process.cwd(), rel);
    if (existsSync(abs)) inputs[abs] = sha(readFileSync(abs));
  }
  mkdirSync(outFile ? join(out, '..') : dir, { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, r.outputFiles![0]!.contents);
  renameSync(tmp, out);
  if (!outFile) writeFileSync(meta, JSON.stringify({ inputs, version: gradekitVersion() } satisfies Built));
  return out;
}

/** The adapter a reference module exports: its default export, or an export named `reference`. */
export function loadReferenceModule(file: string): ReferenceAdapter {
  // The bundled assignments' modules are compiled into gradekit itself (GRADEKIT_COMPILE_REFERENCES=1 compiles them like any other).
  const builtin = builtinModules[relative(rootPath(), file).split(sep).join('/')];
  if (builtin && !process.env.GRADEKIT_COMPILE_REFERENCES) return builtin;
  if (!existsSync(file)) throw new ModuleLoadError(`reference module not found: ${file}`, 'the path is relative to the assignment.yaml');
  const compiled = file.endsWith('.cjs') ? file : compileModule(file);
  let mod: Record<string, unknown>;
  try {
    delete require.cache[compiled];
    mod = require(compiled);
  } catch (e) {
    throw new ModuleLoadError(`loading ${file} failed: ${(e as Error).message}`, 'run the module on its own to see the error');
  }
  const adapter = (mod.default ?? mod.reference) as ReferenceAdapter | undefined;
  if (!adapter || typeof adapter !== 'object' || typeof adapter.functions !== 'object' || adapter.functions === null) {
    throw new ModuleLoadError(
      `${file} does not export a reference adapter`,
      "export default { id: 'my-assignment', functions: { ... } } (see ReferenceAdapter in gradekit's API)",
    );
  }
  return { ...adapter, id: adapter.id ?? relative(process.cwd(), file) };
}
