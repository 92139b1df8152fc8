// The word-family partition shared by the 313E Hangman reference and the Nifty (CIT 594) game.
// Every active word already matches the current pattern, so the family a word joins is fully
// determined by the set of positions where the guessed letter occurs. We key families by that
// position set (a number used as a bitmask) instead of building a pattern string per word, and
// build each family's pattern once. 45,000 words partition in a few milliseconds.
//
// Positions are code-point positions (Python's len/indexing), so words or guesses outside the
// BMP still partition exactly as Python would.

export interface Family {
  /** The pattern after the guess: the previous pattern with the guess written at `positions`. */
  pattern: string;
  /** Code-point positions of the guessed letter, ascending (empty: the guess is wrong for this family). */
  positions: number[];
  /** Number of members (== members.length). */
  size: number;
  /** '-' characters in the new pattern (fewer dashes = more letters revealed). */
  dashCount: number;
  /** Members in the order they appear in the input word list. */
  members: string[];
}

/** 2^i as an exact float up to 2^52; longer words fall back to a string key. */
const POW2: number[] = Array.from({ length: 53 }, (_, i) => 2 ** i);

/**
 * Splits `words` (all matching `pattern`) into families by where `guess` (one character) occurs.
 * Families come in first-appearance order while iterating `words` in order; members keep input order.
 */
export function partition(words: readonly string[], pattern: string, guess: string): Family[] {
  const g = guess.codePointAt(0);
  if (g === undefined || [...guess].length !== 1) {
    throw new Error(`partition: the guess must be exactly one character, got ${JSON.stringify(guess)}`);
  }
  const astral = g > 0xffff;
  const gHi = astral ? guess.charCodeAt(0) : g;
  const gLo = astral ? guess.charCodeAt(1) : -1;
  const patternChars = [...pattern];
  const byKey = new Map<number | string, Family>();
  const order: Family[] = [];

  for (const word of words) {
    let key = 0;
    let positions: number[] | null = null; // only built when a word is long (> 52 code points)
    let cp = 0;
    for (let i = 0; i < word.length; i++, cp++) {
      const c = word.charCodeAt(i);
      const isPair = c >= 0xd800 && c <= 0xdbff && i + 1 < word.length;
      const hit = astral ? isPair && c === gHi && word.charCodeAt(i + 1) === gLo : c === gHi;
      if (isPair) {
        const lo = word.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) i++;
      }
      if (hit) {
        if (cp < 53 && positions === null) key += POW2[cp];
        else {
          positions ??= maskToPositions(key);
          positions.push(cp);
        }
      }
    }
    const mapKey: number | string = positions === null ? key : 'p' + positions.join(',');
    let fam = byKey.get(mapKey);
    if (fam === undefined) {
      const pos = positions ?? maskToPositions(key);
      fam = makeFamily(patternChars, pos, guess);
      byKey.set(mapKey, fam);
      order.push(fam);
    }
    fam.members.push(word);
    fam.size++;
  }
  return order;
}

function maskToPositions(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; mask > 0; i++) {
    if (mask % 2 === 1) out.push(i);
    mask = Math.floor(mask / 2);
  }
  return out;
}

function makeFamily(patternChars: readonly string[], positions: number[], guess: string): Family {
  const chars = patternChars.slice();
  for (const p of positions) chars[p] = guess;
  let dashCount = 0;
  for (const ch of chars) if (ch === '-') dashCount++;
  return { pattern: chars.join(''), positions, size: 0, dashCount, members: [] };
}

/** Python's `str < str`: code-point order (JS `<` compares UTF-16 units, which differs past the BMP). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff, ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1; // a surrogate starts a code point above every BMP unit
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

/**
 * The 313E "hardest first" order: ascending over (-size, -dashCount, pattern), i.e. largest family,
 * then fewest letters revealed, then the smallest pattern. Returns a new array.
 */
export function hardestFirst<F extends Pick<Family, 'size' | 'dashCount' | 'pattern'>>(families: readonly F[]): F[] {
  return families.slice().sort(
    (a, b) => b.size - a.size || b.dashCount - a.dashCount || compareCodePoints(a.pattern, b.pattern),
  );
}

/** Python len(): number of code points. */
export function cpLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
