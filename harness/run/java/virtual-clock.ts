// The virtual clock of a Java submission whose input is scripted: its compiled classes are edited so that
// Thread.sleep, TimeUnit.sleep, Object.wait(timeout), System.currentTimeMillis and System.nanoTime call
// gradekit's VirtualClock (VirtualClock.java) instead. A pause between turns then costs no wall time, and a
// program that times itself sees the time it slept. The edit works on class files, not on source text, so
// comments, strings, `java.lang.Thread.sleep`, static imports, method references (`Thread::sleep`) and
// subclasses of Thread calling `sleep(…)` are all seen exactly as the compiler resolved them.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ClassFile, ClassFormatError, isStatic } from './classfile.js';
import { helperClasses } from './helper-classes.js';

export const CLOCK_CLASS = '__gradekit/VirtualClock';
const CLOCK_FILE = `${CLOCK_CLASS}.class`;

/** Static methods whose calls move to the clock class unchanged (same name and descriptor there). */
const STATIC_SYSTEM = new Set(['currentTimeMillis()J', 'nanoTime()J']);
const THREAD_SLEEPS = new Set(['(J)V', '(JI)V', '(Ljava/time/Duration;)V']);
/** Instance methods whose `invokevirtual` becomes an `invokestatic` of the clock, receiver first. */
const VIRTUAL: { matches: (owner: string, name: string, desc: string) => boolean; name: string; desc: string }[] = [
  { matches: (o, n, d) => o === 'java/util/concurrent/TimeUnit' && n === 'sleep' && d === '(J)V', name: 'timeUnitSleep', desc: '(Ljava/util/concurrent/TimeUnit;J)V' },
  // Object.wait is final: a wait(long) on any class is Object's.
  { matches: (_o, n, d) => n === 'wait' && d === '(J)V', name: 'objectWait', desc: '(Ljava/lang/Object;J)V' },
  { matches: (_o, n, d) => n === 'wait' && d === '(JI)V', name: 'objectWait', desc: '(Ljava/lang/Object;JI)V' },
];

export interface ClockRewrite {
  /** Call sites and method references now on the virtual clock. */
  redirected: number;
  /** Why the clock is real for this program (or part of it), when it is. */
  notice?: string;
}

/**
 * Puts a compiled submission (every .class under classDir) on the virtual clock and adds the clock class.
 * Never fails a compile: a class it cannot read keeps the real clock, and says so.
 */
export async function virtualizeClock(classDir: string, javac: string): Promise<ClockRewrite> {
  if (existsSync(join(classDir, '__gradekit'))) {
    return { redirected: 0, notice: 'the program has a package named __gradekit, the name of the grader\'s clock: its sleeps take real time' };
  }
  const clockDir = await helperClasses('VirtualClock.java', CLOCK_FILE, javac);
  if (!clockDir) return { redirected: 0, notice: 'the grader could not compile its virtual clock: the program\'s sleeps take real time' };

  const files = classFiles(classDir);
  const parsed = new Map<string, ClassFile>();
  const unreadable: string[] = [];
  for (const f of files) {
    try {
      parsed.set(f, new ClassFile(readFileSync(f)));
    } catch (e) {
      if (!(e instanceof ClassFormatError)) throw e;
      unreadable.push(`${relative(classDir, f)} (${e.message})`);
    }
  }
  const byName = new Map([...parsed.values()].map((c) => [c.info.name, c.info]));
  /** Whether `owner.sleep(desc)` is Thread's static sleep: Thread itself, or a class of the submission that
   *  extends it (a `sleep(…)` inside a Thread subclass names that subclass) without declaring its own. */
  const isThreadSleep = (owner: string, desc: string): boolean => {
    for (let c: string | undefined = owner, depth = 0; c && depth < 64; depth++) {
      if (c === 'java/lang/Thread') return true;
      const k = byName.get(c);
      if (!k || k.methods.some((m) => m.name === 'sleep' && m.descriptor === desc && isStatic(m))) return false;
      c = k.superName;
    }
    return false;
  };

  let redirected = 0;
  for (const [file, cf] of parsed) {
    try {
      let changed = 0;
      let clock: number | undefined;
      const clockIndex = () => (clock ??= cf.addClass(CLOCK_CLASS));
      for (const ref of cf.methodRefs()) {
        const { index, owner, name, descriptor } = ref;
        if ((owner === 'java/lang/System' && STATIC_SYSTEM.has(name + descriptor)) || (name === 'sleep' && THREAD_SLEEPS.has(descriptor) && isThreadSleep(owner, descriptor))) {
          cf.setOwner(index, clockIndex());
          changed++;
          continue;
        }
        const v = VIRTUAL.find((x) => x.matches(owner, name, descriptor));
        if (v) changed += cf.virtualToStatic(index, cf.addMethodref(CLOCK_CLASS, v.name, v.desc));
      }
      if (changed > 0) {
        writeFileSync(file, cf.write());
        redirected += changed;
      }
    } catch (e) {
      if (!(e instanceof ClassFormatError)) throw e;
      unreadable.push(`${relative(classDir, file)} (${e.message})`);
    }
  }
  mkdirSync(join(classDir, '__gradekit'), { recursive: true });
  copyFileSync(join(clockDir, CLOCK_FILE), join(classDir, CLOCK_FILE));
  return {
    redirected,
    ...(unreadable.length ? { notice: `the grader could not read ${unreadable.slice(0, 3).join(', ')}${unreadable.length > 3 ? ` and ${unreadable.length - 3} more` : ''}: sleeps there take real time` } : {}),
  };
}

function classFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...classFiles(p));
    else if (e.isFile() && e.name.endsWith('.class')) out.push(p);
  }
  return out;
}
