// Probes for gradekit audit: generated rounds and runner sessions on which a surviving mutant of a
// 313E Hangman solution must behave like the original, or it is a real survivor (harness/model/probe.ts).
import fc from 'fast-check';
import { py, type PyValue } from '../../harness/model/pyvalue.js';
import type { Bindings, Probe, ProbeContext } from '../../harness/model/probe.js';
import { arbitraries } from '../../harness/grade/arbitraries.js';

const s = (v: PyValue) => (v.t === 'str' ? v.v : '');
const int = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((n) => py.int(n));

export function hangmanProbes(ctx: ProbeContext): Probe[] {
  const guesses = fc.uniqueArray(fc.constantFrom(...'etaoinsrhldcumgbyz'), { minLength: 6, maxLength: 6 });
  const game = fc.record({ L: int(2, 8), G: int(1, 8), D: fc.constantFrom('EASY', 'MEDIUM', 'HARD').map(py.str), g: guesses });
  const round = game.map(({ g, ...r }) => ({ ...r, ...Object.fromEntries(g.map((c, i) => [`c${i}`, py.str(c)])) }) as Bindings);
  const turns = [0, 1, 2, 3, 4, 5].flatMap((i) => [`h.make_guess(c${i})`, 'h.get_pattern()', 'h.get_guesses_left()', 'h.num_words_current()']);
  const ints = fc.array(fc.integer({ min: -5, max: 30 }), { maxLength: 12 }).map((xs) => py.list(xs.map((x) => py.int(x))));
  const runnerInput = fc.record({
    L: fc.integer({ min: 1, max: 9 }),
    G: fc.integer({ min: 0, max: 26 }),
    D: fc.integer({ min: 0, max: 4 }),
    g: fc.array(fc.constantFrom(...'etaoinsrhlz', 'E', '', '7', 'ab'), { maxLength: 12 }),
    again: fc.constantFrom('n', 'y', 'Yes'),
  }).map((r) => ({ stdin: py.strList([String(r.L), String(r.G), String(r.D), '3', '4', '2', ...r.g, 'z', 'q', 'x', 'j', 'k', r.again, '4', '3', '3', 'e', 'a', 'o', 'i', 'u', 'n']) }));
  return [
    {
      name: 'Hangman round',
      steps: ['h = Hangman(words, False)', 'h.prep_for_round(L, G, D)', ...turns, 'h.get_guesses_made()', 'h.get_secret_word()', 'h.num_words(L)'],
      cases: round,
      runs: 60,
    },
    { name: 'Hangman.make_pattern', steps: ['h = Hangman(words, False)', 'h.make_pattern(w, c)'], cases: fc.record({ w: arbitraries.word({}, ctx), c: arbitraries.letter({ letters: 'aeioustr' }, ctx) }), runs: 60 },
    { name: 'Hangman.sort', steps: ['h = Hangman(words, False)', 'h.sort(xs)'], cases: fc.record({ xs: ints }), runs: 60, observeArgs: true },
    { name: 'runner', steps: [], program: 'runner', cases: runnerInput, stdin: (b) => (b.stdin.t === 'list' ? b.stdin.v.map(s) : []), runs: 30 },
  ];
}
