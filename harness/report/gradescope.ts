// Gradescope results.json (https://gradescope-autograders.readthedocs.io/en/latest/specs/).
//
// Visibility, as Gradescope defines it (instructors always see everything):
//   visible          shown to students at once
//   after_due_date   shown after the (late) due date has passed
//   after_published  shown once grades are published
//   hidden           never shown to students; and while any test is hidden, students cannot see their total score
// Our test visibility maps one to one. Because an instructor-only results.json can still leak (downloads,
// regrade exports), hidden tests also have their output replaced by a neutral line when hideHiddenDetails is on
// (the default): name, status and score remain. `after_due_date`/`after_published` tests keep their output,
// since Gradescope reveals it on purpose later. With hiddenTests: 'score-only' a hidden test is published as
// `visible` with its output redacted, so students see its name and points (and their total) but never what it checked.
// Notices: the top-level output (which students see at once) shows only the report's own notices, never one that
// only a less visible test raised (notices.ts reportNotices); a test's notices are part of its own output.
// All text is emitted with format "text" (Gradescope puts it in a <pre>, rendering no HTML/markdown), so
// nothing a submission prints can inject markup into the Gradescope page; control characters, bidirectional
// overrides and line separators are shown visibly (text.ts visibleControls). The whole results.json stays within
// the report caps (caps.ts): Gradescope shows each test's output to the student and stores the file.
import { z } from 'zod';
import { totals, type Report, type TestResult, type Visibility } from '../model/report.js';
import { KINDS } from '../model/kinds.js';
import { fitReport, utf8Bytes, withDefaults, type ReportCaps } from './caps.js';
import { compactDiff } from './diff-text.js';
import { groupTests } from './groups.js';
import { reportNotices, testNotices } from './notices.js';
import { HIDDEN_MESSAGE, redactHidden } from './redact.js';
import { mapStrings, visibleControls } from './text.js';

export interface GradescopeOptions {
  /** Top-level visibility: the default for tests without their own (ours always have one). Default 'visible'. */
  visibility?: Visibility;
  /** When students may see the autograder's stdout. Default 'hidden' (Gradescope's own default). */
  stdoutVisibility?: Visibility;
  /** Replace hidden tests' output with a neutral line. Default true. */
  hideHiddenDetails?: boolean;
  /** 'hidden' (default): hidden tests stay hidden on Gradescope; 'score-only': shown with name and score only. */
  hiddenTests?: 'hidden' | 'score-only';
  /** Report caps (default: DEFAULT_REPORT_CAPS); results.json stays within caps.total bytes. */
  caps?: Partial<ReportCaps>;
}

const VISIBILITY = z.enum(['hidden', 'after_due_date', 'after_published', 'visible']);
const FORMAT = z.enum(['text', 'simple_format', 'html', 'md', 'ansi']);

const gradescopeTest = z
  .object({
    score: z.number().finite().optional(),
    max_score: z.number().finite().nonnegative().optional(),
    status: z.enum(['passed', 'failed']).optional(),
    name: z.string().optional(),
    name_format: FORMAT.optional(),
    number: z.string().optional(),
    output: z.string().optional(),
    output_format: FORMAT.optional(),
    tags: z.array(z.string()).optional(),
    visibility: VISIBILITY.optional(),
    extra_data: z.record(z.unknown()).optional(),
  })
  .strict();

const gradescopeResults = z
  .object({
    score: z.number().finite().optional(),
    execution_time: z.number().finite().nonnegative().optional(),
    output: z.string().optional(),
    output_format: FORMAT.optional(),
    test_output_format: FORMAT.optional(),
    test_name_format: FORMAT.optional(),
    visibility: VISIBILITY.optional(),
    stdout_visibility: VISIBILITY.optional(),
    extra_data: z.record(z.unknown()).optional(),
    tests: z.array(gradescopeTest).optional(),
    leaderboard: z
      .array(z.object({ name: z.string(), value: z.union([z.number(), z.string()]), order: z.enum(['asc', 'desc']).optional() }).strict())
      .optional(),
  })
  .strict()
  .refine((r) => r.score !== undefined || (r.tests ?? []).every((t) => t.score !== undefined), {
    message: 'results.json needs a top-level "score" or a "score" on every test',
  });

export type GradescopeTest = z.infer<typeof gradescopeTest>;
export type GradescopeResults = z.infer<typeof gradescopeResults>;

/** Check an object against the results.json specification; errors name the offending field path. */
export function validateGradescopeResults(obj: unknown): { ok: true; value: GradescopeResults } | { ok: false; errors: string[] } {
  const r = gradescopeResults.safeParse(obj);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, errors: r.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`) };
}

/** What the test noticed, and the transcript of its run: shown for passing tests too, so a reader can audit a pass. */
function runRecord(t: TestResult, report: Report, diffShown: boolean): string[] {
  const notices = testNotices(t, report);
  const transcript = t.detail?.transcript;
  return [
    ...(notices.length ? [notices.map((n) => `Notice: ${n}`).join('\n')] : []),
    ...(transcript && !diffShown ? [`Transcript:\n${transcript}`] : []),
  ];
}

function testOutput(t: TestResult, report: Report): string {
  const basis = t.basis ? `Required by: ${t.basis}` : '';
  const extra = t.extra ? 'Extra test: reported, never scored.' : '';
  if (t.status === 'passed') return [extra, ...runRecord(t, report, false)].filter(Boolean).join('\n\n');
  const d = t.detail;
  const parts = [t.message || `Test ${t.status}.`];
  if (extra) parts.push(extra);
  if (basis) parts.push(basis);
  if (d?.call) parts.push(`Call: ${d.call}`);
  const diff = d?.diff ?? (d?.expected !== undefined && d.actual !== undefined && (d.expected.includes('\n') || d.actual.includes('\n'))
    ? compactDiff(d.expected, d.actual) : '');
  if (diff) parts.push(`--- expected\n+++ actual\n${diff}`);
  if (d?.hint) parts.push(`Hint: ${d.hint}`);
  if (d?.traceback) parts.push(d.traceback);
  if (d?.seed) parts.push(`Seed: ${d.seed}`);
  parts.push(...runRecord(t, report, Boolean(diff)));
  return parts.join('\n\n');
}

/** results.json for a report, within the report caps, every string safe to show (see the top of this file). */
/** The outcome kind, basis and extra flag, for tools reading results.json (a hidden test keeps only its extra flag). */
function extraData(t: TestResult, redacted: boolean): { extra_data?: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  if (t.kind && !redacted) Object.assign(data, { kind: t.kind, kind_label: KINDS[t.kind].label });
  if (t.basis && !redacted) data.basis = t.basis;
  if (t.extra) data.extra = true;
  return Object.keys(data).length ? { extra_data: data } : {};
}

export function toGradescope(report: Report, opts: GradescopeOptions = {}): GradescopeResults {
  return fitReport(report, withDefaults(opts.caps), (r) => mapStrings(buildResults(r, opts), visibleControls), (res) => utf8Bytes(JSON.stringify(res, null, 2)));
}

function buildResults(report: Report, opts: GradescopeOptions): GradescopeResults {
  const hide = opts.hideHiddenDetails ?? true;
  const scoreOnly = opts.hiddenTests === 'score-only';
  const tests: GradescopeTest[] = [];
  groupTests(report.tests).forEach((g, gi) => {
    g.tests.forEach((orig, ti) => {
      const hidden = orig.visibility === 'hidden';
      const t = hide || scoreOnly ? redactHidden(orig) : orig;
      const output = hidden && (hide || scoreOnly) ? (t.status === 'passed' ? '' : HIDDEN_MESSAGE) : testOutput(t, report);
      tests.push({
        score: t.score,
        max_score: t.maxScore,
        status: t.status === 'passed' ? 'passed' : 'failed',
        name: `${t.group}: ${t.name}`,
        name_format: 'text',
        number: `${gi + 1}.${ti + 1}`,
        output,
        output_format: 'text',
        tags: [t.group, ...(t.tags ?? [])],
        visibility: hidden && scoreOnly ? 'visible' : t.visibility,
        ...extraData(t, hidden && (hide || scoreOnly)),
      });
    });
  });
  const sum = totals(report.tests);
  const lines: string[] = [];
  if (report.fatal) lines.push(`${report.fatal.kind}: ${report.fatal.message}`, ...(report.fatal.detail ? [report.fatal.detail] : []), '');
  for (const n of reportNotices(report, true)) lines.push(n);
  // The summary line must not give away hidden tests' results through the totals.
  const shown = scoreOnly ? report.tests : report.tests.filter((t) => t.visibility !== 'hidden');
  const vis = totals(shown);
  const label = shown.length === report.tests.length ? 'Score' : 'Score on the tests shown here';
  lines.push(`${label} ${vis.score}/${vis.maxScore}: ${vis.passed} passed, ${vis.failed} failed, ${vis.errors} errors, ${vis.skipped} skipped.`);
  return {
    score: sum.score,
    execution_time: Math.ceil(Math.max(0, report.durationMs) / 1000),
    output: lines.join('\n'),
    output_format: 'text',
    visibility: opts.visibility ?? 'visible',
    stdout_visibility: opts.stdoutVisibility ?? 'hidden',
    tests,
  };
}
