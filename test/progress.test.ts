// Progress of long commands (harness/report/progress.ts): a live line on a terminal, one line per stage
// without one, nothing with --quiet, a line per item with --verbose.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clock, isLive, startProgress, type ProgressOptions } from '../harness/report/progress.js';
import { rootPath } from '../harness/paths.js';

/** A stream that records what was written, and what a terminal would show after it (\r, ESC[K, \n). */
function fakeStream(isTTY: boolean, columns = 100) {
  const writes: string[] = [];
  return {
    isTTY,
    columns,
    writes,
    write(s: string) {
      writes.push(s);
      return true;
    },
    /** Lines a terminal shows: finished lines, then the line the cursor is on (if not empty). */
    screen(): string[] {
      const done: string[] = [];
      let line = '';
      let col = 0;
      const text = writes.join('');
      for (let i = 0; i < text.length; i++) {
        if (text.startsWith('\x1b[K', i)) {
          line = line.slice(0, col);
          i += 2;
        } else if (text[i] === '\r') col = 0;
        else if (text[i] === '\n') {
          done.push(line);
          line = '';
          col = 0;
        } else {
          line = line.slice(0, col) + text[i] + line.slice(col + 1);
          col++;
        }
      }
      return line ? [...done, line] : done;
    },
  };
}

function run(isTTY: boolean, opts: ProgressOptions = {}) {
  const stream = fakeStream(isTTY);
  let t = 0;
  const p = startProgress('audit ps3-mit', { stream, now: () => t, refreshMs: 0, env: {}, ...opts });
  return { stream, p, at: (ms: number) => (t = ms) };
}

afterEach(() => vi.useRealTimers());

describe('progress on a terminal', () => {
  it('shows one live line: stage, done/total, elapsed, time left and the current item', () => {
    const { stream, p, at } = run(true);
    p.stage('grading mutants', 10);
    p.item('m001 arith line 12');
    at(5_000);
    p.tick('m001 arith line 12');
    at(10_000);
    p.tick('m002 compare line 14');
    p.item('m003 compare line 20');
    const screen = stream.screen();
    expect(screen).toHaveLength(1);
    expect(screen[0]).toMatch(/^audit ps3-mit · █{3}░{13} 2\/10 · 0:10 · ~0:40 left · grading mutants · m003 compare line 20$/);
  });

  it('draws many updates in a moment once, a moment later', () => {
    vi.useFakeTimers();
    const { stream, p } = run(true);
    p.stage('grading', 100);
    const writes = stream.writes.length;
    for (let i = 0; i < 50; i++) p.tick(`m${i}`);
    expect(stream.writes.length).toBe(writes);
    vi.advanceTimersByTime(100);
    expect(stream.writes.length).toBe(writes + 1);
    expect(stream.screen()[0]).toContain(' 50/100 ');
  });

  it('leaves nothing behind when done: the results that follow start on a clean line', () => {
    const { stream, p } = run(true);
    p.stage('grading mutants', 3);
    p.tick('a');
    p.done();
    expect(stream.screen()).toEqual([]);
    expect(stream.writes.at(-1)).toBe('\r\x1b[K');
  });

  it('shows a stage without a count with a spinner, and fits the line to the terminal width', () => {
    const stream = fakeStream(true, 40);
    const p = startProgress('golden hangman-313e', { stream, now: () => 0, refreshMs: 0, env: {} });
    p.stage('checking against the reference');
    const [line] = stream.screen();
    expect(Array.from(line).length).toBeLessThanOrEqual(39);
    expect(line).toMatch(/^golden hangman-313e · ⠋ · 0:00 · check…$/);
  });

  it('keeps --verbose lines above the live line', () => {
    const { stream, p } = run(true, { verbose: true });
    p.stage('grading mutants', 2);
    p.tick('m001 arith line 12', 'killed by score-weed');
    p.tick('m002 compare line 14', 'survived');
    expect(stream.screen().slice(0, 2)).toEqual(['[1/2] m001 arith line 12: killed by score-weed', '[2/2] m002 compare line 14: survived']);
    expect(stream.screen()[2]).toMatch(/^audit ps3-mit · █+ 2\/2 · 0:00 · grading mutants$/);
    p.done('2 mutants');
    expect(stream.screen()).toEqual(['[1/2] m001 arith line 12: killed by score-weed', '[2/2] m002 compare line 14: survived', 'audit ps3-mit: 2 mutants, done in 0:00']);
  });

  it('redraws the elapsed time while nothing else happens', () => {
    vi.useFakeTimers();
    const stream = fakeStream(true);
    let t = 0;
    const p = startProgress('bench', { stream, now: () => t, env: {} });
    p.stage('measuring', 5);
    t = 61_000;
    vi.advanceTimersByTime(1000);
    expect(stream.screen()[0]).toContain('· 1:01');
    p.done();
    const n = stream.writes.length;
    vi.advanceTimersByTime(5000);
    expect(stream.writes.length).toBe(n); // the timer stops with done()
  });

  it('never lets an item name move the cursor or recolour the line', () => {
    const { stream, p } = run(true);
    p.stage('grading', 2);
    p.item('evil\x1b[2J\r\u009b2J\u202ename');
    expect(stream.writes.join('')).not.toMatch(/\x1b\[2J|\u009b|\u202e/);
    expect(stream.screen()[0]).toMatch(/evil␛\[2J␍\\u009b2J\\u202ename$/);
  });
});

describe('progress without a terminal', () => {
  it('prints one line per stage and nothing per item', () => {
    const { stream, p } = run(false);
    p.stage('grading the solution to mutate');
    p.stage('grading mutants', 3);
    for (const m of ['a', 'b', 'c']) (p.item(m), p.tick(m, 'killed'));
    p.done();
    expect(stream.writes.join('')).toBe('audit ps3-mit: grading the solution to mutate\naudit ps3-mit: grading mutants (3)\n');
  });

  it('with --verbose, also one line per item and the time taken', () => {
    const { stream, p, at } = run(false, { verbose: true });
    p.stage('grading mutants', 2);
    p.tick('m001', 'killed by count');
    at(75_000);
    p.tick('m002', 'survived');
    p.done();
    expect(stream.writes.join('')).toBe(
      'audit ps3-mit: grading mutants (2)\naudit ps3-mit: [1/2] m001: killed by count\naudit ps3-mit: [2/2] m002: survived\naudit ps3-mit: done in 1:15\n',
    );
    expect(stream.writes.join('')).not.toMatch(/[\r\x1b]/);
  });

  it('treats a terminal as a log when CI is set or TERM is dumb', () => {
    expect(isLive({ write: () => true, isTTY: true }, {})).toBe(true);
    expect(isLive({ write: () => true, isTTY: true }, { CI: 'true' })).toBe(false);
    expect(isLive({ write: () => true, isTTY: true }, { CI: 'false' })).toBe(true);
    expect(isLive({ write: () => true, isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(isLive({ write: () => true, isTTY: false }, {})).toBe(false);
    const { stream, p } = run(true, { env: { CI: '1' } });
    p.stage('grading', 1);
    p.tick('x');
    expect(stream.writes.join('')).toBe('audit ps3-mit: grading (1)\n');
  });
});

describe('--quiet', () => {
  it('prints nothing at all, on a terminal or not', () => {
    for (const tty of [true, false]) {
      const { stream, p } = run(tty, { quiet: true, verbose: true });
      p.stage('grading', 2);
      p.item('a');
      p.tick('a', 'ok');
      p.log('a note');
      p.done('summary');
      expect(stream.writes, `tty ${tty}`).toEqual([]);
    }
  });
});

it('writes times as m:ss and h:mm:ss', () => {
  expect([clock(0), clock(59_400), clock(61_000), clock(3_723_000)]).toEqual(['0:00', '0:59', '1:01', '1:02:03']);
});

describe('a long command at a terminal and piped', () => {
  const hasScript = spawnSync('script', ['--version']).status === 0;
  const gradekit = rootPath('bin', 'gradekit');

  it.skipIf(!hasScript)('draws the live line on a terminal and clears it before the results', () => {
    // `script` gives the command a pseudo-terminal, as a person at a terminal would.
    const log = join(mkdtempSync(join(tmpdir(), 'gk-tty-')), 'typescript');
    const env = { ...process.env, CI: '', TERM: 'xterm' };
    execFileSync('script', ['-qec', `stty cols 120 2>/dev/null; ${gradekit} golden hangman-313e`, log], { env, stdio: 'ignore' });
    const out = readFileSync(log, 'utf8');
    expect(out).toMatch(/\rgolden hangman-313e · █+░* \d+\/24 · 0:\d\d · (~0:\d\d left · )?checking against the reference · [\w.-]+\x1b\[K/);
    expect(out).toMatch(/\r\x1b\[Khangman-313e: \d+ golden transcript\(s\) up to date/);
  });

  it('prints one line per stage and none of the live line when piped', () => {
    const r = spawnSync(gradekit, ['golden', 'hangman-313e'], { encoding: 'utf8', env: { ...process.env, CI: '' } });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('golden hangman-313e: checking against the reference (24)\n');
    expect(r.stdout + r.stderr).not.toMatch(/[\r\x1b]/);
    const quiet = spawnSync(gradekit, ['golden', 'hangman-313e', '--quiet'], { encoding: 'utf8' });
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toMatch(/up to date/);
  });
});
