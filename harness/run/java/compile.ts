// Compile a free-form Java submission (any layout: default package, packages, src/) into a private
// class directory and find its entry point. Sources are staged (BOM removed) so javac sees clean
// UTF-8; error paths are mapped back to the submission's own relative paths.
import { execa } from 'execa';
import { compileWithServer } from './javac-server.js';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { removeWorkDir, workDirOnExit } from '../../util/shutdown.js';
import { findJavaSources, importsJUnit, mainClassesIn, MAX_WORD_FILES, readsSystemIn, SourceLimitError, tokenizeJava, txtLiteralsIn, type JavaSource, type JavaTokens } from './sources.js';
import { virtualizeClock } from './virtual-clock.js';

export interface CompileError {
  /** Path relative to the submission root, '/' separated. */
  file: string;
  line: number;
  message: string;
}

export type CompileResult =
  | {
    ok: true; mainClass: string;
    /** The compiled classes; its parent folder is the staging folder, which the caller removes. */
    classDir: string;
    sources: string[]; skipped: string[]; durationMs: number;
    /** Relative .txt names the sources hard-code (at most MAX_WORD_FILES), for the word list to be found under. */
    wordFiles: string[];
    /** What the grader changed or could not do (the virtual clock, word-list names left out), for the report. */
    notices: string[];
    /** The words of the program's string literals, lower case: its own wording, never a word it reveals. */
    wording: string[];
    /** The program's string literals themselves (at most 400): what it can ask (harness/grade/written.ts). */
    literals: string[];
  }
  | {
    ok: false; errors: CompileError[]; summary: string; output: string; durationMs: number;
    /** A limit of the grader (source size, the submission's time budget), not a compile error of the program. */
    limit?: true;
  };

export interface CompileOptions {
  /** Fully qualified main class, when the spec names it; otherwise found by scanning sources. */
  mainClass?: string;
  /** Where to put staged sources and classes; a fresh temp dir by default (removed unless the compile succeeds). */
  workDir?: string;
  javac?: string;
  timeoutMs?: number;
  /** performance.now() time by which the submission must be done: the compile gets no more than what is left. */
  deadline?: number;
  /** Put the program on a virtual clock (its input will be scripted): see virtual-clock.ts. */
  virtualClock?: boolean;
}

/** Async, so a batch or a test file grading several Java submissions keeps playing the others' games
 *  while javac runs (a synchronous compile would stall every lockstep game of the process for ~0.6 s). */
export async function compileJava(submissionDir: string, opts: CompileOptions = {}): Promise<CompileResult> {
  const t0 = performance.now();
  const done = <T extends object>(r: T) => ({ ...r, durationMs: Math.round(performance.now() - t0) });
  const fail = (summary: string, errors: CompileError[] = [], output = '') =>
    done({ ok: false as const, errors, summary, output });
  const limited = (summary: string) => ({ ...fail(summary), limit: true as const });

  let all: JavaSource[];
  try {
    all = findJavaSources(submissionDir);
  } catch (e) {
    if (e instanceof SourceLimitError) return limited(e.message);
    return fail(`cannot read submission ${submissionDir}: ${(e as Error).message}`);
  }
  const lexed = new Map<JavaSource, JavaTokens>(all.map((s) => [s, tokenizeJava(s.text)]));
  // Students often hand in their JUnit tests too; without JUnit on the class path they cannot compile.
  const skipped = all.filter((s) => importsJUnit(lexed.get(s)!.tokens)).map((s) => s.rel);
  const sources = all.filter((s) => !skipped.includes(s.rel));
  if (sources.length === 0) return fail(`no .java files found under ${submissionDir}: hand in the Java sources`);
  const budget = opts.deadline === undefined ? Infinity : opts.deadline - performance.now();
  if (budget <= 0) return limited('the submission used up its time budget before its sources were compiled');
  const timeoutMs = Math.max(1, Math.min(opts.timeoutMs ?? 120_000, budget));

  const work = opts.workDir ?? workDirOnExit(mkdtempSync(join(tmpdir(), 'gradekit-java-')));
  // The staging folder goes on every path but success, where the caller takes the classes (and removes it).
  let keep = false;
  try {
    const r = await compileStaged(work, sources, lexed, timeoutMs, opts, fail);
    keep = r.ok;
    return r.ok ? done({ ...r, skipped }) : r;
  } finally {
    if (!keep && !opts.workDir) removeWorkDir(work);
  }
}

type Failure = Extract<CompileResult, { ok: false }>;
type Success = Omit<Extract<CompileResult, { ok: true }>, 'durationMs'>;

async function compileStaged(
  work: string, sources: JavaSource[], lexed: Map<JavaSource, JavaTokens>, timeoutMs: number, opts: CompileOptions,
  fail: (summary: string, errors?: CompileError[], output?: string) => Failure,
): Promise<Success | Failure> {
  const srcRoot = join(work, 'src');
  const classDir = join(work, 'classes');
  mkdirSync(classDir, { recursive: true });
  for (const s of sources) {
    const dest = join(srcRoot, ...s.rel.split('/'));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, s.text);
  }
  // English diagnostics for the parser; a C1-only JIT and serial GC start javac ~25% faster on small inputs.
  // -proc:none: no annotation processors (code that would run at compile time, outside the sandbox);
  // an explicit class/source path so the grader's CLASSPATH or cwd never leak in.
  const jvm = ['-J-Duser.language=en', '-J-Duser.country=US', '-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC'];
  const args = ['-encoding', 'UTF-8', '-nowarn', '-Xmaxerrs', '50',
    '-proc:none', '-implicit:none', '-classpath', classDir, '-sourcepath', srcRoot,
    '-d', classDir, ...sources.map((s) => join(srcRoot, ...s.rel.split('/')))];
  const javac = opts.javac ?? 'javac';
  const timedOut = () => fail(`javac did not finish within ${Math.round(timeoutMs / 1000)} s`);
  // The warm compile server when it can serve; otherwise javac itself.
  const served = await compileWithServer(javac, args, timeoutMs);
  let r: { exitCode?: number; output: string };
  if (served && 'timedOut' in served) return timedOut();
  if (served) r = { exitCode: served.status, output: served.output };
  else {
    const { CLASSPATH: _cp, ...env } = process.env;
    // Each error quotes its source line: a megabyte-long line makes megabytes of diagnostics; the first MiB is plenty.
    const p = await execa(javac, [...jvm, ...args], { reject: false, timeout: timeoutMs, cwd: work, env, extendEnv: false, stdin: 'ignore', stripFinalNewline: false, maxBuffer: 1 << 20 });
    if (p.isMaxBuffer) r = { exitCode: 1, output: String(p.stderr) + String(p.stdout) };
    else if (p.failed && p.exitCode === undefined) {
      const code = (p.cause as NodeJS.ErrnoException | undefined)?.code;
      if (code === 'ENOENT') return fail('javac not found on PATH: install a JDK (17 or newer) to grade Java submissions');
      return p.timedOut ? timedOut() : fail(`javac failed to run: ${p.shortMessage}`);
    } else r = { exitCode: p.exitCode, output: String(p.stderr) + String(p.stdout) };
  }
  const output = r.output.split(srcRoot + sep).join('');
  if (r.exitCode !== 0) {
    const errors = parseJavacErrors(output);
    const first = errors[0];
    const summary = first
      ? `${first.file}:${first.line}: error: ${first.message}` + (errors.length > 1 ? ` (and ${errors.length - 1} more)` : '')
      : `javac failed: ${output.trim().split('\n')[0] ?? `exit ${r.exitCode}`}`;
    return fail(summary, errors, output);
  }

  let mainClass = opts.mainClass;
  if (!mainClass) {
    const picked = pickMainClass(sources, lexed);
    if ('error' in picked) return fail(picked.error);
    mainClass = picked.mainClass;
  }
  const notices: string[] = [];
  const named = [...new Set(sources.flatMap((s) => txtLiteralsIn(lexed.get(s)!.strings)))];
  if (named.length > MAX_WORD_FILES) {
    notices.push(`the program names ${named.length} .txt files; the word list is provided under the first ${MAX_WORD_FILES} of them only (${named.slice(0, MAX_WORD_FILES).join(', ')})`);
  }
  if (opts.virtualClock) {
    const clock = await virtualizeClock(classDir, javac);
    if (clock.notice) notices.push(clock.notice);
  }
  const wording = [...new Set(sources.flatMap((s) => lexed.get(s)!.strings.flatMap((t) => t.toLowerCase().match(/[a-z]+/g) ?? [])))];
  const literals = [...new Set(sources.flatMap((s) => lexed.get(s)!.strings))].slice(0, 400);
  return { ok: true as const, mainClass, classDir, sources: sources.map((s) => s.rel), skipped: [] as string[], wordFiles: named.slice(0, MAX_WORD_FILES), notices, wording, literals };
}

/** `path/File.java:12: error: message` lines (javac's default diagnostic format). */
export function parseJavacErrors(output: string): CompileError[] {
  const errors: CompileError[] = [];
  for (const line of output.split(/\r?\n/)) {
    const m = /^(.+?\.java):(\d+): error: (.*)$/.exec(line);
    if (m) errors.push({ file: m[1]!.split(sep).join('/'), line: Number(m[2]), message: m[3]!.trim() });
  }
  return errors;
}

function pickMainClass(sources: readonly JavaSource[], lexed: Map<JavaSource, JavaTokens>): { mainClass: string } | { error: string } {
  const cands = sources.flatMap((s) => mainClassesIn(lexed.get(s)!).map((c) => ({ c, s })));
  if (cands.length === 0) {
    return { error: 'no class has `public static void main(String[] args)`: add one, or name mainClass in the spec' };
  }
  if (cands.length === 1) return { mainClass: cands[0]!.c };
  // Several mains (test drivers, leftovers): the interactive one reads System.in.
  const reading = cands.filter((x) => readsSystemIn(lexed.get(x.s)!.tokens));
  const pool = reading.length > 0 ? reading : cands;
  if (pool.length === 1) return { mainClass: pool[0]!.c };
  // The simple name (after the package) says what it is; a class name is at most 64 KiB, and this is one pass.
  const named = pool.filter((x) => /main|game|hangman|driver|play|runner/i.test(x.c.slice(x.c.lastIndexOf('.') + 1)));
  if (named.length === 1) return { mainClass: named[0]!.c };
  return { error: `several classes have main (${pool.map((x) => x.c).join(', ')}): name mainClass in the spec` };
}
