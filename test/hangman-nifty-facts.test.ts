// No vacuous passes (issue 25): a check passes only if the game showed the facts it judges, else a second
// game is played to bring them up, else the test is not_checked and says why. Also: a question asking for
// a file is answered with the word list's file name, a stub that exits is charged once per rule it breaks,
// and a cost defect beside a family defect keeps its own signature. Driven by a small Python console
// program (fast to start) whose behaviour environment variables switch.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEnv, GameResult } from '../harness/interactive/game.js';
import { DEFAULT_PROFILE } from '../harness/interactive/profile.js';
import { buildRoleTable, classifyQuestion } from '../harness/turns/index.js';
import { verdict } from '../harness/grade/java-runner.js';
import { playNiftyGame } from '../reference/hangman/nifty/game.js';
import { playUntilSeen } from '../reference/hangman/nifty/facts.js';
import { inputReadings, sureHit, sureMiss, startState } from '../reference/hangman/nifty/oracle.js';
import { parseParams } from '../reference/hangman/nifty/params.js';
import { NIFTY_ROLES } from '../reference/hangman/nifty/roles.js';

const WORDS = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex', 'coal', 'goal', 'foal', 'loop', 'pool'];

// A correct game unless told otherwise: ASK_FILE (asks for the word list's file first, opens what it is
// told), COST (what every guess costs: 'miss' is right, 'all' charges hits too, '3' charges three per
// guess), GL ('all' shows the guesses left each turn, 'first' only before the first guess), SMALLEST (keeps
// the smallest family), STUB (asks for the number of guesses and exits), RELEN (asks the length twice),
// COUNT_ALL (the running total always shows every word of the length), ODD_COSTS (a non-letter costs a guess),
// AFTER (offers another game, and prints this when it is declined).
const PY_GAME = `
import os, sys
E = os.environ.get
if E('ASK_FILE'):
    while True:
        name = input('Please input file: ').strip()
        try:
            words = [w.strip() for w in open(name) if w.strip()]
            break
        except OSError:
            print('Cannot open ' + name)
else:
    words = [w.strip() for w in open('dictionary.txt') if w.strip()]
if E('STUB'):
    input('How many guesses? ')
    sys.exit(0)
while True:
    n = int(input('Word length? '))
    if E('RELEN'): n = int(input('Word length? '))
    cand = [w for w in words if len(w) == n]
    if cand: break
    print('No words of that length.')
g = int(input('Number of guesses? '))
total = input('Show running total (y/n)? ').strip().lower().startswith('y')
pat, used, turn = '-' * n, [], 0
while g > 0 and '-' in pat:
    if E('GL', 'all') == 'all' or turn == 0: print(f'Guesses left: {g}')
    print('Word: ' + pat)
    print('Used letters: ' + ' '.join(used))
    if total: print(f"Words remaining: {len([w for w in words if len(w) == n]) if E('COUNT_ALL') else len(cand)}")
    c = input('Your guess? ').strip().lower()
    if len(c) != 1 or not c.isalpha() or c in used:
        if E('ODD_COSTS'): g -= 1
        print('Bad guess.'); continue
    used.append(c); turn += 1
    fam = {}
    for w in cand:
        fam.setdefault(''.join(c if w[i] == c else pat[i] for i in range(n)), []).append(w)
    best = (min if E('SMALLEST') else max)(fam, key=lambda k: len(fam[k]))
    cost = E('COST', 'miss')
    g -= 3 if cost == '3' else 1 if cost == 'all' or best == pat else 0
    cand, pat = fam[best], best
print('Word: ' + pat)
print('You win!' if '-' not in pat else 'You lose! The word was ' + cand[0])
if E('AFTER'):
    input('Play again? (y/n) ')
    print(E('AFTER'))
`;

const TABLE = buildRoleTable(NIFTY_ROLES);

function env(vars: Record<string, string> = {}, wordsFile = 'dictionary.txt'): GameEnv {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-facts-'));
  writeFileSync(join(dir, 'game.py'), PY_GAME);
  writeFileSync(join(dir, wordsFile), WORDS.join('\n') + '\n');
  return { command: ['python3', 'game.py'], cwd: dir, words: WORDS, wordsFile, table: TABLE, profile: DEFAULT_PROFILE, timeoutMs: 8000, env: { ...process.env, ...vars } };
}

function params(raw: Record<string, unknown>) {
  const { params: p, errors } = parseParams(raw);
  expect(errors).toEqual([]);
  return p!;
}

const play = (raw: Record<string, unknown>, vars: Record<string, string>, checks: string[]) => playUntilSeen(playNiftyGame, params(raw), env(vars), checks);
const checked = (r: GameResult, checks: string[]) => r.violations.filter((v) => v.check === '*' || checks.includes(v.check));

describe('a guess the largest family is sure to show, and one sure to miss', () => {
  it('finds them from the words left, and none early in a big game', () => {
    const s = startState(['cool', 'good', 'ally'], 4, 3);
    expect(sureHit(s)).toBe('o'); // -oo- (2) beats ---- (1)
    expect(sureMiss(s)).toBe('b'); // no word holds b
    expect(sureHit(startState(['ab', 'cd', 'ef', 'gh'], 2, 3))).toBeNull(); // every letter's largest family lacks it
  });
});

describe('guess cost needs a hit and a miss, each weighed', () => {
  const onlyMisses = { length: 4, guesses: 2, guesser: { letters: 'ei' } };

  it('a game of misses alone shows no hit: a program charging hits passes it, so a second game is played', async () => {
    // One game, as gradekit played it before: two misses, nothing to see.
    const once = await playNiftyGame(params(onlyMisses), env({ COST: 'all' }));
    expect(checked(once, ['guess-cost'])).toEqual([]);
    expect([once.facts.weighedMiss, once.facts.weighedHit]).toEqual([true, false]);
    // Checked: a second game of sure hits and misses shows the hit charged.
    const r = await play(onlyMisses, { COST: 'all' }, ['guess-cost']);
    expect(checked(r, ['guess-cost'])[0]!.defect).toBe('guesses:wrong-count');
    expect(checked(r, ['guess-cost'])[0]!.message).toMatch(/is revealed in "[-a-z]{4}", so it costs nothing/);
    expect(r.transcript).toMatch(/──── a second game \(the first game showed no hit with the guesses left readable before and after it\): 10 guesses, a sure hit, then a sure miss, in turn ────/);
    expect(r.notices.join('\n')).toMatch(/a second game was played/);
  });

  it('a correct program passes after the second game, with both games in the transcript', async () => {
    const r = await play(onlyMisses, {}, ['guess-cost']);
    expect(r.violations).toEqual([]);
    expect(r.unchecked).toBeUndefined();
    expect(r.transcript.match(/Word length\? 4/g)).toHaveLength(2);
    const o = verdict(r, ['guess-cost']);
    expect([o.kind, o.detail?.transcript]).toEqual(['passed', r.transcript]);
  });

  it('three per guess is charged at the first guess', async () => {
    const r = await play({ length: 4, guesses: 8 }, { COST: '3' }, ['guess-cost']);
    expect(checked(r, ['guess-cost'])[0]!.message).toMatch(/^guess 1 \('\w'\): the program shows 5 guesses left, expected [78]:/);
  });

  it('with the count hidden after the first turn, a game lost too early is the cost defect, under guess cost and the end alike', async () => {
    const r = await play({ length: 4, guesses: 4, guesser: 'alternate' }, { COST: 'all', GL: 'first' }, ['guess-cost', 'ends']);
    const v = checked(r, ['guess-cost', 'ends']);
    expect(v.map((x) => [x.check, x.defect])).toEqual([['guess-cost', 'guesses:wrong-count'], ['ends', 'guesses:wrong-count']]);
    expect(v[0]!.message).toMatch(/the game ended as lost with "[-a-z]{4}" still blank, but \d guess(es are| is) left .*the guesses left were last shown before guess 1.*ran out of guesses early/);
  });

  it('a count never shown again and a game won leave the cost unchecked: not a pass, and its cause is the missing status', async () => {
    const r = await play({ length: 4, guesses: 12, guesser: 'hits' }, { GL: 'first' }, ['guess-cost', 'status']);
    const o = verdict(r, ['guess-cost']);
    expect(o.kind).toBe('not_checked');
    expect(o.status).toBe('failed');
    expect(o.defect).toBe('status:guesses');
    expect(o.message).toMatch(/^could not be checked: guess-cost: the program's games showed no hit with the guesses left readable before and after it/);
    expect(o.detail?.transcript).toContain('a second game');
  });

  it('a hit charged beside a smaller family kept is charged by its own signature, not as the family defect', async () => {
    const r = await play({ length: 4, guesses: 10, guesser: 'alternate' }, { SMALLEST: '1', COST: 'all' }, ['guess-cost', 'largest-family']);
    const family = checked(r, ['largest-family']);
    const cost = checked(r, ['guess-cost']);
    expect(family[0]!.defect).toBe('family:not-largest');
    expect(cost[0]!.defect).toBe('guesses:wrong-count');
  });
});

describe('a count of guesses some reasonable reading explains', () => {
  it('is no cost defect, even when the count of words fits no reading (the family defect is charged, once)', async () => {
    const r = await play({ length: 4, guesses: 6, running_total: true, inject: [{ before_guess: 2, input: '#' }] }, { COUNT_ALL: '1', ODD_COSTS: '1' }, ['guess-cost', 'running-total']);
    expect(checked(r, ['guess-cost'])).toEqual([]);
    expect(checked(r, ['running-total'])[0]!.defect).toBe('family:not-largest');
  });
});

describe('a letter that one reading has guessed and another has not', () => {
  it("is judged in each reading as what it is there: a repeat where 'O' was taken as 'o', a new guess where it was not", () => {
    const start = startState(WORDS, 4, 6);
    const tookO = { ...start, guessed: ['o'], guessesLeft: 5, words: WORDS.filter((w) => w.length === 4 && !w.includes('o')) };
    const rs = inputReadings([start, tookO], 'o', true);
    const fromStart = rs.filter((r) => r.state.guessed.length === 1);
    expect(fromStart.map((r) => r.read)).toEqual(expect.arrayContaining(["a guess of 'o'"]));
    // In the reading that took 'O', 'o' is a repeat: refused at no cost is one reasonable reading of it.
    expect(rs.some((r) => r.read === 'refused (it costs nothing)' && r.state.guessesLeft === 5)).toBe(true);
  });

  it('a status listing the letters of any reading is a status that lists them', async () => {
    // 'ab' costs a guess as a wrong input; one reading took it as 'a', the program did not: "Used letters:" omits a.
    const r = await playNiftyGame(params({ length: 4, guesses: 10, guesser: { letters: 'e' }, inject: [{ before_guess: 1, input: 'ab' }] }), env({ ODD_COSTS: '1' }));
    expect(r.transcript).toMatch(/Your guess\? ab\nBad guess\.\nGuesses left: 9\nWord: ----\nUsed letters: \n/);
    expect(r.violations).toEqual([]);
  });
});

describe('after a won game', () => {
  const win = { length: 4, guesses: 20, guesser: 'hits' };
  it('a loss announced once another game is declined is charged (step 4g); a neutral "game over" is not', async () => {
    const bad = await play(win, { AFTER: 'SORRY YOU LOSE !!' }, ['congratulate']);
    expect(checked(bad, ['congratulate']).map((v) => [v.defect, v.message])).toEqual([['end:says-lost', expect.stringMatching(/^after the player won \("[a-z]{4}"\) and declined another game, the program says she lost \("SORRY YOU LOSE !!"\)/)]]);
    const ok = await play(win, { AFTER: 'Game over. Thanks for playing!' }, ['congratulate']);
    expect(ok.violations).toEqual([]);
  });
});

describe('questions about a file name', () => {
  it('"Please input file:" asks for the dictionary file', () => {
    for (const q of ['Please input file: ', 'Enter the dictionary file name: ', 'File: ', 'Which dictionary? ', 'Dictionary: ', 'Type the name of the file to load > ']) {
      expect(classifyQuestion(TABLE, q)?.role.name, q).toBe('fileName');
    }
    for (const q of ['Enter a word length (the dictionary has 2-29): ', 'How many guesses? ', 'Your guess? ']) {
      expect(classifyQuestion(TABLE, q)?.role.name, q).not.toBe('fileName');
    }
  });

  it("is answered with the word list's file name, and the game is played", async () => {
    const r = await playUntilSeen(playNiftyGame, params({ length: 4, guesses: 6 }), env({ ASK_FILE: '1' }, 'words.txt'), ['largest-family', 'relength']);
    expect(r.transcript).toMatch(/^Please input file: words\.txt\nWord length\? 4\n/);
    expect(r.violations).toEqual([]);
    expect(r.unchecked).toBeUndefined();
  });
});

describe('a game that never starts is checked by no test but the rule it breaks', () => {
  it('a valid length asked again: relength fails, every other rule could not be checked, with that defect', async () => {
    const r = await play({ length: 4, guesses: 6 }, { RELEN: '1' }, ['relength', 'largest-family', 'guess-cost']);
    expect(verdict(r, ['relength']).defect).toBe('relength:refused-valid');
    const o = verdict(r, ['largest-family']);
    expect([o.kind, o.defect]).toEqual(['not_checked', 'relength:refused-valid']);
    expect(o.message).toMatch(/could not be checked: largest-family: the game never started: the program asks for the word length again after 4/);
  });

  it('a stub that exits after one question breaks each rule it never reached once, and plays no game', async () => {
    const checks = ['relength', 'running-total', 'guesses-question', 'largest-family'];
    const r = await play({ length: 4, guesses: 6 }, { STUB: '1' }, checks);
    expect(r.violations.map((v) => [v.check, v.defect])).toEqual([
      ['relength', 'setup:no-length-question'],
      ['running-total', 'setup:no-running-total-question'],
      ['*', 'setup:no-game'],
    ]);
    expect(verdict(r, ['relength']).defect).toBe('setup:no-length-question');
    expect(verdict(r, ['guesses-question']).defect).toBe('setup:no-game');
  });
});
