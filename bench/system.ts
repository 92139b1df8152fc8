// What the machine is doing while we measure: load average, per-core CPU time from /proc/stat, and
// the resident memory of a whole process tree (the grader plus its Python drivers and forks).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

export function loadAverage(): [number, number, number] {
  const [a, b, c] = loadavg();
  return [Math.round(a * 100) / 100, Math.round(b * 100) / 100, Math.round(c * 100) / 100];
}

export interface CpuTimes {
  /** Per core: busy and total jiffies since boot. */
  cores: { busy: number; total: number }[];
}

export function readCpuTimes(): CpuTimes {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d+ /.test(l));
  return {
    cores: lines.map((l) => {
      const f = l.trim().split(/\s+/).slice(1).map(Number);
      const idle = f[3] + (f[4] ?? 0); // idle + iowait
      const total = f.slice(0, 8).reduce((a, b) => a + b, 0); // guest time is already inside user
      return { busy: total - idle, total };
    }),
  };
}

/** Busy fraction of each core between two readings (machine-wide: other processes count too). */
export function cpuUtilisation(before: CpuTimes, after: CpuTimes): number[] {
  return after.cores.map((c, i) => {
    const b = before.cores[i];
    const dt = c.total - b.total;
    return dt > 0 ? Math.round((1000 * (c.busy - b.busy)) / dt) / 1000 : 0;
  });
}

const PAGE_KB = 4;

/** Children of every process, from /proc/<pid>/stat (field 4 is the parent). */
function childrenMap(): Map<number, number[]> {
  const kids = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = kids.get(ppid) ?? [];
      list.push(Number(d));
      kids.set(ppid, list);
    } catch {
      /* exited while we looked */
    }
  }
  return kids;
}

function rssKb(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(f[1]) * PAGE_KB;
  } catch {
    return 0;
  }
}

/** Summed RSS (KB) of `root` and all its descendants. Forked children share pages copy-on-write,
 *  so this over-counts shared memory: an upper bound, which is what a memory limit cares about. */
export function treeRssKb(root: number): number {
  const kids = childrenMap();
  let sum = 0;
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    sum += rssKb(p);
    stack.push(...(kids.get(p) ?? []));
  }
  return sum;
}

const TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU seconds all cores spent busy between two readings. Machine-wide on purpose: a process-tree sum
 *  misses the CPU of sandboxed drivers whose own reaped children die with them, and kernel work done
 *  for them in kernel threads; on an otherwise idle machine this is what grading costs. */
export function busySeconds(before: CpuTimes, after: CpuTimes): number {
  return after.cores.reduce((s, c, i) => s + c.busy - before.cores[i].busy, 0) / TICKS_PER_S;
}

/** Idle CPU seconds of all cores between two readings: what no process used. */
export function idleSeconds(before: CpuTimes, after: CpuTimes): number {
  return after.cores.reduce((s, c, i) => s + (c.total - c.busy) - (before.cores[i].total - before.cores[i].busy), 0) / TICKS_PER_S;
}

/** The CPU time of one command and everything it starts, however deep (sandboxed drivers in their own pid
 *  namespaces, their forked tests): a cgroup v1 cpuacct group of its own when the bench may make one (root),
 *  else the whole machine's busy time, where other load counts too. */
export interface CpuAccount {
  source: 'cgroup' | 'machine';
  /** Why there is no cgroup (source 'machine'). */
  reason?: string;
  /** The command to spawn instead of argv: it joins the group before it runs. */
  wrap(argv: string[]): string[];
  /** CPU seconds counted since the account was opened (source 'machine': call between readings). */
  seconds(): number;
  close(): void;
}

let accounts = 0;

/** Where the cpuacct hierarchy is mounted and this process's group in it (cgroup v1). On cgroup v2 a group
 *  of our own would hold the grader itself, and then the sandbox could not enable the pids controller below
 *  it (cgroup v2 refuses controllers for a group with processes): the machine's figure is used there. */
function cpuacctDir(): { dir?: string; reason: string } {
  const mount = readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' ')).find((f) => f[2] === 'cgroup' && f[3]?.split(',').includes('cpuacct'));
  if (!mount) return { reason: 'no cgroup v1 cpuacct hierarchy is mounted' };
  const own = readFileSync('/proc/self/cgroup', 'utf8').split('\n').map((l) => l.split(':')).find((f) => f[1]?.split(',').includes('cpuacct'));
  return { dir: join(mount[1], own?.[2] ?? '/'), reason: '' };
}

export function openCpuAccount(): CpuAccount {
  const machine = (reason: string): CpuAccount => {
    const t0 = readCpuTimes();
    return { source: 'machine', reason, wrap: (argv) => argv, seconds: () => busySeconds(t0, readCpuTimes()), close: () => {} };
  };
  const where = cpuacctDir();
  if (!where.dir) return machine(where.reason);
  const group = join(where.dir, `gradekit-bench-${process.pid}-${++accounts}`);
  try {
    mkdirSync(group);
  } catch (e) {
    return machine(`cannot make a cpuacct group in ${where.dir} (${(e as NodeJS.ErrnoException).code})`);
  }
  if (!existsSync(join(group, 'cpuacct.usage'))) {
    rmdirSync(group);
    return machine(`${where.dir} has no cpuacct.usage`);
  }
  return {
    source: 'cgroup',
    wrap: (argv) => ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', group, ...argv],
    seconds: () => Number(readFileSync(join(group, 'cpuacct.usage'), 'utf8')) / 1e9,
    close: () => {
      try {
        rmdirSync(group);
      } catch (e) {
        // EBUSY: a process of the command outlived it; the kernel keeps the group until it ends.
        if ((e as NodeJS.ErrnoException).code !== 'EBUSY' && (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    },
  };
}

/** Samples the tree's peak RSS (KB) every `everyMs` until stopped. */
export function sampleTreeRss(root: number, everyMs = 50): { stop: () => { peakKb: number } } {
  let peak = treeRssKb(root);
  const t = setInterval(() => void (peak = Math.max(peak, treeRssKb(root))), everyMs);
  return {
    stop: () => {
      clearInterval(t);
      return { peakKb: peak };
    },
  };
}
