// share_letter and a fast "do words i and j share a character?" table for the interval DPs.

/** The handout's share_letter: true when some character appears in both strings.
 *  Characters are compared exactly (case-sensitive, any character counts, not only letters),
 *  because the handout says "a character that appears in both"; show_solved_game upper-cases first. */
export function shareLetter(a: string, b: string): boolean {
  const seen = new Set(a); // iterates code points, like Python's `for c in a`
  for (const ch of b) if (seen.has(ch)) return true;
  return false;
}

/** Each word's character set as a bitset over the characters that occur in the list,
 *  so the O(n^2) pair checks of the DPs cost a word AND or two instead of a Set walk. */
export class SharingTable {
  private readonly stride: number;
  private readonly bits: Uint32Array;

  constructor(words: readonly string[]) {
    const ids = new Map<string, number>();
    for (const w of words) for (const ch of w) if (!ids.has(ch)) ids.set(ch, ids.size);
    this.stride = Math.max(1, Math.ceil(ids.size / 32));
    this.bits = new Uint32Array(words.length * this.stride);
    words.forEach((w, i) => {
      for (const ch of w) {
        const id = ids.get(ch)!;
        this.bits[i * this.stride + (id >>> 5)] |= 1 << (id & 31);
      }
    });
  }

  /** shareLetter(words[i], words[j]). */
  shares(i: number, j: number): boolean {
    const s = this.stride, a = i * s, b = j * s;
    for (let k = 0; k < s; k++) if (this.bits[a + k] & this.bits[b + k]) return true;
    return false;
  }
}
