// Resource limits for the whole runner process tree, set with prlimit(1) before the runner starts.
// The Python driver lowers them further for each test; these bound what happens before and around
// the tests (an import that loops forever, a memory bomb at import, a flood of open files).
import { existsSync } from 'node:fs';

export interface SandboxLimits {
  /** Tasks (processes and threads) in the sandbox at once: stops fork bombs. */
  processes: number;
  openFiles: number;
  fileSizeMb: number;
  /** CPU seconds of the runner process itself (the Python zygote: its import and bookkeeping). */
  cpuSeconds: number;
  /** Address space of each process; not applied to the JVM, which reserves far more than it uses. */
  memoryMb: number;
  /** Memory of all of a submission's processes together, the files in its tmpfs mounts included (a memory
   *  cgroup per work directory, where the machine has one; see cgroups.ts). */
  submissionMemoryMb: number;
  /** Bytes a runner may write into its work directory, and as much into /tmp (each a tmpfs of this size with bubblewrap). */
  diskMb: number;
  /** Files and folders a runner may create in its work directory and /tmp together (checked after each test). */
  diskFiles: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { processes: 64, openFiles: 64, fileSizeMb: 16, cpuSeconds: 30, memoryMb: 1024, submissionMemoryMb: 1536, diskMb: 64, diskFiles: 2000 };

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));

export function prlimitAvailable(): boolean {
  return PRLIMIT !== undefined;
}

/** prlimit prefix for a command; `nproc` only where RLIMIT_NPROC counts this sandbox alone (a fresh user namespace, non-root). */
export function prlimitArgv(l: SandboxLimits, opts: { jvm: boolean; nproc: boolean }): string[] {
  if (!PRLIMIT) return [];
  const mb = (n: number) => String(n * 1024 * 1024);
  const args = [
    PRLIMIT,
    `--nofile=${opts.jvm ? Math.max(l.openFiles, 1024) : l.openFiles}`,
    `--fsize=${mb(l.fileSizeMb)}`,
    // Soft limit sends SIGXCPU; the hard limit one second later is a SIGKILL nobody can handle.
    `--cpu=${l.cpuSeconds}:${l.cpuSeconds + 1}`,
  ];
  if (!opts.jvm) args.push(`--as=${mb(l.memoryMb)}`);
  if (opts.nproc) args.push(`--nproc=${l.processes}`);
  args.push('--');
  return args;
}
