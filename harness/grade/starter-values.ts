// The starter's values of its top-level constants (PS3's HAND_SIZE = 7). A student who writes
// `HAND_SIZE = int(input("hand size? "))` at the top of the file has that line skipped while the module is
// imported (it asks for input then): the name keeps the starter's value instead of being undefined, so a
// game that is right is graded as right (the import test charges the line, once).
//
// Where the values come from, first found wins per name: the course's own copy of the submission file
// given with --starter, the instructor's solution of a course folder, the reference's `constants`. Only
// literals are read from Python files (a line `NAME = <literal>` at the top level): no course code runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assignment } from '../assignment/load.js';
import { literalValue, parseExpr } from '../spec/pyexpr.js';
import type { PyValue } from '../model/pyvalue.js';

const ASSIGNMENT = /^([A-Za-z_]\w*)\s*=\s*(.+?)\s*$/;

/** `NAME = <literal>` lines at the top level of a Python file (a comment after the value is dropped). */
export function pythonConstants(text: string): Record<string, PyValue> {
  const out: Record<string, PyValue> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = ASSIGNMENT.exec(line);
    if (!m || m[1]! in out) continue;
    const value = literal(m[2]!) ?? literal(m[2]!.replace(/\s+#[^'"]*$/, ''));
    if (value) out[m[1]!] = value;
  }
  return out;
}

function literal(src: string): PyValue | undefined {
  try {
    return literalValue(parseExpr(src));
  } catch {
    return undefined;
  }
}

const cache = new WeakMap<Assignment, Record<string, PyValue>>();

export function starterValues(a: Assignment): Record<string, PyValue> {
  let hit = cache.get(a);
  if (hit) return hit;
  const file = a.spec.data.submission.file;
  const sources = [
    a.starterDir && file ? join(a.starterDir, file) : undefined,
    a.reference.kind === 'solution' && a.reference.present ? a.reference.file : undefined,
  ].filter((f): f is string => !!f && existsSync(f));
  hit = {};
  for (const f of sources) hit = { ...pythonConstants(readFileSync(f, 'utf8')), ...hit };
  hit = { ...(a.adapter.constants?.(a.spec.data.options) ?? {}), ...hit };
  cache.set(a, hit);
  return hit;
}
