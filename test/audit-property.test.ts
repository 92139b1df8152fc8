// Differential property tests (harness/grade/property.ts): a wrong function gets a shrunk counterexample
// of a few letters as a line of Python; a correct one passes; the seed replays the same cases.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import '../reference/register.js';
import { listAssignments, loadAssignment } from '../harness/assignment/load.js';
import { fixtureSubmissions } from '../harness/fixtures.js';
import { openSession, type OpenSession } from '../harness/audit/session.js';
import { propertyCalls, runProperty, type PropertyTest } from '../harness/grade/property.js';
import { submissionSeed } from '../harness/grade/seed.js';
import { gradeSubmission } from '../harness/grade/submission.js';

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

describe('per-submission seeds', () => {
  const t = { id: 'hidden-prop', property: { call: 'num_winning_strategies(L)', given: { L: longLists }, runs: 10, check: 'reference' } } as PropertyTest;
  const [x, y] = ['fixtures/chiseler/submissions/accepted/first-word-first', 'fixtures/chiseler/submissions/accepted/last-word-first'];

  it('gives each submission its own reproducible seed, printed in the report', async () => {
    const sx = submissionSeed(chiseler, x);
    expect(submissionSeed(chiseler, x)).toBe(sx);
    expect(submissionSeed(chiseler, y)).not.toBe(sx);
    const r = await gradeSubmission(chiseler, x, { seed: 'per-submission', only: ['count-one-word'] });
    expect(r.seed).toBe(String(sx));
  });

  it('draws different hidden inputs per seed and the same ones again for the same seed', () => {
    const sx = submissionSeed(chiseler, x);
    const sy = submissionSeed(chiseler, y);
    expect(propertyCalls(t, chiseler, sx)).toEqual(propertyCalls(t, chiseler, sx));
    expect(propertyCalls(t, chiseler, sx)).not.toEqual(propertyCalls(t, chiseler, sy));
    // A seed pinned in the spec wins: every student gets those cases.
    const pinned = { ...t, property: { ...t.property, seed: 5 } } as PropertyTest;
    expect(propertyCalls(pinned, chiseler, sx)).toEqual(propertyCalls(pinned, chiseler, sy));
  });
});

describe("the specs' own property tests", () => {
  // property.ts replaces the first, non-shrinking runner: every shipped property test must still pass
  // every accepted fixture with it.
  const cases = listAssignments()
    .map((id) => loadAssignment(id))
    .filter((a) => a.spec.data.language === 'python')
    .flatMap((a) => {
      const props = a.spec.data.tests.filter((t): t is PropertyTest => 'property' in t);
      return fixtureSubmissions(a.fixturesDir, a.id).filter((s) => s.verdict === 'accepted' && props.length).map((s) => [`${a.id}/${s.name}`, a, s.path, props] as const);
    });
  it.skipIf(!cases.length).each(cases)('%s passes them all', async (_, a, path, props) => {
    const s = await openSession(a, path);
    open.push(s);
    for (const t of props) {
      const o = await runProperty(t, { a, session: s.session, file: s.file }, t.timeout ?? a.spec.data.defaults.timeout);
      expect(o.status, `${t.id}: ${o.message}`).toBe('passed');
    }
  }, 60_000);
});

describe("the specs' property tests on wrong fixtures", () => {
  // Each wrong fixture fails exactly the property tests its expect.yaml names, with property.ts too.
  const cases = listAssignments()
    .map((id) => loadAssignment(id))
    .filter((a) => a.spec.data.language === 'python')
    .flatMap((a) => {
      const props = a.spec.data.tests.filter((t): t is PropertyTest => 'property' in t);
      return fixtureSubmissions(a.fixturesDir, a.id)
        .filter((s) => s.verdict !== 'accepted' && props.length && existsSync(join(s.path, 'expect.yaml')))
        .map((s) => [`${a.id}/${s.verdict}/${s.name}`, a, s.path, props] as const);
    });
  it.skipIf(!cases.length).each(cases)('%s', async (_, a, path, props) => {
    const exp = parse(readFileSync(join(path, 'expect.yaml'), 'utf8')) as { fails?: string[]; not_charged_again?: string[] };
    const fails = new Set(exp.fails ?? []);
    const again = new Set(exp.not_charged_again ?? []);
    const s = await openSession(a, path);
    open.push(s);
    if (!s.imported.ok) return; // an import failure fails every test, whichever runner
    for (const t of props) {
      const o = await runProperty(t, { a, session: s.session, file: s.file }, t.timeout ?? a.spec.data.defaults.timeout);
      // A property test that sees a defect another test charges fails here but keeps its points in the grade:
      // its home (same_defect_as) is among the fixture's failures, or expect.yaml lists it under
      // not_charged_again (checked against the full grade by fixtures-support.ts).
      const notCharged = again.has(t.id) || (t.same_defect_as ?? []).some((id) => fails.has(id));
      if (o.status === 'passed') expect(fails.has(t.id), `${t.id} passes but expect.yaml says it fails`).toBe(false);
      else expect(fails.has(t.id) || notCharged, `${t.id}: ${o.message}`).toBe(true);
    }
  }, 60_000);
});
