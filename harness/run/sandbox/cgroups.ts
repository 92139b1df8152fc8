// Control groups: one per work directory (a submission, or one Java game), holding every process started
// there, whatever its uid and however it detached (double fork, setsid, closed descriptors). They give:
//   - a memory limit for all of a submission's processes together (and the files in its tmpfs mounts):
//     8 forked processes under RLIMIT_AS each could otherwise take gigabytes between them;
//   - a process limit per runner (a leaf group s-<pid> inside, with pids.max): the only one that binds root;
//   - the end of everything the submission started, when its work directory is released (kill by group,
//     not by uid: code that runs as root, e.g. an interpreter other users may not run, has no uid of its own).
//
// Layout, under the grader's own group in each hierarchy (never above it: the limits of whoever runs the
// grader still apply): <own>/gradekit/w-<grader pid>-<work directory name>/s-<runner pid>.
//   cgroup v2: one hierarchy; memory.max on w-…, pids.max on s-….
//   cgroup v1: the pids hierarchy holds w-…/s-… (else the memory one does); the memory hierarchy holds w-…
//              with memory.limit_in_bytes, and the runner joins it too.
// The grader makes w-… when it leases the work directory (studentWorkDir) and removes it when it releases
// it; the launcher (launcher.ts) finds it from the directory it was started in, writes the limits, makes
// its leaf and joins. Without a usable hierarchy (many containers) the fallbacks are RLIMIT_AS per process,
// RLIMIT_NPROC per student uid and killing by student uid (see README, Security).
import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { namesIn } from './names-in.js';

const PARENT = 'gradekit';

export interface CgroupLayout {
  version?: 1 | 2;
  /** Parent of the work directories' groups that runners make their leaves in (pids, else memory, on v1). */
  tracking?: string;
  /** Parent of the groups whose memory limit is set (the same folder as `tracking` on v2). */
  memory?: string;
  /** Whether leaves can carry pids.max. */
  pids: boolean;
  /** Why there is no tracking, process limit or memory limit: one line each. */
  reason: { tracking?: string; pids?: string; memory?: string };
}

let layout: CgroupLayout | undefined;
/** Parents made inside a group of someone else's (the grader's own group, not a hierarchy's root): removed at
 *  exit when empty, so that whoever made that group can still remove it. */
const nested = new Set<string>();

/** Lines of /proc/self/cgroup: hierarchy id, controllers, path. */
function ownGroups(): { controllers: string[]; path: string }[] {
  try {
    return readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n').map((l) => {
      const [, ctl, ...rest] = l.split(':');
      return { controllers: ctl ? ctl.split(',') : [], path: rest.join(':') };
    });
  } catch {
    return [];
  }
}

/** Mount points of cgroup file systems: v2's, and v1's by controller. */
function mounts(): { v2?: string; v1: Map<string, string> } {
  const v1 = new Map<string, string>();
  let v2: string | undefined;
  try {
    for (const line of readFileSync('/proc/self/mounts', 'utf8').split('\n')) {
      const [, dir, type, opts] = line.split(' ');
      if (type === 'cgroup2') v2 ??= dir;
      else if (type === 'cgroup') for (const o of opts.split(',')) if (!v1.has(o)) v1.set(o, dir);
    }
  } catch {
    /* not Linux */
  }
  return { v2, v1 };
}

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/** Makes <own>/gradekit and checks a child group of it gets the controller's files. */
function prepareParent(own: string, controllers: string[], v2: boolean, mount: string): { dir?: string; reason?: string; have: string[] } {
  const dir = join(own, PARENT);
  if (resolve(own) !== resolve(mount)) nested.add(dir);
  try {
    if (v2) {
      const available = readFileSync(join(own, 'cgroup.controllers'), 'utf8').trim().split(/\s+/);
      const wanted = controllers.filter((c) => available.includes(c));
      if (!wanted.length) return { reason: `cgroup v2 at ${own} offers no ${controllers.join(' or ')} controller`, have: [] };
      // "No internal processes": a group holding processes (the grader's own, unless it is the root) cannot
      // enable controllers for its children; the kernel says EBUSY.
      writeFileSync(join(own, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
    } else mkdirSync(dir, { recursive: true });
    const probe = join(dir, `probe-${process.pid}`);
    mkdirSync(probe, { recursive: true });
    const have = controllers.filter((c) => existsSync(join(probe, c === 'pids' ? 'pids.max' : v2 ? 'memory.max' : 'memory.limit_in_bytes')));
    rmdirSync(probe);
    return have.length ? { dir, have } : { reason: `${own} has no ${controllers.join(' or ')} controller for child groups`, have };
  } catch (e) {
    const why = errno(e);
    return { reason: `cannot create a cgroup under ${own} (${why}${why === 'EBUSY' ? ': the grader shares its cgroup v2 group with other processes' : ''})`, have: [] };
  }
}

/** Where per-submission groups go on this machine, probed once: cgroup v2 if it has the controllers, else v1. */
export function cgroupLayout(): CgroupLayout {
  if (layout) return layout;
  const m = mounts();
  const own = ownGroups();
  const reasons: string[] = [];
  // v2: one group with both controllers.
  const ownV2 = own.find((g) => g.controllers.length === 0)?.path;
  if (m.v2 && ownV2 !== undefined) {
    const p = prepareParent(join(m.v2, ownV2), ['pids', 'memory'], true, m.v2);
    if (p.dir) {
      const pids = p.have.includes('pids');
      const memory = p.have.includes('memory');
      return (layout = {
        version: 2, tracking: p.dir, memory: memory ? p.dir : undefined, pids,
        reason: { pids: pids ? undefined : `cgroup v2 at ${p.dir} has no pids controller`, memory: memory ? undefined : `cgroup v2 at ${p.dir} has no memory controller` },
      });
    }
    reasons.push(p.reason!);
  }
  // v1: a hierarchy per controller, each under the grader's own group in it.
  const v1 = (c: 'pids' | 'memory') => {
    const mount = m.v1.get(c);
    const path = own.find((g) => g.controllers.includes(c))?.path;
    if (!mount || path === undefined) return { reason: `no ${c} cgroup controller is mounted`, have: [] as string[], dir: undefined };
    return prepareParent(join(mount, path), [c], false, mount);
  };
  const pids = v1('pids');
  const memory = v1('memory');
  const tracking = pids.dir ?? memory.dir;
  const none = reasons.length ? `${reasons.join('; ')}; ` : '';
  return (layout = {
    version: tracking ? 1 : undefined,
    tracking,
    memory: memory.dir,
    pids: Boolean(pids.dir),
    reason: {
      tracking: tracking ? undefined : `${none}${pids.reason}; ${memory.reason}`,
      pids: pids.dir ? undefined : `${none}${pids.reason}`,
      memory: memory.dir ? undefined : `${none}${memory.reason}`,
    },
  });
}

/** The group of a work directory, in each hierarchy it is made in (tracking first). */
export interface WorkGroup {
  name: string;
  dirs: string[];
  /** The directory holding memory.* files, if a memory limit is possible. */
  memoryDir?: string;
}

const groups = new Map<string, WorkGroup>();
/** Groups that still held processes when their directory was released: removed by a later sweep. */
const lingering = new Set<string>();
let swept = false;
let exitHooked = false;

/** Makes the group of a work directory (named after this process and the directory, which the launcher
 *  finds again from its working directory). Undefined when this machine has no usable hierarchy. */
export function createWorkGroup(workDir: string): WorkGroup | undefined {
  const l = cgroupLayout();
  if (!l.tracking) return undefined;
  if (!swept) sweepStaleGroups();
  const real = realpathSync(workDir);
  const name = `w-${process.pid}-${basename(real)}`;
  const parents = [...new Set([l.tracking, ...(l.memory ? [l.memory] : [])])];
  const dirs = parents.map((p) => join(p, name));
  try {
    for (const d of dirs) {
      // The parent goes when its last group is released, here or by another gradekit process on the machine (a
      // batch beside a test run), and may go again between making it and making the group in it: a few tries.
      for (let attempt = 0; ; attempt++) {
        try {
          mkdirSync(d);
          break;
        } catch (e) {
          if (errno(e) !== 'ENOENT' || attempt >= 4) throw e;
          const parent = join(d, '..');
          try {
            mkdirSync(parent, { recursive: true });
            if (l.version === 2) writeFileSync(join(parent, 'cgroup.subtree_control'), [l.pids ? '+pids' : '', l.memory ? '+memory' : ''].filter(Boolean).join(' '));
          } catch (p) {
            if (errno(p) !== 'ENOENT') throw p; // removed again meanwhile: the next try makes it again
          }
        }
      }
    }
    // v2: the runner's leaf inside gets pids.max only if this group hands the controller down.
    if (l.version === 2 && l.pids) writeFileSync(join(dirs[0], 'cgroup.subtree_control'), '+pids');
  } catch (e) {
    for (const d of dirs) tryRmdir(d);
    throw new Error(`sandbox: cannot create the control group ${dirs[0]} for ${workDir} (${errno(e)})`);
  }
  const g: WorkGroup = { name, dirs, memoryDir: l.memory ? join(l.memory, name) : undefined };
  if (!exitHooked) process.once('exit', releaseAllGroups);
  exitHooked = true;
  groups.set(workDir, g);
  groups.set(real, g);
  return g;
}

/** The group leased for a work directory (as given to createWorkGroup, or its real path). */
export function workGroupOf(workDir: string): WorkGroup | undefined {
  return groups.get(workDir);
}

export interface MemoryStats {
  /** Largest memory use of the group's processes together, with their tmpfs files (bytes). */
  peakBytes?: number;
  /** Processes the kernel killed because the group was over its limit. */
  oomKills: number;
  limitBytes?: number;
}

const readNumber = (file: string): number | undefined => {
  try {
    const v = readFileSync(file, 'utf8').trim();
    return v === 'max' ? Infinity : Number(v);
  } catch {
    return undefined;
  }
};

/** The memory figures of a group: v1's memory.max_usage_in_bytes and oom_control, v2's memory.peak and events. */
export function memoryStats(g: WorkGroup): MemoryStats | undefined {
  const d = g.memoryDir;
  if (!d) return undefined;
  const v2 = existsSync(join(d, 'memory.max'));
  let events = '';
  try {
    events = readFileSync(join(d, v2 ? 'memory.events' : 'memory.oom_control'), 'utf8');
  } catch {
    return undefined;
  }
  return {
    peakBytes: readNumber(join(d, v2 ? 'memory.peak' : 'memory.max_usage_in_bytes')),
    oomKills: Number(/^oom_kill (\d+)/m.exec(events)?.[1] ?? 0),
    limitBytes: readNumber(join(d, v2 ? 'memory.max' : 'memory.limit_in_bytes')),
  };
}

/** The last groups released, with their memory figures (for the tests, and whoever wants the peak). */
export const releasedMemory = new Map<string, MemoryStats>();

/** Kills every process in the work directory's group (and its leaves) and removes the groups. Returns
 *  whether the group was tracked: then nothing the submission started is left. */
export function releaseWorkGroup(workDir: string): boolean {
  const g = groups.get(workDir);
  if (!g) return false;
  for (const [k, v] of groups) if (v === g) groups.delete(k);
  killGroup(g.dirs);
  const stats = memoryStats(g);
  if (stats) {
    releasedMemory.set(workDir, stats);
    if (releasedMemory.size > 1000) releasedMemory.delete(releasedMemory.keys().next().value!);
  }
  removeGroup(g.dirs);
  // No group of this process left: a parent inside the grader's own group goes now, not only at exit (a test
  // runner's worker may be killed without an exit event), so whoever made that group can remove it.
  if (!groups.size) for (const p of nested) tryRmdir(p);
  return true;
}

/** At exit (a crash, Ctrl-C): what the unreleased submissions started is killed, and a parent folder inside
 *  the grader's own group is removed when no other gradekit process uses it (whoever made that group must
 *  still be able to remove it). One at a hierarchy's root stays, as it always has. */
function releaseAllGroups(): void {
  for (const k of [...groups.keys()]) releaseWorkGroup(k);
  sweepLingeringGroups();
  for (const p of nested) tryRmdir(p);
}

/** Every process in the groups and their leaves. */
function members(dirs: string[]): number[] {
  const out: number[] = [];
  const walk = (d: string) => {
    const names = namesIn(d);
    if (!names) return;
    try {
      for (const p of readFileSync(join(d, 'cgroup.procs'), 'utf8').split('\n')) if (p) out.push(Number(p));
    } catch {
      /* gone */
    }
    for (const n of names) if (/^s-\d+$/.test(n)) walk(join(d, n));
  };
  dirs.forEach(walk);
  return out;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** SIGKILL to every member until none is left (a member forking meanwhile is caught on the next round);
 *  v2's cgroup.kill does it atomically. Waits up to ~2 s for them to exit. */
function killGroup(dirs: string[]): void {
  try {
    if (existsSync(join(dirs[0], 'cgroup.kill'))) writeFileSync(join(dirs[0], 'cgroup.kill'), '1');
  } catch {
    /* older kernel: by hand below */
  }
  for (let round = 0; round < 400; round++) {
    const left = members(dirs);
    if (!left.length) return;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    Atomics.wait(pause, 0, 0, 5);
  }
}

function tryRmdir(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (e) {
    return errno(e) === 'ENOENT';
  }
}

/** Removes the leaves, then the groups; what still holds a process is retried by a later sweep. */
function removeGroup(dirs: string[]): void {
  for (const d of dirs) {
    const names = namesIn(d);
    if (!names) continue;
    for (const n of names) if (/^s-\d+$/.test(n)) tryRmdir(join(d, n));
    if (!tryRmdir(d)) lingering.add(d);
  }
}

/** Groups of grader processes that died without releasing them (killed, out of memory): whatever their
 *  submissions left running is killed and the groups removed. Also retries groups that lingered. Once per process. */
function sweepStaleGroups(): void {
  swept = true;
  const l = cgroupLayout();
  for (const parent of new Set([l.tracking, l.memory])) {
    if (!parent) continue;
    const names = namesIn(parent);
    if (!names) continue;
    for (const n of names) {
      const owner = Number(/^w-(\d+)-/.exec(n)?.[1]);
      if (!owner || owner === process.pid || alive(owner)) continue;
      const dirs = [join(parent, n)];
      killGroup(dirs);
      removeGroup(dirs);
    }
  }
  for (const d of [...lingering]) {
    lingering.delete(d);
    removeGroup([d]);
  }
}

/** Retries the groups that still held processes when released. */
export function sweepLingeringGroups(): void {
  for (const d of [...lingering]) {
    lingering.delete(d);
    killGroup([d]);
    removeGroup([d]);
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
