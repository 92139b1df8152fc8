// When the grader runs as root (Gradescope, Docker CI, most servers), student code must not: the kernel
// checks the host uid for /proc/sys, signals, files and ptrace, whatever namespaces say. Each work
// directory is handed to a uid of its own that nobody else uses, the runner switches to the owner of its
// work directory before any student code runs (launcher.ts), and when the directory is released every
// process of that uid is killed, so nothing a student started outlives its grading.
//
// The uids: 0x70000000 + (Node's pid << 6) + slot. They lie above every range a Linux distribution or
// systemd hands out (system, regular, dynamic and container users end below 0x70000000) and below 2^31;
// the pid (< 2^22) keeps two gradekit processes on one machine apart; 64 slots per process.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const STUDENT_UID_MIN = 0x70000000;
export const STUDENT_UID_END = 0x80000000;
const SLOTS = 64;
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
const KILL = ['/bin/kill', '/usr/bin/kill'].find((p) => existsSync(p));

const inUse = new Set<number>();

export const isStudentUid = (uid: number): boolean => uid >= STUDENT_UID_MIN && uid < STUDENT_UID_END;

let probed: { ok: boolean; reason?: string } | undefined;

/** Whether this process can run programs under student uids: it must be root, with setpriv, and the uids must exist in its user namespace. */
export function studentUidSupport(): { ok: boolean; reason?: string } {
  if (probed) return probed;
  if (process.getuid?.() !== 0) return (probed = { ok: false, reason: 'the grader is not root, so student code runs as the grader user' });
  if (!SETPRIV || !KILL) return (probed = { ok: false, reason: 'setpriv or kill is missing (apt-get install util-linux procps)' });
  const uid = String(uidFor(SLOTS - 1));
  const r = spawnSync(SETPRIV, ['--reuid', uid, '--regid', uid, '--clear-groups', '--pdeathsig', 'KILL', '--', '/bin/true'], { stdio: 'ignore', timeout: 5000 });
  if (r.status !== 0) return (probed = { ok: false, reason: `cannot switch to an unprivileged uid here (setpriv exit ${r.status ?? r.signal}: a user namespace with few uids, or util-linux older than 2.33?)` });
  return (probed = { ok: true });
}

function uidFor(slot: number): number {
  return STUDENT_UID_MIN + ((process.pid & 0x3fffff) << 6) + slot;
}

/** A fresh uid for one work directory; undefined when student uids are unsupported here. */
export function claimStudentUid(): number | undefined {
  if (!studentUidSupport().ok) return undefined;
  for (let slot = 0; slot < SLOTS; slot++) {
    const uid = uidFor(slot);
    if (inUse.has(uid)) continue;
    inUse.add(uid);
    killAllOf(uid); // leftovers of an earlier gradekit process that had this pid
    if (inUse.size === 1) process.once('exit', () => inUse.forEach(killAllOf));
    return uid;
  }
  throw new Error(`sandbox: more than ${SLOTS} work directories at once in one gradekit process`);
}

/** Kills every process of the uid (atomically, by kill(-1) as that uid), removes what it left in the shared temp folders, and frees the uid. */
export function releaseStudentUid(uid: number): void {
  killAllOf(uid);
  for (const shared of ['/tmp', '/var/tmp', '/dev/shm']) removeOwnedBy(shared, uid);
  inUse.delete(uid);
}

function killAllOf(uid: number): void {
  if (!SETPRIV || !KILL) return;
  spawnSync(SETPRIV, ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '--', KILL, '-9', '-1'], { stdio: 'ignore', timeout: 5000 });
}

/** Top-level entries of a world-writable folder that belong to the uid (only the fallback without bubblewrap can write there). */
function removeOwnedBy(dir: string, uid: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    try {
      if (lstatSync(join(dir, n)).uid === uid) rmSync(join(dir, n), { recursive: true, force: true });
    } catch {
      /* gone meanwhile */
    }
  }
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
