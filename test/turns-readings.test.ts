// Questions read by behaviour (harness/turns/readings.ts): a question whose answer the program does not take
// (asked again and again with the same answer, or the last one before the run stopped) is doubted, and the
// readings worth a run are one role of each other kind of answer the test's plan has.
import { describe, expect, it } from 'vitest';
import { buildRoleTable } from '../harness/turns/index.js';
import { Answerer, readingKey } from '../harness/turns/answers.js';
import { doubtedQuestions, otherReadings, tookAnswers } from '../harness/turns/readings.js';
import { WORDGAME_ROLES } from '../reference/wordgame/roles.js';

const TABLE = buildRoleTable(WORDGAME_ROLES);
const PLAN = { numHands: ['1'], substitute: ['no'], letter: ['t'], word: ['jar', '!!'], replay: ['no'] };
const SUB = "Type 'yes' to substitute a letter, 'no' otherwise: ";

/** Plays the questions in order through an answerer; returns it. */
function play(prompts: string[], readings = new Map<string, string>()): Answerer {
  const a = new Answerer(PLAN, TABLE, 300, readings);
  for (const p of prompts) a.answer(p, '');
  return a;
}

describe('doubtedQuestions', () => {
  it('a question asked again and again with the same answer is doubted', () => {
    const a = new Answerer(PLAN, TABLE, 300, new Map([[readingKey(SUB), 'letter']]));
    a.answer('Enter total number of hands: ', '');
    for (let k = 0; k < 5; k++) a.answer(SUB, 'Sorry, I only understand yes or no.\n');
    expect(doubtedQuestions(a, 'exhausted')).toEqual([readingKey(SUB)]);
  });

  it('the word question asked for each word is not doubted in a run that went on', () => {
    const a = play(['Enter total number of hands: ', 'Enter word: ', 'Enter word: ', 'Would you like to replay the hand? ']);
    expect(doubtedQuestions(a, null)).toEqual([]);
  });

  it('the last question answered before the run raised is doubted; a run that only ran out of answers doubts none', () => {
    const a = play(['Enter total number of hands: ', 'Pick a letter to swap or 0 for none: ']);
    expect(doubtedQuestions(a, 'raised')).toEqual([readingKey('Pick a letter to swap or 0 for none:')]);
    expect(doubtedQuestions(a, 'exhausted')).toEqual([]);
  });
});

describe('otherReadings', () => {
  it('one role of each other kind of answer, from the plan', () => {
    const a = new Answerer(PLAN, TABLE, 300, new Map([[readingKey(SUB), 'letter']]));
    a.answer(SUB, '');
    expect(otherReadings(a, readingKey(SUB), new Set())).toEqual(expect.arrayContaining(['substitute', 'numHands', 'word']));
    expect(otherReadings(a, readingKey(SUB), new Set())).not.toContain('letter');
  });

  it('a reading refused once is not tried again', () => {
    const a = new Answerer(PLAN, TABLE, 300, new Map([[readingKey(SUB), 'letter']]));
    a.answer(SUB, '');
    expect(otherReadings(a, readingKey(SUB), new Set([`substitute\u0000${readingKey(SUB)}`]))).not.toContain('substitute');
  });
});

describe('tookAnswers', () => {
  const looped = () => {
    const a = new Answerer(PLAN, TABLE, 300, new Map([[readingKey(SUB), 'letter']]));
    for (let k = 0; k < 5; k++) a.answer(SUB, '');
    return { answerer: a, stop: 'exhausted' as const };
  };

  it('a reading the program takes: the question asked, not doubted, and the run goes on', () => {
    const a = play(['Enter total number of hands: ', SUB, 'Enter word: ', 'Enter word: '], new Map([[readingKey(SUB), 'substitute']]));
    expect(a.asks.find((q) => q.key === readingKey(SUB))?.answer).toBe('no');
    expect(tookAnswers(a, readingKey(SUB), null, looped())).toBe(true);
  });

  it('a reading after which the run stops as early as before shows nothing', () => {
    const first = play(['Enter total number of hands: ', SUB]);
    const again = play(['Enter total number of hands: ', SUB], new Map([[readingKey(SUB), 'word']]));
    expect(tookAnswers(again, readingKey(SUB), 'raised', { answerer: first, stop: 'raised' })).toBe(false);
  });

  it('a question never asked took nothing', () => {
    expect(tookAnswers(play(['Enter total number of hands: ']), readingKey(SUB), null, looped())).toBe(false);
  });
});
