// Java results compared by value: a Set (declared as one) in any order, a List, a SortedSet or an array in
// its order, a Map by its entries, numbers by value (an int and a long alike), a char and a one-letter
// String alike. What differs is also named as a kind of difference ("whitespace", "order", "more"), the part
// of a defect's signature that says two failures show one defect (harness/grade/charges.ts).
import type { JValue, Thrown } from '../run/java/calls.js';

/** The value as a TA reads it in a message: Java's own toString shapes ([a, b], {k=v}, "text", 'c'). */
export function showJava(v: JValue): string {
  switch (v.t) {
    case 'null': return 'null';
    case 'int': return v.v;
    case 'float': return String(v.v);
    case 'bool': return String(v.v);
    case 'char': return `'${v.v}'`;
    case 'str': return JSON.stringify(v.v);
    case 'seq': case 'set': case 'bag': return `[${v.v.map(showJava).join(', ')}]`;
    case 'map': return `{${v.v.map(([k, x]) => `${showJava(k)}=${showJava(x)}`).join(', ')}}`;
    case 'obj': return v.v;
  }
}

const isText = (v: JValue): v is Extract<JValue, { t: 'char' | 'str' }> => v.t === 'char' || v.t === 'str';
const isNumber = (v: JValue): v is Extract<JValue, { t: 'int' | 'float' }> => v.t === 'int' || v.t === 'float';
const isCollection = (v: JValue): v is Extract<JValue, { t: 'seq' | 'set' | 'bag' }> => v.t === 'seq' || v.t === 'set' || v.t === 'bag';
const num = (v: Extract<JValue, { t: 'int' | 'float' }>) => Number(v.v);

/** A canonical key of a value, for unordered comparison (a set of sets compares too). */
function key(v: JValue): string {
  if (isText(v)) return `s${v.v}`;
  if (isNumber(v)) return `n${num(v)}`;
  if (isCollection(v)) {
    const items = v.v.map(key);
    return `${v.t === 'seq' ? 'q' : 'u'}[${(v.t === 'seq' ? items : items.sort()).join('\u0001')}]`;
  }
  if (v.t === 'map') return `m{${v.v.map(([k, x]) => `${key(k)}=${key(x)}`).sort().join('\u0001')}}`;
  if (v.t === 'obj') return `o${v.v}`;
  return v.t === 'bool' ? `b${v.v}` : 'null';
}

/** Whether the program's value is the expected one. The expected value's type decides what order means: a
 *  Set the solution declares is compared unordered, whatever the program declares, unless `inOrder` (a step's
 *  `compare: in-order`: the course requires a sorted set, whose iteration order its toString shows). */
export function sameJava(expected: JValue, actual: JValue, inOrder = false): boolean {
  if (isText(expected) && isText(actual)) return expected.v === actual.v;
  if (isNumber(expected) && isNumber(actual)) return num(expected) === num(actual);
  if (isCollection(expected) && isCollection(actual)) {
    if (expected.v.length !== actual.v.length) return false;
    if ((expected.t === 'seq' && actual.t === 'seq') || inOrder) return expected.v.every((x, i) => sameJava(x, actual.v[i]!, inOrder));
    const a = actual.v.map(key).sort(), e = expected.v.map(key).sort();
    return e.every((x, i) => x === a[i]);
  }
  if (expected.t === 'map' && actual.t === 'map') return inOrder ? expected.v.length === actual.v.length && expected.v.every(([k, x], i) => sameJava(k, actual.v[i]![0], true) && sameJava(x, actual.v[i]![1], true)) : key(expected) === key(actual);
  if (expected.t === 'bool' && actual.t === 'bool') return expected.v === actual.v;
  if (expected.t === 'null' || actual.t === 'null') return expected.t === actual.t;
  if (expected.t === 'obj' && actual.t === 'obj') return expected.v === actual.v;
  return false;
}

/** What kind of difference it is: one defect shows the same kind wherever it is seen. */
export function differenceKind(expected: JValue, actual: JValue): string {
  if (isText(expected) && isText(actual)) {
    const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
    if (squeeze(expected.v) === squeeze(actual.v)) return 'whitespace';
    if (expected.v.toLowerCase() === actual.v.toLowerCase()) return 'case';
    return 'text';
  }
  // A count one too high in one test and one too low in another is one wrong count (a wrong family shows
  // either way): numbers differ by value, not by direction.
  if (isNumber(expected) && isNumber(actual)) return 'number';
  if (isCollection(expected) && isCollection(actual)) {
    const e = expected.v.map(key).sort(), a = actual.v.map(key).sort();
    if (e.length === a.length && e.every((x, i) => x === a[i])) return 'order';
    return a.length > e.length ? 'more-items' : a.length < e.length ? 'fewer-items' : 'items';
  }
  return expected.t === actual.t ? 'value' : `type-${actual.t}`;
}

/** Whether a thrown exception is the expected class (or one of its subclasses). */
export function throwsExpected(expected: string, thrown: Thrown): boolean {
  const simple = expected.slice(expected.lastIndexOf('.') + 1);
  return thrown.chain.includes(simple);
}

/** An exception as a message names it: its simple name, where, and its message. */
export function showThrown(t: Thrown): string {
  const simple = t.chain[0] ?? t.class;
  return `${simple}${t.at ? ` at ${t.at}` : ''}${t.message ? ` ("${t.message.slice(0, 200)}")` : ''}`;
}
