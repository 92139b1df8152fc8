// What the 313E handout states about the Hangman methods, and nothing more: validators that accept
// every answer the handout (or, where they disagree, the starter) allows, and the family-tuple lists
// the sort tests hand to sort().
//
// - get_guesses_made: the handout says "Return a String that contains the letters the user has
//   guessed so far"; the starter returns the list (the runner prints ['a', 'e'] either way). Both are
//   accepted, the letters in any order: the sorted order is what the runner prints, and the
//   byte-exact transcripts already charge for it.
// - order_entries / sort: the handout's Family tuple is (length of the word list, dash count, pattern,
//   word list); the starter's is (-length, -dash count, pattern, word list). With the negated tuples,
//   ascending order is hardest first; with the handout's, hardest first means most words, then most
//   dashes (fewest letters revealed), then the smallest pattern. Either form is accepted, each with
//   the hardest family at index 0 ("just using get_difficulty() as the index to pick the list").
// - Word order inside a family is stated nowhere: word lists compare as multisets.
// - get_secret_word: "one is selected at random. The seed should be initialized to 0 before picking":
//   one of the words left, the same one on every call. Which one exactly is what the runner prints
//   after "Answer =", and the byte-exact transcripts check that.
import type { Validator, Verdict } from '../../harness/model/reference.js';
import { py, pyEquals, repr, typeName, type PyValue } from '../../harness/model/pyvalue.js';
import { PyRandom } from '../pyrandom.js';
import { pyCompare } from './pycompare.js';

const ok: Verdict = { ok: true };
const no = (message: string): Verdict => ({ ok: false, message });
const article = (t: string) => (/^[aeiou]/i.test(t) ? `an ${t}` : `a ${t}`);
const short = (v: PyValue, max = 160) => {
  const r = repr(v);
  return r.length > max ? r.slice(0, max) + ' …' : r;
};
const strs = (v: PyValue | undefined): string[] | undefined =>
  v && (v.t === 'list' || v.t === 'tuple') && v.v.every((x) => x.t === 'str') ? v.v.map((x) => (x as { v: string }).v) : undefined;
const sameMultiset = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\0') === [...b].sort().join('\0');

// ---------------------------------------------------------------- get_guesses_made

const GUESSES_QUOTE = `the handout: get_guesses_made "Return[s] a String that contains the letters the user has guessed so far during this round"; the starter returns the list of them`;

/** A str whose letters are the guessed ones, or a list/tuple of the guessed letters; any order. */
export const guessedLetters: Validator = ({ observed, expected }) => {
  const want = strs(expected);
  if (!want) return ok;
  const wantText = want.length ? want.join(', ') : 'none (no guess yet this round)';
  const example = repr(py.strList(want));
  let got: string[] | undefined;
  if (observed.t === 'str') got = [...observed.v].filter((ch) => /\p{L}/u.test(ch));
  else got = strs(observed);
  if (!got) {
    return no(`returned ${short(observed)} (${article(typeName(observed))}); expected a str containing the letters guessed so far (${wantText}), such as ${JSON.stringify(example)}, or the list ${example}: ${GUESSES_QUOTE}`);
  }
  if (sameMultiset(got, want)) return ok;
  return no(`returned ${short(observed)}, which holds the letters ${got.length ? got.join(', ') : '(none)'}, but the letters guessed this round are ${wantText}; expected, e.g., ${JSON.stringify(example)} or ${example}: ${GUESSES_QUOTE}`);
};

// ---------------------------------------------------------------- get_map_pattern

/** {pattern: [words]} with the reference's patterns, each list holding the same words in any order. */
export const wordFamilies: Validator = ({ observed, expected }) => {
  if (!expected || expected.t !== 'dict') return ok;
  const quote = `the handout: get_map_pattern "Returns a dictionary that maps patterns to a list of words that follow said pattern"`;
  if (observed.t !== 'dict') return no(`returned ${short(observed)} (${article(typeName(observed))}); expected the dict ${short(expected)} (words in any order): ${quote}`);
  for (const [k, v] of expected.v) {
    const hit = observed.v.find(([k2]) => pyEquals(k, k2));
    if (!hit) return no(`the pattern ${repr(k)} is missing: expected ${short(expected)} (words in any order), got ${short(observed)}; ${quote}`);
    const got = strs(hit[1]);
    const want = strs(v) ?? [];
    if (hit[1].t !== 'list' || !got) return no(`${repr(k)} maps to ${short(hit[1])}; expected a list of the words that follow that pattern, ${short(v)} (in any order): ${quote}`);
    if (!sameMultiset(got, want)) return no(`${repr(k)} maps to ${short(hit[1])}; expected the words ${short(v)} (in any order): ${quote}`);
  }
  const extra = observed.v.find(([k]) => !expected.v.some(([k2]) => pyEquals(k, k2)));
  if (extra) return no(`unexpected pattern ${repr(extra[0])} (mapping to ${short(extra[1])}): no active word has it; expected ${short(expected)} (words in any order)`);
  return ok;
};

// ---------------------------------------------------------------- order_entries and sort

const ORDER_QUOTE =
  'the handout: the hardest family is the one with the most words, then the one that reveals the fewest characters, then the one with the smallest pattern, ' +
  'and it is picked "just using get_difficulty() as the index", so index 0 is the hardest and index 1 the second hardest';
const FORM =
  "the handout's Family tuple is (length of the word list, dash count, pattern, word list); the starter's is (-length of the word list, -dash count, pattern, word list)";

const num = (v: PyValue | undefined): number | undefined => (v && (v.t === 'int' || v.t === 'float') ? Number(v.v) : undefined);
const dashes = (p: string) => [...p].filter((c) => c === '-').length;

/** order_entries: one Family tuple per pattern, in either form, hardest first; word lists in any order. */
export const familyEntries: Validator = ({ observed, expected, args }) => {
  const fam = args[0];
  if (!expected || expected.t !== 'list' || !fam || fam.t !== 'dict') return ok;
  const wantOrder = expected.v.map((e) => (e.t === 'tuple' && e.v[2]?.t === 'str' ? e.v[2].v : ''));
  const example = `[${wantOrder.map((p) => repr(py.str(p))).join(', ')}]`;
  if (observed.t !== 'list') return no(`returned ${short(observed)} (${article(typeName(observed))}); expected a list of Family tuples, one per pattern, hardest first (patterns ${example}): ${FORM}`);
  if (observed.v.length !== expected.v.length) {
    return no(`returned ${observed.v.length} entries for the ${expected.v.length} patterns of word_family: expected one Family tuple per (pattern, word list) pair, hardest first (patterns ${example})`);
  }
  let sign = 0;
  const got: string[] = [];
  for (const [i, e] of observed.v.entries()) {
    if (e.t !== 'tuple' || e.v.length !== 4) return no(`entry ${i} is ${short(e)}; expected a Family tuple with four elements: ${FORM}`);
    const [size, dash, pat, words] = e.v;
    if (pat.t !== 'str') return no(`entry ${i} is ${short(e)}: its third element must be the pattern (a str); ${FORM}`);
    const given = fam.v.find(([k]) => pyEquals(k, pat));
    if (!given) return no(`entry ${i} has the pattern ${repr(pat)}, which is not a key of word_family; ${FORM}`);
    const want = strs(given[1]) ?? [];
    const s = num(size), d = num(dash);
    if (s === undefined || d === undefined) return no(`entry ${i} is ${short(e)}: its first two elements must be numbers; ${FORM}`);
    sign ||= s < 0 ? -1 : 1;
    const form = sign < 0 ? "the starter's negated form" : "the handout's form";
    if (s !== sign * want.length || d !== sign * dashes(pat.v)) {
      const right = `(${sign * want.length}, ${sign * dashes(pat.v)}, ${repr(pat)}, …)`;
      return no(`entry ${i} is ${short(e)}; with ${form} (set by entry 0) it should be ${right}: ${FORM}`);
    }
    const ws = strs(words);
    if (!ws || !sameMultiset(ws, want)) return no(`entry ${i} holds the words ${short(words)}; expected the word list of ${repr(pat)}, ${short(given[1])} (in any order)`);
    got.push(pat.v);
  }
  if (got.join('\0') !== wantOrder.join('\0')) {
    return no(`the families come in the order [${got.map((p) => repr(py.str(p))).join(', ')}]; expected hardest first, ${example}: ${ORDER_QUOTE}`);
  }
  return ok;
};

/** Hardest first for the handout's plain tuples: most words, most dashes, smallest pattern (the word list never decides). */
function hardestFirst(a: PyValue, b: PyValue): number | undefined {
  if (a.t !== 'tuple' || b.t !== 'tuple' || a.v.length < 3 || b.v.length < 3) return undefined;
  const [sa, da] = [num(a.v[0]), num(a.v[1])];
  const [sb, db] = [num(b.v[0]), num(b.v[1])];
  if (sa === undefined || da === undefined || sb === undefined || db === undefined) return undefined;
  if (sa !== sb) return sb - sa;
  if (da !== db) return db - da;
  try {
    return pyCompare(a.v[2], b.v[2]);
  } catch {
    return undefined;
  }
}

function ascending(a: PyValue, b: PyValue): number | undefined {
  try {
    return pyCompare(a, b);
  } catch {
    return undefined;
  }
}

/** The first index i where items[i] > items[i+1] under `cmp` (-1: in order; undefined: not comparable). */
function firstBreak(items: PyValue[], cmp: (a: PyValue, b: PyValue) => number | undefined): number | undefined {
  for (let i = 0; i + 1 < items.length; i++) {
    const c = cmp(items[i], items[i + 1]);
    if (c === undefined) return undefined;
    if (c > 0) return i;
  }
  return -1;
}

/** sort: a new list with the same entries, ascending as Python compares them or hardest first. */
export const sortedEntries: Validator = ({ observed, args }) => {
  const input = args[0];
  if (!input || (input.t !== 'list' && input.t !== 'tuple')) return ok;
  const quote = `the handout: sort "Return[s a] sorted list of entries. First sort by number of words in word list, then the number of dashes in the pattern, next to the pattern, and finally the word list itself"`;
  if (observed.t !== 'list') return no(`returned ${short(observed)} (${article(typeName(observed))}); expected a new sorted list of the ${input.v.length} entries: ${quote}`);
  const left = [...input.v];
  for (const x of observed.v) {
    const i = left.findIndex((y) => pyEquals(x, y));
    if (i < 0) return no(`returned ${short(x)}, which is not one of the entries it was given (or is there more often); expected the same ${input.v.length} entries, sorted: ${quote}`);
    left.splice(i, 1);
  }
  if (left.length) return no(`returned ${observed.v.length} entries where it was given ${input.v.length}: ${short(left[0])} is missing; expected the same entries, sorted: ${quote}`);
  const a = firstBreak(observed.v, ascending);
  const b = firstBreak(observed.v, hardestFirst);
  if (a === -1 || b === -1) return ok;
  const at = (i: number | undefined) => (i === undefined ? 'cannot be compared' : `breaks at index ${i}: ${short(observed.v[i], 70)} comes before ${short(observed.v[i + 1], 70)}`);
  return no(
    `the entries are out of order: ascending as Python compares the tuples (the starter's negated entries then put the hardest family first) ${at(a)}; ` +
      `hardest first (most words, then most dashes, then the smallest pattern) ${at(b)}: ${quote}`,
  );
};

// ---------------------------------------------------------------- get_secret_word

/** The words left when the reference's get_secret_word returned a value (keyed by that value). */
export const secretCandidates = new WeakMap<PyValue, readonly string[]>();

const SECRET_QUOTE = `the handout: get_secret_word: "If there are multiple possible words left, one is selected at random. The seed should be initialized to 0 before picking."`;

function secretAmong(observed: PyValue, expected: PyValue | undefined): Verdict {
  const words = expected ? secretCandidates.get(expected) : undefined;
  if (!words) return !expected || pyEquals(observed, expected) ? ok : no(`returned ${short(observed)}; expected ${short(expected)}`);
  const some = words.slice(0, 6).map((w) => repr(py.str(w))).join(', ') + (words.length > 6 ? `, … (${words.length} words)` : '');
  if (observed.t !== 'str') return no(`returned ${short(observed)} (${article(typeName(observed))}); expected one of the words left (${some}): ${SECRET_QUOTE}`);
  if (!words.includes(observed.v)) return no(`returned ${repr(observed)}, which is not one of the words left (${some}): ${SECRET_QUOTE}`);
  return ok;
}

/** One of the words left. */
export const secretWord: Validator = ({ observed, expected }) => secretAmong(observed, expected);

/** One of the words left, and the word the call before returned: the seed is reset to 0 before every pick. */
export const sameSecretWord: Validator = ({ observed, expected, previous }) => {
  const v = secretAmong(observed, expected);
  if (!v.ok) return v;
  if (previous && !pyEquals(previous, observed)) {
    return no(`returned ${repr(observed)} after returning ${short(previous)} on the call before, with the same words left: "The seed should be initialized to 0 before picking", so every call picks the same word (call random.seed(0) inside get_secret_word, not once in __init__)`);
  }
  return ok;
};

// ---------------------------------------------------------------- family-tuple lists for the sort tests

function shuffle<T>(xs: T[], rng: PyRandom): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.randbelow(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** `n` distinct words that fit `pattern`: its letters where it shows one, letters of `fill` elsewhere. */
function wordsFor(pattern: string, n: number, fill: string): string[] {
  const open = [...pattern].map((c, i) => (c === '-' ? i : -1)).filter((i) => i >= 0);
  return Array.from({ length: n }, (_, k) => {
    const w = [...pattern];
    let x = k;
    for (const i of open) {
      w[i] = fill[x % fill.length];
      x = Math.floor(x / fill.length);
    }
    return w.join('');
  });
}

/** A handout-form Family tuple: (length of the word list, dash count, pattern, word list). */
const entry = (pattern: string, words: string[]): PyValue => py.tuple([py.int(words.length), py.int(dashes(pattern)), py.str(pattern), py.strList(words)]);

function randomPattern(rng: PyRandom, length: number, revealed: number, letters: string): string {
  const p = Array.from({ length }, () => '-');
  const spots = shuffle(Array.from({ length }, (_, i) => i), rng).slice(0, revealed);
  for (const i of spots) p[i] = letters[rng.randbelow(letters.length)];
  return p.join('');
}

function distinctPatterns(rng: PyRandom, n: number, make: () => string): string[] {
  const seen = new Set<string>();
  while (seen.size < n) seen.add(make());
  return shuffle([...seen], rng);
}

let sortInputs: Record<string, PyValue> | undefined;

/**
 * Named inputs for the sort tests (the same for every word list):
 * - family_entries: 60 Family tuples of 5-letter patterns, 1-5 words, 0-3 letters revealed, shuffled
 *   (many share a size and a dash count, so the pattern decides);
 * - tied_entries: 512 Family tuples that all have one word and four dashes (6-letter patterns with two
 *   letters revealed), shuffled: every comparison must reach the pattern, whichever way a sort compares;
 * - equal_entries: 48 Family tuples, six different ones repeated, shuffled (for stability).
 */
export function sortTestInputs(): Record<string, PyValue> {
  if (sortInputs) return sortInputs;
  const rng = new PyRandom(313);
  const fiveLetter = distinctPatterns(rng, 60, () => randomPattern(rng, 5, rng.randbelow(4), 'abcdefghijklmnop'));
  const family = fiveLetter.map((p) => entry(p, wordsFor(p, 1 + rng.randbelow(5), 'rstuvwxyz')));
  const sixLetter = distinctPatterns(rng, 512, () => randomPattern(rng, 6, 2, 'abcdefghijklmnopqrstuvwxy'));
  const tied = sixLetter.map((p) => entry(p, wordsFor(p, 1, 'z')));
  const six = ['----', '-a--', '--a-', 'e--e', '---e', '-oo-'].map((p, k) => entry(p, wordsFor(p, 1 + (k % 3), 'rstuvwxyz')));
  const equal = shuffle(Array.from({ length: 48 }, (_, k) => six[k % six.length]), rng);
  sortInputs = { family_entries: py.list(family), tied_entries: py.list(tied), equal_entries: py.list(equal) };
  return sortInputs;
}
