// Reading a folder that may vanish under us (a cgroup being removed, a process's /proc entry, a student's
// work directory): its entries, or undefined when it cannot be read, which each caller treats as "gone".
import { readdirSync } from 'node:fs';

export function namesIn(dir: string): string[] | undefined {
  try {
    return readdirSync(dir);
  } catch {
    return undefined;
  }
}
