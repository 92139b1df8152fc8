// JUnit XML for CI dashboards: one <testsuite> per group, <failure> for wrong answers, <error> for crashes and
// time-outs, <skipped> for skipped tests, the transcript in <system-out> (passing tests too) and what the grader
// noticed during the test in <system-err>. Points travel as <properties>.
import { totals, type Report, type TestResult } from '../model/report.js';
import { fitReport, utf8Bytes, withDefaults, type ReportCaps } from './caps.js';
import { compactDiff } from './diff-text.js';
import { groupTests } from './groups.js';
import { testNotices } from './notices.js';
import { redactAll } from './redact.js';
import { formatPoints } from './text.js';
import { escapeXmlAttr as attr, escapeXmlText as text } from './xml.js';

export interface JunitOptions {
  /** Replace hidden tests' messages and details (default false: CI logs are for instructors). */
  hideHiddenDetails?: boolean;
  /** Report caps (default: DEFAULT_REPORT_CAPS); the document stays within caps.total bytes. */
  caps?: Partial<ReportCaps>;
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

function failureBody(t: TestResult, report: Report): string {
  const d = t.detail;
  const parts: string[] = [t.message || report.fatal?.message || `Test ${t.status}.`];
  if (!t.message && report.fatal?.detail) parts.push(report.fatal.detail);
  if (d?.call) parts.push(`call: ${d.call}`);
  const diff = d?.diff ?? (d?.expected !== undefined && d.actual !== undefined ? compactDiff(d.expected, d.actual) : '');
  if (diff) parts.push(`--- expected\n+++ actual\n${diff}`);
  if (d?.hint) parts.push(`hint: ${d.hint}`);
  if (d?.seed) parts.push(`seed: ${d.seed}`);
  if (d?.traceback) parts.push(d.traceback);
  return parts.join('\n\n');
}

function testcase(t: TestResult, report: Report): string {
  const open = `    <testcase name="${attr(t.name)}" classname="${attr(t.group)}" time="${seconds(t.durationMs)}">`;
  const inner: string[] = [
    `      <properties><property name="id" value="${attr(t.id)}"/><property name="score" value="${formatPoints(t.score)}"/>` +
      `<property name="maxScore" value="${formatPoints(t.maxScore)}"/><property name="visibility" value="${t.visibility}"/>` +
      (t.kind ? `<property name="kind" value="${attr(t.kind)}"/>` : '') +
      (t.basis ? `<property name="basis" value="${attr(t.basis)}"/>` : '') +
      (t.extra ? '<property name="extra" value="reported, never scored"/>' : '') +
      '</properties>',
  ];
  const firstLine = (t.message || report.fatal?.message || '').split('\n')[0];
  if (t.status === 'failed') inner.push(`      <failure message="${attr(firstLine)}" type="failed">${text(failureBody(t, report))}</failure>`);
  if (t.status === 'error') inner.push(`      <error message="${attr(firstLine)}" type="${attr(report.fatal && !t.message ? report.fatal.kind : t.kind ?? 'error')}">${text(failureBody(t, report))}</error>`);
  if (t.status === 'skipped') inner.push(`      <skipped message="${attr(firstLine)}"/>`);
  if (t.detail?.transcript) inner.push(`      <system-out>${text(t.detail.transcript)}</system-out>`);
  const notices = testNotices(t, report);
  if (notices.length) inner.push(`      <system-err>${text(notices.map((n) => `notice: ${n}`).join('\n'))}</system-err>`);
  return [open, ...inner, '    </testcase>'].join('\n');
}

export function renderJunit(report: Report, opts: JunitOptions = {}): string {
  return fitReport(report, withDefaults(opts.caps), (r) => document(r, opts), utf8Bytes);
}

function document(report: Report, opts: JunitOptions): string {
  const tests = redactAll(report.tests, opts.hideHiddenDetails ?? false);
  const all = totals(tests);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(`${report.assignment}: ${report.submission}`)}" tests="${tests.length}" failures="${all.failed}" ` +
      `errors="${all.errors}" skipped="${all.skipped}" time="${seconds(report.durationMs)}">`,
  ];
  for (const g of groupTests(tests)) {
    const s = totals(g.tests);
    const time = g.tests.reduce((sum, t) => sum + t.durationMs, 0);
    out.push(
      `  <testsuite name="${attr(g.group)}" tests="${g.tests.length}" failures="${s.failed}" errors="${s.errors}" skipped="${s.skipped}" time="${seconds(time)}">`,
      `    <properties><property name="score" value="${formatPoints(g.score)}"/><property name="maxScore" value="${formatPoints(g.maxScore)}"/></properties>`,
      ...g.tests.map((t) => testcase(t, report)),
      '  </testsuite>',
    );
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}
