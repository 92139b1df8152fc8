// Values a program draws and never uses. A test stands in for randomness in two ways: a scripted sequence
// (a spec's `returns:` or `generate:` patch) gives the program its values in order, and a function patched
// with the reference draws from the test's seeded generator. A program may draw and throw the value away
// (deal a hand, then deal again before playing): a handout that says which values are used seldom says how
// often the function may be called. The program then shows a later value where the reference shows an
// earlier one, and fails for a reason of gradekit's making.
//
// Found by re-running, not by reading the program: when a test fails and the program drew more often than
// the reference, the test runs again with values the reference never drew at some of the program's draws
// (the sequence's spare values; another seed's generator) and the reference's own, in order, at the others.
// A placement that passes shows the extra draws were never used: the failure is not charged. A program that
// uses an extra value (a replay that deals a new hand) shows it, and fails under every placement.
import type { WireArg, WirePatch } from '../run/python/protocol.js';
import type { FunctionCall } from './reference-run.js';

/** A test's patches as sent, and how many times the program and the reference drew from each: a sequence's
 *  draws, or the calls of a reference function that drew from the random generator. */
export interface Draws {
  patches: WirePatch[];
  mine: Record<string, number>;
  ref: Record<string, number>;
}

/** What a run drew, when both sides' counts are known (a course solution's run reports no calls: nothing
 *  is re-run for it). `mine`: the driver's sequence counts and the reference caller's random calls. */
export function drawCounts(patches: WirePatch[], mine: Record<string, number>, calls: FunctionCall[] | undefined): Draws | undefined {
  const names = new Set(patches.filter((p) => p.kind === 'sequence' || (p.kind === 'reference' && mine[p.name])).map((p) => p.name));
  if (!names.size || !calls) return undefined;
  const ref: Record<string, number> = {};
  for (const c of calls) if (names.has(c.name)) ref[c.name] = (ref[c.name] ?? 0) + 1;
  return { patches, mine, ref };
}

/** How one re-run differs on the student's side: the patches sent, or reference calls set aside. */
export interface DrawVariation {
  patches?: WirePatch[];
  spare?: Record<string, number[]>;
}

/** Each re-run costs a whole test; a program that draws many times more than the reference is not a
 *  program that throws one value away. */
export const MAX_PLANS = 8;

/** The re-runs to try, each with the note the report gives when it passes. */
export function unusedDrawPlans(d: Draws): { vary: DrawVariation; note: string }[] {
  const plans: { vary: DrawVariation; note: string }[] = [];
  for (const p of d.patches) {
    if (p.kind !== 'sequence' && p.kind !== 'reference') continue;
    const n = d.mine[p.name] ?? 0;
    const m = d.ref[p.name] ?? 0;
    // A sequence needs values the reference never drew to give; a generator always has more.
    if (m < 1 || n <= m || (p.kind === 'sequence' && m >= p.values.length) || binomial(n, n - m) > MAX_PLANS - plans.length) continue;
    for (const at of subsets(n, n - m)) {
      const which = at.map((i) => ordinal(i + 1)).join(', ');
      const note = `${p.name}() was called ${n} times in this test where the handout's program calls it ${m} times; with ${p.kind === 'sequence' ? 'values no script uses' : 'values of another random stream'} at the ${which} call${at.length > 1 ? 's' : ''} the test passes, so your program never uses what those calls return: not charged`;
      const vary = p.kind === 'sequence' ? { patches: d.patches.map((q) => (q === p ? { ...p, values: spread(p.values, m, n, at) } : q)) } : { spare: { [p.name]: at } };
      plans.push({ vary, note });
    }
  }
  return plans;
}

/** A sequence's values for n draws: a spare value (one the reference never drew) at each place in `at`,
 *  the reference's m values in order at the others, then the spare values left. */
function spread(values: WireArg[], m: number, n: number, at: number[]): WireArg[] {
  const used = values.slice(0, m);
  const spare = values.slice(m);
  const out: WireArg[] = [];
  let u = 0;
  let f = 0;
  for (let i = 0; i < n; i++) out.push(at.includes(i) ? spare[f++ % spare.length]! : used[u++]!);
  return [...out, ...spare.slice(Math.min(f, spare.length))];
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** The k-element subsets of 0..n-1, in lexicographic order. */
function subsets(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (chosen.length === k) return void out.push(chosen);
    for (let i = from; i <= n - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}
