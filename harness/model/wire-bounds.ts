// Size bounds on what a submission sends the grader. Node's thread grades every submission of a batch, so
// nothing a student sends may cost it more than linear time: every message is bounded as a whole before it
// is parsed, and every value inside it before anything converts it (a BigInt of 12 million digits costs
// Node ~20 s; a list nested 100,000 deep overflows any recursive walk). The checks are iterative and
// linear. The Python driver applies the same value bounds when it encodes (it gets them in its init
// request), so an honest oversize value arrives as a marker with its own description; these checks are
// what holds when a hostile module writes raw bytes to the channel instead.

export interface ValueBounds {
  /** Digits of one int. A correct program's largest (chiseler's counts) has a few dozen; Python itself refuses to print more than 4,300 by default. */
  intDigits: number;
  /** Characters of one str (a word, a hand line, a rendered board: well under a thousand). */
  strChars: number;
  /** Elements of one value, nested ones included (chiseler's 8,192 strategies of 14 words: ~123,000; a whole word list: ~84,000). */
  items: number;
  /** Characters of all the strs and ints of one value together (that word list: ~700,000). */
  chars: number;
  /** Nesting depth of containers (a correct value nests a few levels). */
  depth: number;
}

/** Far above anything a correct program sends (see each field), and low enough that checking and converting
 *  a value costs Node milliseconds. */
export const VALUE_BOUNDS: ValueBounds = { intDigits: 10_000, strChars: 1_000_000, items: 1_000_000, chars: 4_000_000, depth: 100 };

/** The driver marks a value it refused to encode with this type name; `r` says what the value was. */
export const OVERSIZE_MARK = 'gradekit-oversize';

/** Bytes a message may take beyond its texts: values (VALUE_BOUNDS.chars at up to 4 UTF-8 bytes each, plus
 *  the punctuation of VALUE_BOUNDS.items elements) and the envelope. */
const VALUE_BYTES = 32 << 20;

/** The longest message the driver may send a session whose output cap is `outputCap` characters: a
 *  transcript of that many characters (at most 4 UTF-8 bytes each), its stderr, and the values. */
export function messageCap(outputCap: number): number {
  return 4 * outputCap + VALUE_BYTES + (1 << 20);
}

export type BoundProblem =
  /** A value too large to compare: the test fails with this description ("an int of 12,000,000 digits; ..."). */
  | { kind: 'oversize'; what: string }
  /** Something the driver never sends: the channel was tampered with. */
  | { kind: 'malformed'; what: string };

const n = (x: number) => x.toLocaleString('en-US');
const INT = /^-?\d+$/;
const FLOATS = new Set(['nan', 'inf', '-inf']);

/** Checks one wire value (harness/model/pyvalue.ts) against the bounds, iteratively, in time linear in its size. */
export function checkWireValue(value: unknown, b: ValueBounds = VALUE_BOUNDS): BoundProblem | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  let items = 0;
  let chars = 0;
  const oversize = (what: string): BoundProblem => ({ kind: 'oversize', what });
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'string') {
      if (v.length > b.strChars) return oversize(`a str of ${n(v.length)} characters; values are compared up to ${n(b.strChars)} characters`);
      if ((chars += v.length) > b.chars) return oversize(`a value holding more than ${n(b.chars)} characters in all; values are compared up to that size`);
      continue;
    }
    if (typeof v !== 'object' || Array.isArray(v)) return { kind: 'malformed', what: `a value of JSON type ${Array.isArray(v) ? 'array' : typeof v}` };
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === 'i') {
      const s = o.i;
      if (typeof s !== 'string') return { kind: 'malformed', what: 'an int that is not a string of digits' };
      const digits = s.length - (s.startsWith('-') ? 1 : 0);
      if (digits > b.intDigits) return oversize(`an int of ${n(digits)} digits; values are compared up to ${n(b.intDigits)} digits`);
      if (!INT.test(s)) return { kind: 'malformed', what: 'an int that is not a string of digits' };
      if ((chars += s.length) > b.chars) return oversize(`a value holding more than ${n(b.chars)} characters in all; values are compared up to that size`);
      continue;
    }
    if (keys.length === 1 && keys[0] === 'f') {
      if (typeof o.f !== 'number' && !FLOATS.has(o.f as string)) return { kind: 'malformed', what: 'a float that is not a number' };
      continue;
    }
    if (keys.length === 2 && typeof o.o === 'string' && typeof o.r === 'string') {
      if (o.o === OVERSIZE_MARK) return oversize(o.r.slice(0, 500));
      if (o.o.length > 1000 || o.r.length > b.strChars) return { kind: 'malformed', what: 'an object description longer than the driver ever sends' };
      continue;
    }
    if (keys.length !== 1) return { kind: 'malformed', what: 'a value of unknown shape' };
    const k = keys[0];
    const list = o[k];
    if ((k !== 'l' && k !== 'tu' && k !== 'se' && k !== 'd') || !Array.isArray(list)) return { kind: 'malformed', what: 'a value of unknown shape' };
    if (depth >= b.depth) return oversize(`a value nested more than ${n(b.depth)} levels deep; values are compared up to ${n(b.depth)} levels`);
    if ((items += list.length) > b.items) return oversize(`a value of more than ${n(b.items)} elements; values are compared up to ${n(b.items)} elements`);
    if (k === 'd') {
      for (const pair of list) {
        if (!Array.isArray(pair) || pair.length !== 2) return { kind: 'malformed', what: 'a dict entry that is not a key and a value' };
        stack.push([pair[0], depth + 1], [pair[1], depth + 1]);
      }
    } else for (const x of list) stack.push([x, depth + 1]);
  }
  return undefined;
}

/** Checks the shape of a whole message before any code walks it: no nesting deeper than `depth`, at most
 *  `nodes` JSON values (the message cap bounds its texts). Iterative and linear, so a message nested a
 *  million levels deep is refused here instead of overflowing a recursive walk (JSON.stringify of a report). */
export function checkMessageShape(msg: unknown, depth = VALUE_BOUNDS.depth + 8, nodes = 4 * VALUE_BOUNDS.items): string | undefined {
  const stack: [unknown, number][] = [[msg, 0]];
  let seen = 0;
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (++seen > nodes) return `more than ${n(nodes)} values in one message`;
    if (v === null || typeof v !== 'object') continue;
    if (d >= depth) return `values nested more than ${depth} levels deep`;
    if (Array.isArray(v)) for (const x of v) stack.push([x, d + 1]);
    else for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return undefined;
}
