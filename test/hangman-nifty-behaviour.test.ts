// Questions read by behaviour (reference/hangman/nifty/behaviour.ts): a setup answer the program refuses at
// once replays the game with the other kinds of answer, and the reading the program accepts is kept.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEnv } from '../harness/interactive/game.js';
import { DEFAULT_PROFILE } from '../harness/interactive/profile.js';
import { buildRoleTable } from '../harness/turns/index.js';
import { playNiftyGame } from '../reference/hangman/nifty/game.js';
import { otherReadings, readingByBehaviour } from '../reference/hangman/nifty/behaviour.js';
import { parseParams } from '../reference/hangman/nifty/params.js';
import { NIFTY_ROLES } from '../reference/hangman/nifty/roles.js';

const WORDS = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex', 'coal', 'goal', 'foal', 'loop', 'pool'];

// A correct game whose question for the number of guesses reads like a letter prompt (int() raises on a letter).
const PY_GAME = `
words = [w.strip() for w in open('dictionary.txt') if w.strip()]
while True:
    n = int(input('Word length? '))
    cand = [w for w in words if len(w) == n]
    if cand: break
    print('No words of that length.')
g = int(input('Enter your total guess: '))
total = input('Show running total (y/n)? ').strip().lower().startswith('y')
pat, used = '-' * n, []
while g > 0 and '-' in pat:
    print(f'Guesses left: {g}')
    print('Word: ' + pat)
    print('Used letters: ' + ' '.join(used))
    if total: print(f'Words remaining: {len(cand)}')
    c = input('Your letter? ').strip().lower()
    if len(c) != 1 or not c.isalpha() or c in used:
        print('Bad guess.'); continue
    used.append(c)
    fam = {}
    for w in cand:
        fam.setdefault(''.join(c if w[i] == c else pat[i] for i in range(n)), []).append(w)
    best = max(fam, key=lambda k: len(fam[k]))
    g -= 1 if best == pat else 0
    cand, pat = fam[best], best
print('Word: ' + pat)
print('You win!' if '-' not in pat else 'You lose! The word was ' + cand[0])
`;

function env(): GameEnv {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-behaviour-'));
  writeFileSync(join(dir, 'game.py'), PY_GAME);
  writeFileSync(join(dir, 'dictionary.txt'), WORDS.join('\n') + '\n');
  return { command: ['python3', 'game.py'], cwd: dir, words: WORDS, wordsFile: 'dictionary.txt', table: buildRoleTable(NIFTY_ROLES), profile: DEFAULT_PROFILE, timeoutMs: 8000 };
}

const params = (raw: Record<string, unknown>) => parseParams(raw).params!;

describe('questions read by behaviour', () => {
  it('offers one other reading per kind of answer, the setup number question not answered yet first', () => {
    expect(otherReadings({ question: 'letter', answered: ['wordLength'] })).toEqual(['guesses', 'runningTotal', 'fileName']);
    expect(otherReadings({ question: 'runningTotal', answered: ['wordLength', 'guesses', 'runningTotal'] })).toEqual(['guesses', 'letter', 'fileName']);
  });

  it('a question read as a letter prompt that raises on a letter is played again as the number question, in every test that meets it', async () => {
    const e = env();
    const p = params({ length: 4, guesses: 6 });
    const first = await playNiftyGame(p, e);
    expect(first.kind).toBe('run_time_error');
    expect(first.misread?.line).toBe('Enter your total guess:');
    expect(first.crashDefect).toMatch(/^raised:ValueError:/);
    const play = readingByBehaviour(playNiftyGame);
    const r = await play(p, e);
    expect(r.kind).toBe('passed');
    expect(r.violations).toEqual([]);
    expect(r.notices.join('\n')).toMatch(/refused "\w" as the answer to "Enter your total guess:".*number of guesses/);
    // The next test reads the question on its own: what one test learned is not another's start, so no
    // verdict depends on which tests ran before it. Same verdict, same note.
    const again = await play(params({ length: 4, guesses: 3 }), e);
    expect(again.kind).toBe('passed');
    expect(again.notices.join('\n')).toMatch(/refused "\w" as the answer to "Enter your total guess:"/);
  }, 60_000);
});
