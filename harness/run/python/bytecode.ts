// The driver's compiled bytecode, cached. Every submission starts a driver, and compiling
// gradekit_driver.py (~1,200 lines) took ~8 ms of the ~30 ms a driver needs before it can import the
// student's module. The driver runs read-only and with -B, so it never writes a .pyc itself: the grader
// compiles it once per driver source and interpreter into a cache folder (mounted read-only in the
// sandbox) and passes the file to driver.py, which loads it when its magic number matches the running
// interpreter and compiles the source otherwise. (-X pycache_prefix would do it by CPython's own rules,
// but for every module: the standard library's own .pyc files would then be missed, 90 ms a start.)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, rootPath } from '../../paths.js';

export const DRIVER_DIR = rootPath('harness', 'run', 'python');
const DRIVER_MODULE = 'gradekit_driver.py';

// sys.argv: the source, the .pyc to write, and the source's path as the driver sees it (its tracebacks' file name).
const COMPILE = 'import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], dfile=sys.argv[3], doraise=True)';

let root: string | null | undefined;

/** The folder the driver's bytecode lives in (mounted read-only in the sandbox), or null when it cannot be made. */
export function pycacheRoot(): string | null {
  if (root !== undefined) return root;
  const dir = join(cacheDir(), 'pyc');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    return (root = dir);
  } catch {
    return (root = null);
  }
}

/** Per interpreter and inside path: the bytecode's path as the driver sees it, or null (none can be made). */
const ready = new Map<string, string | null>();

/**
 * The driver's bytecode for `python`, as the driver sees the file (`inside` maps a host path to the
 * sandbox's), compiled the first time. Named after everything it depends on (the source, the interpreter
 * and its modification time, the source's path inside), so a cached file is never stale. Worked out once
 * per process and interpreter, not at each driver start. Undefined when it cannot be made: the driver then
 * compiles its source, as before.
 */
export function driverBytecode(python: string, inside: (hostPath: string) => string): string | undefined {
  const base = pycacheRoot();
  if (!base) return undefined;
  const insideSrc = `${inside(DRIVER_DIR)}/${DRIVER_MODULE}`;
  const known = `${python}\0${insideSrc}`;
  let hit = ready.get(known);
  if (hit === undefined) {
    hit = null;
    try {
      const src = join(DRIVER_DIR, DRIVER_MODULE);
      let exeTime = 0;
      try {
        exeTime = statSync(python).mtimeMs;
      } catch {
        /* a name on PATH: the magic number check in driver.py still catches another version */
      }
      const key = createHash('sha256').update(readFileSync(src)).update(`\0${known}\0${exeTime}`).digest('hex').slice(0, 20);
      const pyc = join(base, `gradekit_driver-${key}.pyc`);
      if (!existsSync(pyc)) {
        const tmp = `${pyc}.${process.pid}.tmp`;
        execFileSync(python, ['-S', '-c', COMPILE, src, tmp, insideSrc], { stdio: 'ignore', timeout: 20_000 });
        renameSync(tmp, pyc); // whole or absent, whatever other graders do at the same time
      }
      hit = inside(pyc);
    } catch {
      /* an interpreter without py_compile, a read-only cache: the driver compiles itself */
    }
    ready.set(known, hit);
  }
  return hit ?? undefined;
}
