// Time in the Python driver: a test is stopped by the CPU time of its process tree or by waiting too long,
// never by the wall clock of a busy machine; time.sleep is fast-forwarded by a virtual clock that the
// clocks follow; a stopped test says where it was; a slow grader is never read as a garbled result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSession } from '../harness/run/python/session.js';
import type { ReferenceReply, RunRequest } from '../harness/run/python/protocol.js';
import { runFailure } from '../harness/grade/outcome.js';

const MODULE = String.raw`
import datetime
import os
import threading
import time
from time import sleep

def spin():
    while True:
        pass

def burn(secs):
    # Busy for secs of CPU time, then done: a program a little over its limit (os.times: the test's clocks are virtual).
    cpu = lambda: sum(os.times()[:2])
    t = cpu()
    while cpu() - t < float(secs):
        pass
    return 'done'

def slept(secs):
    t0, m0, p0, n0, d0 = time.time(), time.monotonic(), time.perf_counter(), time.monotonic_ns(), datetime.datetime.now()
    sleep(secs)
    return [time.time() - t0, time.monotonic() - m0, time.perf_counter() - p0, (time.monotonic_ns() - n0) / 1e9,
            (datetime.datetime.now() - d0).total_seconds(), repr(datetime.datetime(2020, 1, 2))]

def bad_sleep(x):
    try:
        time.sleep(x)
    except BaseException as e:
        return "%s: %s" % (type(e).__name__, e)
    return "slept"

def threads_sleep():
    done = []
    def worker():
        for _ in range(100):
            time.sleep(1)
        done.append(1)
    ticker = threading.Thread(target=lambda: [time.sleep(0.5) for _ in iter(int, 1)], daemon=True)
    ticker.start()
    t = threading.Thread(target=worker)
    t.start()
    t.join()
    return len(done)

def game():
    total = 0
    while True:
        w = input("Enter word, or !! to finish: ")
        if w == "!!":
            break
        print("Got", w)
        total += 1
    print("Thinking about your words...")
    threading.Lock().acquire() and threading.Lock().acquire() or None
    lock = threading.Lock()
    lock.acquire()
    lock.acquire()

def looping_game():
    while True:
        w = input("Enter word: ")
        if w == "!!":
            print("Your total is 7")
            while True:
                pass

def spin_in_child():
    pid = os.fork()
    if pid == 0:
        while True:
            pass
    os.waitpid(pid, 0)

def helper(n):
    return n

def uses_helper():
    return helper(1) + helper(2)

def loops_on_helper(n):
    big = list(range(200))
    t = 0
    for _ in range(int(n)):
        t += helper(big)
    return t

def dies_while_calling():
    threading.Timer(0.1, lambda: os._exit(3)).start()
    return helper(1)
`;

let dir: string;
let s: PythonSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gk-time-'));
  writeFileSync(join(dir, 'mod.py'), MODULE);
  s = new PythonSession({ file: join(dir, 'mod.py'), module: 'mod', cwd: dir });
  const imp = await s.start();
  expect(imp.ok, imp.error?.message).toBe(true);
});
afterAll(() => s.close());

const run = (callee: string, args: unknown[] = [], extra: Partial<RunRequest> = {}) =>
  s.run({ id: `${callee}-${Math.random()}`, timeout_ms: 2000, steps: [{ callee: [callee], args: args as never }], ...extra });

describe('a test is stopped by what it does, not by the wall clock', () => {
  it('stops a busy loop at its CPU limit with half as much again of room, in one run, and says so', async () => {
    const before = s.cpuMs;
    const r = await run('spin', [], { timeout_ms: 400 });
    // Stopped at 600 ms (cpu-room.ts), once: the budget counts one run, not a second one with the room.
    expect(s.cpuMs - before, 'the CPU the submission\'s budget counts').toBeGreaterThanOrEqual(600);
    expect(s.cpuMs - before, 'one run, not two').toBeLessThan(950);
    expect(r.status).toBe('timeout');
    expect(r.reason).toBe('cpu');
    expect(r.cpu_ms).toBeGreaterThanOrEqual(600);
    expect(runFailure(r, 400).message).toMatch(/^time limit exceeded: used more than 400 ms of CPU time without finishing \(stopped at 600 ms, half as much again, so that no program near its limit is stopped by chance\): an infinite loop or very slow code, in spin \(line \d+\)/);
    // Where it was: the function of the student's file it was stopped in, as its process said when asked.
    expect(r.stopped_in).toMatch(/^spin:\d+$/);
  });

  it('near the limit, a program a little over its limit finishes in the room, every time', async () => {
    // 500 ms of CPU against a 400 ms limit (the limit is polled every 50 ms): with 1.5 times the room it
    // finishes; the verdict does not depend on a few percent of the machine's noise.
    const r = await run('burn', ['0.5'], { timeout_ms: 400 });
    expect(r.status).toBe('ok');
    expect(r.obs?.steps[0]?.value).toBe('done');
  });

  it('counts the CPU of a process the test started and waits for', async () => {
    const r = await run('spin_in_child', [], { timeout_ms: 400, wait_ms: 20_000 });
    expect(r.status).toBe('timeout');
    expect(r.reason).toBe('cpu');
  });

  it('stops a program that waits (a lock never released) as waiting, with the transcript up to where it waited', async () => {
    const r = await run('game', [], { timeout_ms: 2000, wait_ms: 600, stdin: ['jar', 'cat', '!!'] });
    expect(r.status).toBe('timeout');
    expect(r.reason).toBe('wait');
    expect(r.cpu_ms!).toBeLessThan(1000);
    expect(r.idle_ms!).toBeGreaterThanOrEqual(600);
    expect(r.partial!.inputs_read).toBe(3);
    expect(r.partial!.transcript).toBe('Enter word, or !! to finish: jar\nGot jar\nEnter word, or !! to finish: cat\nGot cat\nEnter word, or !! to finish: !!\nThinking about your words...\n');
    const o = runFailure(r, 2000);
    expect(o.kind).toBe('time_limit_exceeded');
    expect(o.message).toMatch(/^time limit exceeded: the program was waiting, not computing: .*lock.*; it had read 3 inputs and last printed "Thinking about your words\.\.\."$/);
    expect(o.detail?.transcript).toBe(r.partial!.transcript);
  });

  it('keeps the transcript of a program stopped at its CPU limit mid-game', async () => {
    const r = await run('looping_game', [], { timeout_ms: 400, stdin: ['jar', '!!'] });
    expect(r.reason).toBe('cpu');
    expect(r.partial!.transcript).toBe('Enter word: jar\nEnter word: !!\nYour total is 7\n');
    expect(runFailure(r, 400).message).toMatch(/; it had read 2 inputs and last printed "Your total is 7"$/);
  });
});

describe('the virtual clock', () => {
  it('fast-forwards time.sleep, and time, monotonic, perf_counter, their _ns forms and datetime.now follow it', async () => {
    const t0 = performance.now();
    const r = await run('slept', [{ i: '30' }], { timeout_ms: 1000 });
    expect(performance.now() - t0).toBeLessThan(20_000); // far below the 30 s slept, on any machine
    expect(r.status).toBe('ok');
    const v = (r.obs!.steps[0].value as { l: ({ f: number } | string)[] }).l;
    for (const x of v.slice(0, 5)) expect((x as { f: number }).f).toBeGreaterThanOrEqual(30);
    for (const x of v.slice(0, 5)) expect((x as { f: number }).f).toBeLessThan(40);
    expect(v[5]).toBe('datetime.datetime(2020, 1, 2, 0, 0)'); // the datetime class still looks like Python's
  });

  it('raises for a negative or NaN sleep as Python does', async () => {
    expect((await run('bad_sleep', [{ i: '-1' }])).obs!.steps[0].value).toBe('ValueError: sleep length must be non-negative');
    expect((await run('bad_sleep', [{ f: 'nan' }])).obs!.steps[0].value).toMatch(/^ValueError: Invalid value NaN/);
    expect((await run('bad_sleep', ['2'])).obs!.steps[0].value).toMatch(/^TypeError: /);
  });

  it('does not hang on threads that sleep, in a loop or joined', async () => {
    const r = await run('threads_sleep', [], { timeout_ms: 3000 });
    expect(r.status, JSON.stringify(r)).toBe('ok');
    expect(r.obs!.steps[0].value).toEqual({ i: '1' });
  });
});

describe('a slow grader is not the program\'s fault', () => {
  const busy = (ms: number) => {
    const t = performance.now();
    while (performance.now() - t < ms);
  };
  const req = (id: string): Omit<RunRequest, 'op'> => ({ id, timeout_ms: 300, wait_ms: 600, patches: [{ name: 'helper', kind: 'reference' }], steps: [{ callee: ['uses_helper'], args: [] }] });

  it('a reference call answered after the test\'s limits (Node busy elsewhere) is neither garbled nor a time limit', async () => {
    // Before: the driver gave up waiting at the wall-clock limit and reported "garbled results".
    const r = await s.run(req('slow-1'), (c) => {
      busy(1200);
      return { value: { i: String(10 * Number((c.args[0] as { i: string }).i)) } } as ReferenceReply;
    });
    expect(r.status, JSON.stringify(r)).toBe('ok');
    expect(r.obs!.steps[0].value).toEqual({ i: '30' });
  });

  it('the CPU gradekit spends in the program\'s process on the grader\'s calls is not the program\'s: a loop over a reference helper is not stopped for it', async () => {
    // 40,000 calls of a reference helper with a list of 200 ints, answered from the table the grader sent with its
    // first answer: each call encodes, looks up and decodes in the test's own process, seconds of gradekit's work
    // in all, against a limit of 1 s the program's own loop stays far below (a few percent of it, load or not).
    const big = { l: Array.from({ length: 200 }, (_, k) => ({ i: String(k) })) };
    const r = await s.run({ ...req('table'), timeout_ms: 1000, steps: [{ callee: ['loops_on_helper'], args: ['40000'] as never }] }, () =>
      ({ value: { i: '1' }, table: [[[big], { i: '1' }]] }) as unknown as ReferenceReply);
    expect(r.status, JSON.stringify(r).slice(0, 300)).toBe('ok');
    expect(r.obs!.steps[0].value).toEqual({ i: '40000' });
    expect(r.cpu_ms).toBeGreaterThan(1500); // it did use more than the limit (and its second run's room), nearly all of it gradekit's
  });

  it('an answer the grader says is pure is kept by the test\'s process: the same call is asked once, any other each time', async () => {
    const loop = { ...req('pure'), timeout_ms: 2000, steps: [{ callee: ['loops_on_helper'], args: ['5000'] as never }] };
    let asked = 0;
    const pure = await s.run(loop, () => (asked++, { value: { i: '1' }, pure: true }) as ReferenceReply);
    expect(pure.obs!.steps[0].value).toEqual({ i: '5000' });
    expect(asked).toBe(1);
    asked = 0;
    const each = await s.run({ ...loop, id: 'not-pure', steps: [{ callee: ['loops_on_helper'], args: ['50'] as never }] }, () => (asked++, { value: { i: '1' } }) as ReferenceReply);
    expect(each.obs!.steps[0].value).toEqual({ i: '50' });
    expect(asked).toBe(50);
  });

  it('a test that dies while the grader answers its call is a crash, and the late answer never reaches the next test', async () => {
    const r = await s.run({ ...req('dies'), steps: [{ callee: ['dies_while_calling'], args: [] }] }, () => {
      busy(600);
      return { value: { i: '-1' } };
    });
    expect(r.status, JSON.stringify(r)).toBe('crashed');
    expect(runFailure(r, 300).message).toMatch(/^the program ended the process itself \(exit code 3/);
    const next = await s.run(req('next'), (c) => ({ value: { i: String(100 * Number((c.args[0] as { i: string }).i)) } }));
    expect(next.obs!.steps[0].value).toEqual({ i: '300' });
  });
});

describe('a re-import after a restart', () => {
  it('gets a few times the CPU of the first import, and one that stalls stops the submission\'s tests', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-reimport-'));
    writeFileSync(join(d, 'm.py'), 'import os, signal\nif os.path.exists("imported-once"):\n    while True: pass\nopen("imported-once", "w").close()\ndef die(): os.kill(os.getppid(), signal.SIGKILL)\ndef ok(): return 1\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, importTimeoutMs: 1000 });
    try {
      expect((await sess.start()).ok).toBe(true);
      const killed = await sess.run({ id: 'die', timeout_ms: 1000, steps: [{ callee: ['die'], args: [] }] });
      expect(killed.status).toBe('lost');
      const stalled = await sess.run({ id: 'ok', timeout_ms: 1000, steps: [{ callee: ['ok'], args: [] }] });
      expect(stalled.limit).toMatch(/^importing the module again used more than 1 s of CPU time \(it was at line 3\) \(the first import used \d+(\.\d+)? s\); its tests were stopped$/);
      const after = await sess.run({ id: 'ok2', timeout_ms: 1000, steps: [{ callee: ['ok'], args: [] }] });
      expect(after.limit).toBe(stalled.limit);
      expect(sess.restarts).toBe(1);
    } finally {
      await sess.close();
    }
  });
});

describe('a time limit in a graded test', () => {
  it('reports where the program was: the transcript up to the last prompt in detail.transcript, and the inputs it had read', async () => {
    const { loadAssignment } = await import('../harness/assignment/load.js');
    const { gradeSubmission } = await import('../harness/grade/submission.js');
    await import('../reference/register.js');
    const { readFileSync } = await import('node:fs');
    const { rootPath } = await import('../harness/paths.js');
    const d = mkdtempSync(join(tmpdir(), 'gk-tle-'));
    // After "!!" this play_hand waits for a signal from a thread it never started.
    const src = readFileSync(rootPath('fixtures', 'ps3-ocw', 'submissions', 'accepted', 'skeleton-del-keys', 'ps3.py'), 'utf8')
      .replace("        if word == '!!':\n            break", "        if word == '!!':\n            import threading\n            threading.Event().wait()");
    expect(src).toContain('threading.Event().wait()');
    writeFileSync(join(d, 'ps3.py'), src);
    const r = await gradeSubmission(loadAssignment('ps3-ocw'), join(d, 'ps3.py'), { only: ['play-hand-example-1'] });
    const t = r.tests[0];
    expect(t.kind).toBe('time_limit_exceeded');
    expect(t.message).toMatch(/^time limit exceeded: the program was waiting, not computing: it spent \d+(\.\d+)? s asleep without finishing .*; it had read 3 inputs and last printed "Please enter a word or '!!' to indicate you are done: !!"$/);
    expect(t.detail?.transcript).toMatch(/^Current hand: a j e f \* r x \nPlease enter a word or '!!' to indicate you are done: jar\n[\s\S]*to indicate you are done: f\*x\n[\s\S]*to indicate you are done: !!\n$/);
  }, 60_000);
});
