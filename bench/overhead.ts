// Measure 1: per-test overhead of the zygote driver (import once, fork per test) on a trivial module,
// against the obvious alternative, one fresh `python3` per test doing the same work. The two are
// interleaved run by run so that machine load hits both alike and the ratio stays meaningful.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSession } from '../harness/run/python/session.js';
import { sharedSandbox, studentWorkDir } from '../harness/run/sandbox/index.js';
import { loadAverage } from './system.js';
import { pythonExecutable } from '../harness/run/python/interpreter.js';
import { dist, median, round2, type Dist } from './stats.js';

const TRIVIAL = `# A trivial submission: one function to call, one dialogue to transcribe.
def add(a, b):
    return a + b


def main():
    name = input("Name? ")
    print("Hello, " + name + "!")
    n = int(input("Number? "))
    print("Double:", add(n, n))


if __name__ == '__main__':
    main()
`;

export interface OverheadResult {
  call: { session: Dist; process: Dist; ratio: number };
  transcript: { session: Dist; process: Dist; ratio: number };
  load: [number, number, number];
}

/** Wall time of one child process, from spawn to exit; rejects on a non-zero exit. */
export function timeProcess(argv: string[], cwd: string, stdin = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(argv[0], argv.slice(1), { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    p.stdout.resume();
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${argv.join(' ')} exited with ${code}: ${err.trim().split('\n').pop()}`))));
    p.stdin.end(stdin);
  });
}

export async function measureOverhead(runs: number): Promise<OverheadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-bench-overhead-'));
  const file = join(dir, 'trivial.py');
  writeFileSync(file, TRIVIAL);
  // In the sandbox, as submissions are graded (its cost is per session, not per test), in a work
  // directory of its own student uid when the bench runs as root.
  const lease = studentWorkDir(dir);
  const session = new PythonSession({ file, module: 'trivial', cwd: dir, wrap: sharedSandbox().wrap });
  const py = pythonExecutable(); // the real interpreter, as gradekit runs it: a pyenv shim is not charged to the baseline
  try {
    const imp = await session.start();
    if (!imp.ok) throw new Error(`the trivial module did not import: ${imp.error?.message}`);
    const callReq = { id: 'call', timeout_ms: 5000, steps: [{ callee: ['add'], args: [{ i: '2' }, { i: '3' }] }], stdin: null };
    const transcriptReq = { id: 'transcript', timeout_ms: 5000, program: { kind: 'main' as const }, stdin: ['Ada', '21'], echo: true };
    // Warm-up: first forks and first spawns pay for page faults and disk cache.
    for (let i = 0; i < 3; i++) {
      await session.run(callReq);
      await session.run(transcriptReq);
    }
    const s = { call: [] as number[], transcript: [] as number[] };
    const p = { call: [] as number[], transcript: [] as number[] };
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      const r1 = await session.run(callReq);
      s.call.push(performance.now() - t0);
      if (r1.status !== 'ok' || r1.obs?.steps[0].value?.toString() === undefined) throw new Error(`session call failed: ${r1.status}`);
      p.call.push(await timeProcess([py, '-c', 'import trivial; print(repr(trivial.add(2, 3)))'], dir));
      t0 = performance.now();
      const r2 = await session.run(transcriptReq);
      s.transcript.push(performance.now() - t0);
      if (r2.status !== 'ok' || !r2.obs?.transcript.includes('Double: 42')) throw new Error(`session transcript failed: ${r2.status}`);
      p.transcript.push(await timeProcess([py, 'trivial.py'], dir, 'Ada\n21\n'));
    }
    const call = { session: dist(s.call), process: dist(p.call), ratio: round2(median(p.call) / median(s.call)) };
    const transcript = { session: dist(s.transcript), process: dist(p.transcript), ratio: round2(median(p.transcript) / median(s.transcript)) };
    return { call, transcript, load: loadAverage() };
  } finally {
    await session.close();
    lease.release();
    rmSync(dir, { recursive: true, force: true });
  }
}
