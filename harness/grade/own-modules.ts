// A student's own module handed in beside the submission file is part of the submission: ps3.py doing
// `from letter_values import SCRABBLE_LETTER_VALUES`, with letter_values.py beside it, imports as it
// did on the student's machine. Only what the submission needs comes in, and nothing of anyone else:
// - only modules the submission (or a module it brings in) imports by name, found as <name>.py in the
//   submission's own folder, regular files (no links), and not modules this machine already has (a
//   random.py beside ps3.py never shadows the standard library);
// - never from a folder whose other files are other students' submissions (a batch over a flat folder of
//   files): the caller says so (`siblingsAreSubmissions`), and then nothing beside the file comes in.
import { spawnSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { pythonExecutable } from '../run/python/interpreter.js';
import { readRegularFile } from '../util/tree-hash.js';

/** At most this many modules come in with one submission. */
const MAX_MODULES = 20;

/** The top-level module names a Python source imports (import a.b, c as d / from a.b import c), wherever the
 *  statement is (inside a function too). Relative imports (from . import x) name no module of their own. */
export function importedNames(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([A-Za-z_][\w. \t,]*)/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = /^\s*([A-Za-z_]\w*)/.exec(part)?.[1];
      if (name) out.add(name);
    }
  }
  for (const m of text.matchAll(/^[ \t]*from[ \t]+([A-Za-z_]\w*)[\w.]*[ \t]+import\b/gm)) out.add(m[1]!);
  return [...out];
}

/** The names this machine's Python can import without the submission's folder: not the student's own. */
function installed(names: string[]): Set<string> {
  if (!names.length) return new Set();
  // -I: neither the current folder nor user site-packages; run from a neutral folder all the same.
  const r = spawnSync(pythonExecutable(), ['-I', '-c', 'import importlib.util, sys\nfor n in sys.argv[1:]:\n    try:\n        print(n if importlib.util.find_spec(n) else "")\n    except Exception:\n        print("")', ...names], { cwd: tmpdir(), encoding: 'utf8', timeout: 20_000 });
  // Without an answer, nothing is taken for the student's own: the file stays as handed in.
  if (r.status !== 0) return new Set(names);
  return new Set(r.stdout.split('\n').map((s) => s.trim()).filter(Boolean));
}

/** The student's own modules beside `file` that it imports (directly or through each other), as
 *  [module file name, its bytes]. `exclude`: module names that are never brought in (the submission's own). */
export function ownModules(file: string, text: Buffer, exclude: string[]): { name: string; bytes: Buffer }[] {
  const dir = dirname(file);
  const seen = new Set(exclude);
  const found: { name: string; bytes: Buffer }[] = [];
  let todo = importedNames(text.toString('utf8'));
  while (todo.length && found.length < MAX_MODULES) {
    const beside = todo.filter((n) => !seen.has(n) && isRegular(join(dir, `${n}.py`)));
    todo.forEach((n) => seen.add(n));
    const have = installed(beside);
    const next: string[] = [];
    for (const n of beside) {
      if (have.has(n) || found.length >= MAX_MODULES) continue;
      const bytes = readRegularFile(join(dir, `${n}.py`));
      if (!bytes) continue;
      found.push({ name: `${n}.py`, bytes });
      next.push(...importedNames(bytes.toString('utf8')));
    }
    todo = next;
  }
  return found;
}

function isRegular(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** The module name of a Python file name (ps3.py -> ps3). */
export const moduleOf = (name: string) => basename(name, extname(name));
