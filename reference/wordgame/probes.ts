// Probes for gradekit audit: generated inputs on which a surviving mutant of a PS3 solution must
// behave like the original, or it is a real survivor (see harness/model/probe.ts).
import fc from 'fast-check';
import { py, type PyValue } from '../../harness/model/pyvalue.js';
import type { Probe, ProbeContext } from '../../harness/model/probe.js';
import { arbitraries, wordInHandArb } from '../../harness/grade/arbitraries.js';
import { resolveVariant } from './variants.js';

const s = (v: PyValue) => (v.t === 'str' ? v.v : '');
const int = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((n) => py.int(n));

export function wordgameProbes(ctx: ProbeContext): Probe[] {
  const variant = resolveVariant(ctx.options.variant);
  const word = arbitraries.word({ wildcard: 'maybe', max_length: 8 }, ctx);
  const hand = arbitraries.hand({ wildcard: 'maybe', max_size: 9 }, ctx);
  const inHand = wordInHandArb({ max_length: 7 }, ctx);
  const inHandWild = wordInHandArb({ max_length: 7, wildcard: true }, ctx);
  return [
    { name: 'get_word_score', steps: ['get_word_score(word, n)'], cases: fc.record({ word, n: int(0, 12) }), runs: 150 },
    { name: 'get_frequency_dict', steps: ['get_frequency_dict(word)'], cases: fc.record({ word }), runs: 50 },
    { name: 'calculate_handlen', steps: ['calculate_handlen(hand)'], cases: fc.record({ hand }), runs: 50, observeArgs: true },
    { name: 'display_hand', steps: ['display_hand(hand)'], cases: fc.record({ hand }), runs: 50 },
    { name: 'update_hand', steps: ['update_hand(hand, word)'], cases: fc.oneof(inHand, fc.record({ word, hand })), runs: 150, observeArgs: true, compare: 'counts' },
    { name: 'is_valid_word', steps: ['is_valid_word(word, hand, word_list)'], cases: fc.oneof(inHand, inHandWild, fc.record({ word, hand })), runs: 120, observeArgs: true },
    { name: 'deal_hand', steps: ['deal_hand(n)'], cases: fc.record({ n: int(1, 12) }), runs: 40, compare: 'counts' },
    { name: 'substitute_hand', steps: ['substitute_hand(hand, letter)'], cases: fc.record({ hand, letter: arbitraries.letter({}, ctx) }), runs: 80, observeArgs: true, compare: 'counts' },
    {
      name: 'play_hand',
      steps: ['play_hand(hand, word_list)'],
      cases: fc.tuple(inHand, word).map(([p, other]) => ({ ...p, other })),
      stdin: (b) => [s(b.other), s(b.word), variant.endSentinel],
      runs: 40,
    },
  ];
}
