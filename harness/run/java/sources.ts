// Reading a Java submission's sources without a parser: find the .java files, strip comments and
// literals, and locate `public static void main(String[])` with its fully qualified class name.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders that hold build output, IDE metadata or archive junk, never sources to compile. */
const SKIP_DIRS = new Set(['.git', '.idea', '.vscode', '.settings', 'bin', 'out', 'build', 'target', 'node_modules', '__MACOSX']);

export interface JavaSource {
  /** Path relative to the submission root, with '/' separators. */
  rel: string;
  abs: string;
  /** Text with a leading BOM removed. */
  text: string;
}

export function findJavaSources(root: string): JavaSource[] {
  const out: JavaSource[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      // lstat: a symbolic link could pull in files from outside the submission (other students, the spec).
      const st = lstatSync(abs);
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name) && !name.startsWith('.')) walk(abs);
      } else if (name.endsWith('.java') && !name.startsWith('._')) {
        const text = readFileSync(abs, 'utf8').replace(/^\uFEFF/, '');
        out.push({ rel: relative(root, abs).split(sep).join('/'), abs, text });
      }
    }
  };
  walk(root);
  return out;
}

/** Replaces comments, string/char literals and text blocks with spaces, keeping offsets and newlines. */
export function stripJava(src: string): string {
  const out = src.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      blank(i, stop); i = stop;
    } else if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      blank(i, stop); i = stop;
    } else if (src.startsWith('"""', i)) {
      const end = src.indexOf('"""', i + 3);
      const stop = end < 0 ? src.length : end + 3;
      blank(i + 1, stop - 1); i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      blank(i + 1, j); i = j + 1;
    } else i++;
  }
  return out.join('');
}

export function packageOf(stripped: string): string | null {
  const m = /^\s*package\s+([\w.]+)\s*;/m.exec(stripped);
  return m ? m[1]!.replace(/\s+/g, '') : null;
}

const MAIN_RE = /\b(?:public\s+static|static\s+public)\s+(?:final\s+)?void\s+main\s*\(\s*(?:final\s+)?String\s*(?:\[\s*\]\s*\w+|\.\.\.\s*\w+|\w+\s*\[\s*\])\s*\)/g;
const TYPE_RE = /\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/g;

/** Binary class names (pkg.Outer$Inner) of every type declaring a main method in this source. */
export function mainClassesIn(text: string): string[] {
  const s = stripJava(text);
  const pkg = packageOf(s);
  const found: string[] = [];
  // Which type each open brace belongs to: a type declaration between the previous ; { } and this {.
  const stack: (string | null)[] = [];
  const mains = [...s.matchAll(MAIN_RE)].map((m) => m.index!);
  let segStart = 0;
  let mi = 0;
  for (let i = 0; i < s.length; i++) {
    while (mi < mains.length && mains[mi]! <= i) {
      const names = stack.filter((n): n is string => n !== null);
      if (names.length > 0) found.push((pkg ? pkg + '.' : '') + names.join('$'));
      mi++;
    }
    const ch = s[i];
    if (ch === '{') {
      const seg = s.slice(segStart, i);
      const types = [...seg.matchAll(TYPE_RE)];
      stack.push(types.length > 0 ? types[types.length - 1]![1]! : null);
      segStart = i + 1;
    } else if (ch === '}') {
      stack.pop();
      segStart = i + 1;
    } else if (ch === ';') segStart = i + 1;
  }
  return found;
}

/** Relative .txt paths the program names in string literals (hard-coded word list names). */
export function txtLiteralsIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/"([^"\n\\]{1,120}\.txt)"/g)) {
    const p = m[1]!.replace(/\\\\/g, '/');
    if (!p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split('/').includes('..')) names.add(p.replace(/^\.\//, ''));
  }
  return [...names];
}

export function importsJUnit(text: string): boolean {
  return /^\s*import\s+(?:static\s+)?(?:org\.junit|junit\.)/m.test(stripJava(text));
}
