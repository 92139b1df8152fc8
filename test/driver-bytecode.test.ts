// The driver's cached bytecode (harness/run/python/bytecode.ts, driver.py): compiled once per driver
// source and interpreter, loaded by each driver start, and never trusted when it is not this
// interpreter's: the driver then compiles its source and works as before.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRIVER_DIR, driverBytecode } from '../harness/run/python/bytecode.js';
import { pythonExecutable } from '../harness/run/python/interpreter.js';
import { PythonSession } from '../harness/run/python/session.js';

const python = pythonExecutable();
const same = (p: string) => p;

/** Runs driver.py with `args`, its last line (driver.start()) replaced by a report of where the driver
 *  module came from: 'bytecode' (loaded from the file named) or 'source' (imported, compiled as usual). */
function startDriver(args: string[]): { status: number | null; from: string; stderr: string } {
  const entry = join(DRIVER_DIR, 'driver.py');
  const probe = [
    'import sys',
    `sys.path.insert(0, ${JSON.stringify(DRIVER_DIR)}); sys.argv = [${JSON.stringify(entry)}] + sys.argv[1:]`,
    `src = open(${JSON.stringify(entry)}).read()`,
    "assert src.rstrip().endswith('driver.start()')",
    "src = src.rstrip()[:-len('driver.start()')] + 'print(\"source\" if driver.__spec__ else \"bytecode\")'",
    `exec(compile(src, ${JSON.stringify(entry)}, 'exec'), {'__name__': '__main__', '__file__': ${JSON.stringify(entry)}})`,
  ].join('\n');
  const r = spawnSync(python, ['-S', '-B', '-c', probe, ...args], { encoding: 'utf8' });
  return { status: r.status, from: r.stdout.trim().split('\n').pop() ?? '', stderr: r.stderr };
}

describe('the driver bytecode cache', () => {
  it('compiles the driver once per source and interpreter, and the driver loads it', () => {
    const pyc = driverBytecode(python, same)!;
    expect(pyc).toMatch(/gradekit_driver-[0-9a-f]{20}\.pyc$/);
    expect(existsSync(pyc)).toBe(true);
    expect(driverBytecode(python, same)).toBe(pyc);
    expect(startDriver([pyc]).from).toBe('bytecode');
    expect(startDriver([]).from).toBe('source');
  });

  it('never runs bytecode of another interpreter version or a damaged file: the source is compiled instead', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-pyc-'));
    const pyc = readFileSync(driverBytecode(python, same)!);
    const foreign = join(dir, 'foreign.pyc');
    writeFileSync(foreign, Buffer.concat([Buffer.from([0x0d, 0x0d, 0x0d, 0x0a]), pyc.subarray(4)])); // another magic number
    const truncated = join(dir, 'truncated.pyc');
    writeFileSync(truncated, pyc.subarray(0, 40));
    for (const f of [foreign, truncated, join(dir, 'missing.pyc')]) {
      const r = startDriver([f]);
      expect(r.from, `${f}: ${r.stderr}`).toBe('source');
      expect(r.status, r.stderr).toBe(0);
    }
  });

  it('a session started from the cached bytecode grades as one started from the source', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-pyc-session-'));
    const file = join(dir, 'm.py');
    writeFileSync(file, 'def add(a, b):\n    return a + b\n');
    const s = new PythonSession({ file, module: 'm', cwd: dir });
    try {
      expect((await s.start()).ok).toBe(true);
      const r = await s.run({ id: 't', timeout_ms: 3000, steps: [{ callee: ['add'], args: [{ i: '2' }, { i: '3' }] }] });
      expect(r.status).toBe('ok');
      expect((r as any).obs.steps[0].value).toEqual({ i: '5' });
    } finally {
      await s.close();
    }
  });
});
