// A session answered by role is judged on which questions it asked: the first difference is named by its
// cause (a question asked too few times, too many, or in another's place), so the same missing question is
// one defect in every test that sees it, and the message never names the same question twice.
import { describe, expect, it } from 'vitest';
import { buildRoleTable, judgeTurnsAll } from '../harness/turns/index.js';
import { checkQuestions, lastPrinted } from '../harness/turns/rules.js';
import type { Turn } from '../harness/turns/turn.js';
import { WORDGAME_ROLES } from '../reference/wordgame/roles.js';

const TABLE = buildRoleTable(WORDGAME_ROLES);
const session = (roles: string[]): Turn[] => roles.map((role, index) => ({ index, before: '', prompt: `${role}? `, input: 'no', start: 0, role }));
const check = (exp: string[], obs: string[]) => checkQuestions(session(exp), session(obs), TABLE, ['substitute', 'replay']);

describe('checkQuestions', () => {
  it('a program that never offers the replay: the replay question is missing, not "substitute instead of substitute"', () => {
    const p = check(['numHands', 'substitute', 'replay', 'substitute', 'replay'], ['numHands', 'substitute', 'substitute']);
    expect(p?.defect).toBe('question-missing:replay');
    expect(p?.message).toMatch(/asks whether to replay the hand never in this game, where the handout's program asks twice/);
  });

  it('a question asked once too often is extra, at the input where it is asked', () => {
    const p = check(['substitute', 'replay'], ['substitute', 'replay', 'replay']);
    expect(p).toMatchObject({ defect: 'question-extra:replay', turn: 2 });
  });

  it('the same questions in another order: one asked in the place of the other', () => {
    const p = check(['substitute', 'replay'], ['replay', 'substitute']);
    expect(p?.defect).toBe('question-instead:replay@substitute');
    expect(p?.message).toMatch(/asks whether to replay the hand, where the handout's program asks whether to substitute a letter/);
  });

  it('the same questions in the same order: nothing to say', () => {
    expect(check(['substitute', 'replay'], ['numHands', 'substitute', 'replay'])).toBeNull();
  });
});

describe('lastPrinted', () => {
  const turn = (before: string): Turn => ({ index: 0, before, prompt: '', input: null, start: 0 });
  it('reads "Word Score: 120" as the points of a word', () => {
    expect(lastPrinted([turn('Word Score: 120\nb e d\n')], TABLE, 'wordPoints')?.values).toEqual([120]);
  });
  it('does not read a count printed alone under a line with its own number as more points', () => {
    expect(lastPrinted([turn('"jar" scored 120 points.\n3\nb e d\n')], TABLE, 'wordPoints')?.values).toEqual([120]);
  });
  it('still reads a number under its label line', () => {
    expect(lastPrinted([turn('Points for this word:\n  120\n')], TABLE, 'wordPoints')?.values).toEqual([120]);
  });
  it('reads "Total score 0" as the hand\'s total, never as the points of a word', () => {
    expect(lastPrinted([turn('Total score 0\n')], TABLE, 'wordPoints')).toBeUndefined();
    expect(lastPrinted([turn('Total score 0\n')], TABLE, 'handTotal')?.values).toEqual([0]);
  });
  it('reads "you received: 120" as the points of a word', () => {
    expect(lastPrinted([turn('Awesome... you received: 120\n')], TABLE, 'wordPoints')?.values).toEqual([120]);
  });
});

describe('judgeTurnsAll', () => {
  // A reference hand of two words; each turn states the facts the handout's program shows.
  const fact = (role: string, value: string | number) => ({ role, value });
  const turn = (index: number, before: string, input: string | null, facts: { role: string; value: string | number }[]): Turn => ({ index, before, prompt: input === null ? '' : 'word? ', input, start: 0, facts, ...(input === null ? {} : { role: 'word' }) });
  const expected = [
    turn(0, 'Current hand: a j e r\n', 'jar', [fact('hand', 'ajer')]),
    turn(1, '"jar" earned 90 points. Total: 90 points\nCurrent hand: e\n', '!!', [fact('wordPoints', 90), fact('runningTotal', 90), fact('hand', 'e')]),
    turn(2, 'Total score for this hand: 90\n', null, [fact('handTotal', 90)]),
  ];
  const judge = (texts: string[]) => judgeTurnsAll({ expected, observed: texts.map((t, i) => turn(i, t, expected[i]!.input, [])), table: TABLE });

  it('past a fact left unsaid before the first input, what a later turn gets wrong is another defect', () => {
    const all = judge(['', '"jar" earned 90 points. Total: 90 points\nCurrent hand: e\n', 'Total score for this hand: 80\n']);
    expect(all.map((p) => p.defect)).toEqual(['missing:hand', 'wrong:handTotal']);
  });

  it('once the game is under way, the first problem ends the list (an unsaid score may be a word never played)', () => {
    const all = judge(['Current hand: a j e r\n', 'Current hand: e\n', 'Total score for this hand: 80\n']);
    expect(all.map((p) => p.defect)).toEqual(['missing:wordPoints']);
  });
});
