// The word list as the reference reads it: one lowercase array per loaded list and per word_list value, so
// the validity index (valid.ts, keyed by the array) is built once per check, not once per call: the
// mistakes that explain or rule out an is_valid_word answer (explain.ts) call it a dozen times a test.
import type { RefContext } from '../../harness/model/reference.js';
import { RefRaise } from '../../harness/model/reference.js';
import { asStr, py, typeName, type PyValue } from '../../harness/model/pyvalue.js';

/** ctx.words (as loaded, maybe uppercase) -> the lowercase list load_words() returns, and its PyValue. */
const lowered = new WeakMap<readonly string[], { words: string[]; value: PyValue }>();
/** A word_list PyValue -> its native lowercase array (identity of the array keys the index). */
const listOf = new WeakMap<PyValue, string[]>();

export function loweredWords(words: readonly string[]) {
  let hit = lowered.get(words);
  if (!hit) {
    const lower = words.map((w) => w.toLowerCase());
    hit = { words: lower, value: py.strList(lower) };
    lowered.set(words, hit);
    listOf.set(hit.value, lower);
  }
  return hit;
}

/** The native list behind a word_list argument. The spec's `word_list` name is the very PyValue
 *  names() made, so it maps straight back; a list equal to the loaded one (e.g. after a wire
 *  round trip) reuses it too; any other list is converted once per PyValue. */
export function wordsArg(v: PyValue, ctx: RefContext, fn: string): readonly string[] {
  const known = listOf.get(v);
  if (known) return known;
  if (v.t !== 'list' && v.t !== 'tuple' && v.t !== 'set') {
    throw new RefRaise('TypeError', `${fn}(): word_list must be a list of str, got ${typeName(v)}`);
  }
  const loaded = loweredWords(ctx.words).words;
  const same = v.v.length === loaded.length && v.v.every((x, i) => x.t === 'str' && x.v === loaded[i]);
  const words = same ? loaded : v.v.map((x, i) => asStr(x, `word_list[${i}]`));
  listOf.set(v, words);
  return words;
}

