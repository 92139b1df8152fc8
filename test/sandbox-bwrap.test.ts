// The sandbox itself (harness/run/sandbox): what a process inside can see and do, checked by running
// small Python probes through `wrap`, with bubblewrap and in the limits-only fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import '../reference/register.js';
import { createSandbox, sandboxSupport, studentWorkDir, type Sandbox, type WorkDirLease } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import { processesUnder, runningAs } from './hostile-support.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { gradeBatch } from '../harness/batch/grade.js';
import { releasedMemory } from '../harness/run/sandbox/cgroups.js';
import { languageRunners } from '../harness/grade/runners.js';
import '../harness/grade/java-runner.js';

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

// Issue 26: what a submission can reach through the grader (its descriptors), take from the machine (memory
// for all its processes together) or leave behind (files, IPC objects, a daemon), in both sandbox modes.
const MODES = [...(isolated ? (['auto'] as const) : []), 'off' as const];
const hostileSpec = rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml');
const hostileFixture = (lang: 'python' | 'java', name: string) => rootPath('fixtures', 'hostile', lang, name);
const GRADEKIT = rootPath('bin', 'gradekit');

/** `gradekit check` as a CI job starts it: with fd 200 open, not close-on-exec, on a host file that anyone
 *  may write but that lies in a folder only root can enter (so only the descriptor leads to it). */
function checkWithInheritedFd(mode: 'auto' | 'off', spec: string, submission: string): { status: number | null; stderr: string; host: string; report: any } {
  const dir = mkdtempSync(join(root, 'inherited-'));
  const host = join(dir, 'ci-log.txt');
  writeFileSync(host, 'the CI job log\n', { mode: 0o666 });
  const json = join(root, `inherited-${mode}-${Date.now()}.json`);
  const fd = openSync(host, 'a');
  try {
    const stdio: ('ignore' | 'pipe' | number)[] = ['ignore', 'pipe', 'pipe', ...Array(197).fill('ignore'), fd];
    const r = spawnSync(process.execPath, [GRADEKIT, 'check', spec, submission, '--json', json], { stdio, encoding: 'utf8', timeout: 120_000, env: { ...process.env, GRADEKIT_SANDBOX: mode } });
    return { status: r.status, stderr: String(r.stderr), host: readFileSync(host, 'utf8'), report: JSON.parse(readFileSync(json, 'utf8')) };
  } finally {
    closeSync(fd);
  }
}

describe('descriptors the grader inherited never reach student code', () => {
  for (const mode of MODES) {
    it(`Python (${mode === 'auto' ? 'bubblewrap' : 'no bubblewrap'}): a submission writing into every open file finds none of the grader's`, () => {
      const r = checkWithInheritedFd(mode, hostileSpec, hostileFixture('python', 'inherited-fds'));
      expect(r.host, 'the host file behind fd 200').toBe('the CI job log\n');
      expect(r.status, r.stderr).toBe(0);
      expect(r.report.tests.map((t: any) => t.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
    }, 60_000);
    it(`Java (${mode === 'auto' ? 'bubblewrap' : 'no bubblewrap'}): /proc/self/fd leads nowhere`, () => {
      const r = checkWithInheritedFd(mode, rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml'), hostileFixture('java', 'inherited-fds'));
      expect(r.host, 'the host file behind fd 200').toBe('the CI job log\n');
      expect(r.status, r.stderr).toBe(0);
    }, 120_000);
  }

  it('sh cannot close a descriptor above 9, so the launcher refuses to start rather than leave it open (bash closes it first: the tests above)', () => {
    const sb = createSandbox({ mode: 'off', workRoot: root });
    const argv = sb.wrap(['/usr/bin/true']);
    const sh = argv.slice(argv.indexOf('/bin/sh')); // without bash's part, which this process's own descriptors decide
    const fd = openSync('/dev/null', 'r');
    try {
      const r = spawnSync(sh[0], sh.slice(1), { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', ...Array(9).fill('ignore'), fd] });
      if (!/dash|busybox/.test(realpathSync('/bin/sh')) && r.status === 0) return; // /bin/sh is bash here: nothing to refuse
      expect(r.status).toBe(125);
      expect(r.stderr).toMatch(/^gradekit sandbox: descriptor 12 is open \(inherited without close-on-exec\): close it before starting gradekit, or install bash/);
    } finally {
      closeSync(fd);
    }
  });
});

/** What a memory cgroup's peak may pass its limit by: the kernel charges a few pages ahead of the check. */
const SLACK = 1 << 20;

describe.skipIf(!support.memoryCgroup.ok)("one memory budget for all of a submission's processes", () => {
  for (const mode of MODES) {
    it(`${mode === 'auto' ? 'bubblewrap' : 'no bubblewrap'}: 8 forked processes under their own limits are stopped together, and classmates in the batch get their solo results`, async () => {
      process.env.TMPDIR = root;
      const a = loadAssignment(hostileSpec);
      // Low enough that the forks reach it within their 1 s of CPU (the driver stops the tree there: at 320 MiB
      // they were stopped by the CPU limit first, peaking near 245 MiB), far above a classmate's few MiB.
      const budgetMb = 160;
      const sb = createSandbox({ mode, workRoot: root, limits: { submissionMemoryMb: budgetMb, memoryMb: 512, cpuSeconds: 5 } });
      expect(sb.memoryLimit).toBe('cgroup');
      const alone = await gradeSubmission(a, hostileFixture('python', 'normal'), { wrap: sb.wrap });
      const classDir = mkdtempSync(join(root, 'class-'));
      for (const n of ['a-classmate', 'b-memory-forks', 'c-classmate']) cpSync(hostileFixture('python', n.endsWith('classmate') ? 'normal' : 'memory-forks'), join(classDir, n), { recursive: true });
      releasedMemory.clear();
      const { reports } = await gradeBatch(a, classDir, { outDir: join(classDir, '..', `${basename(classDir)}-out`), jobs: 2, wrap: sb.wrap });
      const strip = (r: { tests: { id: string; status: string; message: string }[] }) => r.tests.map((t) => [t.id, t.status, t.message]);
      for (const r of reports.filter((x) => x.id!.endsWith('classmate'))) expect(strip(r), r.id).toEqual(strip(alone));
      const hog = reports.find((r) => r.id === 'b-memory-forks')!;
      const byId = Object.fromEntries(hog.tests.map((t) => [t.id, t]));
      expect(byId.count.kind, JSON.stringify(hog.tests)).toBe('resource_limit_exceeded');
      expect(byId.count.message).toMatch(new RegExp(`^resource limit exceeded: the submission's processes together used more than its memory budget \\(${budgetMb} MiB for all of them`));
      expect(['share-letter', 'winning-strategy'].map((id) => byId[id].status)).toEqual(['passed', 'passed']);
      // The kernel's own figure for the group: never above the budget (but for the few pages it charges ahead),
      // though the processes asked for 800 MiB.
      const groups = [...releasedMemory.values()];
      expect(groups.some((g) => g.oomKills > 0)).toBe(true);
      for (const g of groups) expect(g.peakBytes!, 'peak of a submission group').toBeLessThanOrEqual(budgetMb * 1024 * 1024 + SLACK);
      expect(Math.max(...groups.map((g) => g.peakBytes!))).toBeGreaterThan(100 * 1024 * 1024); // it really tried
    }, 120_000);

    it(`${mode === 'auto' ? 'bubblewrap' : 'no bubblewrap'}: a Java program's 8 helper processes outside its heap limit, beside a classmate`, async () => {
      process.env.TMPDIR = root;
      const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml'));
      // 200 MiB, not more: on a VM where page faults are slow, the hogs' CPU to fill a larger budget neared the game's 3 s.
      const budgetMb = 200;
      const sb = createSandbox({ mode, workRoot: root, limits: { submissionMemoryMb: budgetMb } });
      const opts = { wrap: sb.wrap, runners: languageRunners() };
      const alone = await gradeSubmission(a, hostileFixture('java', 'normal'), opts);
      expect(alone.score, JSON.stringify(alone.tests)).toBe(alone.maxScore);
      const classDir = mkdtempSync(join(root, 'java-class-'));
      cpSync(hostileFixture('java', 'memory-spawn'), join(classDir, 'hog'), { recursive: true });
      cpSync(hostileFixture('java', 'normal'), join(classDir, 'classmate'), { recursive: true });
      releasedMemory.clear();
      const { reports } = await gradeBatch(a, classDir, { ...opts, outDir: `${classDir}-out`, jobs: 2 });
      const strip = (r: { tests: { id: string; status: string; message: string }[] }) => r.tests.map((t) => [t.id, t.status, t.message]);
      expect(strip(reports.find((r) => r.id === 'classmate')!)).toEqual(strip(alone));
      const [game] = reports.find((r) => r.id === 'hog')!.tests;
      expect(game.kind, game.message).toBe('resource_limit_exceeded');
      expect(game.message).toMatch(new RegExp(`memory budget \\(${budgetMb} MiB for all of them`));
      for (const g of releasedMemory.values()) expect(g.peakBytes!, 'peak of a game group').toBeLessThanOrEqual(budgetMb * 1024 * 1024 + SLACK);
    }, 180_000);
  }
});

describe('without bubblewrap, nothing of a submission outlives its grading', () => {
  const studentPython = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p) && spawnSync('/usr/bin/setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', '--', p, '-c', ''], { stdio: 'ignore' }).status === 0);

  it.skipIf(!support.studentUids.ok || !studentPython)('no file outside its work directory and no IPC object of its uid is left', async () => {
    process.env.TMPDIR = root;
    const saved = process.env.GRADEKIT_PYTHON;
    process.env.GRADEKIT_PYTHON = studentPython;
    // A world-writable folder inside /tmp, made by someone else (as /tmp/.X11-unix is).
    const nested = mkdtempSync('/tmp/gk-world-writable-');
    chmodSync(nested, 0o1777);
    try {
      const a = loadAssignment(hostileSpec);
      const sb = createSandbox({ mode: 'off', workRoot: root });
      expect(sb.studentUids).toBe(true);
      const r = await gradeSubmission(a, hostileFixture('python', 'leftovers'), { wrap: sb.wrap });
      expect(r.tests.map((t) => t.status), JSON.stringify(r.tests)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
      const left = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock', '/var/crash', nested].flatMap((d) => {
        try {
          return readdirSync(d).filter((n) => n.startsWith('gradekit-leftover')).map((n) => join(d, n));
        } catch {
          return [];
        }
      });
      expect(left, 'files left outside the work directory').toEqual([]);
      const keys = ['shm', 'sem', 'msg'].flatMap((k) => readFileSync(`/proc/sysvipc/${k}`, 'utf8').trim().split('\n').slice(1).map((l) => Number(l.trim().split(/\s+/)[0])));
      expect(keys.filter((k) => k >= 0x67720001 && k <= 0x67720003), 'System V IPC objects left').toEqual([]);
    } finally {
      rmSync(nested, { recursive: true, force: true });
      if (saved === undefined) delete process.env.GRADEKIT_PYTHON;
      else process.env.GRADEKIT_PYTHON = saved;
    }
  }, 60_000);

  it('a daemon that detached itself and closed its descriptors is ended with its grading, even running as root: one-off check and batch', async () => {
    // The interpreter gradekit finds on its own (on this machine a pyenv Python under /root, which a student
    // uid may not run: the daemon then runs as root and no uid of its own can be killed). The daemon marks
    // /tmp after 4 s if it is still alive.
    const marks = () => readdirSync('/tmp').filter((n) => n.startsWith('gradekit-daemon-alive-'));
    const before = new Set(marks());
    const env: NodeJS.ProcessEnv = { ...process.env, GRADEKIT_SANDBOX: 'off', TMPDIR: root };
    delete env.GRADEKIT_PYTHON;
    const done = (p: ReturnType<typeof spawn>) => new Promise<number | null>((res) => p.once('exit', (c) => res(c)));
    const checked = done(spawn(process.execPath, [GRADEKIT, 'check', hostileSpec, hostileFixture('python', 'daemon-detached')], { env, stdio: 'ignore' }));
    const classDir = mkdtempSync(join(root, 'daemon-class-'));
    cpSync(hostileFixture('python', 'daemon-detached'), join(classDir, 'daemon'), { recursive: true });
    cpSync(hostileFixture('python', 'normal'), join(classDir, 'normal'), { recursive: true });
    const graded = done(spawn(process.execPath, [GRADEKIT, 'grade', hostileSpec, classDir, '--out', `${classDir}-out`, '-q'], { env, stdio: 'ignore' }));
    expect(await checked).toBe(0);
    expect(await graded).toBe(0);
    await new Promise((res) => setTimeout(res, 5000));
    expect(marks().filter((m) => !before.has(m)), 'daemons that outlived their grading').toEqual([]);
  }, 60_000);

  it('says on the first report of a process that student code runs as root, when the interpreter is one students may not run', () => {
    // A copy of the system Python in a folder only root can enter: what a pyenv under /root amounts to.
    const priv = mkdtempSync(join(root, 'private-python-'));
    chmodSync(priv, 0o700);
    const python = join(priv, 'python3');
    cpSync(realpathSync('/usr/bin/python3'), python);
    const json = join(root, 'first-report.json');
    const r = spawnSync(process.execPath, [GRADEKIT, 'check', hostileSpec, hostileFixture('python', 'normal'), '--json', json], {
      env: { ...process.env, GRADEKIT_SANDBOX: 'off', GRADEKIT_PYTHON: python, TMPDIR: root }, encoding: 'utf8', timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const notices: string[] = JSON.parse(readFileSync(json, 'utf8')).notices ?? [];
    if (support.studentUids.ok) expect(notices.join('\n')).toMatch(new RegExp(`sandbox: student code runs as root \\(${python.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be run by other users`));
    else expect(notices.join('\n')).not.toMatch(/cannot be run by other users/);
  }, 60_000);
});
