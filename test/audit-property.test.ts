// Differential property tests (harness/grade/property.ts): a wrong function gets a shrunk counterexample
// of a few letters as a line of Python; a correct one passes; the seed replays the same cases.
import { afterAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { openSession, type OpenSession } from '../harness/audit/session.js';
import { runProperty, type PropertyTest } from '../harness/grade/property.js';

const chiseler = loadAssignment('chiseler');
const ps3 = loadAssignment('ps3-mit');
const open: OpenSession[] = [];
afterAll(async () => Promise.all(open.map((s) => s.close())));

async function run(a: typeof chiseler, submission: string, property: Partial<PropertyTest['property']>, seed?: number) {
  const s = await openSession(a, submission);
  open.push(s);
  const t = { id: 'prop', property: { runs: 100, check: 'reference', ...property } } as PropertyTest;
  return runProperty(t, { a, session: s.session, file: s.file, seed }, 3000);
}

const longLists = { gen: 'word-list', with: { min_words: 1, max_words: 50, max_length: 6, letters: 'ABCDEFGHIJKLMNOP' } };

describe('property tests with shrinking', () => {
  it('shrinks a wrong count to a list of a few short words', async () => {
    const o = await run(chiseler, 'fixtures/chiseler/submissions/wrong_answer/count-forgets-share-check', { call: 'num_winning_strategies(L)', given: { L: longLists } });
    expect(o.status).toBe('failed');
    expect(o.message).toMatch(/shrunk in \d+ steps/);
    const call = o.detail!.call!;
    expect(call).toMatch(/^num_winning_strategies\(\[.*\]\)  # expected \d+, got \d+$/);
    const words = [...call.matchAll(/'([A-Z]+)'/g)].map((m) => m[1]);
    // The smallest list on which ignoring the shared-letter check matters: two words with nothing in common.
    expect(words.length).toBe(2);
    expect(words.join('').length).toBeLessThanOrEqual(3);
    expect(o.detail!.seed).toBe('0');
  });

  it('passes a correct solution on the same generated lists', async () => {
    const o = await run(chiseler, 'fixtures/chiseler/submissions/accepted/first-word-first', { call: 'num_winning_strategies(L)', given: { L: longLists } });
    expect(o.status, o.message).toBe('passed');
  });

  it('judges with a validator when the property names one', async () => {
    const o = await run(chiseler, 'fixtures/chiseler/submissions/accepted/last-word-first', { call: 'winning_strategy(L)', given: { L: { gen: 'word-list' } }, check: 'winning-strategy' });
    expect(o.status, o.message).toBe('passed');
  });

  it('shrinks a wrong update_hand to a hand of a few letters, with the expected hand to paste', async () => {
    // The deliberately wrong function: letters of the word that are not in the hand go negative.
    const o = await run(ps3, 'test/fixtures-audit/update-hand-negative', { call: 'update_hand(hand, word)', given: { hand: { gen: 'hand' }, word: { gen: 'word' } }, compare: 'counts', runs: 200 });
    expect(o.status).toBe('failed');
    const call = o.detail!.call!;
    expect(call).toMatch(/^update_hand\(\{.*\}, '[a-z]+'\)  # expected \{.*\}, got \{.*\}$/);
    const hand = call.slice(call.indexOf('{'), call.indexOf('}') + 1);
    const letters = [...hand.matchAll(/'([a-z!])': (\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
    expect(letters).toBeLessThanOrEqual(1);
    expect(call.match(/, '([a-z]+)'\)/)![1].length).toBeLessThanOrEqual(2);
  });

  it('replays the same counterexample with the same seed, and draws other cases with another', async () => {
    const p = { call: 'num_winning_strategies(L)', given: { L: longLists }, runs: 5 };
    const [x, y, z] = [await run(chiseler, 'fixtures/chiseler/submissions/wrong_answer/count-forgets-share-check', p, 7),
      await run(chiseler, 'fixtures/chiseler/submissions/wrong_answer/count-forgets-share-check', p, 7),
      await run(chiseler, 'fixtures/chiseler/submissions/wrong_answer/count-forgets-share-check', p, 8)];
    expect(x.detail!.seed).toBe('7');
    expect(x.message).toBe(y.message);
    expect(z.detail!.seed).toBe('8');
  });

  it('reports an unknown generator as a spec problem', async () => {
    const o = await run(chiseler, 'fixtures/chiseler/submissions/accepted/first-word-first', { call: 'num_winning_strategies(L)', given: { L: { gen: 'no-such-thing' } } });
    expect(o.status).toBe('error');
    expect(o.message).toMatch(/unknown generator 'no-such-thing' \(known: .*word-list/);
  });
});
