// The virtual clock of Java programs: the class-file editor reads real class files exactly (every byte
// written back unchanged, every method's bytecode walked to its end), and a rewritten program passes the
// JVM's verifier, sleeps on the virtual clock in every way Java can spell a sleep, and sees the time move.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { ClassFile, ClassFormatError } from '../harness/run/java/classfile.js';
import { virtualizeClock } from '../harness/run/java/virtual-clock.js';

const work = mkdtempSync(join(tmpdir(), 'gradekit-vclock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function compile(name: string, files: Record<string, string>): string {
  const src = join(work, name, 'src');
  const out = join(work, name, 'classes');
  mkdirSync(out, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, rel)), { recursive: true });
    writeFileSync(join(src, rel), text);
  }
  const r = spawnSync('javac', ['-nowarn', '-d', out, ...Object.keys(files).map((f) => join(src, f))], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return out;
}

const classesIn = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.class')).map((f) => join(dir, f));

let jdk: Uint8Array[] | undefined;
/** The JDK's own jrt-fs.jar: real javac output of every kind (switches, lambdas, long constants), shipped with every JDK 9+. */
function jdkClasses(): Uint8Array[] {
  if (jdk) return jdk;
  const java = process.env.PATH!.split(delimiter).map((d) => join(d, 'java')).find((p) => existsSync(p))!;
  const jar = join(dirname(dirname(realpathSync(java))), 'lib', 'jrt-fs.jar');
  return (jdk = Object.entries(unzipSync(readFileSync(jar))).filter(([n]) => n.endsWith('.class')).map(([, b]) => b));
}

describe('the class-file editor', () => {
  it('reads every class of the JDK\'s jrt-fs.jar and writes each back byte for byte', () => {
    const all = jdkClasses();
    expect(all.length).toBeGreaterThan(40);
    let methods = 0;
    for (const bytes of all) {
      // The constructor walks every method's bytecode and checks it ends exactly at the code's length.
      const cf = new ClassFile(bytes);
      methods += cf.info.methods.filter((m) => m.code).length;
      expect(Buffer.compare(cf.write(), Buffer.from(bytes))).toBe(0);
    }
    expect(methods).toBeGreaterThan(300);
  });

  it('refuses what is not a class file, or is cut short, without guessing', () => {
    const one = jdkClasses()[0]!;
    expect(() => new ClassFile(Buffer.from('not a class'))).toThrow(ClassFormatError);
    expect(() => new ClassFile(one.subarray(0, one.length - 3))).toThrow(ClassFormatError);
    expect(() => new ClassFile(Buffer.concat([one, Buffer.from([0])]))).toThrow(/after the class file's end/);
  });

  it('appends constants after the pool and never moves an existing index', () => {
    const bytes = readFileSync(join(original(), 'Clocky.class'));
    const cf = new ClassFile(bytes);
    const before = cf.pool.length;
    const ref = cf.addMethodref('x/Y', 'z', '()V');
    expect(ref).toBeGreaterThanOrEqual(before);
    const again = new ClassFile(cf.write());
    expect(again.memberRef(ref)).toEqual({ owner: 'x/Y', name: 'z', descriptor: '()V' });
    // Every constant that was there is still there, at its index.
    for (let i = 1; i < before; i++) expect(again.pool[i]).toEqual(cf.pool[i]);
  });
});

const CLOCKY = `import java.util.concurrent.TimeUnit;
import static java.lang.Thread.sleep;

public class Clocky {
    interface Sleeper { void go(long ms) throws InterruptedException; }
    static class Worker extends Thread {
        public void run() { try { sleep(1000); } catch (InterruptedException e) { } }
    }
    /** A method of the program's own named sleep: never redirected. */
    static class Own { static void sleep(long ms) { System.out.println("own sleep " + ms); } }
    static int table(int k) { switch (k) { case 1: return 10; case 2: return 20; case 3: return 30; default: return 0; } }
    static int lookup(int k) { switch (k) { case 1000: return 1; case -5: return 2; case 77777: return 3; default: return 4; } }
    public static void main(String[] args) throws Exception {
        long t0 = System.currentTimeMillis(), n0 = System.nanoTime();
        Thread.sleep(2000);                                   // 2000
        java.lang.Thread.sleep(500, 10);                      // 2500
        sleep(250);                                           // 2750 (static import)
        TimeUnit.SECONDS.sleep(3);                            // 5750
        Sleeper s = Thread::sleep; s.go(100);                 // 5850 (method reference)
        Sleeper u = TimeUnit.MILLISECONDS::sleep; u.go(100);  // 5950 (bound method reference)
        Runnable r = () -> { try { Thread.sleep(50); } catch (InterruptedException e) { } };
        r.run();                                              // 6000 (lambda)
        Object lock = new Object();
        synchronized (lock) { lock.wait(1000); }              // 7000 (nobody notifies)
        Worker w = new Worker(); w.start(); w.join();         // 8000 (a Thread subclass's sleep: two threads, real)
        final Object box = new Object();
        final boolean[] done = { false };
        Thread n = new Thread(() -> { synchronized (box) { done[0] = true; box.notifyAll(); } });
        synchronized (box) { n.start(); while (!done[0]) box.wait(60_000); } // two threads: a real wait, ended by the notify
        n.join();
        System.out.println("notified " + done[0]);
        Own.sleep(5);
        long ms = System.currentTimeMillis() - t0, ns = System.nanoTime() - n0;
        System.out.println("elapsed " + ms + " " + (ns / 1_000_000) + " switches " + table(2) + lookup(77777));
        try { Thread.sleep(-1); } catch (IllegalArgumentException e) { System.out.println("negative: " + e.getMessage()); }
        Thread.currentThread().interrupt();
        try { Thread.sleep(5); } catch (InterruptedException e) { System.out.println("interrupted: " + e.getMessage()); }
    }
}
`;

let compiled: string | undefined;
/** Clocky as javac made it (compiled once; each test edits its own copy). */
function original(): string {
  return (compiled ??= compile('clocky', { 'Clocky.java': CLOCKY }));
}
function copyOf(name: string): string {
  const dir = join(work, name);
  cpSync(original(), dir, { recursive: true });
  return dir;
}

describe('virtualizeClock', () => {
  it('fast-forwards every spelling of a sleep, moves both clocks with it, and keeps the program valid', async () => {
    const out = copyOf('rewritten');
    const r = await virtualizeClock(out, 'javac');
    expect(r.notice).toBeUndefined();
    expect(r.redirected).toBeGreaterThanOrEqual(8);
    const t0 = performance.now();
    // -Xverify:all: application classes are verified anyway; this says so.
    const run = spawnSync('java', ['-Xverify:all', '-XX:TieredStopAtLevel=1', '-cp', out, 'Clocky'], { encoding: 'utf8' });
    const wall = performance.now() - t0;
    expect(run.stderr).not.toMatch(/VerifyError|Exception/);
    expect(run.status, run.stderr).toBe(0);
    const [, ms, nanoMs] = /elapsed (\d+) (\d+)/.exec(run.stdout)!.map(Number);
    // 8 s of sleeps seen by the program, on both clocks. Taken for real they would take 8 s whatever the load;
    // the one a second thread took while main waited for it was real (1 s), the other 7 s were skipped.
    expect(ms).toBeGreaterThanOrEqual(8000);
    expect(nanoMs).toBeGreaterThanOrEqual(8000);
    expect(ms).toBeLessThan(7000 + wall);
    expect(wall).toBeGreaterThanOrEqual(1000);
    expect(wall).toBeLessThan(8000);
    expect(run.stdout).toContain('notified true');
    expect(run.stdout).toContain('own sleep 5');
    expect(run.stdout).toContain('switches 203');
    expect(run.stdout).toContain('negative: timeout value is negative');
    expect(run.stdout).toContain('interrupted: sleep interrupted');
  });

  it('leaves the program\'s own package named like the clock alone, and says why', async () => {
    const out = compile('clash', { '__gradekit/VirtualClock.java': 'package __gradekit; public class VirtualClock { public static void main(String[] a) throws Exception { Thread.sleep(1); } }\n' });
    const before = readFileSync(join(out, '__gradekit', 'VirtualClock.class'));
    const r = await virtualizeClock(out, 'javac');
    expect(r).toEqual({ redirected: 0, notice: expect.stringMatching(/package named __gradekit.*sleeps take real time/) });
    expect(readFileSync(join(out, '__gradekit', 'VirtualClock.class')).equals(before)).toBe(true);
  });

  it('keeps the real clock for a class it cannot read, and says which', async () => {
    const out = copyOf('broken');
    writeFileSync(join(out, 'Junk.class'), 'not a class file');
    const r = await virtualizeClock(out, 'javac');
    expect(r.redirected).toBeGreaterThanOrEqual(8);
    expect(r.notice).toMatch(/could not read Junk\.class \(not a class file \(bad magic number\)\): sleeps there take real time/);
    expect(readFileSync(join(out, 'Junk.class'), 'utf8')).toBe('not a class file');
    expect(classesIn(out).map((f) => f.slice(out.length + 1))).toContain('__gradekit/VirtualClock.class');
  });
});

describe('the clock class', () => {
  it('compiles once per source and javac, into the cache folder', async () => {
    const { helperClasses } = await import('../harness/run/java/helper-classes.js');
    const a = await helperClasses('VirtualClock.java', '__gradekit/VirtualClock.class', 'javac');
    expect(a && existsSync(join(a, '__gradekit', 'VirtualClock.class'))).toBe(true);
    expect(await helperClasses('VirtualClock.java', '__gradekit/VirtualClock.class', 'javac')).toBe(a);
    // javap shows only what the editor relies on: public static methods with these names and descriptors.
    const sigs = execFileSync('javap', ['-s', '-cp', a!, '__gradekit.VirtualClock'], { encoding: 'utf8' });
    for (const d of ['()J', '(J)V', '(JI)V', '(Ljava/time/Duration;)V', '(Ljava/util/concurrent/TimeUnit;J)V', '(Ljava/lang/Object;J)V', '(Ljava/lang/Object;JI)V']) {
      expect(sigs).toContain(`descriptor: ${d}`);
    }
  });
});

describe('a Gradescope autograder of a Java assignment', () => {
  it('ships the clock\'s source, which the grading machine compiles on first use', async () => {
    const { gradescopeEntries } = await import('../harness/export/gradescope-zip.js');
    const paths = (await gradescopeEntries('evil-hangman-java')).map((e) => e.path);
    expect(paths).toContain('gradekit/harness/run/java/VirtualClock.java');
    expect(paths).toContain('gradekit/harness/run/java/JavacServer.java');
  }, 60_000);
});
