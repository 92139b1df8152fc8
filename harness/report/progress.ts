// Progress of a long command (audit, vet, golden --update, grade, bench), on stderr so that results on stdout
// stay clean when piped.
//
// - On a terminal: one live line, redrawn in place: label, done/total, elapsed time, an estimate of the time
//   left, the stage and the current item. It is cleared when the command ends, leaving only the results.
// - Without a terminal (CI, `2>file`, `| tee`), or with TERM=dumb or CI set: one plain line per stage, nothing else.
// - `--quiet`: nothing at all (results and errors still print). `--verbose`: also one line per item done, with
//   its result, and the time taken at the end (above the live line on a terminal).
//
// How a command uses it (vet, for example):
//
//   const p = startProgress(`vet ${a.id}`, progressFlags(o));        // o: the command's --quiet/--verbose
//   p.stage('grading known-correct solutions', solutions.length);
//   for (const s of solutions) {
//     p.item(s.name);                                                 // shown as the current item
//     const r = await gradeSubmission(a, s.path, …);
//     p.tick(s.name, failing(r).length ? `${failing(r).length} scored test(s) failed` : 'all passed');
//   }
//   p.done();                                                         // before printing the results
//
// and declares the flags with addProgressOptions(command). Work done in parallel calls item() when an item
// starts and tick() when it ends, in any order.
import type { Command } from 'commander';
import { visibleControls } from './text.js';

/** The part of a stream progress needs (process.stderr, or a fake one in tests). */
export interface ProgressStream {
  write(s: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  /** Print nothing. */
  quiet?: boolean;
  /** Also a line per item done, and the time taken at the end. */
  verbose?: boolean;
  /** Default process.stderr. */
  stream?: ProgressStream;
  /** Live line or plain lines; default: live when the stream is a terminal and neither CI nor TERM=dumb says otherwise. */
  live?: boolean;
  /** Default process.env (CI, TERM). */
  env?: Record<string, string | undefined>;
  /** Milliseconds; default performance.now. */
  now?: () => number;
  /** Milliseconds between redraws of the live line for elapsed time (default 1000; 0: none). */
  refreshMs?: number;
}

export interface Progress {
  /** A new stage; `total` items when they can be counted (done/total and an estimate are shown then). */
  stage(name: string, total?: number): void;
  /** The item being worked on now. */
  item(name: string): void;
  /** One item done: what it was and (verbose) how it ended. */
  tick(name?: string, note?: string): void;
  /** A line of its own (kept above the live line); not printed with --quiet. */
  log(line: string): void;
  /** The end of the command's work: clears the live line. */
  done(summary?: string): void;
}

/** "1:05", "12:00", "1:02:03": elapsed and remaining times. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** Whether a live line is right for this stream: a terminal that is not dumb, and not a CI log. */
export function isLive(stream: ProgressStream, env: Record<string, string | undefined> = process.env): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb' && !ci;
}

const BAR = 16;
/** At most one redraw of the live line in this many milliseconds. */
const REDRAW_MS = 80;
const SPIN = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** An item's name on one line, its control characters shown (a submission's folder name may carry any). */
const clean = (s: string) => visibleControls(s).replace(/[\n\t]/g, ' ');

export function startProgress(label: string, opts: ProgressOptions = {}): Progress {
  const stream = opts.stream ?? process.stderr;
  const now = opts.now ?? (() => performance.now());
  const quiet = Boolean(opts.quiet);
  const verbose = Boolean(opts.verbose) && !quiet;
  const live = !quiet && (opts.live ?? isLive(stream, opts.env));
  const t0 = now();
  let stageName = '', stageStart = t0, total: number | undefined, count = 0, current = '', spin = 0;
  let shown = false, lastDraw = -Infinity, finished = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const line = (): string => {
    const t = now();
    // The numbers first, so that a narrow terminal cuts the names rather than them.
    const parts = [label];
    if (total !== undefined) {
      const filled = total ? Math.round((BAR * Math.min(count, total)) / total) : BAR;
      parts.push(`${'█'.repeat(filled)}${'░'.repeat(BAR - filled)} ${count}/${total}`);
    } else parts.push(SPIN[spin++ % SPIN.length]);
    parts.push(clock(t - t0));
    const left = total !== undefined && count > 0 && count < total ? ((t - stageStart) / count) * (total - count) : 0;
    if (left >= 1000) parts.push(`~${clock(left)} left`);
    if (stageName) parts.push(stageName);
    if (current) parts.push(current);
    const text = parts.join(' · ');
    const width = Math.max(20, (stream.columns || 80) - 1); // a pseudo-terminal may report 0 columns
    return Array.from(text).length > width ? Array.from(text).slice(0, width - 1).join('') + '…' : text;
  };
  const draw = (force = false) => {
    if (!live || finished) return;
    const t = now();
    if (!force && t - lastDraw < REDRAW_MS) {
      // Many updates at once (parallel workers) are drawn once, a moment later.
      pending ??= setTimeout(() => {
        pending = undefined;
        draw(true);
      }, REDRAW_MS);
      pending.unref?.();
      return;
    }
    if (pending) {
      clearTimeout(pending);
      pending = undefined;
    }
    lastDraw = t;
    stream.write(`\r${line()}\x1b[K`);
    shown = true;
  };
  const clear = () => {
    if (shown) stream.write('\r\x1b[K');
    shown = false;
  };
  const say = (text: string) => {
    if (quiet) return;
    clear();
    stream.write(text + '\n');
    draw(true);
  };
  if (live && (opts.refreshMs ?? 1000) > 0) {
    timer = setInterval(() => draw(true), opts.refreshMs ?? 1000);
    timer.unref?.();
  }

  return {
    stage(name, n) {
      stageName = name;
      total = n;
      count = 0;
      current = '';
      stageStart = now();
      if (live) draw(true);
      else if (!quiet) stream.write(`${label}: ${name}${n !== undefined ? ` (${n})` : ''}\n`);
    },
    item(name) {
      current = clean(name);
      // Drawn at once: the work on an item may be synchronous (golden, bench), leaving no moment to draw later.
      draw(true);
    },
    tick(name, note) {
      count++;
      if (name !== undefined && current === clean(name)) current = '';
      if (verbose && name !== undefined) {
        const where = total !== undefined ? `[${count}/${total}] ` : '';
        say(`${live ? '' : `${label}: `}${where}${clean(name)}${note ? `: ${clean(note)}` : ''}`);
      } else draw(count === total);
    },
    log(text) {
      say(text);
    },
    done(summary) {
      if (finished) return;
      if (timer) clearInterval(timer);
      if (pending) clearTimeout(pending);
      clear();
      finished = true;
      if (verbose) stream.write(`${label}: ${summary ? `${summary}, ` : ''}done in ${clock(now() - t0)}\n`);
    },
  };
}

/** The --quiet and --verbose flags of a long command, named as vitest and npm users expect. */
export function addProgressOptions(c: Command, verboseHelp = 'also print a line per item as it finishes'): Command {
  return c.option('-q, --quiet', 'print no progress (results and errors only)').option('-v, --verbose', verboseHelp);
}

/** A command's parsed --quiet/--verbose flags. */
export interface ProgressFlags {
  quiet?: boolean;
  verbose?: boolean;
}

/** The progress options a command's parsed flags ask for. */
export function progressFlags(o: ProgressFlags): ProgressOptions {
  return { quiet: o.quiet, verbose: o.verbose };
}
