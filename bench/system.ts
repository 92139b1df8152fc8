// What the machine is doing while we measure: load average, per-core CPU time from /proc/stat, and
// the resident memory of a whole process tree (the grader plus its Python drivers and forks).
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';

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
