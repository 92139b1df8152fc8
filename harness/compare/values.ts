// Comparing a student's return value with the reference's, PrairieLearn-style: each comparator
// explains the mismatch in terms a student can act on.
import { equalityKey, pyEquals, repr, typeName, type PyValue } from '../model/pyvalue.js';
import type { Comparator } from '../spec/schema.js';

export type Judgement = { ok: true } | { ok: false; why: string };

export function compareValues(expected: PyValue, observed: PyValue, how: Exclude<Comparator, { validator: string }>): Judgement {
  if (how === 'none') return { ok: true };
  // The very value the reference returned (a resolved digest, grade/digest.ts): equal under every comparator
  // (a container equals itself in Python, as it holds no NaN that is not itself).
  if (expected === observed && expected.t !== 'float') return { ok: true };
  if (typeof how === 'object') return compareFloat(expected, observed, how.float);
  if (how === 'counts') return compareCounts(expected, observed);
  if (how === 'unordered' || how === 'unordered-unique') return compareUnordered(expected, observed, how === 'unordered-unique');
  const exact = compareExact(expected, observed);
  // A set or dict equal as a value and iterated in another order: its repr shows the order.
  if (how === 'in-order' && exact.ok && repr(expected) !== repr(observed)) return { ok: false, why: `the result holds the right items in another order: expected ${repr(expected)}, got ${repr(observed)}` };
  return exact;
}

function noneHint(observed: PyValue, expected: PyValue): string {
  return observed.t === 'none' && expected.t !== 'none' ? ' (did the function forget to `return` its result?)' : '';
}

export function compareExact(expected: PyValue, observed: PyValue): Judgement {
  if (pyEquals(expected, observed) && sameKind(expected, observed)) return { ok: true };
  const why = explain(expected, observed, 'the result');
  return { ok: false, why };
}

/** Python == treats 1 == 1.0 == True; a grader should still flag returning True where 2 was expected, and 224.0 for 224 is accepted. */
function sameKind(a: PyValue, b: PyValue): boolean {
  if ((a.t === 'bool') !== (b.t === 'bool')) return false;
  if (a.t === 'list' || a.t === 'tuple') return a.t === b.t && a.v.every((x, i) => sameKind(x, (b as typeof a).v[i]));
  return true;
}

function explain(expected: PyValue, observed: PyValue, what: string): string {
  const base = `expected ${repr(expected)}, got ${repr(observed)}${noneHint(observed, expected)}`;
  if (expected.t !== observed.t && !(isNum(expected) && isNum(observed))) {
    return `${what} is ${article(typeName(observed))} where ${article(typeName(expected))} was expected: ${base}`;
  }
  if (expected.t === 'dict' && observed.t === 'dict') {
    const diffs = dictDiffs(expected, observed, false);
    if (diffs.length) return `${base}; ${diffs.slice(0, 4).join('; ')}${diffs.length > 4 ? `; and ${diffs.length - 4} more` : ''}`;
  }
  if ((expected.t === 'list' || expected.t === 'tuple') && observed.t === expected.t) {
    if (expected.v.length !== observed.v.length) return `${base}; length ${observed.v.length}, expected ${expected.v.length}`;
    const i = expected.v.findIndex((x, k) => !pyEquals(x, observed.v[k]));
    if (i >= 0) return `${base}; first difference at index ${i}: ${repr(observed.v[i])} instead of ${repr(expected.v[i])}`;
  }
  if (expected.t === 'str' && observed.t === 'str' && expected.v.toLowerCase() === observed.v.toLowerCase()) return `${base} (differs only in case)`;
  return base;
}

const isNum = (v: PyValue) => v.t === 'int' || v.t === 'float';
const article = (t: string) => (/^[aeiou]/i.test(t) ? `an ${t}` : `a ${t}`);

function countOf(v: PyValue | undefined): number | undefined {
  if (!v) return 0;
  if (v.t === 'int') return Number(v.v);
  if (v.t === 'float') return v.v;
  return undefined;
}

function dictDiffs(expected: Extract<PyValue, { t: 'dict' }>, observed: Extract<PyValue, { t: 'dict' }>, zeroIsAbsent: boolean): string[] {
  const out: string[] = [];
  const find = (d: typeof expected, k: PyValue) => d.v.find(([k2]) => pyEquals(k, k2))?.[1];
  for (const [k, v] of expected.v) {
    const o = find(observed, k);
    if (zeroIsAbsent && countOf(v) === 0 && (o === undefined || countOf(o) === 0)) continue;
    if (o === undefined) out.push(`key ${repr(k)} is missing`);
    else if (!pyEquals(v, o)) out.push(`${repr(k)} maps to ${repr(o)}, expected ${repr(v)}`);
  }
  for (const [k, o] of observed.v) {
    if (find(expected, k) !== undefined) continue;
    if (zeroIsAbsent && countOf(o) === 0) continue;
    out.push(`unexpected key ${repr(k)}: ${repr(o)}`);
  }
  return out;
}

/** Hands and frequency dicts: a key with count 0 is the same as an absent key (both are correct in PS3). */
export function compareCounts(expected: PyValue, observed: PyValue): Judgement {
  if (expected.t !== 'dict' || observed.t !== 'dict') return compareExact(expected, observed);
  const diffs = dictDiffs(expected, observed, true);
  if (!diffs.length) return { ok: true };
  return { ok: false, why: `expected ${repr(expected)} (keys with count 0 may be present or absent), got ${repr(observed)}; ${diffs.slice(0, 4).join('; ')}` };
}

export function compareUnordered(expected: PyValue, observed: PyValue, unique: boolean): Judgement {
  const seqT = ['list', 'tuple', 'set'];
  if (!seqT.includes(expected.t) || !seqT.includes(observed.t)) return compareExact(expected, observed);
  const exp = (expected as { v: PyValue[] }).v;
  const obs = (observed as { v: PyValue[] }).v;
  // The observed items by equalityKey, in their order: each lookup compares only with possible equals, so a
  // list of 80,000 words is matched in linear time rather than quadratic.
  const buckets = new Map<string, number[]>();
  obs.forEach((o, j) => {
    const k = equalityKey(o);
    const b = buckets.get(k);
    if (b) b.push(j);
    else buckets.set(k, [j]);
  });
  if (unique) {
    // The first item equal to one before it.
    const dup = obs.findIndex((x, i) => buckets.get(equalityKey(x))!.some((j) => j < i && pyEquals(x, obs[j]!)));
    if (dup >= 0) return { ok: false, why: `the result contains ${repr(obs[dup])} more than once; each item must appear once` };
  }
  // Each expected item takes the first observed item equal to it that no earlier one took.
  const used = new Array<boolean>(obs.length).fill(false);
  const missing: PyValue[] = [];
  for (const e of exp) {
    const j = buckets.get(equalityKey(e))?.find((x) => !used[x] && pyEquals(e, obs[x]!));
    if (j !== undefined) used[j] = true;
    else missing.push(e);
  }
  const left = obs.filter((_, j) => !used[j]);
  if (!missing.length && !left.length) return { ok: true };
  const parts: string[] = [];
  if (missing.length) parts.push(`missing ${missing.slice(0, 3).map(repr).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`);
  if (left.length) parts.push(`unexpected ${left.slice(0, 3).map(repr).join(', ')}${left.length > 3 ? ` and ${left.length - 3} more` : ''}`);
  return { ok: false, why: `expected (in any order) ${exp.length} item(s), got ${obs.length}: ${parts.join('; ')}` };
}

export function compareFloat(expected: PyValue, observed: PyValue, tol: number): Judgement {
  const e = countOf(expected), o = countOf(observed);
  if (e === undefined || o === undefined || !isNum(observed)) return compareExact(expected, observed);
  if (Math.abs(e - o) <= tol * Math.max(1, Math.abs(e))) return { ok: true };
  return { ok: false, why: `expected ${repr(expected)} (±${tol}), got ${repr(observed)}` };
}
