// Keeping student text from running as a GitHub Actions workflow command.
//
// The Actions runner reads a step's stdout AND its stderr line by line (actions/runner: ScriptHandler hands both
// streams to OutputManager, and both go through ActionCommandManager.TryProcessCommand). It splits lines at \n, \r
// and \r\n (.NET StreamReader.ReadLine), and a line is a command when
//   - after its leading whitespace (.NET String.TrimStart) it starts with `::`: `::notice title=…::Points 52/52`,
//     `::stop-commands::token` (every later command is ignored until `::token::`), `::add-mask::Points` (masks the
//     grader's own lines), `::set-output`, `::save-state`, `::echo::on`, `::group::`, `::add-matcher::` …; or
//   - it holds `##[` anywhere (the runner's older form, `… ##[error]forged`, parsed by ActionCommand.TryParse).
// So whatever gradekit writes while it runs inside Actions goes through neutraliseCommands, and only the grader's
// own commands are written as they are (ActionsOutput.command). This is not a matter of which stream: stderr is
// parsed like stdout, and the two streams are read concurrently, so no ordering (a stop-commands fence on stdout
// around text on stderr, say) could be relied on.
import { StringDecoder } from 'node:string_decoder';
import { unicodeEscape } from './text.js';

/** Whitespace .NET's TrimStart removes (Char.IsWhiteSpace: JavaScript's \s plus NEL), and format characters besides. */
const LEAD = '[\\s\\u0085\\u180e\\u200b-\\u200d\\u2060]*';

/** A line the runner would take for a `::command::` (after leading whitespace). */
const COMMAND_LINE = new RegExp(`^(${LEAD}):`);
/** A line that reads like GitHub Classroom's points line ("Points 52/52"), which only the grader may print. */
const POINTS_LINE = new RegExp(`^(${LEAD})(points\\s*[\\d.]+\\s*/\\s*[\\d.]+)`, 'i');

/**
 * Text made safe to print where Actions reads commands: on every line (split as the runner splits), a leading
 * `::` becomes `\u003a:`, every `##[` becomes `#\u0023[`, and a leading "Points N/M" becomes "\u0050oints N/M".
 * The escapes are the `\uXXXX` spelling the reports use for other characters that act on a reader, so a reader
 * sees what was there, and in a JSON document (inside a string, the only place `##[` can stand) they decode
 * back to the same text. Text without such a line is returned unchanged.
 */
export function neutraliseCommands(text: string): string {
  if (!text.includes('::') && !text.includes('##[') && !/points/i.test(text)) return text;
  return text
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 ? part : neutraliseLine(part)))
    .join('');
}

function neutraliseLine(line: string): string {
  let out = line.replace(/##\[/g, '#\\u0023[');
  const c = COMMAND_LINE.exec(out);
  if (c && out.startsWith(':', c[1].length + 1)) out = `${c[1]}\\u003a${out.slice(c[1].length + 1)}`;
  const p = POINTS_LINE.exec(out);
  if (p) out = p[1] + unicodeEscape(out[p[1].length]) + out.slice(p[1].length + 1);
  return out;
}

/** What gradekit prints while it runs inside Actions: its own commands, and everything else neutralised. */
export interface ActionsOutput {
  /** Writes one of the grader's own workflow commands (or its points line) to stdout, as it is, on a line of its own. */
  command(line: string): void;
}

type Write = (chunk: string | Uint8Array, encoding?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void) => boolean;

export interface GuardedStream {
  /** Writes what a partial last line held back. */
  flush(): void;
  /** Writes one line as it is, at a line start (after ending a partial line the stream is in). */
  raw(line: string): void;
}

/** Replaces a stream's write with one that holds back a partial last line and neutralises whole lines. */
export function guardStream(stream: { write: Write }): GuardedStream {
  const write = stream.write.bind(stream) as Write;
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let atLineStart = true;
  const emit = (s: string, cb?: (err?: Error | null) => void): boolean => {
    if (s) atLineStart = /[\r\n]$/.test(s);
    return write(s, cb as never);
  };
  stream.write = (chunk, encoding, cb) => {
    const done = typeof encoding === 'function' ? encoding : cb;
    const text = typeof chunk === 'string'
      ? chunk
      : decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    pending += text;
    // A command is recognised only as a whole line: hold back the part after the last line break.
    const cut = Math.max(pending.lastIndexOf('\n'), pending.lastIndexOf('\r')) + 1;
    if (!cut) {
      done?.();
      return true;
    }
    const ready = pending.slice(0, cut);
    pending = pending.slice(cut);
    return emit(neutraliseCommands(ready), done);
  };
  const flush = () => {
    const rest = pending + decoder.end();
    pending = '';
    if (rest) emit(neutraliseCommands(rest));
  };
  return {
    flush,
    raw(line: string) {
      if (/[\r\n]/.test(line)) throw new Error(`gradekit bug: a workflow command must be one line: ${JSON.stringify(line.slice(0, 80))}`);
      flush();
      emit(`${atLineStart ? '' : '\n'}${line}\n`);
    },
  };
}

let active: ActionsOutput | undefined;

/**
 * From now on, every write to stdout and stderr of this process is neutralised (neutraliseCommands), whoever
 * makes it; the grader's own commands go through the returned ActionsOutput. Idempotent. A partial last line
 * is held back until its line ends, a command is written, or the process exits.
 */
export function guardActionsOutput(): ActionsOutput {
  if (active) return active;
  const out = guardStream(process.stdout as unknown as { write: Write });
  const err = guardStream(process.stderr as unknown as { write: Write });
  process.on('exit', () => {
    out.flush();
    err.flush();
  });
  active = {
    command(line: string) {
      // What stderr holds back belongs before the command.
      err.flush();
      out.raw(line);
    },
  };
  return active;
}

/** Whether gradekit runs as a step of GitHub Actions (the runner sets GITHUB_ACTIONS=true). */
export function inGithubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.GITHUB_ACTIONS === 'true';
}
