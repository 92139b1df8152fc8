// The sandbox itself (harness/run/sandbox): what a process inside can see and do, checked by running
// small Python probes through `wrap`, with bubblewrap and in the limits-only fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import '../reference/register.js';
import { createSandbox, sandboxSupport, studentWorkDir, type Sandbox, type WorkDirLease } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import { processesUnder, runningAs } from './hostile-support.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';

let root: string;
let work: string;
let lease: WorkDirLease;
const support = sandboxSupport();
const isolated = support.bwrap.ok;

beforeAll(() => {
  root = realpathSync(mkdtempSync('/tmp/gk-sandbox-'));
  work = mkdtempSync(join(root, 'gradekit-probe-'));
  writeFileSync(join(work, 'given.txt'), 'a file of the grader\n');
  lease = studentWorkDir(work); // as root: the work directory belongs to a student uid of its own
});
afterAll(() => {
  lease.release();
  rmSync(root, { recursive: true, force: true });
});

/** Runs a Python snippet inside the sandbox from the work directory; returns its JSON answer. */
function probe(sb: Sandbox, code: string, cwd = work): { status: number | null; out: any; stderr: string } {
  const argv = sb.wrap(['python3', '-c', code]);
  const r = spawnSync(argv[0], argv.slice(1), { cwd, encoding: 'utf8', timeout: 20_000, env: process.env });
  let out: unknown;
  try {
    out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
  } catch {
    out = r.stdout;
  }
  return { status: r.status, out, stderr: r.stderr };
}

it('reports what this machine supports in one line each', () => {
  console.log(`sandbox support: ${JSON.stringify(support)}`);
  if (!support.bwrap.ok) expect(support.bwrap.reason).toMatch(/^bwrap /);
  if (!support.pidsCgroup.ok) expect(support.pidsCgroup.reason).not.toMatch(/\n/);
});

describe.skipIf(!isolated)('bubblewrap sandbox', () => {
  const sb = () => createSandbox({ workRoot: root, limits: { processes: 32, openFiles: 40, fileSizeMb: 1, memoryMb: 300, cpuSeconds: 5 } });

  it('refuses to start anywhere but a private directory under the temp root', () => {
    const r = probe(sb(), 'print(1)', rootPath());
    expect(r.status).toBe(125);
    expect(r.stderr).toMatch(/refusing to run in .*: not a private work directory under/);
  });

  it('shows the system read-only, a private writable home, and nothing of the project but the driver at a neutral path', () => {
    const r = probe(sb(), `
import json, os
def can_write(p):
    try:
        open(p, "w").write("x"); return True
    except OSError: return False
print(json.dumps({"cwd": os.getcwd(), "home": os.environ.get("HOME"), "work": can_write("mine.txt"), "given": can_write("given.txt"),
  "listing": sorted(os.listdir(".")), "usr": can_write("/usr/x"), "driver": can_write("/gradekit/driver/x"), "pycache": can_write("/gradekit/pycache/x"),
  "tmp": can_write("/tmp/x"), "tmp_list": os.listdir("/tmp"),
  "project": os.path.exists(${JSON.stringify(rootPath())}), "work_host": os.path.exists(${JSON.stringify(work)}),
  "driver_py": os.path.exists("/gradekit/driver/driver.py"), "gradekit": os.listdir("/gradekit"),
  "pid": os.getpid(), "hostname": os.uname().nodename}))`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.out).toMatchObject({ cwd: '/home/student', home: '/home/student', work: true, given: false, usr: false, driver: false, pycache: false, tmp: true, driver_py: true, work_host: false, hostname: 'sandbox' });
    expect(r.out.listing).toEqual(['given.txt', 'mine.txt']);
    // The driver, and the grader's cache of its bytecode (harness/run/python/bytecode.ts), read-only.
    expect(r.out.gradekit.filter((d: string) => d !== 'pycache')).toEqual(['driver']);
    if (!rootPath().startsWith('/usr/') && !rootPath().startsWith('/tmp/')) expect(r.out.project).toBe(false);
    // A private /tmp: only what it wrote; the project is not mounted, even when it lives under /tmp.
    expect(r.out.tmp_list).toEqual(['x']);
    expect(r.out.pid).toBeLessThan(10); // its own pid namespace: the grader is invisible
    // What it wrote stayed in the sandbox's own tmpfs: the host folder is as the grader left it.
    expect(readdirSync(work)).toEqual(['given.txt']);
  });

  it('keeps host-wide kernel settings read-only, and runs student code as an unprivileged host uid when the grader is root', () => {
    const r = probe(sb(), `
import json, os
res = {"uid": os.getuid()}
for p in ["/proc/sys/kernel/core_pattern", "/proc/sys/vm/drop_caches", "/proc/sys/kernel/panic", "/proc/sysrq-trigger"]:
    try:
        os.close(os.open(p, os.O_WRONLY)); res[p] = "writable"
    except OSError as e:
        res[p] = "denied"
print(json.dumps(res))`);
    expect(r.status, r.stderr).toBe(0);
    for (const p of ['/proc/sys/kernel/core_pattern', '/proc/sys/vm/drop_caches', '/proc/sys/kernel/panic', '/proc/sysrq-trigger']) expect(r.out[p], p).toBe('denied');
    if (support.studentUids.ok) expect(r.out.uid).toBe(lease.uid);
  });

  it.skipIf(!support.bwrap.seccomp)('denies ptrace, namespaces, keyrings and the x32 ABI with EPERM (seccomp)', () => {
    const r = probe(sb(), `
import ctypes, json, os
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
out = {}
for name, args in {"ptrace": (101, 0, 0, 0, 0), "unshare": (272, 0x10000000), "mount": (165, 0, 0, 0, 0, 0), "bpf": (321, 0, 0, 0),
                   "perf_event_open": (298, 0, 0, -1, -1, 0), "userfaultfd": (323, 0), "x32": (0x40000000 | 39,), "clone3": (435, 0, 0)}.items():
    ctypes.set_errno(0)
    out[name] = [libc.syscall(*[ctypes.c_long(a) for a in args]), ctypes.get_errno()]
out["fork"] = os.fork() > 0 or os._exit(0)
print(json.dumps(out))`);
    expect(r.status, r.stderr).toBe(0);
    for (const n of ['ptrace', 'unshare', 'mount', 'bpf', 'perf_event_open', 'userfaultfd', 'x32']) expect(r.out[n], n).toEqual([-1, 1]);
    expect(r.out.clone3).toEqual([-1, 38]); // ENOSYS: libc falls back to clone(), which still works
    expect(r.out.fork).toBe(true);
  });

  it("starts from an empty environment and shows no host path: nothing of the grader's, not even in bwrap's own process", () => {
    process.env.GRADEKIT_TEST_SECRET = 's3cret-token';
    try {
      const r = probe(sb(), `
import os, json
seen = {"env": sorted(os.environ), "procs": []}
for p in os.listdir("/proc"):
    if p.isdigit():
        for what in ("environ", "cmdline"):
            try: seen["procs"].append(open("/proc/%s/%s" % (p, what), "rb").read().decode("utf-8", "replace"))
            except OSError: pass
print(json.dumps(seen))`);
      expect(r.out.env).not.toContain('GRADEKIT_TEST_SECRET');
      expect(r.out.env).toEqual(expect.arrayContaining(['HOME', 'PATH', 'TMPDIR']));
      const text = r.out.procs.join('\n');
      // bwrap's helper is pid 1 and its command line is readable, but its options came through a pipe.
      expect(text).not.toMatch(/s3cret-token|GRADEKIT_TEST_SECRET|--ro-bind|--bind/);
      expect(text).not.toContain(rootPath());
      expect(text).not.toContain(work);
    } finally {
      delete process.env.GRADEKIT_TEST_SECRET;
    }
  });

  it('ends every process it started when its first process ends: nothing of the student uid is left to kill', async () => {
    // A daemon (double fork, own session, SIGHUP ignored) that would outlive its test by a minute. The
    // uid's release no longer kills after a run in the sandbox (uids.ts): this is what makes that safe.
    const r = probe(sb(), `
import os, signal, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        time.sleep(60)
    os._exit(0)
os.wait()
print('{"started": true}')`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.out).toEqual({ started: true });
    const running = () => (lease.uid === undefined ? processesUnder(work).length > 0 : runningAs(lease.uid));
    for (let i = 0; i < 40 && running(); i++) await new Promise((res) => setTimeout(res, 25));
    expect(running(), 'a process of the student uid outlived the sandbox').toBe(false);
  });

  it('has no network, not even the grader on localhost', () => {
    const r = probe(sb(), `
import json, socket
seen = []
try:
    socket.create_connection(("127.0.0.1", 22), timeout=1); seen.append("connected")
except OSError as e:
    seen.append(type(e).__name__)
try:
    socket.getaddrinfo("example.com", 80); seen.append("resolved")
except OSError as e:
    seen.append(type(e).__name__)
print(json.dumps(seen))`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.out).toHaveLength(2);
    expect(r.out).not.toContain('connected');
    expect(r.out).not.toContain('resolved');
  });

  it('limits processes, open files, file size and memory', () => {
    const r = probe(sb(), `
import json, os, resource, time
forks = 0
try:
    for _ in range(200):
        if os.fork() == 0:
            time.sleep(3); os._exit(0)
        forks += 1
except OSError:
    pass
files = []
try:
    while True:
        files.append(open("/dev/null"))
except OSError:
    pass
big = True
try:
    open("big.bin", "wb").write(b"x" * (2 << 20))
except OSError:
    big = False
mem = True
try:
    x = bytearray(400 << 20)
except MemoryError:
    mem = False
print(json.dumps({"forks": forks, "files": len(files), "big": big, "mem": mem}))`);
    expect(r.status, r.stderr).toBe(0);
    if (sb().processLimit !== 'none') expect(r.out.forks).toBeLessThan(32);
    expect(r.out.files).toBeLessThan(40);
    expect(r.out.big).toBe(false);
    expect(r.out.mem).toBe(false);
  });
});

describe('limits-only fallback (no bubblewrap)', () => {
  const sb = () => createSandbox({ mode: 'off', workRoot: root, limits: { processes: 32, openFiles: 40, cpuSeconds: 2, memoryMb: 300 } });

  it('says so in a one-line notice', () => {
    expect(sb().kind).toBe('limits-only');
    expect(sb().notice).toMatch(/^sandbox: bubblewrap unavailable \(turned off by configuration\); ran with resource limits only/);
  });

  it('still enforces CPU, memory, open files and the work-directory rule', () => {
    const r = probe(sb(), `
import json
files = []
try:
    while True:
        files.append(open("/dev/null"))
except OSError:
    pass
try:
    x = bytearray(400 << 20); mem = True
except MemoryError:
    mem = False
print(json.dumps({"files": len(files), "mem": mem}))`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.out).toMatchObject({ mem: false });
    expect(r.out.files).toBeLessThan(40);
    const spin = probe(sb(), 'while True: pass');
    expect(spin.status).not.toBe(0); // SIGXCPU after 2 s of CPU
    expect(probe(sb(), 'print(1)', rootPath()).status).toBe(125);
  });

  it('grades runaway submissions to the right verdict', async () => {
    process.env.TMPDIR = root;
    const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml'));
    const s = sb();
    const loop = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'infinite-loop'), { wrap: s.wrap });
    expect(loop.tests.map((t) => t.status)).toEqual(['passed', 'passed', 'passed', 'error', 'passed']);
    const busy = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'import-busy-loop'), { wrap: s.wrap });
    expect(busy.fatal?.kind).toBe('import');
    const normal = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'normal'), { wrap: s.wrap });
    expect(normal.score).toBe(normal.maxScore);
    s.dispose();
  }, 30_000);

  // A system Python that other users may run (a pyenv under /root is not): the fallback runs it as a student uid.
  const studentPython = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p) && spawnSync('/usr/bin/setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', '--', p, '-c', ''], { stdio: 'ignore' }).status === 0);
  const asStudent = support.studentUids.ok && Boolean(studentPython);

  it.skipIf(!asStudent)("a daemon the submission starts cannot stop the grader or touch its results, and dies with its grading", async () => {
    process.env.TMPDIR = root;
    const saved = process.env.GRADEKIT_PYTHON;
    process.env.GRADEKIT_PYTHON = studentPython;
    const target = spawn('sleep', ['60'], { stdio: 'ignore' });
    const results = '/tmp/gradekit-hostile-results.json';
    writeFileSync('/tmp/gradekit-hostile-target.pid', String(target.pid), { mode: 0o644 });
    writeFileSync(results, '{"score": 40}', { mode: 0o644 });
    try {
      const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml'));
      const s = sb();
      expect(s.studentUids).toBe(true);
      const r = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'daemon'), { wrap: s.wrap });
      expect(r.tests.map((t) => t.status), r.tests.map((t) => t.message).join('\n')).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
      await new Promise((res) => setTimeout(res, 300)); // the daemon would have tried several times by now
      expect(readFileSync(`/proc/${target.pid}/stat`, 'utf8').split(') ')[1][0], 'the grader-side process is not stopped').not.toBe('T');
      expect(readFileSync(results, 'utf8')).toBe('{"score": 40}');
      expect(processesUnder(root), 'processes left behind').toEqual([]);

      // Killing its runner in every test and stalling every re-import costs seconds, not 20 s a test.
      const t0 = performance.now();
      const stall = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'restart-stall'), { wrap: s.wrap });
      expect(performance.now() - t0).toBeLessThan(40_000);
      expect(stall.tests.filter((t) => t.kind === 'resource_limit_exceeded').length, stall.tests.map((t) => t.message).join('\n')).toBeGreaterThan(0);
      s.dispose();
    } finally {
      target.kill('SIGKILL');
      rmSync(results, { force: true });
      rmSync('/tmp/gradekit-hostile-target.pid', { force: true });
      if (saved === undefined) delete process.env.GRADEKIT_PYTHON;
      else process.env.GRADEKIT_PYTHON = saved;
    }
  }, 60_000);
});
