// Mutants of a Python solution, made by harness/audit/mutate.py with Python's own ast, plus the
// unified diff that shows each one to an instructor.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { diffLib } from '../util/lazy-diff.js';
import { rootPath } from '../paths.js';
import { UsageError } from '../util/errors.js';
import { pythonExecutable } from '../run/python/interpreter.js';

export type MutationOp =
  | 'arith' | 'compare' | 'boolean' | 'negation' | 'negate-condition' | 'swap-branches' | 'off-by-one' | 'constant'
  | 'string' | 'prompt-text' | 'no-copy' | 'call' | 'loop' | 'return-none' | 'drop-statement';

export interface Mutant {
  /** m001, m002, … in source order. */
  id: string;
  op: MutationOp;
  line: number;
  /** The enclosing function ('<module>' at top level). */
  function: string;
  /** What changed, e.g. "`<` -> `<=`". */
  desc: string;
  source: string;
  /** Unified diff against the original, 2 lines of context. */
  diff: string;
}

/** All mutants of a Python file: distinct, compiling, different from the original's AST. */
export async function generateMutants(file: string, python = pythonExecutable()): Promise<Mutant[]> {
  const original = readFileSync(file, 'utf8');
  const r = await execa(python, ['-X', 'utf8', '-B', rootPath('harness', 'audit', 'mutate.py'), file], { reject: false, maxBuffer: 512 * 1024 * 1024 });
  if (r.exitCode !== 0) {
    const last = String(r.stderr).trim().split('\n').pop();
    throw new UsageError(`cannot make mutants of ${file}: ${last} (the file must be valid Python 3)`);
  }
  const raw = JSON.parse(String(r.stdout)).mutants as Omit<Mutant, 'id' | 'diff'>[];
  const name = basename(file);
  // The diff is made when first read: an audit with --limit shows a few dozen of several hundred mutants.
  return raw.map((m, i) => {
    let diff: string | undefined;
    return Object.defineProperty({ id: `m${String(i + 1).padStart(3, '0')}`, ...m } as Mutant, 'diff', {
      enumerable: true,
      get: () => (diff ??= diffLib().createTwoFilesPatch(`a/${name}`, `b/${name}`, original, m.source, undefined, undefined, { context: 2 })
        .replace(/^=+\n/, '') // keep the ---/+++ header and the hunks
        .trimEnd()),
    });
  });
}

/** A deterministic, evenly spread subset (every k-th mutant) when there are more than `limit`. */
export function spread<T>(items: T[], limit: number): T[] {
  if (items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]);
}
