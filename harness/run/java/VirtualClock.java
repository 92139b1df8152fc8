// gradekit's virtual clock for Java programs whose input is scripted (a game played in lockstep). The
// grader rewrites a compiled submission's calls to Thread.sleep, TimeUnit.sleep, Object.wait(timeout),
// System.currentTimeMillis and System.nanoTime into calls to this class (harness/run/java/virtual-clock.ts):
// a sleep moves the clock forward instead of waiting, and the clock reads move with it. A program that
// pauses two seconds between turns plays its game in milliseconds, and one that measures the pause sees it.
//
// Only while the program has no thread of its own besides the one sleeping: then nothing can happen during
// a sleep, and nobody can notify a wait, so skipping the time changes nothing but the clock. A program with
// threads of its own sleeps and waits for real (a sleep may be how it lets a worker finish, a wait may be
// ended by a notify), and its clock keeps the real pace from where it is.
package __gradekit;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public final class VirtualClock {
    /** Nanoseconds the program's clock is ahead of the real one. */
    private static final AtomicLong ahead = new AtomicLong();
    /** The wall clock is read from the monotonic one, so that both move by the same amount: a program that
     *  sleeps 2250 ms sees currentTimeMillis() move by at least 2250, never 2249 for a rounding. */
    private static final long BASE_MILLIS = System.currentTimeMillis();
    private static final long BASE_NANOS = System.nanoTime();

    private VirtualClock() {
    }

    public static long nanoTime() {
        return System.nanoTime() + ahead.get();
    }

    public static long currentTimeMillis() {
        return BASE_MILLIS + Math.floorDiv(nanoTime() - BASE_NANOS, 1_000_000L);
    }

    public static void sleep(long millis) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        pause(millis, 0);
    }

    public static void sleep(long millis, int nanos) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999_999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        pause(millis, nanos);
    }

    public static void sleep(Duration duration) throws InterruptedException {
        long nanos = duration.isNegative() ? 0 : saturatedNanos(duration);
        pause(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
    }

    /** TimeUnit.X.sleep(timeout): nothing for a timeout of zero or less, as TimeUnit does. */
    public static void timeUnitSleep(TimeUnit unit, long timeout) throws InterruptedException {
        Objects.requireNonNull(unit);
        if (timeout > 0) {
            long nanos = unit.toNanos(timeout);
            pause(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
        }
    }

    /** obj.wait(timeout): for a program alone with this thread nobody can notify it, so it is a sleep; with
     *  threads of its own, a real wait. wait(0) waits for ever. */
    public static void objectWait(Object target, long timeout) throws InterruptedException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (timeout == 0 || !alone()) {
            target.wait(timeout);
            return;
        }
        if (!Thread.holdsLock(target)) {
            throw new IllegalMonitorStateException("current thread is not owner");
        }
        pause(timeout, 0);
    }

    public static void objectWait(Object target, long timeout, int nanos) throws InterruptedException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999_999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        objectWait(target, timeout == 0 && nanos > 0 ? 1 : timeout);
    }

    /** Whether the program runs no thread of its own besides this one (the JVM's own threads are in another group). */
    private static boolean alone() {
        return Thread.activeCount() <= 1;
    }

    private static void pause(long millis, int nanos) throws InterruptedException {
        if (!alone()) {
            Thread.sleep(millis, nanos);
            return;
        }
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
        advanceTo(nanoTime() + saturatedAdd(saturatedMul(millis, 1_000_000L), nanos));
        Thread.yield();
    }

    /** Moves the clock forward so that nanoTime() reads at least `target` now (never more than a few centuries ahead). */
    private static void advanceTo(long target) {
        while (true) {
            long now = ahead.get();
            long want = Math.min(target - System.nanoTime(), Long.MAX_VALUE / 4);
            if (want <= now || ahead.compareAndSet(now, want)) {
                return;
            }
        }
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 4;
        }
    }

    /** Products and sums stay far from overflow: a sleep of Long.MAX_VALUE moves the clock a few centuries. */
    private static long saturatedMul(long a, long b) {
        long cap = Long.MAX_VALUE / 4;
        return a > cap / b ? cap : a * b;
    }

    private static long saturatedAdd(long a, long b) {
        long cap = Long.MAX_VALUE / 4;
        return a > cap - b ? cap : a + b;
    }
}
