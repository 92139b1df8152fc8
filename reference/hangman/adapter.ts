// The 313E Hangman reference at the Python-value level: `Hangman(words, debug)` and its methods,
// ints as int, patterns as str, get_guesses_made as a list of str, make_guess as {pattern: count},
// order_entries/sort over family tuples (-size, -dashes, pattern, words). The spec's validators
// (validators313e.ts) accept every other answer the handout allows.
import { RefRaise, type ReferenceAdapter, type RefClass, type RefContext, type RefFunction } from '../../harness/model/reference.js';
import { py, truthy, typeName, type PyValue } from '../../harness/model/pyvalue.js';
import { dictionaryFromLines, Hangman313E } from './hangman313e.js';
import { runHangman313E } from './runner313e.js';
import { compareCodePoints } from './partition.js';
import { pySorted } from './pycompare.js';
import { hangmanProbes } from './probes.js';
import { familyEntries, guessedLetters, sameSecretWord, secretCandidates, secretWord, sortedEntries, sortTestInputs, wordFamilies } from './validators313e.js';

function arg(args: PyValue[], i: number, name: string, method: string): PyValue {
  if (args.length <= i) throw new RefRaise('TypeError', `Hangman.${method}() missing required argument: '${name}'`);
  return args[i];
}
function intArg(args: PyValue[], i: number, name: string, method: string): number {
  const v = arg(args, i, name, method);
  if (v.t === 'int') return Number(v.v);
  if (v.t === 'bool') return v.v ? 1 : 0;
  throw new RefRaise('TypeError', `Hangman.${method}(): ${name} must be an int, got ${typeName(v)}`);
}
function strArg(args: PyValue[], i: number, name: string, method: string): string {
  const v = arg(args, i, name, method);
  if (v.t !== 'str') throw new RefRaise('TypeError', `Hangman.${method}(): ${name} must be a str, got ${typeName(v)}`);
  return v.v;
}
function listArg(args: PyValue[], i: number, name: string, method: string): PyValue[] {
  const v = arg(args, i, name, method);
  if (v.t !== 'list' && v.t !== 'tuple') throw new RefRaise('TypeError', `Hangman.${method}(): ${name} must be a list, got ${typeName(v)}`);
  return v.v;
}
function strs(v: PyValue, what: string): string[] {
  if (v.t !== 'list' && v.t !== 'tuple' && v.t !== 'set') throw new RefRaise('TypeError', `${what} must be a list of str, got ${typeName(v)}`);
  const out = v.v.map((x, k) => {
    if (x.t !== 'str') throw new RefRaise('TypeError', `${what}[${k}] must be a str, got ${typeName(x)}`);
    return x.v;
  });
  // A Python set iterates in hash order, which varies run to run; the reference uses sorted order.
  return v.t === 'set' ? out.sort(compareCodePoints) : out;
}

const hangmanClass: RefClass = (args, ctx) => {
  const words = strs(arg(args, 0, 'words', '__init__'), 'Hangman(): words');
  // The starter's signature is `__init__(self, words, debug=True)`.
  const debug = args.length > 1 ? truthy(args[1]) : true;
  const h = new Hangman313E(words, debug, { print: (s) => ctx.io.write(s), rng: ctx.rng });

  const methods: Record<string, RefFunction> = {
    num_words: (a) => py.int(h.num_words(intArg(a, 0, 'length', 'num_words'))),
    prep_for_round: (a) => {
      h.prep_for_round(intArg(a, 0, 'word_len', 'prep_for_round'), intArg(a, 1, 'num_guesses', 'prep_for_round'),
        strArg(a, 2, 'diff', 'prep_for_round'));
      return py.none;
    },
    num_words_current: () => py.int(h.num_words_current()),
    get_guesses_left: () => py.int(h.get_guesses_left()),
    get_guesses_made: () => py.strList(h.get_guesses_made()),
    already_guessed: (a) => py.bool(h.already_guessed(strArg(a, 0, 'guess', 'already_guessed'))),
    get_pattern: () => py.str(h.get_pattern()),
    make_guess: (a) => py.counts(h.make_guess(strArg(a, 0, 'guess', 'make_guess'))),
    get_map_pattern: (a) => {
      const fams = h.get_map_pattern(strArg(a, 0, 'guess', 'get_map_pattern'));
      return py.dict([...fams].map(([p, ws]) => [py.str(p), py.strList(ws)] as [PyValue, PyValue]));
    },
    make_pattern: (a) => py.str(h.make_pattern(strArg(a, 0, 'word', 'make_pattern'), strArg(a, 1, 'guess', 'make_pattern'))),
    sort: (a) => py.list(pySorted(listArg(a, 0, 'entries', 'sort'))),
    order_entries: (a) => {
      const fam = arg(a, 0, 'word_family', 'order_entries');
      if (fam.t !== 'dict') throw new RefRaise('TypeError', `Hangman.order_entries(): word_family must be a dict, got ${typeName(fam)}`);
      // Keep each word list as given (a list or a set); only its length and the pattern matter for the order.
      const entries = fam.v.map(([k, ws]) => {
        if (k.t !== 'str') throw new RefRaise('TypeError', `Hangman.order_entries(): keys must be str, got ${typeName(k)}`);
        const n = strs(ws, `word_family[${JSON.stringify(k.v)}]`).length;
        const dashes = [...k.v].filter((c) => c === '-').length;
        return py.tuple([py.int(-n), py.int(-dashes), k, ws]);
      });
      return py.list(pySorted(entries));
    },
    get_diff: (a) => py.int(h.get_diff(listArg(a, 0, 'entries', 'get_diff'))),
    get_difficulty: (a) => py.int(h.get_difficulty(listArg(a, 0, 'entries', 'get_difficulty'))),
    get_secret_word: () => {
      const v = py.str(h.get_secret_word());
      secretCandidates.set(v, h.active_words().slice()); // the 'secret-word' validators accept any of them
      return v;
    },
  };
  // The handout calls it make_pattern; the Spring 2024 starter calls it make_dash_pattern.
  methods.make_dash_pattern = methods.make_pattern;
  return { type: 'Hangman', methods };
};

export const hangman313eAdapter: ReferenceAdapter = {
  id: 'hangman-313e',
  functions: {},
  classes: { Hangman: hangmanClass },
  /** `words`: the dictionary exactly as runner.py hands it to Hangman (sorted unique, stripped, lower-case);
   *  family_entries, tied_entries, equal_entries: Family tuples for the sort tests (validators313e.ts). */
  names: (ctx) => ({ words: py.strList(dictionaryFromLines(ctx.words)), ...sortTestInputs() }),
  probes: hangmanProbes,
  // The course runner driving the Hangman class. runner.py echoes piped input itself (lower-cased guesses),
  // so these programs run with `echo: self` in the spec and echo here; `play` gets its echo from the console.
  programs: {
    runner: (ctx) => runHangman313E(ctx.io, dictionaryFromLines(ctx.words), false, { echo: true, rng: ctx.rng }),
    'runner-debug': (ctx) => runHangman313E(ctx.io, dictionaryFromLines(ctx.words), true, { echo: true, rng: ctx.rng }),
    // Like runner.py: echoes piped input itself (as typed lines are shown by a terminal anyway).
    play: Object.assign(
      (ctx: RefContext) => runHangman313E(ctx.io, dictionaryFromLines(ctx.words), false, { echo: ctx.options.stdinIsTerminal !== true, rng: ctx.rng }),
      { echoesInput: true },
    ),
  },
  validators: {
    'guessed-letters': guessedLetters,
    'word-families': wordFamilies,
    'family-entries': familyEntries,
    'sorted-entries': sortedEntries,
    'secret-word': secretWord,
    'same-secret-word': sameSecretWord,
  },
};

/** A spec's `reference:` may name this module: its default export is the adapter. */
export default hangman313eAdapter;
