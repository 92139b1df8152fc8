// Python's `<` over the values a 313E `sort` receives: numbers (int/float/bool), str, and
// lists/tuples compared item by item (family tuples, lists of letters). Other pairs raise
// TypeError exactly where Python would, so `sort([1, 'a'])` fails in the reference too.
import { RefRaise } from '../../harness/model/reference.js';
import { pyEquals, typeName, type PyValue } from '../../harness/model/pyvalue.js';
import { compareCodePoints } from './partition.js';

function num(v: PyValue): number | bigint | undefined {
  if (v.t === 'int') return v.v;
  if (v.t === 'bool') return v.v ? 1n : 0n;
  if (v.t === 'float') return v.v;
  return undefined;
}

function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  // int vs float: exact when the float is integral, otherwise compare against its floor
  const [i, f, sign] = typeof a === 'bigint' ? [a, b as number, 1] : [b as bigint, a as number, -1];
  if (Number.isNaN(f)) return 0;
  if (!Number.isFinite(f)) return (f > 0 ? -1 : 1) * sign;
  const fl = BigInt(Math.floor(f));
  const c = i < fl ? -1 : i > fl ? 1 : Number.isInteger(f) ? 0 : -1;
  return c * sign;
}

/** -1, 0 or 1 as Python's `a < b` / `a == b` decide; throws RefRaise('TypeError') for unorderable pairs. */
export function pyCompare(a: PyValue, b: PyValue): number {
  const na = num(a), nb = num(b);
  if (na !== undefined && nb !== undefined) return compareNumbers(na, nb);
  if (a.t === 'str' && b.t === 'str') return compareCodePoints(a.v, b.v);
  if ((a.t === 'list' && b.t === 'list') || (a.t === 'tuple' && b.t === 'tuple')) {
    const n = Math.min(a.v.length, b.v.length);
    for (let i = 0; i < n; i++) {
      if (!pyEquals(a.v[i], b.v[i])) return pyCompare(a.v[i], b.v[i]);
    }
    return a.v.length - b.v.length === 0 ? 0 : a.v.length < b.v.length ? -1 : 1;
  }
  throw new RefRaise('TypeError', `'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** A stable merge-sort result (what every correct 313E `sort` returns): a new list, input untouched. */
export function pySorted(items: readonly PyValue[]): PyValue[] {
  return items.slice().sort(pyCompare);
}
