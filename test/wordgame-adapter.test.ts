// The PS3 variant table (built-ins, custom variants, validation) and the Python-value adapter:
// conversions, ctx.call routing for play_game, HAND_SIZE sources, and the word-index cache.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputExhausted, RefRaise, type RefContext, type RefIO } from '../harness/model/reference.js';
import { asCounts, py, pyEquals, repr, type PyValue } from '../harness/model/pyvalue.js';
import { rootPath } from '../harness/paths.js';
import { PyRandom } from '../reference/pyrandom.js';
import { wordgameAdapter } from '../reference/wordgame/adapter.js';
import { VARIANTS, VariantError, dealHand, defineVariant, fill, getWordScore, resolveVariant } from '../reference/wordgame/index.js';

/** The bundled list as loaded from disk: UPPERCASE, like MIT's words.txt. */
const RAW_WORDS = readFileSync(rootPath('fixtures/ps3-mit/words.txt'), 'utf8').split('\n').filter(Boolean);

const fall2017 = { id: 'mit-fall2017', wildcard: '@', wildcardStandsFor: 'consonants', endSentinel: '*END*', a: 5, b: 8, floor: 2 };

describe('variant table', () => {
  it('built-ins carry the handout constants', () => {
    expect(VARIANTS.mit).toMatchObject({ wildcard: '!', wildcardStandsFor: 'consonants', endSentinel: '*END*', a: 9, b: 4, floor: 1, handSize: 7 });
    expect(VARIANTS.ocw).toMatchObject({ wildcard: '*', wildcardStandsFor: 'vowels', endSentinel: '!!', a: 7, b: 3, floor: 1, handSize: 7 });
  });
  it('a custom variant (MIT Fall 2017: @, 5, 8, floor 2) scores by its own constants', () => {
    const v = defineVariant(fall2017);
    expect(getWordScore('weed', 6, v)).toBe(8 * (5 * 4 - 8 * 2)); // 32
    expect(getWordScore('it', 7, v)).toBe(2 * 2); // floor 2
    expect(getWordScore('@ows', 6, v)).toBe(6 * 4);
    expect(fill(v.messages.wordPrompt, { end: v.endSentinel })).toBe("Please enter a word or '*END*' to indicate you are done: ");
  });
  it('unset fields come from base, and the prompt names the variant\'s own sentinel', () => {
    const v = defineVariant({ id: 'x', base: 'ocw', endSentinel: '.' });
    expect(v).toMatchObject({ wildcard: '*', a: 7, b: 3, substituteSameKind: false });
    expect(fill(v.messages.wordPrompt, { end: v.endSentinel })).toBe("Please enter a word or '.' to indicate you are done: ");
    expect(v.messages.currentHand).toBe(VARIANTS.ocw.messages.currentHand);
  });
  it('messages can be overridden one by one', () => {
    const v = defineVariant({ ...fall2017, messages: { handEnded: 'Total score for this hand: {total} points\n' } });
    expect(v.messages.handEnded).toBe('Total score for this hand: {total} points\n');
    expect(v.messages.ranOut).toBe(VARIANTS.mit.messages.ranOut);
  });
  it.each([
    [{ ...fall2017, wildcard: 'ab' }, /'wildcard' must be one character/],
    [{ ...fall2017, wildcard: 'e' }, /'wildcard' must be one character that is not a lowercase letter/],
    [{ ...fall2017, wildcardStandsFor: 'both' }, /'wildcardStandsFor' must be 'vowels' or 'consonants', got "both"/],
    [{ ...fall2017, a: -1 }, /'a' must be an integer >= 0, got -1/],
    [{ ...fall2017, floor: 1.5 }, /'floor' must be an integer >= 0/],
    [{ ...fall2017, handSize: 0 }, /'handSize' must be an integer >= 1/],
    [{ ...fall2017, wildcrad: '@' }, /unknown field 'wildcrad'/],
    [{ ...fall2017, endSentinel: '' }, /'endSentinel' must be a non-empty one-line string/],
    [{ ...fall2017, messages: { gameTotal: 'Total: {score}\n' } }, /message 'gameTotal' uses \{score\}; it may use \{total\}/],
    [{ ...fall2017, messages: { banner: 'hi' } }, /unknown message 'banner'/],
    [{ wildcard: '@' }, /'id' must be/],
    [42, /expected 'mit', 'ocw' or an object/],
  ])('rejects %j with a clear one-line error', (spec, message) => {
    expect(() => defineVariant(spec)).toThrow(VariantError);
    expect(() => defineVariant(spec)).toThrow(message);
    try {
      defineVariant(spec);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });
  it('resolveVariant: names, objects (validated once), and clear errors', () => {
    expect(resolveVariant('mit')).toBe(VARIANTS.mit);
    expect(resolveVariant(VARIANTS.ocw)).toBe(VARIANTS.ocw);
    expect(resolveVariant(fall2017)).toBe(resolveVariant(fall2017));
    expect(() => resolveVariant('mit2017')).toThrow(/unknown variant 'mit2017'; use 'mit', 'ocw'/);
    expect(() => resolveVariant(undefined)).toThrow(/missing; set options.variant/);
  });
});

// ---------- the adapter ----------

class Console implements RefIO {
  out = '';
  constructor(private lines: string[] = []) {}
  write(text: string) {
    this.out += text;
  }
  input(prompt: string) {
    this.out += prompt;
    const line = this.lines.shift();
    if (line === undefined) throw new InputExhausted(prompt);
    this.out += line + '\n';
    return line;
  }
}

/** A context like the harness builds, with optional patched functions (the MIT grader's mocks). */
function context(options: Record<string, unknown>, opts: { lines?: string[]; patches?: Record<string, (args: PyValue[]) => PyValue>; seed?: number } = {}) {
  const io = new Console(opts.lines);
  const calls: string[] = [];
  const ctx: RefContext = {
    io,
    words: RAW_WORDS,
    rng: new PyRandom(opts.seed ?? 0),
    options,
    call(name, args) {
      calls.push(`${name}(${args.map(repr).join(', ')})`);
      const patch = opts.patches?.[name];
      return patch ? patch(args) : wordgameAdapter.functions[name](args, ctx);
    },
  };
  return { ctx, io, calls };
}

const call = (ctx: RefContext, name: string, ...args: PyValue[]) => wordgameAdapter.functions[name](args, ctx);
const hand = (o: Record<string, number>) => py.counts(o);

describe('wordgame adapter', () => {
  const mit = { variant: 'mit' };
  const wordList = wordgameAdapter.names!({ words: RAW_WORDS, rng: new PyRandom(0), options: mit }).word_list;

  it("names(): word_list is load_words()'s lowercase list, the same value every time", () => {
    expect(wordList.t).toBe('list');
    expect((wordList as { v: PyValue[] }).v).toHaveLength(RAW_WORDS.length);
    expect((wordList as { v: PyValue[] }).v[0]).toEqual(py.str(RAW_WORDS[0].toLowerCase()));
    expect(wordgameAdapter.names!({ words: RAW_WORDS, rng: new PyRandom(0), options: mit }).word_list).toBe(wordList);
    expect(() => wordgameAdapter.names!({ words: RAW_WORDS, rng: new PyRandom(0), options: {} })).toThrow(/options.variant/);
  });

  it('pure functions convert both ways', () => {
    const { ctx } = context(mit);
    expect(call(ctx, 'get_frequency_dict', py.str('hello'))).toEqual(hand({ h: 1, e: 1, l: 2, o: 1 }));
    expect(call(ctx, 'get_word_score', py.str('weed'), py.int(6))).toEqual(py.int(224));
    expect(call(ctx, 'update_hand', hand({ j: 2, o: 1, l: 1, w: 1, n: 2 }), py.str('jolly'))).toEqual(hand({ j: 1, w: 1, n: 2 }));
    expect(call(ctx, 'calculate_handlen', hand({ a: 2, '!': 1 }))).toEqual(py.int(3));
    expect(call(ctx, 'is_valid_word', py.str('!ows'), hand({ c: 1, o: 1, w: 1, s: 1, '!': 1, z: 1 }), wordList)).toEqual(py.bool(true));
    expect(call(ctx, 'is_valid_word', py.str('hello'), hand({ h: 1, e: 1, l: 2, o: 1 }), py.strList(['hello']))).toEqual(py.bool(true));
    expect(call(ctx, 'is_valid_word', py.str('hello'), hand({ h: 1, e: 1, l: 2, o: 1 }), py.strList(['help']))).toEqual(py.bool(false));
  });

  it('display_hand prints through ctx.io and returns None', () => {
    const { ctx, io } = context(mit);
    expect(call(ctx, 'display_hand', hand({ a: 1, q: 1, l: 2 }))).toEqual(py.none);
    expect(io.out).toBe('a q l l \n');
  });

  it('deal_hand and substitute_hand draw from ctx.rng', () => {
    const { ctx } = context({ variant: 'ocw' }, { seed: 5 });
    const dealt = call(ctx, 'deal_hand', py.int(7));
    expect(asCounts(dealt)).toEqual(dealHand(7, new PyRandom(5), VARIANTS.ocw));
    const sub = call(ctx, 'substitute_hand', hand({ a: 1, '*': 1, t: 1 }), py.str('t'));
    expect([...asCounts(sub).keys()].slice(0, 2)).toEqual(['a', '*']);
  });

  it('wrong arguments raise TypeError like a Python call', () => {
    const { ctx } = context(mit);
    expect(() => call(ctx, 'get_word_score', py.str('weed'))).toThrow(RefRaise);
    expect(() => call(ctx, 'get_word_score', py.str('weed'))).toThrow(/get_word_score\(\) takes 2 positional arguments \(word, n\) but 1 was given/);
    expect(() => call(ctx, 'update_hand', py.str('abc'), py.str('a'))).toThrow(/update_hand\(\): hand must be a dict, got str/);
  });

  it('play_game deals, substitutes and plays through ctx.call, so patched functions reach it (mit example: 376)', () => {
    const hands = [hand({ a: 1, c: 1, i: 1, '!': 1, p: 1, r: 1, t: 1 }), hand({ d: 2, '!': 1, e: 1, o: 1, u: 1, t: 1 })];
    const { ctx, io, calls } = context(mit, {
      lines: ['2', 'no', 'part', '!ic', 'no', 'yes', 'e', 'out', '*END*', 'yes', 'dad', 'out', '*END*'],
      patches: {
        deal_hand: () => hands.shift()!,
        substitute_hand: ([h, letter]) => py.dict((h as { v: [PyValue, PyValue][] }).v.map(([k, n]) => [pyEquals(k, letter) ? py.str('a') : k, n])),
      },
    });
    expect(call(ctx, 'play_game', wordList)).toEqual(py.int(376));
    // play_hand too: two hands and the replay of the second, substituted (a test counts the hands played).
    const played = calls.filter((c) => c.startsWith('play_hand(')).map((c) => c.slice(0, c.indexOf('}') + 1));
    expect(calls.filter((c) => !c.startsWith('play_hand('))).toEqual([
      'deal_hand(7)',
      'deal_hand(7)',
      "substitute_hand({'d': 2, '!': 1, 'e': 1, 'o': 1, 'u': 1, 't': 1}, 'e')",
    ]);
    expect(played).toEqual([
      "play_hand({'a': 1, 'c': 1, 'i': 1, '!': 1, 'p': 1, 'r': 1, 't': 1}",
      "play_hand({'d': 2, '!': 1, 'a': 1, 'o': 1, 'u': 1, 't': 1}",
      "play_hand({'d': 2, '!': 1, 'a': 1, 'o': 1, 'u': 1, 't': 1}",
    ]);
    expect(io.out).toContain('Total score over all hands: 376\n');
  });

  it('HAND_SIZE: a patched constant beats options.handSize beats the variant', () => {
    const dealt = (options: Record<string, unknown>) => {
      const { ctx, calls } = context(options, { lines: ['1', 'no', '*END*', 'no'] });
      call(ctx, 'play_game', wordList);
      return calls[0];
    };
    expect(dealt({ variant: 'mit' })).toBe('deal_hand(7)');
    expect(dealt({ variant: 'mit', handSize: 10 })).toBe('deal_hand(10)');
    expect(dealt({ variant: 'mit', handSize: 10, constants: { HAND_SIZE: py.int(4) } })).toBe('deal_hand(4)');
    expect(dealt({ variant: { ...fall2017, handSize: 9 } })).toBe('deal_hand(9)');
  });

  it('a non-number of hands raises ValueError as int() does; running out of input propagates', () => {
    const { ctx } = context(mit, { lines: ['two'] });
    expect(() => call(ctx, 'play_game', wordList)).toThrow(/ValueError|invalid literal for int\(\) with base 10: 'two'/);
    const { ctx: ctx2 } = context(mit, { lines: ['1', 'no'] });
    expect(() => call(ctx2, 'play_game', wordList)).toThrow(InputExhausted);
  });

  it('is_valid_word against the loaded list reuses one index: 20,000 wildcard calls stay fast', () => {
    const { ctx } = context(mit);
    const h = hand({ c: 1, o: 1, w: 1, s: 1, '!': 1, z: 1 });
    const words = ['!ows', 'co!z', 'c!ws', '!o', 'cows', 'zo!'];
    const t0 = performance.now();
    call(ctx, 'is_valid_word', py.str('!ows'), h, wordList); // may build the index
    const t1 = performance.now();
    let valid = 0;
    for (let i = 0; i < 20_000; i++) {
      if (pyEquals(call(ctx, 'is_valid_word', py.str(words[i % words.length]), h, wordList), py.bool(true))) valid++;
    }
    const t2 = performance.now();
    expect(valid).toBeGreaterThan(0);
    expect(t2 - t1).toBeLessThan(1500);
    // a copy of the loaded list (e.g. after a wire round trip) maps onto the same index
    const copy = py.strList(RAW_WORDS.map((w) => w.toLowerCase()));
    const t3 = performance.now();
    for (let i = 0; i < 200; i++) call(ctx, 'is_valid_word', py.str('c!ws'), h, copy);
    const t4 = performance.now();
    expect(t4 - t3).toBeLessThan(1000);
    console.log(`index build + first call ${(t1 - t0).toFixed(1)} ms; 20,000 calls ${(t2 - t1).toFixed(1)} ms; 200 calls on an equal copy ${(t4 - t3).toFixed(1)} ms`);
  });
});
