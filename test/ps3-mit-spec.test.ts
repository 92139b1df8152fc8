// specs/ps3-mit.yaml against the MIT Spring 2017 handout: every worked example is a test and the
// reference gives the handout's numbers for it; the golden transcripts are fresh; and the handout's
// own transcripts (worded two ways in the handout) pass the spec's tolerant comparison.
import { MIT_PLAY_GAME_EXAMPLE } from './handout-transcripts.js';
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { referenceRun, type Running } from '../harness/grade/python-tests.js';
import { inputsNotConsumed } from './wordgame-support.js';
import { syncGolden } from '../harness/golden.js';
import { judgeAsStudent } from './handout-judge.js';
import { repr } from '../harness/model/pyvalue.js';

const a = loadAssignment('ps3-mit');
const tests = a.spec.data.tests;
const byId = new Map(tests.map((t) => [t.id, t]));

/** The reference's value for a call/steps test (its last step), as Python repr. */
function refValue(id: string): string {
  const t = byId.get(id);
  if (!t) throw new Error(`no test ${id} in specs/ps3-mit.yaml`);
  const run = referenceRun(a, t as Running);
  const last = run.steps[run.steps.length - 1];
  if (!last.value) throw new Error(`${id}: the reference returned no value`);
  return repr(last.value);
}


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
    expect(st.fresh.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the reference gives the handout numbers for every worked example', () => {
  it.each([
    ['score-weed', '224'],
    ['score-it-floor', '2'],
    ['update-quail', "{'l': 1, 'm': 1}"],
    ['update-jolly', "{'j': 1, 'w': 1, 'n': 2}"],
    ['update-wildcard', "{'c': 1, 'z': 1}"],
    ['valid-evil-upper', 'True'],
    ['wild-invalid-coz', 'False'],
    ['wild-consonants-only', 'False'],
    ['play-hand-returns', '161'],
    ['play-hand-own-helpers', '165'],
    ['game-own-helpers', '376'],
    ['game-handout-example', '376'],
  ])('%s -> %s', (id, want) => {
    expect(refValue(id)).toBe(want);
  });
  it('every literal expect in the spec is what the reference computes', () => {
    const literal = tests.filter((t): t is Running & { expect: string } => 'expect' in t && typeof t.expect === 'string');
    expect(literal.length).toBeGreaterThanOrEqual(15);
    // counts: compared as dicts without zero entries, order ignored
    const counts = (s: string) => [...s.matchAll(/'(.)':\s*(-?\d+)/g)].filter((m) => m[2] !== '0').map((m) => `${m[1]}${m[2]}`).sort();
    for (const t of literal) {
      const got = refValue(t.id);
      if (t.compare === 'counts') expect(counts(got), t.id).toEqual(counts(t.expect));
      else expect(got.replace(/\s+/g, ''), t.id).toBe(t.expect.replace(/\s+/g, ''));
    }
  });
  it('every word scored in the handout examples', () => {
    const t = byId.get('score-play-examples') as Running;
    expect(referenceRun(a, t).steps.map((x) => repr(x.value!))).toEqual(['252', '168', '70', '95', '143', '18', '144', '108', '33', '55', '69']);
  });
  it("test_ps3.py's get_word_score cases: was 66, scored 450, WaYbILl 945, Outgnaw 693, fork 264, FORK (n=4) 396, !oney 259, !ows (n=6) 168, !ails 148", () => {
    expect(referenceRun(a, byId.get('score-test-ps3') as Running).steps.map((x) => repr(x.value!))).toEqual(['66', '450', '945', '693', '264', '396', '259', '168', '148']);
  });
  it('the test_ps3.py is_valid_word cases: honey valid/invalid, hello/Rapture/Even invalid, hello valid twice', () => {
    const values = (id: string) => referenceRun(a, byId.get(id) as Running).steps.filter((x) => x.value?.t === 'bool').map((x) => repr(x.value!));
    expect(values('valid-basic')).toEqual(['True', 'False']);
    expect(values('valid-counts')).toEqual(['False', 'False', 'False']);
    expect(values('valid-no-mutation')).toEqual(['True', 'True']);
    expect(values('wild-valid')).toEqual(['True', 'True', 'True']);
    expect(values('wild-any-consonant')).toEqual(['True', 'True']);
    expect(values('wild-invalid-coz')).toEqual(['False', 'False', 'False']);
    expect(values('wild-counts')).toEqual(['False', 'False']);
  });
  it('update_hand: letters used more often than held go to 0; letters the hand lacks are ignored', () => {
    const values = (id: string) => referenceRun(a, byId.get(id) as Running).steps.map((x) => repr(x.value!));
    const counts = (v: string) => [...v.matchAll(/'(.)': (-?\d+)/g)].filter((m) => m[2] !== '0').map((m) => `${m[1]}${m[2]}`);
    expect(values('update-never-negative').map(counts)).toEqual([['e1'], []]);
    expect(values('update-ignores-absent').map(counts)).toEqual([['a1', 'b1'], ['b1']]);
  });
  it('play_game totals: the two-hand game 177; replays keep the better score (252, 252, tie 144)', () => {
    expect(refValue('game-returns')).toBe('177');
    expect(refValue('game-two-hands')).toBe('177');
    expect(refValue('game-replay-better')).toBe('252');
    expect(refValue('game-replay-worse')).toBe('252');
    expect(refValue('game-replay-tie')).toBe('144');
    expect(refValue('game-replay-same-hand')).toBe('124');
  });
  it('every scripted input is consumed by the reference (no test leaves input unread)', () => {
    expect(inputsNotConsumed(a)).toEqual([]);
  });
  it('the questions the by-role tests count are asked by the reference as the test names say', () => {
    // game-substitute-once: substitution offered before hands 1 and 2 (used there), not before hand 3;
    // game-replay-once: replay offered after hands 1 and 2 (used there), not after hand 3.
    const roles = (id: string, role: string) => referenceRun(a, byId.get(id) as Running).inputs.filter((i) => i.role === role).length;
    expect(roles('game-substitute-once', 'substitute')).toBe(2);
    expect(roles('game-replay-once', 'replay')).toBe(2);
    expect(roles('game-replay-no-substitution', 'substitute')).toBe(2);
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

describe("the handout's transcripts pass the spec's judge (both of its wordings)", () => {
  it.each([
    ['play-hand-example-1', HANDOUT_PLAY_HAND_1],
    ['play-hand-example-2', HANDOUT_PLAY_HAND_2],
    ['game-handout-example', HANDOUT_GAME],
  ])('%s', (id, handout) => {
    expect(judgeAsStudent(a, id, handout)?.message ?? null).toBeNull();
  });

  it('but a wrong score, a missing hand or a wrong hand still fails', () => {
    const fails = (text: string, why: RegExp) => expect(judgeAsStudent(a, 'play-hand-example-1', text)?.message).toMatch(why);
    fails(HANDOUT_PLAY_HAND_1.replace('Total: 165', 'Total: 166'), /the running total should be 165; your program printed 166/);
    fails(HANDOUT_PLAY_HAND_1.replace('d x\n', ''), /does not show the hand \(d x\)/);
    fails(HANDOUT_PLAY_HAND_1.replace('! f d e x', '! f d e e'), /the hand should be ! d e f x; your program shows ! d e e f/);
  });
});
