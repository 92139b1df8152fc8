// The 313E Hangman reference: the handout's worked examples that agree with its rules, each
// difficulty schedule, get_secret_word, and the PyValue adapter.
//
// Skipped on purpose (GUIDE §3: the handout's sample games contradict its own rules, and real
// solutions follow the rules): sample 1 (EASY: guess 1 'a' reveals '--a-', but the hardest family
// is '----' with 6 words), sample 2 (EASY: guess 1 'e' reveals '---e' instead of '----' with 3
// words) and the debug sample's first guess (HARD picks 'e--e', 1 word, over '----', 3 words, and
// lists the patterns in an order that is neither first-appearance nor sorted).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PyRandom } from '../reference/pyrandom.js';
import { dictionaryFromLines, dictionaryFromText, Hangman313E, pyStrip } from '../reference/hangman/hangman313e.js';
import { hardestFirst, partition } from '../reference/hangman/partition.js';
import { hangman313eAdapter } from '../reference/hangman/adapter.js';
import { RefRaise, type RefContext, type RefObject } from '../harness/model/reference.js';
import { py, repr, type PyValue } from '../harness/model/pyvalue.js';

const NINE = ['ally', 'beta', 'cool', 'deal', 'else', 'flew', 'good', 'hope', 'ibex'];
const LARGE = dictionaryFromText(readFileSync(new URL('../fixtures/hangman-313e/words-large.txt', import.meta.url), 'utf8'));

function game(words: readonly string[], len: number, guesses: number, diff: string): Hangman313E {
  const h = new Hangman313E(words);
  h.prep_for_round(len, guesses, diff);
  return h;
}

describe('Hangman313E: the handout examples that follow the rules', () => {
  it("guess 'e' over the nine words keeps the largest family '----' and costs a guess", () => {
    const h = game(NINE, 4, 4, 'HARD');
    const result = h.make_guess('e');
    expect([...result]).toEqual([['----', 3], ['-e--', 2], ['e--e', 1], ['--e-', 2], ['---e', 1]]);
    expect(h.get_pattern()).toBe('----');
    expect(h.active_words()).toEqual(['ally', 'cool', 'good']);
    expect(h.get_guesses_left()).toBe(3);
  });

  it("then 'o' reveals two o's (cool, good) and costs nothing", () => {
    const h = game(NINE, 4, 4, 'HARD');
    h.make_guess('e');
    expect([...h.make_guess('o')]).toEqual([['----', 1], ['-oo-', 2]]);
    expect(h.get_pattern()).toBe('-oo-');
    expect(h.active_words()).toEqual(['cool', 'good']);
    expect(h.get_guesses_left()).toBe(3);
  });

  it("then 't' leaves a single family, which is kept, and counts as wrong", () => {
    const h = game(NINE, 4, 4, 'HARD');
    h.make_guess('e');
    h.make_guess('o');
    expect([...h.make_guess('t')]).toEqual([['-oo-', 2]]);
    expect(h.get_pattern()).toBe('-oo-');
    expect(h.get_guesses_left()).toBe(2);
    expect(h.get_guesses_made()).toEqual(['e', 'o', 't']);
  });

  it("the '-e-e-' example: guessing 't' keeps [bevel, defer, level]", () => {
    const h = game(['beget', 'beret', 'bevel', 'defer', 'deter', 'level'], 5, 3, 'HARD');
    h.make_guess('e');
    expect(h.get_pattern()).toBe('-e-e-');
    expect(Object.fromEntries(h.get_map_pattern('t'))).toEqual({
      '-e-et': ['beget', 'beret'], '-e-e-': ['bevel', 'defer', 'level'], '-ete-': ['deter'],
    });
    h.make_guess('t');
    expect(h.active_words()).toEqual(['bevel', 'defer', 'level']);
    expect(h.get_guesses_left()).toBe(2);
  });

  it('order_entries gives (-size, -dashes, pattern, words), hardest first', () => {
    const h = game(NINE, 4, 4, 'HARD');
    expect(h.order_entries(h.get_map_pattern('e'))).toEqual([
      [-3, -4, '----', ['ally', 'cool', 'good']],
      [-2, -3, '--e-', ['flew', 'ibex']],
      [-2, -3, '-e--', ['beta', 'deal']],
      [-1, -3, '---e', ['hope']],
      [-1, -2, 'e--e', ['else']],
    ]);
  });
});

describe('Hangman313E: difficulty schedules', () => {
  it("EASY takes the second hardest family on even guesses: 'o' then keeps [ally]", () => {
    const h = game(NINE, 4, 4, 'EASY');
    h.make_guess('e'); // guess 1: hardest, '----'
    h.make_guess('o'); // guess 2: second hardest of '-oo-' (2) and '----' (1)
    expect(h.get_pattern()).toBe('----');
    expect(h.active_words()).toEqual(['ally']);
    expect(h.get_guesses_left()).toBe(2);
  });

  it('a lone family is kept even when the schedule says second hardest (get_diff 1)', () => {
    const h = game(NINE, 4, 4, 'EASY');
    h.make_guess('z'); // guess 1: one family
    expect(h.get_diff([['x'], ['y']])).toBe(0); // 1 guess made: odd, so the hardest
    h.make_guess('q'); // guess 2: one family again
    expect(h.get_pattern()).toBe('----');
    expect(h.num_words_current()).toBe(9);
    expect(h.get_diff([['only']])).toBe(1);
    expect(h.get_diff([['a'], ['b']])).toBe(2);
    expect(h.get_difficulty([['only']])).toBe(0);
    expect(() => h.get_diff([])).toThrow(RefRaise);
  });

  // Each schedule checked turn by turn on the 5-letter words of the large list.
  const schedules: [string, (n: number) => boolean][] = [
    ['EASY', (n) => n % 2 === 0],
    ['MEDIUM', (n) => n % 4 === 0],
    ['HARD', () => false],
  ];
  for (const [diff, second] of schedules) {
    it(`${diff} picks index ${diff === 'HARD' ? '0 always' : '1 on its turns'} of the sorted families`, () => {
      const h = game(LARGE, 5, 25, diff);
      const picked: number[] = [];
      for (const [n, g] of [...'eaoirstlnu'].entries()) {
        const entries = hardestFirst(partition(h.active_words(), h.get_pattern(), g));
        const want = second(n + 1) && entries.length > 1 ? 1 : 0;
        h.make_guess(g);
        expect(h.get_pattern(), `guess ${n + 1} '${g}'`).toBe(entries[want].pattern);
        expect(h.num_words_current()).toBe(entries[want].size);
        picked.push(want);
      }
      if (diff === 'HARD') expect(picked.every((i) => i === 0)).toBe(true);
      else expect(picked).toContain(1);
    });
  }

  it('charges exactly the guesses whose chosen pattern lacks the letter', () => {
    const h = game(LARGE, 6, 25, 'MEDIUM');
    let left = 25;
    for (const g of 'etaoinsrhl') {
      h.make_guess(g);
      if (!h.get_pattern().includes(g)) left--;
      expect(h.get_guesses_left()).toBe(left);
    }
  });
});

describe('Hangman313E: other methods', () => {
  it('num_words counts the original dictionary, including the blank-line word', () => {
    const words = dictionaryFromText('Ally\nbeta\n\nally\n  cool \r\nBETA\r');
    expect(words).toEqual(['', 'ally', 'beta', 'cool']);
    const h = new Hangman313E(words);
    expect([0, 1, 4, 5].map((n) => h.num_words(n))).toEqual([1, 0, 3, 0]);
    expect(dictionaryFromText('a\nb\n')).toEqual(['a', 'b']);
    expect(dictionaryFromText('')).toEqual([]);
    expect(dictionaryFromLines(['B', 'a', 'b'])).toEqual(['a', 'b']);
    expect(pyStrip('\x1c ab\x85\u3000')).toBe('ab');
  });

  it('get_secret_word seeds 0 and chooses from the sorted words (CPython: choice(range 3) -> index 1)', () => {
    const h = game(NINE, 4, 4, 'HARD');
    h.make_guess('e');
    expect(h.get_secret_word()).toBe('cool'); // python3: random.seed(0); random.choice(['ally','cool','good'])
    expect(h.get_secret_word()).toBe('cool'); // reseeded every call
    const rng = new PyRandom(5);
    const h2 = new Hangman313E(NINE, false, { rng });
    h2.prep_for_round(4, 4, 'HARD');
    expect(h2.get_secret_word()).toBe('good'); // random.seed(0); random.choice(nine) -> index 6
    const ref = new PyRandom(0);
    ref.choice(NINE);
    expect(rng.random()).toBe(ref.random()); // the module random is left where Python leaves it
  });

  it('make_pattern writes the guess over the current pattern', () => {
    const h = game(['beget', 'bevel'], 5, 3, 'HARD');
    h.make_guess('e');
    expect(h.make_pattern('beget', 't')).toBe('-e-et');
    expect(h.make_pattern('bevel', 't')).toBe('-e-e-');
  });

  it('prints the starter debugging lines after choosing, when debug is on', () => {
    const out: string[] = [];
    const h = new Hangman313E(NINE, true, { print: (s) => out.push(s) });
    h.prep_for_round(4, 4, 'EASY');
    h.make_guess('e');
    h.make_guess('o');
    h.make_guess('z');
    h.make_guess('y');
    expect(out).toEqual([
      'DEBUGGING: Picking hardest list.\nDEBUGGING: New pattern is: ----. New family has 3 words.\n',
      'DEBUGGING: Difficulty second hardest pattern and list.\n\nDEBUGGING: New pattern is: ----. New family has 1 words.\n',
      'DEBUGGING: Picking hardest list.\nDEBUGGING: New pattern is: ----. New family has 1 words.\n',
      'DEBUGGING: Should pick second hardest pattern this turn, but only one pattern available.\n\n' +
        'DEBUGGING: Picking hardest list.\nDEBUGGING: New pattern is: ---y. New family has 1 words.\n',
    ]);
  });
});

describe('hangman313eAdapter', () => {
  function ctx(words: string[] = NINE): RefContext {
    let out = '';
    return {
      io: { input: () => { throw new Error('no input'); }, write: (s) => { out += s; } },
      words,
      rng: new PyRandom(0),
      options: {},
      call: () => { throw new Error('no functions'); },
      get out() { return out; },
    } as RefContext & { out: string };
  }
  const make = (c: RefContext, ...args: PyValue[]): RefObject => hangman313eAdapter.classes!.Hangman(args, c);
  const call = (o: RefObject, m: string, ...args: PyValue[]) => o.methods[m](args, undefined as unknown as RefContext);

  it('names() gives the runner dictionary as a list of str', () => {
    const names = hangman313eAdapter.names!({ words: ['Beta', 'ally', 'beta ', ''], rng: new PyRandom(0), options: {} });
    expect(repr(names.words)).toBe("['', 'ally', 'beta']");
  });

  it('plays a round at the Python-value level', () => {
    const c = ctx();
    const h = make(c, py.strList(NINE), py.bool(false));
    expect(call(h, 'num_words', py.int(4))).toEqual(py.int(9));
    expect(call(h, 'prep_for_round', py.int(4), py.int(4), py.str('HARD'))).toEqual(py.none);
    expect(repr(call(h, 'make_guess', py.str('e')))).toBe("{'----': 3, '-e--': 2, 'e--e': 1, '--e-': 2, '---e': 1}");
    expect(call(h, 'get_pattern')).toEqual(py.str('----'));
    expect(call(h, 'get_guesses_left')).toEqual(py.int(3));
    expect(repr(call(h, 'get_guesses_made'))).toBe("['e']");
    expect(call(h, 'already_guessed', py.str('e'))).toEqual(py.bool(true));
    expect(repr(call(h, 'get_map_pattern', py.str('o')))).toBe("{'----': ['ally'], '-oo-': ['cool', 'good']}");
    expect(call(h, 'make_dash_pattern', py.str('cool'), py.str('o'))).toEqual(py.str('-oo-'));
    expect(call(h, 'get_secret_word')).toEqual(py.str('cool'));
    expect((c as RefContext & { out: string }).out).toBe('');
  });

  it('Hangman(words) defaults to debug=True like the starter, and prints its debugging line', () => {
    const c = ctx();
    const h = make(c, py.strList(NINE));
    call(h, 'prep_for_round', py.int(4), py.int(4), py.str('HARD'));
    call(h, 'make_guess', py.str('e'));
    expect((c as RefContext & { out: string }).out).toBe('DEBUGGING: Picking hardest list.\nDEBUGGING: New pattern is: ----. New family has 3 words.\n');
  });

  it('order_entries and sort work on family tuples and plain lists', () => {
    const h = make(ctx(), py.strList(NINE), py.bool(false));
    const fam = py.dict([
      [py.str('-e--'), py.strList(['beta', 'deal'])],
      [py.str('----'), py.strList(['ally', 'cool', 'good'])],
      [py.str('--e-'), py.strList(['flew', 'ibex'])],
    ]);
    expect(repr(call(h, 'order_entries', fam))).toBe(
      "[(-3, -4, '----', ['ally', 'cool', 'good']), (-2, -3, '--e-', ['flew', 'ibex']), (-2, -3, '-e--', ['beta', 'deal'])]",
    );
    expect(repr(call(h, 'sort', py.strList(['t', 'a', 'n', 'e'])))).toBe("['a', 'e', 'n', 't']");
    expect(repr(call(h, 'sort', py.list([py.int(3), py.float(2.5), py.bool(true), py.int(-1)])))).toBe('[-1, True, 2.5, 3]');
    expect(repr(call(h, 'sort', py.list([py.tuple([py.int(1), py.str('b')]), py.tuple([py.int(1), py.str('a')])])))).toBe(
      "[(1, 'a'), (1, 'b')]",
    );
    expect(() => call(h, 'sort', py.list([py.int(1), py.str('a')]))).toThrow(/not supported between instances of 'str' and 'int'|'int' and 'str'/);
  });

  it('raises like Python on bad arguments and empty choices', () => {
    const h = make(ctx(), py.strList(NINE), py.bool(false));
    expect(() => call(h, 'num_words', py.str('4'))).toThrow(RefRaise);
    call(h, 'prep_for_round', py.int(7), py.int(3), py.str('HARD'));
    expect(() => call(h, 'get_secret_word')).toThrow(/empty sequence/);
    expect(() => call(h, 'make_guess', py.str('e'))).toThrow(/Entries can't be None/);
  });
});

describe('hangman-313e validators: what the handout states, nothing more', () => {
  const v = hangman313eAdapter.validators!;
  const ctx = {} as RefContext;
  const judge = (name: string, observed: PyValue, expected?: PyValue, args: PyValue[] = [], previous?: PyValue) =>
    v[name]({ observed, expected, args, ctx, output: '', previous });
  const t = (...xs: PyValue[]) => py.tuple(xs);
  const fam = (size: number, dashes: number, pattern: string, words: string[]) => t(py.int(size), py.int(dashes), py.str(pattern), py.strList(words));

  it("get_guesses_made: the handout's String or the starter's list, letters in any order", () => {
    const guessed = py.strList(['a', 'e', 'n']);
    for (const ok of [guessed, py.str("['a', 'e', 'n']"), py.str('aen'), py.str('n, a, e'), py.strList(['n', 'a', 'e'])]) {
      expect(judge('guessed-letters', ok, guessed), repr(ok)).toEqual({ ok: true });
    }
    expect(judge('guessed-letters', py.str('[]'), py.strList([])).ok).toBe(true);
    const missing = judge('guessed-letters', py.str("['a', 'e']"), guessed);
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.message).toMatch(/holds the letters a, e, but the letters guessed this round are a, e, n.*Return\[s\] a String that contains the letters/);
    expect(judge('guessed-letters', py.none, guessed).ok).toBe(false);
    expect(judge('guessed-letters', py.strList(['ae', 'n']), guessed).ok).toBe(false);
  });

  it('get_map_pattern: the patterns of the reference, each with the same words in any order', () => {
    const want = py.dict([[py.str('--e'), py.strList(['ace', 'tee'])], [py.str('---'), py.strList(['bat', 'cat'])]]);
    const reordered = py.dict([[py.str('---'), py.strList(['cat', 'bat'])], [py.str('--e'), py.strList(['tee', 'ace'])]]);
    expect(judge('word-families', reordered, want)).toEqual({ ok: true });
    const lost = judge('word-families', py.dict([[py.str('---'), py.strList(['cat', 'bat'])], [py.str('--e'), py.strList(['ace'])]]), want);
    expect(!lost.ok && lost.message).toMatch(/'--e' maps to \['ace'\]; expected the words \['ace', 'tee'\] \(in any order\)/);
    expect(judge('word-families', py.dict([[py.str('---'), py.strList(['bat', 'cat'])]]), want).ok).toBe(false);
    expect(judge('word-families', py.dict([...(reordered as { v: [PyValue, PyValue][] }).v, [py.str('t--'), py.strList(['tan'])]]), want).ok).toBe(false);
  });

  describe('order_entries: either Family tuple form, hardest family first, words in any order', () => {
    const family = py.dict([
      [py.str('--a-'), py.strList(['deal'])],
      [py.str('----'), py.strList(['cool', 'good'])],
      [py.str('-a--'), py.strList(['bark', 'dark'])],
      [py.str('a---'), py.strList(['ally'])],
    ]);
    const h = hangman313eAdapter.classes!.Hangman([py.strList(NINE), py.bool(false)], {} as RefContext);
    const expected = h.methods.order_entries([family], ctx);
    const check = (observed: PyValue) => judge('family-entries', observed, expected, [family]);

    it("accepts the starter's negated tuples ascending and the handout's plain tuples hardest first", () => {
      expect(check(expected)).toEqual({ ok: true });
      const plain = py.list([fam(2, 4, '----', ['good', 'cool']), fam(2, 3, '-a--', ['bark', 'dark']), fam(1, 3, '--a-', ['deal']), fam(1, 3, 'a---', ['ally'])]);
      expect(check(plain)).toEqual({ ok: true });
    });

    it('rejects the plain tuples in ascending order, mixed forms, wrong counts and lists of lists', () => {
      const ascending = py.list([fam(1, 3, '--a-', ['deal']), fam(1, 3, 'a---', ['ally']), fam(2, 3, '-a--', ['bark', 'dark']), fam(2, 4, '----', ['cool', 'good'])]);
      const r = check(ascending);
      expect(!r.ok && r.message).toMatch(/families come in the order \['--a-', 'a---', '-a--', '----'\]; expected hardest first, \['----', '-a--', '--a-', 'a---'\]/);
      const mixed = py.list([fam(-2, -4, '----', ['cool', 'good']), fam(2, 3, '-a--', ['bark', 'dark']), fam(-1, -3, '--a-', ['deal']), fam(-1, -3, 'a---', ['ally'])]);
      expect(check(mixed).ok).toBe(false);
      const revealed = py.list([fam(-2, 0, '----', ['cool', 'good']), fam(-2, 1, '-a--', ['bark', 'dark']), fam(-1, 1, '--a-', ['deal']), fam(-1, 1, 'a---', ['ally'])]);
      expect(!check(revealed).ok && (check(revealed) as { message: string }).message).toMatch(/should be \(-2, -4, '----', …\)/);
      const lists = py.list((expected as { v: PyValue[] }).v.map((e) => py.list((e as { v: PyValue[] }).v)));
      expect(check(lists).ok).toBe(false);
      expect(check(py.list((expected as { v: PyValue[] }).v.slice(1))).ok).toBe(false);
    });
  });

  it('sort: the same entries, ascending as Python compares them or hardest first', () => {
    const entries = [fam(2, 2, 'a--', ['ace', 'act']), fam(2, 2, '--a', ['bra', 'spa']), fam(3, 1, 'ba-', ['bad', 'bag', 'bat']), fam(1, 1, '-at', ['cat']), fam(2, 1, 'b-a', ['boa', 'bra'])];
    const [a, b, c, d, e] = entries;
    const check = (...xs: PyValue[]) => judge('sorted-entries', py.list(xs), undefined, [py.list(entries)]);
    expect(check(d, e, b, a, c)).toEqual({ ok: true }); // ascending tuples (the starter's negated entries: hardest first)
    expect(check(c, b, a, e, d)).toEqual({ ok: true }); // the handout's plain entries, hardest first
    expect(check(c, a, b, e, d).ok).toBe(false); // plain descending: the pattern tie goes the wrong way
    const dropped = check(d, e, b, a);
    expect(!dropped.ok && dropped.message).toMatch(/returned 4 entries where it was given 5: \(3, 1, 'ba-'/);
    expect(check(d, e, b, a, a).ok).toBe(false);
    expect(judge('sorted-entries', py.tuple([d, e, b, a, c]), undefined, [py.list(entries)]).ok).toBe(false);
  });

  it('get_secret_word: any of the words left, the same on every call', () => {
    const refCtx = { rng: new PyRandom(0), io: { write: () => undefined } } as unknown as RefContext;
    const h = hangman313eAdapter.classes!.Hangman([py.strList(NINE), py.bool(false)], refCtx);
    h.methods.prep_for_round([py.int(4), py.int(4), py.str('HARD')], refCtx);
    h.methods.make_guess([py.str('e')], refCtx);
    const expected = h.methods.get_secret_word([], refCtx);
    expect(expected).toEqual(py.str('cool'));
    for (const w of ['ally', 'cool', 'good']) expect(judge('secret-word', py.str(w), expected)).toEqual({ ok: true });
    const notLeft = judge('secret-word', py.str('beta'), expected);
    expect(!notLeft.ok && notLeft.message).toMatch(/'beta', which is not one of the words left \('ally', 'cool', 'good'\)/);
    expect(judge('same-secret-word', py.str('good'), expected, [], py.str('good'))).toEqual({ ok: true });
    const moved = judge('same-secret-word', py.str('good'), expected, [], py.str('ally'));
    expect(!moved.ok && moved.message).toMatch(/The seed should be initialized to 0 before picking/);
    // Without the reference's words (a literal expected value) it compares exactly.
    expect(judge('secret-word', py.str('ally'), py.str('cool')).ok).toBe(false);
  });

  it('names the sort inputs: consistent Family tuples in the handout form', () => {
    const names = hangman313eAdapter.names!({ words: NINE, rng: new PyRandom(0), options: {} });
    const tuples = (name: string) => (names[name] as { v: PyValue[] }).v.map((e) => (e as { v: PyValue[] }).v);
    const check = (name: string) =>
      tuples(name).map(([size, dashes, pattern, words]) => {
        const ws = (words as { v: PyValue[] }).v.map((w) => (w as { v: string }).v);
        const p = (pattern as { v: string }).v;
        expect(Number((size as { v: bigint }).v)).toBe(ws.length);
        expect(Number((dashes as { v: bigint }).v)).toBe([...p].filter((ch) => ch === '-').length);
        for (const w of ws) expect([...w].every((ch, i) => p[i] === '-' ? !p.includes(ch) : p[i] === ch), `${w} fits ${p}`).toBe(true);
        return p;
      });
    const family = check('family_entries');
    expect(family.length).toBe(60);
    expect(new Set(family).size).toBe(60);
    const tied = check('tied_entries');
    expect(tied.length).toBe(512);
    expect(new Set(tied).size).toBe(512);
    expect(new Set(tuples('tied_entries').map(([s, d]) => repr(t(s, d)))).size).toBe(1); // one size, one dash count
    const equal = check('equal_entries');
    expect(equal.length).toBe(48);
    expect(new Set(equal).size).toBe(6);
  });
});
