// The handout's parameter names of the functions a spec's tests call, where the reference knows them: a
// TypeScript reference declares them with each function; an instructor's Python solution has them in its
// `def` lines. A copy of a course folder without its solution (an export, a student's self-check) reads them
// from the golden file `golden --update` wrote beside the others, so every copy recognises the same things:
// a required function the student wrote under another name, with the handout's parameters in another order
// (harness/run/python/gradekit_driver.py, adopt_renamed).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assignment } from './load.js';

/** The golden file's name (no test id starts with an underscore). */
export const SIGNATURES_GOLDEN = '_signatures';

export type Signatures = Record<string, string[]>;

/** `def name(a, b=1, *args, c, **kw)` at the top level of a Python file -> { name: [a, b, c] }: the
 *  parameters a caller names (not *args, **kw, self). */
export function pythonSignatures(file: string): Signatures {
  const out: Signatures = {};
  for (const m of readFileSync(file, 'utf8').matchAll(/^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(([^)]*)\)/gm)) {
    out[m[1]!] = m[2]!
      .split(',')
      .map((p) => p.split(/[:=]/)[0]!.trim())
      .filter((p) => /^[A-Za-z_]\w*$/.test(p) && p !== 'self');
  }
  return out;
}

/** What the solution's def lines say, for the functions the reference answers (the golden file's content). */
export function solutionSignatures(a: Assignment): Signatures | undefined {
  if (a.reference.kind !== 'solution' || !a.reference.present || a.spec.data.language === 'java') return undefined;
  const all = pythonSignatures(a.reference.file);
  return Object.fromEntries(Object.keys(a.adapter.functions).sort().filter((n) => all[n]).map((n) => [n, all[n]!]));
}

/** Read once per loaded assignment: a batch grades every submission against the same reference. */
const KNOWN = new WeakMap<Assignment, Signatures | undefined>();

/** The parameter names of `names`, those the reference knows. */
export function signaturesOf(a: Assignment, names: readonly string[]): Signatures {
  if (!KNOWN.has(a)) KNOWN.set(a, knownSignatures(a));
  const known = KNOWN.get(a);
  return Object.fromEntries(names.filter((n) => known?.[n]?.length).map((n) => [n, known![n]!]));
}

function knownSignatures(a: Assignment): Signatures | undefined {
  if (a.reference.kind !== 'solution') return Object.fromEntries(Object.entries(a.adapter.functions).flatMap(([n, f]) => (f.params ? [[n, [...f.params]]] : [])));
  const fromSolution = solutionSignatures(a);
  if (fromSolution) return fromSolution;
  const golden = join(a.fixturesDir, 'golden', `${SIGNATURES_GOLDEN}.json`);
  if (!existsSync(golden)) return undefined;
  try {
    return JSON.parse(readFileSync(golden, 'utf8')) as Signatures;
  } catch {
    return undefined; // golden reports a damaged golden file; grading goes on without renames
  }
}
