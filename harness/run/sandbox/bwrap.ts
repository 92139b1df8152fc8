// bubblewrap: a throwaway mount, pid, network, ipc and uts namespace per runner process.
// Inside, the system is read-only, /proc/sys too; the work directory (at /home/student) and /tmp are
// private size-limited tmpfs mounts, the only writable places; nothing of the project but the folders
// named in `readOnly` is visible, each at a fixed path of its own under /gradekit.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Where things appear inside the sandbox: fixed paths, so nothing of the grader's own layout shows. */
export const SANDBOX_HOME = '/home/student';
export const SANDBOX_DRIVER = '/gradekit/driver';
/** The driver's cached bytecode (harness/run/python/bytecode.ts), read-only. */
export const SANDBOX_PYCACHE = '/gradekit/pycache';
export const sandboxExtra = (i: number): string => `/gradekit/files-${i}`;
/** Placeholders the launcher fills in at spawn time (see launcher.ts). */
export const WORK_DIR = '@gradekit:work@';
export const WORK_ENTRIES = '@gradekit:work-entries@';
export const STUDENT_UID = '@gradekit:uid@';

export interface BwrapLayout {
  /** Host folder -> path inside (the driver folder, an instructor's starter folder), read-only. */
  readOnly: [string, string][];
  /** Folders mounted read-only at their own path (the runtime's prefix). */
  runtime: string[];
  /** 'root': bubblewrap runs as real root without a user namespace, and the command switches to the
   *  student uid that owns the work directory; 'userns': an unprivileged user namespace. */
  mode: 'root' | 'userns';
  /** Size of each writable tmpfs (the work directory and /tmp). */
  diskBytes: number;
  /** The environment the program sees (nothing else of the grader's). */
  env: Record<string, string>;
  /** Pass the seccomp filter the launcher opened on fd 9. */
  seccomp: boolean;
}

/** Files of /etc that programs legitimately read (dynamic loader, time zone, user names, JDK config). */
function etcMounts(): string[] {
  const files = ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime', '/etc/nsswitch.conf', '/etc/passwd', '/etc/group', '/etc/alternatives'];
  try {
    for (const e of readdirSync('/etc')) if (e.startsWith('java-')) files.push(join('/etc', e));
  } catch {
    /* no /etc listing */
  }
  return files.filter((f) => existsSync(f));
}

/** /bin, /lib… are symlinks into /usr on merged-/usr systems and real folders elsewhere. */
function topLevelSystem(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const d of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    let st;
    try {
      st = lstatSync(d);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(d), d);
    else if (st.isDirectory()) args.push('--ro-bind', d, d);
  }
  return args;
}

/** bwrap creates missing parents of a mount point with mode 0700: an unprivileged uid could not pass them. */
function parents(path: string, made: Set<string>): string[] {
  const args: string[] = [];
  const parts = path.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const p = '/' + parts.slice(0, i).join('/');
    if (made.has(p) || p === '/usr' || p.startsWith('/usr/') || p === '/tmp' || p === '/proc' || p === '/dev') continue;
    made.add(p);
    args.push('--perms', '0755', '--dir', p);
  }
  return args;
}

/**
 * The whole bwrap command line but the program. The work directory is a tmpfs of its own at /home/student
 * holding the grader's files read-only (the launcher binds each entry of the real folder), so a submission
 * writes at most `diskBytes` there and as much in /tmp, in memory, never on the host disk.
 */
export function bwrapArgs(layout: BwrapLayout): string[] {
  const root = layout.mode === 'root';
  const args = [
    // No user namespace as root: the program then runs as a real unprivileged host uid (setpriv below).
    ...(root ? ['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try'] : ['--unshare-all']),
    '--hostname', 'sandbox',
    '--die-with-parent', // killing the runner's process group tears the whole sandbox down
    '--new-session', // no TIOCSTI on the grader's terminal
    '--cap-drop', 'ALL',
    // Just enough for setpriv to switch to the student uid (it drops them with the switch) and for bwrap's own chdir.
    ...(root ? ['--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--cap-add', 'CAP_DAC_READ_SEARCH'] : []),
    ...topLevelSystem(),
  ];
  const made = new Set<string>();
  for (const f of etcMounts()) args.push(...parents(f, made), '--ro-bind', f, f);
  // Host-wide kernel settings stay read-only whatever uid the program has.
  args.push('--proc', '/proc', '--ro-bind', '/proc/sys', '/proc/sys');
  for (const p of ['/proc/sysrq-trigger', '/proc/irq', '/proc/bus']) args.push('--ro-bind-try', p, p);
  args.push('--dev', '/dev', '--perms', '1777', '--size', String(layout.diskBytes), '--tmpfs', '/tmp');
  for (const d of [...new Set(layout.runtime)]) if (existsSync(d)) args.push(...parents(d, made), '--ro-bind', d, d);
  for (const [host, inside] of layout.readOnly) if (existsSync(host)) args.push(...parents(inside, made), '--ro-bind', host, inside);
  args.push(...parents(SANDBOX_HOME, made), '--size', String(layout.diskBytes), '--perms', '0777', '--tmpfs', SANDBOX_HOME, WORK_ENTRIES, '--chdir', SANDBOX_HOME);
  args.push('--clearenv');
  for (const [k, v] of Object.entries(layout.env)) args.push('--setenv', k, v);
  if (layout.seccomp) args.push('--seccomp', '9');
  args.push('--');
  // Changing uids clears the parent-death signal --die-with-parent set: setpriv sets it again.
  if (root) args.push(SETPRIV, '--reuid', STUDENT_UID, '--regid', STUDENT_UID, '--clear-groups', '--no-new-privs', '--pdeathsig', 'KILL', '--');
  return args;
}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? 'setpriv';

/** Environment variables the program keeps from the grader's; everything else is gone. */
const KEEP_ENV = ['LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'PYTHONUTF8', 'JAVA_TOOL_OPTIONS'];

/** The program's whole environment: a few locale settings of the grader's, and fixed values. */
export function sandboxEnv(home: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of KEEP_ENV) if (env[k] !== undefined) out[k] = env[k]!;
  return { ...out, HOME: home, TMPDIR: '/tmp', PATH: '/usr/local/bin:/usr/bin:/bin', PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' };
}

export interface BwrapSupport {
  ok: boolean;
  /** Why it cannot be used (missing, no user namespaces, …): one line for the report. */
  reason?: string;
  path?: string;
  version?: string;
}

export function findBwrap(): string | undefined {
  for (const p of [process.env.GRADEKIT_BWRAP, '/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap']) if (p && existsSync(p)) return p;
  return undefined;
}

export function bwrapVersion(path: string): string {
  return execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 5000 }).trim();
}

/** bwrap's own last complaint, without its prefix: one line for the report. */
export function bwrapComplaint(e: unknown): string {
  const err = e as { stderr?: Buffer | string; message: string };
  return (String(err.stderr ?? '').trim().split('\n').pop() || err.message).replace(/^bwrap: /, '');
}
