// THE parity check: for scripted stdin sessions, our Python replica of the course runner, running
// each accepted student fixture, prints exactly (byte for byte) what runHangman313E prints.
// If the reference and two independently written correct solutions agree on every session, the
// reference's transcript is what a correct submission produces under the course runner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dictionaryFromText } from '../reference/hangman/hangman313e.js';
import { transcript313E } from '../reference/hangman/runner313e.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const RUNNER = here('../fixtures/hangman-313e/runner.py');
const SMALL_TEXT = readFileSync(here('../fixtures/hangman-313e/words-small.txt'), 'utf8');
const FIXTURES = ['straightforward', 'dict-of-lists'];
// Upper case, a duplicate, padding, CRLF and a blank line: exercises sorted(set(line.strip().lower())).
const MESSY_TEXT = 'Ally\r\n beta\n\nALLY\ncool  \ngood\r\nhope\nit\n';

interface Session {
  name: string;
  stdin: string;
  debug?: boolean;
  dict?: 'messy';
}

const SESSIONS: Session[] = [
  { name: 'EASY win, length 4 (the handout sample 1 guesses)', stdin: '4\n25\n1\na\nn\ne\ns\nt\nd\nl\no\ng\nc\nn\n' },
  { name: 'HARD loss, length 4', stdin: '4\n3\n3\ne\na\ni\nn\n' },
  { name: 'MEDIUM, length 5, many guesses', stdin: '5\n10\n2\ne\nt\nr\nb\nl\nv\nd\ng\nf\nn\n' },
  { name: 'length 8 played to the end', stdin: '8\n25\n3\ne\nn\nt\ns\nc\nl\np\nh\na\nn\n' },
  { name: 'length 2 and 3, EASY', stdin: '2\n2\n1\no\nt\nn\ns\ng\ny\n3\n6\n1\ne\na\nt\nc\nb\nh\nn\n' },
  { name: 'bad setup input', stdin: 'a\n\n9\n-1\n 4 \nx\n0\n26\n-3\n2_0\nHARD\n4\n0\n2\n' + 'e\no\nn\n' },
  { name: 'Python int() forms', stdin: '+0_4\n\t4\r\n٣\n１\nn\n' },
  { name: 'huge numbers', stdin: '99999999999999999999999\n' + '1'.repeat(4301) + '\n6\n4\n3\na\ne\nn\n' },
  { name: 'bad guesses', stdin: '6\n4\n2\n\nab\n5\n?\n-\nA\na\nÉ\né\nß\n \nN\nn\nn\nd\nt\n' },
  { name: 'CRLF lines', stdin: '4\r\n3\r\n3\r\ne\r\ne\nn\r\n' },
  { name: 'play again twice', stdin: '2\n1\n3\nz\nYes\n3\n2\n1\nq\nt\ny\n7\n1\n2\nx\nnope\n' },
  { name: 'EOF in the middle of a game', stdin: '5\n5\n3\ne\nt\n' },
  { name: 'debug HARD', stdin: '4\n4\n3\ne\na\no\nl\nn\n', debug: true },
  { name: 'debug EASY (second hardest, and the lone-family case)', stdin: '2\n5\n1\nz\nq\no\nt\nn\nb\n', debug: true },
  { name: 'debug MEDIUM, length 5', stdin: '5\n8\n2\ne\nt\nr\nl\nb\nv\nn\n', debug: true },
  { name: 'messy dictionary: length 0 from the blank line, then length 4', stdin: '0\n5\n1\ny\n4\n2\n3\no\nl\ne\nn\n', dict: 'messy' },
];

const dirs = new Map<string, string>();

beforeAll(() => {
  for (const fixture of FIXTURES) {
    for (const dict of ['small', 'messy'] as const) {
      const dir = mkdtempSync(join(tmpdir(), `hangman313e-${fixture}-`));
      copyFileSync(here(`../fixtures/hangman-313e/submissions/accepted/${fixture}/hangman.py`), join(dir, 'hangman.py'));
      writeFileSync(join(dir, 'dictionary.txt'), dict === 'small' ? SMALL_TEXT : MESSY_TEXT);
      dirs.set(`${fixture}/${dict}`, dir);
    }
  }
});

afterAll(() => {
  for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
});

function python(dir: string, s: Session): { stdout: string; status: number | null; stderr: string } {
  const r = spawnSync('python3', [RUNNER, ...(s.debug ? ['--debug'] : [])], {
    cwd: dir,
    input: s.stdin,
    encoding: 'utf8',
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8', PYTHONHASHSEED: '0' },
    timeout: 30_000,
  });
  return { stdout: r.stdout, status: r.status, stderr: r.stderr };
}

describe.each(FIXTURES)('runner parity with accepted/%s', (fixture) => {
  it.each(SESSIONS)('$name', (s) => {
    const dict = s.dict ?? 'small';
    const py = python(dirs.get(`${fixture}/${dict}`)!, s);
    const ref = transcript313E(s.stdin, dictionaryFromText(dict === 'small' ? SMALL_TEXT : MESSY_TEXT), s.debug ?? false);
    expect(py.stdout).toBe(ref.stdout);
    // The runner ends normally exactly when the reference does; at EOF Python dies with EOFError.
    if (ref.eof) {
      expect(py.status).not.toBe(0);
      expect(py.stderr).toContain('EOFError');
    } else {
      expect(py.stderr).toBe('');
      expect(py.status).toBe(0);
    }
  });
});

it('the sessions cover wins, losses, every difficulty and debug mode', () => {
  const small = dictionaryFromText(SMALL_TEXT);
  const outs = SESSIONS.filter((s) => !s.dict).map((s) => transcript313E(s.stdin, small, s.debug ?? false).stdout).join('\n');
  for (const needle of ['You beat me', 'Sorry, you lose', 'DEBUGGING: Difficulty second hardest', 'but only one pattern available',
    "I don't know any words", 'is not a valid number for difficulty', 'That is not an English letter.',
    'You already guessed that!', 'Yes, there are 2']) {
    expect(outs, needle).toContain(needle);
  }
});
