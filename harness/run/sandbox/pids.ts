// A private pids cgroup per runner process: the only process-count limit that works for root, where
// RLIMIT_NPROC does not apply (the kernel exempts uid 0), and it counts this sandbox alone.
// launcher.ts creates the group from inside the spawned shell (so it is named after that pid).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const V1_ROOT = '/sys/fs/cgroup/pids';
const PARENT = 'gradekit';

/** The folder under which our per-sandbox cgroups go, or why there is none. Probed once. */
let base: { dir?: string; reason?: string } | undefined;

function ownCgroupV2(): string | undefined {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8').split('\n').find((l) => l.startsWith('0::'));
    if (!line) return undefined;
    const root = existsSync('/sys/fs/cgroup/cgroup.controllers') ? '/sys/fs/cgroup' : existsSync('/sys/fs/cgroup/unified/cgroup.controllers') ? '/sys/fs/cgroup/unified' : undefined;
    return root ? join(root, line.slice(3)) : undefined;
  } catch {
    return undefined;
  }
}

export function pidsCgroupBase(): { dir?: string; reason?: string } {
  if (base) return base;
  const candidates = [V1_ROOT, ownCgroupV2()].filter((d): d is string => Boolean(d && existsSync(d)));
  let reason = 'no pids cgroup controller is mounted';
  for (const root of candidates) {
    const dir = join(root, PARENT);
    try {
      mkdirSync(dir, { recursive: true });
      if (!existsSync(join(dir, 'pids.max'))) {
        // cgroup v2: the controller must be enabled for children first.
        writeFileSync(join(root, 'cgroup.subtree_control'), '+pids');
      }
      const probe = join(dir, `probe-${process.pid}`);
      mkdirSync(probe, { recursive: true });
      const ok = existsSync(join(probe, 'pids.max'));
      if (ok) writeFileSync(join(probe, 'pids.max'), '8');
      rmdirSync(probe);
      if (ok) return (base = { dir });
      reason = `${root} has no pids controller for child groups`;
    } catch (e) {
      reason = `cannot create a cgroup under ${root} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    }
  }
  return (base = { reason });
}

/** Removes the groups of runner processes that have ended (see launcher.ts: each is named s-<pid>). */
export function sweepPidsGroups(): void {
  const b = base?.dir;
  if (b) sweep(b);
}

function tryRmdir(dir: string): void {
  try {
    rmdirSync(dir); // fails while processes remain; sweep() retries later
  } catch {
    /* busy or gone */
  }
}

/** Removes groups whose runner has exited; a group still holding processes cannot be removed and is retried later. */
function sweep(dir: string): void {
  try {
    for (const e of readdirSync(dir)) {
      const owner = Number(/^s-(\d+)$/.exec(e)?.[1]);
      if (owner && !alive(owner)) tryRmdir(join(dir, e));
    }
  } catch {
    /* not listable */
  }
}

/** Whether a process exists (EPERM: it does, but belongs to someone else). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
