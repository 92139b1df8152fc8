// The oracle and the game judge without a JVM: the handout's own example, and a small Python console
// program (fast to start) to exercise the judge's paths: passing, a question it does not know, a
// re-asked yes/no, a wrong word revealed, a smaller family kept, and a program that hangs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEnv } from '../harness/interactive/game.js';
import { DEFAULT_PROFILE } from '../harness/interactive/profile.js';
import { buildRoleTable } from '../harness/turns/index.js';
import { playNiftyGame } from '../reference/hangman/nifty/game.js';
import { frequencyGuess, guessReadings, keptSmallerFamily, oddInputReadings, startState } from '../reference/hangman/nifty/oracle.js';
import { parseParams } from '../reference/hangman/nifty/params.js';
import { NIFTY_ROLES } from '../reference/hangman/nifty/roles.js';

const HANDOUT = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex'];

describe('the oracle on the handout example', () => {
  it('reads a guess as one reading per family; only the largest is right', () => {
    const rs = guessReadings(startState(HANDOUT, 4, 5), 'e');
    expect(rs.map((r) => r.family!.pattern)[0]).toBe('----');
    const kept = rs.find((r) => r.family!.pattern === '----')!;
    expect(kept.state.words).toEqual(['ally', 'cool', 'good']);
    expect(kept.state.guessesLeft).toBe(4); // 'e' missed: one guess
    expect(keptSmallerFamily(kept)).toBe(false);
    expect(keptSmallerFamily(rs.find((r) => r.family!.pattern === '-e--')!)).toBe(true);
    const o = guessReadings(kept.state, 'o').find((r) => r.family!.pattern === '-oo-')!;
    expect([o.state.words, o.state.guessesLeft, keptSmallerFamily(o)]).toEqual([['cool', 'good'], 4, false]); // revealed: free
  });

  it('treats tied largest families alike', () => {
    const rs = guessReadings(startState(['ab', 'ba', 'ax', 'xa'], 2, 3), 'a');
    expect(rs.filter((r) => !keptSmallerFamily(r)).map((r) => r.family!.pattern).sort()).toEqual(['-a', 'a-']);
  });

  it('keeps every reasonable reading of an input the handout leaves open', () => {
    const s = startState(HANDOUT, 4, 5);
    const reads = oddInputReadings(s, 'eo').map((r) => r.read);
    expect(reads[0]).toBe('refused (it costs nothing)');
    expect(reads).toContain("read as its first letter 'e'");
    expect(reads.at(-1)).toBe('a wrong guess (it costs one guess)');
    expect(oddInputReadings(s, '#').map((r) => r.state.guessesLeft)).toEqual([5, 4]);
  });

  it('guesses the most common unguessed letter, ties alphabetically', () => {
    expect(frequencyGuess(startState(['cool', 'good'], 4, 3))).toBe('o');
    expect(frequencyGuess({ ...startState(['ab', 'ba'], 2, 3), guessed: ['a'] })).toBe('b');
  });
});

// A correct Evil Hangman in Python. PROMPT_LEN lets a test swap the length prompt for an odd one.
const PY_GAME = `
import os, sys
words = [w.strip() for w in open('dictionary.txt') if w.strip()]
n = 0
while True:
    n = int(input(os.environ.get('PROMPT_LEN', 'Word length? ')))
    cand = [w for w in words if len(w) == n]
    if cand: break
    print('No words of that length.')
g = int(input('Number of guesses? '))
if os.environ.get('STRICT_YES'):
    while True:
        a = input('Show running total? ').strip()
        if a in ('yes', 'no'): break
        print('Please answer yes or no.')
    total = a == 'yes'
else:
    total = input('Show running total (y/n)? ').strip().lower().startswith('y')
pat = '-' * n
used = set()
while g > 0 and '-' in pat:
    print(f'Guesses left: {g}')
    print('Word: ' + pat)
    print('Used letters: ' + ' '.join(sorted(used)))
    if total: print(f'Words remaining: {len(cand)}')
    if os.environ.get('HANG') and used: 
        while True: pass
    c = input('Your guess? ').strip().lower()
    if len(c) != 1 or not c.isalpha() or c in used:
        print('Bad guess.'); continue
    used.add(c)
    fam = {}
    for w in cand:
        fam.setdefault(''.join(c if w[i] == c else pat[i] for i in range(n)), []).append(w)
    best = (min if os.environ.get('SMALLEST') else max)(fam, key=lambda k: len(fam[k]))
    cand = fam[best]
    if best == pat: g -= 1
    pat = best
print('Word: ' + pat)
if os.environ.get('PLAIN_REVEAL'):
    # No "the word was" phrase: the word alone on its own line (a wrong one when asked to).
    print('Sorry, there are no more tries.')
    print(words[1] if os.environ.get('PLAIN_REVEAL') == 'wrong' else cand[-1])
else:
    print('You win!' if '-' not in pat else 'You lose! The word was ' + cand[0])
`;

const TABLE = buildRoleTable(NIFTY_ROLES);

function pyEnv(extra: NodeJS.ProcessEnv = {}): GameEnv {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-pygame-'));
  writeFileSync(join(dir, 'game.py'), PY_GAME);
  writeFileSync(join(dir, 'dictionary.txt'), HANDOUT.join('\n') + '\n');
  return { command: ['python3', 'game.py'], cwd: dir, words: HANDOUT, wordsFile: 'dictionary.txt', table: TABLE, profile: DEFAULT_PROFILE, timeoutMs: 5000, env: { ...process.env, ...extra } };
}

function game(raw: Record<string, unknown>) {
  const { params, errors } = parseParams(raw);
  expect(errors).toEqual([]);
  return params!;
}

describe('playNiftyGame judging a Python program', () => {
  it('plays a whole game and finds nothing wrong', async () => {
    const r = await playNiftyGame(game({ length: [3, 4], guesses: 3, running_total: true, inject: [{ before_guess: 2, input: '#' }] }), pyEnv());
    expect(r.message).toBe('');
    expect(r.kind).toBe('passed');
    expect(r.violations).toEqual([]);
    expect(r.transcript).toContain('Word length? 3\nNo words of that length.\nWord length? 4\n');
  });

  it('answers a question the table does not know by its place, and says so', async () => {
    const r = await playNiftyGame(game({ length: 4, guesses: 3 }), pyEnv({ PROMPT_LEN: 'Dimension? ' }));
    expect(r.kind).toBe('passed');
    expect(r.violations).toEqual([]);
    expect(r.notices.join('\n')).toMatch(/Dimension\?/);
  });

  it('tries the next yes/no spelling when the program re-asks', async () => {
    const r = await playNiftyGame(game({ length: 4, guesses: 3, running_total: true }), pyEnv({ STRICT_YES: '1' }));
    expect(r.kind).toBe('passed');
    expect(r.violations).toEqual([]);
    expect(r.transcript).toMatch(/Show running total\? y\nPlease answer yes or no\.\nShow running total\? yes\n/);
  });

  it('accepts a word of the final family printed alone on a line, and charges one outside it', async () => {
    const g = game({ length: 4, guesses: 1, guesser: { letters: 'e' } });
    const ok = await playNiftyGame(g, pyEnv({ PLAIN_REVEAL: 'right' }));
    expect(ok.violations).toEqual([]);
    const bad = await playNiftyGame(g, pyEnv({ PLAIN_REVEAL: 'wrong' }));
    expect(bad.violations.map((v) => [v.check, v.defect])).toEqual([['reveal', 'reveal:outside-family']]);
    expect(bad.violations[0]!.message).toMatch(/the program reveals "beta", which is not in the final family "----" \(3 words: ally, cool, good\)/);
  });

  it('charges a smaller family kept under largest-family, naming the largest', async () => {
    const r = await playNiftyGame(game({ length: 4, guesses: 5 }), pyEnv({ SMALLEST: '1' }));
    const fam = r.violations.filter((v) => v.check === 'largest-family');
    expect(fam.length).toBeGreaterThan(0);
    expect(fam[0]!.defect).toBe('family:not-largest');
    expect(fam[0]!.message).toMatch(/the program kept "[-a-z]{4}" \(\d words?\), but the largest famil/);
  });

  it('reports a program that hangs mid-game as a time limit', async () => {
    const r = await playNiftyGame(game({ length: 4, guesses: 3 }), { ...pyEnv({ HANG: '1' }), timeoutMs: 800 });
    expect(r.kind).toBe('time_limit_exceeded');
    expect(r.message).toMatch(/time limit/i);
  });
});
