// specs/ps3-mit.yaml against the MIT Spring 2017 handout: every worked example is a test and the
// reference gives the handout's numbers for it; the golden transcripts are fresh; and the handout's
// own transcripts (worded two ways in the handout) pass the spec's tolerant comparison.
import { MIT_PLAY_GAME_EXAMPLE } from './handout-transcripts.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { goldenPath, referenceRun, type Running } from '../harness/grade/python-tests.js';
import { syncGolden } from '../harness/golden.js';
import { compareText } from '../harness/compare/text.js';
import { repr } from '../harness/model/pyvalue.js';
import type { Normaliser } from '../harness/spec/schema.js';

const a = loadAssignment('ps3-mit');
const tests = a.spec.data.tests;
const byId = new Map(tests.map((t) => [t.id, t]));
const normalisers = a.spec.data.defaults.normalise as Normaliser[];

/** The reference's value for a call/steps test (its last step), as Python repr. */
function refValue(id: string): string {
  const t = byId.get(id);
  if (!t) throw new Error(`no test ${id} in specs/ps3-mit.yaml`);
  const run = referenceRun(a, t as Running);
  const last = run.steps[run.steps.length - 1];
  if (!last.value) throw new Error(`${id}: the reference returned no value`);
  return repr(last.value);
}

const golden = (id: string) => readFileSync(goldenPath(a, id), 'utf8');

describe('ps3-mit spec shape', () => {
  it('has at least 40 tests with unique ids, some hidden', () => {
    expect(tests.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tests.map((t) => t.id)).size).toBe(tests.length);
    expect(tests.filter((t) => t.visibility === 'hidden').length).toBeGreaterThanOrEqual(8);
  });
  it('covers every function of the handout', () => {
    const groups = new Set(tests.map((t) => t.group));
    for (const g of ['get_word_score', 'display_hand', 'update_hand', 'is_valid_word', 'calculate_handlen', 'deal_hand', 'substitute_hand', 'play_hand', 'play_game']) {
      expect(groups, g).toContain(g);
    }
  });
  it('golden transcripts are up to date and none is orphaned', () => {
    const st = syncGolden(a, false);
    expect({ stale: st.stale, missing: st.missing, orphans: st.orphans }).toEqual({ stale: [], missing: [], orphans: [] });
    expect(st.fresh.length).toBeGreaterThanOrEqual(15);
  });
});

describe('the reference gives the handout numbers for every worked example', () => {
  it.each([
    ['score-weed', '224'],
    ['score-it-floor', '2'],
    ['score-wildcard', '168'],
    ['score-fe-wildcard', '95'],
    ['update-quail', "{'l': 1, 'm': 1}"],
    ['update-jolly', "{'j': 1, 'w': 1, 'n': 2}"],
    ['update-wildcard', "{'c': 1, 'z': 1}"],
    ['valid-hello-twice', 'True'],
    ['valid-hello-one-l', 'False'],
    ['valid-rapture', 'False'],
    ['valid-honey', 'True'],
    ['valid-honey-missing', 'False'],
    ['valid-evil-upper', 'True'],
    ['valid-even-one-e', 'False'],
    ['wild-valid-cows', 'True'],
    ['wild-valid-ows', 'True'],
    ['wild-invalid-coz', 'False'],
    ['wild-invalid-cws', 'False'],
    ['play-hand-example-1', '165'],
    ['play-hand-example-2', '161'],
    ['wildcard-example-1', '252'],
    ['wildcard-example-2', '168'],
    ['wildcard-example-3', '0'],
    ['wildcard-example-4', '0'],
    ['game-handout-example', '376'],
  ])('%s -> %s', (id, want) => {
    expect(refValue(id)).toBe(want);
  });
});

// Quoted from the handout (ps3-mit-spring2017): the play_hand examples use one wording, the play_game
// example another; both must pass against our golden files through the spec's normalisers.
const HANDOUT_PLAY_HAND_1 = `Current Hand:
a j e f ! r x d
Enter word, or "*END*" to indicate that you are finished: jar
"jar" earned 70 points. Total: 70 points

Current Hand:
! f d e x
Enter word, or "*END*" to indicate that you are finished: fe!
"fe!" earned 95 points. Total: 165 points

Current Hand:
d x
Enter word, or "*END*" to indicate that you are finished: *END*
Total score for this hand: 165 points
`;

const HANDOUT_WILDCARD_4 = `Current Hand:
c o w s ! z
Enter word, or "*END*" to indicate that you are finished: c!ws
That is not a valid word. Please choose another word.

Current Hand:
o z
Enter word, or "*END*" to indicate that you are finished: *END*
Total score for this hand: 0 points
`;

const HANDOUT_PLAY_HAND_2 = `Current Hand:
a c f i ! t x
Enter word, or "*END*" to indicate that you are finished: fix
"fix" earned 143 points. Total: 143 points

Current Hand:
a c t !
Enter word, or "*END*" to indicate that you are finished: tc
That is not a valid word. Please choose another word.

Current Hand:
a !
Enter word, or "*END*" to indicate that you are finished: a!
"a!" earned 18 points. Total: 161 points

Total score for this hand: 161 points
`;

const HANDOUT_GAME = MIT_PLAY_GAME_EXAMPLE;

describe("the handout's transcripts pass the spec's comparison", () => {
  it.each([
    ['play-hand-example-1', HANDOUT_PLAY_HAND_1],
    ['play-hand-example-2', HANDOUT_PLAY_HAND_2],
    ['wildcard-example-4', HANDOUT_WILDCARD_4],
    ['game-handout-example', HANDOUT_GAME],
  ])('%s', (id, handout) => {
    const c = compareText(golden(id), handout, normalisers);
    expect(c.ok, c.summary).toBe(true);
  });

  it('but a wrong score, a missing line or a "None" line still fails', () => {
    const g = golden('play-hand-example-1');
    expect(compareText(g, HANDOUT_PLAY_HAND_1.replace('Total: 165', 'Total: 166'), normalisers).ok).toBe(false);
    expect(compareText(g, HANDOUT_PLAY_HAND_1.replace('d x\n', ''), normalisers).ok).toBe(false);
    expect(compareText(g, HANDOUT_PLAY_HAND_1.replace('d x\n', 'd x\nNone\n'), normalisers).ok).toBe(false);
    expect(compareText(g, HANDOUT_PLAY_HAND_1.replace('! f d e x', '! f d e e'), normalisers).ok).toBe(false);
  });
});
