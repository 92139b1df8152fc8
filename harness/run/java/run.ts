// How to start a compiled submission: the java argv and a working directory holding the word list
// as dictionary.txt (the handout's name) plus any other relative .txt names the sources hard-code.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findJavaSources, txtLiteralsIn } from './sources.js';

export interface JavaRunOptions {
  classDir: string;
  mainClass: string;
  /** Word list to provide, one word per entry. */
  words: readonly string[];
  /** Submission root: scanned for hard-coded relative word-list names ("words.txt", "src/dictionary.txt"). */
  submissionDir?: string;
  /** Working directory to fill; a fresh temp dir by default. */
  workDir?: string;
  java?: string;
  stackSize?: string;
  maxHeap?: string;
}

export interface JavaRun {
  command: string[];
  cwd: string;
  /** Word-list file names written into cwd (dictionary.txt first). */
  wordFiles: string[];
}

export function prepareJavaRun(o: JavaRunOptions): JavaRun {
  const cwd = o.workDir ?? mkdtempSync(join(tmpdir(), 'gradekit-run-'));
  mkdirSync(cwd, { recursive: true });
  const names = new Set(['dictionary.txt']);
  if (o.submissionDir) for (const s of findJavaSources(o.submissionDir)) for (const n of txtLiteralsIn(s.text)) names.add(n);
  const body = o.words.join('\n') + '\n';
  for (const n of names) {
    const p = join(cwd, ...n.split('/'));
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, body);
  }
  return { command: javaCommand(o), cwd, wordFiles: [...names] };
}

export function javaCommand(o: Pick<JavaRunOptions, 'classDir' | 'mainClass' | 'java' | 'stackSize' | 'maxHeap'>): string[] {
  return [
    o.java ?? 'java', '-cp', o.classDir,
    `-Xss${o.stackSize ?? '16m'}`, `-Xmx${o.maxHeap ?? '256m'}`,
    // Start-up dominates a short game: a C1-only JIT and the serial GC start fastest.
    '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto',
    // JVM warnings (e.g. "Failed to start thread") belong on stderr, not in the judged transcript; no hsperfdata files.
    '-Xlog:disable', '-Xlog:all=warning:stderr', '-XX:-UsePerfData',
    '-Dfile.encoding=UTF-8', '-Duser.language=en', '-Duser.country=US',
    o.mainClass,
  ];
}
