// Facts read from a solution's own transcript (harness/turns/extract.ts) and the judge's word lists,
// several opposites and whole patterns: the pieces a solution reference judged by meaning rests on.
import { describe, expect, it } from 'vitest';
import { buildRoleTable, checkFacts, checkWordList, factsOf, flatPattern, judgeTurns, judgeTurnsAll, readTurns, shownProblems, turnsOf, wordLine, type RoleSpecs } from '../harness/turns/index.js';

const ROLES: RoleSpecs = {
  guess: { kind: 'question', answer: 'letter', says: 'for a letter', patterns: ['\\bguess'] },
  guessesLeft: { kind: 'number', says: 'the guesses left', patterns: ['\\bguess(?:es)?\\b(?!\\s+a\\b)'] },
  warningsLeft: { kind: 'number', says: 'the warnings left', patterns: ['\\bwarnings?\\b'] },
  revealed: { kind: 'pattern', says: 'the word so far', patterns: ['\\bgood guess\\b', '\\bnot in my word\\b', '\\bwarnings left\\b'] },
  available: { kind: 'word', says: 'the letters left', patterns: ['\\bavailable\\b'] },
  secret: { kind: 'word', says: 'the secret word', patterns: ['\\bthe word was\\b'] },
  good: { kind: 'statement', says: 'that the letter is in the word', opposite: ['bad', 'repeat'], patterns: ['\\bgood guess\\b'] },
  bad: { kind: 'statement', says: 'that the letter is not in the word', opposite: ['good', 'repeat'], patterns: ['\\bnot in my word\\b'] },
  repeat: { kind: 'statement', says: 'that the letter was guessed before', opposite: ['good', 'bad'], patterns: ['\\balready\\b'] },
  none: { kind: 'statement', says: 'that no word matches', patterns: ['\\bno matches\\b'] },
  matches: { kind: 'words', says: 'the words that match', patterns: ['\\bpossible matches\\b'] },
};
const table = buildRoleTable(ROLES);
const facts = (text: string) => factsOf(text, table).map((f) => `${f.role}=${f.value}`).sort();

describe('factsOf: what a solution printed, read with the role table', () => {
  it('numbers with one role, statements, the value after a label, on its line or the next', () => {
    expect(facts('Good guess: _ a_ _ \n-----\nYou have 6 guesses left.\nAvailable letters: bcdefg\nPlease guess a letter: ')).toEqual(
      ['available=bcdefg', 'good=true', 'guessesLeft=6', 'revealed=-a--'].sort(),
    );
    expect(facts("Oops! You've already guessed that letter. You have 2 warnings left:\nta_ t\n")).toEqual(['repeat=true', 'revealed=ta-t', 'warningsLeft=2']);
    // A count of none said in words, right before its label, is 0; "no" before words no number role names is not.
    expect(facts("Oops! You've already guessed that letter. You have no warnings left so you lose one guess:\nta_ t\n")).toEqual(['repeat=true', 'revealed=ta-t', 'warningsLeft=0']);
    expect(facts('There are no matches for this one.\n')).toEqual(['none=true']);
    expect(facts('Sorry, you ran out of guesses. The word was else.\n')).toEqual(['secret=else']);
  });

  it('reads no statement inside a list of words: a hint that lists "nice" or "already" says neither', () => {
    const ROLES2: RoleSpecs = { ...ROLES, good: { ...ROLES.good!, patterns: ['\\bgood guess\\b', '\\bnice\\b'] } };
    const t2 = buildRoleTable(ROLES2);
    const read = (text: string) => factsOf(text, t2).map((f) => `${f.role}=${f.value}`).sort();
    expect(read('Possible matches are:\nmuch must name near neck need nice nine none\n')).toEqual(['matches=much must name near neck need nice nine none']);
    expect(read('ably aged also\nnice ones well\n')).toEqual(['matches=ably aged also nice ones well']);
    // A sentence is still a statement, whatever the lengths of its words.
    expect(read('Nice one, that letter is in\n')).toEqual(['good=true']);
    expect(read('nice you got it\n')).toEqual(['good=true']);
  });

  it('does not read a statement said in the negative: "not a good guess" is no good guess', () => {
    expect(facts("That's not a good guess!\n")).toEqual([]);
    expect(facts('Oops! That letter is not in my word\n')).toContain('bad=true'); // the negation is the statement's own words
  });

  it('leaves out what the table cannot name: a number without a role, a label followed by a sentence', () => {
    expect(facts('   3923 words loaded.\nWelcome!\n')).toEqual([]);
    expect(facts('Good guess! Warnings left: 2. Keep going\n')).toEqual(['good=true', 'warningsLeft=2']);
  });

  it('reads a list of words after its label, across lines, and a turn that is nothing but words', () => {
    expect(facts('Possible matches are:\naddle adult\nagile\n-----\n')).toEqual(['matches=addle adult agile']);
    expect(facts("Possible matches: ['tact', 'tart']\n")).toEqual(['matches=tact tart']);
    expect(facts('tact tart taut\n')).toEqual(['matches=tact tart taut']);
    expect(facts('Sorry you ran out\n')).toEqual([]); // a sentence is not a list
    expect(facts('No matches found\n')).toEqual(['none=true']);
  });

  it('classifies the question of each turn, as a TypeScript reference states it', () => {
    const t = 'You have 6 guesses left.\nPlease guess a letter: a\nGood guess: a_ _ \n';
    const turns = readTurns(turnsOf(t, [{ prompt: 'Please guess a letter: ', line: 'a', at: 47 }]), table, { facts: true });
    expect(turns[0]).toMatchObject({ role: 'guess', input: 'a' });
    expect(turns[0]!.facts!.map((f) => f.role)).toEqual(['guessesLeft']);
    expect(turns[1]!.facts!.map((f) => f.role).sort()).toEqual(['good', 'revealed']);
    expect(readTurns(turnsOf(t, [{ prompt: 'Please guess a letter: ', line: 'a', at: 47 }]), table, { facts: false })[1]!.facts).toBeUndefined();
  });

  it('helpers: word lines and flat patterns', () => {
    expect(wordLine('tact, tart; taut.')).toEqual(['tact', 'tart', 'taut']);
    expect(wordLine('You have 6 guesses')).toBeNull();
    // The next turn's separator printed on the same line (the list ended with end=' ') is not a word.
    expect(wordLine('addle adult atilt ------------------------------')).toEqual(['addle', 'adult', 'atilt']);
    expect(checkWordList('Possible matches are:\naddle adult atilt ------------------------------\nYou have 6 guesses left.\n', ['addle', 'adult', 'atilt'], 'the words that match', 'after "*"')).toBeNull();
    expect(flatPattern('_ a_ _ ')).toBe('-a--');
    expect(flatPattern('You have 2 warnings')).toBeNull();
  });
});

describe('the judge on those facts', () => {
  const ctx = { table, when: 'after "a" (input 1)' };
  it('a list of words: any order and layout, nothing missing and nothing extra', () => {
    const want = ['tact', 'tart', 'taut'];
    expect(checkWordList('Matching words:\ntaut\ntact\ntart\n', want, 'the matches', 'now')).toBeNull();
    expect(checkWordList("['tart', 'tact', 'taut']\n", want, 'the matches', 'now')).toBeNull();
    expect(checkWordList('tact tart\n', want, 'the matches', 'now')?.text).toMatch(/leaves out taut/);
    expect(checkWordList('tact tart taut test\n', want, 'the matches', 'now')?.text).toMatch(/also lists test/);
    // Python's None printed after a lister that prints and returns None is not the word "none".
    expect(checkWordList('tact\ntart\ntaut\nNone\n', want, 'the matches', 'now')).toBeNull();
    expect(checkWordList('tact\ntart\ntaut\nnone\n', want, 'the matches', 'now')?.text).toMatch(/also lists none/);
    expect(checkWordList('tact tart taut\ntest\n', want, 'the matches', 'now')?.text).toMatch(/also lists test/); // a word line next to the list
    expect(checkWordList('You have 6 guesses left.\n', want, 'the matches', 'now')?.text).toMatch(/does not show the matches/);
    // Every word of a length is expected (a hint before any letter): the question after the list holds one
    // ("your") by chance, and is not part of it.
    expect(checkWordList('tact tart taut your\nYour letter? \n', [...want, 'your'], 'the matches', 'now')).toBeNull();
    expect(checkWordList('Loading word list from file...\ntact tart taut\n', [...want, 'word', 'list', 'from', 'file'], 'the matches', 'now')?.text).toMatch(/leaves out word list from file$/);
    // A list as long in wrong words as in right ones is still the program's list.
    expect(checkWordList('ample amply apple apply\n', ['ample', 'amply'], 'the matches', 'now')?.text).toMatch(/also lists apple apply/);
    expect(checkWordList('tact tacts tart taut\n', want, 'the matches', 'now')?.text).toMatch(/also lists tacts/);
    // A debug line naming one of the words beside the letters guessed is not part of the list.
    expect(checkWordList("tact tart taut\ntact ['a', 't']\n", want, 'the matches', 'now')).toBeNull();
  });

  it('a statement is contradicted by any of its opposites', () => {
    const f = [{ role: 'good', value: true as const }];
    expect(checkFacts('Nice one: _ a_ _\n', f, ctx)).toBeNull(); // its own words: still a statement
    expect(checkFacts("You've already guessed that letter\n", f, ctx)?.message).toMatch(/should say that the letter is in the word, but it says "You've already/);
    expect(checkFacts('Oops! That letter is not in my word\n', f, ctx)?.message).toMatch(/but it says "Oops! That letter is not in my word"/);
    // What it said is part of the defect: the rule due, and the statement made in its place.
    expect(checkFacts('Oops! That letter is not in my word\n', f, ctx)?.defect).toBe('wrong:good:said-bad');
  });

  it('a line the program prints whatever the situation (printed at import too) is no statement in its own words', () => {
    const due = [{ role: 'none', value: true as const }];
    const loading = 'Loading word list from file...\n   55900 words loaded.\n';
    // Unknown words are a statement of their own: without knowing the loader's lines, they said "no matches".
    expect(checkFacts(loading, due, ctx)).toBeNull();
    const boilerplate = new Set(['Loading word list from file...', '55900 words loaded.']);
    expect(checkFacts(loading, due, { ...ctx, boilerplate })?.defect).toBe('missing:none');
    // Other words beside them still say it, and the role's own words always do.
    expect(checkFacts(`${loading}Nothing fits that pattern\n`, due, { ...ctx, boilerplate })).toBeNull();
    expect(checkFacts(`${loading}No matches found\n`, due, { ...ctx, boilerplate })).toBeNull();
  });

  it('a line that only shows another fact, or asks the next question, is no statement in its own words', () => {
    const good = [{ role: 'good', value: true as const }];
    const asking = 'Please guess a letter:';
    // Silent about the guess: the count and the next question say nothing of it.
    expect(checkFacts(`You have 6 guesses left.\n${asking}`, good, { ...ctx, asking })?.defect).toBe('missing:good');
    expect(checkFacts('Available letters: bcdefghijklmnopqrsuvwxyz\n', [...good, { role: 'available', value: 'bcdefghijklmnopqrsuvwxyz' }], ctx)?.defect).toBe('missing:good');
    // Words of their own beside a count still say it; so does a line that ends a session (no question asked).
    expect(checkFacts(`Correct: _ a_ _ (6 guesses left)\n${asking}`, good, { ...ctx, asking })).toBeNull();
    expect(checkFacts(`Yes! That one is in\nYou have 6 guesses left.\n${asking}`, good, { ...ctx, asking })).toBeNull();
    // A line that asks is only the question when it is the one the turn ends with.
    expect(checkFacts('Lucky guess, that letter is in\n', good, ctx)).toBeNull();
  });

  it('a word is read where its label names it: another word of its length there is a wrong word, whatever follows', () => {
    const due = [{ role: 'secret', value: 'tact' }];
    expect(checkFacts('Sorry, you ran out of guesses. The word was tact.\n', due, ctx)).toBeNull();
    // The handout's example copied, the real word after it: the line names else.
    expect(checkFacts('Sorry, you ran out of guesses. The word was else. tact\n', due, ctx)?.defect).toBe('wrong:secret');
    // Words of other lengths after the label are no word of its own.
    expect(checkFacts('Sorry, you ran out of guesses. The word was in fact tact\n', due, ctx)).toBeNull();
    expect(checkFacts("The word was: 'tact'\n", due, ctx)).toBeNull();
  });

  it('a length a role lets be shown as blanks is shown by its row of blanks, one per letter', () => {
    const t2 = buildRoleTable({ ...ROLES, length: { kind: 'number', says: 'the length of the word', patterns: ['\\bletters long\\b'], blanks: true } });
    const due = [{ role: 'length', value: 4 }];
    const c2 = { table: t2, when: 'before the first input' };
    expect(checkFacts('_ _ _ _  you have 6 guesses remaining.\n', due, c2)).toBeNull();
    expect(checkFacts('____\n', due, c2)).toBeNull();
    expect(checkFacts('_ _ _  you have 6 guesses remaining.\n', due, c2)?.defect).toBe('missing:length');
    // Without `blanks`, the row says nothing of the length.
    expect(checkFacts('_ _ _ _\n', [{ role: 'guessesLeft', value: 4 }], ctx)?.defect).toBe('missing:guessesLeft');
  });

  it('a word of a list printed one to a line says no statement, as the same words on one line do not', () => {
    const t2 = buildRoleTable({ ...ROLES, good: { ...ROLES.good!, patterns: ['\\bgood guess\\b', '\\bnice\\b'] } });
    const due = [{ role: 'bad', value: true as const }];
    const c2 = { table: t2, when: 'after "*"' };
    // '*' answered with every four-letter word: "nice" among them is a listed word, not "Nice!" said of the guess.
    // (The label line is then taken for the statement in words we do not know: nothing contradicts it.)
    expect(checkFacts('Possible word matches are:\nabed\nabet\nnice\nnine\n', due, c2)).toBeNull();
    expect(checkFacts('abed\nabet\nnice\nnine\n', due, c2)?.defect).toBe('missing:bad');
    expect(checkFacts('nice\n', due, c2)?.defect).toBe('wrong:bad:said-good');
  });

  it("a line another statement's words claim is not this statement in unknown words, unless that statement implies it", () => {
    const ending: RoleSpecs = {
      ...ROLES,
      lost: { kind: 'statement', says: 'that the player lost', implies: ['bad'], patterns: ['\\bran out of guesses\\b'] },
    };
    const t = buildRoleTable(ending);
    const c = { table: t, when: 'after "o" (input 6)' };
    // A game that ends in silence after its last wrong guess: its only line is the verdict on the guess.
    expect(checkFacts('Oops! That letter is not in my word: _ _ _ _\n', [{ role: 'lost', value: true as const }], c)?.message).toMatch(/does not say that the player lost/);
    // Words no role knows still say it.
    expect(checkFacts('Too bad, better luck next time\n', [{ role: 'lost', value: true as const }], c)).toBeNull();
    // "You ran out of guesses" after a wrong guess also says that guess was wrong (lost implies bad).
    expect(checkFacts('Sorry, you ran out of guesses. The word was tact.\n', [{ role: 'bad', value: true as const }], c)).toBeNull();
    // Without `implies`, that line is the loss's, not the guess's.
    const plain = buildRoleTable({ ...ending, lost: { ...ending.lost!, implies: undefined } });
    expect(checkFacts('Sorry, you ran out of guesses. The word was tact.\n', [{ role: 'bad', value: true as const }], { ...c, table: plain })?.message).toMatch(/does not say that the letter is not in the word/);
  });

  it('implies: names statements of the table, said by a statement', () => {
    expect(() => buildRoleTable({ ...ROLES, lost: { kind: 'statement', says: 'that the player lost', implies: ['nowhere'], patterns: ['\\blost\\b'] } })).toThrow(/role 'lost': implies 'nowhere'/);
    expect(() => buildRoleTable({ ...ROLES, lost: { kind: 'statement', says: 'that the player lost', implies: ['secret'], patterns: ['\\blost\\b'] } })).toThrow(/'secret' is a word role|implies: names statements/);
    expect(() => buildRoleTable({ ...ROLES, secret: { ...ROLES.secret!, implies: ['bad'] } })).toThrow(/role 'secret' is a word role: only a statement implies others/);
  });

  it('a pattern is shown only as a whole: a separator of dashes does not show ----', () => {
    const f = [{ role: 'revealed', value: '----' }];
    expect(checkFacts('Oops! That letter is not in my word: _ _ _ _\n', f, ctx)).toBeNull();
    expect(checkFacts('Oops! That letter is not in my word.\n------------\n', f, ctx)?.message).toMatch(/does not show the word so far "----"/);
  });

  it('judges a whole session read from a solution transcript', () => {
    const ref = 'Please guess a letter: a\nGood guess: _ a_ _\nYou have 6 guesses left.\n';
    const expected = readTurns(turnsOf(ref, [{ prompt: 'Please guess a letter: ', line: 'a', at: 23 }]), table, { facts: true });
    const mine = 'Your guess? a\nCorrect: _ a _ _ (6 guesses left)\n';
    expect(judgeTurns({ expected, observed: turnsOf(mine, [{ prompt: 'Your guess? ', line: 'a', at: 12 }]), table })).toBeNull();
    const wrong = 'Your guess? a\nCorrect: _ a _ _ (5 guesses left)\n';
    expect(judgeTurns({ expected, observed: turnsOf(wrong, [{ prompt: 'Your guess? ', line: 'a', at: 12 }]), table })?.message).toMatch(/the guesses left should be 6; your program printed 5/);
  });
});

describe('a counter (counter: true) gone wrong: later turns judge how it changes', () => {
  const counting = buildRoleTable({ ...ROLES, guessesLeft: { ...ROLES.guessesLeft!, counter: true } });
  const inputs = (text: string, lines: string[]) => {
    let at = 0;
    return lines.map((line) => {
      const prompt = 'Please guess a letter: ';
      at = text.indexOf(prompt + line + '\n', at) + prompt.length;
      return { prompt, line, at };
    });
  };
  const session = (text: string, lines: string[]) => turnsOf(text, inputs(text, lines));
  const turn = (left: number, guess: string, said: string) => `You have ${left} guesses left.\nPlease guess a letter: ${guess}\n${said}\n`;
  // tact: t (in the word), o (a wrong vowel: two guesses), x (a wrong consonant: one).
  const ref = turn(6, 't', 'Good guess: t_ _ t') + turn(6, 'o', 'Oops! That letter is not in my word: t_ _ t') + turn(4, 'x', 'Oops! That letter is not in my word: t_ _ t') + 'You have 3 guesses left.\n';
  const script = ['t', 'o', 'x'];
  const expected = (table: typeof counting) => readTurns(session(ref, script), table, { facts: true });
  it('every guess costing one, and a wrong vowel costing one: two defects, each named by what its turn says', () => {
    const mine = turn(6, 't', 'Good guess: t_ _ t') + turn(5, 'o', 'Oops! That letter is not in my word: t_ _ t') + turn(4, 'x', 'Oops! That letter is not in my word: t_ _ t') + 'You have 3 guesses left.\n';
    const all = judgeTurnsAll({ expected: expected(counting), observed: session(mine, script), table: counting });
    expect(all.map((p) => p.defect)).toEqual(['wrong:guessesLeft:good.extra', 'wrong:guessesLeft:bad.amount']);
    expect(all[1]!.message).toMatch(/should change by -2 \(from 6 to 4\); your program's changed by -1 \(from 5 to 4/);
    // Without `counter`, the first wrong number is all a session shows.
    expect(judgeTurnsAll({ expected: expected(table), observed: session(mine, script), table }).map((p) => p.defect)).toEqual(['wrong:guessesLeft']);
  });
  it('a fact never shown from the start is one defect; later turns are judged on the rest (a wrong vowel costing one)', () => {
    // tact: t and a (in the word), then o (a wrong vowel: two guesses).
    const shown = (left: number, guess: string, said: string) => `Available letters: bcdfgh\n${turn(left, guess, said)}`;
    const lines = ['t', 'a', 'o'];
    const withLetters = shown(6, 't', 'Good guess: t_ _ t') + shown(6, 'a', 'Good guess: ta_ t') + shown(6, 'o', 'Oops! That letter is not in my word: ta_ t') + 'You have 4 guesses left.\n';
    const exp = readTurns(session(withLetters, lines), table, { facts: true });
    const mine = turn(6, 't', 'Good guess: t_ _ t') + turn(6, 'a', 'Good guess: ta_ t') + turn(6, 'o', 'Oops! That letter is not in my word: ta_ t') + 'You have 5 guesses left.\n';
    expect(judgeTurnsAll({ expected: exp, observed: session(mine, lines), table }).map((p) => p.defect)).toEqual(['missing:available', 'wrong:guessesLeft']);
  });
  it('off by one from a right guess on, and right in every change after it: one defect', () => {
    const mine = turn(6, 't', 'Good guess: t_ _ t') + turn(5, 'o', 'Oops! That letter is not in my word: t_ _ t') + turn(3, 'x', 'Oops! That letter is not in my word: t_ _ t') + 'You have 2 guesses left.\n';
    expect(judgeTurnsAll({ expected: expected(counting), observed: session(mine, script), table: counting }).map((p) => p.defect)).toEqual(['wrong:guessesLeft:good.extra']);
  });
  it('a counter shown one turn late every time (printed after the guess is read, before it is used) is a layout, not a defect at every turn', () => {
    const late = (left: number, guess: string, said: string) => `Please guess a letter: ${guess}\nYou have ${left} guesses left.\n${said}\n`;
    const lines = ['t', 'o', 'x', 'a'];
    const ref4 = ref + 'Please guess a letter: a\nGood guess: ta_ t\nYou have 3 guesses left.\n';
    const mine = 'You have 6 guesses left.\n' + late(6, 't', 'Good guess: t_ _ t') + late(6, 'o', 'Oops! That letter is not in my word: t_ _ t') + late(4, 'x', 'Oops! That letter is not in my word: t_ _ t') + late(3, 'a', 'Good guess: ta_ t');
    const exp = readTurns(session(ref4, lines), counting, { facts: true });
    expect(judgeTurnsAll({ expected: exp, observed: session(mine, lines), table: counting })).toEqual([]);
    // The same program with a wrong consonant costing nothing is not late: it is wrong.
    const none = 'You have 6 guesses left.\n' + late(6, 't', 'Good guess: t_ _ t') + late(6, 'o', 'Oops! That letter is not in my word: t_ _ t') + late(4, 'x', 'Oops! That letter is not in my word: t_ _ t') + late(4, 'a', 'Good guess: ta_ t');
    expect(judgeTurnsAll({ expected: exp, observed: session(none, lines), table: counting }).length).toBeGreaterThan(0);
  });
  it('a guess lost as a warning is spent is one mistake, whether the input was invalid or a repeat (the reference moves the warnings there)', () => {
    const both = buildRoleTable({ ...ROLES, guessesLeft: { ...ROLES.guessesLeft!, counter: true }, warningsLeft: { ...ROLES.warningsLeft!, counter: true }, invalid: { kind: 'statement', says: 'that only letters are valid', patterns: ['\\bnot a valid letter\\b'] } });
    const status = (g: number, w: number) => `You have ${w} warnings left. You have ${g} guesses left.\n`;
    const t = (g: number, w: number, guess: string, said: string) => `${status(g, w)}Please guess a letter: ${guess}\n${said}\n`;
    // Two games of tact, each with one warning left: '$' (invalid), then 't' twice (a repeat). The reference
    // spends the last warning; the program also takes a guess each time.
    const refA = t(6, 1, 'a', 'Good guess: _ a_ _') + t(6, 1, '$', 'Oops! That is not a valid letter: _ a_ _') + status(6, 0);
    const mineA = t(6, 1, 'a', 'Good guess: _ a_ _') + t(6, 1, '$', 'Oops! That is not a valid letter: _ a_ _') + status(5, 0);
    const refB = t(6, 1, 'a', 'Good guess: _ a_ _') + t(6, 1, 'a', "Oops! You've already guessed that letter: _ a_ _") + status(6, 0);
    const mineB = t(6, 1, 'a', 'Good guess: _ a_ _') + t(6, 1, 'a', "Oops! You've already guessed that letter: _ a_ _") + status(5, 0);
    const judged = (r: string, m: string, lines: string[]) => judgeTurnsAll({ expected: readTurns(session(r, lines), both, { facts: true }), observed: session(m, lines), table: both }).map((p) => p.defect);
    expect(judged(refA, mineA, ['a', '$'])).toEqual(['wrong:guessesLeft:warningsLeft.moved.extra']);
    expect(judged(refB, mineB, ['a', 'a'])).toEqual(['wrong:guessesLeft:warningsLeft.moved.extra']);
  });
  it('a warning count wrong after a repeat and after a non-letter is one rule broken when the repeat is same_as the non-letter', () => {
    const specs = (same: boolean): RoleSpecs => ({ ...ROLES, warningsLeft: { ...ROLES.warningsLeft!, counter: true }, invalid: { kind: 'statement', says: 'that only letters are valid', patterns: ['\\bnot a valid letter\\b'] }, repeat: { ...ROLES.repeat!, ...(same ? { sameAs: 'invalid' } : {}) } });
    const t = (w: number, guess: string, said: string) => `You have ${w} warnings left.\nPlease guess a letter: ${guess}\n${said}\n`;
    // Each program resets the warnings to 3 as its last one goes, where the reference has none left.
    const refA = t(1, '$', 'Oops! That is not a valid letter: _ _ _ _') + 'You have 0 warnings left.\n';
    const mineA = t(1, '$', 'Oops! That is not a valid letter: _ _ _ _') + 'You have 3 warnings left.\n';
    const refB = t(1, 'a', "Oops! You've already guessed that letter: _ a_ _") + 'You have 0 warnings left.\n';
    const mineB = t(1, 'a', "Oops! You've already guessed that letter: _ a_ _") + 'You have 3 warnings left.\n';
    const judged = (table: ReturnType<typeof buildRoleTable>, r: string, m: string, lines: string[]) => judgeTurnsAll({ expected: readTurns(session(r, lines), table, { facts: true }), observed: session(m, lines), table }).map((p) => p.defect);
    const plain = buildRoleTable(specs(false)), same = buildRoleTable(specs(true));
    expect(judged(plain, refA, mineA, ['$'])).not.toEqual(judged(plain, refB, mineB, ['a']));
    expect(judged(same, refA, mineA, ['$'])).toEqual(judged(same, refB, mineB, ['a']));
  });
  it('a turn whose counter is wrong still has its statement judged, and the statement comes first: it is how the program classed the input', () => {
    const mine = turn(6, 't', 'Oops! That letter is not in my word: t_ _ t') + turn(5, 'o', 'Oops! That letter is not in my word: t_ _ t') + turn(3, 'x', 'Oops! That letter is not in my word: t_ _ t') + 'You have 2 guesses left.\n';
    const [first, ...rest] = judgeTurnsAll({ expected: expected(counting), observed: session(mine, script), table: counting });
    expect(rest).toEqual([]);
    expect(first!.defect).toBe('wrong:good:said-bad');
    // The guess it took follows from calling 't' a miss: not another defect this run shows.
    expect(first!.alsoInTurn).toBeUndefined();
    expect(first!.message).toMatch(/should say that the letter is in the word/);
  });
});

describe('the state a turn may leave out, and a label that names a value', () => {
  const inputs = (text: string, lines: string[], prompt = 'Please guess a letter: ') => {
    let at = 0;
    return lines.map((line) => {
      at = text.indexOf(prompt + line + '\n', at) + prompt.length;
      return { prompt, line, at };
    });
  };
  const session = (text: string, lines: string[]) => turnsOf(text, inputs(text, lines));
  const judge = (ref: string, mine: string, lines: string[]) =>
    judgeTurnsAll({ expected: readTurns(session(ref, lines), table, { facts: true }), observed: session(mine, lines), table }).map((p) => p.message);
  const status = 'Available letters: abcdefghijklmnopqrstuvwxyz\nPlease guess a letter: ';

  it('after the game-ending guess the word so far may go unshown', () => {
    const ref = 'Please guess a letter: a\nGood guess: aa\nCongratulations, you won!\n';
    expect(judge(ref, 'Please guess a letter: a\nCongratulations, you won!\n', ['a'])).toEqual([]);
  });

  it('after an input that changed no state the word may go unshown; after a wrong letter (one more letter guessed) it may not', () => {
    // Each game goes on after the input judged ('x'): its turn is not the game's last.
    const end = 'x\nOops! That letter is not in my word: _ _ _ _\n';
    const ref = `${status}$\nOops! That is not a valid letter: _ _ _ _\n${status}${end}`;
    expect(judge(ref, `${status}$\nOops! That is not a valid letter.\n${status}${end}`, ['$', 'x'])).toEqual([]);
    const after = 'Available letters: acdefghijklmnopqrstuvwxyz\nPlease guess a letter: ';
    const wrongRef = `${status}b\nOops! That letter is not in my word: _ _ _ _\n${after}${end}`;
    const mine = `${status}b\nOops! That letter is not in my word.\n${after}${end}`;
    expect(judge(wrongRef, mine, ['b', 'x'])[0]).toMatch(/does not show the word so far "----"/);
  });

  it('"the correct word is tact" reveals the word: it does not contradict "not in my word"', () => {
    const f = [{ role: 'bad', value: true as const }, { role: 'secret', value: 'tact' }];
    const ctx = { table: buildRoleTable({ ...ROLES, good: { ...ROLES.good!, patterns: ['\\bgood guess\\b', '\\bcorrect\\b'] } }), when: 'after "j" (input 6)' };
    expect(checkFacts("That's not the correct letter!\nThe correct word is tact\n", f, ctx)).toBeNull();
    // The same words about the guess, with no word revealed in them, still contradict it.
    expect(checkFacts('Correct!\n', [f[0]!], ctx)?.message).toMatch(/should say that the letter is not in the word, but it says "Correct!"/);
  });
});

describe('a counter shown twice in one turn', () => {
  it('with two values is wrong, where two values of another number are not (a word\'s points and the total)', () => {
    const counting = buildRoleTable({ ...ROLES, guessesLeft: { ...ROLES.guessesLeft!, counter: true } });
    const f = [{ role: 'guessesLeft', value: 5 }];
    const text = 'Oops! That letter is not in my word. You have 6 guesses left.\nYou have 5 guesses left.\n';
    expect(checkFacts(text, f, { table: counting, when: 'after "b" (input 1)' })?.message).toMatch(/shows several values for the guesses left, and 6 .* is not 5/);
    expect(checkFacts(text, f, { table, when: 'after "b" (input 1)' })).toBeNull();
    // Two numbers on one line: the words between them may be the second's label, not the first's.
    expect(checkFacts('You have 5 guesses and 3 warnings left.\n', f, { table: counting, when: 'before the first input' })).toBeNull();
  });
  it('a number labelled as another counter is not this one, though its value fits; a number of a role that is no counter may be', () => {
    const both = buildRoleTable({ ...ROLES, guessesLeft: { ...ROLES.guessesLeft!, counter: true }, warningsLeft: { ...ROLES.warningsLeft!, counter: true } });
    const three = [{ role: 'guessesLeft', value: 3 }];
    const when = { table: both, when: 'after "u" (input 2)' };
    // The guesses left are 4 where 3 are due; the 3 on the line is the warnings.
    expect(checkFacts('Guesses remaining: 4 | Warnings: 3\n', three, when)?.message).toMatch(/the guesses left should be 3; your program printed 4/);
    expect(checkFacts('Guesses remaining: 3 | Warnings: 3\n', three, when)).toBeNull();
    // Words after it that name this counter keep it: "... and 3 warnings left" labels the 3 after it.
    expect(checkFacts('You have 6 guesses left and 3 warnings left.\n', [{ role: 'warningsLeft', value: 3 }], when)).toBeNull();
    // Without counters (the tables' totals share their words), a number of the right value is still taken.
    expect(checkFacts('Guesses remaining: 4 | Warnings: 3\n', three, { table, when: 'after "u" (input 2)' })).toBeNull();
  });
});

describe('shownProblems: every defect a session shows, not only the first of each turn', () => {
  it('a turn missing its points also shows its hand wrong: the wrong hand first (what the program did), both listed', () => {
    const t = buildRoleTable({
      word: { kind: 'question', answer: 'word', says: 'for a word', patterns: ['\\bword\\b'] },
      points: { kind: 'number', says: 'the points', patterns: ['\\bpoints\\b'] },
      hand: { kind: 'multiset', says: 'the hand', patterns: ['\\bhand\\b'] },
    });
    const prompt = 'Enter word: ';
    const ref = `Current hand: a b c\n${prompt}ab\n"ab" earned 8 points.\nCurrent hand: c\n${prompt}`;
    const mine = `Current hand: a b c\n${prompt}ab\nCurrent hand: a b c\n${prompt}`;
    const at = (text: string) => [{ prompt, line: 'ab', at: text.indexOf(prompt) + prompt.length }];
    const j = { expected: readTurns(turnsOf(ref, at(ref)), t, { facts: true }), observed: turnsOf(mine, at(mine)), table: t };
    expect(judgeTurnsAll(j).map((p) => p.defect)).toEqual(['wrong:hand:size']);
    expect(shownProblems(j).map((p) => p.defect)).toEqual(['wrong:hand:size', 'missing:points']);
  });
});
