// The mistakes students make in play_game's total over all hands, each recomputed from the hands the
// program actually played (its calls of the reference's play_hand and what each returned) with the
// mistake in it: a worse replay that adds nothing and a declined replay that adds nothing are two defects,
// though both print a wrong total, and a right total rules out every mistake that would print another.
import type { NumberMistakes } from '../../harness/model/reference.js';
import { pyEquals, type PyValue } from '../../harness/model/pyvalue.js';

/** One hand as played: its first score and, when it was replayed, the replay's. */
interface Played { first: number; replay?: number }

/** The hands in the order played: a play_hand call with the hand of the call before it is that hand's replay. */
function handsPlayed(calls: Parameters<NumberMistakes>[0]): Played[] | undefined {
  const out: Played[] = [];
  let last: PyValue | undefined;
  for (const c of calls) {
    if (c.name !== 'play_hand' || !c.args.length) continue;
    if (c.result?.t !== 'int') return undefined; // a call that raised: no total to rebuild
    const score = Number(c.result.v);
    const hand = c.args[0]!;
    const prev = out[out.length - 1];
    if (prev && prev.replay === undefined && last && pyEquals(hand, last)) prev.replay = score;
    else out.push({ first: score });
    last = hand;
  }
  return out.length ? out : undefined;
}

const best = (h: Played) => Math.max(h.first, h.replay ?? h.first);
const sum = (hands: Played[], each: (h: Played, i: number) => number) => hands.reduce((t, h, i) => t + each(h, i), 0);

/** Each mistake's total over the hands played. */
const TOTAL_MISTAKES: { defect: string; says: string; total: (hands: Played[]) => number }[] = [
  { defect: 'replay-adds-both', says: 'a replayed hand adds both of its scores (only the better one counts)', total: (hs) => sum(hs, (h) => h.first + (h.replay ?? 0)) },
  { defect: 'replay-replaces', says: 'a replayed hand counts its replay, even when the first play scored more', total: (hs) => sum(hs, (h) => h.replay ?? h.first) },
  { defect: 'replay-ignored', says: 'a replayed hand counts its first play, even when the replay scored more', total: (hs) => sum(hs, (h) => h.first) },
  { defect: 'replay-not-better-adds-nothing', says: 'a replay that does not beat the first score adds nothing for its hand', total: (hs) => sum(hs, (h) => (h.replay === undefined ? h.first : h.replay > h.first ? h.replay : 0)) },
  { defect: 'tie-adds-nothing', says: 'a replay that ties the first score adds nothing for its hand', total: (hs) => sum(hs, (h) => (h.replay !== undefined && h.replay === h.first ? 0 : best(h))) },
  {
    defect: 'declined-replay-adds-nothing',
    says: 'a hand whose replay is declined adds nothing (only hands from the replayed one on are counted)',
    total: (hs) => {
      const at = hs.findIndex((h) => h.replay !== undefined);
      return sum(hs, (h, i) => (at < 0 || i < at ? 0 : best(h)));
    },
  },
  { defect: 'last-hand-only', says: "only the last hand's score reaches the total", total: (hs) => best(hs[hs.length - 1]!) },
];

/** play_game's total over all hands: the sum of each hand's better score. */
export const gameTotalMistakes: NumberMistakes = (calls) => {
  const hands = handsPlayed(calls);
  if (!hands) return undefined;
  return { right: sum(hands, best), mistakes: TOTAL_MISTAKES.map((m) => ({ defect: m.defect, says: m.says, value: m.total(hands) })) };
};
