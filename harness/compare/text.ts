// Comparing printed transcripts: named normalisers (recorded in the report), the first differing
// line with a caret, a compact unified diff, and a hint when only whitespace or case differs.
import { diffLib } from '../util/lazy-diff.js';
import type { Normaliser } from '../spec/schema.js';
import type { TestDetail } from '../model/report.js';

const HAND_LINE = /^(?:\S )*\S ?$/;

const LABELLED_HAND = /^(.*:\s+)((?:\S )+\S ?)$/;

function sortHandLine(line: string): string {
  // "a j e f ! r x d " and "j a e ! f d r x " are the same hand printed from different dict orders,
  // also after a label such as "Current hand: ".
  const labelled = LABELLED_HAND.exec(line);
  if (labelled && !HAND_LINE.test(line)) return labelled[1] + sortHandLine(labelled[2]);
  if (!HAND_LINE.test(line) || line.trim().length < 3) return line;
  const letters = line.trim().split(' ');
  return letters.sort().join(' ') + (line.endsWith(' ') ? ' ' : '');
}

export function normaliserName(n: Normaliser): string {
  return n;
}

export function normalise(text: string, normalisers: readonly Normaliser[]): string {
  let t = text;
  for (const n of normalisers) {
    switch (n) {
      case 'crlf': t = t.replace(/\r\n?/g, '\n'); break;
      case 'trailing-whitespace': t = t.replace(/[ \t]+$/gm, '').replace(/\n+$/, '\n'); break;
      case 'blank-lines': t = t.split('\n').filter((l) => l.trim() !== '').join('\n'); break;
      case 'collapse-whitespace': t = t.replace(/[ \t]+/g, ' '); break;
      case 'case': t = t.toLowerCase(); break;
      case 'hand-multiset': t = t.split('\n').map(sortHandLine).join('\n'); break;
      case 'numbers-only':
        t = t.split('\n').map((l) => (/\d/.test(l) ? (l.match(/-?\d+(\.\d+)?/g) ?? []).join(' ') : l)).join('\n');
        break;
    }
  }
  return t;
}

/** Makes invisible differences visible: · for space, → for tab, ␍ for CR, ⏎ at line ends. */
export function visibleWhitespace(line: string): string {
  return line.replace(/ /g, '·').replace(/\t/g, '→').replace(/\r/g, '␍');
}

export interface TextComparison {
  ok: boolean;
  detail: TestDetail;
  /** One sentence for the test's message. */
  summary: string;
}

export function compareText(expected: string, actual: string, normalisers: readonly Normaliser[], contextLines = 3): TextComparison {
  const e = normalise(expected, normalisers);
  const a = normalise(actual, normalisers);
  const names = normalisers.map(normaliserName);
  if (e === a) return { ok: true, detail: { normalisers: names }, summary: '' };
  const el = e.split('\n'), al = a.split('\n');
  let i = 0;
  while (i < el.length && i < al.length && el[i] === al[i]) i++;
  // Show the student's own line (not the lower-cased, masked, sorted one) when normalising kept lines in place.
  const rawE = expected.replace(/\r\n?/g, '\n').split('\n'), rawA = actual.replace(/\r\n?/g, '\n').split('\n');
  const linesKept = rawE.length === el.length && rawA.length === al.length;
  const eLine = (linesKept ? rawE[i] : el[i]) ?? '', aLine = (linesKept ? rawA[i] : al[i]) ?? '';
  let col = 0;
  while (col < eLine.length && col < aLine.length && eLine[col] === aLine[col]) col++;
  const shownE = i < el.length ? visibleWhitespace(eLine) + (i < el.length - 1 ? '⏎' : '') : '<end of output>';
  const shownA = i < al.length ? visibleWhitespace(aLine) + (i < al.length - 1 ? '⏎' : '') : '<end of output>';
  const caret = ' '.repeat(visibleWhitespace(aLine.slice(0, col)).length) + '^';
  const diff = diffLib().createTwoFilesPatch('expected', 'yours', e, a, undefined, undefined, { context: contextLines })
    .split('\n')
    .slice(2) // the ===/--- header lines add nothing for a student
    .join('\n');
  const hint = whyHint(e, a);
  const summary =
    i >= al.length
      ? `the output stops early: line ${i + 1} should be ${JSON.stringify(eLine)}`
      : i >= el.length
        ? `extra output from line ${i + 1}: ${JSON.stringify(aLine)}`
        : `line ${i + 1} differs at column ${col + 1}: expected ${JSON.stringify(eLine)}, got ${JSON.stringify(aLine)}`;
  return {
    ok: false,
    summary,
    detail: {
      expected: e,
      actual: a,
      diff,
      normalisers: names,
      firstDifference: { line: i + 1, column: col + 1, expected: shownE, actual: shownA, caret },
      ...(hint ? { hint } : {}),
    },
  };
}

function whyHint(e: string, a: string): string | undefined {
  const ws = (s: string) => s.replace(/[ \t]+/g, ' ').replace(/ +$/gm, '').replace(/\n+/g, '\n').trim();
  if (ws(e) === ws(a)) return 'only whitespace differs (spaces, blank lines or line ends): check your print statements';
  if (e.toLowerCase() === a.toLowerCase()) return 'only upper/lower case differs: check the capitalisation of your messages';
  if (ws(e).toLowerCase() === ws(a).toLowerCase()) return 'only whitespace and case differ';
  return undefined;
}
