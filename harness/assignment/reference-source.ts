// What a spec's `reference:` names, and the adapter the harness talks to:
//   reference: wordgame                  a reference bundled with gradekit, by id
//   reference: ./reference.ts            a TypeScript or JavaScript module of the course folder
//   reference: { solution: solution.py } the instructor's own solution, in the students' language
// A solution has no TypeScript functions: its expected values and transcripts come from running it in
// the sandboxed driver (gradekit golden --update keeps them as golden files), so its adapter only names
// the functions the tests call.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import type { RefFunction, ReferenceAdapter } from '../model/reference.js';
import type { LoadedSpec } from '../spec/load.js';
import { SpecError, SpecErrors } from '../spec/load.js';
import { parseStep } from '../spec/pyexpr.js';
import { referenceAdapters } from '../../reference/index.js';
import { closest } from '../util/closest.js';
import { nearPath, shownPath } from '../util/suggest.js';
import { loadReferenceModule, ModuleLoadError } from './module-loader.js';

export type ReferenceSource =
  | { kind: 'builtin'; id: string }
  | { kind: 'module'; file: string }
  /** present: false when the solution is not here (an export, a student's copy): golden files only. */
  | { kind: 'solution'; file: string; present: boolean };

const MODULE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** What a course folder's spec without a `reference:` line uses, in this order. */
export const DEFAULT_REFERENCES = ['reference.ts', 'reference.mts', 'reference.js', 'reference.mjs', 'reference.cjs', 'solution.py'] as const;

export function referenceSource(spec: LoadedSpec): ReferenceSource {
  const dir = dirname(spec.file);
  const r = spec.data.reference ?? defaultReference(spec, dir);
  if (typeof r === 'object') {
    const file = resolve(dir, r.solution);
    if (spec.data.language === 'java') {
      // A Java solution: one .java file, or a folder of the solution's classes.
      if (!r.solution.endsWith('.java') && !r.solution.endsWith('/') && existsSync(file) && !statSync(file).isDirectory()) {
        throw new SpecErrors([spec.error(['reference', 'solution'], `a Java solution is a .java file or a folder of them, got '${r.solution}'`, 'e.g. solution: solution/ (a folder of the solution\'s .java files)')]);
      }
      return { kind: 'solution', file, present: existsSync(file) };
    }
    if (!r.solution.endsWith('.py')) throw new SpecErrors([spec.error(['reference', 'solution'], `the solution must be a Python file (.py), got '${r.solution}'`, 'name the instructor\'s solution, e.g. solution: solution.py')]);
    return { kind: 'solution', file, present: existsSync(file) };
  }
  if (MODULE.test(r) || r.startsWith('.') || r.includes('/')) return { kind: 'module', file: resolve(dir, r) };
  return { kind: 'builtin', id: r };
}

/** The reference a course folder holds beside its spec, when the spec names none. A copy of the folder
 *  without the solution (a student's, an export) still has the solution's golden files: it is graded from them. */
function defaultReference(spec: LoadedSpec, dir: string): string | { solution: string } {
  // A Java course folder keeps its solution's classes in solution/ (golden files stand for it in a copy without it).
  if (spec.data.language === 'java') return { solution: 'solution' };
  const found = DEFAULT_REFERENCES.find((f) => existsSync(resolve(dir, f)));
  if (found) return found.endsWith('.py') ? { solution: found } : `./${found}`;
  const golden = resolve(dir, spec.data.fixtures, 'golden');
  if (existsSync(golden) && readdirSync(golden).some((f) => f.endsWith('.json'))) return { solution: 'solution.py' };
  throw new SpecErrors([spec.error([], `no reference: ${basename(spec.file)} names none, and its folder holds none of ${DEFAULT_REFERENCES.join(', ')}`, 'put the instructor\'s solution beside the spec as solution.py (or a reference.ts module), or name it with a reference: line')]);
}

/** The adapter for a reference source; a problem is a spec error at the `reference:` line. */
export function adapterFor(src: ReferenceSource, spec: LoadedSpec): ReferenceAdapter {
  switch (src.kind) {
    case 'builtin': {
      const adapter = referenceAdapters[src.id];
      if (adapter) return adapter;
      const g = closest(src.id, Object.keys(referenceAdapters));
      throw new SpecErrors([spec.error(['reference'], `unknown reference '${src.id}'`, g ? `did you mean '${g}'?` : `name a module of the course folder (./reference.ts), a solution ({solution: solution.py}), or one of: ${Object.keys(referenceAdapters).join(', ')}`)]);
    }
    case 'module':
      try {
        return loadReferenceModule(src.file);
      } catch (e) {
        if (e instanceof ModuleLoadError) throw new SpecErrors([spec.error(['reference'], e.message, e.hint)]);
        throw e;
      }
    case 'solution':
      return solutionAdapter(spec, src.file);
  }
}

/** The classes a Java file or folder declares (`class Name`, `interface Name`, ...): what a Java solution defines. */
export function javaDefinitions(path: string): Set<string> {
  const out = new Set<string>();
  const files = statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.java')).map((f) => resolve(path, f)) : [path];
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\b(?:class|interface|enum|record)\s+([A-Za-z_]\w*)/g)) out.add(m[1]!);
  return out;
}

/** Top-level `def name(` and `class Name` of a Python file: what the solution defines. */
export function pythonDefinitions(file: string): Set<string> {
  const out = new Set<string>();
  for (const m of readFileSync(file, 'utf8').matchAll(/^(?:async\s+)?(?:def|class)\s+([A-Za-z_]\w*)/gm)) out.add(m[1]!);
  return out;
}

/** The functions and classes the spec's tests call: what a solution adapter names. */
function calledNames(spec: LoadedSpec): Set<string> {
  const out = new Set<string>();
  for (const t of spec.data.tests) {
    const srcs = 'call' in t ? [t.call] : 'steps' in t ? t.steps.map((s) => (typeof s === 'string' ? s : s.do)) : [];
    for (const src of srcs) {
      try {
        const e = parseStep(src).expr;
        if (e.k === 'call' && e.callee.length === 1) out.add(e.callee[0]!);
      } catch {
        /* reported by the loader */
      }
    }
  }
  return out;
}

function solutionAdapter(spec: LoadedSpec, file: string): ReferenceAdapter {
  const unavailable = (name: string): RefFunction => () => {
    throw new Error(`${name} is evaluated by running ${basename(file)}, not in gradekit (a solution reference)`);
  };
  const functions: Record<string, RefFunction> = {};
  for (const name of calledNames(spec)) functions[name] = unavailable(name);
  const folder = existsSync(file) && statSync(file).isDirectory();
  return { id: `solution ${basename(file)}${folder ? '/' : ''}`, functions };
}

/**
 * Spec errors for a solution that is not what the spec says, at the `reference:` line (or, with none, the
 * `language:` line that makes solution/ a Java folder's default):
 * - a name one typo away from a file or folder that is there (solutions/ for solution/): always a typo;
 * - not here at all, and no golden files to stand for it (an export or a student's copy has them): nothing
 *   could give the expected values;
 * - a Java folder without a .java file, or without the class students hand in (WordStats.java): said once
 *   here, not as an "unknown function" at every step that constructs it.
 */
export function solutionProblems(spec: LoadedSpec, src: Extract<ReferenceSource, { kind: 'solution' }>): SpecError[] {
  const d = spec.data;
  const java = d.language === 'java';
  const written = typeof d.reference === 'object' ? d.reference.solution : undefined;
  const at = written !== undefined ? ['reference'] : ['language'];
  const named = written ?? (java ? 'solution/' : basename(src.file));
  const none = written === undefined ? ` (the spec has no reference: line, and a ${java ? 'Java' : 'Python'} folder's solution is ${named})` : '';
  const specRel = shownPath(resolve(spec.file));
  const cls = java && d.submission.file?.endsWith('.java') ? basename(d.submission.file).replace(/\.java$/, '') : undefined;
  const what = java ? `the staff's .java files${cls ? ` (${cls}.java)` : ''}` : "the instructor's solution";
  if (!src.present) {
    const near = nearPath(src.file, java ? (n, isDir) => isDir || n.endsWith('.java') : (n, isDir) => !isDir && n.endsWith('.py'));
    if (near) {
      const rel = relative(dirname(spec.file), near) + (statSync(near).isDirectory() ? '/' : '');
      return [spec.error(at, `the solution ${named} is not here${none}`, `did you mean '${rel}'? (reference: { solution: ${rel} }, relative to ${basename(spec.file)})`)];
    }
    const golden = resolve(dirname(spec.file), d.fixtures, 'golden');
    const hasGolden = existsSync(golden) && readdirSync(golden).some((f) => f.endsWith('.json'));
    const needsGolden = d.tests.some((t) => 'call' in t || 'steps' in t || 'run' in t || 'property' in t);
    if (!hasGolden && needsGolden) {
      return [spec.error(at, `the solution ${named} is not here${none}, and ${relative(dirname(spec.file), golden)}/ holds no golden files to stand for it`, `put ${what} in ${named} (or name where they are with reference: { solution: ... }), then record the expected values: gradekit golden ${specRel} --update`)];
    }
    return [];
  }
  if (!java || !statSync(src.file).isDirectory()) {
    if (java && cls && !javaDefinitions(src.file).has(cls)) return [spec.error(at, `the solution ${named} does not define class ${cls}, the class students hand in (submission: ${d.submission.file})`, `name the staff's ${cls}.java here`)];
    return [];
  }
  const files = readdirSync(src.file).filter((f) => f.endsWith('.java'));
  if (!files.length) return [spec.error(at, `the solution folder ${named} holds no .java file${none}`, `put ${what} in ${named}, then record the expected values: gradekit golden ${specRel} --update`)];
  if (cls && !javaDefinitions(src.file).has(cls)) {
    return [spec.error(at, `the solution folder ${named} has no class ${cls} (it holds ${files.join(', ')})`, `put the staff's ${cls}.java in ${named}: ${cls} is the class students hand in (submission: ${d.submission.file})`)];
  }
  return [];
}

/** Spec errors for what a solution reference cannot do: everything it gives comes from golden files. */
export function solutionLimits(spec: LoadedSpec, file: string): SpecError[] {
  const errors: SpecError[] = [];
  const name = basename(file);
  spec.data.tests.forEach((t, i) => {
    for (const [fn, p] of Object.entries('patch' in t && t.patch ? t.patch : {})) {
      // patch: reference is answered by the solution's own process (solution.ts): it never enters the student's.
      if (typeof p === 'object' && 'generate' in p) errors.push(spec.error(['tests', i, 'patch', fn], `generate: makes its values with a TypeScript reference; with a solution reference (${name}) list them with returns: [...]`));
    }
    // A Java class's property test draws its cases under its own seed, and its golden file records them.
    if ('property' in t && t.property.check === 'reference' && spec.data.language !== 'java') {
      errors.push(spec.error(['tests', i, 'property'], `a property test compares every generated input with the reference while grading; ${name} is only known through its golden files`, 'write call tests for chosen inputs (gradekit golden records their expected values)'));
    }
  });
  return errors;
}
