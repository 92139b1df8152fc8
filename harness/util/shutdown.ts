// What a gradekit that is stopped (a CI timeout's SIGTERM, Ctrl-C's SIGINT, or any exit) leaves behind:
// nothing. Whoever starts student processes or makes a work folder registers how to end or remove it here
// and unregisters once it has done so itself; at exit the processes are killed first (so nothing writes
// into a folder being removed), then the folders go, each through its own cleanup (which also releases
// its control group and student uid). A batch writes each result atomically as it finishes
// (harness/batch/grade.ts), so a later `--resume` grades exactly what was left.
//
// Node runs no 'exit' handler when a signal kills it: the CLI calls exitOnSignals(), which turns SIGTERM
// and SIGINT into process.exit(128 + signal number), the shell's convention for "killed by that signal".

import { rmSync } from 'node:fs';

type Undo = () => void;

const killers = new Set<Undo>();
const cleanups = new Set<Undo>();
let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', runAll);
}

/** Ends every registered process and removes every registered folder (each at most once). */
export function runAll(): void {
  for (const k of [...killers]) {
    killers.delete(k);
    try {
      k();
    } catch {
      /* already gone */
    }
  }
  for (const c of [...cleanups]) {
    cleanups.delete(c);
    try {
      c();
    } catch {
      /* best effort: the next cleanup still runs */
    }
  }
}

/** `kill` ends a running process (tree) at once, synchronously; the returned function unregisters it. */
export function onExitKill(kill: Undo): Undo {
  hook();
  killers.add(kill);
  return () => void killers.delete(kill);
}

/** `cleanup` removes a work folder (and releases what it holds); the returned function unregisters it. */
export function onExitCleanup(cleanup: Undo): Undo {
  hook();
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

const dirs = new Map<string, Undo>();

/** A plain work folder (no processes of its own): removed at exit unless removeWorkDir() removed it first. */
export function workDirOnExit(dir: string): string {
  if (!dirs.has(dir)) dirs.set(dir, onExitCleanup(() => rmSync(dir, { recursive: true, force: true, maxRetries: 3 })));
  return dir;
}

export function removeWorkDir(dir: string): void {
  dirs.get(dir)?.();
  dirs.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;

/** For the command line: SIGTERM and SIGINT end gradekit cleanly, with exit status 128 + the signal's number. */
export function exitOnSignals(): void {
  for (const [name, n] of Object.entries(SIGNALS)) {
    process.once(name as NodeJS.Signals, () => {
      runAll();
      process.exit(128 + n);
    });
  }
}
