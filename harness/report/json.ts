// The JSON report: stable bytes for the same report (keys in contract order, 2-space indent, trailing newline),
// so reports diff cleanly and golden files stay reviewable. Totals are recomputed from the tests so they agree.
// It stays within the report caps (caps.ts), and characters that act on a reader (C1 controls, bidirectional
// overrides, line separators) are written as \u escapes: the file shows them, and a parser gets them back intact.
import { totals, type Report, type TestDetail, type TestResult } from '../model/report.js';
import { fitReport, utf8Bytes, withDefaults, type ReportCaps } from './caps.js';
import { UNSAFE_UNICODE, unicodeEscape } from './text.js';

const REPORT_KEYS = ['assignment', 'submission', 'score', 'maxScore', 'durationMs', 'tests', 'notices', 'fatal', 'seed', 'gradekit'] as const;
const TEST_KEYS = ['id', 'group', 'name', 'status', 'kind', 'score', 'maxScore', 'visibility', 'message', 'durationMs', 'detail', 'notices', 'tags', 'basis', 'extra'] as const;
const DETAIL_KEYS = ['expected', 'actual', 'diff', 'firstDifference', 'regions', 'normalisers', 'transcript', 'traceback', 'hint', 'call', 'seed'] as const;
const FIRST_DIFF_KEYS = ['line', 'column', 'expected', 'actual', 'caret'] as const;
const FATAL_KEYS = ['kind', 'message', 'detail'] as const;

type Obj = Record<string, unknown>;

/** Known keys in the given order, then any extra keys sorted, dropping undefined values. */
function ordered(o: Obj, keys: readonly string[], child: (key: string, v: unknown) => unknown = (_k, v) => v): Obj {
  const out: Obj = {};
  const known = new Set(keys);
  for (const k of [...keys, ...Object.keys(o).filter((k) => !known.has(k)).sort()]) {
    if (o[k] !== undefined) out[k] = child(k, o[k]);
  }
  return out;
}

function orderDetail(d: TestDetail): Obj {
  return ordered(d as unknown as Obj, DETAIL_KEYS, (k, v) => (k === 'firstDifference' ? ordered(v as Obj, FIRST_DIFF_KEYS) : v));
}

function orderTest(t: TestResult): Obj {
  return ordered(t as unknown as Obj, TEST_KEYS, (k, v) => (k === 'detail' ? orderDetail(v as TestDetail) : v));
}

/** The report as a plain object with keys in contract order and totals taken from its tests. */
export function toOrderedReport(report: Report): Obj {
  const sum = totals(report.tests);
  return ordered({ ...report, score: sum.score, maxScore: sum.maxScore } as unknown as Obj, REPORT_KEYS, (k, v) =>
    k === 'tests' ? (v as TestResult[]).map(orderTest) : k === 'fatal' ? ordered(v as Obj, FATAL_KEYS) : v,
  );
}

function stringify(report: Report): string {
  // -0 and non-finite numbers have no faithful JSON form; write 0 and null explicitly rather than by accident.
  const text = JSON.stringify(toOrderedReport(report), (_k, v) => (typeof v === 'number' ? (Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v) : null) : v), 2) + '\n';
  // These characters can only stand inside JSON strings here, where a \u escape means the same character.
  return text.replace(UNSAFE_UNICODE, unicodeEscape);
}

export interface JsonOptions {
  /** Report caps (default: DEFAULT_REPORT_CAPS); the output stays within caps.total bytes. */
  caps?: Partial<ReportCaps>;
}

export function renderJson(report: Report, opts: JsonOptions = {}): string {
  return fitReport(report, withDefaults(opts.caps), stringify, utf8Bytes);
}
