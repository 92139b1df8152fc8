// The sandbox for student programs: createSandbox(workDir) gives the `wrap` that GradeOptions and
// PythonSession take. With bubblewrap it isolates the program (see bwrap.ts); without it the
// program still runs under resource limits in its private directory, and the report says so.
import { basename } from 'node:path';
import { rootPath } from '../../paths.js';
import { bwrapArgs, bwrapSupport } from './bwrap.js';
import { createPidsCgroup, pidsCgroupBase } from './pids.js';
import { DEFAULT_LIMITS, prlimitArgv, type SandboxLimits } from './limits.js';
import { resolveRuntime } from './runtimes.js';

export type { SandboxLimits } from './limits.js';
export { bwrapSupport } from './bwrap.js';

export interface SandboxOptions {
  /** The submission's private directory: the only writable place. */
  workDir: string;
  /** More folders to show read-only (e.g. an instructor's --starter folder holding the course runner). */
  readOnly?: string[];
  limits?: Partial<SandboxLimits>;
  /** 'auto' (default): bubblewrap when it works; 'off': limits only; 'require': fail without bubblewrap.
   *  The GRADEKIT_SANDBOX environment variable overrides 'auto'. */
  mode?: 'auto' | 'off' | 'require';
}

export interface Sandbox {
  kind: 'bwrap' | 'limits-only';
  /** How processes are counted: a private pids cgroup, RLIMIT_NPROC in a private user namespace, or not at all. */
  processLimit: 'cgroup' | 'rlimit' | 'none';
  /** One line for the report when protection is weaker than full isolation. */
  notice?: string;
  /** argv -> argv: runs the command inside the sandbox. */
  wrap: (argv: string[]) => string[];
  /** Removes the cgroup (call after the runner has exited). */
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

export function createSandbox(opts: SandboxOptions): Sandbox {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const env = process.env.GRADEKIT_SANDBOX;
  const mode = opts.mode && opts.mode !== 'auto' ? opts.mode : env === 'off' || env === 'require' ? env : 'auto';
  const support = bwrapSupport();
  const useBwrap = mode !== 'off' && support.ok;
  if (mode === 'require' && !support.ok) throw new SandboxUnavailable(`sandbox required but unavailable: ${support.reason}`);
  const root = process.getuid?.() === 0;
  const group = createPidsCgroup(limits.processes);
  // Without a cgroup, RLIMIT_NPROC is the fallback, but it only counts this sandbox inside a user
  // namespace of its own and only binds a non-root uid (the kernel exempts root).
  const nproc = !group && useBwrap && !root;
  const processLimit = group ? 'cgroup' : nproc ? 'rlimit' : 'none';
  const notes: string[] = [];
  if (!useBwrap) notes.push(`sandbox: bubblewrap unavailable (${mode === 'off' ? 'disabled by configuration' : support.reason}); ran with resource limits only`);
  if (processLimit === 'none') notes.push(`sandbox: no process-count limit (${pidsCgroupBase().reason ?? 'no cgroup'}; RLIMIT_NPROC does not bind root)`);
  const readOnly = [rootPath('harness', 'run', 'python'), ...(opts.readOnly ?? [])];

  const wrap = (argv: string[]): string[] => {
    const rt = resolveRuntime(argv[0]);
    const jvm = /^javac?$/.test(basename(argv[0])) || /^javac?$/.test(basename(rt.exe));
    let cmd = [...prlimitArgv(limits, { jvm, nproc }), useBwrap ? rt.exe : argv[0], ...argv.slice(1)];
    if (useBwrap) cmd = [support.path!, ...bwrapArgs({ workDir: opts.workDir, readOnly: [...rt.mounts, ...readOnly] }), '--', ...cmd];
    return group ? group.enterArgv(cmd) : cmd;
  };
  return { kind: useBwrap ? 'bwrap' : 'limits-only', processLimit, notice: notes.length ? notes.join('; ') : undefined, wrap, dispose: () => group?.dispose() };
}
