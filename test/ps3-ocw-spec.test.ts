// specs/ps3-ocw.yaml against the Chinese OCW Fall 2016 handout (seed ps3-ocw-fall2016-zh):
// every number the handout prints is what the reference computes for the spec's test, the golden
// transcripts are fresh, and the handout's own transcripts (both of its wordings) pass the spec's
// transcript comparison against those golden files. Handout text is quoted as printed, except
// where PDF extraction joined or split lines (each repair is noted).
import { OCW_PLAY_GAME_EXAMPLE } from './handout-transcripts.js';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncGolden } from '../harness/golden.js';
import { goldenPath, referenceRun, type Running } from '../harness/grade/python-tests.js';
import { compareText } from '../harness/compare/text.js';
import { repr } from '../harness/model/pyvalue.js';
import type { Normaliser, TestData } from '../harness/spec/schema.js';

const a = loadAssignment('ps3-ocw');
const tests = a.spec.data.tests;
const byId = new Map(tests.map((t) => [t.id, t]));
const normalisers = a.spec.data.defaults.normalise as Normaliser[];

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
  it('there are literal expectations (the handout numbers)', () => expect(literal.length).toBeGreaterThanOrEqual(25));
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
    expect(refValues('score-play-examples')).toEqual(['90', '216', '117', '14', '114', '84', '27', '36', '54']);
  });
  it('test_ps3.py: WEED 6 -> 176, FORK 4 -> 308, WaYbILl 7 -> 735', () => {
    expect(refValues('score-case')).toEqual(['176', '308', '735']);
  });
  it('test_ps3.py: was 54, scored 351, Outgnaw 539, fork 209, h*ney 290, c*ows 288, wa*ls 203', () => {
    expect(refValues('score-test-ps3')).toEqual(['54', '351', '539', '209', '290', '288', '203']);
  });
  it("update_hand: 'abbey' on a b e e leaves one e, never a negative count", () => {
    expect(refValues('update-never-negative')).toEqual(["{'e': 1}"]);
  });
  it('deal_hand properties: n letters, one wildcard, ceil(n/3) - 1 vowels', () => {
    expect(refValues('deal-hand-7').slice(1)).toEqual(['7', '6', '4']);
    expect(refValues('deal-hand-sizes').filter((v) => !v.startsWith('{'))).toEqual(
      ['1', '0', '1', '4', '2', '5', '3', '10', '6', '12', '11', '8']);
  });
  it('substitute_hand: 7 letters after substituting l, and both copies became one new letter', () => {
    expect(refValues('substitute-random').slice(2)).toEqual(['7', '2']);
  });
  it('play_game totals: the handout example 288; once-per-game flows 405; HAND_SIZE 4 -> 270; HAND_SIZE 1 -> 0', () => {
    expect(refValues('play-game-example')).toEqual(['288']);
    expect(refValues('play-game-substitute-once')).toEqual(['405']);
    expect(refValues('play-game-replay-once')).toEqual(['405']);
    expect(refValues('play-game-hand-size-4')).toEqual(['270']);
    expect(refValues('play-game-hand-size-1')).toEqual(['0']);
  });
  it('every scripted input is consumed by the reference (no test leaves input unread)', () => {
    for (const t of tests) {
      if (!('stdin' in t) || !t.stdin) continue;
      const r = referenceRun(a, t as Running);
      expect(r.unread, t.id).toBe(0);
      expect(r.inputExhausted, t.id).toBeNull();
    }
  });
});

describe('golden transcripts', () => {
  it('are all present and fresh (regenerate with: bin/gradekit golden ps3-ocw --update)', () => {
    const st = syncGolden(a, false);
    expect(st.stale).toEqual([]);
    expect(st.missing).toEqual([]);
    expect(st.orphans).toEqual([]);
  });

  const golden = (id: string) => readFileSync(goldenPath(a, id), 'utf8');
  /** The spec's own transcript comparison: the handout text must pass as a student's output. */
  const passes = (id: string, handout: string) => {
    const c = compareText(golden(id), handout, normalisers);
    expect(c.ok, `${id}: ${c.summary}\n${c.detail.diff ?? ''}`).toBe(true);
  };

  it('play_hand example 1 as printed in the handout (play_hand wording)', () => {
    passes('play-hand-example-1', `Current Hand: a j e f * r x
Enter word, or "!!" to indicate that you are finished: jar
"jar" earned 90 points. Total: 90 points

Current Hand: * f x e
Enter word, or "!!" to indicate that you are finished: f*x
"f*x" earned 216 points. Total: 306 points

Current Hand: e
Enter word, or "!!" to indicate that you are finished: !!
Total score: 306 points
`);
  });

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

  it('wildcard examples 1-4 (repair: example 1 printed "cows" at the start of the next line)', () => {
    const start = 'Current Hand: c o w s * z\nEnter word, or "!!" to indicate that you are finished: ';
    passes('play-hand-wildcard-1', `${start}cows\n"cows" earned 198 points. Total: 198 points\n\nCurrent Hand: * z\nEnter word, or "!!" to indicate that you are finished: !!\nTotal score: 198 points\n`);
    passes('play-hand-wildcard-2', `${start}c*ws\n"c*ws" earned 176 points. Total: 176 points\n\nCurrent Hand: o z\nEnter word, or "!!" to indicate that you are finished: !!\nTotal score: 176 points\n`);
    passes('play-hand-wildcard-3', `${start}c*wz\nThat is not a valid word. Please choose another word.\n\nCurrent Hand: o s\nEnter word, or "!!" to indicate that you are finished: !!\nTotal score: 0 points\n`);
    passes('play-hand-wildcard-4', `${start}*ows\nThat is not a valid word. Please choose another word.\n\nCurrent Hand: c z\nEnter word, or "!!" to indicate that you are finished: !!\nTotal score: 0 points\n`);
  });

  it("play_game example as printed (repairs: two prompts joined to the next line are split; its '!!!' prompt and blank lines kept)", () => {
    passes('play-game-example', OCW_PLAY_GAME_EXAMPLE);
  });

  it('the tolerance has limits: a wrong total, a missing line or a printed None still fails', () => {
    const g = golden('play-hand-example-1');
    expect(compareText(g, g.replace('Total score for this hand: 306', 'Total score for this hand: 305'), normalisers).ok).toBe(false);
    expect(compareText(g, g.replace(/^"jar".*\n/m, ''), normalisers).ok).toBe(false);
    expect(compareText(g, g.replace('Current hand: e \n', 'Current hand: e \nNone\n'), normalisers).ok).toBe(false);
    expect(compareText(g, g.replace('a j e f * r x', 'a j e f * r'), normalisers).ok).toBe(false);
    expect(compareText(g, g.replaceAll("'!!' to indicate", "'*END*' to indicate"), normalisers).ok).toBe(false);
  });
});
