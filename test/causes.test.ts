// Causes found by re-running (harness/grade/causes.ts), on made-up runs: an integration test that fails with
// the student's own helpers and with the reference's alike keeps, of the other defects its run showed, those
// both runs showed (the game's own), and drops those only the reference's helpers made appear.
import { describe, expect, it } from 'vitest';
import { findCause } from '../harness/grade/causes.js';
import { fail, type Outcome } from '../harness/grade/outcome.js';
import type { TestData } from '../harness/spec/schema.js';

const wrong = (defect: string, alternatives: Outcome[] = []): Outcome => ({ ...fail(defect), defect, ...(alternatives.length ? { alternatives } : {}) });
const game = { id: 'game-vowel', group: 'hangman', call: "hangman('tact')", stdin: ['o'], helpers: ['get_guessed_word'] } as unknown as Extract<TestData, { helpers?: string[] }>;

describe('findCause: a failure that stays with the reference helpers', () => {
  it('keeps the other defects the run as written showed too, and only those', async () => {
    const asWritten = wrong('missing:available', [wrong('wrong:guessesLeft'), wrong('wrong:revealed')]);
    const withReference = wrong('missing:available', [wrong('wrong:guessesLeft'), wrong('missing:secret')]);
    const got = await findCause(game, asWritten, async () => withReference);
    expect(got.defect).toBe('missing:available');
    expect(got.alternatives?.map((o) => o.defect)).toEqual(['wrong:guessesLeft']);
  });
  it('keeps none when the run as written showed none of them', async () => {
    const got = await findCause(game, wrong('missing:available'), async () => wrong('missing:available', [wrong('wrong:guessesLeft')]));
    expect(got.alternatives).toBeUndefined();
  });
});

describe('findCause: seen both ways means the same defect at the same turn', () => {
  it('drops a defect the reference-helper run shows at another turn than the run as written did', async () => {
    const at = (defect: string, turn: number): Outcome => ({ ...wrong(defect), detail: { regions: [{ text: 'transcript', from: 0, to: 1, label: `turn ${turn}: ${defect}` }] } });
    const asWritten = wrong('missing:available', [at('wrong:good', 5)]);
    const withReference = wrong('missing:available', [at('wrong:good', 1), at('wrong:guessesLeft', 2)]);
    const got = await findCause(game, asWritten, async () => withReference);
    expect(got.alternatives).toBeUndefined();
    const same = await findCause(game, wrong('missing:available', [at('wrong:good', 1)]), async () => withReference);
    expect(same.alternatives?.map((o) => o.defect)).toEqual(['wrong:good']);
  });
});
