// The oracle and the game driver without a JVM: the handout's own example, and a small Python
// console program (fast to start) to exercise the driver's protocol paths.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGameTest, type GameEnv } from '../harness/interactive/game-test.js';
import { frequencyGuess, judgeGuess, startState } from '../harness/interactive/oracle.js';
import { DEFAULT_PROFILE, mergeProfile } from '../harness/interactive/profile.js';

const HANDOUT = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex'];

describe('judgeGuess on the handout example', () => {
  it('accepts the largest family and narrows to it', () => {
    const s = startState(HANDOUT, 4, 5);
    const v = judgeGuess(s, 1, 'e', ['----']);
    expect(v.ok).toBe(true);
    expect(v.next!.words).toEqual(['ally', 'cool', 'good']);
    expect(v.next!.guessesLeft).toBe(4); // 'e' missed: one guess
    const o = judgeGuess(v.next!, 2, 'o', ['-oo-']);
    expect(o.ok && o.next!.words).toEqual(['cool', 'good']);
    expect(o.next!.guessesLeft).toBe(4); // revealed: free
  });

  it('names the guess, the letter and the families when a smaller family is shown', () => {
    const v = judgeGuess(startState(HANDOUT, 4, 5), 1, 'e', ['-e--']);
    expect(v.ok).toBe(false);
    expect(v.problem).toBe(`guess 1 ('e'): the program revealed "-e--" (2 words), but the largest family is "----" (3 words)`);
  });

  it('accepts any of the tied largest families and lists them on failure', () => {
    const words = ['ab', 'ba', 'cc', 'dd'];
    const s = startState(words, 2, 3);
    expect(judgeGuess(s, 1, 'c', ['cc']).ok).toBe(false);
    const tie = startState(['ab', 'ba', 'ax', 'xa'], 2, 3);
    expect(judgeGuess(tie, 1, 'a', ['a-']).ok).toBe(true);
    expect(judgeGuess(tie, 1, 'a', ['-a']).ok).toBe(true);
    const three = startState(['ab', 'ba', 'ax', 'xa', 'aa'], 2, 3);
    expect(judgeGuess(three, 1, 'a', ['aa']).problem).toBe(
      `guess 1 ('a'): the program revealed "aa" (1 word), but the largest families (tied) are "a-" (2 words), "-a" (2 words)`);
  });

  it('reports a pattern that is no family, and a missing pattern', () => {
    const s = startState(HANDOUT, 4, 5);
    // The last pattern shown that is a family is the one judged (the newest state).
    expect(judgeGuess(s, 1, 'e', ['-e--', '----', 'x---']).ok).toBe(true);
    expect(judgeGuess(s, 1, 'e', ['----', '-e--']).ok).toBe(false);
    expect(judgeGuess(s, 1, 'e', ['-ee-']).problem).toMatch(/^guess 1 \('e'\): the program shows "-ee-", which matches no word family of the 9 remaining words/);
    expect(judgeGuess(s, 1, 'e', []).problem).toMatch(/^guess 1 \('e'\): no word pattern of length 4 appears/);
  });

  it('infers the family from the ending when the program stops printing the word', () => {
    const s = { ...startState(['cool', 'good'], 4, 1), pattern: '-oo-' };
    const v = judgeGuess(s, 3, 't', [], true);
    expect(v.ok && v.next!.over).toBe('loss');
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
    best = max(fam, key=lambda k: len(fam[k]))
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

function pyEnv(extra: NodeJS.ProcessEnv = {}, profile = DEFAULT_PROFILE): GameEnv {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-pygame-'));
  writeFileSync(join(dir, 'game.py'), PY_GAME);
  writeFileSync(join(dir, 'dictionary.txt'), HANDOUT.join('\n') + '\n');
  return { command: ['python3', 'game.py'], cwd: dir, words: HANDOUT, profile, timeoutMs: 5000, env: { ...process.env, ...extra } };
}

describe('runGameTest driving a Python program', () => {
  it('plays and passes a whole game, recording judged steps', async () => {
    const r = await runGameTest({ length: [3, 4], guesses: 3, runningTotal: true, guesser: 'frequency', inject: [{ beforeGuess: 2, input: '#' }] }, pyEnv());
    expect(r.message).toBe('');
    expect(r.status).toBe('passed');
    expect(r.steps.map((s) => s.kind).slice(0, 4)).toEqual(['wordLength', 'wordLength', 'guesses', 'runningTotal']);
    const guesses = r.steps.filter((s) => s.kind === 'letter' && !s.inject);
    expect(guesses.every((s) => s.verdict === 'ok')).toBe(true);
    expect(guesses[0]!.family!.pattern).toBeDefined();
    expect(r.steps.find((s) => s.inject)?.input).toBe('#');
    expect(r.transcript).toContain('Word length? 3\nNo words of that length.\nWord length? 4\n');
  });

  it('shows the unclassified prompt and the classifiers tried, and a profile override fixes it', async () => {
    const env = pyEnv({ PROMPT_LEN: 'Dimension? ' });
    const r = await runGameTest({ length: 4, guesses: 3, runningTotal: false, guesser: 'frequency' }, env);
    expect(r.status).toBe('error');
    expect(r.kind).toBe('not_understood');
    expect(r.message).toMatch(/^cannot tell what the program asks for: "Dimension\?" \(input 1; tried classifiers: fileName, playAgain, runningTotal, guesses, wordLength, letter\)/);
    expect(r.unclassified?.line).toBe('Dimension?');
    const { profile } = mergeProfile(DEFAULT_PROFILE, { prompts: { wordLength: ['^dimension\\?'] } });
    const ok = await runGameTest({ length: 4, guesses: 3, runningTotal: false, guesser: 'frequency' }, { ...env, profile });
    expect(ok.status).toBe('passed');
  });

  it('tries the next yes/no spelling when the program re-asks', async () => {
    const r = await runGameTest({ length: 4, guesses: 3, runningTotal: true, guesser: 'frequency' }, pyEnv({ STRICT_YES: '1' }));
    expect(r.status).toBe('passed');
    expect(r.steps.filter((s) => s.kind === 'runningTotal').map((s) => s.input)).toEqual(['y', 'yes']);
    expect(r.steps.some((s) => s.shown?.count !== undefined)).toBe(true);
  });

  it('checks a revealed word printed alone on a line, ignoring words in ordinary prose', async () => {
    const game = { length: 4, guesses: 1, runningTotal: false, guesser: { letters: 'e' } } as const;
    const ok = await runGameTest(game, pyEnv({ PLAIN_REVEAL: 'right' }));
    expect(ok.message).toBe('');
    const bad = await runGameTest(game, pyEnv({ PLAIN_REVEAL: 'wrong' }));
    expect(bad.message).toBe(`guess 1 ('e'): out of guesses, the program reveals "beta", which is not in the final family "----" (3 words: ally, cool, good)`);
  });

  it('reports a program that hangs mid-game as a time limit', async () => {
    const env = { ...pyEnv({ HANG: '1' }), timeoutMs: 800 };
    const r = await runGameTest({ length: 4, guesses: 3, runningTotal: false, guesser: 'frequency' }, env);
    expect(r.status).toBe('error');
    expect(r.kind).toBe('time_limit_exceeded');
    expect(r.message).toMatch(/^time limit exceeded: no exit after 800 ms/);
  });
});
