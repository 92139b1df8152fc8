// `gradekit play`: the reference game at a terminal, or, with piped input, the exact transcript a
// correct program prints under the course's driver (inputs echoed after their prompts).
import { readFileSync, readSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Assignment } from './assignment/load.js';
import { InputExhausted, RefRaise, type RefIO } from './model/reference.js';
import { makeContext } from './grade/reference-run.js';
import { UsageError } from './util/errors.js';

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

export function playCommand(a: Assignment, o: { seed?: string }): number {
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
