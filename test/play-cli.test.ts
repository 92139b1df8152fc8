// `gradekit play` with piped input prints exactly what a correct program prints under the course's
// driver: for hangman-313e, the course runner (our replica) with a correct hangman.py.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';

const words = rootPath('fixtures', 'hangman-313e', 'words-small.txt');
const sessions: [string, string][] = [
  ['EASY win with an upper-case guess and a repeat', '4\n8\n1\nE\ne\na\no\ni\nu\nt\ns\nr\nn\nl\nd\nk\nn\n'],
  ['setup errors, then HARD', 'four\n0\n4\n30\n5\nx\n3\na\ne\ni\no\nu\nno\n'],
  ['MEDIUM loss and play again', '5\n2\n2\nq\nz\ny\n3\n3\n1\na\ne\nt\nn\n'],
];

function runner(stdin: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gk-play-'));
  copyFileSync(rootPath('fixtures', 'hangman-313e', 'submissions', 'accepted', 'straightforward', 'hangman.py'), join(dir, 'hangman.py'));
  copyFileSync(words, join(dir, 'dictionary.txt'));
  try {
    return execFileSync('python3', [rootPath('fixtures', 'hangman-313e', 'runner.py')], { cwd: dir, input: stdin, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    return (e as { stdout: string }).stdout; // the course runner dies with EOFError when input ends mid-game
  }
}

function play(args: string[], stdin: string): string {
  return execFileSync(rootPath('bin', 'gradekit'), ['play', ...args], { input: stdin, encoding: 'utf8' });
}

function playFailing(args: string[], stdin: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(rootPath('bin', 'gradekit'), ['play', ...args], { input: stdin, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('gradekit play hangman-313e', () => {
  it.each(sessions)('%s: byte for byte what the course runner prints', (_, stdin) => {
    const expected = runner(stdin);
    expect(expected).toContain('Welcome to the CS313E hangman game.');
    expect(play(['hangman-313e', '--words', words], stdin)).toBe(expected);
  });
});

describe('gradekit play ps3-mit', () => {
  it('plays a full game with seeded hands, the same way twice', () => {
    const stdin = '2\nno\n*END*\nno\nno\n*END*\nno\n';
    const a = play(['ps3-mit', '--seed', '11'], stdin);
    expect(a).toBe(play(['ps3-mit', '--seed', '11'], stdin));
    expect(a).not.toBe(play(['ps3-mit', '--seed', '12'], stdin));
    expect(a).toMatch(/Total score over all hands: 0/);
    expect(a).toContain('Enter total number of hands: 2\n');
  });

  it("stops like the handout's program on input int() rejects, naming the Python error, not as a gradekit bug", () => {
    const r = playFailing(['ps3-mit', '--seed', '1'], 'two\n');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Enter total number of hands: two\n');
    expect(r.stderr).toContain("ValueError: invalid literal for int() with base 10: 'two'");
    expect(r.stderr).not.toMatch(/internal error|bug in gradekit|at .*\.ts:/);
  });
});
