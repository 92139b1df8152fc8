// Lockstep console I/O for any language: start a program, wait until it (any thread of it or of its
// child processes) is blocked reading our stdin, then write exactly one line. Piping all input at once
// breaks real submissions (a Java program that makes a new Scanner(System.in) per read loses the
// lines the first Scanner buffered), and it cannot tell which prompt each input answered.
//
// Block detection (Linux): a thread is waiting for input when /proc/<pid>/task/<tid>/syscall shows a
// read-family syscall whose fd refers to the same pipe as the program's fd 0, and its wchan shows it
// is asleep. The kernel shows a thread's syscall only while it sleeps (a woken or preempted thread reads
// as EAGAIN), so a reader we just answered, still waiting for a CPU on a loaded machine, is never taken
// for blocked again. Elsewhere we fall back to "no output for quietMs" (documented as approximate).
//
// Time limits (Linux): the time limit is CPU time of the program's process tree (every thread: the JIT
// and the garbage collector count), which a loaded machine does not inflate; and, separately, the time it
// spends waiting: neither running nor runnable, nor reading our input. A program that only waits its turn
// for a CPU is neither. The wall clock is a generous backstop for a machine so loaded that neither moves.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { processTree, progressWatch, sampleTree, threadWait } from './process-tree.js';
import { onExitKill } from '../util/shutdown.js';
import { roomNote, withRoomMs } from './cpu-room.js';
import { fmtMs } from '../util/duration.js';

export type LockstepOutcome = 'exited' | 'timeout' | 'blocked-without-input' | 'output-limit' | 'spawn-error';

export interface LockstepInput {
  /** Output printed since the previous input (what the user saw before typing). */
  prompt: string;
  /** The line written, without its newline. */
  line: string;
  /** Milliseconds since start when the line was written. */
  atMs: number;
}

export interface PromptContext {
  /** stdout since the previous input: the prompt plus any status lines before it. */
  prompt: string;
  /** stderr since the previous input. */
  stderrSinceInput: string;
  /** Everything so far, inputs echoed after their prompts. */
  transcript: string;
  inputs: readonly LockstepInput[];
  /** How many inputs were written so far (0 on the first block). */
  index: number;
}

export interface LockstepOptions {
  /** argv: command[0] is the executable (looked up on PATH). */
  command: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The time limit (default 10 s): the CPU time the process tree may use, and, separately, how long it may
   *  wait (no thread running or runnable, none reading our input: a lock, a pipe, a sleep not fast-forwarded). */
  timeoutMs?: number;
  /** Wall-clock backstop for a machine so loaded the program gets almost no CPU: 5x the time limit, at least 30 s more. */
  wallLimitMs?: number;
  /** Cap on stdout + stderr bytes. Default 1 MiB. */
  maxOutputBytes?: number;
  /** Called once per block on stdin; return the next line (no newline) or null when there is nothing left. */
  answer: (ctx: PromptContext) => string | null | Promise<string | null>;
  /** When `answer` returns null: end the program's input (close its stdin, as the end of a piped file does)
   *  and let it run on to its end, instead of stopping it at the unanswered read ('blocked-without-input'). */
  endOfInput?: boolean;
  /** Poll interval bounds: starts at min after any activity, doubles up to max while idle. */
  pollMinMs?: number;
  pollMaxMs?: number;
  /** Fallback detector only (no /proc): treat the program as waiting after this much silence. */
  quietMs?: number;
}

export interface LockstepResult {
  outcome: LockstepOutcome;
  exitCode: number | null;
  signal: string | null;
  /** stdout with every input echoed right after the prompt it answered. */
  transcript: string;
  stdout: string;
  stderr: string;
  inputs: LockstepInput[];
  durationMs: number;
  /** For 'blocked-without-input': the prompt nobody answered. For others: stdout since the last input. */
  lastPrompt: string;
  /** One-line explanation for spawn-error, timeout and output-limit. */
  error?: string;
  /** For 'timeout': which limit stopped it: CPU time, waiting, or the wall-clock backstop. */
  limit?: 'cpu' | 'waiting' | 'wall';
  /** CPU time the process tree had used at its last sample (Linux; 0 elsewhere). */
  cpuMs?: number;
  /** How long it waited (neither running nor reading our input), as sampled. */
  waitedMs?: number;
}

const READ_SYSCALLS = new Set([0 /* read */, 17 /* pread64 */, 19 /* readv */, 295 /* preadv */, 45 /* recvfrom */, 47 /* recvmsg */]);
const HAVE_PROC = process.platform === 'linux' && existsSync('/proc/self/syscall');
/** How often the process tree's CPU time and thread states are read while it runs (two reads per thread). */
const SAMPLE_MS = 100;
/** One sample stands for at most this much waiting: a grader thread that was itself held up does not
 *  charge the program for the whole pause. */
const MAX_WAIT_STEP_MS = 4 * SAMPLE_MS;

export async function runLockstep(opts: LockstepOptions): Promise<LockstepResult> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  // The CPU limit gets its room (cpu-room.ts); waiting is limited to the stated time.
  const cpuStopMs = withRoomMs(timeoutMs);
  const wallLimitMs = opts.wallLimitMs ?? Math.max(5 * timeoutMs, timeoutMs + 30_000);
  const cap = opts.maxOutputBytes ?? 1 << 20;
  const pollMin = opts.pollMinMs ?? 1;
  const pollMax = opts.pollMaxMs ?? 10;
  const quietMs = opts.quietMs ?? 150;
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);

  let stdout = '', stderr = '', transcript = '', sinceInput = '', stderrSince = '';
  let bytes = 0;
  let lastOutputAt = performance.now();
  const inputs: LockstepInput[] = [];
  let outcome: LockstepOutcome | null = null;
  let error: string | undefined;
  let lastPrompt = '';

  let child: ChildProcess;
  try {
    child = spawn(opts.command[0]!, opts.command.slice(1), {
      cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true,
    });
  } catch (e) {
    return spawnError(`cannot start ${opts.command[0]}: ${(e as Error).message}`);
  }

  const finished = new Promise<{ code: number | null; signal: string | null; spawnErr?: Error }>((resolve) => {
    child.once('error', (e) => resolve({ code: null, signal: null, spawnErr: e }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let exited = false;
  // A gradekit stopped by a signal (or any exit) ends the game's program too (harness/util/shutdown.ts).
  child.once('exit', onExitKill(() => killGroup(child)));
  child.once('exit', () => {
    exited = true;
    // Grandchildren in the group may hold our pipes open; the program is done, so end them too.
    killGroup(child);
  });
  child.once('error', () => { exited = true; });

  const outDec = new StringDecoder('utf8');
  const errDec = new StringDecoder('utf8');
  const onData = (which: 'out' | 'err') => (buf: Buffer) => {
    // Out of input, the run ends where the program was blocked reading (its output then drained): what it
    // prints after that is not its run. In a sandbox the kill reaches the program a moment after its
    // launcher, and Node closes the program's stdin as soon as the launcher exits, so the program may see
    // end of input and print its end-of-input lines ("\n", "count = 0") before it dies, or not: timing.
    if (outcome === 'output-limit' || outcome === 'blocked-without-input') return;
    const room = cap - bytes;
    const slice = buf.length > room ? buf.subarray(0, Math.max(0, room)) : buf;
    bytes += buf.length;
    lastOutputAt = performance.now();
    if (which === 'out') {
      const s = outDec.write(slice);
      stdout += s; transcript += s; sinceInput += s;
    } else {
      const s = errDec.write(slice);
      stderr += s; stderrSince += s;
    }
    if (bytes > cap && outcome === null) {
      outcome = 'output-limit';
      error = `output exceeded ${cap} bytes; the program was stopped (endless loop printing?)`;
      killGroup(child);
    }
  };
  child.stdout!.on('data', onData('out'));
  child.stderr!.on('data', onData('err'));
  child.stdin!.on('error', () => { /* EPIPE when the program exits without reading: not our error */ });

  let limitHit: LockstepResult['limit'];
  let cpuMs = 0;
  let waitedMs = 0;
  let lastSampleAt = performance.now();
  let bytesAtSample = 0;
  const stop = (which: NonNullable<LockstepResult['limit']>, why: string) => {
    if (outcome === null) {
      outcome = 'timeout';
      limitHit = which;
      error = why;
    }
    killGroup(child);
  };
  // Without /proc nothing tells running from waiting: the time limit is then wall time. With it, this timer
  // is only a backstop for a game whose samples stopped: when it runs out, a program whose process tree
  // progressed meanwhile (CPU, or runnable on a loaded machine) gets another round; one that did not
  // (asleep or stopped all along) is stopped as waiting. The clock alone never stops a game.
  const watch = HAVE_PROC ? progressWatch(child.pid) : undefined;
  const backstop = () => {
    if (!HAVE_PROC) return stop('wall', `no exit after ${fmtMs(timeoutMs)} (waiting for something other than input, or an endless loop)`);
    sample();
    if (outcome !== null || exited) return;
    if (watch!.check().progressed) {
      watch!.mark();
      return void (timer = setTimeout(backstop, wallLimitMs));
    }
    stop('waiting', `the program was waiting, not computing: it made no progress for ${fmtMs(wallLimitMs)} (and used ${fmtMs(cpuMs)} of its ${fmtMs(timeoutMs)} of CPU time), waiting for something that never comes`);
  };
  let timer = setTimeout(backstop, HAVE_PROC ? wallLimitMs : timeoutMs);

  /** Reads the tree's CPU time and thread states; stops the program past a limit. `final`: only record. */
  const sample = (final = false) => {
    const now = performance.now();
    const step = Math.min(now - lastSampleAt, MAX_WAIT_STEP_MS);
    lastSampleAt = now;
    if (!child.pid || exited) return;
    const s = sampleTree(child.pid);
    if (s.pids.length === 0) return;
    cpuMs = Math.max(cpuMs, s.cpuMs);
    // A program that printed since the last look was not waiting: it may have been held up by a full
    // output pipe that this (busy) grader thread had not read yet.
    if (!s.busy && bytes === bytesAtSample) waitedMs += step;
    bytesAtSample = bytes;
    if (final) return;
    if (cpuMs > cpuStopMs) {
      stop('cpu', `used more than ${fmtMs(timeoutMs)} of CPU time without finishing${roomNote(timeoutMs)}: an infinite loop or very slow code`);
    } else if (waitedMs >= timeoutMs) {
      const on = reader ? threadWait(reader.pid, reader.tid) : undefined;
      stop('waiting', `the program was waiting, not computing: it spent ${fmtMs(waitedMs)} asleep without finishing or asking for input (and used ${fmtMs(cpuMs)} of its ${fmtMs(timeoutMs)} of CPU time), waiting for something that never comes${on ? `: it was blocked on ${on}` : ''}`);
    }
  };

  let stdinLink: string | null = null;
  const stdinIdentity = (): string | null => {
    if (stdinLink === null && child.pid) {
      try { stdinLink = readlinkSync(`/proc/${child.pid}/fd/0`); } catch { /* not yet */ }
    }
    return stdinLink;
  };

  // The thread that read stdin last time is where the next read almost always happens: look there
  // first (one /proc file) and walk the whole process tree (every thread of a JVM, ~40 files) only
  // when it is gone or has not read for a while (a program may read from another thread or a child).
  let reader: { pid: number; tid: string } | undefined;
  let readerMisses = 0;
  const isBlocked = (): boolean => {
    if (!HAVE_PROC) return performance.now() - lastOutputAt >= quietMs;
    const link = stdinIdentity();
    if (link === null || !child.pid) return false;
    if (reader && readerMisses < 8) {
      if (threadReadsStdin(reader.pid, reader.tid, link)) {
        readerMisses = 0;
        return true;
      }
      if (existsSync(`/proc/${reader.pid}/task/${reader.tid}`)) {
        readerMisses++;
        return false;
      }
    }
    readerMisses = 0;
    for (const pid of processTree(child.pid)) {
      const tid = stdinReader(pid, link);
      if (tid !== undefined) {
        reader = { pid, tid };
        return true;
      }
    }
    return false;
  };

  let inputEnded = false;
  const driver = (async () => {
    let delay = pollMin;
    while (!exited && outcome === null) {
      await sleep(delay);
      if (exited || outcome !== null) break;
      // Past the end of its input a read returns at once: only the limits and its exit are watched.
      if (inputEnded || !isBlocked()) {
        delay = Math.min(delay * 2, pollMax);
        if (HAVE_PROC && performance.now() - lastSampleAt >= SAMPLE_MS) sample();
        continue;
      }
      // The program cannot print while it waits, so whatever it printed is already in the pipe:
      // let the event loop read it all before showing the prompt to the answerer.
      await drainPipes(() => bytes);
      if (exited || outcome !== null) break;
      if (!isBlocked()) { delay = pollMin; continue; }
      const prompt = sinceInput;
      let line: string | null;
      try {
        line = await opts.answer({ prompt, stderrSinceInput: stderrSince, transcript, inputs, index: inputs.length });
      } catch (e) {
        // Never leave the program running behind a failed answerer.
        killGroup(child);
        throw e;
      }
      if (exited || outcome !== null) break;
      if (line === null && opts.endOfInput) {
        inputEnded = true;
        child.stdin!.end();
        lastSampleAt = performance.now();
        delay = pollMin;
        continue;
      }
      if (line === null) {
        outcome = 'blocked-without-input';
        lastPrompt = prompt;
        killGroup(child);
        break;
      }
      const clean = line.replace(/[\r\n]+/g, ' ');
      inputs.push({ prompt, line: clean, atMs: elapsed() });
      transcript += clean + '\n';
      sinceInput = '';
      stderrSince = '';
      lastOutputAt = performance.now();
      await writeLine(child, clean + '\n');
      // The time it waited for our answer is ours, not the program's.
      lastSampleAt = performance.now();
      delay = pollMin;
    }
  })();

  const [fin] = await Promise.all([finished, driver.catch(async (e) => { await finished; clearTimeout(timer); throw e; })]);
  clearTimeout(timer);
  killGroup(child);
  const tailOut = outDec.end();
  stdout += tailOut; transcript += tailOut; sinceInput += tailOut;
  stderr += errDec.end();
  if (fin.spawnErr) return spawnError(`cannot start ${opts.command[0]}: ${fin.spawnErr.message}`);
  if (outcome === null) outcome = 'exited';
  if ((outcome as LockstepOutcome) !== 'blocked-without-input') lastPrompt = sinceInput;
  return {
    outcome, exitCode: fin.code, signal: fin.signal, transcript, stdout, stderr, inputs,
    durationMs: elapsed(), lastPrompt, error, ...(limitHit ? { limit: limitHit } : {}), cpuMs, waitedMs: Math.round(waitedMs),
  };

  function spawnError(msg: string): LockstepResult {
    return {
      outcome: 'spawn-error', exitCode: null, signal: null, transcript: '', stdout: '', stderr: '', inputs: [],
      durationMs: elapsed(), lastPrompt: '', error: msg, cpuMs: 0, waitedMs: 0,
    };
  }
}

/** The thread of the tree that sleeps reading the program's stdin, if one does. */
function stdinReader(pid: number, stdinLink: string): string | undefined {
  let tids: string[];
  try { tids = readdirSync(`/proc/${pid}/task`); } catch { return undefined; }
  return tids.find((tid) => threadReadsStdin(pid, tid, stdinLink));
}

function threadReadsStdin(pid: number, tid: string, stdinLink: string): boolean {
  let sc: string;
  try { sc = readFileSync(`/proc/${pid}/task/${tid}/syscall`, 'utf8'); } catch { return false; }
  // "running", or "<nr> <arg0> ... <sp> <pc>" while inside a syscall.
  const parts = sc.trim().split(' ');
  const nr = Number(parts[0]);
  if (!Number.isInteger(nr) || !READ_SYSCALLS.has(nr)) return false;
  const fd = parseInt(parts[1] ?? '', 16);
  if (!Number.isInteger(fd)) return false;
  let link: string;
  try { link = readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { return false; }
  if (link !== stdinLink) return false;
  // A zero wchan means the thread is running (it just got our data); only a sleeping reader waits.
  try {
    const wchan = readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8').trim();
    if (wchan === '0' || wchan === '') return false;
  } catch { /* wchan hidden on some kernels: the syscall line alone is good evidence */ }
  return true;
}

/** Let the event loop read pending pipe data until a full turn brings nothing new. */
async function drainPipes(bytesSoFar: () => number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const before = bytesSoFar();
    await new Promise<void>((r) => setImmediate(r));
    await new Promise<void>((r) => setImmediate(r));
    if (bytesSoFar() === before) return;
  }
}

function writeLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const stdin = child.stdin;
    if (!stdin || stdin.destroyed) return resolve();
    // The callback fires once the bytes are in the kernel pipe, so the next poll cannot see the
    // reader still asleep on data we already sent.
    stdin.write(text, () => resolve());
  });
}

function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* group already gone */ }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
