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

/** A dealt hand's wildcard count other than one: the handout's one rule ("exactly one wildcard") broken. A hand
 *  without it and a hand with several, seen in two tests, are one defect (real programs show both from one block
 *  that places the wildcard, by hand size: none in a hand of one, two in a hand of eight); each is named too, so a
 *  hand that also lacks letters ("no-wildcard|size") is still the missing wildcard. */
const wrongWildcards = (got: string, wild: number, v: WordgameVariant) =>
  bad(`${got}: ${wild} wildcards '${v.wildcard}', expected exactly one`, wild === 0 ? 'wildcard-count|no-wildcard' : 'wildcard-count|several-wildcards');
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
  if (wild !== 1) return wrongWildcards(got, wild, v);
  if (vowels !== wantVowels) {
    return bad(`${got}: ${vowels} vowels, expected ${wantVowels} (ceil(${n}/3) = ${slots} vowel slots${v.wildcardStandsFor === 'vowels' ? `, one of them taken by '${v.wildcard}'` : `; '${v.wildcard}' takes a consonant slot`})`, 'vowels');
  }
  return consonants === n - wantVowels - 1 ? { ok: true } : bad(`${got}: ${consonants} consonants, expected ${n - wantVowels - 1}`, 'consonants');
};

/** `both`: a result that is not a hand at all breaks every part of the rule (a stub's None shows nothing). */
type Rule = 'letter' | 'copies' | 'both';

/** Every rule of substitute_hand(hand, letter) a result breaks, in order, each tagged with the part of the
 *  rule it is about: which new letter (`letter`), or which copies of which letters (`copies`). A test aimed
 *  at one part judges that part alone, whatever the result gets wrong about the other. */
function substitutionProblems({ observed, args, ctx }: Parameters<Validator>[0]): { rule: Rule; message: string; defect: string }[] {
  const v = variantOf(ctx);
  const before = handOf(args[0]!, 'the hand');
  const letter = asStr(args[1]!, 'letter');
  if (typeof before === 'string') return [{ rule: 'both', message: before, defect: 'not-a-hand' }];
  const after = handOf(observed, `substitute_hand(..., ${repr(args[1]!)})`);
  // No hand back: for a held letter neither part of the rule was shown; for a letter the hand lacks, only
  // "the hand comes back the same" was asked.
  if (typeof after === 'string') return [{ rule: held(before, letter) ? 'both' : 'copies', message: after, defect: 'not-a-hand' }];
  const got = `substitute_hand(${shown(before)}, ${JSON.stringify(letter)}) returned ${shown(after)}`;
  const out: { rule: Rule; message: string; defect: string }[] = [];
  const add = (rule: Rule, text: string, defect: string) => out.push({ rule, message: `${got}: ${text}`, defect });
  if (!held(before, letter)) {
    const same = [...new Set([...before.keys(), ...after.keys()])].every((k) => (before.get(k) ?? 0) === (after.get(k) ?? 0));
    if (!same) add('copies', `the hand does not hold ${JSON.stringify(letter)}, so it must come back the same`, 'absent-letter-changes-hand');
    return out;
  }
  const unchanged = [...new Set([...before.keys(), ...after.keys()])].every((k) => (before.get(k) ?? 0) === (after.get(k) ?? 0));
  if (unchanged) {
    // Nothing was replaced, or the letter drawn was the one replaced: a letter already held, as when the draw
    // picks another letter of the hand (one defect, whichever the draw shows; both parts of the rule see it).
    add('both', `the hand came back unchanged: every copy of ${JSON.stringify(letter)} must become a new letter, different from it (was ${JSON.stringify(letter)} itself drawn?)`, 'hand-unchanged|new-letter-already-held');
    return out;
  }
  if (held(after, letter)) add('copies', `${JSON.stringify(letter)} is still in the hand; every copy of it must be replaced`, 'old-letter-kept');
  const added = [...after.keys()].filter((k) => held(after, k) && !held(before, k));
  if (added.length !== 1) {
    add('letter', `expected exactly one new letter in place of ${JSON.stringify(letter)}, found ${added.length ? added.join(', ') : 'none'}`, added.length ? 'several-new-letters' : 'new-letter-already-held');
  } else {
    const nu = added[0]!;
    if (after.get(nu) !== before.get(letter)) add('copies', `'${nu}' should appear ${before.get(letter)} time(s), as often as ${JSON.stringify(letter)} did`, 'new-letter-count');
    if (!VOWELS.includes(nu) && !CONSONANTS.includes(nu)) add('letter', `'${nu}' is not a letter of VOWELS or CONSONANTS`, 'not-a-letter');
    else if (v.substituteSameKind && VOWELS.includes(nu) !== VOWELS.includes(letter)) {
      add('letter', VOWELS.includes(letter) ? 'a vowel must be replaced by a vowel' : 'a consonant must be replaced by a consonant', 'wrong-kind');
    }
  }
  // A new letter the hand already held shows as that letter's count grown by the replaced copies (merged)
  // or set to them (its entry overwritten): one mistake (which letter was drawn), not also a count changed.
  const replaced = before.get(letter)!;
  const tookIn = (k: string) => {
    const was = before.get(k) ?? 0, now = after.get(k) ?? 0;
    return now - was === replaced || (now === replaced && now !== was);
  };
  const mergedInto = added.length ? undefined : [...before.keys()].find((k) => k !== letter && tookIn(k));
  for (const [k, n] of before) if (k !== letter && k !== mergedInto && (after.get(k) ?? 0) !== n) add('copies', `the count of '${k}' changed (${n} -> ${after.get(k) ?? 0}); only ${JSON.stringify(letter)} is replaced`, 'other-counts-changed');
  return out;
}

const substitutionRule = (rule?: Exclude<Rule, 'both'>): Validator => (input) => {
  const p = substitutionProblems(input).find((x) => !rule || x.rule === rule || x.rule === 'both');
  return p ? bad(p.message, p.defect) : { ok: true };
};

/** substitute_hand(hand, letter): every copy of a held letter becomes one new letter the hand did not
 *  hold (of the same kind where the variant says so); a letter the hand lacks leaves it the same. */
export const substitution: Validator = substitutionRule();

/** deal_hand(n)'s wildcard alone: exactly one, whatever else the hand gets wrong. */
const dealtWildcard: Validator = ({ observed, args, ctx }) => {
  const v = variantOf(ctx);
  const n = asInt(args[0]!, 'n');
  const h = handOf(observed, `deal_hand(${n})`);
  if (typeof h === 'string') return bad(h, 'not-a-hand');
  const wild = h.get(v.wildcard) ?? 0;
  if (wild === 1) return { ok: true };
  const got = `deal_hand(${n}) returned ${shown(h)}`;
  // A hand short of letters and without the wildcard may have lost it with the missing slot (a wildcard
  // dealt into a consonant slot leaves deal_hand(1) empty): either mistake explains it, and the one the
  // program's other failures show is the defect (charges.ts reads "a|b").
  const total = count(h, () => true);
  if (wild === 0 && total < n) return bad(`${got}: 0 wildcards '${v.wildcard}', expected exactly one (and ${total} letters, expected ${n})`, 'no-wildcard|size');
  return wrongWildcards(got, wild, v);
};

export const WORDGAME_VALIDATORS: Record<string, Validator> = {
  'dealt-hand': dealtHand,
  'dealt-hand-wildcard': dealtWildcard,
  substitution,
  'substitution-letter': substitutionRule('letter'),
  'substitution-copies': substitutionRule('copies'),
};
