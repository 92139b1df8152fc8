// Charging by cause (harness/grade/charges.ts), on made-up outcomes: a defect is charged once where it is
// first seen; a wrong answer that several known mistakes explain is one defect with each later failure that
// one of those mistakes also explains, and each such sighting narrows what the defect can be.
import { describe, expect, it } from 'vitest';
import { assignCharges, movedQuestion, sameWhat } from '../harness/grade/charges.js';
import { error, fail, pass, raisedDefect, type Outcome } from '../harness/grade/outcome.js';
import type { TestData } from '../harness/spec/schema.js';

const test = (id: string, more: Partial<TestData> = {}) => ({ id, group: 'is_valid_word', ...more }) as unknown as TestData;
const wrong = (mistakes: string): Outcome => ({ ...fail(`wrong (${mistakes})`), defect: `answer:is_valid_word:${mistakes}` });
/** Each test's outcome after charging these rows, filed by `groupOf`. */
const chargesOf = (rows: [TestData, Outcome][], groupOf: (t: TestData) => string, callees?: (t: TestData) => readonly string[]) =>
  assignCharges({ tests: rows.map(([t]) => t), outcomes: new Map(rows.map(([t, o]) => [t.id, o])), groupOf, ...(callees ? { callees } : {}) });
function charge(rows: [TestData, Outcome][]): Record<string, string> {
  const out = chargesOf(rows, () => 'is_valid_word');
  return Object.fromEntries([...out].map(([id, o]) => [id, o.status]));
}

describe('sameWhat', () => {
  it('is equality, except that alternatives of a recognised mistake need only share one', () => {
    expect(sameWhat('answer:a|b', 'answer:b')).toBe(true);
    expect(sameWhat('answer:a|b', 'answer:c')).toBe(false);
    expect(sameWhat('question-missing:replay', 'question-missing:substitute')).toBe(false);
    expect(sameWhat('answer:a', 'answer:a')).toBe(true);
  });
  it('a wrong number no known mistake names is one defect with any sighting that names its mistake', () => {
    expect(sameWhat('wrong:gameTotal', 'wrong:gameTotal:replay-adds-both')).toBe(true);
    expect(sameWhat('wrong:gameTotal:last-hand-only', 'wrong:gameTotal')).toBe(true);
    expect(sameWhat('wrong:gameTotal:replay-adds-both', 'wrong:gameTotal:tie-adds-nothing')).toBe(false);
    expect(sameWhat('wrong:handTotal', 'wrong:gameTotal:replay-adds-both')).toBe(false);
  });
  it('a question asked in place of another is that one missing, or itself extra; two different swaps are two defects', () => {
    expect(sameWhat('question-instead:word@substitute', 'question-missing:substitute')).toBe(true);
    expect(sameWhat('question-extra:word', 'question-instead:word@substitute')).toBe(true);
    expect(sameWhat('question-instead:word@substitute', 'question-missing:replay')).toBe(false);
    expect(sameWhat('question-instead:word@substitute', 'question-instead:word@replay')).toBe(false);
  });
  it('a statement said in place of the due one is the due rule broken, whatever was said instead', () => {
    // Repeats never recognised: a repeated right letter called good, a repeated wrong one called a miss.
    expect(sameWhat('wrong:repeated:said-goodGuess', 'wrong:repeated:said-notInWord')).toBe(true);
    // A non-letter called a repeat and a repeat called a non-letter: two branches, each wrong.
    expect(sameWhat('wrong:invalid:said-repeated', 'wrong:repeated:said-invalid')).toBe(false);
    // A repeat ('A' after 'a') and a non-letter ('ab') each taken for a guess: two rules.
    expect(sameWhat('wrong:repeated:said-goodGuess', 'wrong:invalid:said-notInWord')).toBe(false);
    expect(sameWhat('wrong:repeated:said-notInWord', 'wrong:invalid:said-notInWord')).toBe(false);
    // A sighting that did not tell what was said stands for any.
    expect(sameWhat('wrong:repeated', 'wrong:repeated:said-goodGuess')).toBe(true);
  });
});

describe('assignCharges', () => {
  it('a class that prints is one defect, whichever test and method show it (a silent call test, a run of the course main)', () => {
    const rows: [TestData, Outcome][] = [
      [test('class-prints-nothing', { group: 'rules' }), { ...fail('m.record(\'a\') printed "families"'), defect: 'prints' }],
      [test('main-small-win', { group: 'main' }), { ...fail('line 10 differs'), defect: 'prints' }],
    ];
    const out = chargesOf(rows, (t) => t.group ?? '');
    expect([...out.values()].map((o) => o.status)).toEqual(['failed', 'skipped']);
  });
  it('no wildcard support, seen as three different-looking answers, is charged once', () => {
    const got = charge([
      [test('wild-valid'), wrong('wildcard-unsupported|wildcard-wrong-kind')],
      [test('wild-any-vowel'), wrong('wildcard-unsupported')],
      [test('wild-uppercase'), wrong('case-sensitive|wildcard-unsupported')],
    ]);
    expect(got).toEqual({ 'wild-valid': 'failed', 'wild-any-vowel': 'skipped', 'wild-uppercase': 'skipped' });
  });

  it('a sighting narrows the defect: a later failure only the other alternative explains is a second defect', () => {
    const got = charge([
      [test('wild-valid'), wrong('wildcard-unsupported|wildcard-wrong-kind')],
      [test('wild-any-vowel'), wrong('wildcard-unsupported')],
      [test('wild-vowels-only'), wrong('wildcard-wrong-kind')],
    ]);
    expect(got).toEqual({ 'wild-valid': 'failed', 'wild-any-vowel': 'skipped', 'wild-vowels-only': 'failed' });
  });

  it('a defect a charged test also showed is paid for there, except at the homes that test names for their own rules', () => {
    const hand = { ...fail('the hand after "ac" is wrong'), defect: 'wrong:hand:size' };
    const score = { ...fail('the score is not shown'), defect: 'missing:score' };
    const example = { ...fail('the points for "jar" are not shown'), defect: 'missing:points', alsoShows: ['wrong:hand:size', 'missing:score'] };
    const got = charge([
      [test('example', { same_defect_as: ['score'] }), example],
      [test('invalid-word'), hand],
      [test('score'), score],
    ]);
    // The hand never updated shows in the example's later turns: paid for by its points. The score is the
    // rule of a home the example names: its own test charges it.
    expect(got).toEqual({ example: 'failed', 'invalid-word': 'skipped', score: 'failed' });
    // Without the sighting, each is charged where it is first seen.
    expect(charge([[test('example'), { ...example, alsoShows: undefined }], [test('invalid-word'), hand]])).toEqual({ example: 'failed', 'invalid-word': 'failed' });
  });

  it('an exception raised in a function is charged at a test of that function, and is the same line in a whole program run', () => {
    const npe = (fn?: string): Outcome => ({ ...error('threw NullPointerException at Manager.java:66'), defect: `raised:NullPointerException:Manager.java:66${fn ? `@${fn}` : ''}` });
    const rows: [TestData, Outcome][] = [
      [test('constructor-dedup', { group: 'constructor' }), npe('record')],
      [test('record-largest', { group: 'record' }), npe('record')],
      [test('main-win', { group: 'main' }), npe()],
      [test('main-lose', { group: 'main' }), npe()],
    ];
    const out = chargesOf(rows, (t) => t.group!);
    expect(Object.fromEntries([...out].map(([id, o]) => [id, o.status]))).toEqual({ 'constructor-dedup': 'skipped', 'record-largest': 'error', 'main-win': 'skipped', 'main-lose': 'skipped' });
    expect(out.get('main-lose')!.partOf).toBe('record-largest');
    // Thrown in a private helper no test is filed under, during a call of record: record's test takes it.
    const helper = rows.map(([t, o]): [TestData, Outcome] => [t, o.defect!.includes('@') ? { ...o, defect: o.defect!.replace('@record', '@makePattern|record') } : o]);
    const viaHelper = chargesOf(helper, (t) => t.group!);
    expect(viaHelper.get('record-largest')!.status).toBe('error');
    expect(viaHelper.get('constructor-dedup')!.partOf).toBe('record-largest');
  });

  it("another game function's test whose other defect is a fact already missing in the plain game's charges nothing more", () => {
    const layout = { ...fail('the guesses left are not shown before the first input'), defect: 'missing:guessesLeft' };
    const noWord = { ...fail('the word is not shown after a miss'), defect: 'missing:revealed' };
    const rows: [TestData, Outcome][] = [
      [test('game-shows-state', { group: 'hangman' }), layout],
      [test('game-repeats', { group: 'hangman' }), noWord],
      [test('hints-free', { group: 'hangman_with_hints', same_defect_as: ['game-shows-state'] }), { ...layout, alternatives: [noWord] }],
    ];
    const out = chargesOf(rows, (t) => t.group!);
    expect(Object.fromEntries([...out].map(([id, o]) => [id, o.status]))).toEqual({ 'game-shows-state': 'failed', 'game-repeats': 'failed', 'hints-free': 'skipped' });
  });

  it('a test is charged for its own defect whatever failed before it', () => {
    const got = charge([
      [test('valid-basic'), wrong('wrong-value')],
      [test('valid-uppercase'), wrong('case-sensitive')],
      [test('valid-counts'), pass()],
    ]);
    expect(got).toEqual({ 'valid-basic': 'failed', 'valid-uppercase': 'failed', 'valid-counts': 'passed' });
  });

  it('a test that saw two defects charges the one no test has charged yet (a test aimed at two rules of one game)', () => {
    const fewer = { ...fail('hands played: 2 of 4'), defect: 'calls-fewer:play_hand' };
    const noSub = { ...fail('asks whether to substitute once'), defect: 'question-missing:substitute' };
    const rows: [TestData, Outcome][] = [
      [test('replay-once'), fewer],
      [test('replay-no-substitution'), { ...fewer, alternatives: [noSub] }],
    ];
    const out = chargesOf(rows, () => 'play_game');
    expect(out.get('replay-once')!.status).toBe('failed');
    expect(out.get('replay-no-substitution')).toMatchObject({ status: 'failed', message: 'asks whether to substitute once' });
    // A test whose own first defect it is takes that defect before any test that saw it second: the one who
    // saw it second is then not charged again (each defect once, at a test that shows it first).
    const again = assignCharges({ tests: [...rows.map(([t]) => t), test('one-hand')], outcomes: new Map([...rows.map(([t, o]) => [t.id, o] as const), ['one-hand', { ...noSub, alternatives: [fewer] }]]), groupOf: () => 'play_game' });
    expect(again.get('one-hand')!.status).toBe('failed');
    expect(again.get('replay-no-substitution')!.status).toBe('skipped');
  });

  it('a test that names a home showing its first defect still charges another defect it saw, not charged yet', () => {
    const crash = { ...fail('raised KeyError at line 12'), defect: 'raised:KeyError:12' };
    const total = { ...fail('the total should be 198; printed 0'), defect: 'wrong:gameTotal' };
    const rows: [TestData, Outcome][] = [
      [test('example'), crash],
      [test('replay-worse', { same_defect_as: ['example'] } as Partial<TestData>), { ...crash, alternatives: [total] }],
    ];
    const out = chargesOf(rows, () => 'play_game');
    expect(out.get('example')!.status).toBe('failed');
    expect(out.get('replay-worse')).toMatchObject({ status: 'failed', message: 'the total should be 198; printed 0' });
  });

  it("another defect a test saw is charged at the home it names for that rule, when the home saw it too, not at the first test in order", () => {
    // Every game misses the letters not guessed (charged at the start's test); the capitals game and the
    // warnings game both then show no warnings. The capitals test comes first and names the warnings test as a home.
    const noLetters = { ...fail('does not show the letters not guessed yet'), defect: 'missing:available' };
    const noWarnings = { ...fail('after "$" does not show the warnings left (2)'), defect: 'missing:warningsLeft' };
    const rows: [TestData, Outcome][] = [
      [test('start'), noLetters],
      [test('capitals', { same_defect_as: ['start', 'warnings'] } as Partial<TestData>), { ...noLetters, alternatives: [noWarnings] }],
      [test('warnings', { same_defect_as: ['start'] } as Partial<TestData>), { ...noLetters, alternatives: [noWarnings] }],
    ];
    const out = chargesOf(rows, () => 'hangman');
    expect(out.get('warnings')).toMatchObject({ status: 'failed', message: noWarnings.message });
    expect(out.get('capitals')).toMatchObject({ status: 'skipped', notCharged: true });
    // Without the link, the first test in order that saw it charges it.
    const unlinked = chargesOf(rows.map(([t, o]) => [t.id === 'capitals' ? test('capitals', { same_defect_as: ['start'] } as Partial<TestData>) : t, o]), () => 'hangman');
    expect(unlinked.get('capitals')!.status).toBe('failed');
    expect(unlinked.get('warnings')!.status).toBe('skipped');
  });

  // A crash that stopped a run before it showed the test's rule: the same KeyError line in each test.
  const crash = (fn: string): Outcome => ({ ...error(`${fn}(...) raised KeyError: 'z' (ps3.py line 9)`), defect: 'raised:KeyError:9', blind: fn });
  const kinds = (rows: [TestData, Outcome][]) => {
    const out = chargesOf(rows, (t) => t.group as string);
    return Object.fromEntries([...out].map(([id, o]) => [id, o.kind]));
  };

  it('a function that raises on every call is charged once; its other tests checked nothing and keep no points', () => {
    const sub = (id: string) => test(id, { group: 'substitute_hand' });
    expect(kinds([
      [sub('substitute-absent-letter'), crash('substitute_hand')],
      [sub('substitute-all-copies'), crash('substitute_hand')],
      [sub('substitute-no-mutation'), crash('substitute_hand')],
    ])).toEqual({ 'substitute-absent-letter': 'run_time_error', 'substitute-all-copies': 'not_checked', 'substitute-no-mutation': 'not_checked' });
  });

  it('past a crash on every call, a test run again with the line stepped over keeps its points where its rule holds or fails as a charged test does; a defect only it shows is charged, once', () => {
    const hand = (id: string) => test(id, { group: 'play_hand', stdin: ['!!'] } as Partial<TestData>);
    const past = (o: Outcome): Outcome => ({ ...crash('play_hand'), raisedAt: 9, steppedOver: { lines: [9], outcome: o } });
    const breaks: Outcome = { ...fail('after "zz" the hand ends'), defect: 'question-missing:word' };
    const out = chargesOf([
      [hand('example-1'), past({ ...fail('the hand after "jar" is wrong'), defect: 'wrong:hand' })],
      [hand('example-2'), past(breaks)],
      [hand('invalid-word'), past(breaks)],
      [hand('out-of-letters'), past({ ...fail('hand wrong again'), defect: 'wrong:hand' })],
      [hand('capitals'), past(pass())],
      // Stopped again before it showed anything (it asks for input where it must not): it saw nothing still.
      [hand('returns'), past({ ...error('asks for input'), defect: 'answer:play_hand:asks-input', blind: 'play_hand' })],
      [hand('own-helpers'), crash('play_hand')],
    ], (t) => t.group as string);
    expect(Object.fromEntries([...out].map(([id, o]) => [id, o.status]))).toEqual({
      'example-1': 'error', 'example-2': 'failed', 'invalid-word': 'skipped', 'out-of-letters': 'skipped', capitals: 'skipped', returns: 'failed', 'own-helpers': 'failed',
    });
    expect(out.get('example-2')!.message).toMatch(/^after "zz" the hand ends; seen with line 9 stepped over, as if fixed \(as handed in: play_hand\(\.\.\.\) raised KeyError: 'z' \(ps3\.py line 9\); charged in example-1\)$/);
    expect(out.get('invalid-word')!.message).toMatch(/fails as example-2 does/);
    expect(out.get('out-of-letters')!.message).toMatch(/fails as example-1 does/);
    expect(out.get('capitals')!.message).toMatch(/stepped over, as if fixed, it passes/);
    expect(out.get('returns')!.kind).toBe('not_checked');
  });

  it('a crash on the inputs of one rule, in a function that returns elsewhere, is charged once and not again', () => {
    const upd = (id: string) => test(id, { group: 'update_hand' });
    expect(kinds([
      [upd('update-quail'), pass()],
      [upd('update-no-mutation'), crash('update_hand')],
      [upd('update-never-negative'), crash('update_hand')],
    ])).toEqual({ 'update-quail': 'passed', 'update-no-mutation': 'run_time_error', 'update-never-negative': 'skipped' });
  });

  it("a crash traced to the student's own helper stays charged by the helper's tests", () => {
    const helperCrash: Outcome = { ...crash('play_hand'), defect: 'helpers:any:display_hand' };
    expect(kinds([
      [test('display-quail', { group: 'display_hand' }), { ...fail('wrong'), defect: 'answer:display_hand:wrong-value' }],
      [test('play-hand-own-helpers', { group: 'play_hand' }), helperCrash],
    ])).toEqual({ 'display-quail': 'wrong_answer', 'play-hand-own-helpers': 'skipped' });
  });

  it('None where True is due and None where False is due are two defects, unless the function never returns properly', () => {
    const none = (due: string): Outcome => ({ ...fail(`returned None, expected ${due}`), defect: `returns-none:is_valid_word:${due}` });
    const rows = (passing: boolean): [TestData, Outcome][] => [
      [test('valid-basic'), passing ? pass() : none('True')],
      [test('wild-any-vowel'), none('True')],
      [test('wild-vowels-only'), none('False')],
    ];
    expect(charge(rows(true))).toEqual({ 'valid-basic': 'passed', 'wild-any-vowel': 'failed', 'wild-vowels-only': 'failed' });
    expect(charge(rows(false))).toEqual({ 'valid-basic': 'failed', 'wild-any-vowel': 'skipped', 'wild-vowels-only': 'skipped' });
  });

  it('a known mistake a right answer rules out no longer joins two failures: what is left of each tells them apart', () => {
    const narrowing = (mistakes: string): Outcome => ({ ...wrong(mistakes), narrows: true });
    const ruledOut = { ...pass(), refutes: ['answer:is_valid_word:ignores-counts'] };
    // 'hello' refused with one l: "counts are ignored" is not this program's mistake.
    expect(charge([[test('valid-counts'), narrowing('overuses-letters|ignores-counts')], [test('valid-zero-count'), narrowing('zero-count-held|ignores-counts')], [test('valid-basic'), ruledOut]]))
      .toEqual({ 'valid-counts': 'failed', 'valid-zero-count': 'failed', 'valid-basic': 'passed' });
    // Nothing ruled out: one program that ignores counts, charged once.
    expect(charge([[test('valid-counts'), narrowing('overuses-letters|ignores-counts')], [test('valid-zero-count'), narrowing('zero-count-held|ignores-counts')]]))
      .toEqual({ 'valid-counts': 'failed', 'valid-zero-count': 'skipped' });
    // A failure on an input that tells nothing about the other mistakes (a wildcard word) is not narrowed.
    expect(charge([[test('valid-counts'), narrowing('overuses-letters|ignores-counts')], [test('wild-counts'), wrong('wildcard-ignores-hand|ignores-counts|overuses-letters')], [test('valid-basic'), ruledOut]]))
      .toEqual({ 'valid-counts': 'failed', 'wild-counts': 'skipped', 'valid-basic': 'passed' });
  });

  it('every mistake ruled out leaves a failure as it was (a mistake none of the known ones is)', () => {
    const ruledOut = { ...pass(), refutes: ['answer:is_valid_word:overuses-letters', 'answer:is_valid_word:ignores-counts'] };
    const got = charge([[test('valid-counts'), { ...wrong('overuses-letters|ignores-counts'), narrows: true }], [test('wild-counts'), wrong('wildcard-ignores-hand|overuses-letters')], [test('valid-basic'), ruledOut]]);
    expect(got).toEqual({ 'valid-counts': 'failed', 'wild-counts': 'skipped', 'valid-basic': 'passed' });
  });

  describe('a class whose methods are filed under their own groups', () => {
    const groups: Record<string, string> = { 'ctor-dups': 'constructor', 'record-count': 'record', 'pattern-after': 'pattern', 'main-log': 'main' };
    const run = (rows: [TestData, Outcome][]) => {
      const out = chargesOf(rows, (t) => groups[t.id]!, () => ['record']);
      return Object.fromEntries([...out].map(([id, o]) => [id, `${o.status}${o.partOf ? `@${o.partOf}` : ''}`]));
    };
    const count: Outcome = { ...fail('record returned 0, expected 1'), defect: 'answer:record:number' };
    const pattern: Outcome = { ...fail('pattern() returned "- - - -"'), defect: 'answer:pattern:text' };
    // java-state.ts: the pattern test's failure traced to record, which left the object wrong before it.
    const traced: Outcome = { ...pattern, defect: 'helpers:any:record', untraced: { defect: pattern.defect!, message: pattern.message } };

    it('a defect is charged at the test aimed at its rule, not at an earlier test that calls the method on the way', () => {
      expect(run([[test('ctor-dups'), count], [test('record-count'), count]])).toEqual({ 'ctor-dups': 'skipped@record-count', 'record-count': 'failed' });
    });
    it('an exception thrown in place of one due is the missing check of a home the spec names, and only then', () => {
      const none: Outcome = { ...fail('should throw IllegalStateException; it returned 0'), defect: 'answer:record:no-exception:IllegalStateException' };
      const other: Outcome = { ...fail('should throw IllegalStateException; it threw IllegalArgumentException'), defect: 'answer:record:other-exception:IllegalStateException' };
      const g = { 'no-guesses': 'record', 'no-words': 'record', order: 'record' } as Record<string, string>;
      const go = (rows: [TestData, Outcome][]) => Object.fromEntries([...chargesOf(rows, (t) => g[t.id]!)].map(([id, o]) => [id, o.status]));
      const order = test('order', { same_defect_as: ['no-guesses'] } as Partial<TestData>);
      expect(go([[test('no-guesses'), none], [order, other]])).toEqual({ 'no-guesses': 'failed', order: 'skipped' });
      // The check is there (its own test passes): the order of the checks is wrong, a defect of its own.
      expect(go([[test('no-guesses'), pass()], [test('no-words'), none], [order, other]])).toEqual({ 'no-guesses': 'passed', 'no-words': 'failed', order: 'failed' });
    });
    it('a run of main showing what a traced test showed before tracing goes where that cause is charged', () => {
      const main = test('main-log', { run: 'main', stdin: ['4'] } as Partial<TestData>);
      expect(run([[test('record-count'), count], [test('pattern-after'), traced], [main, pattern]]))
        .toEqual({ 'record-count': 'failed', 'pattern-after': 'skipped@record-count', 'main-log': 'skipped@record-count' });
      // A game test of its own (stdin, not a whole-program run) that shows the same crash the traced test showed
      // is the crash's home: a traced test never takes a charge from the test that shows the defect itself.
      const crash: Outcome = { ...fail('raised TypeError (ps3.py line 171)'), defect: 'raised:TypeError:ps3.py:171' };
      const crashTraced: Outcome = { ...crash, defect: 'helpers:any:record', untraced: { defect: crash.defect!, message: crash.message } };
      expect(run([[test('record-count', { stdin: ['a'] } as Partial<TestData>), crash], [test('pattern-after'), crashTraced]]))
        .toEqual({ 'record-count': 'failed', 'pattern-after': 'skipped@record-count' });
      // A pattern defect of its own, shown by a test of pattern() that nothing traces, is charged there and again by nobody.
      expect(run([[test('record-count'), pass()], [test('pattern-after'), pattern], [main, pattern]]))
        .toEqual({ 'record-count': 'passed', 'pattern-after': 'failed', 'main-log': 'skipped@pattern-after' });
    });
  });
});

describe('a question moved to another function', () => {
  it('is one design change: extra where the program asks it, missing where the handout does', () => {
    expect(movedQuestion('question-instead:substitute@word', 'question-instead:word@substitute')).toBe(true);
    expect(movedQuestion('question-extra:substitute', 'question-missing:substitute')).toBe(true);
    expect(movedQuestion('question-missing:replay', 'question-extra:substitute')).toBe(false);
    expect(movedQuestion('question-extra:?', 'question-missing:?')).toBe(false);
  });
  it('is charged once: at play_hand, which asks it, and not again at play_game, which lacks it', () => {
    const tests = [test('hand-example', { group: 'play_hand' }), test('game-example', { group: 'play_game' })];
    const outcomes = new Map<string, Outcome>([
      ['hand-example', { ...fail('input 1 answered "Would you like to substitute a letter?"'), defect: 'question-instead:substitute@word' }],
      ['game-example', { ...fail('input 2 answered "Please enter a word"'), defect: 'question-instead:word@substitute' }],
    ]);
    const out = assignCharges({ tests, outcomes, groupOf: (t) => t.group! });
    expect(out.get('hand-example')!.status).toBe('failed');
    expect(out.get('game-example')!.status).toBe('skipped');
    expect(out.get('game-example')!.message).toMatch(/^not charged again: the same defect is charged in hand-example/);
  });
  it('a game a changed call stopped before its rule came up keeps its points: the signature costs once (P5)', () => {
    const tests = [test('game-example', { group: 'play_game' }), test('game-replay', { group: 'play_game' })];
    const outcomes = new Map<string, Outcome>([
      ['game-example', { ...error('play_game raised TypeError: play_hand() takes 2 positional arguments but 1 was given'), defect: 'signature:play_hand' }],
      ['game-replay', { ...error('the game ended at input 5, where it raised TypeError', undefined, 'not_checked'), defect: 'signature:play_hand' }],
      ['other', pass()],
    ]);
    const out = assignCharges({ tests: [...tests, test('other', { group: 'play_game' })], outcomes, groupOf: (t) => t.group! });
    expect(out.get('game-replay')!.status).toBe('skipped');
  });
});

describe('an exception by what it is', () => {
  it('a name never defined, or a local read before it is set, is one defect by its name at every line', () => {
    expect(raisedDefect({ type: 'NameError', message: "name 'printinfo' is not defined", line: 188 }, 'hangman.py')).toBe('raised:NameError:printinfo');
    expect(raisedDefect({ type: 'NameError', message: "name 'printinfo' is not defined", line: 195 }, 'hangman.py')).toBe('raised:NameError:printinfo');
    expect(raisedDefect({ type: 'UnboundLocalError', message: "cannot access local variable 'guess' where it is not associated with a value", line: 165 }, 'hangman.py')).toBe('raised:UnboundLocalError:guess');
    expect(raisedDefect({ type: 'KeyError', message: "'z'", line: 9 }, 'hangman.py')).toBe('raised:KeyError:9');
    // In another function, the same name is that function's own defect.
    const at = (fn: string, line: number) => ({ type: 'NameError', message: "name 'X' is not defined", line, traceback: `Traceback (most recent call last):\n  File "hangman.py", line ${line}, in ${fn}\nNameError: name 'X' is not defined` });
    expect(raisedDefect(at('is_word_guessed', 82), 'hangman.py')).toBe('raised:NameError:X@is_word_guessed');
    expect(raisedDefect(at('get_guessed_word', 92), 'hangman.py')).not.toBe(raisedDefect(at('is_word_guessed', 82), 'hangman.py'));
    expect(raisedDefect({ type: 'ValueError', message: 'bad', line: null }, 'hangman.py')).toBeUndefined();
  });
});

describe('a run of a whole program', () => {
  it('charges only its first problem: what it shows after it may be any function\'s consequence', () => {
    const game = test('game', { group: 'hangman' });
    const main = test('main', { group: 'hangman', run: 'main' } as Partial<TestData>);
    const unsaid = { ...fail('does not show the letters not guessed yet'), defect: 'missing:available' };
    const more = { ...fail('after all 3 inputs asks for a letter'), defect: 'question-extra:letter' };
    const out = assignCharges({ tests: [game, main], outcomes: new Map<string, Outcome>([['game', unsaid], ['main', { ...unsaid, alternatives: [more] }]]), groupOf: () => 'hangman' });
    expect(out.get('main')!.status).toBe('skipped');
    // A test of one function does charge the next defect its run showed.
    const call = test('call', { group: 'hangman' });
    const out2 = assignCharges({ tests: [game, call], outcomes: new Map<string, Outcome>([['game', unsaid], ['call', { ...unsaid, alternatives: [more] }]]), groupOf: () => 'hangman' });
    expect(out2.get('call')!.status).toBe('failed');
  });
});
