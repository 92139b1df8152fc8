// Locating the project's own files, from source (vitest) or from the esbuild bundle in dist/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDirOf } from '../bin/cache-dir.cjs';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The gradekit project root (the folder holding its package.json). */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'gradekit') return (cached = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error('gradekit: cannot find the project root (package.json) above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}

export const rootPath = (...parts: string[]): string => join(projectRoot(), ...parts);

export function gradekitVersion(): string {
  return JSON.parse(readFileSync(rootPath('package.json'), 'utf8')).version;
}

/** True when gradekit runs from an installed package (the npm tarball: the bundle in dist/, no
 *  TypeScript sources), false in a source checkout. An installed gradekit never writes into its own folder. */
export function isInstalledPackage(): boolean {
  return !existsSync(rootPath('bin', 'cli.ts'));
}

/** Where gradekit keeps what it caches between runs (bin/cache-dir.cjs, shared with the launcher). */
export function cacheDir(): string {
  return cacheDirOf(projectRoot(), isInstalledPackage());
}
