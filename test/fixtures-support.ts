// Kattis habit: every fixture submission gets exactly the verdict of the folder it sits in, and a
// wrong one fails exactly the tests its expect.yaml names (so a spec change that stops catching a
// bug, or starts failing correct code, is caught here). One test file per assignment, so vitest's
// workers grade assignments in parallel.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { fixtureSubmissions, verdictOf } from '../harness/fixtures.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';

export function fixtureVerdictSuite(id: string): void {
  const a = loadAssignment(id);
  const subs = fixtureSubmissions(a.fixturesDir, id);
  describe(`${id} fixtures`, () => {
    it('has accepted and wrong fixtures', () => {
      expect(subs.filter((s) => s.verdict === 'accepted').length).toBeGreaterThan(0);
      expect(subs.filter((s) => s.verdict !== 'accepted').length).toBeGreaterThan(0);
    });
    // Concurrent: a Java game or a Python test spends much of its time waiting on its process, so two or
    // three submissions graded at once keep the cores busy (vitest's maxConcurrency bounds them).
    // A whole submission (a Java game played again after a misread question or near its CPU limit) may take
    // minutes on a loaded 2-core machine: the time is the machine's, never part of the verdict checked here.
    it.concurrent.for(subs.map((s) => [`${s.verdict}/${s.name}`, s] as const))('%s', { timeout: 300_000 }, async ([, s], { expect }) => {
      const report = await gradeSubmission(a, s.path, { runners: languageRunners() });
      const failing = report.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && !t.extra);
      const extraFailing = report.tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped' && t.extra);
      const summary = failing.map((t) => `${t.id}: ${t.message}`).join('\n');
      expect(verdictOf(report), `verdict of ${s.path}; failing:\n${summary}${report.fatal ? `\nfatal: ${report.fatal.message}` : ''}`).toBe(s.verdict);
      const expectFile = join(s.path, 'expect.yaml');
      const exp = existsSync(expectFile)
        ? (parse(readFileSync(expectFile, 'utf8')) as { fails?: string[]; extra_fails?: string[]; message?: string; not_charged_again?: string[] })
        : undefined;
      // Extra tests (beyond the handout) are not scored, but a fixture, accepted ones included, may still
      // say which it fails.
      if (exp?.extra_fails) expect(extraFailing.map((t) => t.id).sort(), `extra tests failed by ${s.path}`).toEqual([...exp.extra_fails].sort());
      if (s.verdict === 'accepted') {
        expect(report.score).toBe(report.maxScore);
        expect(exp?.fails ?? [], `${expectFile}: an accepted submission fails no scored test`).toEqual([]);
        return;
      }
      expect(exp, `${expectFile} must list the tests this bug fails`).toBeDefined();
      expect(failing.map((t) => t.id).sort(), `tests failed by ${s.path}:\n${summary}`).toEqual([...(exp!.fails ?? [])].sort());
      if (exp!.message) expect(summary).toMatch(new RegExp(exp!.message));
      // Tests that saw the same defect again (and so checked their rule) keep their points: exactly these.
      if (exp!.not_charged_again) {
        const kept = report.tests.filter((t) => t.status === 'skipped' && !t.extra && t.message.startsWith('not charged again')).map((t) => t.id);
        expect(kept.sort(), `tests of ${s.path} not charged again`).toEqual([...exp!.not_charged_again].sort());
      }
    });
  });
}
