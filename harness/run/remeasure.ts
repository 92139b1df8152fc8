// Near a limit, measured again: the one rule for a second run of a test stopped at its CPU limit, in every
// language (a Python test's fork, a Java game).

/** The room the second run of a test stopped at its CPU limit gets, as a multiple of the limit. CPU time varies
 *  by some percent from run to run, so a program whose time lies near its limit would be stopped or not by
 *  chance, and with it its verdict and every charge that depends on it. Measured again with half as much room
 *  again, such a program finishes every time, and the finished run is its verdict; only a program that needs
 *  half as much again as the limit, slower than any the limit was set for, can still fall either way. */
export const REMEASURE_ROOM = 1.5;

/** A second run's CPU limit (REMEASURE_ROOM). */
export const remeasureLimitMs = (cpuLimitMs: number) => Math.round(cpuLimitMs * REMEASURE_ROOM);

