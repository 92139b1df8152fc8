// One student's Python module, imported once in a driver process, with a fork per test.
// Uses node:child_process directly (not execa) because the private channel is an extra duplex fd 3.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { DRIVER_DIR, driverBytecode } from './bytecode.js';
import { pythonExecutable } from './interpreter.js';
import { INPUT_CALL, type ImportResult, type ReferenceCall, type ReferenceReply, type RunRequest, type RunResult } from './protocol.js';
import type { WireValue } from '../../model/pyvalue.js';
import { checkMessageShape, checkWireValue, messageCap, VALUE_BOUNDS } from '../../model/wire-bounds.js';
import type { SandboxWrap } from '../sandbox/index.js';
import { progressWatch } from '../process-tree.js';
import { onExitKill } from '../../util/shutdown.js';
import { fmtSeconds, IMPORT_CPU_MS, reimportCpuMs, waitLimitMs, wallCapMs } from './time-limits.js';
import { withRoomMs } from '../cpu-room.js';

export interface PythonSessionOptions {
  /** Absolute path of the student's file inside its private working directory. */
  file: string;
  /** Module name the file is imported as (e.g. 'ps3', 'hangman'). */
  module: string;
  cwd: string;
  /** Values the tests refer to by name (e.g. word_list), decoded once in the driver. */
  names?: Record<string, WireValue>;
  /** Basename -> absolute path: files opened by a hard-coded path that does not exist are redirected here. */
  aliases?: Record<string, string>;
  python?: string;
  /** Wraps the driver command, e.g. in a sandbox: (argv) => ['bwrap', ..., ...argv]; a sandbox's wrap also
   *  says where the grader's files appear inside and whether the runner is over its disk budget. */
  wrap?: SandboxWrap;
  env?: NodeJS.ProcessEnv;
  outputCap?: number;
  /** Extra wall time the driver itself gets beyond a test's wall cap before it is declared lost. */
  graceMs?: number;
  /** How much CPU time importing the module may take (a busy loop at import); its wall clock gets several
   *  times that, for an import that waits. A re-import after a restart gets at most a few times the CPU
   *  the first import took. */
  importTimeoutMs?: number;
  /** How many times a driver that a test killed is restarted before the remaining tests are given up (default 5). */
  maxRestarts?: number;
  /** 'strict': a file that does not import as handed in is not salvaged (the course's "does not run = 0"). */
  importMode?: 'salvage' | 'strict';
  /** The starter's values of names a skipped top-level statement would have set (HAND_SIZE = int(input())). */
  starter?: Record<string, WireValue>;
  /** The functions the tests call: any the module defines only as methods of a class are adopted (driver). */
  required?: string[];
  /** The handout's parameter names of required functions, where known: a function under another name is recognised by them. */
  signatures?: Record<string, string[]>;
}


function isImportResult(m: any): boolean {
  return (
    m?.op === 'imported' && typeof m.ok === 'boolean' && typeof m.output === 'string' && typeof m.stderr === 'string' &&
    Array.isArray(m.notices) && Array.isArray(m.static_imports) && Array.isArray(m.runtime_imports) && (m.ok || typeof m.error?.type === 'string')
  );
}

const DIAG_CAP = 64 * 1024;

const namesTailCache = new WeakMap<object, Buffer>();

/** The end of the init line, the names (an 80,000-word list) included: serialised and encoded to UTF-8
 *  once per names object, not once per session (the conversion cost ~7 ms a submission in a batch). */
function namesTail(names: Record<string, WireValue>): Buffer {
  let b = namesTailCache.get(names);
  if (b === undefined) namesTailCache.set(names, (b = Buffer.from(`,"names":${JSON.stringify(names)}}\n`)));
  return b;
}

export class PythonSession {
  private proc?: ChildProcess;
  private ctl?: Socket;
  /** The unfinished message so far, in pieces: a newline is looked for in each new chunk only. */
  private pending: string[] = [];
  private pendingChars = 0;
  /** Characters received since the last request: a driver talking without end is dropped too. */
  private received = 0;
  /** Why this submission's driver is no longer used (a flooded channel, a budget): every later test gets it. */
  private broken?: string;
  /** CPU time of the first import, which a re-import is measured against. */
  private firstImportCpuMs?: number;
  /** Reference calls of the running test whose reply the grader is still computing (solution.ts). */
  private pendingReplies = 0;
  private waiting?: { resolve: (msg: any) => void; reject: (e: Error) => void; accepts: (msg: any) => boolean; onCall?: (msg: any) => void; rearm: () => void };
  /** The longest message the driver may send (wire-bounds.ts): longer is a flood, refused before parsing. */
  private readonly maxMessage: number;
  private diag = '';
  private exited = false;
  importResult?: ImportResult;
  /** How many times the driver had to be restarted (a test killed it). */
  restarts = 0;
  /** The driver was ended for its own CPU time (RunResult.recycle), not for a test's doing. */
  private retired = false;
  /** CPU time this submission used (imports and tests), and how long its tests waited: the budgets of a
   *  submission count these, not the wall clock (harness/grade/submission.ts). */
  cpuMs = 0;
  idleMs = 0;

  constructor(readonly opts: PythonSessionOptions) {
    this.maxMessage = messageCap(opts.outputCap ?? 1 << 20);
  }

  /** Starts the driver and imports the student module. Resolves with the import result (never throws for student errors). */
  async start(): Promise<ImportResult> {
    const python = this.opts.python ?? pythonExecutable();
    const bytecode = driverBytecode(python, (p) => this.inside(p));
    // -S: the driver adds site-packages itself, skipping .pth start-up hooks (see gradekit_driver.py).
    let argv = [python, '-X', 'utf8', '-B', '-S', join(DRIVER_DIR, 'driver.py'), ...(bytecode ? [bytecode] : [])];
    if (this.opts.wrap) argv = this.opts.wrap(argv, { channel: 3 }); // fd 3: every other inherited descriptor is closed
    this.exited = false;
    this.diag = '';
    this.pending = [];
    this.pendingChars = 0;
    const proc = spawn(argv[0], argv.slice(1), {
      cwd: this.opts.cwd,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env: { ...(this.opts.env ?? process.env), PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' },
      detached: true, // own process group: a runaway driver and everything it started can be killed together
    });
    this.proc = proc;
    // A gradekit stopped by a signal (or any exit) ends its drivers too (harness/util/shutdown.ts).
    const untrack = onExitKill(() => proc.pid && process.kill(-proc.pid, 'SIGKILL'));
    proc.once('exit', untrack);
    const ctl = proc.stdio[3] as Socket;
    this.ctl = ctl;
    ctl.setEncoding('utf8');
    // A driver that was killed and replaced may still say something, or die late: only the current one counts.
    ctl.on('data', (chunk: string) => this.proc === proc && this.onData(chunk));
    ctl.on('error', () => {});
    // Anything the student writes straight to fd 1/2 is drained (so it can never block) and kept only as a diagnostic tail.
    const keep = (d: Buffer) => {
      this.diag = (this.diag + d.toString('utf8')).slice(-DIAG_CAP);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    const onGone = (why: string) => {
      if (this.proc !== proc) return;
      this.exited = true;
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(new DriverLost(why, this.diag));
    };
    // A sandbox (bwrap) reports a child killed by a signal as exit code 128+N.
    const SIGNAMES: Record<number, string> = { 9: 'SIGKILL (memory or CPU limit?)', 24: 'SIGXCPU (CPU time limit)', 25: 'SIGXFSZ (file size limit)', 11: 'SIGSEGV' };
    proc.on('exit', (code, sig) =>
      onGone(sig ? `driver killed by ${sig}` : code !== null && code > 128 ? `driver killed by ${SIGNAMES[code - 128] ?? `signal ${code - 128}`}` : `driver exited with code ${code}`),
    );
    proc.on('error', (e) => onGone(`cannot start ${argv[0]}: ${e.message}`));
    const full = this.opts.importTimeoutMs ?? IMPORT_CPU_MS;
    const again = this.firstImportCpuMs !== undefined;
    const cpu = again ? reimportCpuMs(this.firstImportCpuMs!, full) : full;
    // The driver stops an import at its CPU limit itself; this wall-clock timer only ends one that waits.
    const wall = waitLimitMs(cpu);
    const aliases = Object.fromEntries(Object.entries(this.opts.aliases ?? {}).map(([k, v]) => [k, this.inside(v)]));
    const init = { op: 'init', file: this.inside(this.opts.file), module: this.opts.module, aliases, output_cap: this.opts.outputCap ?? 1 << 20, import_cpu_ms: cpu, bounds: DRIVER_BOUNDS,
      ...(this.opts.importMode === 'strict' ? { import: 'strict' } : {}), ...(this.opts.starter && Object.keys(this.opts.starter).length ? { starter: this.opts.starter } : {}),
      ...(this.opts.required?.length ? { required: this.opts.required } : {}), ...(this.opts.signatures && Object.keys(this.opts.signatures).length ? { signatures: this.opts.signatures } : {}) };
    // The wall-clock timer only ends an import that waits: when it runs out, an import whose process tree
    // progressed meanwhile (used CPU, or was runnable: a slow import on a busy machine) gets another round,
    // for as long as it progresses and the tree's CPU stays within a bound. The driver stops the import
    // itself at its CPU limit (processes it started have RLIMIT_CPU of their own).
    const watch = progressWatch(proc.pid);
    const cpuBound = 3 * cpu + 5000;
    let extensions = 0;
    let computed = false;
    const computing = {
      mark: watch.mark,
      keep: () => {
        const p = watch.check();
        computed = p.cpuMs > cpuBound;
        if (!p.progressed || computed) return false;
        extensions++;
        return true;
      },
    };
    let res = await this.request<ImportResult>(initLine(init, namesTail(this.opts.names ?? {})), wall, isImportResult, undefined, computing).catch((e: Error): ImportResult => {
      const waited = computed
        ? `did not finish, and it and the processes it started used more than ${fmtSeconds(cpuBound)} of CPU time`
        : `did not finish within ${fmtSeconds(wall * (extensions + 1))} of wall-clock time, though it had not used up its ${fmtSeconds(cpu)} of CPU time: it was waiting (for a lock, a pipe, a network connection or input that never comes)`;
      if (e instanceof DriverLost && e.timedOut && again) {
        this.broken = `importing the module again ${waited}; its tests were stopped`;
        this.kill();
      } else if (e instanceof DriverLost && e.timedOut) {
        // The student's import, not the grader, is what did not finish.
        this.kill();
        return {
          op: 'imported', ok: false, output: '', stderr: '', duration_ms: wall, static_imports: [], runtime_imports: [], notices: [],
          error: { type: 'ImportTimeout', message: `importing the module ${waited}`, traceback: e.diagnostics, line: null },
        };
      }
      return {
      op: 'imported', ok: false, output: '', stderr: '', duration_ms: 0, static_imports: [], runtime_imports: [], notices: [],
      error: this.broken
        ? { type: 'ResourceLimit', message: this.broken, traceback: '', line: null }
        : { type: 'DriverError', message: e.message, traceback: e instanceof DriverLost ? e.diagnostics : '', line: null },
      };
    });
    this.cpuMs += res.cpu_ms ?? 0;
    if (res.ok && !again) this.firstImportCpuMs = res.cpu_ms ?? 0;
    if (!res.ok && again && !this.broken && res.error?.type === 'ImportTimeout') {
      // The driver stopped a re-import at its CPU limit: the module stalls on purpose, every restart would too.
      this.broken = `${res.error.message.replace(/^importing the module/, 'importing the module again')} (the first import used ${fmtSeconds(this.firstImportCpuMs!)}); its tests were stopped`;
      this.kill();
      res = { ...res, error: { type: 'ResourceLimit', message: this.broken, traceback: '', line: null } };
    } else if (!res.ok && again && !this.broken && res.error?.type === 'DriverError') {
      // A re-import that killed its process (a sandbox's own CPU limit, a signal) where the first import
      // succeeded: every restart would end the same way, so the remaining tests are stopped now.
      this.broken = `importing the module again ended its process (${res.error.message}), though the first import succeeded; its tests were stopped`;
      this.kill();
      res = { ...res, error: { type: 'ResourceLimit', message: this.broken, traceback: '', line: null } };
    }
    this.importResult = res;
    return res;
  }

  /** Runs one test in a fresh fork. A dead driver is restarted (and the module re-imported) first.
   *  `onCall` answers the test's calls of functions patched with the reference.
   *
   *  The test's CPU limit gets its room (cpu-room.ts): it is stopped at half as much again as the limit it
   *  states, so that a program near its limit is never stopped by chance. How long it may wait stays
   *  reckoned from the stated limit. */
  async run(req: Omit<RunRequest, 'op'>, onCall?: (call: ReferenceCall) => ReferenceReply | Promise<ReferenceReply>): Promise<RunResult> {
    const room = withRoomMs(req.timeout_ms);
    // The process's own CPU rlimit, a backstop a second past the limit the driver enforces, follows the room.
    const cpu_s = req.cpu_s === undefined ? {} : { cpu_s: Math.max(req.cpu_s, Math.ceil(room / 1000) + 1) };
    return this.runOnce({ ...req, timeout_ms: room, ...cpu_s, wait_ms: req.wait_ms ?? waitLimitMs(req.timeout_ms) }, onCall);
  }

  private async runOnce(req: Omit<RunRequest, 'op'>, onCall?: (call: ReferenceCall) => ReferenceReply | Promise<ReferenceReply>): Promise<RunResult> {
    const given = (limit: string): RunResult => ({ op: 'result', id: req.id, status: 'lost', ms: 0, limit });
    if (this.broken) return given(this.broken);
    if (!this.proc || this.exited) {
      const max = this.opts.maxRestarts ?? 5;
      if (this.restarts >= max) return given((this.broken = `the test process was killed ${max + 1} times; the remaining tests were not run`));
      // A driver retired for its own CPU time (recycle, below) did nothing wrong: its restart is not counted.
      if (this.retired) this.retired = false;
      else this.restarts++;
      const imp = await this.start();
      if (!imp.ok) return this.broken ? given(this.broken) : { op: 'result', id: req.id, status: 'lost', ms: 0 };
    }
    const grace = this.opts.graceMs ?? 3000;
    const wait_ms = req.wait_ms ?? waitLimitMs(req.timeout_ms);
    let res: RunResult;
    try {
      // Only the reply to this request, carrying its nonce, is accepted: bytes a student forged onto the
      // channel at import time cannot stand in for a result.
      const nonce = randomBytes(12).toString('hex');
      const accepts = (m: any) => m?.op === 'result' && m.id === req.id && m.nonce === nonce && typeof m.status === 'string' && (m.status !== 'ok' || Array.isArray(m.obs?.steps));
      const allowed = new Set((req.patches ?? []).filter((p) => p.kind === 'reference').map((p) => p.name));
      if (req.answers) allowed.add(INPUT_CALL);
      const call = onCall && allowed.size
        ? (m: any) => {
          if (m?.op !== 'call' || m.id !== req.id || m.nonce !== nonce || !allowed.has(m.name) || !Array.isArray(m.args) || !Number.isInteger(m.stdin_pos)) return;
          const failed = (e: unknown): ReferenceReply => ({ raise: { type: 'RuntimeError', message: `the grader could not evaluate ${m.name}: ${(e as Error).message}` } });
          const send = (reply: ReferenceReply) => {
            this.ctl?.write(JSON.stringify({ op: 'reply', id: req.id, seq: m.seq, reply }) + '\n');
            // The driver does not count the time it waits for the grader: neither does this timer.
            this.waiting?.rearm();
          };
          let reply: ReferenceReply | Promise<ReferenceReply>;
          try {
            reply = onCall(m as ReferenceCall);
          } catch (e) {
            reply = failed(e);
          }
          // A course's solution answers from its own process (solution.ts): the reply comes later, and the
          // child waits for it on its private pipe (one call at a time).
          if (reply instanceof Promise) {
            this.waiting?.rearm();
            this.pendingReplies++;
            reply.then(send, (e) => send(failed(e))).finally(() => this.pendingReplies--);
          } else send(reply);
        }
        : undefined;
      const program = req.program?.kind === 'script' ? { ...req.program, path: this.inside(req.program.path) } : req.program;
      // The driver stops the test (CPU limit, waiting); this timer is for a driver that stopped answering: when
      // it runs out, a driver whose process tree progressed meanwhile (CPU, or runnable on a loaded machine)
      // gets another round, within a bound on the CPU the tree uses in all. Only a tree all asleep or stopped
      // (or past that bound) is given up: never one that a busy machine merely ran slowly.
      const watch = progressWatch(this.proc?.pid, { lazy: true });
      const cpuBound = 4 * req.timeout_ms + 10_000;
      const answering = {
        mark: watch.mark,
        keep: () => {
          const p = watch.check();
          return p.progressed && p.cpuMs <= cpuBound;
        },
      };
      res = await this.request<RunResult>({ op: 'run', output_cap: this.opts.outputCap ?? 1 << 20, ...req, wait_ms, ...(program ? { program } : {}), nonce }, wallCapMs(req.timeout_ms) + grace, accepts, call, answering);
    } catch (e) {
      this.kill();
      this.cpuMs += req.timeout_ms; // unknown: count the whole limit
      if (e instanceof Tampered) return { op: 'result', id: req.id, status: 'protocol', ms: 0 };
      // A driver the kernel killed for the submission's memory budget is that budget's verdict, not a lost test.
      this.broken ??= this.opts.wrap?.budget?.(undefined, this.opts.cwd);
      return this.broken ? given(this.broken) : { op: 'result', id: req.id, status: 'lost', ms: wallCapMs(req.timeout_ms) + grace };
    }
    this.cpuMs += res.cpu_ms ?? 0;
    this.idleMs += res.idle_ms ?? 0;
    if (res.recycle) {
      // Its own bookkeeping wore out the runner's CPU limit: a fresh driver takes the next test.
      this.retired = true;
      this.kill();
    }
    if (res.status === 'ok') res = boundValues(res, req, this.opts.outputCap ?? 1 << 20);
    // The sandbox's budgets: a full tmpfs, too many files, or all its processes over their memory stops this submission.
    const over = this.opts.wrap?.budget?.(this.proc?.pid && !this.exited ? this.proc.pid : undefined, this.opts.cwd);
    if (over) {
      this.broken = over;
      this.kill();
      return { ...res, limit: over };
    }
    return res;
  }

  /** Where a file of the grader appears to the driver (the sandbox shows the work directory at a fixed path). */
  private inside(path: string): string {
    return this.opts.wrap?.sandboxPath?.(path, this.opts.cwd) ?? path;
  }

  /** Stops using this driver: the submission broke a rule of the sandbox that every later test would hit too. */
  private drop(why: string): void {
    this.broken = why;
    const w = this.waiting;
    this.waiting = undefined;
    this.pending = [];
    this.pendingChars = 0;
    this.kill();
    w?.reject(new DriverLost(why, this.diag));
  }

  /** Diagnostic output the driver or student wrote to the raw fds (tail). */
  get diagnostics(): string {
    return this.diag;
  }

  async close(): Promise<void> {
    if (this.proc && !this.exited) {
      try {
        this.ctl?.write(JSON.stringify({ op: 'exit' }) + '\n');
      } catch {
        /* already gone */
      }
      const done = new Promise<void>((r) => this.proc!.once('exit', () => r()));
      const t = setTimeout(() => this.kill(), 1000);
      await done;
      clearTimeout(t);
    }
    this.kill();
  }

  kill(): void {
    if (this.proc?.pid && !this.exited) {
      try {
        process.kill(-this.proc.pid, 'SIGKILL');
      } catch {
        try {
          this.proc.kill('SIGKILL');
        } catch {
          /* gone */
        }
      }
      // Gone as far as this session is concerned: the next test starts a new driver at once, not on the
      // old one's last breath (whose exit and output are ignored from now on).
      this.exited = true;
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(new DriverLost('driver killed by the grader', this.diag));
    }
  }

  /** `progress`, if given, is marked three quarters into each `timeoutMs` and asked when it is up: `keep()`
   *  true gives the request another `timeoutMs` (its process tree used CPU since the mark, or is runnable:
   *  slow on a busy machine, not silent). */
  private request<T>(msg: object | string | [string, Buffer], timeoutMs: number, accepts: (m: any) => boolean, onCall?: (m: any) => void, progress?: { mark(): void; keep(): boolean }): Promise<T> {
    if (this.waiting) return Promise.reject(new Error('PythonSession: one request at a time'));
    return new Promise<T>((resolve, reject) => {
      // Timers run before I/O in Node's loop: a reply already in the socket when a starved event loop wakes
      // late is read first (setImmediate runs after the I/O phase), so it is not mistaken for silence.
      const expire = () => setImmediate(() => {
        if (this.waiting !== waiting) return; // answered meanwhile
        // The driver waits for the grader itself (a course solution's process answering a call, slow on a
        // busy machine): its silence is ours, not a lost driver.
        if (this.pendingReplies > 0 || progress?.keep()) return arm();
        this.waiting = undefined;
        reject(new DriverLost(`driver did not answer within ${timeoutMs} ms`, this.diag, true));
      });
      let timer: NodeJS.Timeout;
      let markTimer: NodeJS.Timeout | undefined;
      const disarm = () => {
        clearTimeout(timer);
        clearTimeout(markTimer);
      };
      const arm = () => {
        disarm();
        timer = setTimeout(expire, timeoutMs);
        if (progress) markTimer = setTimeout(progress.mark, 0.75 * timeoutMs);
      };
      arm();
      const waiting: NonNullable<PythonSession['waiting']> = {
        resolve: (m) => {
          disarm();
          resolve(m as T);
        },
        reject: (e) => {
          disarm();
          reject(e);
        },
        accepts,
        onCall,
        rearm: arm,
      };
      this.waiting = waiting;
      this.received = 0;
      if (Array.isArray(msg)) for (const piece of msg) this.ctl!.write(piece); // a line in pieces, its newline included
      else this.ctl!.write((typeof msg === 'string' ? msg : JSON.stringify(msg)) + '\n');
    });
  }

  private onData(chunk: string): void {
    if (this.broken) return;
    this.received += chunk.length;
    if (this.received > 2 * this.maxMessage) return this.drop(floodMessage(this.maxMessage));
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', from);
      if (nl < 0) {
        if (from < chunk.length) {
          this.pending.push(from ? chunk.slice(from) : chunk);
          this.pendingChars += chunk.length - from;
        }
        if (this.pendingChars > this.maxMessage) this.drop(floodMessage(this.maxMessage));
        return;
      }
      const line = this.pending.length ? this.pending.join('') + chunk.slice(from, nl) : chunk.slice(from, nl);
      this.pending = [];
      this.pendingChars = 0;
      from = nl + 1;
      if (line.length > this.maxMessage) return this.drop(floodMessage(this.maxMessage));
      const w = this.waiting;
      if (!w) continue; // unsolicited bytes on the channel: ignored
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        this.waiting = undefined;
        w.reject(new DriverLost('garbled message on the driver channel', this.diag));
        continue;
      }
      // Before anything walks it: nothing nested past what a value may be.
      const shape = checkMessageShape(msg);
      if (shape) {
        this.waiting = undefined;
        w.reject(new Tampered(`a message on the driver channel holds ${shape}, which the driver never sends`, this.diag));
        continue;
      }
      if ((msg as { op?: string })?.op === 'call' && w.onCall) {
        w.onCall(msg);
        continue;
      }
      if (!w.accepts(msg)) continue; // not the reply we wait for (forged or stale): keep waiting
      this.waiting = undefined;
      w.resolve(msg);
    }
  }
}

function floodMessage(max: number): string {
  return `the submission flooded the grader's private channel (more than ${max >> 20} MiB without a finished reply); its tests were stopped`;
}

export class DriverLost extends Error {
  constructor(message: string, readonly diagnostics: string, readonly timedOut = false) {
    super(message);
  }
}

/** The channel carried what the driver never sends: proof of tampering, unlike a driver that went quiet. */
class Tampered extends DriverLost {}

/** The value bounds in the driver's spelling: it encodes a value over one as a marker, never as the value. */
const DRIVER_BOUNDS = { int_digits: VALUE_BOUNDS.intDigits, str_chars: VALUE_BOUNDS.strChars, items: VALUE_BOUNDS.items, chars: VALUE_BOUNDS.chars, depth: VALUE_BOUNDS.depth };

/** A result whose values are all within their bounds, or the test's failure naming the one that is not
 *  (checked here, in linear time, because a hostile child can send what the driver's encoder never would). */
function boundValues(res: RunResult, req: Omit<RunRequest, 'op'>, outputCap: number): RunResult {
  const steps = res.obs?.steps;
  if (!Array.isArray(steps)) return res;
  // The driver keeps a transcript within the output cap (in Python characters: up to two JS ones each).
  const texts = [res.obs!.transcript, res.obs!.stderr, ...steps.map((st) => st?.own_out)];
  if (texts.some((t) => t !== undefined && (typeof t !== 'string' || t.length > 2 * outputCap + 65536))) return { ...res, status: 'protocol', obs: undefined };
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i];
    const callee = req.steps?.[i]?.callee;
    const who = callee && callee[0] !== '__gradekit_value__' ? `${callee.join('.')}()` : 'the program';
    const checks: [unknown, string][] = [[st?.value, `${who} returned`]];
    for (const [k, v] of Object.entries(st?.args_changed ?? {})) checks.push([v, `${who} changed its argument ${Number(k) + 1} into`]);
    for (const [v, said] of checks) {
      if (v === undefined) continue;
      const p = checkWireValue(v);
      if (p?.kind === 'malformed') return { ...res, status: 'protocol', obs: undefined };
      if (p) return { ...res, status: 'oversize', oversize: `${said} ${p.what}`, partial: { transcript: res.obs!.transcript ?? '', inputs_read: res.obs!.inputs?.length ?? 0 }, obs: undefined };
    }
  }
  return res;
}

/** The init request with its names spliced in already serialised. */
function initLine(msg: object, names: Buffer): [string, Buffer] {
  return [JSON.stringify(msg).slice(0, -1), names];
}
