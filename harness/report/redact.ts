// Hidden tests are scored, but what they check must not leak to students: keep name, status and points only
// (not their details, and not the notices raised while they ran, which may quote their inputs).
import type { TestResult } from '../model/report.js';

export const HIDDEN_MESSAGE = 'Hidden test: details are not shown.';

export function isHidden(t: TestResult): boolean {
  return t.visibility === 'hidden';
}

/** The test as a student may see it. Only `hidden` is redacted: the other visibilities only delay display. */
export function redactHidden(t: TestResult): TestResult {
  if (!isHidden(t)) return t;
  const { detail: _detail, notices: _notices, ...rest } = t;
  return { ...rest, message: t.status === 'passed' ? '' : HIDDEN_MESSAGE };
}

export function redactAll(tests: readonly TestResult[], hide: boolean): TestResult[] {
  return hide ? tests.map(redactHidden) : [...tests];
}
