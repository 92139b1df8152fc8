// specs/ps3-ocw.yaml against the Chinese OCW Fall 2016 handout (seed ps3-ocw-fall2016-zh):
// every number the handout prints is what the reference computes for the spec's test, the golden
// transcripts are fresh, and the handout's own transcripts (both of its wordings) pass the spec's
// transcript comparison against those golden files. Handout text is quoted as printed, except
// where PDF extraction joined or split lines (each repair is noted).
import { OCW_PLAY_GAME_EXAMPLE } from './handout-transcripts.js';
import { describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncGolden } from '../harness/golden.js';
import { referenceRun, type Running } from '../harness/grade/python-tests.js';
import { inputsNotConsumed } from './wordgame-support.js';
import { judgeAsStudent } from './handout-judge.js';
import { repr } from '../harness/model/pyvalue.js';
import type { TestData } from '../harness/spec/schema.js';

const a = loadAssignment('ps3-ocw');
const tests = a.spec.data.tests;
const byId = new Map(tests.map((t) => [t.id, t]));

function test(id: string): Running {
  const t = byId.get(id);
  if (!t) throw new Error(`specs/ps3-ocw.yaml has no test '${id}'`);
  return t as Running;
}

/** The reference's value for each step of a test (Python repr). */
function refValues(id: string): string[] {
  return referenceRun(a, test(id)).steps.map((s) => (s.value ? repr(s.value) : `raised ${s.raised?.type}`));
}

describe('spec shape', () => {
  it('has at least 40 tests with unique ids, some hidden', () => {
    expect(tests.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tests.map((t) => t.id)).size).toBe(tests.length);
    expect(tests.filter((t) => t.visibility === 'hidden').length).toBeGreaterThanOrEqual(5);
  });
  it('covers every function of the handout', () => {
    const groups = new Set(tests.map((t: TestData) => t.group));
    for (const g of ['get_word_score', 'get_frequency_dict', 'display_hand', 'update_hand', 'is_valid_word', 'wildcard',
      'deal_hand', 'calculate_handlen', 'play_hand', 'substitute_hand', 'play_game', 'rules']) {
      expect(groups, g).toContain(g);
    }
  });
});

describe('every literal expect in the spec is what the reference computes', () => {
  const literal = tests.filter((t): t is Running & { expect: string } => 'expect' in t && typeof t.expect === 'string');
  it('there are literal expectations (the handout numbers)', () => expect(literal.length).toBeGreaterThanOrEqual(12));
  it.each(literal.map((t) => [t.id, t] as const))('%s', (id, t) => {
    const values = refValues(id);
    const want = t.expect.replace(/\s+/g, '').replace(/'(\w|\*)':/g, "'$1':");
    const got = values[values.length - 1].replace(/\s+/g, '');
    if (t.compare === 'counts') {
      // counts: compare as dicts without zero entries, order ignored
      const asSorted = (s: string) => [...s.matchAll(/'(.)':(\d+)/g)].filter((m) => m[2] !== '0').map((m) => `${m[1]}${m[2]}`).sort();
      expect(asSorted(got)).toEqual(asSorted(want));
    } else expect(got).toBe(want);
  });
});

describe('the handout numbers the spec leaves to the reference', () => {
  it('score-play-examples: each word scored in the handout play_hand / play_game examples', () => {
    expect(refValues('score-play-examples')).toEqual(['198', '176', '90', '216', '117', '14', '114', '84', '27', '36', '54', '28']);
  });
  it('test_ps3.py: was 54, scored 351, Outgnaw 539, fork 209, h*ney 290, c*ows 288, wa*ls 203', () => {
    expect(refValues('score-test-ps3')).toEqual(['54', '351', '539', '209', '290', '288', '203']);
  });
  it("update_hand: 'abbey' on a b e e leaves one e, never a negative count", () => {
    expect(refValues('update-never-negative')).toEqual(["{'e': 1}"]);
  });
  it('play_game totals: the two hands of the returns game 204; the better of two plays 198, 198, a tie 114 then 1 more: 115, and 0 replayed as 114 then 1 more: 115', () => {
    expect(refValues('play-game-returns')).toEqual(['204']);
    expect(refValues('play-game-replay-better')).toEqual(['198']);
    expect(refValues('play-game-replay-worse')).toEqual(['198']);
    expect(refValues('play-game-replay-tie')).toEqual(['115']);
    expect(refValues('play-game-replay-later-hand')).toEqual(['115']);
  });
  it('every scripted input is consumed by the reference (no test leaves input unread)', () => {
    expect(inputsNotConsumed(a)).toEqual([]);
  });
});

describe('golden transcripts', () => {
  it('are all present and fresh (regenerate with: bin/gradekit golden ps3-ocw --update)', () => {
    const st = syncGolden(a, false);
    expect(st.stale).toEqual([]);
    expect(st.missing).toEqual([]);
    expect(st.orphans).toEqual([]);
  });
});

describe("the handout's own transcripts pass the spec's judge (both of its wordings)", () => {
  const passes = (id: string, handout: string) => {
    const p = judgeAsStudent(a, id, handout);
    expect(p?.message ?? null, id).toBeNull();
  };
  const EXAMPLE_1 = `Current Hand: a j e f * r x
Enter word, or "!!" to indicate that you are finished: jar
"jar" earned 90 points. Total: 90 points

Current Hand: * f x e
Enter word, or "!!" to indicate that you are finished: f*x
"f*x" earned 216 points. Total: 306 points

Current Hand: e
Enter word, or "!!" to indicate that you are finished: !!
Total score: 306 points
`;

  it('play_hand example 1 as printed in the handout (play_hand wording)', () => passes('play-hand-example-1', EXAMPLE_1));

  it('play_hand example 2 as printed in the handout', () => {
    passes('play-hand-example-2', `Current Hand: a c f i * t x
Enter word, or "!!" to indicate that you are finished: fix
"fix" earned 117 points. Total: 117 points

Current Hand: a c t *
Enter word, or "!!" to indicate that you are finished: ac
That is not a valid word. Please choose another word.

Current Hand: t *
Enter word, or "!!" to indicate that you are finished: *t
"*t" earned 14 points. Total: 131 points

Ran out of letters. Total score: 131 points
`);
  });

  it("play_game example as printed (repairs: two prompts joined to the next line are split; its '!!!' prompt and blank lines kept)", () => {
    passes('play-game-example', OCW_PLAY_GAME_EXAMPLE);
  });

  it('the tolerance has limits: a wrong total, a missing score, a wrong hand or a stray None still fails', () => {
    const fails = (text: string, why: RegExp) => expect(judgeAsStudent(a, 'play-hand-example-1', text)?.message).toMatch(why);
    fails(EXAMPLE_1.replace('Total score: 306 points', 'Total score: 305 points'), /total for the hand should be 306; your program printed 305/);
    fails(EXAMPLE_1.replace('"jar" earned 90 points. Total: 90 points', 'Total: 90 points'), /after "jar" \(input 1\) your program does not show the points for "jar" \(90\)/);
    fails(EXAMPLE_1.replace('Current Hand: * f x e', 'Current Hand: * f x'), /the hand should be \* e f x; your program shows \* f x/);
    fails(EXAMPLE_1.replace('"jar" earned 90 points. Total: 90 points', 'That is not a valid word.'), /does not show the points for "jar"/);
  });
});
