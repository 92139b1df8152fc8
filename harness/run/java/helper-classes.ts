// gradekit's own small Java classes (the compile server, the virtual clock, the audit's mutator), compiled
// once per source version and javac command into the cache folder, and shared by every process that uses that javac.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { cacheDir, rootPath } from '../../paths.js';

/**
 * The folder holding the compiled class of `<folder>/<file>` (harness/run/java by default; its class file at
 * `classFile`, e.g. `__gradekit/VirtualClock.class` for a class in a package), or undefined when it cannot be
 * compiled here.
 */
export async function helperClasses(file: string, classFile: string, javac: string, folder: readonly string[] = ['harness', 'run', 'java']): Promise<string | undefined> {
  const path = rootPath(...folder, file);
  let source: Buffer;
  try {
    source = readFileSync(path);
  } catch {
    return undefined;
  }
  const stem = file.replace(/\.java$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  const dir = join(cacheDir(), `${stem}-${createHash('sha256').update(source).update(javac).digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, classFile))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  try {
    mkdirSync(tmp, { recursive: true });
    const r = await execa(javac, ['-nowarn', '-d', tmp, path], { reject: false, timeout: 120_000, stdin: 'ignore' });
    if (r.exitCode !== 0) return undefined;
    try {
      renameSync(tmp, dir);
    } catch {
      /* another process made it first */
    }
    return existsSync(join(dir, classFile)) ? dir : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
