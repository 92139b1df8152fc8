// One warm javac for every compile of this gradekit process (JavacServer.java). A fresh javac costs
// ~0.6 s of CPU; a warm one a tenth of that, which is most of a Java batch's compile time. Requests are
// served one at a time. Whatever goes wrong with the server (no JDK tools, a crash, a compile that
// hangs) falls back to, or is reported like, a plain javac run: the server only ever makes compiles faster.
import { spawn, type ChildProcess } from 'node:child_process';
import { helperClasses } from './helper-classes.js';

export interface JavacOutcome {
  status: number;
  /** javac's diagnostics (stdout and stderr together). */
  output: string;
}

let server: Server | undefined;
let unavailable = false;
let exitHook: (() => void) | undefined;
/** Compiles asked for so far: the first runs javac itself (a single `check` never pays for starting the server). */
let asked = 0;
let served = 0;

/** How many compiles of this process the server has answered (for tests and the benchmark). */
export function servedCompiles(): number {
  return served;
}

/** Compiles with the warm server; undefined when it cannot serve (the caller runs javac itself). */
export async function compileWithServer(javac: string, args: string[], timeoutMs: number): Promise<JavacOutcome | { timedOut: true } | undefined> {
  if (unavailable || process.env.GRADEKIT_JAVAC_SERVER === 'off' || args.some((a) => a.includes('\0') || a.includes('\n'))) return undefined;
  if (asked++ === 0 && process.env.GRADEKIT_JAVAC_SERVER !== 'on') return undefined;
  // The server compiles as the javac it was started from; another javac (a course's own JDK, a test's
  // stand-in) is run itself.
  if (server && !server.dead && server.javac !== javac) return undefined;
  if (!server || server.dead) {
    const classes = await helperClasses('JavacServer.java', 'JavacServer.class', javac);
    if (!classes) {
      unavailable = true;
      return undefined;
    }
    server = new Server(javac, classes);
  }
  return server.compile(args, timeoutMs);
}

/** The `java` next to the `javac` being used, so that the server compiles exactly as that javac would. */
export function javaBeside(javac: string): string {
  return javac.includes('/') ? javac.replace(/javac$/, 'java') : 'java';
}

class Server {
  private proc: ChildProcess;
  private queue: Promise<unknown> = Promise.resolve();
  private buf = Buffer.alloc(0);
  private onData?: () => void;
  dead = false;

  constructor(readonly javac: string, classes: string) {
    const { CLASSPATH: _cp, ...env } = process.env;
    // English diagnostics (the error parser reads them); the serial GC: one compile at a time. C1 only:
    // 53 fixture compiles took 2.8 s of CPU so, 5.1 s with C2 compiling javac, 27.6 s as 53 javac runs.
    this.proc = spawn(javaBeside(javac), ['-Duser.language=en', '-Duser.country=US', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xss16m', '-cp', classes, 'JavacServer'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env,
    });
    this.proc.on('exit', () => this.die());
    this.proc.on('error', () => this.die());
    this.proc.stdin!.on('error', () => this.die());
    this.proc.stdout!.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.onData?.();
    });
    // An idle server never keeps gradekit (or a test worker) from exiting; it dies with it.
    this.proc.unref();
    (this.proc.stdin as unknown as { unref?: () => void }).unref?.();
    (this.proc.stdout as unknown as { unref?: () => void }).unref?.();
    if (!exitHook) process.once('exit', (exitHook = () => server?.kill()));
  }

  kill(): void {
    this.proc.kill('SIGKILL');
  }

  private die(): void {
    this.dead = true;
    this.onData?.();
  }

  compile(args: string[], timeoutMs: number): Promise<JavacOutcome | { timedOut: true } | undefined> {
    const run = this.queue.then(() => this.request(args, timeoutMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private request(args: string[], timeoutMs: number): Promise<JavacOutcome | { timedOut: true } | undefined> {
    if (this.dead) return Promise.resolve(undefined);
    this.buf = Buffer.alloc(0);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // A compile that hangs is that submission's problem; the server is replaced for the next one.
        this.onData = undefined;
        this.dead = true;
        this.proc.kill('SIGKILL');
        resolve({ timedOut: true });
      }, timeoutMs);
      this.onData = () => {
        if (this.dead) {
          clearTimeout(timer);
          this.onData = undefined;
          return resolve(undefined); // it died under this compile: javac runs it afresh
        }
        const nl = this.buf.indexOf(10);
        if (nl < 0) return;
        const m = /^(-?\d+) (\d+)$/.exec(this.buf.subarray(0, nl).toString('utf8'));
        if (!m) {
          clearTimeout(timer);
          this.onData = undefined;
          this.dead = true;
          this.proc.kill('SIGKILL');
          return resolve(undefined);
        }
        const len = Number(m[2]);
        if (this.buf.length < nl + 1 + len) return;
        clearTimeout(timer);
        this.onData = undefined;
        const output = this.buf.subarray(nl + 1, nl + 1 + len).toString('utf8');
        this.buf = this.buf.subarray(nl + 1 + len);
        served++;
        resolve({ status: Number(m[1]), output });
      };
      this.proc.stdin!.write(args.join('\0') + '\n');
    });
  }
}
