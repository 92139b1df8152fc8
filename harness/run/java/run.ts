// How to start a compiled submission: the java argv and a working directory holding the word list
// under the handout's name (dictionary.txt) plus the few other relative .txt names the sources hard-code.
import { linkSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MAX_WORD_FILES } from './sources.js';

export interface JavaRunOptions {
  classDir: string;
  mainClass: string;
  /** Word list to provide, one word per entry. */
  words: readonly string[];
  /** The name the handout gives the word list (the spec's `words.as`); dictionary.txt by default. */
  listName?: string;
  /** Relative .txt names the sources hard-code (compileJava's wordFiles); at most MAX_WORD_FILES are used. */
  wordFiles?: readonly string[];
  /** Working directory to fill; a fresh temp dir by default. The caller removes it. */
  workDir?: string;
  java?: string;
  stackSize?: string;
  maxHeap?: string;
}

export interface JavaRun {
  command: string[];
  cwd: string;
  /** Word-list file names written into cwd (the handout's name first). */
  wordFiles: string[];
}

/** Fills the run's working directory: one copy of the word list, and every other name a hard link to it,
 *  so a program naming many files costs one list's bytes, in the directory the run's sandbox measures. */
export function prepareJavaRun(o: JavaRunOptions): JavaRun {
  const cwd = o.workDir ?? mkdtempSync(join(tmpdir(), 'gradekit-run-'));
  mkdirSync(cwd, { recursive: true });
  const listName = o.listName ?? 'dictionary.txt';
  const names = [...new Set([listName, ...(o.wordFiles ?? [])])].slice(0, MAX_WORD_FILES);
  const first = join(cwd, ...listName.split('/'));
  mkdirSync(dirname(first), { recursive: true });
  writeFileSync(first, o.words.join('\n') + '\n');
  const made = [listName];
  for (const n of names.slice(1)) {
    const p = join(cwd, ...n.split('/'));
    try {
      mkdirSync(dirname(p), { recursive: true });
      linkSync(first, p);
      made.push(n);
    } catch {
      /* a name that is another's folder ("a.txt" and "a.txt/b.txt"), or the same file twice: the program gets the first */
    }
  }
  return { command: javaCommand(o), cwd, wordFiles: made };
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
