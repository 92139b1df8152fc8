// Did-you-mean helpers for paths: a mistyped file or folder name is nearly always one letter away from
// a name beside it (vowel.py for vowels.py, assignment.yml for assignment.yaml, solutions/ for solution/).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, parse, relative, sep } from 'node:path';
import { closest } from './closest.js';

/** Which entries of a folder may stand for a missing name (e.g. only folders, only .java files). */
export type EntryFilter = (name: string, isDir: boolean) => boolean;

function entries(dir: string, accept?: EntryFilter): string[] {
  try {
    return readdirSync(dir).filter((n) => {
      if (!accept) return true;
      try {
        return accept(n, statSync(join(dir, n)).isDirectory());
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/**
 * An existing path one typo away from `path`, which does not exist: each missing part (folder or file)
 * replaced by the nearest name in its folder. `accept` filters the candidates for the last part only;
 * folders on the way may be any folder. Returned in the form `path` was given (relative stays relative).
 */
export function nearPath(path: string, accept?: EntryFilter): string | undefined {
  if (existsSync(path)) return undefined;
  const trailing = /[\\/]$/.test(path);
  const { root } = parse(path);
  const parts = path.slice(root.length).split(/[\\/]+/).filter((p) => p.length > 0);
  let cur = root || '';
  let changed = false;
  for (const [i, part] of parts.entries()) {
    const next = cur ? join(cur, part) : part;
    if (existsSync(next)) {
      cur = next;
      continue;
    }
    const last = i === parts.length - 1;
    const here = cur || '.';
    const candidates = entries(here, last ? accept : (_, isDir) => isDir);
    const guess = closest(part, candidates);
    if (!guess) return undefined;
    cur = cur ? join(cur, guess) : guess;
    changed = true;
  }
  if (!changed || !existsSync(cur)) return undefined;
  return trailing && !cur.endsWith(sep) ? cur + sep : cur;
}

/** `path` as a user would retype it: relative to the current folder when it is inside it. */
export function shownPath(path: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** "did you mean X?" for a missing path (a submission, a --words file), or "" when nothing near it exists. */
export function didYouMeanPath(path: string, accept?: EntryFilter): string {
  const near = nearPath(path, accept);
  return near ? `did you mean ${near}?` : '';
}

/** "\n  hint: did you mean …?" for a path that is not there but has a near name beside it, else nothing. */
export function hintNear(path: string): string {
  const near = didYouMeanPath(path);
  return near ? `\n  hint: ${near}` : '';
}
