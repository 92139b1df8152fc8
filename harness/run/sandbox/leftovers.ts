// What a student uid can leave behind outside its work directory when it ran without bubblewrap (whose
// private /tmp, /dev/shm and ipc namespace die with it): files in every directory other users may write
// (/tmp, /var/tmp, /dev/shm, /run/lock, /dev/mqueue, and any other world-writable directory of the
// machine), and System V IPC objects (shared memory, semaphores, message queues). Both are removed when
// the uid's work directory is released, after its processes are gone (uids.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskCached } from '../../util/disk-cache.js';
import { namesIn } from './names-in.js';

/** Always swept, whether or not the scan found them. */
const KNOWN = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock', '/var/lock', '/dev/mqueue', '/var/crash'];

/** Local file systems a process may create files in; network and FUSE mounts are never scanned (slow, and
 *  not the machine's own). */
const LOCAL = new Set(['ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'zfs', 'f2fs', 'jfs', 'reiserfs', 'tmpfs', 'ramfs', 'overlay', 'mqueue']);

let scanned: string[] | undefined;

/**
 * Directories that anyone may write into, found by one scan of the machine's local file systems (1-2 s here,
 * at most 30 s; kept in the cache folder until a reboot or a change of mounts) plus the usual ones. A directory made
 * world-writable after the scan is found only inside one of these (the sweep descends into world-writable
 * subdirectories); the README says so.
 */
export function worldWritableDirs(): string[] {
  if (scanned) return scanned;
  let table = '';
  try {
    table = readFileSync('/proc/self/mounts', 'utf8');
  } catch {
    /* not Linux */
  }
  const points = [...new Set(table.split('\n').map((l) => l.split(' ')).filter((f) => f.length > 2 && LOCAL.has(f[2])).map((f) => f[1].replace(/\\040/g, ' ')))];
  const found = diskCached(`world-writable:${createHash('sha256').update(table).digest('hex')}`, [], () => {
    if (!points.length) return [];
    const r = spawnSync('find', [...points, '-xdev', '-type', 'd', '-perm', '-0002', '-print0'], { encoding: 'utf8', timeout: 30_000, maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
    return (r.stdout ?? '').split('\0').filter(Boolean);
  });
  return (scanned = [...new Set([...KNOWN, tmpdir(), ...found])].filter((d) => existsSync(d)));
}

/** Removes what the uid created in world-writable directories: its entries (whole trees), and inside
 *  world-writable subdirectories of others (/tmp/.X11-unix), theirs. Never follows a link. */
export function removeFilesOf(uid: number, dirs: string[] = worldWritableDirs()): void {
  const seen = new Set<string>();
  const sweep = (dir: string, depth: number) => {
    if (seen.has(dir) || depth > 8) return;
    seen.add(dir);
    const names = namesIn(dir);
    if (!names) return;
    for (const n of names) {
      const p = join(dir, n);
      try {
        const st = lstatSync(p);
        if (st.uid === uid) rmSync(p, { recursive: true, force: true });
        else if (st.isDirectory() && st.mode & 0o002) sweep(p, depth + 1);
      } catch {
        /* gone meanwhile */
      }
    }
  };
  for (const d of dirs) sweep(d, 0);
}

/** System V IPC objects the uid owns or created, by kind: /proc/sysvipc lists them. */
export function ipcObjectsOf(uid: number): { shm: number[]; sem: number[]; msg: number[] } {
  const of = (kind: 'shm' | 'sem' | 'msg') => {
    let lines: string[];
    try {
      lines = readFileSync(`/proc/sysvipc/${kind}`, 'utf8').trim().split('\n');
    } catch {
      return [];
    }
    const head = lines[0].trim().split(/\s+/);
    const id = head.indexOf(`${kind === 'msg' ? 'msq' : kind}id`);
    const cols = [head.indexOf('uid'), head.indexOf('cuid')].filter((i) => i >= 0);
    return lines.slice(1).map((l) => l.trim().split(/\s+/)).filter((f) => cols.some((i) => Number(f[i]) === uid)).map((f) => Number(f[id]));
  };
  return { shm: of('shm'), sem: of('sem'), msg: of('msg') };
}

const IPCRM = ['/usr/bin/ipcrm', '/bin/ipcrm'].find((p) => existsSync(p));

/** Removes the uid's System V IPC objects (one ipcrm, only when there are some). */
export function removeIpcOf(uid: number): void {
  const o = ipcObjectsOf(uid);
  const args = [...o.shm.flatMap((i) => ['-m', String(i)]), ...o.sem.flatMap((i) => ['-s', String(i)]), ...o.msg.flatMap((i) => ['-q', String(i)])];
  if (args.length && IPCRM) spawnSync(IPCRM, args, { stdio: 'ignore', timeout: 5000 });
}
