// One line for a student: the problem to fix before any other. The file must load before anything
// can be judged; a crash hides what comes after it; then tests in the order the spec (and the
// handout) introduces them. The line goes straight to the terminal: it is neutralised (text.ts
// visibleControls) and kept to one screen line's worth of each message.
import { scoredFailures, type Report } from '../model/report.js';
import { truncate, visibleControls } from './text.js';

const MESSAGE_CHARS = 300;

export function fixFirst(r: Report): string | undefined {
  const line = fixFirstLine(r);
  return line === undefined ? undefined : visibleControls(line);
}

function fixFirstLine(r: Report): string | undefined {
  if (r.fatal) return `Fix first: ${truncate(r.fatal.message, MESSAGE_CHARS)}`;
  const bad = scoredFailures(r.tests); // extra tests are reported in their group, never "fix first"
  if (!bad.length) return undefined;
  const t = bad.find((x) => x.status === 'error') ?? bad[0];
  const hint = t.detail?.hint ? ` (hint: ${truncate(t.detail.hint, MESSAGE_CHARS)})` : '';
  const more = bad.length > 1 ? ` — then ${bad.length - 1} more failing test(s)` : '';
  return `Fix first: ${t.group} › ${t.name}: ${truncate(t.message, MESSAGE_CHARS)}${hint}${more}`;
}
