// Line diffs for reporters that get expected/actual text but no precomputed diff (the compare layer usually
// supplies detail.diff and detail.firstDifference; these are the same computations, used as a fallback).
import { diffLib } from '../util/lazy-diff.js';

export interface FirstDifference {
  line: number;
  column: number;
  expected: string;
  actual: string;
  caret: string;
}

/** Lines with their terminators kept, so a missing or extra newline is a visible difference (⏎). */
export function splitKeepingNewlines(s: string): string[] {
  return s === '' ? [] : s.split(/(?<=\n)/);
}

export function caretAt(column: number): string {
  return ' '.repeat(Math.max(0, column - 1)) + '^';
}

/** First differing line (1-based) and column (1-based, in code points), or undefined when equal. */
export function firstDifference(expected: string, actual: string): FirstDifference | undefined {
  if (expected === actual) return undefined;
  const e = splitKeepingNewlines(expected);
  const a = splitKeepingNewlines(actual);
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    const el = e[i] ?? '';
    const al = a[i] ?? '';
    if (el === al) continue;
    const ec = Array.from(el);
    const ac = Array.from(al);
    let c = 0;
    while (c < ec.length && c < ac.length && ec[c] === ac[c]) c++;
    return { line: i + 1, column: c + 1, expected: el, actual: al, caret: caretAt(c + 1) };
  }
  return undefined;
}

/** A compact unified diff (hunks only, no file headers): lines start with '@@', ' ', '-', '+' or '\'. */
export function compactDiff(expected: string, actual: string, context = 2): string {
  if (expected === actual) return '';
  const patch = diffLib().structuredPatch('expected', 'actual', expected, actual, '', '', { context });
  const out: string[] = [];
  for (const h of patch.hunks) {
    out.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
    out.push(...h.lines);
  }
  return out.join('\n');
}

export interface SideBySideRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  left?: { no: number; text: string };
  right?: { no: number; text: string };
}

/** Rows for a two-column diff: removed and added runs that follow each other are paired as changed lines. */
export function sideBySideRows(expected: string, actual: string): SideBySideRow[] {
  const e = expected.split('\n');
  const a = actual.split('\n');
  const rows: SideBySideRow[] = [];
  let ln = 0, rn = 0;
  const parts = diffLib().diffArrays(e, a);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!p.added && !p.removed) {
      for (const text of p.value) rows.push({ kind: 'same', left: { no: ++ln, text }, right: { no: ++rn, text } });
      continue;
    }
    const removed = p.removed ? p.value : [];
    const next = parts[i + 1];
    const added = p.added ? p.value : next?.added && p.removed ? (i++, next.value) : [];
    const n = Math.max(removed.length, added.length);
    for (let k = 0; k < n; k++) {
      const l = k < removed.length ? { no: ++ln, text: removed[k] } : undefined;
      const r = k < added.length ? { no: ++rn, text: added[k] } : undefined;
      rows.push({ kind: l && r ? 'changed' : l ? 'removed' : 'added', left: l, right: r });
    }
  }
  return rows;
}
