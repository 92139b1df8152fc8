// The sandbox itself (harness/run/sandbox): what a process inside can see and do, checked by running
// small Python probes through `wrap`, with bubblewrap and in the limits-only fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import '../reference/register.js';
import { createSandbox, sandboxSupport, type Sandbox } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import { projectFolderInTmp } from './hostile-support.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';

let root: string;
let work: string;
const support = sandboxSupport();
const isolated = support.bwrap.ok;

beforeAll(() => {
  root = realpathSync(mkdtempSync('/tmp/gk-sandbox-'));
  work = mkdtempSync(join(root, 'gradekit-probe-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

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

  it('shows the system read-only, the work directory writable, and nothing of the project but the driver', () => {
    const r = probe(sb(), `
import json, os
def can_write(p):
    try:
        open(p, "w").write("x"); return True
    except OSError: return False
print(json.dumps({"cwd": os.getcwd(), "home": os.environ.get("HOME"), "work": can_write("mine.txt"),
  "usr": can_write("/usr/x"), "driver": can_write(${JSON.stringify(rootPath('harness', 'run', 'python', 'x'))}),
  "tmp": can_write("/tmp/x"), "tmp_list": os.listdir("/tmp"),
  "project": os.listdir(${JSON.stringify(rootPath())}), "specs": os.path.exists(${JSON.stringify(rootPath('assignments'))}),
  "driver_py": os.path.exists(${JSON.stringify(rootPath('harness', 'run', 'python', 'driver.py'))}),
  "env": sorted(os.environ), "pid": os.getpid(), "ppid": os.getppid(), "hostname": os.uname().nodename}))`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.out).toMatchObject({ cwd: work, home: work, work: true, usr: false, driver: false, tmp: true, project: ['harness'], specs: false, driver_py: true, hostname: 'sandbox' });
    // A private /tmp: the file it just wrote, and the folder holding its own work directory.
    expect(r.out.tmp_list.sort()).toEqual([root.split('/')[2], 'x', ...projectFolderInTmp()].sort());
    expect(r.out.pid).toBeLessThan(10); // its own pid namespace: the grader is invisible
    expect(readdirSync(work)).toContain('mine.txt');
  });

  it("removes the grader's environment variables", () => {
    process.env.GRADEKIT_TEST_SECRET = 's3cret-token';
    try {
      const r = probe(sb(), 'import os, json; print(json.dumps(sorted(os.environ)))');
      expect(r.out).not.toContain('GRADEKIT_TEST_SECRET');
      expect(r.out).toEqual(expect.arrayContaining(['HOME', 'PATH', 'TMPDIR']));
    } finally {
      delete process.env.GRADEKIT_TEST_SECRET;
    }
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
    expect(loop.tests.map((t) => t.status)).toEqual(['passed', 'passed', 'error', 'passed']);
    const busy = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'import-busy-loop'), { wrap: s.wrap });
    expect(busy.fatal?.kind).toBe('import');
    const normal = await gradeSubmission(a, rootPath('fixtures', 'hostile', 'python', 'normal'), { wrap: s.wrap });
    expect(normal.score).toBe(normal.maxScore);
    s.dispose();
  }, 30_000);
});
