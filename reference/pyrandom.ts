// Bit-exact port of CPython 3.11 `random.Random` (Modules/_randommodule.c + Lib/random.py).
// Every random choice a reference solution makes goes through this class, so that seeding it like the
// student's program (random.seed(0), a str seed, ...) reproduces exactly the values Python would draw.
// Hot paths (random, randbelow below 2^53) use only Uint32Array + Math.imul: no BigInt allocation.

import { createHash, randomFillSync } from 'node:crypto';
import { RefRaise } from '../harness/model/reference.js';

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const TWO_32 = 4294967296;

/** Python's `getstate()` tuple: (3, (624 words..., index), gauss_next). JSON-identical to Python's. */
export type PyRandomState = readonly [version: number, internal: readonly number[], gaussNext: number | null];

/** What `seed()` accepts. JS numbers that are integers seed like a Python int; other numbers like a Python float. */
export type PySeed = number | bigint | string | Uint8Array | null | undefined;

/** The state an integer seed gives, kept: graders seed a generator for each test of each submission
 *  with a few dozen seeds, and seeding (two passes over 624 words) cost more than the test's reference. */
const SEEDED = new Map<number, Uint32Array>();

export class PyRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;
  private gaussNext: number | null = null;

  constructor(seed?: PySeed) {
    this.seed(seed);
  }

  // ---------------------------------------------------------------- seeding

  /** random.seed(a) with version 2. `undefined`/`null` seeds from the OS like CPython (not reproducible). */
  seed(a?: PySeed): void {
    if (a === undefined || a === null) {
      const key = new Uint32Array(N); // CPython's random_seed_urandom reads N words
      randomFillSync(key);
      this.initByArray(key);
    } else if (typeof a === 'string' || a instanceof Uint8Array) {
      // Version 2: int.from_bytes(a + sha512(a).digest(), 'big'); str is UTF-8 encoded first.
      if (typeof a === 'string' && LONE_SURROGATE.test(a)) {
        throw new RefRaise('UnicodeEncodeError', "'utf-8' codec can't encode a lone surrogate in the seed string");
      }
      const bytes = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
      const digest = createHash('sha512').update(bytes).digest();
      const all = new Uint8Array(bytes.length + digest.length);
      all.set(bytes, 0);
      all.set(digest, bytes.length);
      this.initByArray(keyFromBigEndianBytes(all));
    } else if (typeof a === 'bigint') {
      this.initByArray(keyFromBigInt(a < 0n ? -a : a));
    } else if (typeof a === 'number') {
      if (Number.isInteger(a)) {
        const abs = Math.abs(a);
        const known = SEEDED.get(abs);
        if (known) {
          this.mt.set(known);
          this.index = N;
        } else {
          this.initByArray(abs < TWO_32 ? Uint32Array.of(abs) : keyFromBigInt(BigInt(abs)));
          if (SEEDED.size < 1024) SEEDED.set(abs, this.mt.slice());
        }
      } else {
        // A Python float seed is replaced by (size_t)hash(a).
        this.initByArray(keyFromBigInt(floatHashAsSizeT(a)));
      }
    } else {
      throw new RefRaise('TypeError', 'The only supported seed types are: None,\nint, float, str, bytes, and bytearray.');
    }
    this.gaussNext = null;
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1];
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i; // Uint32Array store wraps mod 2^32
    }
    this.index = N;
  }

  private initByArray(key: Uint32Array): void {
    const mt = this.mt;
    const len = key.length;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = N > len ? N : len; k; k--) {
      const prev = mt[i - 1];
      mt[i] = (mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= len) j = 0;
    }
    for (let k = N - 1; k; k--) {
      const prev = mt[i - 1];
      mt[i] = (mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  // ---------------------------------------------------------------- core generator

  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    let y: number;
    for (; kk < N - M; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    this.index = 0;
  }

  /** genrand_uint32: one tempered 32-bit word, as an unsigned JS number. */
  private next32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for 1 <= k <= 53 as a plain number (same words, same order as CPython). */
  private bitsNumber(k: number): number {
    if (k <= 32) return this.next32() >>> (32 - k);
    const lo = this.next32();
    return (this.next32() >>> (64 - k)) * TWO_32 + lo;
  }

  /** random(): 53-bit float in [0, 1). */
  random(): number {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  }

  /** getrandbits(k): k random bits as a non-negative bigint (words little-endian, last word truncated). */
  getrandbits(k: number): bigint {
    if (!Number.isSafeInteger(k)) throw new RefRaise('TypeError', `getrandbits() expects an integer bit count, got ${k}`);
    if (k < 0) throw new RefRaise('ValueError', 'number of bits must be non-negative');
    if (k === 0) return 0n;
    if (k <= 32) return BigInt(this.next32() >>> (32 - k));
    const words = Math.floor((k - 1) / 32) + 1;
    const hex = new Array<string>(words);
    for (let i = 0, left = k; i < words; i++, left -= 32) {
      let r = this.next32();
      if (left < 32) r >>>= 32 - left; // drop least significant bits of the last word
      hex[words - 1 - i] = r.toString(16).padStart(8, '0');
    }
    return BigInt('0x' + hex.join(''));
  }

  // ---------------------------------------------------------------- integers

  /**
   * CPython's _randbelow_with_getrandbits: k = n.bit_length(); redraw getrandbits(k) until < n.
   * n must be a safe integer >= 0. n = 0 returns 0 without drawing (CPython 3.11 would loop forever).
   */
  randbelow(n: number): number {
    if (n < 4294967296 && n > 0 && n === Math.floor(n)) {
      const shift = Math.clz32(n); // 32 - bit_length(n)
      let r = this.next32() >>> shift;
      while (r >= n) r = this.next32() >>> shift;
      return r;
    }
    if (n === 0) return 0;
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new RangeError(`PyRandom.randbelow: n must be an integer in [0, 2^53), got ${n}; use randbelowBig for larger n`);
    }
    const k = 64 - Math.clz32(Math.floor(n / TWO_32));
    let r = this.bitsNumber(k);
    while (r >= n) r = this.bitsNumber(k);
    return r;
  }

  /** _randbelow for any positive bigint (slow path: allocates BigInts). n = 0n returns 0n. */
  randbelowBig(n: bigint): bigint {
    if (n < 0n) throw new RangeError(`PyRandom.randbelowBig: n must be >= 0, got ${n}`);
    if (n === 0n) return 0n;
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** randrange(stop) / randrange(start, stop[, step]) with CPython 3.11 checks and error messages. */
  randrange(start: number, stop?: number | null, step?: number): number {
    const istart = toIndex(start, 'non-integer arg 1 for randrange()');
    if (stop === undefined || stop === null) {
      if (step !== undefined && step !== 1) throw new RefRaise('TypeError', 'Missing a non-None stop argument');
      if (istart > 0) return this.randbelow(istart);
      throw new RefRaise('ValueError', 'empty range for randrange()');
    }
    const istop = toIndex(stop, 'non-integer stop for randrange()');
    const width = istop - istart;
    const istep = step === undefined ? 1 : toIndex(step, 'non-integer step for randrange()');
    if (istep === 1) {
      if (width > 0) return istart + this.randbelow(safe(width));
      throw new RefRaise('ValueError', `empty range for randrange() (${istart}, ${istop}, ${width})`);
    }
    let n: number;
    if (istep > 0) n = floorDiv(safe(width + istep - 1), istep);
    else if (istep < 0) n = floorDiv(safe(width + istep + 1), istep);
    else throw new RefRaise('ValueError', 'zero step for randrange()');
    if (n <= 0) throw new RefRaise('ValueError', 'empty range for randrange()');
    return safe(istart + istep * this.randbelow(n));
  }

  /** randint(a, b): integer in [a, b], i.e. randrange(a, b + 1). */
  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  // ---------------------------------------------------------------- sequences

  /** choice(seq): strings are indexed by code point, as Python's str is. */
  choice(seq: string): string;
  choice<T>(seq: readonly T[]): T;
  choice<T>(seq: string | readonly T[]): T | string {
    const items = typeof seq === 'string' ? codePoints(seq) : seq;
    if (!items.length) throw new RefRaise('IndexError', 'Cannot choose from an empty sequence');
    return items[this.randbelow(items.length)];
  }

  /** shuffle(x) in place: for i in reversed(range(1, len(x))): swap x[i] with x[randbelow(i + 1)]. */
  shuffle<T>(x: T[]): void {
    for (let i = x.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const t = x[i];
      x[i] = x[j];
      x[j] = t;
    }
  }

  /** sample(population, k): both CPython code paths (list pool for small n, selected-index set otherwise). */
  sample(population: string, k: number): string[];
  sample<T>(population: readonly T[], k: number): T[];
  sample<T>(population: string | readonly T[], k: number): (T | string)[] {
    const pop: readonly (T | string)[] = typeof population === 'string' ? Array.from(population) : population;
    const n = pop.length;
    if (!(0 <= k && k <= n)) throw new RefRaise('ValueError', 'Sample larger than population or is negative');
    if (!Number.isInteger(k)) throw new RefRaise('TypeError', "can't multiply sequence by non-int of type 'float'");
    const result = new Array<T | string>(k);
    let setsize = 21; // size of a small set minus size of an empty list
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4)); // table size for big sets
    if (n <= setsize) {
      const pool = pop.slice();
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1]; // move non-selected item into vacancy
      }
    } else {
      const selected = new Set<number>();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = pop[j];
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- floats

  /** uniform(a, b) = a + (b - a) * random(). */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  // gauss() is deliberately absent: it needs cos/sin/log, and V8's Math versions differ from glibc in the
  // last bits (about 1 draw in 70), so it could not be bit-exact. gauss_next still travels in get/setstate.

  // ---------------------------------------------------------------- state

  /** getstate(): [3, [624 words..., index], gauss_next], the same shape json.dumps gives in Python. */
  getstate(): PyRandomState {
    const internal = Array.from(this.mt);
    internal.push(this.index);
    return [3, internal, this.gaussNext];
  }

  /** setstate(state): accepts version 3 and (like CPython) version 2 states, with CPython's checks. */
  setstate(state: PyRandomState): void {
    const [version, internal, gaussNext] = state;
    if (version !== 3 && version !== 2) {
      throw new RefRaise('ValueError', `state with version ${version} passed to Random.setstate() of version 3`);
    }
    if (!Array.isArray(internal)) throw new RefRaise('TypeError', 'state vector must be a tuple');
    if (internal.length !== N + 1) throw new RefRaise('ValueError', 'state vector is the wrong size');
    const words = new Uint32Array(N);
    for (let i = 0; i < N; i++) {
      let w = internal[i];
      if (!Number.isSafeInteger(w)) throw new RefRaise('TypeError', `state word ${i} is not an integer: ${w}`);
      if (version === 2) w = ((w % TWO_32) + TWO_32) % TWO_32;
      if (w < 0) throw new RefRaise('OverflowError', "can't convert negative int to unsigned");
      words[i] = w; // wraps mod 2^32 like CPython's (uint32_t) cast
    }
    const index = internal[N];
    if (!Number.isSafeInteger(index) || index < 0 || index > N) throw new RefRaise('ValueError', 'invalid state');
    if (gaussNext !== null && typeof gaussNext !== 'number') throw new RefRaise('TypeError', 'gauss_next must be a float or None');
    this.mt.set(words);
    this.index = index;
    this.gaussNext = gaussNext;
  }
}

// ---------------------------------------------------------------- helpers

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** Python str indexing is by code point; only pay for Array.from when the string has astral characters. */
function codePoints(s: string): string | string[] {
  return ANY_SURROGATE.test(s) ? Array.from(s) : s;
}

/** Little-endian 32-bit words of a big-endian byte string, high zero words dropped (at least one word). */
function keyFromBigEndianBytes(bytes: Uint8Array): Uint32Array {
  const len = bytes.length;
  let words = Math.max(1, Math.ceil(len / 4));
  const key = new Uint32Array(words);
  for (let i = 0; i < words; i++) {
    let w = 0;
    for (let b = 3; b >= 0; b--) {
      const pos = len - 1 - (4 * i + b);
      w = w * 256 + (pos >= 0 ? bytes[pos] : 0);
    }
    key[i] = w;
  }
  while (words > 1 && key[words - 1] === 0) words--;
  return key.subarray(0, words);
}

/** CPython random_seed: abs(n) split into 32-bit words from the right; 0 gives [0]. */
function keyFromBigInt(n: bigint): Uint32Array {
  const words: number[] = [];
  do {
    words.push(Number(n & 0xffffffffn));
    n >>= 32n;
  } while (n > 0n);
  return Uint32Array.from(words);
}

const HASH_MODULUS = (1n << 61n) - 1n;

/** (size_t)hash(x) for a Python float x (Python/pyhash.c _Py_HashDouble), as random_seed uses it. */
function floatHashAsSizeT(x: number): bigint {
  if (Number.isNaN(x)) {
    throw new RefRaise('ValueError', 'cannot seed PyRandom with NaN: CPython hashes NaN by object identity, so it is not reproducible');
  }
  let h: bigint;
  if (!Number.isFinite(x)) {
    h = 314159n;
  } else {
    // x = mantissa * 2^exp exactly; 2^61 = 1 (mod P) so the exponent reduces mod 61.
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, Math.abs(x));
    const hi = view.getUint32(0);
    const lo = view.getUint32(4);
    const biased = hi >>> 20;
    let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    let exp = -1074;
    if (biased !== 0) {
      mantissa |= 1n << 52n;
      exp = biased - 1075;
    }
    const e = ((exp % 61) + 61) % 61;
    h = (mantissa << BigInt(e)) % HASH_MODULUS;
  }
  if (x < 0) {
    h = -h;
    if (h === -1n) h = -2n;
  }
  return h < 0n ? h + (1n << 64n) : h;
}

/** Python's operator.index / int() fallback for randrange arguments given as JS numbers. */
function toIndex(x: number, nonInteger: string): number {
  if (Number.isInteger(x)) return safe(x);
  if (Number.isNaN(x)) throw new RefRaise('ValueError', 'cannot convert float NaN to integer');
  if (!Number.isFinite(x)) throw new RefRaise('OverflowError', 'cannot convert float infinity to integer');
  throw new RefRaise('ValueError', nonInteger);
}

function safe(x: number): number {
  if (!Number.isSafeInteger(x)) {
    throw new RangeError(`PyRandom: integer ${x} is outside the exact range of JS numbers (|x| < 2^53); use randbelowBig`);
  }
  return x;
}

/** Python's // on exact integers (floors toward -infinity), without float rounding of the quotient. */
function floorDiv(a: number, b: number): number {
  const r = a % b;
  const q = (a - r) / b;
  return r !== 0 && r < 0 !== b < 0 ? q - 1 : q;
}
