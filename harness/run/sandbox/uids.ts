// When the grader runs as root (Gradescope, Docker CI, most servers), student code must not: the kernel
// checks the host uid for /proc/sys, signals, files and ptrace, whatever namespaces say. Each work
// directory is handed to a uid of its own that nobody else uses, the runner switches to the owner of its
// work directory before any student code runs (launcher.ts), and when the directory is released every
// process of that uid is killed (by its control group where there is one, cgroups.ts) and what it left
// outside the directory removed (leftovers.ts), so nothing a student started outlives its grading.
//
// The uids: 0x70000000 + n, n < 2^20. They lie above every range a Linux distribution or systemd hands
// out (system, regular, dynamic and container users end below 0x70000000) and below 2^31. A uid is
// taken with a lock file named after it (in /run/gradekit-uids, or /tmp/.gradekit-uids), holding the
// pid of the gradekit process that took it, so concurrent gradekit processes on one machine never share
// one; a lock whose process is gone is taken over.
import { spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { diskCached } from '../../util/disk-cache.js';
import { alive } from './cgroups.js';
import { removeFilesOf, removeIpcOf } from './leftovers.js';

export const STUDENT_UID_MIN = 0x70000000;
const SPACE = 1 << 20;
export const STUDENT_UID_END = STUDENT_UID_MIN + SPACE;
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
const KILL = ['/bin/kill', '/usr/bin/kill'].find((p) => existsSync(p));

const inUse = new Set<number>();
let exitHook: (() => void) | undefined;
// Whether this process has started a student uid's program outside bubblewrap's pid namespace (the
// limits-only fallback). Inside the namespace nothing outlives the sandbox: when its first process ends,
// the kernel kills every other one, and /tmp, /dev/shm and the ipc namespace were private. Only such runs
// can leave processes, files or IPC objects behind, so only then does releasing a uid need a kill (a setpriv
// and a kill process, ~5 ms, unless its control group already ended them) and a sweep of the world-writable
// folders (an lstat of each of their entries) and of /proc/sysvipc.
let uncontained = false;

/** Called where a program is launched as a student uid without a pid namespace (launcher.ts). */
export function noteUncontainedStudentRun(): void {
  uncontained = true;
}

export const isStudentUid = (uid: number): boolean => uid >= STUDENT_UID_MIN && uid < STUDENT_UID_END;

let probed: { ok: boolean; reason?: string } | undefined;

/** Whether this process can run programs under student uids: it must be root, with setpriv, and the uids must exist in its user namespace. */
export function studentUidSupport(): { ok: boolean; reason?: string } {
  if (probed) return probed;
  if (process.getuid?.() !== 0) return (probed = { ok: false, reason: 'the grader is not root, so student code runs as the grader user' });
  if (!SETPRIV || !KILL) return (probed = { ok: false, reason: 'setpriv or kill is missing (apt-get install util-linux procps)' });
  const uid = String(STUDENT_UID_END - 1);
  // The probe (a process started and waited for: ~6 ms of every command that grades) is kept in the cache
  // folder like the machine's other probes: it changes with setpriv, the user namespace's uid map or a reboot.
  const probe = (): { ok: boolean; reason?: string } => {
    const r = spawnSync(SETPRIV!, ['--reuid', uid, '--regid', uid, '--clear-groups', '--pdeathsig', 'KILL', '--', '/bin/true'], { stdio: 'ignore', timeout: 5000 });
    if (r.status !== 0) return { ok: false, reason: `cannot switch to an unprivileged uid here (setpriv exit ${r.status ?? r.signal}: a user namespace with few uids, or util-linux older than 2.33?)` };
    return { ok: true };
  };
  return (probed = diskCached(`student-uids:${SETPRIV}:${uid}:${uidMap()}`, [SETPRIV], probe));
}

/** This process's user namespace's uid map: which uids exist here. */
function uidMap(): string {
  try {
    return readFileSync('/proc/self/uid_map', 'utf8').trim().split(/\s+/).join(' ');
  } catch {
    return '';
  }
}

function uidFor(slot: number): number {
  return STUDENT_UID_MIN + slot;
}

let lockDir: string | undefined;

/** A folder only root can write, for the lock files. */
function locks(): string {
  if (lockDir) return lockDir;
  for (const d of ['/run/gradekit-uids', '/tmp/.gradekit-uids']) {
    try {
      mkdirSync(d, { mode: 0o700 });
    } catch {
      /* exists, or its parent is not writable */
    }
    try {
      const st = lstatSync(d);
      // Not a link, and nobody but root can plant locks in it (a student of the fallback could write /tmp).
      if (st.isDirectory() && st.uid === 0 && (st.mode & 0o022) === 0) return (lockDir = d);
    } catch {
      /* next */
    }
  }
  throw new Error('sandbox: no folder for the student uid locks (/run/gradekit-uids or /tmp/.gradekit-uids, owned by root, not writable by others)');
}

/** Takes the lock of a uid, or of a free one near it; returns the uid, and whether its lock was taken over
 *  from a gradekit process that died holding it (its student's processes may still be running). */
function lockFree(start: number): { uid: number; takenOver: boolean } {
  const dir = locks();
  for (let i = 0; i < SPACE; i++) {
    const uid = uidFor((start + i) % SPACE);
    const file = join(dir, String(uid));
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return { uid, takenOver: attempt > 0 };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        let owner = NaN;
        try {
          owner = Number(readFileSync(file, 'utf8'));
        } catch {
          /* being written or removed: look again */
        }
        if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || alive(owner))) break; // taken: next uid
        try {
          unlinkSync(file); // its process is gone: take it over
        } catch {
          /* someone else did */
        }
      }
    }
  }
  throw new Error('sandbox: every student uid is taken');
}

/** A fresh uid for one work directory; undefined when student uids are unsupported here. */
export function claimStudentUid(): number | undefined {
  if (!studentUidSupport().ok) return undefined;
  const { uid, takenOver } = lockFree((process.pid * 64 + inUse.size) % SPACE);
  inUse.add(uid);
  // A uid whose lock was free has no processes: whoever held it last killed them all before unlocking.
  if (takenOver) killAllOf(uid); // leftovers of a gradekit process that died without releasing it
  if (!exitHook) process.once('exit', (exitHook = () => [...inUse].forEach((u) => releaseStudentUid(u))));
  return uid;
}

/** Frees the uid. After a run outside a pid namespace, first kills every process of the uid (atomically,
 *  by kill(-1) as that uid) unless the caller already ended them all (by their control group, cgroups.ts),
 *  and removes what it left outside its work directory: files in world-writable directories and System V
 *  IPC objects (leftovers.ts). */
export function releaseStudentUid(uid: number, opts: { processesEnded?: boolean } = {}): void {
  if (uncontained) {
    if (!opts.processesEnded) killAllOf(uid);
    removeFilesOf(uid);
    removeIpcOf(uid);
  }
  inUse.delete(uid);
  try {
    unlinkSync(join(locks(), String(uid)));
  } catch {
    /* already gone */
  }
}

function killAllOf(uid: number): void {
  if (!SETPRIV || !KILL) return;
  spawnSync(SETPRIV, ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '--', KILL, '-9', '-1'], { stdio: 'ignore', timeout: 5000 });
}

/** Gives a directory tree to the uid (the work directory the grader filled as root). */
export function chownTree(dir: string, uid: number): void {
  chownSync(dir, uid, uid);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) chownTree(p, uid);
    else if (!e.isSymbolicLink()) chownSync(p, uid, uid);
  }
}
