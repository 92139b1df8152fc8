// Facts read from a reference's own transcript. A TypeScript reference states its facts as it prints;
// an instructor's solution in the students' language cannot, so its facts are read from what it printed,
// with the SAME role table that reads the student's program: numbers that the words around them give
// exactly one role, the statements it says, and the values that follow a role's label (the revealed
// pattern after "Good guess:", the word after "The word was", the words listed after "Possible word
// matches are:"). Whatever the table cannot name is not a fact, so it is never required of a student.
import type { Fact } from './facts.js';
import { linesSaying, missingFact, readNumbers, readRuns, says, wrongFact, type FactProblem } from './facts.js';
import { classifyQuestion, type Role, type RoleTable } from './roles.js';
import { turnText, type Turn } from './turn.js';

/** A printed word: letters only, brackets, quotes and trailing punctuation around it ignored. */
const WORD = /^[A-Za-z]+$/;
const clean = (token: string) => token.replace(/^[[({'"]+|[\])}'".,;!?]+$/g, '');

/** The tokens of a line that is nothing but a list of words ("tact tart", "['tact', 'tart']"), or null. */
export function wordLine(line: string): string[] | null {
  // A separator the next turn prints glued to the line's end (a list printed with end=' ', then '-----') is
  // layout, not a word of the list.
  const tokens = line.replace(/(?:^|\s)(?:[-=*_~#]{3,}\s*)+$/, '').split(/[\s,;]+/).map(clean).filter((t) => t.length);
  return tokens.length && tokens.every((t) => WORD.test(t)) ? tokens.map((t) => t.toLowerCase()) : null;
}

/** The text a role's label introduces on line i: what follows the label (after a ':' when there is
 *  one), or, when nothing follows, the next line that says something. */
function afterLabel(lines: readonly string[], i: number, role: Role): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  for (const p of role.patterns) {
    const g = new RegExp(p.source, 'gi');
    for (const m of lines[i]!.matchAll(g)) {
      let rest = lines[i]!.slice(m.index! + m[0].length);
      const colon = rest.indexOf(':');
      if (colon >= 0) rest = rest.slice(colon + 1);
      if (rest.trim()) out.push({ text: rest.trim(), line: i });
      else {
        let k = i + 1;
        while (k < lines.length && !lines[k]!.trim()) k++;
        if (k < lines.length) out.push({ text: lines[k]!.trim(), line: k });
      }
    }
  }
  return out;
}

/** A hangman-style pattern as the judge compares it: lower case, blanks as '-', no spaces. */
export function flatPattern(text: string): string | null {
  const t = text.trim().replace(/[.!]+$/, '');
  if (!/^[A-Za-z_-]+( ?[A-Za-z_-]+)*\s*$/.test(t) || !/[A-Za-z_-]/.test(t)) return null;
  return t.toLowerCase().replace(/_/g, '-').replace(/\s+/g, '');
}

/** Lines that state one of the table's statements (never part of a word list). */
function saysStatement(line: string, table: RoleTable): boolean {
  return table.ofKind('statement').some((r) => says(line, r));
}

/** The words listed after a `words` role's label: the rest of its line and the word lines below it. */
function listedAfter(lines: readonly string[], i: number, role: Role, table: RoleTable): string[] | null {
  for (const { text, line } of afterLabel(lines, i, role)) {
    const first = wordLine(text);
    if (!first || saysStatement(text, table)) continue;
    const words = [...first];
    for (let k = line + 1; k < lines.length; k++) {
      const more = lines[k]!.trim() ? wordLine(lines[k]!) : null;
      if (!more || saysStatement(lines[k]!, table)) break;
      words.push(...more);
    }
    return words;
  }
  return null;
}

/** The facts a turn's text states, read with the role table (see the file comment). */
export function factsOf(text: string, table: RoleTable, wildcards?: string): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  const add = (f: Fact) => {
    const key = `${f.role}\0${String(f.value)}`;
    if (!seen.has(key)) {
      seen.add(key);
      facts.push(f);
    }
  };
  // A count the handout's program says only in words ("You have no warnings left so you lose one guess") is its
  // wording, not a number the handout asks shown: a program may leave it out, and is charged if it shows it wrong.
  for (const n of readNumbers(text, table)) if (n.roles.length === 1) add({ role: n.roles[0]!, value: n.value, ...(n.inWords ? { optional: true } : {}) });
  for (const r of table.ofKind('statement')) if (linesSaying(text, r).length) add({ role: r.name, value: true });
  const lines = text.split('\n');
  const multisets = table.ofKind('multiset');
  if (multisets.length === 1) for (const run of readRuns(text, wildcards)) add({ role: multisets[0]!.name, value: run.letters });
  const wordLists = table.ofKind('words');
  let listed = false;
  lines.forEach((line, i) => {
    for (const r of table.ofKind('pattern')) {
      if (!r.patterns.some((p) => p.test(line))) continue;
      const value = afterLabel(lines, i, r).map((x) => flatPattern(x.text)).find((v) => v !== null);
      if (value) add({ role: r.name, value });
    }
    for (const r of table.ofKind('word')) {
      if (!r.patterns.some((p) => p.test(line))) continue;
      const word = afterLabel(lines, i, r).map((x) => x.text.match(/[A-Za-z]+/)?.[0].toLowerCase()).find((w) => w !== undefined);
      if (word) add({ role: r.name, value: word });
    }
    for (const r of table.ofKind('letters')) {
      if (!r.patterns.some((p) => p.test(line))) continue;
      const letters = afterLabel(lines, i, r).map((x) => [...x.text.matchAll(/(?<![A-Za-z])[A-Za-z](?![A-Za-z])/g)].map((m) => m[0].toLowerCase()).join('')).find((l) => l.length);
      if (letters) add({ role: r.name, value: letters });
    }
    for (const r of wordLists) {
      if (!r.patterns.some((p) => p.test(line))) continue;
      const words = listedAfter(lines, i, r, table);
      if (words) {
        add({ role: r.name, value: words.join(' ') });
        listed = true;
      }
    }
  });
  // A turn that is nothing but words of one case (a function that prints its matches and nothing else,
  // not a sentence) is the list of the table's one word-list role.
  if (!listed && wordLists.length === 1) {
    const said = lines.filter((l) => l.trim());
    const rows = said.map((l) => (saysStatement(l, table) ? null : wordLine(l)));
    const tokens = said.flatMap((l) => l.split(/[\s,;]+/).map(clean).filter((t) => t.length));
    const oneCase = tokens.every((t) => t === t.toLowerCase()) || tokens.every((t) => t === t.toUpperCase());
    if (said.length && oneCase && rows.every((r) => r !== null)) add({ role: wordLists[0]!.name, value: rows.flat().join(' ') });
  }
  return facts;
}

/** A solution's turns made ready for the judge: each turn's question classified with the table (the
 *  role a TypeScript reference names itself) and, with `facts`, the facts its text states. */
export function readTurns(turns: readonly Turn[], table: RoleTable, o: { facts: boolean; wildcards?: string }): Turn[] {
  return turns.map((t) => {
    const asked = t.input !== null ? classifyQuestion(table, t.prompt, t.before) : null;
    return { ...t, ...(asked ? { role: asked.role.name } : {}), ...(o.facts ? { facts: factsOf(turnText(t), table, o.wildcards) } : {}) };
  });
}

/** A question or a sentence, never a list, though its words may be listed ones when the list is every word
 *  of a length (a hint before any letter): it ends with '?' or '...' ("Your letter?", "Loading word list from
 *  file..."), or starts with a capital and has words of several lengths. */
function prose(line: string): boolean {
  if (/(?:\?|\.\.\.)\s*$/.test(line)) return true;
  const words = line.trim().split(/\s+/);
  return /^[A-Z][a-z]*$/.test(words[0] ?? '') && new Set(words.map((w) => w.replace(/[^A-Za-z]/g, '').length)).size > 1;
}

/** Judges a word-list fact against a program's turn: the words on the lines that list any of the
 *  expected words (and the word lines right next to them whose words have the expected lengths) must
 *  be exactly the expected words, in any order and layout. */
export function checkWordList(text: string, want: readonly string[], says: string, when: string): FactProblem | null {
  const expected = new Set(want.map((w) => w.toLowerCase()));
  const lengths = new Set([...expected].map((w) => w.length));
  const rows = text.split('\n').map((l) => {
    // Python's None printed (print(f(...)) around a function that prints its list and returns None) is
    // no word of the list, though "none" has a listed word's length: the words are lower case, the value is not.
    if (l.trim() === 'None') return null;
    const label = l.lastIndexOf(':');
    const rest = label >= 0 ? l.slice(label + 1) : l;
    return prose(rest) ? null : wordLine(rest);
  });
  // A line lists the words when it names one of them and most of its words are expected, or all have an
  // expected length: a debug line that names the secret word beside the letters guessed ("apple ['a', 'l']")
  // is not part of the list; a wrong matcher's list ("ample amply apple apply") is.
  const inList = rows.map((r) => !!r && r.some((w) => expected.has(w)) && (r.filter((w) => expected.has(w)).length * 2 > r.length || r.every((w) => lengths.has(w.length))));
  for (let i = 0; i < rows.length; i++) {
    if (!inList[i]) continue;
    for (let k = i + 1; k < rows.length && !inList[k] && rows[k]?.every((w) => lengths.has(w.length)); k++) inList[k] = true;
    for (let k = i - 1; k >= 0 && !inList[k] && rows[k]?.every((w) => lengths.has(w.length)); k--) inList[k] = true;
  }
  const shown = new Set(rows.flatMap((r, i) => (inList[i] ? r! : [])));
  if (!shown.size) return missingFact(`${when} your program does not show ${says} (${list([...expected])})`);
  const missing = [...expected].filter((w) => !shown.has(w));
  const extra = [...shown].filter((w) => !expected.has(w));
  if (!missing.length && !extra.length) return null;
  const parts = [missing.length ? `it leaves out ${list(missing)}` : '', extra.length ? `it also lists ${list(extra)}` : ''].filter(Boolean);
  return wrongFact(`${when} ${says} should be ${list([...expected])}; ${parts.join(' and ')}`);
}

function list(words: readonly string[]): string {
  return words.length > 12 ? `${words.slice(0, 12).join(' ')} … (${words.length} words)` : words.join(' ');
}
