// Probes for gradekit audit: generated word lists on which a surviving mutant of a chiseler solution
// must behave like the original, or it is a real survivor (see harness/model/probe.ts).
import fc from 'fast-check';
import { py } from '../../harness/model/pyvalue.js';
import type { Probe, ProbeContext } from '../../harness/model/probe.js';
import { arbitraries } from '../../harness/grade/arbitraries.js';

export function chiselerProbes(ctx: ProbeContext): Probe[] {
  const list = arbitraries['word-list']({ max_words: 7, letters: 'ABCDEF' }, ctx);
  const mixed = arbitraries['word-list']({ max_words: 6, letters: 'ABCabc' }, ctx);
  const letters = fc.string({ unit: fc.constantFrom(...'ABCDabcd'), maxLength: 4 }).map(py.str);
  return [
    { name: 'share_letter', steps: ['share_letter(w1, w2)'], cases: fc.record({ w1: letters, w2: letters }), runs: 100 },
    { name: 'winning_strategy', steps: ['winning_strategy(L)'], cases: fc.record({ L: fc.oneof(list, mixed) }), runs: 150, validators: { 0: 'winning-strategy' }, observeArgs: true },
    { name: 'all_winning_strategies', steps: ['all_winning_strategies(L)'], cases: fc.record({ L: list }), runs: 100, validators: { 0: 'all-strategies' }, observeArgs: true },
    { name: 'num_winning_strategies', steps: ['num_winning_strategies(L)'], cases: fc.record({ L: fc.oneof(list, mixed) }), runs: 150, observeArgs: true },
    { name: 'show_solved_game', steps: ['show_solved_game(sentence)'], cases: fc.record({ sentence: arbitraries.sentence({ max_words: 6, letters: 'ABCDEF' }, ctx) }), runs: 80, validators: { 0: 'shown-game' } },
  ];
}
