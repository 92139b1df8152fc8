import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runLockstep } from '../harness/run/lockstep.js';

const py = (src: string) => ['python3', '-c', src];

/** True when pid is gone or a zombie (containers may not reap orphans). */
function dead(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

describe('runLockstep with Python programs', () => {
  it('answers one line per prompt and echoes inputs after their prompts', async () => {
    const prompts: string[] = [];
    const r = await runLockstep({
      command: py('print("hello")\nn = input("Name? ")\nprint("hi", n)\nm = input("Age? ")\nprint("ok", m)'),
      answer: (ctx) => { prompts.push(ctx.prompt); return ['ann', '7'][ctx.index] ?? null; },
    });
    expect(r.outcome).toBe('exited');
    expect(r.exitCode).toBe(0);
    expect(prompts).toEqual(['hello\nName? ', 'hi ann\nAge? ']);
    expect(r.transcript).toBe('hello\nName? ann\nhi ann\nAge? 7\nok 7\n');
    expect(r.stdout).toBe('hello\nName? hi ann\nAge? ok 7\n');
    expect(r.inputs.map((i) => [i.prompt, i.line])).toEqual([['hello\nName? ', 'ann'], ['hi ann\nAge? ', '7']]);
  });

  it('reports the unanswered prompt when the answers run out', async () => {
    const r = await runLockstep({
      command: py('a = input("one? ")\nb = input("two? ")\nprint(a, b)'),
      answer: (ctx) => (ctx.index === 0 ? 'x' : null),
    });
    expect(r.outcome).toBe('blocked-without-input');
    expect(r.lastPrompt).toBe('two? ');
    expect(r.transcript).toBe('one? x\ntwo? ');
  });

  it('with endOfInput, ends the input when the answers run out and lets the program finish', async () => {
    // A client that reads until its input ends (a Scanner's hasNextInt() loop), then prints its summary.
    const src = 'import sys\ntotal = 0\nwhile True:\n    sys.stdout.write("n? "); sys.stdout.flush()\n    line = sys.stdin.readline()\n    if not line:\n        break\n    total += int(line)\nprint()\nprint("total", total)';
    const r = await runLockstep({ command: py(src), answer: (ctx) => ['2', '3'][ctx.index] ?? null, endOfInput: true });
    expect(r.outcome).toBe('exited');
    expect(r.exitCode).toBe(0);
    expect(r.inputs.map((i) => i.line)).toEqual(['2', '3']);
    expect(r.transcript).toBe('n? 2\nn? 3\nn? \ntotal 5\n');
    // Without it, the same run stops at the third prompt.
    const stopped = await runLockstep({ command: py(src), answer: (ctx) => ['2', '3'][ctx.index] ?? null });
    expect(stopped.outcome).toBe('blocked-without-input');
    expect(stopped.transcript).toBe('n? 2\nn? 3\nn? ');
  });

  it('reads all output printed before a block, even a large burst', async () => {
    let seen = 0;
    const r = await runLockstep({
      command: py('import sys\nsys.stdout.write("x" * 300000)\ninput("? ")'),
      answer: (ctx) => { seen = ctx.prompt.length; return 'done'; },
    });
    expect(r.outcome).toBe('exited');
    expect(seen).toBe(300002);
  });

  it('detects a child process of the command waiting on stdin', async () => {
    const r = await runLockstep({
      command: ['sh', '-c', 'python3 -c "print(input(\'in child? \')[::-1])"; echo after'],
      answer: (ctx) => (ctx.index === 0 ? 'abc' : null),
    });
    expect(r.outcome).toBe('exited');
    expect(r.transcript).toBe('in child? abc\ncba\nafter\n');
  });

  it('passes on the exit code and the terminating signal', async () => {
    const code = await runLockstep({ command: py('import sys\nsys.exit(3)'), answer: () => null });
    expect([code.outcome, code.exitCode]).toEqual(['exited', 3]);
    const sig = await runLockstep({ command: py('import os, signal\nos.kill(os.getpid(), signal.SIGTERM)'), answer: () => null });
    expect([sig.outcome, sig.signal]).toEqual(['exited', 'SIGTERM']);
  });

  it('kills the whole process group on timeout, leaving no orphans', async () => {
    const r = await runLockstep({
      command: ['sh', '-c', 'sleep 30 & echo $!; sleep 30'],
      timeoutMs: 400,
      answer: () => null,
    });
    expect(r.outcome).toBe('timeout');
    expect(r.durationMs).toBeLessThan(3000);
    // Asleep, not reading its input: it waited, it was not slow.
    expect(r.limit).toBe('waiting');
    expect(r.error).toMatch(/^the program was waiting, not computing: it spent \d+ ms asleep without finishing or asking for input \(and used \d+ ms of its 400 ms of CPU time\), waiting for something that never comes/);
    const grandchild = Number(r.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    await new Promise((res) => setTimeout(res, 100));
    expect(dead(grandchild)).toBe(true);
  });

  it('kills helpers of a program that stops at a prompt nobody answers', async () => {
    const r = await runLockstep({
      command: py('import subprocess\np = subprocess.Popen(["sleep", "30"])\nprint(p.pid, flush=True)\ninput("more? ")'),
      answer: () => null,
    });
    expect(r.outcome).toBe('blocked-without-input');
    await new Promise((res) => setTimeout(res, 100));
    expect(dead(Number(r.stdout.split('\n')[0]))).toBe(true);
  });

  it('stops a program that floods its output', async () => {
    const r = await runLockstep({
      command: py('while True:\n    print("x" * 100)'),
      maxOutputBytes: 10_000,
      answer: () => null,
    });
    expect(r.outcome).toBe('output-limit');
    expect(r.stdout.length).toBeLessThanOrEqual(10_000);
    expect(r.error).toMatch(/exceeded 10000 bytes/);
  });

  it('stops the program when the answer callback throws, then rethrows', async () => {
    let pid = 0;
    await expect(runLockstep({
      command: py('import subprocess\np = subprocess.Popen(["sleep", "30"])\nprint(p.pid, flush=True)\ninput("? ")'),
      answer: (ctx) => { pid = Number(ctx.prompt.split('\n')[0]); throw new Error('answerer broke'); },
    })).rejects.toThrow('answerer broke');
    await new Promise((res) => setTimeout(res, 100));
    expect(pid).toBeGreaterThan(0);
    expect(dead(pid)).toBe(true);
  });

  it('stops an endless loop on the CPU time it used, and says so', async () => {
    const r = await runLockstep({ command: py('while True:\n    pass'), timeoutMs: 300, answer: () => null });
    expect(r.outcome).toBe('timeout');
    expect(r.limit).toBe('cpu');
    expect(r.error).toBe('used more than 300 ms of CPU time without finishing (stopped at 450 ms, half as much again, so that no program near its limit is stopped by chance): an infinite loop or very slow code');
    expect(r.cpuMs).toBeGreaterThan(300);
  });

  it('counts every thread of the program: two spinning threads reach the CPU limit in half the wall time', async () => {
    const src = 'import threading\ndef spin():\n    while True:\n        pass\nthreading.Thread(target=spin, daemon=True).start()\nspin()';
    const r = await runLockstep({ command: py(src), timeoutMs: 400, answer: () => null });
    expect(r.limit).toBe('cpu');
    expect(r.cpuMs).toBeGreaterThan(400);
  });

  it.skipIf(!existsSync('/usr/bin/taskset'))('does not charge a program for waiting its turn for a CPU on a loaded machine', async () => {
    // The program and four busy loops share one core: it gets about a fifth of it, so its 0.3 s of CPU (and
    // Python's start, which a busy CI machine makes dearer) take about two seconds of wall time, more than
    // the 1.5 s limit. A wall-clock limit would stop it; it passes.
    const hogs = [0, 1, 2, 3].map(() => spawn('taskset', ['-c', '0', 'sh', '-c', 'while :; do :; done'], { stdio: 'ignore' }));
    try {
      const burn = 'import time\ndef burn(s):\n    t = time.process_time()\n    while time.process_time() - t < s:\n        pass\n';
      const r = await runLockstep({
        command: ['taskset', '-c', '0', ...py(`${burn}for q in ("one? ", "two? ", "three? "):\n    burn(0.1)\n    print(input(q).upper())`)],
        timeoutMs: 1500,
        answer: (ctx) => ['a', 'b', 'c'][ctx.index] ?? null,
      });
      expect(r.error).toBeUndefined();
      expect(r.outcome).toBe('exited');
      // Still one line per prompt, each echoed after the prompt that asked for it.
      expect(r.transcript).toBe('one? a\nA\ntwo? b\nB\nthree? c\nC\n');
      expect(r.waitedMs).toBeLessThan(300);
    } finally {
      for (const h of hogs) h.kill('SIGKILL');
    }
  });

  it('reports a command that cannot start', async () => {
    const r = await runLockstep({ command: ['no-such-program-gradekit'], answer: () => null });
    expect(r.outcome).toBe('spawn-error');
    expect(r.error).toMatch(/cannot start no-such-program-gradekit/);
  });

  it('keeps the round trip per input small (adaptive polling)', async () => {
    const n = 100;
    const r = await runLockstep({
      command: py(`for i in range(${n}):\n    input(f"{i}? ")\nprint("end")`),
      answer: (ctx) => String(ctx.index),
    });
    expect(r.outcome).toBe('exited');
    expect(r.inputs).toHaveLength(n);
    const perInput = r.durationMs / n;
    console.log(`lockstep: ${n} python round trips in ${r.durationMs} ms (${perInput.toFixed(2)} ms each)`);
    // A backstop against a fixed polling interval (100 ms or more an input), not a speed target: those belong in
    // the benchmark. On a quiet machine a round trip takes a few ms; beside a batch, ~30 ms were seen.
    expect(perInput).toBeLessThan(100);
  });
});

describe('runLockstep with a Java program that makes a new Scanner per read', () => {
  let dir = '';
  const src = `import java.util.Scanner;
public class PerRead {
    static String ask(String prompt) {
        System.out.print(prompt);
        Scanner in = new Scanner(System.in);
        return in.nextLine();
    }
    public static void main(String[] args) {
        String a = ask("First? ");
        String b = ask("Second? ");
        String c = ask("Third? ");
        System.out.println(a + "," + b + "," + c);
    }
}
`;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gradekit-perread-'));
    writeFileSync(join(dir, 'PerRead.java'), src);
    const c = spawnSync('javac', ['-d', dir, join(dir, 'PerRead.java')], { encoding: 'utf8' });
    expect(c.status, c.stderr).toBe(0);
  });

  it('breaks when all input is piped at once (the first Scanner buffers every line)', () => {
    const r = spawnSync('java', ['-cp', dir, 'PerRead'], { input: 'one\ntwo\nthree\n', encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/NoSuchElementException/);
  });

  it('works in lockstep, one line per block', async () => {
    const r = await runLockstep({
      command: ['java', '-XX:TieredStopAtLevel=1', '-cp', dir, 'PerRead'],
      answer: (ctx) => ['one', 'two', 'three'][ctx.index] ?? null,
    });
    expect(r.outcome).toBe('exited');
    expect(r.exitCode).toBe(0);
    expect(r.transcript).toBe('First? one\nSecond? two\nThird? three\none,two,three\n');
    expect(r.inputs.map((i) => i.prompt)).toEqual(['First? ', 'Second? ', 'Third? ']);
  });
});
