// Facts about the machine that are slow to probe (does bubblewrap work here? where does python3
// really live?) cached across runs in .gradekit-cache/. An entry is reused only while the files it
// depends on keep their modification times and the machine has not rebooted.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../paths.js';

function stamp(deps: readonly string[]): string {
  const parts = deps.map((d) => {
    try {
      return `${d}:${statSync(d).mtimeMs}`;
    } catch {
      return `${d}:missing`;
    }
  });
  try {
    parts.push(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  } catch {
    /* not Linux: mtimes alone */
  }
  return parts.join('|');
}

export function diskCached<T>(key: string, deps: readonly string[], compute: () => T): T {
  const dir = cacheDir();
  const file = join(dir, createHash('sha256').update(key).digest('hex').slice(0, 16) + '.json');
  const want = stamp(deps);
  try {
    const hit = JSON.parse(readFileSync(file, 'utf8')) as { stamp: string; value: T };
    if (hit.stamp === want) return hit.value;
  } catch {
    /* no entry yet */
  }
  const value = compute();
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ stamp: want, value }));
    renameSync(tmp, file);
  } catch {
    /* a read-only install just probes every time */
  }
  return value;
}
