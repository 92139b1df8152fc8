// A long list of strs (a word list: 76,000 words) comes back from the student's process as two digests
// instead of every item (gradekit_driver.py `digest`): in its own order and sorted. Shipping, bounding,
// decoding and comparing the whole list cost the grader's thread a fifth of a second on every check, to
// learn only that it equals the reference's. A digest equal to the reference value's stands for that value;
// one that differs makes the test run again with whole values, so a wrong list is reported item by item as
// before, and only a failing test pays for the second run. Expected values never enter the student's
// process: the digests are compared here.
import { createHash } from 'node:crypto';
import { standIn, type PyValue, type WireValue } from '../model/pyvalue.js';
import type { Comparator } from '../spec/schema.js';

/** The type name the driver gives a digest (a student's class of that name is renamed by the driver). */
export const DIGEST_MARK = 'gradekit-digest';

interface Digest {
  /** The container: list, tuple or set. */
  k: 'l' | 'tu' | 'se';
  n: number;
  /** SHA-1 of the items joined by "\0", in their order (none for a set) and sorted. */
  h: string | null;
  s: string;
}

const KIND = { list: 'l', tuple: 'tu', set: 'se' } as const;

/** Comparators for which equal digests mean a passing comparison: exact (the same items in the same
 *  order, or the same set) and unordered (the same items, each as often). */
export function digestable(compare: Comparator): boolean {
  return compare === 'exact' || compare === 'unordered';
}

function parse(w: WireValue | undefined): Digest | undefined {
  if (!w || typeof w !== 'object' || !('o' in w) || w.o !== DIGEST_MARK) return undefined;
  try {
    const d = JSON.parse(w.r) as Digest;
    return typeof d?.s === 'string' && Number.isInteger(d.n) && (d.k === 'l' || d.k === 'tu' || d.k === 'se') ? d : undefined;
  } catch {
    return undefined;
  }
}

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** The items of a reference value, joined by "\0", and their digests (the sorted one when first asked for),
 *  kept per value: a batch compares every submission with the same list. */
interface Joined { items: string[]; ordered: string; sorted?: string }
const JOINED = new WeakMap<PyValue, Joined | null>();

/** Only plain strs compare by their text alone; an item holding "\0" or a lone surrogate (which UTF-8
 *  cannot carry the same way in both languages) gives null: no digest matches, which only costs the second run. */
function joinedOf(expected: PyValue): Joined | null {
  if (JOINED.has(expected)) return JOINED.get(expected)!;
  let j: Joined | null = null;
  if (expected.t === 'list' || expected.t === 'tuple' || expected.t === 'set') {
    const items: string[] = [];
    for (const x of expected.v) if (x.t === 'str') items.push(x.v);
    const text = items.join('\0');
    let nul = 0;
    for (let i = text.indexOf('\0'); i >= 0; i = text.indexOf('\0', i + 1)) nul++;
    if (items.length === expected.v.length && nul === Math.max(0, items.length - 1) && !/[\uD800-\uDFFF]/.test(text)) j = { items, ordered: sha1(text) };
  }
  JOINED.set(expected, j);
  return j;
}

/** Whether a digest stands for `expected` under `compare`. */
function matches(d: Digest, expected: PyValue | undefined, compare: Comparator): boolean {
  if (!expected || (expected.t !== 'list' && expected.t !== 'tuple' && expected.t !== 'set') || expected.v.length !== d.n) return false;
  const j = joinedOf(expected);
  if (!j) return false;
  // UTF-16 order is code point order (Python's) where there are no surrogates.
  const sorted = () => (j.sorted ??= sha1([...j.items].sort().join('\0'))) === d.s;
  if (compare === 'unordered') return (d.k !== 'se' && expected.t !== 'set' && d.h === j.ordered) || sorted();
  if (KIND[expected.t] !== d.k) return false;
  return d.k === 'se' ? sorted() : d.h === j.ordered;
}

/** Replaces each digest among a run's step values by the reference value it stands for. False when one does
 *  not match: the run must be made again with whole values. */
export function resolveDigests(steps: { value?: WireValue }[], expected: (PyValue | undefined)[], compare: Comparator): boolean {
  for (const [i, so] of steps.entries()) {
    const d = parse(so.value);
    if (!d) continue;
    if (!matches(d, expected[i], compare)) return false;
    so.value = standIn(expected[i]!);
  }
  return true;
}
