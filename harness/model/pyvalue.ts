// Typed Python values: how values cross the boundary between Node and a student's Python process.
// Ints are BigInt (Python ints are unbounded; chiseler counts exceed 2^53), and tuple/list/set/dict
// keep their identity so comparators can explain "returned a list where a tuple was expected".

export type PyValue =
  | { t: 'none' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: bigint }
  | { t: 'float'; v: number }
  | { t: 'str'; v: string }
  | { t: 'list'; v: PyValue[] }
  | { t: 'tuple'; v: PyValue[] }
  | { t: 'set'; v: PyValue[] }
  | { t: 'dict'; v: [PyValue, PyValue][] }
  /** Anything else (objects, functions): only its type name and repr travel. */
  | { t: 'obj'; type: string; repr: string };

export type PyType = PyValue['t'];

/** Constructors, so reference adapters read naturally: py.dict([[py.str('a'), py.int(1)]]). */
export const py = {
  none: { t: 'none' } as PyValue,
  bool: (v: boolean): PyValue => ({ t: 'bool', v }),
  int: (v: number | bigint): PyValue => ({ t: 'int', v: BigInt(v) }),
  float: (v: number): PyValue => ({ t: 'float', v }),
  str: (v: string): PyValue => ({ t: 'str', v }),
  list: (v: PyValue[]): PyValue => ({ t: 'list', v }),
  tuple: (v: PyValue[]): PyValue => ({ t: 'tuple', v }),
  set: (v: PyValue[]): PyValue => ({ t: 'set', v }),
  dict: (v: [PyValue, PyValue][]): PyValue => ({ t: 'dict', v }),
  /** A str->int dict (a PS3 hand, a frequency dict, a hangman {pattern: count}) in insertion order. */
  counts: (m: Map<string, number> | Record<string, number>): PyValue => ({
    t: 'dict',
    v: [...(m instanceof Map ? m.entries() : Object.entries(m))].map(
      ([k, n]) => [{ t: 'str', v: k }, { t: 'int', v: BigInt(n) }] as [PyValue, PyValue],
    ),
  }),
  strList: (v: readonly string[]): PyValue => ({ t: 'list', v: v.map((s) => ({ t: 'str', v: s }) as PyValue) }),
};

// ---------- conversions to native TS values (for reference adapters) ----------

export class PyTypeError extends Error {}

export function asStr(v: PyValue, what = 'argument'): string {
  if (v.t !== 'str') throw new PyTypeError(`${what} must be a str, got ${typeName(v)}`);
  return v.v;
}
export function asInt(v: PyValue, what = 'argument'): number {
  if (v.t === 'int') return Number(v.v);
  if (v.t === 'bool') return v.v ? 1 : 0;
  throw new PyTypeError(`${what} must be an int, got ${typeName(v)}`);
}
export function asBool(v: PyValue): boolean {
  return truthy(v);
}
export function asList(v: PyValue, what = 'argument'): PyValue[] {
  if (v.t === 'list' || v.t === 'tuple' || v.t === 'set') return v.v;
  throw new PyTypeError(`${what} must be a list, got ${typeName(v)}`);
}
export function asStrList(v: PyValue, what = 'argument'): string[] {
  return asList(v, what).map((x, i) => asStr(x, `${what}[${i}]`));
}
/** A str->int dict as a Map in insertion order. */
export function asCounts(v: PyValue, what = 'argument'): Map<string, number> {
  if (v.t !== 'dict') throw new PyTypeError(`${what} must be a dict, got ${typeName(v)}`);
  const m = new Map<string, number>();
  for (const [k, n] of v.v) m.set(asStr(k, `${what} key`), asInt(n, `${what}[${repr(k)}]`));
  return m;
}

export function truthy(v: PyValue): boolean {
  switch (v.t) {
    case 'none': return false;
    case 'bool': return v.v;
    case 'int': return v.v !== 0n;
    case 'float': return v.v !== 0;
    case 'str': return v.v.length > 0;
    case 'list': case 'tuple': case 'set': case 'dict': return v.v.length > 0;
    case 'obj': return true;
  }
}

export function typeName(v: PyValue): string {
  switch (v.t) {
    case 'none': return 'NoneType';
    case 'obj': return v.type;
    default: return v.t;
  }
}

// ---------- repr: exactly what Python prints, so messages show values as students know them ----------

export function reprStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else if (c >= 0x80 && c < 0xa0) out += '\\x' + c.toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + quote;
}

export function reprFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0.0';
  // Python uses the shortest round-tripping digits, in exponent form when exp < -4 or >= 16.
  const [mant, expStr] = x.toExponential().split('e');
  const exp = Number(expStr);
  if (exp < -4 || exp >= 16) {
    const m = mant.includes('.') ? mant : mant;
    return `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  const s = String(x);
  return /[.e]/.test(s) ? s : s + '.0';
}

export function repr(v: PyValue): string {
  switch (v.t) {
    case 'none': return 'None';
    case 'bool': return v.v ? 'True' : 'False';
    case 'int': return v.v.toString();
    case 'float': return reprFloat(v.v);
    case 'str': return reprStr(v.v);
    case 'list': return '[' + v.v.map(repr).join(', ') + ']';
    case 'tuple': return v.v.length === 1 ? `(${repr(v.v[0])},)` : '(' + v.v.map(repr).join(', ') + ')';
    case 'set': return v.v.length === 0 ? 'set()' : '{' + v.v.map(repr).join(', ') + '}';
    case 'dict': return '{' + v.v.map(([k, x]) => `${repr(k)}: ${repr(x)}`).join(', ') + '}';
    case 'obj': return v.repr;
  }
}

/** Python's str(): like repr except a top-level str prints bare. */
export function pyStr(v: PyValue): string {
  return v.t === 'str' ? v.v : repr(v);
}

// ---------- equality with Python's == semantics ----------

function numeric(v: PyValue): number | bigint | undefined {
  if (v.t === 'int') return v.v;
  if (v.t === 'bool') return v.v ? 1n : 0n;
  if (v.t === 'float') return v.v;
  return undefined;
}

/** A key that is the same for any two values pyEquals calls equal (values it tells apart may share one):
 *  buckets in which to look for a value's equal without comparing it with every other value. */
export function equalityKey(v: PyValue): string {
  const n = numeric(v);
  if (n !== undefined) return `n${Number(n)}`;
  return v.t === 'str' ? `s${v.v}` : v.t;
}

/** Python `a == b`: 1 == 1.0 == True; list != tuple; dicts and sets ignore order. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const na = numeric(a), nb = numeric(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === 'bigint' && typeof nb === 'bigint') return na === nb;
    return Number(na) === Number(nb);
  }
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'none': return true;
    case 'str': return a.v === (b as typeof a).v;
    case 'list': case 'tuple': {
      const bv = (b as typeof a).v;
      return a.v.length === bv.length && a.v.every((x, i) => pyEquals(x, bv[i]));
    }
    case 'set': {
      const bv = (b as typeof a).v;
      return a.v.length === bv.length && a.v.every((x) => bv.some((y) => pyEquals(x, y)));
    }
    case 'dict': {
      const bv = (b as typeof a).v;
      return a.v.length === bv.length && a.v.every(([k, x]) => {
        const hit = bv.find(([k2]) => pyEquals(k, k2));
        return hit !== undefined && pyEquals(x, hit[1]);
      });
    }
    case 'obj': return a.repr === (b as typeof a).repr && a.type === (b as typeof a).type;
    default: return false;
  }
}

// ---------- wire format (JSON; ints travel as decimal strings so big ints survive) ----------

export type WireValue =
  | null
  | boolean
  | string
  | { i: string }
  | { f: number | 'nan' | 'inf' | '-inf' }
  | { l: WireValue[] }
  | { tu: WireValue[] }
  | { se: WireValue[] }
  | { d: [WireValue, WireValue][] }
  | { o: string; r: string };

export function toWire(v: PyValue): WireValue {
  switch (v.t) {
    case 'none': return null;
    case 'bool': return v.v;
    case 'str': return v.v;
    case 'int': return { i: v.v.toString() };
    case 'float':
      return { f: Number.isNaN(v.v) ? 'nan' : v.v === Infinity ? 'inf' : v.v === -Infinity ? '-inf' : v.v };
    case 'list': return { l: v.v.map(toWire) };
    case 'tuple': return { tu: v.v.map(toWire) };
    case 'set': return { se: v.v.map(toWire) };
    case 'dict': return { d: v.v.map(([k, x]) => [toWire(k), toWire(x)] as [WireValue, WireValue]) };
    case 'obj': return { o: v.type, r: v.repr };
  }
}

/** Wire values standing for a PyValue the grader already holds (a digest resolved to the reference's
 *  value, grade/digest.ts): fromWire gives that value itself, so comparing it costs nothing. */
const STOOD_IN = new WeakMap<object, PyValue>();

/** The wire form of `v`, which fromWire turns back into `v` itself (not a copy). */
export function standIn(v: PyValue): WireValue {
  const w = toWire(v);
  if (w !== null && typeof w === 'object') STOOD_IN.set(w, v);
  return w;
}

export function fromWire(w: WireValue): PyValue {
  if (w === null) return py.none;
  if (typeof w === 'object') {
    const held = STOOD_IN.get(w);
    if (held) return held;
  }
  if (typeof w === 'boolean') return py.bool(w);
  if (typeof w === 'string') return py.str(w);
  if ('i' in w) return { t: 'int', v: BigInt(w.i) };
  if ('f' in w) return py.float(w.f === 'nan' ? NaN : w.f === 'inf' ? Infinity : w.f === '-inf' ? -Infinity : w.f);
  if ('l' in w) return py.list(w.l.map(fromWire));
  if ('tu' in w) return py.tuple(w.tu.map(fromWire));
  if ('se' in w) return py.set(w.se.map(fromWire));
  if ('d' in w) return py.dict(w.d.map(([k, x]) => [fromWire(k), fromWire(x)] as [PyValue, PyValue]));
  return { t: 'obj', type: w.o, repr: w.r };
}
