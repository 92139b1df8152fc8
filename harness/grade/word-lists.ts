// Which word list a test runs with: the bundled one, or one of the spec's word_lists picked with
// `words:`. The names made from a list (an 80,000-word list) go on the wire encoded once, not per test.
import type { Assignment } from '../assignment/load.js';
import { toWire, type PyValue, type WireValue } from '../model/pyvalue.js';

export interface TestWords {
  words: readonly string[];
  names: Record<string, PyValue>;
  /** The test's working directory relative to the submission's, when it is not the submission's own. */
  cwd?: string;
}

export function testWords(a: Assignment, t: { words?: string }): TestWords {
  const list = t.words !== undefined ? a.wordLists[t.words] : undefined;
  return list ? { words: list.words, names: list.names, cwd: `${LISTS}/${t.words}` } : { words: a.words, names: a.names };
}

/** Where a test's own word list is placed, inside the submission's folder. */
export const LISTS = 'lists';

/** The words of the list a request runs with, from its `cwd` (testWords' inverse). */
export function wordsAt(a: Assignment, cwd: string | undefined): readonly string[] {
  const name = cwd?.startsWith(`${LISTS}/`) ? cwd.slice(LISTS.length + 1) : undefined;
  return (name !== undefined && a.wordLists[name]?.words) || a.words;
}

const wireCache = new WeakMap<Record<string, PyValue>, Record<string, WireValue>>();

export function namesToWire(names: Record<string, PyValue>): Record<string, WireValue> {
  let w = wireCache.get(names);
  if (!w) wireCache.set(names, (w = Object.fromEntries(Object.entries(names).map(([k, v]) => [k, toWire(v)]))));
  return w;
}
