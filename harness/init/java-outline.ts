// What `gradekit init` reads from an instructor's Java solution: each top-level class, its public
// constructors and methods (parameter types and names), its Javadoc's first sentences, and whether it has
// `public static void main(String[])` and reads System.in. The sources are compiled with javac into a
// temporary folder and the signatures read back with `javap -public -v`, so what a test calls is what the
// compiler saw (generics, varargs, overloads), never a guess of a regular expression; nothing is run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { UsageError } from '../util/errors.js';
import { parseJavacErrors } from '../run/java/compile.js';
import { packageOf, readsSystemIn, tokenizeJava, txtLiteralsIn } from '../run/java/sources.js';

export interface JavaParam {
  /** As javap shows it, with java.lang., java.util. and java.io. left out: `List<String>`, `int[]`. */
  type: string;
  /** The name in the source (javac -parameters), or arg0, arg1... */
  name: string;
}

export interface JavaMember {
  kind: 'constructor' | 'method';
  name: string;
  static: boolean;
  /** The declared return type (methods), shortened as the parameters' types. */
  returns?: string;
  params: JavaParam[];
  /** The declaration as a reader of the handout writes it: `public int count(String word)`. */
  signature: string;
  /** The first sentence of its Javadoc comment, when it has one. */
  doc?: string;
}

export interface JavaClass {
  /** The class's simple name (top-level classes only). */
  name: string;
  /** The .java file that declares it (its base name). */
  file: string;
  public: boolean;
  /** An interface, an abstract class or an enum: not a class a test constructs. */
  abstract: boolean;
  constructors: JavaMember[];
  /** Public methods, in declaration order, main and the compiler's own (synthetic, bridge) left out. */
  methods: JavaMember[];
  hasMain: boolean;
  /** Its file reads System.in. */
  readsInput: boolean;
  /** The .txt names its file's string literals hold (a word list main opens by name). */
  txtFiles: string[];
}

const SHORT = /\bjava\.(?:lang|util|io)\.(?=[A-Z])/g;

/** The .java files of a solution (one file, or a folder's top level), checked to exist. */
export function javaSources(solution: string, shown: string): string[] {
  if (statSync(solution).isDirectory()) {
    const files = readdirSync(solution).filter((f) => f.endsWith('.java')).sort().map((f) => join(solution, f));
    if (!files.length) throw new UsageError(`--solution: ${shown} holds no .java files: give your Java solution's .java file, or a folder of them`);
    return files;
  }
  return [solution];
}

/** Compiles the sources and reads their public API. A solution that does not compile is a UsageError naming javac's first error. */
export function javaOutline(files: string[]): JavaClass[] {
  const work = mkdtempSync(join(tmpdir(), 'gradekit-init-java-'));
  try {
    const src = join(work, 'src');
    const classes = join(work, 'classes');
    mkdirSync(src);
    mkdirSync(classes);
    const texts = new Map<string, string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
      const name = basename(f);
      if (texts.has(name)) throw new UsageError(`--solution: two files are named ${name}: give one folder of the solution's classes`);
      texts.set(name, text);
      writeFileSync(join(src, name), text);
      const pkg = packageOf(tokenizeJava(text).tokens);
      if (pkg) throw new UsageError(`${name} declares package ${pkg}: gradekit grades classes in the default package; delete its package line (and the students' starter's) and run init again`);
    }
    const { CLASSPATH: _cp, ...env } = process.env;
    const jvm = ['-J-Duser.language=en', '-J-Duser.country=US', '-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC'];
    try {
      execFileSync('javac', [...jvm, '-encoding', 'UTF-8', '-nowarn', '-parameters', '-proc:none', '-implicit:none', '-Xmaxerrs', '5', '-classpath', classes, '-sourcepath', src, '-d', classes, ...texts.keys()], { cwd: src, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 16 << 20, timeout: 120_000 });
    } catch (e) {
      const err = e as NodeJS.ErrnoException & { stderr?: string; stdout?: string };
      if (err.code === 'ENOENT') throw new UsageError('javac not found on PATH: gradekit init reads a Java solution by compiling it; install a JDK (17 or newer)');
      const output = `${err.stderr ?? ''}${err.stdout ?? ''}`;
      const first = parseJavacErrors(output)[0];
      const where = first ? `${first.file}:${first.line}: ${first.message}` : output.trim().split('\n')[0] || err.message.split('\n')[0];
      throw new UsageError(`the solution does not compile: ${where} (fix it, then run gradekit init again)`);
    }
    // Top-level classes only: a nested class is the solution's own business.
    const names = readdirSync(classes).filter((f) => f.endsWith('.class') && !f.includes('$')).map((f) => f.slice(0, -'.class'.length)).sort();
    if (!names.length) return [];
    let out: string;
    try {
      out = execFileSync('javap', ['-J-Duser.language=en', '-public', '-v', '-cp', classes, ...names], { env, encoding: 'utf8', maxBuffer: 64 << 20, timeout: 120_000, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      throw new UsageError(`cannot read the compiled solution with javap (part of the JDK): ${(e as Error).message.split('\n')[0]}`);
    }
    return parseJavap(out, texts);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Splits a parameter list at its top-level commas (not those inside <...>). */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The `javap -public -v` output of the solution's top-level classes, read class by class. */
function parseJavap(out: string, texts: Map<string, string>): JavaClass[] {
  const result: JavaClass[] = [];
  for (const block of out.split(/^Classfile .*$/m).slice(1)) {
    const lines = block.split(/\r?\n/);
    const from = /Compiled from "([^"]+)"/.exec(block)?.[1] ?? '';
    const headIdx = lines.findIndex((l) => /^\S/.test(l) && !l.startsWith('Constant pool') && l !== '{');
    const head = lines[headIdx] ?? '';
    const flags = lines.slice(headIdx).find((l) => /^ {2}flags: /.test(l)) ?? '';
    const nameM = /(?:class|interface|enum|record)\s+([\w$]+)/.exec(head);
    if (!nameM) continue;
    const name = nameM[1]!;
    const text = texts.get(from) ?? '';
    const docs = javadocs(text);
    const cls: JavaClass = {
      name, file: from,
      public: /\bACC_PUBLIC\b/.test(flags),
      abstract: /\bACC_(?:INTERFACE|ABSTRACT|ENUM|ANNOTATION)\b/.test(flags),
      constructors: [], methods: [], hasMain: false,
      readsInput: text ? readsSystemIn(tokenizeJava(text).tokens) : false,
      txtFiles: text ? txtLiteralsIn(tokenizeJava(text).strings) : [],
    };
    const open = lines.indexOf('{');
    for (let i = open + 1; i < lines.length && lines[i] !== '}'; i++) {
      const decl = /^ {2}(\S.*);$/.exec(lines[i]!);
      if (!decl) continue;
      // Its attributes: the lines indented deeper, up to the next blank line.
      let j = i + 1;
      const attrs: string[] = [];
      for (; j < lines.length && lines[j] !== '' && lines[j] !== '}'; j++) attrs.push(lines[j]!);
      const descriptor = attrs.find((l) => l.startsWith('    descriptor: ')) ?? '';
      const mflags = attrs.find((l) => l.startsWith('    flags: ')) ?? '';
      i = j - 1;
      if (!descriptor.includes('(')) continue; // a field
      if (!/\bACC_PUBLIC\b/.test(mflags) || /\bACC_(?:SYNTHETIC|BRIDGE)\b/.test(mflags)) continue;
      const paramNames: string[] = [];
      const mp = attrs.findIndex((l) => l.trim() === 'MethodParameters:');
      if (mp >= 0) for (let k = mp + 2; k < attrs.length && /^ {6}\S/.test(attrs[k]!); k++) paramNames.push(attrs[k]!.trim().split(/\s+/)[0]!);
      const m = member(decl[1]!, name, paramNames, /\bACC_STATIC\b/.test(mflags), /\bACC_VARARGS\b/.test(mflags));
      if (!m) continue;
      if (m.kind === 'constructor') {
        m.doc = docs.get(name)?.shift();
        cls.constructors.push(m);
      } else if (m.name === 'main' && m.static && m.returns === 'void' && m.params.length === 1 && /^String(?:\[\]|\.\.\.)$/.test(m.params[0]!.type)) cls.hasMain = true;
      else {
        m.doc = docs.get(m.name)?.shift();
        cls.methods.push(m);
      }
    }
    result.push(cls);
  }
  return result;
}

/** One declaration line of javap: `public static <T> java.util.List<T> f(int, java.lang.String...) throws X`. */
function member(decl: string, className: string, paramNames: string[], isStatic: boolean, varargs: boolean): JavaMember | undefined {
  const open = decl.indexOf('(');
  const close = decl.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  let before = decl.slice(0, open).replace(/\b(?:public|protected|private|static|final|synchronized|native|abstract|strictfp|default)\s+/g, '').trim();
  if (before.startsWith('<')) {
    let depth = 0;
    let k = 0;
    for (; k < before.length; k++) {
      if (before[k] === '<') depth++;
      else if (before[k] === '>' && --depth === 0) break;
    }
    before = before.slice(k + 1).trim();
  }
  const nameM = /([\w$]+)$/.exec(before);
  if (!nameM) return undefined;
  const name = nameM[1]!;
  const returns = before.slice(0, before.length - name.length).trim().replace(SHORT, '');
  const written = splitTop(decl.slice(open + 1, close)).map((t) => t.replace(SHORT, ''));
  // A varargs parameter (int... xs) takes an array: a list in a step.
  const types = written.map((t, k) => (varargs && k === written.length - 1 ? t.replace(/\.\.\.$/, '[]') : t));
  const params = types.map((type, k) => ({ type, name: paramNames[k] ?? `arg${k}` }));
  const kind = returns === '' && name === className ? 'constructor' : 'method';
  const list = params.map((p, k) => `${written[k]} ${p.name}`).join(', ');
  const signature = kind === 'constructor' ? `public ${name}(${list})` : `public ${isStatic ? 'static ' : ''}${returns} ${name}(${list})`;
  return { kind, name, static: isStatic, ...(kind === 'method' ? { returns } : {}), params, signature };
}

/** The first sentence of each Javadoc comment, by the name it documents (a method, or the class's
 *  constructors by the class's name), in source order: overloads take them in turn. */
function javadocs(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const re = /\/\*\*([\s\S]*?)\*\/\s*((?:@\w+(?:\([^)]*\))?\s*)*)([^;{=]*?)\(/g;
  for (const m of text.matchAll(re)) {
    const decl = m[3]!.trim();
    if (/\b(?:class|interface|enum|record|new|return)\b/.test(decl) || decl.includes('\n\n')) continue;
    const name = /([A-Za-z_$][\w$]*)\s*$/.exec(decl)?.[1];
    if (!name) continue;
    const body = m[1]!.split('\n').map((l) => l.replace(/^\s*\*?\s?/, '')).join(' ');
    const prose = body.split(/\s@\w+/)[0]!.replace(/<[^>]+>/g, '').replace(/\{@\w+\s+([^}]*)\}/g, '$1').replace(/\s+/g, ' ').trim();
    const sentence = /^(.+?[.!?])(?:\s|$)/.exec(prose)?.[1] ?? prose;
    if (sentence.length < 3) continue;
    const list = out.get(name) ?? [];
    list.push(sentence.length > 200 ? `${sentence.slice(0, 197)}...` : sentence);
    out.set(name, list);
  }
  return out;
}
