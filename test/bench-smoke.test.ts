// The benchmark's parts run end to end on tiny sizes (no timing assertions: figures depend on the machine).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitLine, isLinear, median, p95 } from '../bench/stats.js';
import { measureOverhead } from '../bench/overhead.js';
import { generateUnittest } from '../bench/unittest-gen.js';
import { measureSuites, measureSuiteScaling, spreadIds } from '../bench/suite.js';
import { generateSubmissions, measureBatch } from '../bench/batch.js';
import { benchChiseler, benchIsValidWord, benchMakeGuess } from '../bench/reference-speed.js';
import { dictionaryOfLength } from '../bench/dictionaries.js';
import { busySeconds, cpuUtilisation, idleSeconds, openCpuAccount, readCpuTimes, treeRssKb } from '../bench/system.js';
import { measureFloor } from '../bench/floor.js';
import { acceptedFixture } from '../bench/suite.js';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { renderMarkdown } from '../bench/report.js';
import { registerBenchCommand } from '../bench/cli.js';
import { Command } from 'commander';
import { loadAssignment } from '../harness/assignment/load.js';
import { rootPath } from '../harness/paths.js';
import '../reference/register.js';

describe('bench statistics', () => {
  it('medians, p95 and line fits', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(p95(Array.from({ length: 101 }, (_, i) => i))).toBe(95);
    const f = fitLine([1, 2, 3, 4], [12, 22, 32, 42]);
    expect(f.slope).toBeCloseTo(10);
    expect(f.intercept).toBeCloseTo(2);
    expect(isLinear(f, 4)).toBe(true);
    expect(isLinear(fitLine([1, 2, 3, 4], [1, 16, 2, 40]), 4)).toBe(false);
    expect(spreadIds(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'c']);
  });

  it('reads the machine: per-core CPU and the RSS of this process tree', () => {
    const a = readCpuTimes();
    const t0 = performance.now();
    while (performance.now() - t0 < 300); // keep one core busy for 0.3 s
    const b = readCpuTimes();
    expect(cpuUtilisation(a, b).length).toBe(a.cores.length);
    expect(busySeconds(a, b)).toBeGreaterThan(0.2);
    expect(treeRssKb(process.pid)).toBeGreaterThan(10_000);
    expect(idleSeconds(a, b)).toBeGreaterThanOrEqual(0);
  });

  it('counts the CPU of a command and of the processes it starts', () => {
    const account = openCpuAccount();
    // A shell whose child burns 0.3 s of CPU (of its own, however loaded the machine): counted though the shell itself does nothing.
    const argv = account.wrap(['/bin/sh', '-c', `${process.execPath} -e "while (process.cpuUsage().user < 300000);"`]);
    const group = account.source === 'cgroup' ? argv[3] : undefined;
    try {
      expect(spawnSync(argv[0], argv.slice(1)).status).toBe(0);
      expect(account.seconds()).toBeGreaterThan(0.3);
    } finally {
      account.close();
    }
    if (group) expect(existsSync(group), 'the cgroup is removed').toBe(false);
    else expect(account.reason).toBeTruthy();
  });
});

describe('bench measures on tiny sizes', () => {
  it('1: per-test overhead through the session and through fresh processes', async () => {
    const o = await measureOverhead(3);
    expect(o.call.session.runs).toBe(3);
    expect(o.transcript.process.medianMs).toBeGreaterThan(0);
    expect(o.call.ratio).toBeGreaterThan(0);
  });

  it('2: the generated ps3-mit unittest file passes on an accepted submission and fails on a wrong one', () => {
    const a = loadAssignment('ps3-mit');
    const gen = generateUnittest(a);
    expect(gen.cases).toBeGreaterThan(40);
    const run = (sub: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'bench-smoke-ut-'));
      try {
        copyFileSync(join(sub, 'ps3.py'), join(dir, 'ps3.py'));
        copyFileSync(a.wordsFile!, join(dir, 'words.txt'));
        writeFileSync(join(dir, 'test_ps3.py'), gen.source);
        execFileSync('python3', ['-m', 'unittest', '-q', 'test_ps3'], { cwd: dir, stdio: 'pipe' });
        return true;
      } catch {
        return false;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(run(join(a.fixturesDir, 'submissions', 'accepted', 'skeleton-del-keys'))).toBe(true);
    expect(run(join(a.fixturesDir, 'submissions', 'wrong_answer', 'score-floor-zero'))).toBe(false);
  });

  it("2: gradekit check beside a course's own unittest file, with the cost of each test", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gradekit-bench-course-'));
    // A course test file of our own, in the shape of MIT's: it imports ps3 and checks handout examples.
    const file = join(dir, 'test_ps3.py');
    writeFileSync(file, [
      'import unittest', 'import ps3', '',
      'class TestPs3(unittest.TestCase):',
      '    def test_weed(self):', "        self.assertEqual(ps3.get_word_score('weed', 6), 224)", '',
      '    def test_words(self):', "        self.assertIn('hello', ps3.load_words())", '',
      "if __name__ == '__main__':", '    unittest.main()', '',
    ].join('\n'));
    const r = measureSuites(1, [], { 'ps3-mit': file }, ['ps3-mit']);
    expect(r.skipped).toEqual([]);
    const [fig] = r.figures;
    fig.floor = { assignment: 'ps3-mit', submission: fig.submission, driverStart: { medianMs: 60, p95Ms: 70, runs: 2 }, fork: { medianMs: 2, p95Ms: 3, runs: 5 },
      unittest: { wallMs: 80, ranMs: 30, cases: 44, passed: true }, workMs: 30, tests: fig.tests, modelMs: 60 + 2 * fig.tests + 30, load: [1, 1, 1] };
    expect(fig.allPassed).toBe(true);
    expect(fig.courseUnittest).toMatchObject({ file, cases: 2, passed: true });
    expect(fig.courseUnittest!.ratio).toBeCloseTo(fig.wallMs / fig.courseUnittest!.wallMs, 1);
    expect(fig.perTest.maxMs).toBeGreaterThanOrEqual(fig.perTest.p90Ms);
    expect(fig.perTest.p90Ms).toBeGreaterThanOrEqual(fig.perTest.medianMs);
    expect(fig.perTest.medianMs).toBeGreaterThan(0);
    expect(renderMarkdown({ startedAt: 'now', mode: 'custom', machine: { cpus: 2, model: 'x', memGb: 1, node: 'v20', loadAtStart: [1, 1, 1] }, errors: [], totalMs: 1, suites: r }))
      .toMatch(/ps3-mit \| \d+ \| (\d+|–) \| – \| – \| \d+ \| \d+ \| [\d.]+× \| ≤ 2× the floor model: (✅ met|❌ missed) \| \d+ \|/);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('the isolation floor: a driver start, a fork that does nothing, and the tests\' own work, on a real-shaped submission', async () => {
    const a = loadAssignment('ps3-ocw');
    const f = await measureFloor(a, acceptedFixture(a)!, { starts: 2, forks: 5, runs: 1 });
    expect(f.driverStart.runs).toBe(2);
    expect(f.fork.runs).toBe(5);
    expect(f.unittest.passed).toBe(true);
    expect(f.tests).toBe(a.spec.data.tests.length);
    expect(f.driverStart.medianMs).toBeGreaterThan(f.fork.medianMs);
    expect(f.workMs).toBeGreaterThan(0);
    expect(f.workMs).toBeLessThan(f.unittest.wallMs); // the run, without the interpreter's start and imports
    expect(f.modelMs).toBeCloseTo(f.driverStart.medianMs + f.tests * f.fork.medianMs + f.workMs, 0);
    // In CPU time where the bench can make a cgroup (root, cgroup v1).
    if (f.cpu) {
      expect(f.cpu.driverStartMs).toBeGreaterThan(f.cpu.forkMs);
      expect(f.cpu.modelMs).toBeCloseTo(f.cpu.driverStartMs + f.tests * f.cpu.forkMs + f.cpu.workMs, 0);
    }
  }, 60_000);

  it('5: suite time against the number of tests', async () => {
    const s = await measureSuiteScaling('chiseler', [1, 2], 1);
    expect(s.points.map((p) => p.tests)).toEqual([1, 2]);
  });

  it('3: generated submissions and a small `gradekit grade` batch', async () => {
    const a = loadAssignment('ps3-ocw');
    const dir = mkdtempSync(join(tmpdir(), 'bench-smoke-subs-'));
    try {
      const n = generateSubmissions(a.fixturesDir, 'ps3.py', 6, dir);
      expect(n).toEqual({ copies: 3, mutants: 3 });
      expect(readdirSync(dir)).toHaveLength(6);
      const srcs = readdirSync(dir).map((d) => readFileSync(join(dir, d, 'ps3.py'), 'utf8'));
      expect(new Set(srcs).size).toBe(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const c = loadAssignment('chiseler');
    const b = await measureBatch('chiseler', c.fixturesDir, 'chiseler.py', 2);
    expect(b.submissions).toBe(2);
    expect(b.peakRssMb).toBeGreaterThan(0);
    expect(b.cpuSecondsPerSubmission).toBeGreaterThan(0);
    expect(b.cpuSeconds).toBeGreaterThan(0);
    expect(b.waitingShare).toBeGreaterThanOrEqual(0);
    expect(b.waitingShare).toBeLessThanOrEqual(1);
    expect(b.idleSeconds).toBeCloseTo(b.waitingShare * b.cpu.length * (b.wallMs / 1000), 0);
    expect(renderMarkdown({ startedAt: 'now', mode: 'custom', machine: { cpus: 2, model: 'x', memGb: 1, node: 'v20', loadAtStart: [1, 1, 1] }, errors: [], totalMs: 1, batch: { assignment: 'chiseler', figures: [b], fit: { slope: 1, intercept: 0, r2: 1 }, linear: false } }))
      .toMatch(/waiting ≤ 10%: (✅ met|❌ missed)/);
  });

  it('4: reference speed on small inputs', () => {
    expect(new Set(dictionaryOfLength(500, 6)).size).toBe(500);
    expect(dictionaryOfLength(500, 6).every((w) => w.length === 6)).toBe(true);
    expect(benchMakeGuess(2_000, 2).runs).toBe(2);
    expect(benchChiseler(50, 1).note).toMatch(/digits/);
    expect(benchIsValidWord(3)).toHaveLength(2);
  });

  it('registers `gradekit bench` with its options (--course-tests and --class among them)', () => {
    const program = new Command();
    registerBenchCommand(program);
    const c = program.commands.find((x) => x.name() === 'bench')!;
    expect(c.options.map((o) => o.long)).toEqual(['--quick', '--out', '--only', '--course-tests', '--class', '--quiet', '--verbose']);
  });

  it('renders a markdown report', () => {
    const md = renderMarkdown({
      startedAt: 'now', mode: 'custom', machine: { cpus: 2, model: 'x', memGb: 1, node: 'v20', loadAtStart: [1, 1, 1] }, errors: [{ section: 's', message: 'm' }], totalMs: 1,
      reference: { figures: [{ name: 'make_guess (all words active, 8 letters)', size: 120_000, medianMs: 12, p95Ms: 15, cpuMs: 11, runs: 3, load: [1, 1, 1] }], skipped: [] },
    });
    expect(md).toContain('| make_guess (all words active, 8 letters) | 120,000 | 12.00 | 15.00 | 11.00 |');
    expect(md).toContain('✅ met');
    expect(md).toContain('- s: m');
  });

  it('a bench stopped by SIGTERM during its batch stops the batch it started and leaves no work folder', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'bench-term-'));
    const bench = spawn(process.execPath, [rootPath('bin', 'gradekit'), 'bench', '--quick', '--only', '3', '--out', join(tmp, 'out'), '-q'], { env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => bench.on('exit', (code) => r(code)));
    /** The `gradekit grade` processes whose class folder is under this test's temp folder. */
    const graders = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
      try {
        const argv = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        return argv.includes('grade') && argv.some((a) => a.startsWith(tmp));
      } catch {
        return false; // gone meanwhile
      }
    });
    let child: string[] = [];
    for (let i = 0; i < 1200 && !child.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      child = graders();
    }
    expect(child.length, 'the bench started its batch').toBeGreaterThan(0);
    bench.kill('SIGTERM');
    expect(await exited).toBe(128 + 15);
    for (let i = 0; i < 300 && graders().length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(graders(), 'the batch the bench started is still running').toEqual([]);
    const left = readdirSync(tmp).filter((n) => n.startsWith('gradekit-'));
    expect(left, 'work folders left in the temp folder').toEqual([]);
    rmSync(tmp, { recursive: true, force: true });
  }, 300_000);
});
