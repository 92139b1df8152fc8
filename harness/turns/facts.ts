// The facts of a turn: what the output says, independent of how it is worded. A reference states its
// facts directly as it prints; a program's facts are read from its text with the role table: numbers
// by the words around them, letter runs as multisets, patterns, words and statements.
import type { Role, RoleTable } from './roles.js';

export interface Fact {
  /** A role of the table: its kind says what `value` is. */
  role: string;
  /** number: the number; multiset/letters/pattern/word: the letters; statement: true. */
  value: number | string | true;
  /** Other values that are right too (tied families; any word of the final family). */
  oneOf?: readonly (number | string)[];
  /** What the fact is about, for messages: the word scored, the letter guessed. */
  about?: string;
  /** Shown by the handout's program but required by no sentence of the handout: never charged. */
  optional?: boolean;
}

/** What checking a fact found: the fact missing from a turn, or shown wrong (`charge`: even an optional
 *  fact is charged when the program shows it wrong). The kind is the defect's, as data. */
export interface FactProblem {
  kind: 'missing' | 'wrong';
  text: string;
  charge?: true;
  /** How it is wrong, where two causes read differently ('size' or 'letters' of a hand): part of the defect. */
  how?: string;
}
export const missingFact = (text: string): FactProblem => ({ kind: 'missing', text });
export const wrongFact = (text: string): FactProblem => ({ kind: 'wrong', text });

// ---------------------------------------------------------------------------------------------- numbers

export interface NumberSeen {
  value: number;
  /** Offset in the text. */
  at: number;
  /** Number roles whose words stand nearest to it (several when equally near; none when no word does). */
  roles: string[];
  /** Where those words are: before it on its line (the surest reading), after it, or on the line above a bare number. */
  via?: 'left' | 'right' | 'above';
  /** Labelled before it as a counter: every role any of its words name, on either side, not only the nearest
   *  ("6 guesses left and 2 warnings left": the 2 has "guesses left" before it and "warnings left" after it). */
  fits?: string[];
  /** Said in words, not digits ("no warnings left": 0). */
  inWords?: true;
  line: string;
}

const NUMBER = /(?<![\w.])[-+]?\d+(?![\d.]?\w)/g;
const NONE = /\b(?:no|zero)\b/gi;

/** Every integer in the text, with the roles the words around it give it: the role whose word ends
 *  nearest before the number on its line, else the nearest after it, else the line above a bare number. */
export function readNumbers(text: string, table: RoleTable): NumberSeen[] {
  const roles = table.ofKind('number');
  const out: NumberSeen[] = [];
  let offset = 0;
  let prevLine = '';
  for (const line of text.split('\n')) {
    const hits = [...line.matchAll(NUMBER)];
    hits.forEach((m, k) => {
      const start = m.index!;
      const end = start + m[0].length;
      // The words next to a number stop at a field separator ("[8 guesses left] --- | 293 words left").
      const left = afterLast(line.slice(k > 0 ? hits[k - 1]!.index! + hits[k - 1]![0].length : 0, start));
      const right = beforeFirst(line.slice(end, k + 1 < hits.length ? hits[k + 1]!.index! : line.length));
      let found = nearest(roles, left, 'end');
      let via: NumberSeen['via'] = found.length ? 'left' : undefined;
      if (!found.length) {
        found = nearest(roles, right, 'start');
        if (found.length) via = 'right';
      }
      // Its other words, where a counter labels it before it (the judge's pickNumbers keeps a counter's number
      // from another counter): only then, so that no other number pays for reading them.
      const fits = via === 'left' && found.some((r) => table.get(r)?.counter) ? [...new Set([...roles.filter((r) => says(left, r)).map((r) => r.name), ...nearest(roles, right, 'start')])] : undefined;
      // A number alone on its line is labelled by the line above, when that line is a label (holds no
      // number of its own): "3" after "jar earned 120 points" is not more points.
      if (!found.length && line.trim() === m[0] && !/\d/.test(prevLine)) {
        found = nearest(roles, prevLine, 'end');
        if (found.length) via = 'above';
      }
      out.push({ value: Number(m[0]), at: offset + start, roles: found, ...(via ? { via } : {}), ...(fits ? { fits } : {}), line });
    });
    // "You have no warnings left": a count of none said in words is 0 of what its label, right after it, names.
    for (const m of line.matchAll(NONE)) {
      const right = beforeFirst(line.slice(m.index! + m[0].length));
      const found = roles.filter((r) => r.patterns.some((p) => new RegExp(`^\\s*(?:${p.source})`, 'i').test(right))).map((r) => r.name);
      if (!found.length) continue;
      // In its place among the line's numbers (turns read numbers in order).
      const at = offset + m.index!;
      const k = out.findIndex((n) => n.at > at);
      out.splice(k < 0 ? out.length : k, 0, { value: 0, at, roles: found, via: 'right', line, inWords: true });
    }
    if (line.trim()) prevLine = line;
    offset += line.length + 1;
  }
  return out;
}

const FIELD = /\s*(?:[|;[\]()]|(?<=[A-Za-z])[.,](?=\s))\s*/g;
const afterLast = (ctx: string) => {
  let cut = 0;
  for (const m of ctx.matchAll(FIELD)) cut = m.index! + m[0].length;
  return ctx.slice(cut);
};
const beforeFirst = (ctx: string) => {
  const m = new RegExp(FIELD.source).exec(ctx);
  return m ? ctx.slice(0, m.index) : ctx;
};

/** Roles whose pattern matches `ctx`, keeping those nearest the number (the end of ctx for words
 *  before it, the start for words after it). */
function nearest(roles: Role[], ctx: string, side: 'end' | 'start'): string[] {
  let best = side === 'end' ? -1 : Infinity;
  let names: string[] = [];
  for (const r of roles) {
    for (const p of r.patterns) {
      const g = new RegExp(p.source, 'gi');
      for (const m of ctx.matchAll(g)) {
        const pos = side === 'end' ? m.index! + m[0].length : m.index!;
        const better = side === 'end' ? pos > best : pos < best;
        if (better) { best = pos; names = [r.name]; }
        else if (pos === best && !names.includes(r.name)) names.push(r.name);
      }
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------- letter runs

export interface RunSeen {
  /** The letters, sorted (a multiset as a string). */
  letters: string;
  at: number;
  line: string;
}

/** Letter runs, as students print a hand:
 *  - a run that ends a line: the whole line, or its tail after a label ("Current Hand: a j e f * r x",
 *    "Your hand is a c t"), made only of single letters or wildcards separated by spaces or commas;
 *  - a run right after a label ending in ':' with more text after it (the hand printed without its newline,
 *    so the prompt follows it: "Current hand: a j e f * r x Enter word, ...");
 *  - a dict of counts ("{'a': 1, 'j': 2}", "a:1 j:2"), as printing the hand itself shows it;
 *  - one letter per line, on consecutive lines.
 *  A lone letter counts only as a whole line (so "That is a" is not a hand). Brackets and quotes around
 *  the run are ignored. */
export function readRuns(text: string, wildcards = '*!'): RunSeen[] {
  const out: RunSeen[] = [];
  let offset = 0;
  const isCell = (t: string) => [...t].length === 1 && (/[A-Za-z]/.test(t) || wildcards.includes(t));
  const cellClass = `[A-Za-z${wildcards.replace(/[\\\]^-]/g, (c) => '\\' + c)}]`;
  const countPair = new RegExp(`['"]?(${cellClass})['"]?\\s*:\\s*(\\d{1,3})(?!\\d)`, 'g');
  let column: { letters: string; at: number; line: string } | undefined;
  const endColumn = () => {
    if (column) out.push({ letters: sortLetters(column.letters.toLowerCase()), at: column.at, line: column.line });
    column = undefined;
  };
  for (const line of text.split('\n')) {
    const tokens = [...line.matchAll(/[^\s,;]+/g)].map((m) => ({ t: m[0].replace(/^[[({'"]+|[\])}'"]+$/g, ''), at: m.index! }));
    // One letter alone on its line, line after line: one hand.
    if (tokens.length === 1 && isCell(tokens[0]!.t)) {
      column ??= { letters: '', at: offset + tokens[0]!.at, line };
      column.letters += tokens[0]!.t;
      offset += line.length + 1;
      continue;
    }
    endColumn();
    const pairs = [...line.matchAll(countPair)];
    if (pairs.length >= 2 || (pairs.length === 1 && /^\s*\{.*\}\s*$/.test(line))) {
      out.push({ letters: sortLetters(pairs.map((m) => m[1]!.repeat(Number(m[2]))).join('').toLowerCase()), at: offset + pairs[0]!.index!, line });
      offset += line.length + 1;
      continue;
    }
    let k = tokens.length;
    while (k > 0 && isCell(tokens[k - 1]!.t)) k--;
    let run = tokens.slice(k);
    let whole = k === 0 || (k > 0 && /:$/.test(tokens[k - 1]!.t));
    if (!run.length) {
      // The run after a label, with the prompt on the same line after it.
      // (one letter alone is a run too when a word of the prompt follows it: "Current hand: e Enter word").
      const label = tokens.findIndex((x, i) => /[A-Za-z]:$/.test(x.t) && i + 2 < tokens.length && isCell(tokens[i + 1]!.t) && (isCell(tokens[i + 2]!.t) || /^[A-Z][a-z]{2,}/.test(tokens[i + 2]!.t)));
      if (label >= 0) {
        let e = label + 1;
        while (e < tokens.length && isCell(tokens[e]!.t)) e++;
        run = tokens.slice(label + 1, e);
        whole = true;
      }
    }
    // A run without letters is a hand only when it is the whole segment (a hand of just the wildcard).
    if (run.length && (run.length >= 2 || whole) && (whole || run.some((x) => /[A-Za-z]/.test(x.t)))) {
      out.push({ letters: sortLetters(run.map((x) => x.t).join('').toLowerCase()), at: offset + run[0]!.at, line });
    }
    offset += line.length + 1;
  }
  endColumn();
  return out;
}

export function sortLetters(s: string): string {
  return [...s].sort().join('');
}

/** "a c t *" for messages. */
export function spaced(letters: string): string {
  return [...letters].join(' ');
}

// ---------------------------------------------------------------------------------------------- word patterns

export interface PatternSeen {
  /** Lower-case letters and '-' for a blank. */
  pattern: string;
  at: number;
  line: string;
}

const escapeClass = (s: string) => s.replace(/[\\\]^-]/g, (c) => '\\' + c);

/**
 * Every displayed word pattern of this length: '-' or '_' blanks (or the given ones), letters in any
 * case, cells run together ("-u---"), spaced ("_ _ a _ "), or a list ("[_, _, A, _, _]"), alone on a line
 * or after a label. A letter must be one of `letters` (the guesses so far): a word of prose is not a
 * pattern. Lines `skip` names (a list of the letters guessed, which looks like a pattern) are ignored.
 */
export function readPatterns(text: string, length: number, letters: ReadonlySet<string>, opts: { blanks?: string; skip?: readonly RegExp[] } = {}): PatternSeen[] {
  const blanks = opts.blanks ?? '-_';
  const cell = `[A-Za-z${escapeClass(blanks)}]`;
  const out: PatternSeen[] = [];
  let offset = 0;
  for (const full of text.split('\n')) {
    const lineAt = offset;
    offset += full.length + 1;
    // Fields of a one-line status ("----- | guessed: e a | 12 words") are read apart, and a field that
    // lists the letters guessed is not a pattern.
    const raw = full.split('|').map((f) => {
      // The list of letters guessed, from the words that announce it to its end, is not a pattern.
      const m = (opts.skip ?? []).map((r) => r.exec(f)).filter((x): x is RegExpExecArray => x !== null).sort((x, y) => x.index - y.index)[0];
      if (!m) return f;
      const end = listEnd(f, m.index + m[0].length);
      return f.slice(0, m.index) + ' '.repeat(end - m.index) + f.slice(end);
    }).join('|');
    if (!raw.trim()) continue;
    // A Java-style list of cells reads like the cells run together.
    const line = raw.replace(/\[((?:\s*[A-Za-z_\-*]\s*,)+\s*[A-Za-z_\-*]\s*)\]/g, (_, cells: string) => cells.replace(/[\s,]/g, ''));
    const seen = new Set<string>();
    const accept = (cells: string, at: number) => {
      let p = '';
      for (const c of cells.replace(/ /g, '')) {
        if (blanks.includes(c)) p += '-';
        else if (letters.has(c.toLowerCase())) p += c.toLowerCase();
        else return;
      }
      if (p.length === length && !seen.has(`${at}:${p}`)) {
        seen.add(`${at}:${p}`);
        out.push({ pattern: p, at: lineAt + Math.min(at, full.length), line: full });
      }
    };
    for (const m of line.matchAll(new RegExp(`(?<!${cell})${cell}{${length}}(?!${cell})`, 'g'))) accept(m[0], m.index!);
    if (length > 1) {
      // Spaced cells must not continue a longer run of single cells ("_ _ _ _" is not two 2-patterns).
      const lone = `(?:^|[^A-Za-z${escapeClass(blanks)}])${cell} `;
      const spaced = new RegExp(`(?<!${cell})(?<!${lone})(?:${cell} ){${length - 1}}${cell}(?!${cell})(?! ${cell}(?!${cell}))`, 'g');
      for (const m of line.matchAll(spaced)) accept(m[0], m.index!);
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Where a list of letters that starts at `from` ends: after its brackets, or at a wide gap, a field
 *  separator or the next label ("Word: "), else at the end of the line. */
function listEnd(line: string, from: number): number {
  const rest = line.slice(from);
  const open = /^[\s:=]*\[/.exec(rest);
  if (open) {
    const close = rest.indexOf(']', open[0].length);
    return close < 0 ? line.length : from + close + 1;
  }
  const stop = /\s{2,}|\t|\s[-–]\s|,?\s*\b[A-Za-z]{3,}\s*[:=]/.exec(rest.replace(/^[\s:=]*/, (m) => ' '.repeat(m.length)));
  return stop ? from + stop.index : line.length;
}

// ---------------------------------------------------------------------------------------------- letters

/** Single letters shown where the role's words announce them ("Guessed: [e, a]", "Letters used: e a",
 *  "guessed: eao" run together, "| Tried so far: e,a,o |", or on the line after a bare label), as a set.
 *  The list runs from those words to the end of its field (a '|' or a wide gap before more words). */
export function readLetters(text: string, role: Role): Set<string> {
  const lines = text.split('\n');
  const out = new Set<string>();
  lines.forEach((l, i) => {
    for (const p of role.patterns) {
      const m = new RegExp(p.source, 'i').exec(l);
      if (!m) continue;
      let rest = l.slice(m.index + m[0].length).split('|')[0]!.replace(/\s{3,}\S*[A-Za-z]{3,}.*$/, '');
      rest = rest.replace(/^[^A-Za-z\d[\]]*(?:so far|letters|guesses)?\W*/i, '');
      if (!/[A-Za-z]/.test(rest)) rest = /[:=]\s*$|^\s*$/.test(l.slice(m.index + m[0].length)) ? lines[i + 1] ?? '' : '';
      const singles = [...rest.matchAll(/(?<![A-Za-z])[A-Za-z](?![A-Za-z])/g)].map((x) => x[0].toLowerCase());
      if (singles.length) singles.forEach((c) => out.add(c));
      else {
        // Run together ("eao"): one token of distinct letters.
        const run = rest.trim().match(/^[A-Za-z]{1,26}$/)?.[0]?.toLowerCase();
        if (run && new Set(run).size === run.length) for (const c of run) out.add(c);
      }
      break;
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------- statements, words

/** Lines that say what the role says. */
export function linesSaying(text: string, role: Role): string[] {
  const lines = text.split('\n');
  const saying = lines.filter((l) => says(l, role));
  // Only a line of one word can be a listed one: the rest of the text is read for a list only then.
  if (role.kind !== 'statement' || !saying.some((l) => /^\s*[A-Za-z]+\s*$/.test(l))) return saying;
  const listed = verticalList(lines);
  return saying.filter((l) => !listed.has(l.trim()));
}

/** The words of a list printed one to a line (a hint's matches: "abed", "abet", …, "nice"): three or more lines
 *  that each hold one word of one case and one length. Each such line is a listed word, never a statement,
 *  as the same words on one line are (isWordList). */
function verticalList(lines: readonly string[]): Set<string> {
  const byShape = new Map<string, string[]>();
  for (const l of lines) {
    const w = l.trim();
    if (!/^(?:[a-z]+|[A-Z]+)$/.test(w)) continue;
    const shape = `${w.length}${w === w.toLowerCase() ? 'a' : 'A'}`;
    byShape.set(shape, [...(byShape.get(shape) ?? []), w]);
  }
  return new Set([...byShape.values()].filter((ws) => ws.length >= 3).flat());
}

// A negation just before a statement's words, in the same clause: "That's not the correct letter!" does not
// say the guess was correct, "no longer a valid letter" is not "valid letter".
const NEGATED = /\b(?:not|no|never|hardly|isn't|wasn't|aren't|don't|doesn't|didn't|can't|cannot)\s+(?:[A-Za-z']+\s+){0,2}$/i;

/** A line that lists words, three or more of one length and one case (a hint's matches: "... much must name
 *  near neck need news next nice nine ..."): the words of a list, never a sentence, whatever they spell. */
function isWordList(line: string): boolean {
  const words = line.trim().split(/[\s,;]+/).map((w) => w.replace(/^['"[(]+|['")\].]+$/g, ''));
  if (words.length < 3 || !words.every((w) => /^[a-z]+$/.test(w) || /^[A-Z]+$/.test(w))) return false;
  return words.every((w) => w.length === words[0]!.length);
}

/** Whether a line says what the role says: one of its patterns matches, and for a statement, not right after
 *  a negation in the same clause, nor inside a list of words. */
export function says(line: string, role: Role): boolean {
  if (role.kind !== 'statement') return role.patterns.some((p) => p.test(line));
  return role.patterns.some((p) => {
    // Most lines say nothing of the role: the plain test rejects them before a global copy is made to look
    // at each match, or the line is split to see whether it lists words (this runs for every line of every
    // turn, per statement role).
    if (!p.test(line) || isWordList(line)) return false;
    const all = new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`);
    for (const m of line.matchAll(all)) {
      const clause = line.slice(0, m.index).split(/[.!?;:,]/).pop()!;
      if (!NEGATED.test(clause)) return true;
    }
    return false;
  });
}

/** Words of the text, lower-cased, with their offsets. */
export function wordsIn(text: string): { word: string; at: number }[] {
  return [...text.matchAll(/[A-Za-z]+/g)].map((m) => ({ word: m[0].toLowerCase(), at: m.index! }));
}
