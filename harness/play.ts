// `gradekit play`: the reference game at a terminal, or, with piped input, the exact transcript a
// correct program prints under the course's driver (inputs echoed after their prompts).
import { spawnSync } from 'node:child_process';
import { readFileSync, readSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Assignment } from './assignment/load.js';
import { InputExhausted, RefRaise, type RefIO } from './model/reference.js';
import { makeContext } from './grade/reference-run.js';
import { UsageError } from './util/errors.js';
import { pythonExecutable } from './run/python/interpreter.js';
import { SolutionRunner, SolutionUnavailable } from './grade/solution.js';
import { prepareWorkspace } from './grade/workspace.js';

function readLineSync(): string | null {
  const buf = Buffer.alloc(1);
  const bytes: number[] = [];
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, 1, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((e as NodeJS.ErrnoException).code === 'EOF') return bytes.length ? Buffer.from(bytes).toString('utf8') : null;
      throw e;
    }
    if (n === 0) return bytes.length ? Buffer.from(bytes).toString('utf8') : null;
    if (buf[0] === 0x0a) return Buffer.from(bytes).toString('utf8').replace(/\r$/, '');
    bytes.push(buf[0]);
  }
}

export function consoleIO(interactive: boolean, programEchoes = false): RefIO {
  const piped = interactive ? [] : readFileSync(0, 'utf8').split('\n');
  if (!interactive && piped[piped.length - 1] === '') piped.pop();
  let pos = 0;
  let tail = '';
  return {
    write(text) {
      process.stdout.write(text);
      tail = (tail + text).slice(-200);
    },
    input(prompt) {
      process.stdout.write(prompt);
      tail = (tail + prompt).slice(-200);
      const shown = tail.slice(tail.lastIndexOf('\n') + 1);
      if (interactive) {
        const line = readLineSync();
        if (line === null) throw new InputExhausted(shown);
        return line;
      }
      if (pos >= piped.length) throw new InputExhausted(shown);
      const line = piped[pos++].replace(/\r$/, '');
      if (!programEchoes) process.stdout.write(line + '\n'); // echo piped input, as a terminal would show it
      return line;
    },
  };
}

/** The instructor's solution played as a program: at a terminal directly (in a private copy of the
 *  assignment's files), with piped input through the driver, inputs echoed as a terminal shows them. */
async function playSolution(a: Assignment, o: { seed?: string }): Promise<number> {
  const src = a.reference;
  if (src.kind !== 'solution') throw new Error('not a solution reference');
  if (!src.present) throw new UsageError(`play runs the instructor's solution, and ${src.file} is not here`);
  if (process.stdin.isTTY) {
    const ws = prepareWorkspace(a, src.file);
    try {
      const r = spawnSync(pythonExecutable(), [ws.file], { cwd: ws.dir, stdio: 'inherit' });
      return r.status ?? 1;
    } finally {
      ws.cleanup();
    }
  }
  const lines = readFileSync(0, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const runner = new SolutionRunner(a);
  try {
    const seed = o.seed !== undefined ? (/^-?\d+$/.test(o.seed) ? Number(o.seed) : o.seed) : null;
    const res = await runner.run({ id: 'play', timeout_ms: 60_000, program: { kind: 'main' }, stdin: lines.map((l) => l.replace(/\r$/, '')), echo: true, seed });
    if (res.status !== 'ok' || !res.obs) throw new UsageError(`the solution's run ended with ${res.status}`);
    process.stdout.write(res.obs.transcript);
    const err = res.obs.steps[0]?.error;
    if (err) process.stderr.write(`\n${err.type}: ${err.message}\n`);
    return err ? 1 : 0;
  } catch (e) {
    if (e instanceof SolutionUnavailable) throw new UsageError(e.message);
    throw e;
  } finally {
    await runner.close();
  }
}

export async function playCommand(a: Assignment, o: { seed?: string }): Promise<number> {
  if (a.reference.kind === 'solution') return playSolution(a, o);
  const prog = a.adapter.programs?.play ?? a.adapter.programs?.main;
  if (!prog) throw new UsageError(`${a.id} has no playable reference game yet`);
  const interactive = Boolean(process.stdin.isTTY);
  const io = consoleIO(interactive, Boolean((prog as { echoesInput?: boolean }).echoesInput));
  const seed = o.seed !== undefined ? (/^-?\d+$/.test(o.seed) ? Number(o.seed) : o.seed) : randomInt(2 ** 31);
  const ctx = makeContext({ adapter: a.adapter, words: a.words, options: { ...a.spec.data.options, stdinIsTerminal: interactive }, names: a.names, stdin: null, patches: [], seed }, io, new Map());
  try {
    prog(ctx);
  } catch (e) {
    if (e instanceof InputExhausted) {
      if (interactive) process.stdout.write('\n');
      return 0;
    }
    if (e instanceof RefRaise) {
      // The handout's own program raises here too (e.g. int('n') for the number of hands): say so, as Python would.
      process.stderr.write(`\n${e.pyType}: ${e.message}\n(the handout's program stops with this error on that input too)\n`);
      return 1;
    }
    throw e;
  }
  return 0;
}
