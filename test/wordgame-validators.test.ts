// substitute_hand's rules judged apart: which new letter was drawn (`substitution-letter`) and which
// copies changed (`substitution-copies`). A new letter the hand already held is one mistake, the letter
// drawn, whether the student's dict merged its count or overwrote it; it must not also be a count changed.
import { describe, expect, it } from 'vitest';
import { py, type PyValue } from '../harness/model/pyvalue.js';
import type { RefContext } from '../harness/model/reference.js';
import { WORDGAME_VALIDATORS } from '../reference/wordgame/validators.js';

const ctx = { options: { variant: 'ocw' } } as unknown as RefContext;
const judge = (rule: string, before: Record<string, number>, letter: string, after: Record<string, number>) =>
  WORDGAME_VALIDATORS[rule]!({ observed: py.counts(after), args: [py.counts(before), py.str(letter)] as PyValue[], ctx, output: '' });

const hand = { d: 2, '*': 1, l: 1, o: 1, u: 1, t: 1 };

describe('substitute_hand validators', () => {
  it('a right substitution passes both parts', () => {
    const after = { d: 2, '*': 1, z: 1, o: 1, u: 1, t: 1 };
    expect(judge('substitution-letter', hand, 'l', after).ok).toBe(true);
    expect(judge('substitution-copies', hand, 'l', after).ok).toBe(true);
  });

  it('a drawn letter the hand held, its entry overwritten, fails the letter rule only', () => {
    const after = { d: 1, '*': 1, o: 1, u: 1, t: 1 }; // 'l' -> 'd', new_hand['d'] = 1 replaced d: 2
    expect(judge('substitution-letter', hand, 'l', after)).toMatchObject({ ok: false, defect: 'new-letter-already-held' });
    expect(judge('substitution-copies', hand, 'l', after).ok).toBe(true);
  });

  it('a drawn letter the hand held, its count merged, fails the letter rule only', () => {
    const after = { d: 3, '*': 1, o: 1, u: 1, t: 1 };
    expect(judge('substitution-letter', hand, 'l', after).ok).toBe(false);
    expect(judge('substitution-copies', hand, 'l', after).ok).toBe(true);
  });

  it('a count changed by something else is still charged to the copies rule', () => {
    const after = { d: 1, '*': 1, z: 1, o: 1, u: 1, t: 1 }; // right new letter, but a 'd' lost
    expect(judge('substitution-letter', hand, 'l', after).ok).toBe(true);
    expect(judge('substitution-copies', hand, 'l', after)).toMatchObject({ ok: false, defect: 'other-counts-changed' });
  });

  it('keeping a copy of the old letter is a copies defect', () => {
    const after = { d: 2, '*': 1, l: 1, z: 1, o: 1, u: 1, t: 1 };
    expect(judge('substitution-copies', hand, 'l', after)).toMatchObject({ ok: false, defect: 'old-letter-kept' });
  });
});

describe('a result that is not a hand', () => {
  it('fails every part of the substitution rule (a stub returning None shows nothing)', () => {
    for (const rule of ['substitution-letter', 'substitution-copies', 'substitution']) {
      const v = WORDGAME_VALIDATORS[rule]!({ observed: py.none, args: [py.counts(hand), py.str('l')] as PyValue[], ctx, output: '' });
      expect(v, rule).toMatchObject({ ok: false, defect: 'not-a-hand' });
    }
  });
});

describe('substitute_hand drawing the letter it replaces', () => {
  it('or replacing nothing: one defect, which both parts of the rule see', () => {
    const after = { ...hand };
    expect(judge('substitution-letter', hand, 'l', after)).toMatchObject({ ok: false, defect: 'hand-unchanged|new-letter-already-held' });
    expect(judge('substitution-copies', hand, 'l', after)).toMatchObject({ ok: false, defect: 'hand-unchanged|new-letter-already-held' });
  });
  it('None for a letter the hand lacks breaks only "the hand comes back the same"', () => {
    const absent = (rule: string) => WORDGAME_VALIDATORS[rule]!({ observed: py.none, args: [py.counts(hand), py.str('z')] as PyValue[], ctx, output: '' });
    expect(absent('substitution-letter').ok).toBe(true);
    expect(absent('substitution-copies')).toMatchObject({ ok: false, defect: 'not-a-hand' });
  });
});
