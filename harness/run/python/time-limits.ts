// What "too slow" means for a Python test, in one place. A verdict must depend on the submission alone,
// not on what else the machine is doing, so a test's limit is CPU time (its process tree), which load does
// not change; the wall clock only stops a program that waits (a lock, a pipe, input that never comes) and
// a process runnable yet neither running nor queued for a CPU. The driver enforces all three
// (gradekit_driver.py, Monitor); Node's own timer is only for a driver that stopped answering altogether,
// and even it asks whether the driver's process tree progressed before giving up (never the clock alone).

/** How long a test may wait, asleep and using no CPU, before it is stopped as waiting: several times its
 *  CPU limit, and never less than five seconds more (a correct program never waits: sleeps are fast-forwarded). */
export function waitLimitMs(cpuLimitMs: number): number {
  return Math.max(3 * cpuLimitMs, cpuLimitMs + 5000);
}

/** The first look of the grader's backstop for a driver that stopped answering (session.ts): at this wall
 *  time, and again each time after, a driver whose process tree progressed (CPU, or runnable) keeps going. */
export function wallCapMs(cpuLimitMs: number): number {
  return 3 * waitLimitMs(cpuLimitMs);
}

/** The CPU limit of a first import when the caller sets none (a real module loads its word list in a tenth of that). */
export const IMPORT_CPU_MS = 10_000;

/** A re-import after a restart may use a few times the CPU of the first one: a module that imported in
 *  50 ms the first time and now computes for seconds is stalling on purpose. */
export function reimportCpuMs(firstCpuMs: number, fullMs: number): number {
  return Math.min(fullMs, Math.max(3000, 5 * firstCpuMs));
}

/** Seconds, as messages show them: "3 s", "0.5 s", "1.25 s". */
export const fmtSeconds = (ms: number) => `${+(ms / 1000).toFixed(2)} s`;
