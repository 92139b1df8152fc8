// A file that does not import as handed in, graded as a TA would after fixing the one line that stops it
// (issue 33, P2). The driver makes the smallest change that lets the module import and records it
// (harness/run/python/gradekit_salvage.py, exec_module_forgiving): a repaired indentation, a Python 2 name
// (raw_input) read as its Python 3 builtin, or a top-level statement set aside because it does not compile or
// raised while the module was imported. Here is what
// the grade makes of that record, in one place:
// - the import test (a `silent-import` or `no-input-at-import` rule test) fails once, naming each line;
// - a function whose def was set aside is missing: its tests lose their points (P1) and say why;
// - every other test grades the salvaged module as usual.
// A course that wants "does not run = 0" says `submission: {import: strict}` in its spec.
import { readFileSync } from 'node:fs';
import type { ImportResult, SetAside } from '../run/python/protocol.js';
import { fail, type Outcome } from './outcome.js';

/** "ps3.py:42 ("print(x)"): NameError: name 'x' is not defined; set aside: line 42". */
export function describeSetAside(s: SetAside, file: string): string {
  const at = `${file}:${s.line} (${JSON.stringify(s.source)}): ${s.error}`;
  if (s.action === 'repaired') return `${at}; ${s.why}`;
  const start = s.start_line ?? s.line, end = s.end_line ?? start;
  const lines = end > start ? `lines ${start}-${end}` : `line ${start}`;
  const what = s.names?.length ? ` (the definition of ${s.names.join(', ')})` : '';
  return `${at}; ${s.why}, so ${lines}${what} ${end > start ? 'were' : 'was'} set aside`;
}

/** The report's notice for each change. */
export function setAsideNotice(s: SetAside, file: string): string {
  return `${file} ${s.when === 'run' ? 'does not run in Python 3' : 'does not import'} as handed in: ${describeSetAside(s, file)}; the rest of the file was graded`;
}

/** The import test's failure when the module imported only after changes: one defect, charged once
 *  whichever import tests the spec has. */
export function salvageFailure(imp: ImportResult, file: string): Outcome | undefined {
  const all = imp.set_aside ?? [];
  if (!all.length) return undefined;
  const o = fail(`${file} ${all.every((s) => s.when === 'run') ? 'does not run in Python 3' : 'does not import'} as handed in: ${all.map((s) => describeSetAside(s, file)).join('; ')}. The rest of the file was graded as if ${all.length === 1 ? 'that line were' : 'those lines were'} fixed`, {
    hint: `fix ${all.length === 1 ? toFix(all[0]!) : `lines ${all.map((s) => s.line).join(', ')}`}: a file that does not import gets nothing from a grader that runs it as it is`,
  });
  return { ...o, defect: `import:${all.map((s) => s.line).join(',')}` };
}

/** A test that needed a function whose def was set aside: it says so (the function is missing, P1). */
export function setAsideNote(o: Outcome, imp: ImportResult | undefined, file: string): Outcome {
  const m = /^missing-fn:(.+)$/.exec(o.defect ?? '');
  const s = m && imp?.set_aside?.find((x) => x.names?.includes(m[1]!));
  if (!s) return o;
  return { ...o, message: `${o.message}: its definition was set aside (${describeSetAside(s, file)})`, detail: { ...o.detail, hint: raisedInDefinition(s) ? `fix ${toFix(s)} so that ${m![1]} is defined` : `fix line ${s.line} so that ${m![1]} compiles` } };
}

/** A definition (a class, a def with its decorators) set aside because running it raised while the module was
 *  imported: the driver names its first line, and the statement that raised is somewhere in its body (a class
 *  body runs as the module is imported). */
function raisedInDefinition(s: SetAside): boolean {
  return s.action === 'set_aside' && !!s.names?.length && s.why.startsWith('it raised') && (s.end_line ?? s.line) > s.line;
}

/** What a hint asks to fix: the line, saying which definition it is in (a class module's error is inside
 *  its class: "fix line 50 (in the definition of Hangman)"), or the statement of a definition that raised. */
function toFix(s: SetAside): string {
  const what = s.names?.join(', ');
  if (raisedInDefinition(s)) {
    const type = /^[A-Za-z_]\w*(?=:)/.exec(s.error)?.[0];
    return `the statement in lines ${s.line}-${s.end_line} (the definition of ${what}, run when the module is imported) that raised${type ? ` ${type}` : ''}`;
  }
  const inside = s.action === 'set_aside' && what && s.start_line !== undefined && s.line > s.start_line && s.line <= (s.end_line ?? s.line);
  return inside ? `line ${s.line} (in the definition of ${what})` : `line ${s.line}`;
}

/** A def or class a line of a Python file lies in. */
export interface Definition { kind: 'class' | 'def'; name: string; line: number }

/**
 * The defs and classes line `line` (1-based) of Python source `text` lies in, outermost first: [] at the top
 * level of the module. Read from indentation, as Python reads blocks: the nearest earlier statement indented
 * less than the line opens the block it is in. Lines inside a bracket, a triple-quoted string or after a
 * backslash continue the statement before them and never open a block; the file need not compile.
 */
export function definitionsAt(text: string, line: number): Definition[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (!(line >= 1 && line <= lines.length)) return [];
  const starts = statementStarts(lines);
  // The statement the line belongs to (a line inside a long call is part of the statement it starts on).
  let at = line - 1;
  while (at > 0 && !starts[at]) at--;
  let below = indentOf(lines[at]!);
  const out: Definition[] = [];
  for (let i = at - 1; i >= 0 && below > 0; i--) {
    if (!starts[i] || !isCode(lines[i]!)) continue;
    const ind = indentOf(lines[i]!);
    if (ind >= below) continue;
    const m = /^\s*(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)/.exec(lines[i]!);
    if (m) out.unshift({ kind: m[1] as 'class' | 'def', name: m[2]!, line: i + 1 });
    below = ind;
  }
  return out;
}

/** Where a line is, for a message: "method Hangman.num_words", "function play", "the body of class Hangman,
 *  outside its methods"; undefined at the top level of the module. */
export function placeOf(defs: readonly Definition[]): string | undefined {
  const last = defs[defs.length - 1];
  if (!last) return undefined;
  const name = defs.map((d) => d.name).join('.');
  if (last.kind === 'class') return `the body of class ${name}, outside its methods`;
  return `${defs[defs.length - 2]?.kind === 'class' ? 'method' : 'function'} ${name}`;
}

/** placeOf the line of a file (undefined at the top level, or when the file cannot be read). */
export function placeInFile(file: string, line: number | null | undefined): string | undefined {
  if (!line) return undefined;
  try {
    return placeOf(definitionsAt(readFileSync(file, 'utf8'), line));
  } catch {
    return undefined;
  }
}

function indentOf(l: string): number {
  let n = 0;
  for (const ch of l) {
    if (ch === ' ') n++;
    else if (ch === '\t') n += 8 - (n % 8);
    else if (ch === '\f') n = 0;
    else break;
  }
  return n;
}

function isCode(l: string): boolean {
  const s = l.trim();
  return s !== '' && !s.startsWith('#');
}

/** For each line: does a statement (or a blank or comment line) start there, rather than continue one? */
function statementStarts(lines: readonly string[]): boolean[] {
  const starts: boolean[] = [];
  let depth = 0, quote: string | undefined, continued = false;
  for (const l of lines) {
    starts.push(depth === 0 && quote === undefined && !continued);
    continued = false;
    for (let i = 0; i < l.length; i++) {
      const ch = l[i]!;
      if (quote !== undefined) {
        if (ch === '\\') i++;
        else if (l.startsWith(quote, i)) { i += quote.length - 1; quote = undefined; }
        continue;
      }
      if (ch === '#') break;
      if (ch === '"' || ch === "'") {
        quote = l.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
        i += quote.length - 1;
      } else if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) depth = Math.max(0, depth - 1);
      else if (ch === '\\' && i === l.length - 1) continued = true;
    }
    // A one-quote string ends with its line (or, unclosed, is an error Python reports there).
    if (quote?.length === 1) quote = undefined;
  }
  return starts;
}
