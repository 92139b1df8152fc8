// Hostile Python submissions (fixtures/hostile/python): each one must be graded to the right,
// self-explaining verdict inside the sandbox; an ordinary submission graded right after it must get
// exactly the result it gets alone; and nothing outside the sandbox may change (project files,
// the temp folder, processes, network).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import '../reference/register.js';
import { gradeBatch } from '../harness/batch/grade.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { createSandbox, type Sandbox } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import type { Report, Status } from '../harness/model/report.js';
import { changedFiles, listing, privateTmpRoot, processesUnder, projectFingerprint, projectFolderInTmp } from './hostile-support.js';
import { writeOutputs } from '../harness/batch/command.js';
import { DEFAULT_REPORT_CAPS } from '../harness/report/caps.js';
import { renderBatchSummary, renderTerminal } from '../harness/report/terminal.js';
import { renderJson } from '../harness/report/json.js';
import { renderJunit } from '../harness/report/junit.js';
import { toGradescope } from '../harness/report/gradescope.js';
import { renderHtml, renderHtmlIndex } from '../harness/report/html.js';
import { renderAnnotations, renderStepSummary } from '../harness/report/github.js';
import { renderGradesCsv } from '../harness/report/csv.js';
import { fixFirst } from '../harness/report/fix-first.js';

const TESTS = ['share-letter', 'winning-strategy', 'count', 'show-game'] as const;
type Expect = {
  /** Status per test; tests not named must pass. */
  status?: Partial<Record<(typeof TESTS)[number], Status>>;
  /** Every test errors because the import failed, with this fatal message. */
  fatal?: RegExp;
  /** What the failing tests' messages must say. */
  message?: RegExp;
  /** What no message may contain. */
  never?: RegExp;
  /** Only meaningful inside bubblewrap (reads, writes or kills outside the work directory). */
  isolation?: boolean;
};

const HOSTILE: Record<string, Expect> = {
  'infinite-loop': { status: { count: 'error' }, message: /time limit exceeded: no result after 1 s/ },
  'import-busy-loop': { fatal: /CPU|SIGXCPU|code 152/ },
  sleep: { status: { count: 'error' }, message: /time limit exceeded: no result after 1 s/ },
  'fork-bomb': { status: { count: 'error' }, message: /BlockingIOError|Resource temporarily unavailable|time limit exceeded|killed/ },
  'memory-bomb': { status: { count: 'error' }, message: /MemoryError: ran out of memory \(limit 256 MiB\)/ },
  'recursion-bomb': { status: { 'winning-strategy': 'error', 'show-game': 'skipped' }, message: /RecursionError/ },
  'output-flood': { status: { 'show-game': 'error' }, message: /printed more than 65536 characters/ },
  'no-newline-flood': { status: { 'show-game': 'error' }, message: /printed more than 65536 characters/ },
  'binary-output': {},
  // The escapes are shown as \x1b, never as raw bytes that would repaint the grader's terminal.
  'ansi-flood': { status: { 'show-game': 'failed' }, message: /\\x1b\[/, never: /\x1b|\x07/ },
  'read-secrets': { status: { count: 'error' }, message: /FileNotFoundError.*\/work\/main\/specs\/chiseler\.yaml/, never: /assignment: chiseler/, isolation: true },
  'list-submissions': { status: { 'winning-strategy': 'failed', 'show-game': 'error' }, message: new RegExp(`/tmp: ${projectFolderInTmp().map((f) => `${f} `).join('')}gk-hostile-\\w+'|IndexError`), never: /decoy|specs|package\.json|bash_history/, isolation: true },
  'write-outside': { isolation: true },
  'delete-own-files': {},
  network: { status: { count: 'error' }, message: /ConnectionRefusedError|Network is unreachable|OSError/, isolation: true },
  'kill-parent': { status: { count: 'error' }, message: /lost contact|killed/, isolation: true },
  'close-stdio': {},
  'spoof-verdicts': { status: { 'share-letter': 'failed', 'winning-strategy': 'failed', count: 'failed', 'show-game': 'failed' }, message: /None|printed nothing/ },
  'exit-at-import': { fatal: /exit\(0\)/ },
  'replace-module': { status: { 'share-letter': 'failed', 'winning-strategy': 'failed', count: 'failed', 'show-game': 'failed' }, message: /None|printed nothing/ },
  // Every test stops at the output cap; the report keeps each transcript's head and tail only (see the batch test).
  'flood-everywhere': { status: { 'share-letter': 'error', 'winning-strategy': 'error', count: 'error', 'show-game': 'error' }, message: /^output limit exceeded: printed more than 65536 characters/ },
  // C1 controls, a right-to-left override and line separators, printed and raised: every format shows them as escapes.
  'unicode-controls': { status: { count: 'error', 'show-game': 'failed' }, message: /ValueError: \u202edetaerc|line 1: expected the words left, 'CAT TACK KITE', got '\\x9b2J/ },
};

/** Known holes: the driver's private channel trusts whatever arrives on it (closed: see the security table in README.md). */
const KNOWN_HOLES: Record<string, Expect> = {
  'forge-channel': { status: { 'share-letter': 'failed', 'winning-strategy': 'failed', count: 'failed', 'show-game': 'failed' }, message: /None|printed nothing/ },
  'patch-builtins': { status: { 'share-letter': 'failed', 'winning-strategy': 'failed', count: 'failed', 'show-game': 'failed' } },
};

const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml'));
const fixture = (name: string) => rootPath('fixtures', 'hostile', 'python', name);
let tmpRoot: string;
let sandbox: Sandbox;
let alone: Report;
let server: Server | undefined;
let connections = 0;
let canary: ChildProcess;

const summary = (r: Report) => r.tests.map((t) => `${t.id}: ${t.status} ${t.message}`).join('\n') + (r.fatal ? `\nfatal: ${r.fatal.message}` : '');
const grade = (path: string) => gradeSubmission(a, path, { wrap: sandbox.wrap, notices: sandbox.notice ? [sandbox.notice] : [] });

beforeAll(async () => {
  tmpRoot = privateTmpRoot();
  sandbox = createSandbox({ limits: { cpuSeconds: 2, memoryMb: 512 } });
  // Another student's work directory, which no submission may see.
  mkdirSync(join(tmpRoot, 'gradekit-decoy-submission'));
  writeFileSync(join(tmpRoot, 'gradekit-decoy-submission', 'chiseler.py'), '# decoy\n');
  alone = await grade(fixture('normal'));
  server = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((res) => server!.once('error', () => ((server = undefined), res())).listen(47613, '127.0.0.1', () => res()));
  canary = spawn('sleep', ['120'], { stdio: 'ignore' });
});

afterAll(() => {
  server?.close();
  canary?.kill('SIGKILL');
  sandbox?.dispose();
  rmSync(tmpRoot, { recursive: true, force: true });
});

it('grades the ordinary submission to full marks on its own', () => {
  expect(alone.score, summary(alone)).toBe(alone.maxScore);
});

function check(name: string, exp: Expect) {
  return async () => {
    const before = projectFingerprint();
    const tmpBefore = listing(tmpRoot);
    const source = readFileSync(join(fixture(name), 'chiseler.py'));
    const t0 = performance.now();
    const report = await grade(fixture(name));
    const ms = performance.now() - t0;
    const text = summary(report);
    if (exp.fatal) {
      expect(report.fatal?.message, text).toMatch(exp.fatal);
      for (const t of report.tests) expect(t.status, text).toBe('error');
    } else {
      expect(report.fatal, text).toBeUndefined();
      for (const id of TESTS) {
        const want = exp.status?.[id] ?? 'passed';
        const got = report.tests.find((t) => t.id === id)!;
        expect(got.status, text).toBe(want);
        if (want !== 'passed' && exp.message) expect(got.message, text).toMatch(exp.message);
      }
    }
    if (exp.never) for (const t of report.tests) expect(t.message).not.toMatch(exp.never);
    expect(ms, 'grading time').toBeLessThan(15_000);

    // The same sandbox grades an ordinary submission next, and it must not notice anything.
    const after = await grade(fixture('normal'));
    expect(after.tests.map((t) => [t.id, t.status, t.message])).toEqual(alone.tests.map((t) => [t.id, t.status, t.message]));

    // Nothing outside the sandbox changed. Other people may edit the project while this runs, so a
    // changed file only counts against the sandbox if it carries the fixtures' "pwned" mark; the one
    // project folder the sandbox can see (read-only) must be byte-identical.
    const fp = projectFingerprint();
    const changed = changedFiles(before, fp);
    expect(changed.filter((f) => f.startsWith('harness/run/python/')), 'the driver folder').toEqual([]);
    expect(changed.filter((f) => existsSync(rootPath(f)) && /pwned/.test(readFileSync(rootPath(f), 'utf8'))), 'files written by the sandbox').toEqual([]);
    expect(fp.top.filter((f) => /pwned/i.test(f)), 'new files at the project root').toEqual([]);
    expect(listing(tmpRoot), 'temp folder').toEqual(tmpBefore);
    expect(readFileSync(join(fixture(name), 'chiseler.py')).equals(source), 'the fixture itself').toBe(true);
    expect(processesUnder(tmpRoot), 'processes left behind').toEqual([]);
    for (const p of ['/tmp/gradekit-pwned.txt', '/root/pwned.txt', '/usr/pwned.txt', '/etc/pwned.txt', join(tmpRoot, 'pwned.txt')]) expect(existsSync(p), p).toBe(false);
    expect(connections, 'connections from the sandbox').toBe(0);
    expect(canary.exitCode ?? canary.signalCode, 'a process outside the sandbox').toBeNull();
  };
}

describe('hostile Python submissions', () => {
  for (const [name, exp] of Object.entries(HOSTILE)) {
    const skip = exp.isolation && sandbox_kind() !== 'bwrap';
    it.skipIf(skip)(name, check(name, exp), 30_000);
  }
  // Forged replies on the driver channel and patched json/builtins at import: closed by the
  // session's id+nonce check and the driver's own captured json functions.
  for (const [name, exp] of Object.entries(KNOWN_HOLES)) {
    it.skipIf(sandbox_kind() !== 'bwrap')(`${name} (forged driver replies are refused)`, check(name, exp), 30_000);
  }
});

/** Probed before the suite starts (skipIf needs it at collection time). */
function sandbox_kind(): string {
  return createSandbox().kind;
}

describe('every hostile fixture in one batch run', () => {
  it('contains each one, and the ordinary submissions in the same batch get the result they get alone', async () => {
    const classDir = join(tmpRoot, 'class');
    const outDir = join(tmpRoot, 'batch-out');
    const names = Object.keys(HOSTILE).filter((n) => !HOSTILE[n].isolation || sandbox.kind === 'bwrap');
    // Ordinary submissions interleaved with the hostile ones, so each hostile one has a neighbour.
    names.forEach((n, i) => {
      cpSync(fixture(n), join(classDir, `h-${n}`), { recursive: true });
      if (i % 4 === 0) cpSync(fixture('normal'), join(classDir, `n-${i}`), { recursive: true });
    });
    const before = projectFingerprint();
    const { reports } = await gradeBatch(a, classDir, { outDir, jobs: 2, wrap: sandbox.wrap });
    expect(changedFiles(before, projectFingerprint())).toEqual([]);
    const strip = (r: Report) => r.tests.map((t) => [t.id, t.status, t.message]);
    for (const r of reports) {
      if (r.id!.startsWith('n-')) expect(strip(r), `${r.id} in the batch`).toEqual(strip(alone));
      else {
        const exp = HOSTILE[r.id!.slice(2)];
        if (exp.fatal) expect(r.fatal?.message, `${r.id}: ${summary(r)}`).toMatch(exp.fatal);
        else {
          for (const t of r.tests) {
            const want = exp.status?.[t.id as (typeof TESTS)[number]] ?? 'passed';
            expect(t.status, `${r.id} ${t.id}: ${summary(r)}`).toBe(want);
            // However much was printed, the stored message still says what differed (or which limit was hit).
            if (want !== 'passed' && exp.message) expect(t.message, `${r.id} ${t.id}`).toMatch(exp.message);
          }
        }
      }
    }
    expect(reports.length).toBe(names.length + Math.ceil(names.length / 4));

    // No report over 1 MB in any format: the stored JSON, Gradescope's results.json, one HTML page.
    writeOutputs(reports, outDir, ['junit', 'html'], false);
    const MB = 1_000_000;
    for (const f of readdirSync(join(outDir, 'results'))) expect(statSync(join(outDir, 'results', f)).size, f).toBeLessThan(MB);
    const pages = readdirSync(join(outDir, 'html', 'submissions'));
    expect(pages).toHaveLength(reports.length);
    for (const f of pages) expect(statSync(join(outDir, 'html', 'submissions', f)).size, f).toBeLessThan(MB);
    for (const r of reports) expect(Buffer.byteLength(JSON.stringify(toGradescope(r), null, 2)), r.id).toBeLessThan(MB);
    // The flood kept its head and tail, said how much it left out, and the report says it was shortened.
    const flood = reports.find((r) => r.id === 'h-flood-everywhere')!;
    for (const t of flood.tests) {
      expect(Buffer.byteLength(t.detail!.transcript!), t.id).toBeLessThanOrEqual(DEFAULT_REPORT_CAPS.text);
      expect(t.detail!.transcript, t.id).toMatch(/^all work and no play makes [\s\S]*\n… \d+ bytes \(\d+ lines\) omitted …\n[\s\S]*all work/);
    }
    expect(flood.notices?.join('\n')).toMatch(/This report was shortened/);
  }, 300_000);
});

describe('characters that act on the reader', () => {
  // C1 controls (U+0080-U+009F), bidirectional controls and the Unicode line and paragraph separators.
  const RAW = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
  let r: Report;
  beforeAll(async () => {
    r = await grade(fixture('unicode-controls'));
    // What the submission printed and raised is in the report as data, unchanged.
    expect(JSON.stringify(r)).toMatch(RAW);
  });
  const shown = (name: string, text: string) => {
    expect(text, name).not.toMatch(RAW);
    expect(text, name).toContain('\\u202e');
  };

  it('are shown as escapes in the terminal report and the Fix first line', () => {
    shown('terminal', renderTerminal(r, { color: false, verbose: true }));
    shown('fix first', fixFirst(r)!);
  });
  it('are written as \\u escapes in the JSON report, which parses back to the same text', () => {
    const json = renderJson(r);
    shown('json', json);
    expect(JSON.parse(json).tests).toEqual(r.tests);
  });
  it('are shown as escapes in JUnit XML', () => shown('junit', renderJunit(r)));
  it("are shown as escapes in Gradescope's results.json", () => shown('gradescope', JSON.stringify(toGradescope(r), null, 2)));
  it('are shown as escapes in the HTML report', () => shown('html', renderHtml(r)));
  it('are shown as escapes in GitHub annotations and the step summary', () => {
    shown('annotations', renderAnnotations(r));
    shown('step summary', renderStepSummary(r));
  });
  it('are shown as escapes in a student-chosen name: gradebook, batch summary, HTML index', () => {
    const named = { ...r, submission: 'alice\u202egnp.py', id: 'alice\u202egnp' };
    shown('csv', renderGradesCsv([named], { idOf: (x) => x.id! }));
    shown('batch summary', renderBatchSummary([named], { color: false }));
    shown('html index', renderHtmlIndex([named]));
  });
});
