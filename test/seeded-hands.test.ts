// Seeded hands: a test may name a reference call whose results are scripted into the student's
// deal_hand; the seed (fixed, or per submission) decides them, and the report records it.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { patchesOf, type Running } from '../harness/grade/python-tests.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { rootPath } from '../harness/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'gk-seeded-'));
const spec = join(dir, 'seeded.yaml');
writeFileSync(
  spec,
  `assignment: seeded-demo
title: seeded hands
language: python
submission: { file: ps3.py }
reference: wordgame
options: { variant: mit }
fixtures: ${rootPath('fixtures', 'ps3-mit')}
words: { file: words.txt, as: words.txt }
defaults: { normalise: [trailing-whitespace, hand-multiset] }
tests:
  - id: game-seeded
    call: play_game(word_list)
    stdin: ["2", "no", "*END*", "no", "no", "*END*", "no"]
    basis: "play_game: deals a hand per round (seeded)"
    patch:
      deal_hand: { generate: { call: deal_hand(7), count: 2 } }
`,
);
const a = loadAssignment(spec);
const t = a.spec.data.tests[0] as Running;
const hands = (seed: number | string) => JSON.stringify(patchesOf(t, a, seed).wire);

describe('seeded hands', () => {
  it('the same seed deals the same hands, another seed other hands', () => {
    expect(hands(7)).toBe(hands(7));
    expect(hands(7)).not.toBe(hands(8));
    expect(hands(7)).toMatch(/"!"/); // mit hands carry the wildcard
  });
  it('a correct solution passes whatever the seed, and the report names the seed', async () => {
    const acc = rootPath('fixtures', 'ps3-mit', 'submissions', 'accepted');
    const sub = join(acc, readdirSync(acc)[0]);
    for (const seed of [7, 'per-submission'] as const) {
      const r = await gradeSubmission(a, sub, { seed });
      expect(r.tests[0].status, r.tests[0].message).toBe('passed');
      expect(r.seed).toMatch(/^\d+$/);
    }
  });
});
