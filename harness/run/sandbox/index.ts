// The sandbox for student programs. createSandbox() gives the `wrap` that GradeOptions and
// PythonSession take; one sandbox serves every submission of a run, because the writable folder is
// the directory the runner is started in (each submission's private work directory, see launcher.ts).
// With bubblewrap the program is isolated (see bwrap.ts); without it, it still runs under resource
// limits in its private directory, and `notice` says so for the report. In both, every process of a
// submission is in the control group of its work directory (cgroups.ts: one memory budget, ended together),
// and when the grader is root the program runs as a student uid of its own (uids.ts): prepare each work
// directory with studentWorkDir() and release it when done.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { cacheDir } from '../../paths.js';
import { diskCached } from '../../util/disk-cache.js';
import { DRIVER_DIR, pycacheRoot } from '../python/bytecode.js';
import { bwrapArgs, bwrapComplaint, bwrapVersion, findBwrap, SANDBOX_DRIVER, SANDBOX_HOME, SANDBOX_PYCACHE, sandboxEnv, sandboxExtra, STUDENT_UID, WORK_DIR, type BwrapLayout } from './bwrap.js';
import { cgroupLayout, createWorkGroup, memoryStats, releaseWorkGroup, sweepLingeringGroups, workGroupOf } from './cgroups.js';
import { DEFAULT_LIMITS, prlimitArgv, type SandboxLimits } from './limits.js';
import { resolveRuntime, runtimeCommand } from './runtimes.js';
import { launcherArgv, SCRIPT as LAUNCHER_SCRIPT } from './launcher.js';
import { seccompFilter } from './seccomp.js';
import { chownTree, claimStudentUid, releaseStudentUid, studentUidSupport } from './uids.js';
import { namesIn } from './names-in.js';

export type { SandboxLimits } from './limits.js';
export { DEFAULT_LIMITS } from './limits.js';

export interface SandboxOptions {
  /** More folders to show read-only (e.g. an instructor's --starter folder holding the course runner). */
  readOnly?: string[];
  limits?: Partial<SandboxLimits>;
  /** 'auto' (default): bubblewrap when it works; 'off': limits only; 'require': throw without bubblewrap.
   *  The GRADEKIT_SANDBOX environment variable (off | require) overrides 'auto'. */
  mode?: 'auto' | 'off' | 'require';
  /** Runners must be started in a directory strictly inside this folder (default: the system temp folder). */
  workRoot?: string;
  /** The language of the programs it will run (python, java): whether they run as root is decided, and said
   *  in `notice`, when the sandbox is made, so the first report carries it. Default python. */
  language?: string;
}

export interface WrapOptions {
  /** The descriptor the caller passes to the program as its private channel (the Python driver's 3): the only
   *  one above 2 it keeps; every other descriptor is closed before the program starts. */
  channel?: number;
}

/** argv -> argv that runs the command inside the sandbox; spawn it with cwd = the submission's work directory
 *  (prepared with studentWorkDir). */
export interface SandboxWrap {
  (argv: string[], opts?: WrapOptions): string[];
  /** Where a file of the grader (in the work directory or a read-only folder) appears to the program. */
  sandboxPath?: (hostPath: string, workDir: string) => string;
  /** Why the submission working in workDir is over a budget of the sandbox, or undefined: its disk (its work
   *  directory and /tmp, measured from outside a live runner) or the memory of all its processes together
   *  (its control group had to kill one). Asked after each test, whether or not the runner survived it. */
  budget?: (runnerPid: number | undefined, workDir: string) => string | undefined;
}

export interface DiskUsage {
  bytes: number;
  files: number;
  /** A hard limit was reached (a tmpfs is full): writes are failing. */
  full: boolean;
}

export interface Sandbox {
  kind: 'bwrap' | 'limits-only';
  /** How processes are counted: a private pids cgroup, RLIMIT_NPROC (a uid or user namespace of its own), or not at all. */
  processLimit: 'cgroup' | 'rlimit' | 'none';
  /** How memory is bounded: for all of a submission's processes together (a memory cgroup), or per process only (RLIMIT_AS). */
  memoryLimit: 'cgroup' | 'rlimit';
  /** Whether programs run as a student uid of their own (the grader is root). */
  studentUids: boolean;
  /** Whether the seccomp filter is loaded. */
  seccomp: boolean;
  /** One line for the report when protection is weaker than full isolation. */
  notice?: string;
  limits: SandboxLimits;
  wrap: SandboxWrap;
  /** Removes control groups that still held processes when their work directory was released. */
  dispose(): void;
  /** What this sandbox guarantees for a runtime (python3, java): for setup.sh's check and `gradekit doctor`. */
  guarantees(runtime: string): SandboxGuarantees;
}

export interface SandboxGuarantees {
  /** Namespaces, read-only system, private tmpfs home and /tmp (bubblewrap). */
  isolated: boolean;
  /** Student code runs as a uid of its own: it cannot signal the grader or touch its files, and all of it is killed at the end. */
  separateUid: boolean;
  seccomp: boolean;
  /** One line per guarantee that is missing, saying why. */
  missing: string[];
}

export interface SandboxSupport {
  bwrap: { ok: boolean; reason?: string; version?: string; mode?: BwrapLayout['mode']; seccomp?: boolean; seccompReason?: string };
  pidsCgroup: { ok: boolean; reason?: string };
  memoryCgroup: { ok: boolean; reason?: string };
  studentUids: { ok: boolean; reason?: string };
  root: boolean;
}

/** What this machine allows, probed once: for `gradekit doctor`, setup.sh's check and the tests. */
export function sandboxSupport(): SandboxSupport {
  const b = bwrapSupport();
  const c = cgroupLayout();
  return {
    bwrap: b,
    pidsCgroup: { ok: c.pids, reason: c.reason.pids },
    memoryCgroup: { ok: Boolean(c.memory), reason: c.reason.memory },
    studentUids: studentUidSupport(),
    root: process.getuid?.() === 0,
  };
}

export class SandboxUnavailable extends Error {}

/** A work directory prepared for runners: its control group (every process started there, the submission's
 *  memory limit) and, when the grader is root, a student uid of its own. release() ends every process the
 *  submission started and removes what it left outside the directory. */
export interface WorkDirLease {
  uid?: number;
  release(): void;
}

/** Prepares a filled work directory for runners: makes its control group (cgroups.ts) and gives it to a fresh
 *  student uid when the grader is root. Runners refuse a directory that was not prepared. */
export function studentWorkDir(dir: string): WorkDirLease {
  createWorkGroup(dir);
  let uid: number | undefined;
  try {
    uid = claimStudentUid();
    if (uid !== undefined) {
      chownTree(dir, uid);
      // Without bubblewrap the student uid reaches its directory through the real path: folders of the grader's
      // from the temp folder down to it (a private TMPDIR made by mkdtemp is 0700) get search permission for
      // others, never read permission, so nobody can list them.
      const tmp = realpathSync(tmpdir());
      for (let d = dirname(realpathSync(dir)); d === tmp || d.startsWith(tmp + sep); d = dirname(d)) {
        const mode = statSync(d).mode & 0o7777;
        if (!(mode & 0o001)) chmodSync(d, mode | 0o001);
      }
    }
  } catch (e) {
    releaseWorkGroup(dir);
    if (uid !== undefined) releaseStudentUid(uid);
    throw e;
  }
  let done = false;
  return {
    uid,
    release: () => {
      if (done) return;
      done = true;
      // By group first: that also ends what runs as root (an interpreter students may not run) or detached itself.
      const ended = releaseWorkGroup(dir);
      if (uid !== undefined) releaseStudentUid(uid, { processesEnded: ended });
    },
  };
}

export interface BwrapSupportInfo {
  ok: boolean;
  reason?: string;
  path?: string;
  version?: string;
  mode?: BwrapLayout['mode'];
  seccomp?: boolean;
  seccompReason?: string;
}

let support: BwrapSupportInfo | undefined;

/** Whether bubblewrap exists and can build this sandbox here (it cannot in many containers), with or without seccomp. Probed once. */
export function bwrapSupport(): BwrapSupportInfo {
  if (support) return support;
  const path = findBwrap();
  if (!path) return (support = { ok: false, reason: 'bwrap is not installed (apt-get install bubblewrap)' });
  const mode: BwrapLayout['mode'] = studentUidSupport().ok ? 'root' : 'userns';
  // Several bwrap runs cost ~100-500 ms per `gradekit check`: remember the answer until bwrap, the machine,
  // or the way gradekit calls bwrap changes.
  const how = createHash('sha256').update(LAUNCHER_SCRIPT).update(JSON.stringify(bwrapArgs(probeLayout(mode, true)))).digest('hex').slice(0, 16);
  return (support = diskCached(`bwrap-support:${path}:${mode}:${how}`, [path], () => probeBwrap(path, mode)));
}

const probeLayout = (mode: BwrapLayout['mode'], seccomp: boolean): BwrapLayout => ({ readOnly: [], runtime: [], mode, diskBytes: 1 << 20, env: sandboxEnv(SANDBOX_HOME), seccomp });

function probeBwrap(path: string, mode: BwrapLayout['mode']): BwrapSupportInfo {
  let version: string;
  try {
    version = bwrapVersion(path);
  } catch (e) {
    return { ok: false, path, reason: `bwrap cannot run here: ${bwrapComplaint(e)}` };
  }
  const root = realpathSync(tmpdir());
  const dir = mkdtempSync(join(root, 'gradekit-sandbox-probe-'));
  const lease = studentWorkDir(dir);
  const run = (seccomp: boolean) => {
    const argv = launcherArgv({ root, maxProcesses: 16, seccompFile: seccomp ? seccompFile() : undefined, studentUids: mode === 'root', bwrap: true }, [
      path, ...bwrapArgs(probeLayout(mode, seccomp)), '/usr/bin/true',
    ]);
    const r = spawnSync(argv[0], argv.slice(1), { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    if (r.status !== 0) throw Object.assign(new Error(`exit ${r.status ?? r.signal}`), { stderr: r.stderr });
  };
  try {
    try {
      run(false);
    } catch (e) {
      return { ok: false, path, version, reason: `bwrap cannot create a sandbox here: ${bwrapComplaint(e)}` };
    }
    if (!seccompFilter()) return { ok: true, path, version, mode, seccomp: false, seccompReason: `no seccomp filter for this machine (${process.arch})` };
    try {
      run(true);
      return { ok: true, path, version, mode, seccomp: true };
    } catch (e) {
      return { ok: true, path, version, mode, seccomp: false, seccompReason: `bwrap cannot load the seccomp filter: ${bwrapComplaint(e)}` };
    }
  } finally {
    lease.release();
    spawnSync('rm', ['-rf', dir]);
  }
}

let filterPath: string | undefined;

/** The compiled filter, written once (content-addressed) where the launcher can open it. */
function seccompFile(): string | undefined {
  if (filterPath) return filterPath;
  const bytes = seccompFilter();
  if (!bytes) return undefined;
  const name = `seccomp-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.bpf`;
  // gradekit's cache folder (never inside an installed package, which stays as npm wrote it: there, the user's
  // cache folder), so that no gradekit-* folder stays in the temporary folder after a run; that only where
  // the cache folder cannot be written.
  for (const dir of [cacheDir(), join(tmpdir(), `gradekit-seccomp-${process.getuid?.() ?? 'u'}`)]) {
    const file = join(dir, name);
    try {
      if (existsSync(file) && readFileSync(file).equals(bytes)) return (filterPath = file);
      mkdirSync(dir, { recursive: true, mode: 0o755 });
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, bytes, { mode: 0o644 });
        renameSync(tmp, file);
      } finally {
        rmSync(tmp, { force: true }); // gone after the rename; a half-written one never stays
      }
      return (filterPath = file);
    } catch {
      /* read-only install: try the next place */
    }
  }
  return undefined;
}

const accessCache = new Map<string, boolean>();

/** Whether an unprivileged uid can run the executable (the fallback has no mounts to show it; e.g. a pyenv under /root). */
function runnableByStudents(exe: string): boolean {
  let ok = accessCache.get(exe);
  if (ok === undefined) {
    const r = spawnSync('/usr/bin/setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', '--', '/usr/bin/test', '-x', exe], { stdio: 'ignore', timeout: 5000 });
    accessCache.set(exe, (ok = r.status === 0));
  }
  return ok;
}

export function createSandbox(opts: SandboxOptions = {}): Sandbox {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const env = process.env.GRADEKIT_SANDBOX;
  const mode = opts.mode && opts.mode !== 'auto' ? opts.mode : env === 'off' || env === 'require' ? env : 'auto';
  const support = mode === 'off' ? undefined : bwrapSupport();
  const useBwrap = Boolean(support?.ok);
  if (mode === 'require' && !useBwrap) throw new SandboxUnavailable(`sandbox required but unavailable: ${support?.reason}`);
  const root = process.getuid?.() === 0;
  const uids = studentUidSupport();
  const studentUids = uids.ok && (!useBwrap || support!.mode === 'root');
  const seccomp = useBwrap && Boolean(support!.seccomp) && Boolean(seccompFile());
  const cg = cgroupLayout();
  // Without a pids cgroup, RLIMIT_NPROC is the fallback: it counts per real uid, so it binds only a uid this
  // runner has alone (a student uid, or the grader's own in a user namespace) and never root.
  const nproc = !cg.pids && (studentUids || (useBwrap && !root));
  const processLimit = cg.pids ? 'cgroup' : nproc ? 'rlimit' : 'none';
  // Without a memory cgroup, memory is bounded per process only: RLIMIT_AS times the process limit.
  const memoryLimit = cg.memory ? 'cgroup' : 'rlimit';
  const notes: string[] = [];
  if (!useBwrap) notes.push(`sandbox: bubblewrap unavailable (${mode === 'off' ? 'turned off by configuration' : support?.reason}); ran with resource limits only`);
  if (useBwrap && !seccomp) notes.push(`sandbox: no seccomp filter (${support!.seccompReason ?? 'the filter file cannot be written'})`);
  if (root && !studentUids) notes.push(`sandbox: student code runs as root (${uids.reason ?? 'bubblewrap cannot switch uids here'})`);
  if (processLimit === 'none') notes.push(`sandbox: no process-count limit (${cg.reason.pids}; RLIMIT_NPROC does not bind root)`);
  // Whether the runtime runs as root is known now, not at the first launch: the first report says it.
  const firstRuntime = (() => {
    try {
      return resolveRuntime(runtimeCommand(opts.language ?? 'python')).exe;
    } catch {
      return undefined; // not installed: running it names the problem
    }
  })();
  const rootRuntime = (exe: string) => `sandbox: student code runs as root (${exe} cannot be run by other users: install the runtime where they can, e.g. under /usr)`;
  if (!useBwrap && studentUids && firstRuntime && !runnableByStudents(firstRuntime)) notes.push(rootRuntime(firstRuntime));
  const pyc = pycacheRoot();
  const readOnly: [string, string][] = [
    ...[DRIVER_DIR, ...(opts.readOnly ?? [])].map((d, i): [string, string] => [d, i === 0 ? SANDBOX_DRIVER : sandboxExtra(i)]),
    ...(pyc ? [[pyc, SANDBOX_PYCACHE] as [string, string]] : []),
  ];
  const workRoot = realpathSync(opts.workRoot ?? tmpdir());
  const studentEnv = sandboxEnv(SANDBOX_HOME);
  const diskBytes = limits.diskMb * 1024 * 1024;

  const toInside = (p: string, workDir?: string): string => {
    if (!useBwrap) return p;
    const pairs: [string, string][] = [...(workDir ? [[workDir, SANDBOX_HOME] as [string, string]] : []), ...readOnly];
    for (const [host, inside] of pairs) {
      if (p === host) return inside;
      if (p.startsWith(host + sep)) return inside + p.slice(host.length);
    }
    return p;
  };

  const wrap: SandboxWrap = (argv: string[], wo: WrapOptions = {}): string[] => {
    const rt = resolveRuntime(argv[0]);
    const jvm = /^javac?$/.test(basename(argv[0])) || /^javac?$/.test(basename(rt.exe));
    const inner = [...prlimitArgv(limits, { jvm, nproc }), rt.exe, ...argv.slice(1).map((a) => toInside(a))];
    const launch = {
      channel: wo.channel, root: workRoot, tracking: cg.tracking, memory: cg.memory,
      maxProcesses: cg.pids ? limits.processes : undefined, memoryBytes: limits.submissionMemoryMb * 1024 * 1024,
    };
    if (useBwrap) {
      const layout: BwrapLayout = { readOnly, runtime: rt.mounts, mode: support!.mode!, diskBytes, env: studentEnv, seccomp };
      return launcherArgv({ ...launch, seccompFile: seccomp ? seccompFile() : undefined, studentUids, bwrap: true }, [support!.path!, ...bwrapArgs(layout), ...inner]);
    }
    // No namespaces: the environment is still emptied, and as root the program runs as the work directory's student uid.
    const asStudent = studentUids && runnableByStudents(rt.exe);
    if (studentUids && !asStudent) notes.push(rootRuntime(rt.exe));
    const envPairs = Object.entries(sandboxEnv(WORK_DIR)).map(([k, v]) => `${k}=${v}`);
    const setpriv = asStudent ? ['/usr/bin/setpriv', '--reuid', STUDENT_UID, '--regid', STUDENT_UID, '--clear-groups', '--no-new-privs', '--pdeathsig', 'KILL', '--'] : [];
    return launcherArgv({ ...launch, studentUids: asStudent, bwrap: false }, [...envPairs, ...setpriv, ...inner]);
  };
  wrap.sandboxPath = (p, workDir) => toInside(p, workDir);
  const diskBudget = (pid: number | undefined, workDir: string): string | undefined => {
    const u = !useBwrap ? treeUsage(workDir, limits.diskFiles + 1) : pid !== undefined ? tmpfsUsage(pid) : undefined;
    if (!u) return undefined;
    const where = useBwrap ? 'its work directory and /tmp' : 'its work directory';
    if (u.full || u.bytes > 2 * diskBytes) return `the submission filled its disk budget (${limits.diskMb} MiB in ${useBwrap ? 'each of ' : ''}${where}); its tests were stopped`;
    if (u.files > limits.diskFiles) return `the submission created more than ${limits.diskFiles} files in ${where}; its tests were stopped`;
    return undefined;
  };
  const memoryBudget = (workDir: string): string | undefined => {
    const g = workGroupOf(workDir);
    const m = g && memoryStats(g);
    if (!m?.oomKills) return undefined;
    return `the submission's processes together used more than its memory budget (${limits.submissionMemoryMb} MiB for all of them, files in its tmpfs included), so the kernel killed ${m.oomKills === 1 ? 'one of them' : `${m.oomKills} of them`}; its tests were stopped`;
  };
  wrap.budget = (pid, workDir) => diskBudget(pid, workDir) ?? memoryBudget(workDir);
  const guarantees = (runtime: string): SandboxGuarantees => {
    const missing: string[] = [];
    if (!useBwrap) missing.push(`no bubblewrap (${mode === 'off' ? 'turned off by configuration' : support?.reason}): no namespaces, the student sees the file system as the grader's other users do`);
    let separateUid = studentUids;
    if (!studentUids) missing.push(`student code runs as the grader's own user (${uids.reason})`);
    else if (!useBwrap) {
      let exe = runtime;
      try {
        exe = resolveRuntime(runtime).exe;
      } catch {
        /* reported by the caller's own check */
      }
      separateUid = runnableByStudents(exe);
      if (!separateUid) missing.push(`student code runs as root: ${exe} cannot be run by other users (install the runtime under /usr)`);
    }
    if (useBwrap && !seccomp) missing.push(`no seccomp filter (${support!.seccompReason ?? 'the filter file cannot be written'})`);
    if (processLimit === 'none') missing.push('no process-count limit');
    if (memoryLimit === 'rlimit') missing.push(`no memory cgroup (${cg.reason.memory}): memory is bounded per process only (${limits.memoryMb} MiB of address space each, so up to ${limits.memoryMb} MiB x ${limits.processes} processes for one submission)`);
    if (!cg.tracking && !separateUid && !useBwrap) missing.push('nothing ends what a submission leaves running (no control group, no uid of its own)');
    return { isolated: useBwrap, separateUid, seccomp, missing };
  };
  const sb: Sandbox = {
    guarantees,
    kind: useBwrap ? 'bwrap' : 'limits-only',
    processLimit,
    memoryLimit,
    studentUids,
    seccomp,
    get notice() {
      return notes.length ? [...new Set(notes)].join('; ') : undefined;
    },
    limits,
    wrap,
    dispose: sweepLingeringGroups,
  };
  return sb;
}

/** The sandboxed program's two tmpfs mounts, seen through /proc/<pid>/root of the process bwrap started. */
function tmpfsUsage(runnerPid: number): DiskUsage | undefined {
  const inner = innermost(runnerPid);
  if (!inner) return undefined;
  let bytes = 0, files = 0, full = false;
  for (const m of ['/tmp', SANDBOX_HOME]) {
    try {
      const s = statfsSync(`/proc/${inner}/root${m}`);
      bytes += (s.blocks - s.bfree) * s.bsize;
      files += s.files - s.ffree;
      if (s.bfree * s.bsize < 64 * 1024) full = true;
    } catch {
      return undefined;
    }
  }
  return { bytes, files, full };
}

let ourRoot: ReturnType<typeof statSync> | undefined;

/** The first descendant whose root differs from ours: the program inside bwrap (looked up after every test). */
function innermost(pid: number): number | undefined {
  let cur = pid;
  for (let depth = 0; depth < 4; depth++) {
    let kids: string;
    try {
      kids = readFileSync(`/proc/${cur}/task/${cur}/children`, 'utf8').trim();
    } catch {
      return undefined;
    }
    if (!kids) return undefined;
    cur = Number(kids.split(/\s+/)[0]);
    try {
      const root = statSync(`/proc/${cur}/root/`);
      ourRoot ??= statSync('/');
      if (root.ino !== ourRoot.ino || root.dev !== ourRoot.dev) return cur;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The work directory on the host disk (no bubblewrap): walked, up to `maxFiles` entries. */
function treeUsage(dir: string, maxFiles: number): DiskUsage {
  let bytes = 0, files = 0;
  const walk = (d: string) => {
    const names = namesIn(d);
    if (!names) return;
    for (const n of names) {
      if (files >= maxFiles) return;
      files++;
      try {
        const st = lstatSync(join(d, n), { throwIfNoEntry: false });
        if (!st) continue;
        if (st.isDirectory()) walk(join(d, n));
        else bytes += st.blocks * 512;
      } catch {
        /* gone */
      }
    }
  };
  walk(dir);
  return { bytes, files, full: false };
}

const shared = new Map<string, Sandbox>();

/** One sandbox per set of extra read-only folders and language, for the whole process (what gradeSubmission
 *  uses by default). */
export function sharedSandbox(readOnly: string[] = [], language = 'python'): Sandbox {
  const key = [language, ...[...readOnly].sort()].join('\0');
  let sb = shared.get(key);
  if (!sb) {
    sb = createSandbox({ readOnly, language });
    shared.set(key, sb);
    if (shared.size === 1) process.once('exit', () => shared.forEach((s) => s.dispose()));
  }
  return sb;
}
