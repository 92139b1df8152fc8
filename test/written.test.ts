// A feature never written (P1) or written and not reached (P4): harness/grade/written.ts reads the program's
// own strings with the role table; charges.ts then keeps the points of a test whose question never came up
// only where the program's code asks it.
import { describe, expect, it } from 'vitest';
import { markWritten, rolesAsked } from '../harness/grade/written.js';
import { assignCharges } from '../harness/grade/charges.js';
import { fail, notChecked, type Outcome } from '../harness/grade/outcome.js';
import { buildRoleTable } from '../harness/turns/index.js';
import { WORDGAME_ROLES } from '../reference/wordgame/roles.js';
import type { TestData } from '../harness/spec/schema.js';

const TABLE = buildRoleTable(WORDGAME_ROLES);
const test = (id: string) => ({ id, group: 'play_game' }) as unknown as TestData;
const neverAsked = (): Outcome => notChecked('your program asks whether to replay the hand never in this game, so the rule this test checks never came up', 'question-missing:replay');

function graded(literals: string[] | undefined, second: Outcome = neverAsked()) {
  const tests = [test('replay-once'), test('replay-better')];
  const outcomes = new Map<string, Outcome>([['replay-once', { ...fail('your program asks whether to replay the hand never'), defect: 'question-missing:replay' }], ['replay-better', second]]);
  return assignCharges({ tests, outcomes: markWritten(outcomes, literals, TABLE), groupOf: () => 'play_game' });
}

describe('rolesAsked', () => {
  it('reads the questions among a program\'s strings, a line at a time, and nothing from its other strings', () => {
    expect([...rolesAsked(['Would you like to replay the hand? ', 'Total score: ', 'Current hand:'], TABLE)]).toEqual(['replay']);
    expect(rolesAsked(['Game over.\\nWould you like to substitute a letter? '], TABLE).has('substitute')).toBe(true);
    expect(rolesAsked(['Goodbye!', 'Total score: '], TABLE).size).toBe(0);
  });
});

describe('a rule whose question never came up', () => {
  it('keeps its points when the program\'s code asks that question (another defect kept the run from it)', () => {
    const out = graded(['Enter total number of hands: ', 'Would you like to replay the hand? ']);
    expect(out.get('replay-once')!.status).toBe('failed');
    expect(out.get('replay-better')!.status).toBe('skipped');
    expect(out.get('replay-better')!.message).toMatch(/^not charged again: the same defect is charged in replay-once/);
  });
  it('keeps none when no string of the program asks it: the replay was never written (P1)', () => {
    expect(graded(['Enter total number of hands: ']).get('replay-better')!.status).toBe('failed');
    expect(graded(undefined).get('replay-better')!.status).toBe('failed');
  });
  it('keeps its points when the run went on asking what the test has no answer for (a loop charged elsewhere)', () => {
    const looped = notChecked('at input 301 your program asks "Please enter a word" (for a word), a question this test has no answer for', 'question-missing:replay');
    const extra = { ...looped, defect: 'question-extra:word' };
    const tests = [test('replay-once'), test('replay-better')];
    const outcomes = new Map<string, Outcome>([['replay-once', { ...fail('asks for a word again and again'), defect: 'question-extra:word' }], ['replay-better', extra]]);
    expect(assignCharges({ tests, outcomes, groupOf: () => 'play_game' }).get('replay-better')!.status).toBe('skipped');
  });
});
