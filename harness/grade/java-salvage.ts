// Salvage for Java (the fidelity policy's P2): a class that does not compile is graded the way a TA grades it,
// who fixes what is fixable on sight and grades the rest. Each round reads javac's errors and repairs every
// one of them, or none:
//   an import javac cannot find (an IDE's unused import of a package the machine lacks): the line is deleted;
//   a ';' expected: added where javac's caret points;
//   a java.util or java.io class used without its import: `import java.util.*;` added at the start of line 1;
//   `s.length` on a String, `list.size` on a collection, `a.length()` on an array: the other spelling;
//   anything else inside a method or constructor: that body is set aside (it throws, naming the error), so the
//   other methods are graded and its own tests fail as a method that cannot run.
// Line numbers never move: a repair changes a line in place and a set-aside body keeps its newlines.
import { readFileSync } from 'node:fs';
import { basename, sep } from 'node:path';

/** What a set-aside method that was never written throws (java-class.ts reads it as a stub). */
export const EMPTY_NOTE = 'gradekit: this method has no code: its empty body does not compile';
/** How the exception a set-aside body throws begins (the line and javac's error follow). */
export const SET_ASIDE_NOTE = 'gradekit: this method does not compile as handed in';

const UTIL = new Set(['List', 'ArrayList', 'LinkedList', 'Set', 'HashSet', 'TreeSet', 'LinkedHashSet', 'SortedSet', 'NavigableSet', 'Map', 'HashMap', 'TreeMap', 'LinkedHashMap', 'SortedMap', 'Collection', 'Collections', 'Arrays', 'Iterator', 'Scanner', 'Queue', 'Deque', 'ArrayDeque', 'Stack', 'Random', 'Objects']);
const IO = new Set(['File', 'FileNotFoundException', 'IOException', 'PrintStream', 'FileReader', 'BufferedReader']);

interface JavacError { rel: string; line: number; message: string; symbol?: string; location?: string; col?: number }

function parseErrors(output: string): JavacError[] {
  const lines = output.split('\n');
  const out: JavacError[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(.+?\.java):(\d+): error: (.*)$/.exec(lines[i]!);
    if (!m) continue;
    const e: JavacError = { rel: m[1]!.split(sep).join('/'), line: Number(m[2]), message: m[3]! };
    for (let k = i + 1; k < Math.min(lines.length, i + 6) && !/\.java:\d+: error:/.test(lines[k]!); k++) {
      const l = lines[k]!;
      if (/^\s*\^\s*$/.test(l) && e.col === undefined) e.col = l.indexOf('^');
      const sym = /^\s*symbol:\s+(.*)$/.exec(l);
      if (sym) e.symbol = sym[1]!.trim();
      const loc = /^\s*location:\s+(.*)$/.exec(l);
      if (loc) e.location = loc[1]!.trim();
    }
    out.push(e);
  }
  return out;
}

/** Which characters of a source are code (not in a comment, a string or a char literal). */
function codeMask(src: string): boolean[] {
  const mask = new Array<boolean>(src.length).fill(true);
  let i = 0;
  const mark = (from: number, to: number) => { for (let k = from; k < to && k < src.length; k++) mask[k] = false; };
  while (i < src.length) {
    const c = src[i]!, d = src[i + 1];
    if (c === '/' && d === '/') { const e = src.indexOf('\n', i); const end = e < 0 ? src.length : e; mark(i, end); i = end; }
    else if (c === '/' && d === '*') { const e = src.indexOf('*/', i + 2); const end = e < 0 ? src.length : e + 2; mark(i, end); i = end; }
    else if (c === '"' && src.startsWith('"""', i)) { const e = src.indexOf('"""', i + 3); const end = e < 0 ? src.length : e + 3; mark(i, end); i = end; }
    else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < src.length && src[k] !== c && src[k] !== '\n') k += src[k] === '\\' ? 2 : 1;
      mark(i, k + 1);
      i = k + 1;
    } else i++;
  }
  return mask;
}

/** The body of the method or constructor holding `offset` ([open brace, close brace]), or undefined. */
function enclosingBody(src: string, offset: number): [number, number] | undefined {
  const mask = codeMask(src);
  const opens: number[] = [];
  const pairs: [number, number][] = [];
  for (let i = 0; i < src.length; i++) {
    if (!mask[i]) continue;
    if (src[i] === '{') opens.push(i);
    else if (src[i] === '}' && opens.length) pairs.push([opens.pop()!, i]);
  }
  // The innermost block around the error whose header ends with a parameter list (and a throws clause).
  const around = pairs.filter(([o, c]) => o < offset && offset < c).sort((x, y) => y[0] - x[0]);
  for (const [o, c] of around) {
    const head = src.slice(Math.max(0, o - 300), o).replace(/\/\/[^\n]*\n/g, '\n');
    if (/\)\s*(?:throws\s+[\w.\s,]+)?$/.test(head) && !/\b(?:if|for|while|switch|catch|synchronized)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$/.test(head)) return [o, c];
  }
  return undefined;
}

/** The repairs for every error of `output`, file by file (relative path -> new text), or undefined when an
 *  error has none. `texts` holds each file's current text (what the last round compiled). `did`, when given, counts the
 *  lines repaired and receives each method whose body is set aside instead: "isFull() (A.java:54)". */
export function repairs(output: string, own: readonly [string, string][], courseNames: ReadonlySet<string>, texts: ReadonlyMap<string, string> = new Map(), did?: SalvageDone): Map<string, string> | undefined {
  const errors = parseErrors(output).filter((e) => !courseNames.has(basename(e.rel))); // course files' errors follow from ours
  if (!errors.length) return undefined;
  const files = new Map<string, string[]>();
  /** A file's current lines, by its path in the submission (javac names the staged copy). */
  const ownPath = (rel: string) => own.find(([r]) => r === rel || basename(r) === basename(rel))?.[0];
  const linesOf = (rel: string) => {
    const path = ownPath(rel);
    if (path === undefined) return undefined;
    if (!files.has(path)) files.set(path, (texts.get(path) ?? readFileSync(own.find(([r]) => r === path)![1], 'utf8')).split('\n'));
    return files.get(path)!;
  };
  const edits: { rel: string; line: number; col: number; apply: (text: string) => string }[] = [];
  const setAside: { rel: string; line: number; message: string }[] = [];
  for (const err of errors) {
    const src = linesOf(err.rel);
    if (!src) return undefined;
    const e = { ...err, rel: ownPath(err.rel)! };
    const text = src[e.line - 1] ?? '';
    const col = e.col ?? 0;
    const sym = e.symbol ?? '';
    if (/^\s*import\s+[\w.*]+\s*;\s*$/.test(text) && /does not exist|is not visible|cannot find symbol/.test(e.message)) edits.push({ rel: e.rel, line: e.line, col: 0, apply: () => '' });
    else if (e.message === "';' expected" && e.col !== undefined) edits.push({ rel: e.rel, line: e.line, col, apply: (t) => `${t.slice(0, col)};${t.slice(col)}` });
    else if (e.message === 'cannot find symbol' && /^class (\w+)$/.test(sym) && (UTIL.has(sym.slice(6)) || IO.has(sym.slice(6)))) {
      edits.push({ rel: e.rel, line: 1, col: -1, apply: (t) => (t.startsWith('import java.util.*; import java.io.*; ') ? t : `import java.util.*; import java.io.*; ${t}`) });
    } else if (e.message === 'cannot find symbol' && /^variable (length|size)$/.test(sym) && /^\.?(length|size)\b(?!\s*\()/.test(text.slice(col))) {
      // javac's caret is on the dot or on the name.
      const at = text[col] === '.' ? col + 1 : col;
      edits.push({ rel: e.rel, line: e.line, col: at, apply: (t) => `${t.slice(0, at)}${/^\w+/.exec(t.slice(at))![0]}()${t.slice(at + /^\w+/.exec(t.slice(at))![0].length)}` });
    } else if (e.message === 'cannot find symbol' && sym === 'method length()' && /array/.test(e.location ?? '') && text.slice(col).startsWith('length()')) {
      edits.push({ rel: e.rel, line: e.line, col, apply: (t) => `${t.slice(0, col)}length${t.slice(col + 'length()'.length)}` });
    } else setAside.push({ rel: e.rel, line: e.line, message: e.message });
  }
  // Right to left on a line, so an edit does not move the next one's column; one edit per place.
  const seen = new Set<string>();
  for (const ed of edits.sort((x, y) => y.col - x.col)) {
    const key = `${ed.rel}:${ed.line}:${ed.col}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const src = files.get(ed.rel)!;
    src[ed.line - 1] = ed.apply(src[ed.line - 1] ?? '');
  }
  const asideAt = new Set<string>();
  const aside: string[] = [];
  for (const s of setAside) {
    const src = files.get(s.rel)!;
    const text = src.join('\n');
    const offset = src.slice(0, s.line - 1).reduce((n, l) => n + l.length + 1, 0);
    const body = enclosingBody(text, offset);
    if (!body) return undefined;
    const [o, c] = body;
    // A body with two errors is set aside once, named by its first.
    if (asideAt.has(`${s.rel}:${o}`)) continue;
    asideAt.add(`${s.rel}:${o}`);
    // An empty body (a method never written) is said so: its tests could check nothing (a stub, not a crash).
    const mask = codeMask(text);
    let empty = true;
    for (let k = o + 1; k < c && empty; k++) if (mask[k] && /\S/.test(text[k]!)) empty = false;
    const note = `${empty ? EMPTY_NOTE : SET_ASIDE_NOTE} (line ${s.line}: ${s.message.replace(/["\\]/g, '')})`;
    const inner = text.slice(o + 1, c).replace(/[^\n]/g, ' ');
    const firstBreak = inner.indexOf('\n');
    const name = /(\w+)\s*\([^()]*\)\s*(?:throws\s+[\w.\s,]+)?$/.exec(text.slice(Math.max(0, o - 300), o).replace(/\/\/[^\n]*\n/g, '\n'))?.[1];
    aside.push(`${name ? `${name}() ` : 'a method '}(${basename(s.rel)}:${s.line})`);
    const thrown = ` throw new RuntimeException("${note}"); `;
    // The throw goes on the body's first line (a body on one line gets it there too); the rest becomes blank.
    const replaced = firstBreak < 0 ? thrown : thrown + inner.slice(firstBreak);
    files.set(s.rel, (text.slice(0, o + 1) + replaced + text.slice(c)).split('\n'));
  }
  if (did) {
    did.fixed += seen.size;
    did.aside.push(...aside);
  }
  return new Map([...files].map(([rel, src]) => [rel, src.join('\n')]));
}

/** What salvage did to a submission over its rounds (see repairs). */
export interface SalvageDone {
  fixed: number;
  aside: string[];
}

/** What salvage did, in a notice's words: "repaired that line as a TA would", "set aside the body of isFull()
 *  (A.java:54), which throws when called", or both. */
export function salvageSaid(did: SalvageDone): string {
  const lines = did.fixed ? `repaired ${did.fixed === 1 ? 'that line' : 'those lines'} as a TA would` : '';
  const bodies = did.aside.length ? `set aside the body of ${did.aside.join(', ')}, which throw${did.aside.length === 1 ? 's' : ''} when called` : '';
  return [lines, bodies].filter(Boolean).join(' and ') || 'repaired it as a TA would';
}
