// "Fix first" points at the home of a defect: a test whose failure is charged in another test (chargedIn, or
// "not charged again") is never chosen over that other test, even when it comes first or is a crash.
import { describe, expect, it } from 'vitest';
import { fixFirst } from '../harness/report/fix-first.js';
import { makeReport, makeTest } from './fixtures-report/sample-reports.js';
import type { TestResult } from '../harness/model/report.js';

/** The id of the test "Fix first" names (names are ids here). */
const chosen = (tests: TestResult[]) => /› (\S+?):/.exec(fixFirst(makeReport({ tests })) ?? '')?.[1];

const t = (id: string, group: string, p: Partial<TestResult> = {}): TestResult =>
  makeTest({ id, group, name: id, status: 'failed', kind: 'wrong_answer', message: `${id} failed`, ...p });

describe('fix first: the home of a defect', () => {
  it('skips an earlier test whose cause is charged in a later one', () => {
    const r = makeReport({ tests: [
      t('easy-win', 'sessions', { kind: 'not_checked', message: 'asked for more input than the test gives (the cause is charged in easy-schedule)', chargedIn: 'easy-schedule' }),
      t('num-words', 'methods', { status: 'passed', message: '' }),
      t('easy-schedule', 'methods', { message: "h.get_pattern(): expected '----', got '--e-'" }),
    ] });
    expect(fixFirst(r)).toBe("Fix first: methods › easy-schedule: h.get_pattern(): expected '----', got '--e-' — then 1 more failing test(s)");
  });

  it('never takes a crash charged elsewhere over its home', () => {
    expect(chosen([
      t('easy-win', 'sessions', { status: 'error', kind: 'not_checked', message: 'raised IndexError (the cause is charged in easy-schedule)', chargedIn: 'easy-schedule' }),
      t('easy-schedule', 'methods'),
    ])).toBe('easy-schedule');
  });

  it('a crash that is its own home still comes before a wrong answer; else the earliest home in spec order', () => {
    expect(chosen([t('a', 'g'), t('b', 'g', { status: 'error', kind: 'run_time_error' }), t('c', 'g')])).toBe('b');
    expect(chosen([t('a', 'g', { status: 'error', kind: 'run_time_error', chargedIn: 'c' }), t('b', 'g'), t('c', 'g')])).toBe('b');
    expect(chosen([t('a', 'g', { chargedIn: 'a' }), t('b', 'g')])).toBe('a');
    expect(chosen([t('a', 'g', { message: 'not charged again: the same defect is charged in b (x)' }), t('b', 'g')])).toBe('b');
  });

  it('with no home among the failures (left out with --only), the first of them', () => {
    expect(chosen([t('a', 'g', { chargedIn: 'z' }), t('b', 'g', { chargedIn: 'z' })])).toBe('a');
    expect(fixFirst(makeReport({ tests: [t('a', 'g', { status: 'passed', message: '' })] }))).toBeUndefined();
  });

  it('extra tests are never chosen', () => {
    const r = makeReport({ tests: [t('debug', 'extra', { extra: true, maxScore: 0 }), t('a', 'g', { chargedIn: 'debug' })] });
    expect(fixFirst(r)).toMatch(/^Fix first: g › a: /);
  });
});
