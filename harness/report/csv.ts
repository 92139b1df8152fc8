// Gradebook CSV (RFC 4180, CRLF line ends): one row per submission with total, maximum and points per test group.
// Text cells are defused against spreadsheet formula injection (a submission id like "=HYPERLINK(...)").
import { totals, type Report } from '../model/report.js';
import { groupTests } from './groups.js';
import { controlPictures, escapeUnsafeUnicode, formatPoints } from './text.js';

export interface CsvOptions {
  /** Id column for a report (default: report.submission). */
  idOf?: (report: Report) => string;
}

/** Cells a spreadsheet would evaluate as a formula get a leading apostrophe (OWASP CSV-injection advice). */
export function defuseFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export function csvCell(value: string | number): string {
  // Control characters and bidirectional overrides in a (student-chosen) id would disguise it in a spreadsheet.
  const s = typeof value === 'number' ? formatPoints(value) : defuseFormula(escapeUnsafeUnicode(controlPictures(value, true)));
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as arrays (header first), for callers that want another container than CSV. */
export function gradebookRows(reports: readonly Report[], opts: CsvOptions = {}): (string | number)[][] {
  const idOf = opts.idOf ?? ((r: Report) => r.submission);
  // Union of groups in first-seen order, so a submission that crashed early still lines up with the others.
  const groups: string[] = [];
  for (const r of reports) for (const g of groupTests(r.tests)) if (!groups.includes(g.group)) groups.push(g.group);
  const rows: (string | number)[][] = [['id', 'score', 'max', ...groups]];
  for (const r of reports) {
    const t = totals(r.tests);
    const per = new Map(groupTests(r.tests).map((g) => [g.group, g.score]));
    rows.push([idOf(r), t.score, t.maxScore, ...groups.map((g) => per.get(g) ?? 0)]);
  }
  return rows;
}

export function renderGradesCsv(reports: readonly Report[], opts: CsvOptions = {}): string {
  return gradebookRows(reports, opts).map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
