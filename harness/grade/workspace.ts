// A private working directory per submission: the student's file under the name the spec expects,
// plus the files it reads (the word list). Nothing else of the project is inside.
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { onExitCleanup } from '../util/shutdown.js';
import type { Assignment } from '../assignment/load.js';
import { UsageError } from '../util/errors.js';
import { studentWorkDir, type WorkDirLease } from '../run/sandbox/index.js';
import { readRegularFile } from '../util/tree-hash.js';
import { moduleOf, ownModules } from './own-modules.js';
import { LISTS } from './word-lists.js';
import { hintNear } from '../util/suggest.js';

export interface Workspace {
  dir: string;
  /** The student's file inside dir (Python), or the copied source folder (Java). */
  file: string;
  notices: string[];
  cleanup(): void;
}

/** Finds the submission file: the path itself, or inside a folder the expected name (any case), or its only source file. */
export function findSubmissionFile(path: string, expected: string): { file: string; notice?: string } {
  if (!existsSync(path)) throw new UsageError(`submission not found: ${path}${hintNear(path)}`);
  const top = statSync(path);
  if (!top.isFile() && !top.isDirectory()) throw new UsageError(`${path} is not a file or a folder (a device, pipe or socket): hand in the .py file itself`);
  if (top.isFile()) {
    return basename(path) === expected ? { file: path } : { file: path, notice: `graded ${basename(path)} as ${expected}` };
  }
  const entries = readdirSync(path);
  const exact = entries.find((e) => e === expected);
  const folded = exact ?? entries.find((e) => e.toLowerCase() === expected.toLowerCase());
  if (folded && lstatSync(join(path, folded)).isSymbolicLink()) {
    // Following it would read whatever it points at (another student's file, the spec) into the report.
    throw new UsageError(`${join(path, folded)} is a symbolic link: hand in the file itself`);
  }
  if (folded && !lstatSync(join(path, folded)).isFile()) {
    // A pipe would block the read for ever, a device would never end.
    throw new UsageError(`${join(path, folded)} is not a regular file (a folder, device, pipe or socket): hand in the file itself`);
  }
  if (exact) return { file: join(path, exact) };
  if (folded) return { file: join(path, folded), notice: `graded ${folded} as ${expected} (file names are case-sensitive: rename it)` };
  const same = entries.filter((e) => extname(e) === extname(expected) && !e.startsWith('.') && lstatSync(join(path, e)).isFile());
  if (same.length === 1) return { file: join(path, same[0]), notice: `no ${expected} in ${path}; graded ${same[0]} as ${expected}` };
  throw new UsageError(
    same.length
      ? `no ${expected} in ${path}, and several ${extname(expected)} files (${same.join(', ')}): rename your submission to ${expected}`
      : `no ${expected} in ${path}: the submission must contain ${expected}`,
  );
}

/** Hard-coded paths to the word list (/Users/me/ps3/words.txt) open the workspace's copy instead. */
export function wordListAliases(a: Assignment, ws: Workspace): Record<string, string> {
  const w = a.spec.data.words;
  return w ? { [w.as]: join(ws.dir, w.as) } : {};
}

export interface WorkspaceOptions {
  /** The submission's folder holds other students' submissions (a batch over a flat folder of files): nothing
   *  beside a submission file comes in with it (own-modules.ts). */
  siblingsAreSubmissions?: boolean;
}

export function prepareWorkspace(a: Assignment, submission: string, opts: WorkspaceOptions = {}): Workspace {
  const expected = a.spec.data.submission.file ?? '';
  const { file: src, notice } = findSubmissionFile(submission, expected);
  const notices: string[] = notice ? [notice] : [];
  // Read before any folder exists, so an unreadable file leaves nothing behind. The submission named on the
  // command line may be a link to the file; a file found in a folder is never one (findSubmissionFile).
  let text = readRegularFile(src, src === submission);
  if (!text) throw new UsageError(`${src} is not a regular file (a device, pipe or socket): hand in the file itself`);
  // Normalise what editors leave behind (BOM, CRLF) so Python sees the same program the student ran.
  if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
  // The student's own modules that the file imports, handed in beside it, are part of the submission.
  const besideOk = extname(expected) === '.py' && !(opts.siblingsAreSubmissions && src === submission);
  const modules = besideOk ? ownModules(src, text, [moduleOf(expected), moduleOf(src)]) : [];
  for (const m of modules) notices.push(`${m.name}, beside ${basename(src)}, is imported by it: graded as part of the submission`);
  const dir = mkdtempSync(join(tmpdir(), `gradekit-${a.id}-`));
  const file = join(dir, expected);
  let lease: WorkDirLease;
  try {
    writeFileSync(file, text);
    for (const m of modules) writeFileSync(join(dir, m.name), m.bytes);
    const w = a.spec.data.words;
    if (w && a.wordsFile) copyFileSync(a.wordsFile, join(dir, w.as));
    // A test run with another list works in lists/<name>/, where that list has the usual file name.
    for (const [name, list] of Object.entries(a.wordLists)) {
      mkdirSync(join(dir, LISTS, name), { recursive: true });
      copyFileSync(list.file, join(dir, LISTS, name, w!.as));
    }
    // The runner may write here (as the directory's own student uid when the grader is root); cleanup ends
    // every process of the submission before the folder goes.
    lease = studentWorkDir(dir);
  } catch (e) {
    // A staging folder never outlives a failed preparation (a full disk, no free student uid).
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const cleanup = () => {
    untrack();
    try {
      lease.release();
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  };
  // Also at exit (a SIGTERM in the middle of a batch): the lease's processes end and the folder goes.
  const untrack = onExitCleanup(cleanup);
  return { dir, file, notices, cleanup };
}
