// Judging random results by the handout's rules rather than by one random draw: a dealt hand and a
// substitution are right when they have the shape the handout states, whatever letters were drawn.
// Tests of deal_hand and substitute_hand use these instead of calling update_hand and
// calculate_handlen on the result, so a bug in those helpers is charged by their own tests only.
import type { RefContext, Validator, Verdict } from '../../harness/model/reference.js';
import { asCounts, asInt, asStr, PyTypeError, repr, type PyValue } from '../../harness/model/pyvalue.js';
import { CONSONANTS, VOWELS, type Hand } from './letters.js';
import { resolveVariant, type WordgameVariant } from './variants.js';

/** A wrong result, with the rule it breaks as its defect: the same rule broken in two tests is one defect. */
const bad = (message: string, defect: string): Verdict => ({ ok: false, message, defect });

function variantOf(ctx: Pick<RefContext, 'options'>): WordgameVariant {
  return resolveVariant(ctx.options.variant, 'PS3 options.variant');
}

/** A dict of letter counts, or why it is not one. Zero counts are allowed (the handout allows them). */
function handOf(v: PyValue, what: string): Hand | string {
  try {
    const h = asCounts(v, what);
    for (const [k, n] of h) if (n < 0) return `${what} has a negative count for ${JSON.stringify(k)}`;
    return h;
  } catch (e) {
    if (e instanceof PyTypeError) return `${what} is not a dict of letter counts: ${e.message}`;
    throw e;
  }
}

const count = (h: Hand, pick: (letter: string) => boolean) => [...h].reduce((s, [k, n]) => s + (pick(k) ? n : 0), 0);
const held = (h: Hand, letter: string) => (h.get(letter) ?? 0) > 0;
const shown = (h: Hand) => [...h].flatMap(([k, n]) => Array<string>(n).fill(k)).join(' ') || '(empty)';

/** deal_hand(n): n letters, exactly one wildcard, ceil(n/3) vowel slots (the wildcard takes one of them
 *  where it stands for a vowel, a consonant slot where it stands for a consonant), the rest consonants. */
export const dealtHand: Validator = ({ observed, args, ctx }) => {
  const v = variantOf(ctx);
  const n = asInt(args[0]!, 'n');
  const h = handOf(observed, `deal_hand(${n})`);
  if (typeof h === 'string') return bad(h, 'not-a-hand');
  const total = count(h, () => true);
  const wild = h.get(v.wildcard) ?? 0;
  const vowels = count(h, (k) => VOWELS.includes(k));
  const consonants = count(h, (k) => CONSONANTS.includes(k));
  const other = [...h.keys()].filter((k) => k !== v.wildcard && !VOWELS.includes(k) && !CONSONANTS.includes(k) && held(h, k));
  const slots = Math.ceil(n / 3);
  const wantVowels = v.wildcardStandsFor === 'vowels' ? slots - 1 : slots;
  const got = `deal_hand(${n}) returned ${shown(h)}`;
  if (other.length) return bad(`${got}: ${other.map((k) => JSON.stringify(k)).join(', ')} is not a lower-case letter or the wildcard`, 'not-letters');
  if (total !== n) return bad(`${got}: ${total} letters, expected ${n} (a hand holds n letters, the wildcard included)`, 'size');
  if (wild !== 1) return bad(`${got}: ${wild} wildcards '${v.wildcard}', expected exactly one`, 'wildcards');
  if (vowels !== wantVowels) {
    return bad(`${got}: ${vowels} vowels, expected ${wantVowels} (ceil(${n}/3) = ${slots} vowel slots${v.wildcardStandsFor === 'vowels' ? `, one of them taken by '${v.wildcard}'` : `; '${v.wildcard}' takes a consonant slot`})`, 'vowels');
  }
  return consonants === n - wantVowels - 1 ? { ok: true } : bad(`${got}: ${consonants} consonants, expected ${n - wantVowels - 1}`, 'consonants');
};

/** substitute_hand(hand, letter): every copy of a held letter becomes one new letter the hand did not
 *  hold (of the same kind where the variant says so); a letter the hand lacks leaves it the same. */
export const substitution: Validator = ({ observed, args, ctx }) => {
  const v = variantOf(ctx);
  const before = handOf(args[0]!, 'the hand');
  const letter = asStr(args[1]!, 'letter');
  if (typeof before === 'string') return bad(before, 'not-a-hand');
  const after = handOf(observed, `substitute_hand(..., ${repr(args[1]!)})`);
  if (typeof after === 'string') return bad(after, 'not-a-hand');
  const got = `substitute_hand(${shown(before)}, ${JSON.stringify(letter)}) returned ${shown(after)}`;
  const same = (a: Hand, b: Hand) => [...new Set([...a.keys(), ...b.keys()])].every((k) => (a.get(k) ?? 0) === (b.get(k) ?? 0));
  if (!held(before, letter)) return same(before, after) ? { ok: true } : bad(`${got}: the hand does not hold ${JSON.stringify(letter)}, so it must come back the same`, 'absent-letter-changes-hand');
  if (held(after, letter)) return bad(`${got}: ${JSON.stringify(letter)} is still in the hand; every copy of it must be replaced`, 'old-letter-kept');
  const added = [...after.keys()].filter((k) => held(after, k) && !held(before, k));
  if (added.length !== 1) return bad(`${got}: expected exactly one new letter in place of ${JSON.stringify(letter)}, found ${added.length ? added.join(', ') : 'none'}`, added.length ? 'several-new-letters' : 'new-letter-already-held');
  const nu = added[0]!;
  if (after.get(nu) !== before.get(letter)) return bad(`${got}: '${nu}' should appear ${before.get(letter)} time(s), as often as ${JSON.stringify(letter)} did`, 'new-letter-count');
  for (const [k, n] of before) if (k !== letter && (after.get(k) ?? 0) !== n) return bad(`${got}: the count of '${k}' changed (${n} -> ${after.get(k) ?? 0}); only ${JSON.stringify(letter)} is replaced`, 'other-counts-changed');
  if (!VOWELS.includes(nu) && !CONSONANTS.includes(nu)) return bad(`${got}: '${nu}' is not a letter of VOWELS or CONSONANTS`, 'not-a-letter');
  if (v.substituteSameKind && VOWELS.includes(nu) !== VOWELS.includes(letter)) {
    return bad(`${got}: ${VOWELS.includes(letter) ? 'a vowel must be replaced by a vowel' : 'a consonant must be replaced by a consonant'}`, 'wrong-kind');
  }
  return { ok: true };
};

export const WORDGAME_VALIDATORS: Record<string, Validator> = { 'dealt-hand': dealtHand, substitution };
