// Where a reporter shows a notice. The report's own notices (the grader's, the import's, and those of visible
// tests) are shown once at its top; a test's notices stay with the test, so that one raised in a hidden test is
// shown, or redacted, with that test's details (harness/grade/submission.ts decides which notices a report carries).
import type { Report, TestResult } from '../model/report.js';

/**
 * The report's notices as its top may show them. With `studentFacing`, a notice that a test of another visibility
 * than `visible` carries, and no visible test does, is left out whatever put it there: the top of a report is what
 * a student sees first, and such a notice may quote that test's input.
 */
export function reportNotices(report: Report, studentFacing: boolean): string[] {
  const all = report.notices ?? [];
  if (!studentFacing) return all;
  const shown = new Set(report.tests.filter((t) => t.visibility === 'visible').flatMap((t) => t.notices ?? []));
  const withheld = new Set(report.tests.filter((t) => t.visibility !== 'visible').flatMap((t) => t.notices ?? []).filter((n) => !shown.has(n)));
  return all.filter((n) => !withheld.has(n));
}

/** The notices to show under a test: its own, less those the report already shows at its top. */
export function testNotices(t: TestResult, report: Report): string[] {
  const top = new Set(report.notices ?? []);
  return (t.notices ?? []).filter((n) => !top.has(n));
}
