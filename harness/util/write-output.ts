// Writing a file the user named on the command line (--json, --junit, ...): its folder is created, and a
// path that cannot be written is a usage error that names it, never an internal error.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from './errors.js';

export function writeOutput(path: string, text: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (choose a path in a folder you can write to)`);
  }
}
