// `gradekit check --watch`: a student's edit-and-check loop without paying Node's start, the bundle and the
// assignment's loading (spec, word list, reference) again for every check. Each check still starts a fresh
// driver and a fresh process per test: what the grader keeps between checks is its own, never the program's.
import { existsSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

/** Files whose changes are editors' own (swap files, backups, lock files) or Python's, not the student's. */
const NOISE = /(?:^\.|~$|\.swp$|\.swx$|\.tmp$|^__pycache__$|\.pyc$|^#.*#$)/;

export interface WatchOptions {
  /** Quiet time after the last change before checking again (editors save in several writes). */
  settleMs?: number;
  /** Called with the changed file's name (relative to the folder watched) before each re-check. */
  onChange?: (file: string) => void;
  /** A check that threw (a file that cannot be read mid-save): said, and the watching goes on. */
  onError?: (e: unknown) => void;
}

/** Runs `check` now, and again whenever a file of `target` (a submission file, or every file under a
 *  submission folder) changes, one check at a time: changes during a check (the first included: the folder
 *  is watched before it starts) start one more after it. Returns a function that stops watching. */
export function watchSubmission(target: string, check: () => Promise<void>, opts: WatchOptions = {}): () => void {
  const path = resolve(target);
  const isDir = existsSync(path) && statSync(path).isDirectory();
  const dir = isDir ? path : dirname(path);
  const only = isDir ? undefined : basename(path);
  const settle = opts.settleMs ?? 150;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again: string | undefined;
  const run = async (file: string | null) => {
    if (running) return void (again = file ?? undefined);
    running = true;
    try {
      if (file !== null) opts.onChange?.(file);
      await check();
    } catch (e) {
      if (!opts.onError) throw e;
      opts.onError(e);
    } finally {
      running = false;
      if (again !== undefined) {
        const next = again;
        again = undefined;
        void run(next);
      }
    }
  };
  const seen = (file: string | null) => {
    if (!file) return;
    const name = basename(file);
    if (only ? name !== only : file.split(/[\\/]/).some((part) => NOISE.test(part))) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(file), settle);
  };
  // A file watched by name is replaced, not written, by many editors (write a copy, rename it over): its
  // folder is watched instead, and only its name counts.
  const watcher: FSWatcher = watch(dir, { recursive: isDir }, (_event, file) => seen(file));
  void run(null);
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
