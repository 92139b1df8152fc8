// One line for a student: the problem to fix before any other. The file must load before anything
// can be judged; a crash hides what comes after it; then tests in the order the spec (and the
// handout) introduces them.
import { scoredFailures, type Report } from '../model/report.js';

export function fixFirst(r: Report): string | undefined {
  if (r.fatal) return `Fix first: ${r.fatal.message}`;
  const bad = scoredFailures(r.tests); // extra tests are reported in their group, never "fix first"
  if (!bad.length) return undefined;
  const t = bad.find((x) => x.status === 'error') ?? bad[0];
  const hint = t.detail?.hint ? ` (hint: ${t.detail.hint})` : '';
  const more = bad.length > 1 ? ` — then ${bad.length - 1} more failing test(s)` : '';
  return `Fix first: ${t.group} › ${t.name}: ${t.message}${hint}${more}`;
}
