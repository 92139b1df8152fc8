// One line for a student: the problem to fix before any other. The file must load before anything
// can be judged; a test whose failure is charged in another test points at that one, never first;
// a crash hides what comes after it; then tests in the order the spec (and the handout) introduces
// them. The line goes straight to the terminal: it is neutralised (text.ts visibleControls) and kept
// to one screen line's worth of each message.
import { scoredFailures, type Report, type TestResult } from '../model/report.js';
import { truncate, visibleControls } from './text.js';

const MESSAGE_CHARS = 300;

export function fixFirst(r: Report): string | undefined {
  const line = fixFirstLine(r);
  return line === undefined ? undefined : visibleControls(line);
}

function fixFirstLine(r: Report): string | undefined {
  if (r.fatal) return `Fix first: ${truncate(r.fatal.message, MESSAGE_CHARS)}`;
  const bad = scoredFailures(r.tests); // extra tests are reported in their group, never "fix first"
  const t = firstToFix(bad);
  if (!t) return undefined;
  const hint = t.detail?.hint ? ` (hint: ${truncate(t.detail.hint, MESSAGE_CHARS)})` : '';
  const more = bad.length > 1 ? ` — then ${bad.length - 1} more failing test(s)` : '';
  return `Fix first: ${t.group} › ${t.name}: ${truncate(t.message, MESSAGE_CHARS)}${hint}${more}`;
}

/** The test to fix first among the scored failures, in spec order: the home of a defect (charged there, not a
 *  test whose cause is charged in another: `chargedIn`, or "not charged again"), a crash before the rest. A test
 *  whose cause is charged elsewhere is chosen only when no failing test is a home (its home was left out with
 *  --only, or is extra): then the first of them. */
function firstToFix(bad: readonly TestResult[]): TestResult | undefined {
  const homes = bad.filter(isHome);
  const from = homes.length ? homes : bad;
  return from.find((x) => x.status === 'error') ?? from[0];
}

function isHome(t: TestResult): boolean {
  return (t.chargedIn === undefined || t.chargedIn === t.id) && !t.message.startsWith('not charged again');
}
