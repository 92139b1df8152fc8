// The room a test's CPU limit gets: one rule, in every language (a Python test's fork, a Java game or call),
// applied where the limit is enforced (the Python session, the lockstep runner).
//
// CPU time varies by some percent from run to run (caches, a busy machine), so a program whose time lies
// near its limit would be stopped or not by chance, and with it its verdict and every charge that depends on
// it. A test is therefore stopped at half as much again as its stated limit, in its one run: such a program
// finishes every time, and only one that needs half as much again as the limit, slower than any the limit was
// set for, can still fall either way. This replaced a second run, with that room, of a test stopped at the
// limit: the same verdicts (a program that finishes in the room passed either way), and a program that loops
// now costs 1.5 limits of CPU instead of 2.5 (on a real OCW class, a fifth of all its tests' CPU).

import { fmtMs } from '../util/duration.js';

/** The room, as a multiple of the stated limit. */
export const CPU_ROOM = 1.5;

/** Where a test with this stated CPU limit is stopped. */
export const withRoomMs = (cpuLimitMs: number) => Math.round(cpuLimitMs * CPU_ROOM);

/** As a verdict says it, after "used more than <limit> of CPU time without finishing". */
export const roomNote = (cpuLimitMs: number) => ` (stopped at ${fmtMs(withRoomMs(cpuLimitMs))}, half as much again, so that no program near its limit is stopped by chance)`;
