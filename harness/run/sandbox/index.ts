// The sandbox for student programs. createSandbox() gives the `wrap` that GradeOptions and
// PythonSession take; one sandbox serves every submission of a run, because the writable folder is
// the directory the runner is started in (each submission's private work directory, see launcher.ts).
// With bubblewrap the program is isolated (see bwrap.ts); without it, it still runs under resource
// limits in its private directory, and `notice` says so for the report.
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { rootPath } from '../../paths.js';
import { bwrapArgs, bwrapSupport, envArgs } from './bwrap.js';
import { pidsCgroupBase, sweepPidsGroups } from './pids.js';
import { DEFAULT_LIMITS, prlimitArgv, type SandboxLimits } from './limits.js';
import { resolveRuntime } from './runtimes.js';
import { launcherArgv } from './launcher.js';

export type { SandboxLimits } from './limits.js';
export { DEFAULT_LIMITS } from './limits.js';
export { bwrapSupport } from './bwrap.js';

export interface SandboxOptions {
  /** More folders to show read-only (e.g. an instructor's --starter folder holding the course runner). */
  readOnly?: string[];
  limits?: Partial<SandboxLimits>;
  /** 'auto' (default): bubblewrap when it works; 'off': limits only; 'require': throw without bubblewrap.
   *  The GRADEKIT_SANDBOX environment variable (off | require) overrides 'auto'. */
  mode?: 'auto' | 'off' | 'require';
  /** Runners must be started in a directory strictly inside this folder (default: the system temp folder). */
  workRoot?: string;
}

export interface Sandbox {
  kind: 'bwrap' | 'limits-only';
  /** How processes are counted: a private pids cgroup, RLIMIT_NPROC in a private user namespace, or not at all. */
  processLimit: 'cgroup' | 'rlimit' | 'none';
  /** One line for the report when protection is weaker than full isolation. */
  notice?: string;
  limits: SandboxLimits;
  /** argv -> argv: runs the command inside the sandbox; spawn it with cwd = the submission's work directory. */
  wrap: (argv: string[]) => string[];
  /** Removes the cgroups of runners that have exited. */
  dispose(): void;
}

export interface SandboxSupport {
  bwrap: { ok: boolean; reason?: string; version?: string };
  pidsCgroup: { ok: boolean; reason?: string };
  root: boolean;
}

/** What this machine allows, probed once: for `gradekit doctor` and the tests. */
export function sandboxSupport(): SandboxSupport {
  const b = bwrapSupport();
  const c = pidsCgroupBase();
  return { bwrap: { ok: b.ok, reason: b.reason, version: b.version }, pidsCgroup: { ok: Boolean(c.dir), reason: c.reason }, root: process.getuid?.() === 0 };
}

export class SandboxUnavailable extends Error {}

export function createSandbox(opts: SandboxOptions = {}): Sandbox {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const env = process.env.GRADEKIT_SANDBOX;
  const mode = opts.mode && opts.mode !== 'auto' ? opts.mode : env === 'off' || env === 'require' ? env : 'auto';
  const support = mode === 'off' ? undefined : bwrapSupport();
  const useBwrap = Boolean(support?.ok);
  if (mode === 'require' && !useBwrap) throw new SandboxUnavailable(`sandbox required but unavailable: ${support?.reason}`);
  const root = process.getuid?.() === 0;
  const cgroup = pidsCgroupBase().dir;
  // Without a cgroup, RLIMIT_NPROC is the fallback, but it only counts this sandbox inside a user
  // namespace of its own, and only binds a non-root uid (the kernel exempts root).
  const nproc = !cgroup && useBwrap && !root;
  const processLimit = cgroup ? 'cgroup' : nproc ? 'rlimit' : 'none';
  const notes: string[] = [];
  if (!useBwrap) notes.push(`sandbox: bubblewrap unavailable (${mode === 'off' ? 'turned off by configuration' : support?.reason}); ran with resource limits only`);
  if (processLimit === 'none') notes.push(`sandbox: no process-count limit (${pidsCgroupBase().reason}; RLIMIT_NPROC does not bind root)`);
  const readOnly = [rootPath('harness', 'run', 'python'), ...(opts.readOnly ?? [])];
  const workRoot = realpathSync(opts.workRoot ?? tmpdir());

  const wrap = (argv: string[]): string[] => {
    sweepPidsGroups();
    const rt = resolveRuntime(argv[0]);
    const jvm = /^javac?$/.test(basename(argv[0])) || /^javac?$/.test(basename(rt.exe));
    const inner = [...prlimitArgv(limits, { jvm, nproc }), useBwrap ? rt.exe : argv[0], ...argv.slice(1)];
    if (!useBwrap) return launcherArgv({ root: workRoot, cgroup, maxProcesses: limits.processes, insertAt: -1 }, inner);
    const before = [support!.path!, ...bwrapArgs({ readOnly: [...rt.mounts, ...readOnly] })];
    return launcherArgv({ root: workRoot, cgroup, maxProcesses: limits.processes, insertAt: before.length }, [...before, ...envArgs(), '--', ...inner]);
  };
  return { kind: useBwrap ? 'bwrap' : 'limits-only', processLimit, notice: notes.length ? notes.join('; ') : undefined, limits, wrap, dispose: sweepPidsGroups };
}

const shared = new Map<string, Sandbox>();

/** One sandbox per set of extra read-only folders, for the whole process (what gradeSubmission uses by default). */
export function sharedSandbox(readOnly: string[] = []): Sandbox {
  const key = [...readOnly].sort().join('\0');
  let sb = shared.get(key);
  if (!sb) {
    sb = createSandbox({ readOnly });
    shared.set(key, sb);
    if (shared.size === 1) process.once('exit', () => shared.forEach((s) => s.dispose()));
  }
  return sb;
}
