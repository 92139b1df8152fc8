// Hostile Java submissions (fixtures/hostile/java): each is the accepted classic-dashes Evil Hangman
// program with one hostile behaviour. Each must be graded to the right, self-explaining verdict
// inside the sandbox; an ordinary Java submission graded right after it must get exactly the result
// it gets alone; and nothing outside the sandbox may change (project files, the temp folder,
// processes, network). One short game per submission keeps the suite near a minute on 2 cores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { gradeBatch } from '../harness/batch/grade.js';
import { languageRunners } from '../harness/grade/runners.js';
import { createSandbox, type Sandbox } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import type { Report, Status } from '../harness/model/report.js';
import { changedFiles, listing, privateTmpRoot, processesUnder, projectFingerprint } from './hostile-support.js';

type Expect = {
  /** Status of the game; several when the outcome legitimately depends on machine load. */
  status: Status | Status[];
  /** What the message must say when the game does not pass. */
  message?: RegExp;
  /** What neither the message nor the transcript may contain. */
  never?: RegExp;
  /** Only meaningful inside bubblewrap (reads, writes, kills or connects outside the work directory). */
  isolation?: boolean;
  /** Only safe with a process-count limit (cgroup or RLIMIT_NPROC). */
  processes?: boolean;
  /** What the stored transcript must show (a time limit keeps the game up to where it stopped). */
  transcript?: RegExp;
  /** A report notice that must be there. */
  notice?: RegExp;
  /** The game took less wall time than this (its sleeps, taken for real, would take at least as long). */
  maxGameMs?: number;
};

/** The time limit (3 s in the hostile spec) is CPU time; waiting is limited apart, by as long again. */
const CPU_LIMIT = /^time limit exceeded: used more than 3 s of CPU time without finishing \(stopped at 4.5 s, half as much again, so that no program near its limit is stopped by chance\): an infinite loop or very slow code/;
const WAITING = /^time limit exceeded: the program was waiting, not computing: it spent 3(\.\d+)? s asleep without finishing or asking for input \(and used \d+ ms of its 3 s of CPU time\), waiting for something that never comes: it was blocked on a lock, a condition or a sleep the grader cannot fast-forward \(Object\.wait, join, a lock, park\)/;
/** A stopped game keeps what the program printed and every input it was given, up to where it stopped. */
const UP_TO_FIRST_GUESS = /Enter word length: 4\n[\s\S]*Show running total of words remaining\? \(y\/n\): y\n[\s\S]*Enter a letter: a\n$/;
const OUTPUT_LIMIT = /^output limit exceeded: output exceeded \d+ bytes; the program was stopped/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const EXITED = /^the program exited without playing a game/;

const HOSTILE: Record<string, Expect> = {
  'infinite-loop': { status: 'error', message: CPU_LIMIT, transcript: UP_TO_FIRST_GUESS },
  // Ten minutes of Thread.sleep on the virtual clock: no time at all.
  sleep: { status: 'passed', maxGameMs: 600_000 },
  waiting: { status: 'error', message: WAITING, transcript: UP_TO_FIRST_GUESS },
  // 2.25 s before each of at least three answers: 6.75 s if the sleeps were real, whatever the machine's load.
  sleeper: { status: 'passed', maxGameMs: 6750 },
  // About half the CPU limit: passes however loaded the machine (see test/determinism-java.test.ts).
  'slow-correct': { status: 'passed' },
  'blank-comments': { status: 'passed' },
  'many-word-files': { status: 'passed', notice: /the program names 30001 \.txt files; the word list is provided under the first 8 of them only \(dictionary\.txt, w00000\.txt, w00001\.txt/ },
  'memory-bomb': { status: 'error', message: /^run-time error: .*java\.lang\.OutOfMemoryError: Java heap space.* after input "a" \(guess 1\)/ },
  'thread-bomb': { status: 'error', message: /^run-time error: .*OutOfMemoryError: unable to create native thread.* before any input/, processes: true },
  // The bomb runs beside the game; contained, the game still passes unless the bomb's CPU time (it is the
  // program's own child) reaches the limit first.
  'fork-bomb': { status: ['passed', 'error'], message: /^time limit exceeded: /, processes: true },
  // Whichever the process limit stops first: the next process, or the JVM thread that would wait for it.
  'process-spawn': { status: 'error', message: /^run-time error: .*(Cannot run program "sleep": error=11, Resource temporarily unavailable|OutOfMemoryError: unable to create native thread).* before any input/, processes: true },
  'output-flood': { status: 'error', message: OUTPUT_LIMIT },
  'no-newline-flood': { status: 'error', message: OUTPUT_LIMIT },
  // The fixture names the project's real folder (the test writes it into a copy, see fixture()).
  'read-secrets': { status: 'error', message: new RegExp(`^run-time error: .*NoSuchFileException: ${escapeRe(rootPath('specs', 'evil-hangman-java.yaml'))}.* before any input`), never: /assignment:|win-5|"games"/, isolation: true },
  'list-submissions': { status: 'passed', never: /decoy|specs|fixtures-hostile|package\.json|node_modules|gradekit-java-|\.bash_history/, isolation: true },
  'write-outside': { status: 'passed', isolation: true },
  network: { status: 'error', message: /^run-time error: .*(ConnectException: Connection refused|Network is unreachable).* after input "a" \(guess 1\)/, isolation: true },
  'exit-at-start': { status: 'failed', message: EXITED },
  'close-stdout': { status: 'failed', message: /^the program waits for input without printing a prompt/ },
  'spoof-verdicts': { status: 'failed', message: EXITED },
  'kill-others': { status: 'passed', isolation: true },
  // Issue #26: writes through /proc/self/fd/N into every file it holds open: none is the grader's
  // (test/sandbox-bwrap.test.ts starts gradekit with fd 200 open on a host file).
  'inherited-fds': { status: 'passed' },
};

const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml'));
let prepared: string;
/** The fixture to grade; read-secrets is a copy that names this checkout's real project folder. */
const fixture = (name: string) => (name === 'read-secrets' ? prepared : rootPath('fixtures', 'hostile', 'java', name));
const probe = createSandbox();
let tmpRoot: string;
let sandbox: Sandbox;
let alone: Report;
let server: Server | undefined;
let connections = 0;
let canary: ChildProcess;

const summary = (r: Report) => r.tests.map((t) => `${t.id}: ${t.status} ${t.message}`).join('\n') + (r.fatal ? `\nfatal: ${r.fatal.message}` : '');
const grade = (path: string) => gradeSubmission(a, path, { wrap: sandbox.wrap, runners: languageRunners(), notices: sandbox.notice ? [sandbox.notice] : [] });

/** The sandbox tears its processes down when the game ends; allow the kernel a moment to reap them. */
async function leftovers(dir: string): Promise<number[]> {
  for (let i = 0; i < 20; i++) {
    const left = processesUnder(dir);
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return processesUnder(dir);
}

beforeAll(async () => {
  tmpRoot = privateTmpRoot();
  prepared = join(tmpRoot, 'prepared-read-secrets');
  mkdirSync(prepared);
  const src = rootPath('fixtures', 'hostile', 'java', 'read-secrets', 'EvilHangman.java');
  writeFileSync(join(prepared, 'EvilHangman.java'), readFileSync(src, 'utf8').replaceAll('/work/main', rootPath()));
  sandbox = createSandbox();
  // Another student's work, which no submission may see.
  mkdirSync(join(tmpRoot, 'gradekit-decoy-submission'));
  writeFileSync(join(tmpRoot, 'gradekit-decoy-submission', 'EvilHangman.java'), '// decoy\n');
  alone = await grade(fixture('normal'));
  server = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((res) => server!.once('error', () => ((server = undefined), res())).listen(47614, '127.0.0.1', () => res()));
  canary = spawn('sleep', ['100000'], { stdio: 'ignore' });
}, 30_000);

afterAll(() => {
  server?.close();
  canary?.kill('SIGKILL');
  sandbox?.dispose();
  rmSync(tmpRoot, { recursive: true, force: true });
});

it('grades the ordinary Java submission to full marks on its own', () => {
  expect(alone.fatal, summary(alone)).toBeUndefined();
  expect(alone.score, summary(alone)).toBe(alone.maxScore);
});

function check(name: string, exp: Expect) {
  return async () => {
    const before = projectFingerprint();
    const tmpBefore = listing(tmpRoot);
    const source = readFileSync(join(fixture(name), 'EvilHangman.java'));
    const t0 = performance.now();
    const report = await grade(fixture(name));
    const ms = performance.now() - t0;
    const text = summary(report);
    expect(report.fatal, text).toBeUndefined();
    const [game] = report.tests;
    const allowed = ([] as Status[]).concat(exp.status);
    expect(allowed, text).toContain(game!.status);
    if (game!.status !== 'passed' && exp.message) expect(game!.message, text).toMatch(exp.message);
    if (game!.status !== 'passed') expect(report.score, text).toBe(0);
    if (exp.transcript) expect(String(game!.detail?.transcript ?? ''), text).toMatch(exp.transcript);
    if (exp.notice) expect(report.notices?.join('\n'), text).toMatch(exp.notice);
    if (exp.maxGameMs !== undefined) expect(game!.durationMs, 'the game on the virtual clock').toBeLessThan(exp.maxGameMs);
    if (exp.never) {
      expect(game!.message).not.toMatch(exp.never);
      expect(String(game!.detail?.transcript ?? '')).not.toMatch(exp.never);
    }
    // Compile (about 1.5 s) plus one game: at most 3 s of CPU time, or 3 s of waiting; on a machine too
    // loaded to give it that CPU time, the wall-clock backstop of a 3 s limit (33 s). The bound leaves room for a
    // busy 2-core machine's compile and start-up (62 s seen beside two other whole-class gradings): it catches a
    // grader that waits for minutes, not a slow machine.
    expect(ms, 'grading time').toBeLessThan(90_000);

    // The same sandbox grades an ordinary submission next, and it must not notice anything.
    const after = await grade(fixture('normal'));
    expect(after.tests.map((t) => [t.id, t.status, t.message])).toEqual(alone.tests.map((t) => [t.id, t.status, t.message]));

    // Nothing outside the sandbox changed (other people may edit the project meanwhile: only files
    // carrying the fixtures' "pwned" mark count against the sandbox; the driver folder, the one
    // project folder the sandbox can see read-only, must be byte-identical).
    const fp = projectFingerprint();
    const changed = changedFiles(before, fp);
    expect(changed.filter((f) => f.startsWith('harness/run/python/')), 'the driver folder').toEqual([]);
    expect(changed.filter((f) => existsSync(rootPath(f)) && /pwned/.test(readFileSync(rootPath(f), 'utf8'))), 'files written by the sandbox').toEqual([]);
    expect(fp.top.filter((f) => /pwned/i.test(f)), 'new files at the project root').toEqual([]);
    expect(listing(tmpRoot), 'temp folder').toEqual(tmpBefore);
    expect(readFileSync(join(fixture(name), 'EvilHangman.java')).equals(source), 'the fixture itself').toBe(true);
    expect(await leftovers(tmpRoot), 'processes left behind').toEqual([]);
    for (const p of ['/tmp/gradekit-pwned.txt', '/root/pwned.txt', '/usr/pwned.txt', '/etc/pwned.txt', '/tmp/pwned.txt', join(tmpRoot, 'pwned.txt'), rootPath('specs', 'pwned.yaml')]) {
      expect(existsSync(p), p).toBe(false);
    }
    expect(connections, 'connections from the sandbox').toBe(0);
    expect(canary.exitCode ?? canary.signalCode, 'a process outside the sandbox').toBeNull();
  };
}

describe('hostile Java submissions', () => {
  for (const [name, exp] of Object.entries(HOSTILE)) {
    const skip = (exp.isolation && probe.kind !== 'bwrap') || (exp.processes && probe.processLimit === 'none');
    // The test's own wall-clock budget (a busy slow suite stretches it); the verdicts it checks count CPU time.
    it.skipIf(skip)(name, check(name, exp), 180_000);
  }
});

describe('the Java hostile fixtures of issue 26 in one batch, beside correct classmates', () => {
  // Each hostile one between two correct ones, two at a time: a scan on the grader's thread, a program that
  // waits, one that sleeps, one that burns CPU, all running beside ordinary games.
  const NAMES = ['blank-comments', 'many-word-files', 'sleeper', 'slow-correct', 'waiting', 'infinite-loop'];
  it('grades each one as alone, and every classmate gets exactly its solo result', async () => {
    const classDir = join(tmpRoot, 'java-class');
    const outDir = join(tmpRoot, 'java-batch-out');
    NAMES.forEach((n, i) => {
      cpSync(fixture('normal'), join(classDir, `${i}a-normal`), { recursive: true });
      cpSync(fixture(n), join(classDir, `${i}b-${n}`), { recursive: true });
    });
    cpSync(fixture('normal'), join(classDir, `${NAMES.length}a-normal`), { recursive: true });
    const tmpBefore = listing(tmpRoot);
    const { reports } = await gradeBatch(a, classDir, { outDir, jobs: 2, wrap: sandbox.wrap, runners: languageRunners() });
    expect(reports).toHaveLength(2 * NAMES.length + 1);
    const strip = (r: Report) => r.tests.map((t) => [t.id, t.status, t.message]);
    for (const r of reports) {
      const name = r.id!.replace(/^\d+[ab]-/, '');
      if (name === 'normal') expect(strip(r), `${r.id} in the batch`).toEqual(strip(alone));
      else {
        const exp = HOSTILE[name]!;
        expect(([] as Status[]).concat(exp.status), `${r.id}: ${summary(r)}`).toContain(r.tests[0]!.status);
        if (r.tests[0]!.status !== 'passed' && exp.message) expect(r.tests[0]!.message, r.id).toMatch(exp.message);
      }
    }
    // Only the batch's own output appeared: no staging folder, game folder or word list was left behind.
    expect(listing(tmpRoot).filter((f) => !f.startsWith('java-class') && !f.startsWith('java-batch-out'))).toEqual(tmpBefore.filter((f) => !f.startsWith('java-class')));
  }, 180_000);
});

it('refuses sources over the size cap with a resource verdict, before any compile', async () => {
  const big = join(tmpRoot, 'pasted-data');
  mkdirSync(big);
  cpSync(join(fixture('normal'), 'EvilHangman.java'), join(big, 'EvilHangman.java'));
  writeFileSync(join(big, 'Words.java'), `class Words {}\n/*${'x'.repeat(1 << 20)}*/\n`);
  const r = await grade(big);
  expect(r.fatal?.kind).toBe('limit');
  expect(r.tests.map((t) => [t.status, t.kind, t.message])).toEqual([[
    'error', 'resource_limit_exceeded',
    "resource limit exceeded: the submission's .java files hold more than 1 MiB (Words.java goes past it): hand in only your own sources, without generated or pasted data",
  ]]);
});
