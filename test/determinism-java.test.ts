// A verdict depends on the submission alone, not on the machine's load (issue 26). A set of Java fixtures
// is graded twice: on the machine as it is, then beside a CPU hog of as many busy loops as there are cores.
// The set holds a slow-but-correct program using about half of its CPU-time limit (on the wall clock it
// takes twice as long or more beside the hog: a wall-clock limit would fail it there), one that sleeps
// 2.25 s before every answer (on the virtual clock), one that waits for ever, and an ordinary one. Every
// per-test status must be the same both times.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeBatch } from '../harness/batch/grade.js';
import { languageRunners } from '../harness/grade/runners.js';
import { createSandbox, type Sandbox } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import type { Report } from '../harness/model/report.js';
import { privateTmpRoot } from './hostile-support.js';

const SET: Record<string, string> = { normal: 'passed', 'slow-correct': 'passed', sleeper: 'passed', waiting: 'error' };
const a = loadAssignment(rootPath('test', 'fixtures-hostile', 'evil-hangman-java-hostile.yaml'));
let tmpRoot: string;
let sandbox: Sandbox;
let classDir: string;

beforeAll(() => {
  tmpRoot = privateTmpRoot();
  sandbox = createSandbox();
  classDir = join(tmpRoot, 'class');
  for (const name of Object.keys(SET)) cpSync(rootPath('fixtures', 'hostile', 'java', name), join(classDir, name), { recursive: true });
});
afterAll(() => {
  sandbox?.dispose();
  rmSync(tmpRoot, { recursive: true, force: true });
});

async function statuses(out: string): Promise<Record<string, string[]>> {
  mkdirSync(join(tmpRoot, out));
  const { reports } = await gradeBatch(a, classDir, { outDir: join(tmpRoot, out), jobs: 2, wrap: sandbox.wrap, runners: languageRunners() });
  const line = (r: Report) => r.tests.map((t) => `${t.id}: ${t.status}${t.status === 'passed' ? '' : ` (${t.message.slice(0, 160)})`}`);
  return Object.fromEntries(reports.map((r) => [r.id!, line(r)]));
}

it('gives every test the same status on a quiet machine and beside a CPU hog', async () => {
  const quiet = await statuses('quiet');
  const hogs: ChildProcess[] = Array.from({ length: availableParallelism() }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  let loaded: Record<string, string[]>;
  try {
    loaded = await statuses('loaded');
  } finally {
    for (const h of hogs) h.kill('SIGKILL');
  }
  const status = (s: Record<string, string[]>) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.map((l) => l.replace(/ \(.*$/, ''))]));
  expect(status(loaded), JSON.stringify({ quiet, loaded }, null, 2)).toEqual(status(quiet));
  // And the right statuses, not merely the same ones.
  for (const [name, want] of Object.entries(SET)) expect(status(quiet)[name], `${name}: ${quiet[name]}`).toEqual([`short-loss: ${want}`]);
}, 240_000);
