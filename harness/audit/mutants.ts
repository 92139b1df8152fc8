// Mutants of a solution, made with the language's own parser: a Python file by harness/audit/mutate.py
// (Python's ast), Java classes by harness/audit/Mutate.java (the JDK's javac trees, each mutant compiled
// in the mutator's JVM), plus the unified diff that shows each one to an instructor. Both give the same
// records; the audit grades them alike.
import { execa } from 'execa';
import { readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { Assignment } from '../assignment/load.js';
import { courseFiles, javaFilesOf } from '../grade/java-class.js';
import { findSubmissionFile } from '../grade/workspace.js';
import { helperClasses } from '../run/java/helper-classes.js';
import { javaBeside } from '../run/java/javac-server.js';
import { diffLib } from '../util/lazy-diff.js';
import { rootPath } from '../paths.js';
import { UsageError } from '../util/errors.js';
import { pythonExecutable } from '../run/python/interpreter.js';

/** Every operator, in the order `--ops` lists them. drop-guard and return-default are Java's (a Python
 *  function returns None where a Java method returns its type's default). */
export const MUTATION_OPS = [
  'arith', 'compare', 'boolean', 'negation', 'negate-condition', 'swap-branches', 'off-by-one', 'constant',
  'string', 'prompt-text', 'no-copy', 'call', 'loop', 'return-none', 'return-default', 'drop-statement', 'drop-guard',
] as const;
export type MutationOp = (typeof MUTATION_OPS)[number];

export interface Mutant {
  /** m001, m002, … in source order. */
  id: string;
  /** The mutated file, by its path in the submission's folder (where the mutant is written to be graded). */
  file: string;
  op: MutationOp;
  line: number;
  /** The enclosing function ('<module>' at top level in Python; 'Class.method' in Java). */
  function: string;
  /** What changed, e.g. "`<` -> `<=`". */
  desc: string;
  source: string;
  /** Unified diff against the original, 2 lines of context. */
  diff: string;
}

/** What is mutated: files read from `path`, each graded as `name` in the submission's folder, and the files
 *  compiled with them but never mutated (a Java course's own classes). */
export interface MutationSubject {
  files: { path: string; name: string }[];
  with?: string[];
}

/** The files of a submission an audit mutates: the student's file (Python), or each of the student's classes
 *  (Java: a copy of a course file is the course's, as when graded), with the course's files beside them. */
export function mutationSubject(a: Assignment, submission: string): MutationSubject {
  const expected = a.spec.data.submission.file ?? '';
  const folder = statSync(submission).isDirectory();
  if (a.spec.data.language === 'java') {
    const course = courseFiles(a);
    const names = new Set(course.map((f) => basename(f)));
    const files = javaFilesOf(submission).filter(([rel]) => !names.has(basename(rel))).map(([name, path]) => ({ path, name }));
    if (!files.length) throw new UsageError(`no .java file of the student's in ${submission} to mutate (only the course's own files)`);
    return { files, with: course };
  }
  const { file } = findSubmissionFile(submission, expected);
  return { files: [{ path: file, name: folder ? relative(submission, file) : expected || basename(file) }] };
}

type RawMutant = Omit<Mutant, 'id' | 'diff'>;

/** All mutants of a file or subject: distinct, compiling, different from the original program. */
export async function generateMutants(subject: string | MutationSubject, python = pythonExecutable()): Promise<Mutant[]> {
  const s: MutationSubject = typeof subject === 'string' ? { files: [{ path: subject, name: basename(subject) }] } : subject;
  const java = s.files.every((f) => f.path.endsWith('.java'));
  const raw = java ? await javaMutants(s) : await pythonMutants(s.files[0]!, python);
  const originals = new Map(s.files.map((f) => [f.name, readFileSync(f.path, 'utf8').replace(/^\uFEFF/, '')]));
  // The diff is made when first read: an audit with --limit shows a few dozen of several hundred mutants.
  return raw.map((m, i) => {
    let diff: string | undefined;
    return Object.defineProperty({ id: `m${String(i + 1).padStart(3, '0')}`, ...m } as Mutant, 'diff', {
      enumerable: true,
      get: () => (diff ??= diffLib().createTwoFilesPatch(`a/${m.file}`, `b/${m.file}`, originals.get(m.file)!, m.source, undefined, undefined, { context: 2 })
        .replace(/^=+\n/, '') // keep the ---/+++ header and the hunks
        .trimEnd()),
    });
  });
}

async function pythonMutants(f: MutationSubject['files'][number], python: string): Promise<RawMutant[]> {
  const r = await execa(python, ['-X', 'utf8', '-B', rootPath('harness', 'audit', 'mutate.py'), f.path], { reject: false, maxBuffer: 512 * 1024 * 1024 });
  if (r.exitCode !== 0) {
    const last = String(r.stderr).trim().split('\n').pop();
    throw new UsageError(`cannot make mutants of ${f.path}: ${last} (the file must be valid Python 3)`);
  }
  return (JSON.parse(String(r.stdout)).mutants as Omit<RawMutant, 'file'>[]).map((m) => ({ file: f.name, ...m }));
}

async function javaMutants(s: MutationSubject, javac = 'javac'): Promise<RawMutant[]> {
  const classes = await helperClasses('Mutate.java', 'Mutate.class', javac, ['harness', 'audit']);
  if (!classes) throw new UsageError("cannot make Java mutants: gradekit's mutator (harness/audit/Mutate.java) does not compile here; install a JDK 17 or newer with javac on the PATH");
  const { CLASSPATH: _cp, ...env } = process.env;
  // C1 only and the serial GC: ~4 s of CPU for a 150-line class's hundred compiles, twice that with C2.
  const jvm = ['-Duser.language=en', '-Duser.country=US', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m'];
  const args = [...jvm, '-cp', classes, 'Mutate', ...(s.with ?? []).flatMap((f) => ['--with', f]), ...s.files.map((f) => resolve(f.path))];
  const r = await execa(javaBeside(javac), args, { reject: false, env, extendEnv: false, stdin: 'ignore', maxBuffer: 512 * 1024 * 1024 });
  if (r.exitCode !== 0) {
    // The mutator names a file by the absolute path it was given: the user's own path reads better.
    const first = s.files.reduce((line, f) => line.replace(resolve(f.path), f.path), String(r.stderr).trim().split('\n')[0] ?? '');
    // Exit 2 is the mutator's own verdict on the source (file:line: what is wrong); anything else is a fault of its own.
    if (r.exitCode === 2) throw new UsageError(`cannot make mutants: ${first} (the solution must compile with the course's files: fix it, or audit another with --submission)`);
    throw new UsageError(`gradekit's Java mutator failed (${r.exitCode === undefined ? r.shortMessage : `exit ${r.exitCode}`}): ${first}`);
  }
  const name = new Map(s.files.map((f) => [resolve(f.path), f.name]));
  return (JSON.parse(String(r.stdout)).mutants as RawMutant[]).map((m) => ({ ...m, file: name.get(m.file) ?? m.file }));
}

/** A deterministic, evenly spread subset (every k-th mutant) when there are more than `limit`. */
export function spread<T>(items: T[], limit: number): T[] {
  if (items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]);
}
