// Reading a Java submission's sources without a parser: find the .java files (size-capped), split each
// into tokens in one pass (comments dropped, literals set apart), and find the package, the JUnit imports,
// `public static void main(String[])` with its binary class name, and the .txt files the program names.
// Everything here runs on the grader's own thread, before javac and for every classmate's clock alike: each
// step is a single left-to-right pass over the text or its tokens (no regular expression over a whole
// source), so its cost grows linearly with the source, and `work` counts it for the tests that show so.
import { lstatSync, opendirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders that hold build output, IDE metadata or archive junk, never sources to compile. */
const SKIP_DIRS = new Set(['.git', '.idea', '.vscode', '.settings', 'bin', 'out', 'build', 'target', 'node_modules', '__MACOSX']);

/** What a submission's sources may add up to. Real ones are a few files of 5-50 KiB. */
export const SOURCE_LIMITS = {
  /** Bytes of .java text, all files together. */
  bytes: 1 << 20,
  files: 500,
  /** Folder entries looked at while searching for sources. */
  entries: 20_000,
};

export interface JavaSource {
  /** Path relative to the submission root, with '/' separators. */
  rel: string;
  abs: string;
  /** Text with a leading BOM removed. */
  text: string;
}

/** A submission whose sources are beyond SOURCE_LIMITS: nothing is read past the limit. */
export class SourceLimitError extends Error {}

/** Work counted by the scans (characters and tokens visited), for the tests that show it is linear. */
export interface Work {
  steps: number;
}

export function findJavaSources(root: string, limits = SOURCE_LIMITS): JavaSource[] {
  const out: JavaSource[] = [];
  let bytes = 0;
  let entries = 0;
  const mib = (n: number) => `${+(n / (1 << 20)).toFixed(2)} MiB`;
  const tooMany = () => new SourceLimitError(`the submission holds more than ${limits.entries} files and folders: hand in only the source folder`);
  const walk = (dir: string) => {
    // Read lazily: a folder of a million entries costs no more than the cap before it is refused.
    const names: string[] = [];
    const d = opendirSync(dir);
    try {
      for (let e = d.readSync(); e !== null; e = d.readSync()) {
        if (++entries > limits.entries) throw tooMany();
        names.push(e.name);
      }
    } finally {
      d.closeSync();
    }
    for (const name of names.sort()) {
      const abs = join(dir, name);
      // lstat: a symbolic link could pull in files from outside the submission (other students, the spec).
      const st = lstatSync(abs);
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name) && !name.startsWith('.')) walk(abs);
      } else if (st.isFile() && name.endsWith('.java') && !name.startsWith('._')) {
        bytes += st.size;
        if (out.length >= limits.files) throw new SourceLimitError(`the submission has more than ${limits.files} .java files: hand in only your own sources`);
        if (bytes > limits.bytes) throw new SourceLimitError(`the submission's .java files hold more than ${mib(limits.bytes)} (${relative(root, abs).split(sep).join('/')} goes past it): hand in only your own sources, without generated or pasted data`);
        const text = readFileSync(abs, 'utf8').replace(/^\uFEFF/, '');
        out.push({ rel: relative(root, abs).split(sep).join('/'), abs, text });
      }
    }
  };
  walk(root);
  return out;
}

export interface JavaTokens {
  /** Words (identifiers, keywords, numbers) and punctuation (one character each; `...` as one), in order. */
  tokens: string[];
  /** The raw text between the quotes of each string literal and text block, escapes as written. */
  strings: string[];
}

const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/** One pass over a source: comments dropped, string and char literals set apart, the rest as tokens. */
export function tokenizeJava(src: string, work?: Work): JavaTokens {
  const tokens: string[] = [];
  const strings: string[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    const d = src.charCodeAt(i + 1);
    const from = i;
    if (isSpace(c)) i++;
    else if (c === 47 /* / */ && d === 47) {
      const end = src.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === 47 && d === 42 /* * */) {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === 34 /* " */ && d === 34 && src.charCodeAt(i + 2) === 34) {
      const end = src.indexOf('"""', i + 3);
      strings.push(src.slice(i + 3, end < 0 ? n : end));
      i = end < 0 ? n : end + 3;
    } else if (c === 34 || c === 39 /* ' */) {
      let j = i + 1;
      while (j < n && src.charCodeAt(j) !== c && src.charCodeAt(j) !== 10) j += src.charCodeAt(j) === 92 /* \ */ ? 2 : 1;
      if (c === 34) strings.push(src.slice(i + 1, Math.min(j, n)));
      i = j + 1;
    } else if (isWordChar(c)) {
      let j = i + 1;
      while (j < n && isWordChar(src.charCodeAt(j))) j++;
      tokens.push(src.slice(i, j));
      i = j;
    } else if (c === 46 /* . */ && d === 46 && src.charCodeAt(i + 2) === 46) {
      tokens.push('...');
      i += 3;
    } else {
      tokens.push(src[i]!);
      i++;
    }
    if (work) work.steps += Math.max(1, i - from);
  }
  return { tokens, strings };
}

/** The package a source declares (`package a.b;`, the first declaration), or null. */
export function packageOf(tokens: readonly string[], work?: Work): string | null {
  // Annotations may precede it (package-info.java): skip `@Name` and `@Name(...)`.
  let k = 0;
  while (tokens[k] === '@' && tokens[k + 1] !== 'interface') {
    k += 2;
    while (tokens[k] === '.') k += 2;
    if (tokens[k] === '(') {
      let depth = 0;
      for (; k < tokens.length; k++) {
        if (work) work.steps++;
        if (tokens[k] === '(') depth++;
        else if (tokens[k] === ')' && --depth === 0) break;
      }
      k++;
    }
  }
  if (tokens[k] !== 'package') return null;
  const name = qualifiedName(tokens, k + 1, work);
  return name && tokens[name.end] === ';' ? name.text : null;
}

/** `a . b . c` from token `at`: the name and the index after it. */
function qualifiedName(tokens: readonly string[], at: number, work?: Work): { text: string; end: number } | undefined {
  const parts: string[] = [];
  let k = at;
  while (k < tokens.length && isIdentifier(tokens[k]!)) {
    if (work) work.steps++;
    parts.push(tokens[k]!);
    if (tokens[k + 1] !== '.') return { text: parts.join('.'), end: k + 1 };
    k += 2;
  }
  return parts.length ? { text: parts.join('.'), end: k } : undefined;
}

const isIdentifier = (t: string) => isWordChar(t.charCodeAt(0)) && !(t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57);

/** Whether the source imports JUnit (handed-in tests, which cannot compile without JUnit on the class path). */
export function importsJUnit(tokens: readonly string[], work?: Work): boolean {
  for (let k = 0; k < tokens.length; k++) {
    if (work) work.steps++;
    if (tokens[k] !== 'import') continue; // a reserved word: always an import declaration
    const at = tokens[k + 1] === 'static' ? k + 2 : k + 1;
    if ((tokens[at] === 'org' && tokens[at + 1] === '.' && tokens[at + 2] === 'junit') || (tokens[at] === 'junit' && tokens[at + 1] === '.')) return true;
  }
  return false;
}

/** Whether the source reads System.in (the interactive one among several mains). */
export function readsSystemIn(tokens: readonly string[], work?: Work): boolean {
  for (let k = 0; k + 2 < tokens.length; k++) {
    if (work) work.steps++;
    if (tokens[k] === 'System' && tokens[k + 1] === '.' && tokens[k + 2] === 'in') return true;
  }
  return false;
}

const TYPE_KEYWORDS = new Set(['class', 'interface', 'enum', 'record']);

/** Binary class names (pkg.Outer$Inner) of every type declaring a main method in this source (at most 100). */
export function mainClassesIn(source: string | JavaTokens, work?: Work): string[] {
  const { tokens } = typeof source === 'string' ? tokenizeJava(source, work) : source;
  const pkg = packageOf(tokens, work);
  const found: string[] = [];
  // One entry per open brace: the binary name of the innermost named type enclosing it (null outside any),
  // so that a brace or a main costs the same however deep it is nested. A brace belongs to the type
  // declared between the previous ; { } and it, if one is.
  const stack: (string | null)[] = [];
  let segType: string | null = null;
  for (let k = 0; k < tokens.length; k++) {
    if (work) work.steps++;
    const t = tokens[k]!;
    if (t === '{') {
      const outer = stack.length ? stack[stack.length - 1]! : null;
      stack.push(segType === null ? outer : outer === null ? segType : `${outer}$${segType}`);
      segType = null;
    } else if (t === '}') {
      stack.pop();
      segType = null;
    } else if (t === ';') segType = null;
    else if (TYPE_KEYWORDS.has(t) && tokens[k - 1] !== '.' && isIdentifier(tokens[k + 1] ?? '')) segType = tokens[k + 1]!;
    else if (t === 'public' || t === 'static') {
      const owner = stack.length ? stack[stack.length - 1]! : null;
      if (owner !== null && found.length < 100 && isMainAt(tokens, k)) found.push((pkg ? pkg + '.' : '') + owner);
    }
  }
  return found;
}

/** `public static [final] void main ( [final] String [] x | String ... x | String x [] )` starting at k. */
function isMainAt(tokens: readonly string[], k: number): boolean {
  const t = (j: number) => tokens[k + j];
  if (!((t(0) === 'public' && t(1) === 'static') || (t(0) === 'static' && t(1) === 'public'))) return false;
  let j = 2;
  if (t(j) === 'final') j++;
  if (t(j) !== 'void' || t(j + 1) !== 'main' || t(j + 2) !== '(') return false;
  j += 3;
  if (t(j) === 'final') j++;
  if (t(j) !== 'String') return false;
  j++;
  const id = (x: number) => isIdentifier(t(x) ?? '');
  if (t(j) === '[' && t(j + 1) === ']' && id(j + 2)) j += 3;
  else if (t(j) === '...' && id(j + 1)) j += 2;
  else if (id(j) && t(j + 1) === '[' && t(j + 2) === ']') j += 3;
  else return false;
  return t(j) === ')';
}

/** At most this many word-list names are provided for one program: a program opens one dictionary. */
export const MAX_WORD_FILES = 8;

/** Relative .txt paths the program names in string literals (hard-coded word list names), in order. */
export function txtLiteralsIn(strings: readonly string[], work?: Work): string[] {
  const names = new Set<string>();
  for (const raw of strings) {
    if (work) work.steps++;
    // Short literals only (a path, not a paragraph); an escaped backslash is a Windows separator.
    if (raw.length > 120 || !raw.endsWith('.txt') || raw.length <= 4) continue;
    const p = raw.split('\\\\').join('/');
    if (p.includes('\\') || p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').includes('..')) continue;
    names.add(p.replace(/^\.\//, ''));
  }
  return [...names];
}
