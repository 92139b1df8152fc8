// What a running program's process tree is doing, read from /proc (Linux): the processes (every thread's
// children, so a process started by any thread counts), the CPU time they used, and whether any thread
// is on a CPU or wants one. Time limits are judged on these, not on the wall clock: a program that waits
// its turn on a loaded machine is runnable ('R'), not waiting, and uses no more CPU for having waited.

import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: the unit of the CPU times in /proc/<pid>/stat, 100 on every mainstream Linux ABI. */
const TICK_MS = 10;

export interface TreeSample {
  /** The processes of the tree, the root first. */
  pids: number[];
  /** CPU time (user + system) of the tree: every live process with all its threads, plus the children it reaped. */
  cpuMs: number;
  /** Whether some thread runs or waits for a CPU ('R'), or is in uninterruptible I/O ('D'). */
  busy: boolean;
}

/** The process and all its descendants (children files need CONFIG_PROC_CHILDREN, present on mainstream kernels). */
export function processTree(root: number): number[] {
  return walk(root).pids;
}

/** One look at the whole tree: two small reads per thread. */
export function sampleTree(root: number): TreeSample {
  return walk(root);
}

function walk(root: number): TreeSample {
  const pids: number[] = [];
  let cpuMs = 0;
  let busy = false;
  const stack = [root];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    pids.push(pid);
    const st = statFields(`/proc/${pid}/stat`);
    // utime stime cutime cstime: fields 14-17 (indices 11-14 after the state, field 3).
    if (st) cpuMs += (Number(st[11]) + Number(st[12]) + Number(st[13]) + Number(st[14])) * TICK_MS;
    for (const tid of tids) {
      const ts = statFields(`/proc/${pid}/task/${tid}/stat`);
      const state = ts?.[0];
      if (state === 'R' || state === 'D') busy = true;
      try {
        const kids = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        if (kids) for (const k of kids.split(/\s+/)) stack.push(Number(k));
      } catch {
        /* thread ended */
      }
    }
  }
  return { pids, cpuMs, busy };
}

/** The fields of a stat file after the command name (which may hold spaces and parentheses): [state, ppid, ...]. */
function statFields(path: string): string[] | undefined {
  let s: string;
  try {
    s = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  return s.slice(s.lastIndexOf(')') + 2).split(' ');
}

/** What a sleeping thread waits in, in words (from its kernel wchan, whose names vary between versions), or
 *  undefined when it is not asleep or the kernel hides it. */
export function threadWait(pid: number, tid: number | string): string | undefined {
  let w: string;
  try {
    w = readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (!w || w === '0') return undefined;
  if (/futex/.test(w)) return 'a lock, a condition or a sleep the grader cannot fast-forward (Object.wait, join, a lock, park)';
  if (/pipe/.test(w)) return 'a pipe or a file other than its input';
  if (/nanosleep|hrtimer/.test(w)) return 'a sleep';
  if (/poll|select/.test(w)) return 'several files or sockets at once';
  if (/sk_wait|inet|unix|tcp|sock|wait_woken/.test(w)) return 'the network or a socket';
  if (/do_wait|wait4|waitid/.test(w)) return 'a child process';
  if (/signal|pause|stop/.test(w)) return 'a signal';
  return undefined;
}

/** Whether a process tree got anywhere lately: its CPU time grew since the last mark (processes it
 *  reaped count), or one of its threads is runnable now (on a CPU or queued for one: a loaded machine,
 *  not a stall). A grader's backstop that asks this instead of reading the clock stops only a tree that is
 *  all asleep or stopped; `cpuMs` (since the watch began) lets it also bound the CPU the tree uses in all. */
export interface ProgressWatch {
  /** Remembers the tree's CPU time now: the next check asks about what happened after it. */
  mark(): void;
  check(): { progressed: boolean; cpuMs: number };
}

export function progressWatch(root: number | undefined, opts: { lazy?: boolean } = {}): ProgressWatch {
  const look = () => (root ? walk(root) : { pids: [], cpuMs: 0, busy: false });
  // lazy: the tree is first read at the first mark, not now. A grader that watches every request of a
  // long-lived process (a test, a few ms) reads /proc only for the rare one still running at its mark; the
  // CPU bound (`cpuMs`) then counts from that mark.
  let first = opts.lazy ? undefined : look().cpuMs;
  let marked = first ?? 0;
  let seen = marked;
  const start = (now: number) => {
    if (first === undefined) first = marked = seen = now;
  };
  return {
    mark: () => {
      const now = look().cpuMs;
      start(now);
      marked = seen = Math.max(seen, now);
    },
    check: () => {
      const s = look();
      start(s.cpuMs);
      seen = Math.max(seen, s.cpuMs);
      return { progressed: s.pids.length > 0 && (s.cpuMs > marked || s.busy), cpuMs: seen - first! };
    },
  };
}
