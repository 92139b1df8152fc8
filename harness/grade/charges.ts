// One defect, one charge, by cause. Every scored test runs and judges its own rule; afterwards each
// failure is charged unless its own first failure carries the signature of a defect already charged
// (the same function, the same kind, the same first divergence). A test is never exempted because
// another test failed: `same_defect_as` only names where a defect it may share is charged (its home),
// and across that link the signatures must still agree (the function may differ: an integration test
// of play_game shows play_hand's defect in play_game's output).
//
// A function that is missing or a stub is one defect too: charged at its home test; the other tests of that
// function could check nothing (none of its rules was shown to hold), so they keep no points and say where
// the defect is charged. A changed signature costs once (P5): its other tests are not charged again.
import { NO_GAME } from '../interactive/game.js';
import type { TestData } from '../spec/schema.js';
import { kindMessage } from '../model/kinds.js';
import type { Outcome } from './outcome.js';
import { linesSaid } from './step-over.js';

/** Defects of a whole function: nothing of it can be checked. */
const FUNCTION_DEFECTS = ['missing-fn', 'stub', 'signature'] as const;

/** A defect signature, split: where it is (a function, or the whole file for an exception at a line),
 *  and what it is (the kind and the first divergence). */
export interface Signature {
  scope: string;
  what: string;
}

/** Signatures name their function where the judge knows it ("returns-none:play_game",
 *  "stub:play_hand"); an exception at a line of the student's file is one defect whichever test hits it;
 *  a transcript defect ("missing:handTotal") belongs to the function the test is aimed at. */
export function signatureOf(defect: string, group: string): Signature {
  const [kind, ...rest] = defect.split(':');
  // A file that imports only after a line is set aside (salvage.ts) is one defect, whichever import test shows it.
  // So is a class that prints (the course's main shows it in every log, a silent call test in any method).
  if (kind === 'raised' || kind === 'helpers' || kind === 'import' || kind === 'prints') return { scope: '*', what: defect };
  // Required parameters added to the handout's signature, by name: one change wherever it was made (P5).
  if (kind === 'signature' && rest[1]?.startsWith('+')) return { scope: '*', what: `signature:${rest[1]}` };
  if (kind === 'answer' || kind === 'returns-none' || kind === 'returned-output' || (FUNCTION_DEFECTS as readonly string[]).includes(kind!)) {
    const fn = rest[0] ?? group;
    return { scope: fn, what: [kind, ...rest.slice(1)].join(':') };
  }
  return { scope: group, what: defect };
}

/** One defect seen twice? The same kind, and for a recognised mistake that several known mistakes would
 *  each explain ("answer:wildcard-wrong-kind|wildcard-unsupported"), at least one mistake both share. */
export function sameWhat(a: string, b: string): boolean {
  // An exception at a line is that line's, whichever function its sighting names (a program's own run names none).
  if (namesItsFunction(a) || namesItsFunction(b)) return atLine(a) === atLine(b);
  if (a === b || insteadOf(a, b) || insteadOf(b, a) || unnamed(a, b) || unnamed(b, a)) return true;
  const sa = statementSwap(a), sb = statementSwap(b);
  if (sa && sb) return sa.due === sb.due;
  const [ha, oa] = splitOptions(a), [hb, ob] = splitOptions(b);
  return ha === hb && !!oa && !!ob && oa.some((x) => ob.includes(x));
}
/** A question asked in place of another ("question-instead:word@substitute": a word is asked for where the
 *  handout asks whether to substitute) is that other question's absence, and its own excess: one defect with
 *  "question-missing:substitute" or "question-extra:word" seen by another test. Two such swaps are one only
 *  when they are the same swap. */
function insteadOf(a: string, b: string): boolean {
  const m = /^question-instead:([^@]+)@(.+)$/.exec(a);
  return !!m && (b === `question-missing:${m[2]}` || b === `question-extra:${m[1]}`);
}
/** A question the handout's program asks in one function that the program asks in another (the
 *  substitution offered inside play_hand instead of play_game): missing (or replaced) where the handout asks
 *  it, extra (or in another's place) where the program does. One design change, wherever each shows:
 *  compared across the functions' scopes, where every other defect stays in its own. */
export function movedQuestion(a: string, b: string): boolean {
  const asked = (w: string) => /^question-extra:(.+)$/.exec(w)?.[1] ?? /^question-instead:([^@]+)@/.exec(w)?.[1];
  const lacking = (w: string) => /^question-missing:(.+)$/.exec(w)?.[1] ?? /^question-instead:[^@]+@(.+)$/.exec(w)?.[1];
  const moved = (x: string, y: string) => { const r = asked(x); return r !== undefined && r !== '?' && r === lacking(y); };
  return moved(a, b) || moved(b, a);
}
/** Across a home the spec names only: an exception due and not thrown there, and another one thrown in its
 *  place here (the test of which of two checks comes first, in a class that lacks the first check), are
 *  one missing check. Without the link they stay two: one exception may be due under two conditions. */
const sameMissingThrow = (home: string, mine: string) => {
  const m = /^(.*):other-exception:(.+)$/.exec(mine);
  return !!m && home === `${m[1]}:no-exception:${m[2]}`;
};
/** A statement the program made in place of the reference's ("wrong:repeated:said-goodGuess": 'A' after 'a'
 *  called a good guess). The rule broken is the one due: a repeat taken as a good guess in one game and as a
 *  miss in another is one defect (repeats never recognised); a repeat and a non-letter each taken for a guess
 *  are two, and so are 'ab' called a repeat and a repeat called invalid (two branches, each wrong). */
function statementSwap(what: string): { due: string; said: string } | undefined {
  const m = /^wrong:([^:]+):said-([^:]+)$/.exec(what);
  return m ? { due: m[1]!, said: m[2]! } : undefined;
}
/** A wrong number whose mistake no explainer named ("wrong:gameTotal") may be any of them: one defect with
 *  a sighting that names it ("wrong:gameTotal:replay-adds-both"). */
const unnamed = (a: string, b: string) => a.startsWith('wrong:') && b.startsWith(`${a}:`);
/** "answer:a|b" -> ["answer", [a, b]]; the last part of any signature is read this way (one option unless '|'). */
const splitOptions = (what: string): [string, string[] | undefined] => {
  const k = what.lastIndexOf(':');
  return k >= 0 ? [what.slice(0, k), what.slice(k + 1).split('|')] : [what, undefined];
};
/** The mistakes two sightings of one defect share: what the defect can still be. */
function narrowed(a: string, b: string): string {
  if (namesItsFunction(a) || namesItsFunction(b) || statementSwap(a)) return a; // one line, one rule: nothing to narrow
  const [h, oa] = splitOptions(a), [hb, ob] = splitOptions(b);
  if (!oa || !ob || a === b || h !== hb) return a;
  return `${h}:${oa.filter((x) => ob.includes(x)).join('|')}`;
}

const isFunctionDefect = (s: Signature) => (FUNCTION_DEFECTS as readonly string[]).includes(s.what.split(':')[0]!);

const failing = (o: Outcome | undefined): o is Outcome => !!o && o.status !== 'passed' && o.status !== 'skipped';

export interface ChargeInput {
  tests: readonly TestData[];
  outcomes: ReadonlyMap<string, Outcome>;
  groupOf: (t: TestData) => string;
  /** The functions a test calls (its steps' callees): where a helper's defect is charged is any test that
   *  calls the helper, whatever group the spec files it under (the wildcard tests call is_valid_word). */
  callees?: (t: TestData) => readonly string[];
}

/** Each test's outcome after charging: failures whose defect is already charged keep their points
 *  ("not charged again"), or, for a whole-function defect within that function, are not checked.
 *  A test that could not check its rule (`not_checked`) never passes; it keeps its points only when what
 *  stopped it is a crash or hang charged elsewhere in a function that works in some other test (one defect
 *  costs once). Observed failures take a charge before such tests do.
 *
 *  Where the charge goes: a test that names a home (`same_defect_as`) showing the same defect defers to
 *  it; otherwise the first test in the spec's order (scored tests before extra ones: a defect is
 *  charged where the points are) takes it. */
export function assignCharges({ tests, outcomes, groupOf, callees }: ChargeInput): Map<string, Outcome> {
  const out = new Map(outcomes);
  // The functions the tests whose outcome is so are aimed at (filed under, or calling).
  const functionsWhere = (keep: (x: TestData, o: Outcome) => boolean) =>
    new Set(tests.flatMap((x) => { const o = outcomes.get(x.id); return o && keep(x, o) ? [groupOf(x), ...(callees?.(x) ?? [])] : []; }));
  // Functions a passing test shows returning what they should, somewhere.
  const proper = functionsWhere((_, o) => o.status === 'passed');
  // Functions that returned somewhere: a test aimed at one passed, or a call of it gave a wrong answer (in a test
  // that plays no game: a game's wrong turn may come before a crash).
  const plays = (x: TestData) => 'stdin' in x || 'answers' in x;
  const returned = functionsWhere((x, o) => o.status === 'passed' || (o.kind === 'wrong_answer' && !plays(x) && o.blind === undefined));
  // Known mistakes a right answer somewhere rules out: no failure is charged as one of them.
  const refuted = new Set([...outcomes.values()].flatMap((o) => o.refutes ?? []));
  const sigs = new Map<string, Signature>();
  for (const t of tests) {
    const o = outcomes.get(t.id);
    if (!failing(o) || !o.defect) continue;
    const sig = signatureOf(o.narrows ? withoutRefuted(o.defect, refuted) : o.defect, groupOf(t));
    // None where True was due and None where False was due are two defects of a function that returns
    // properly elsewhere; of one that never does, they are its one missing return.
    sigs.set(t.id, sig.what.startsWith('returns-none:') && !proper.has(sig.scope) ? { ...sig, what: 'returns-none' } : sig);
  }
  const observed = (id: string) => sigs.has(id) && outcomes.get(id)!.kind !== 'not_checked';
  const byId = new Map(tests.map((t) => [t.id, t]));
  // A test defers to a home it names that shows the same defect; chains end at a test that defers to none.
  // A scored test never defers to an extra one: a defect is charged where the points are.
  // A home whose failure was traced to a helper (causes.ts) is compared by what its run showed before the
  // tracing: a test that shows the same (a whole-program run, where no helper can be swapped) defers to it.
  const shownBy = (h: string): string => {
    const u = outcomes.get(h)!.untraced;
    return sigs.get(h)!.what.startsWith('helpers:') && u ? signatureOf(u.defect, groupOf(byId.get(h)!)).what : sigs.get(h)!.what;
  };
  // A run of a whole program (`run:`, a course's main with scripted input), where nothing can be swapped or
  // observed, that shows what a traced test's run showed before its tracing (a wrong line that a method called
  // earlier caused): the same defect, so it goes where that test's cause is charged, as a named home would.
  // Never a test filed under the function the cause is in: that test shows the defect itself.
  const tracedShowing = (t: TestData, mine: Signature): string[] => !('run' in t) ? [] : tests.flatMap((h) => {
    const what = h.id !== t.id ? sigs.get(h.id)?.what : undefined;
    const u = what?.startsWith('helpers:') ? outcomes.get(h.id)!.untraced : undefined;
    const causes = what?.split(':')[2]?.split(',') ?? [];
    return u && !causes.includes(groupOf(t)) && signatureOf(u.defect, groupOf(h)).scope === mine.scope ? [h.id] : [];
  });
  const defersTo = (t: TestData): string | undefined => {
    const mine = sigs.get(t.id);
    const homeOk = (h: string) => observed(h) && (sameWhat(shownBy(h), mine!.what) || sameMissingThrow(shownBy(h), mine!.what)) && (t.extra || !byId.get(h)?.extra);
    return mine ? [...(t.same_defect_as ?? []), ...tracedShowing(t, mine)].find(homeOk) : undefined;
  };
  const index = new Map(tests.map((t, i) => [t.id, i]));
  const rootOf = (t: TestData): string => {
    const path = [t.id];
    let cur = t;
    for (let h = defersTo(cur); h; h = defersTo(cur)) {
      const k = path.indexOf(h);
      // Tests that name each other as homes: the first of them in the spec's order takes the charge.
      if (k >= 0) return path.slice(k).sort((x, y) => index.get(x)! - index.get(y)!)[0]!;
      path.push(h);
      cur = byId.get(h)!;
    }
    return cur.id;
  };
  // A test aims at a function when the spec files it under it or it calls it (the wildcard tests call is_valid_word).
  const aimsAt = (x: TestData, fn: string) => groupOf(x) === fn || (callees?.(x) ?? []).includes(fn);
  const order = [...tests].sort((a, b) => Number(!!a.extra) - Number(!!b.extra));
  // Defects charged so far, each where it is charged; a later sighting narrows what the defect can be. One
  // only shown (`alsoShows`) by the test charged is not that test's to keep from the homes it names: their
  // rules are theirs to charge (a game of the state display that ends in a win leaves its score to the
  // score's test).
  const charged: { scope: string; what: string; at: string; leaves?: readonly string[] }[] = [];
  const chargedFor = (id: string) => charged.filter((c) => !c.leaves?.includes(id));
  const homeOf = new Map<string, string>();
  // A failure traced to the student's helpers (causes.ts) is charged by the helpers' own tests when they
  // show a defect, and here when none of them does (a defect only the integration shows).
  const traced = (id: string) => sigs.get(id)!.what.startsWith('helpers:');
  const roots = order.filter((t) => sigs.has(t.id) && !traced(t.id) && rootOf(t) === t.id);
  // A test whose first defect is charged elsewhere charges another defect its run showed, if none is yet.
  // Not a run of a whole program (`run:`): what it shows after its first problem may be any function's
  // consequence (a game that never sees its win because the helper that says the word is guessed is a
  // stub), and only the helpers a spec names are swapped there; its first problem is all it charges.
  const chargeAlternative = (t: TestData): boolean => {
    const other = observed(t.id) && !('run' in t) ? unchargedAlternative(outcomes.get(t.id)!, groupOf(t), chargedFor(t.id)) : undefined;
    if (!other) return false;
    out.set(t.id, other.outcome);
    homeOf.set(t.id, t.id);
    charged.push({ scope: other.sig.scope, what: other.sig.what, at: t.id });
    return true;
  };
  // Observed failures take their charges first, in order; tests that could not check come after. Of the
  // tests that show one defect, one aimed at its rule (filed under the function the defect is in) takes it
  // before one that only calls that function on the way to its own rule (P3: "at the first test aimed at its
  // rule"): a wrong count from record() is record's test's charge, not the constructor test's that calls it.
  // An exception at a line is the whole file's defect, and names the function it was raised in: a test filed
  // under that function is aimed at its rule (a record() that fails unless pattern() ran first is record's
  // test's charge, not the constructor test's whose check calls it).
  // The innermost of its functions that some test is filed under: a private helper has no test of its own.
  const groups = new Set(tests.map(groupOf));
  const aimedAtOwn = (x: TestData) => {
    const { scope, what } = sigs.get(x.id)!;
    return groupOf(x) === scope || (scope === '*' && raisedWithin(what).find((f) => groups.has(f)) === groupOf(x));
  };
  // A test another test names as its home (same_defect_as) is settled before the tests that name it: what its
  // run showed is its rule's, and a test naming it whose first defect the home also showed is then not charged
  // for it again (a repeat never detected: the capitals game says "Good guess" for A after a, the repeats game
  // costs a guess for z after z; both the repeats rule, charged once, at its home).
  const shown = homesFirst(roots.filter((x) => observed(x.id)));
  const seenBefore = (sig: Signature, id: string) => chargedFor(id).find((c) => (c.scope === sig.scope && sameWhat(c.what, sig.what)) || (c.scope !== sig.scope && movedQuestion(c.what, sig.what)));
  const behind: { t: TestData; seen: (typeof charged)[number] }[] = [];
  for (const t of [...shown.filter(aimedAtOwn), ...shown.filter((x) => !aimedAtOwn(x)), ...roots.filter((x) => !observed(x.id))]) {
    const sig = sigs.get(t.id)!;
    const seen = seenBefore(sig, t.id);
    if (seen) {
      // A later sighting narrows what the defect can be.
      seen.what = narrowed(seen.what, sig.what);
      behind.push({ t, seen });
      continue;
    }
    homeOf.set(t.id, t.id);
    charged.push({ scope: sig.scope, what: sig.what, at: t.id });
    // What else its run showed is paid for by the same points: a test that shows one of those first is not
    // charged for it again (a hand never updated, seen after the example's first problem).
    for (const d of outcomes.get(t.id)!.alsoShows ?? []) {
      const also = signatureOf(d, groupOf(t));
      if (!seenBefore(also, '')) charged.push({ scope: also.scope, what: also.what, at: t.id, leaves: t.same_defect_as ?? [] });
    }
  }
  // Then each test whose first defect another test charges: the same run showed another defect, not charged
  // yet, which this test charges. Every test's first defect is placed before any such other one, so a defect
  // a test shows first is charged there, never taken by a test that only saw it later in its run.
  // A test whose other defect is one that a home it names (same_defect_as) also showed after its own first
  // defect waits for that home: the spec says the rule is the home's (a capitals game that shows no warnings
  // leaves the missing warnings to the warnings test, which shows them too). Both kinds of test below
  // (whose first defect another test charges, and that defer to a home) are settled in one order, the ones
  // that wait last.
  const rootsLeft = order.filter((x) => sigs.has(x.id) && !traced(x.id) && rootOf(x) !== x.id);
  const pending = new Set([...behind.map((b) => b.t.id), ...rootsLeft.map((x) => x.id)]);
  const waitsForHome = (t: TestData): boolean => {
    const mine = observed(t.id) && !('run' in t) ? unchargedAlternative(outcomes.get(t.id)!, groupOf(t), chargedFor(t.id)) : undefined;
    return !!mine && (t.same_defect_as ?? []).some((h) => h !== t.id && pending.has(h) && observed(h) && showsAsAlternative(outcomes.get(h)!, groupOf(byId.get(h)!), mine.sig));
  };
  const settle: { t: TestData; run: () => void }[] = [
    ...behind.map(({ t, seen }) => ({ t, run: () => {
      if (chargeAlternative(t)) return;
      const sig = sigs.get(t.id)!;
      homeOf.set(t.id, seen.at);
      out.set(t.id, uncharged(outcomes.get(t.id)!, seen.at, sig, aimsAt(t, sig.scope), groupOf(t)));
    } })),
    // Tests that name a home showing the same defect: charged wherever that home's defect is.
    ...rootsLeft.map((t) => ({ t, run: () => {
      const root = rootOf(t);
      const sig = sigs.get(t.id)!;
      if (traced(root)) {
        behindTraced.push(t); // charged where the helper's defect is, once that is known (below)
        return;
      }
      // Its home charges what it saw first; another defect it saw, charged nowhere yet, is charged here.
      if (chargeAlternative(t)) return;
      out.set(t.id, uncharged(outcomes.get(t.id)!, homeOf.get(root) ?? root, sig, aimsAt(t, sig.scope), groupOf(t)));
    } })),
  ];
  const behindTraced: TestData[] = [];
  const waiting: typeof settle = [];
  for (const s of settle) {
    if (waitsForHome(s.t)) { waiting.push(s); continue; }
    s.run();
    pending.delete(s.t.id);
  }
  for (const s of waiting) s.run();
  // A run stopped before it showed its rule, by a function that fails on every call: it checked nothing.
  // Not a test of a function's value on another input: every such test checks one rule, the value, and the
  // crash that keeps it from returning is the defect already charged (P3). A test of a rule of its own (a
  // game's, an argument left unchanged, a property) may be hiding a feature never written (P1).
  const valueOnly = (x: TestData) => ('call' in x || 'steps' in x) && !plays(x) && !('run' in x) && x.compare !== 'none' && !x.unchanged_args;
  // Such a run made again with the crash's line stepped over (step-over.ts) may show that the test's rule
  // holds (it keeps its points, P4) or fail as a charged test does (one defect, P3; so do the stepped-over
  // runs of the charged tests, the crash's own home first). Otherwise it saw nothing; what its stepped-over
  // run showed is the defect it is charged for, once.
  const pastCrash: (Signature & { at: string })[] = order.flatMap((x) => {
    const d = homeOf.get(x.id) === x.id ? outcomes.get(x.id)?.steppedOver?.outcome.defect : undefined;
    return d ? [{ ...signatureOf(d, groupOf(x)), at: x.id }] : [];
  });
  // A game stopped by a crash charged elsewhere saw its rule up to the crash only. Run again with the crash's
  // lines repaired (a typo'd name spelt as the function spells it, not a line dropped: the program as its author
  // meant it), a failure of its own past the crash is charged here, once, as a TA who fixed the typo would.
  // What its home's repaired run showed is not charged there (the home pays for the crash): the next test aimed
  // at it takes it. So only what such runs were charged for counts as charged (`pastCharged`).
  // Charged on evidence of a rule of its own only: a statement said in place of the due one (how the program
  // classed an input, in one turn). Not a fact it did not show (a label not read, or a helper's own output,
  // charged by the helper's tests, that only tracing would tell), nor a value shown wrong (a total, a hand):
  // one hidden defect shows in several tests as several values (a replay that deals a new hand: its hand in
  // one test, the game's total in another), and no signature tells them apart.
  const mended = (o: Outcome, first: Outcome) => {
    const past = first.steppedOver;
    return o.blind === undefined && !!past?.repaired && past.outcome.status !== 'passed' && past.outcome.blind === undefined && !!statementSwap(past.outcome.defect ?? '');
  };
  const pastCharged: (Signature & { at: string })[] = [];
  for (const t of order) {
    const o = out.get(t.id);
    const first = outcomes.get(t.id)!;
    if (!o?.notCharged || (o.blind === undefined && !mended(o, first)) || (o.blind !== undefined && returned.has(o.blind)) || sigs.get(t.id)?.what.startsWith('helpers:') || valueOnly(t)) continue;
    const past = first.steppedOver;
    const sig = past?.outcome.defect ? signatureOf(past.outcome.defect, groupOf(t)) : undefined;
    // Spared only by what the run showed past the crash: stopped again before showing anything (it asks for
    // input, or crashes where nothing can be stepped over), or short of a question the code never asks (a
    // feature never written, P1), it saw nothing still.
    const charged = o.blind === undefined ? pastCharged : pastCrash;
    const seen = past && past.outcome.blind === undefined && sig ? (seenBefore(sig, t.id)?.at ?? charged.find((c) => sameSighting(c, sig))?.at) : undefined;
    const same = seen && uncharged(past!.outcome, seen, sig!, aimsAt(t, sig!.scope), groupOf(t)).notCharged ? seen : undefined;
    if (past?.outcome.status === 'passed') out.set(t.id, { ...o, message: `${o.message}; run again with ${linesSaid(past.lines)} stepped over, as if fixed, it passes: its own rule is written right` });
    else if (past && same) out.set(t.id, { ...o, message: `${o.message}; run again with ${linesSaid(past.lines)} stepped over, as if fixed, it fails as ${same} does (${past.outcome.message})` });
    else if (past && past.outcome.blind === undefined) {
      // Charged for what it showed past the crash, the crash itself being charged in its home.
      out.set(t.id, { ...past.outcome, message: `${past.outcome.message}; seen with ${linesSaid(past.lines)} stepped over, as if fixed (as handed in: ${first.message}; charged in ${o.partOf})` });
      if (sig) pastCrash.push({ ...sig, at: t.id }), pastCharged.push({ ...sig, at: t.id });
    } else out.set(t.id, sawNothing(first, o.partOf!));
  }
  // Where a function's failure is charged: a test aimed at it that takes the charge; or, when its failing tests
  // are not charged again (a word lister wrong only through the matcher it calls), the test that
  // charges their defect: a game traced to that function shows the same defect.
  const chargedIn = (fn: string) => {
    // A test filed under the function before one that only calls it (which may charge a defect of its own).
    const charges = (x: TestData) => homeOf.get(x.id) === x.id && out.get(x.id)?.status !== 'passed';
    const own = order.find((x) => groupOf(x) === fn && charges(x)) ?? order.find((x) => aimsAt(x, fn) && charges(x));
    const through = own ? undefined : order.find((x) => aimsAt(x, fn) && out.get(x.id)?.notCharged && out.get(x.id)?.partOf);
    return own ?? (through ? byId.get(out.get(through.id)!.partOf!) : undefined);
  };
  // A defect only integration tests show (a game that ignores the hand substitute_hand returns) is charged by
  // the first of them, once.
  const tracedHome = new Map<string, string>();
  for (const t of order.filter((x) => sigs.has(x.id) && traced(x.id))) {
    const sig = sigs.get(t.id)!;
    const [, mode, list] = sig.what.split(':');
    const homes = list!.split(',').map(chargedIn);
    const home = (mode === 'any' ? homes.find(Boolean) : homes.every(Boolean) ? homes[0] : undefined)?.id ?? tracedHome.get(`${sig.scope}\0${sig.what}`);
    if (home) {
      // Traced to a function never written (a stub), a test filed under that function checked nothing of it (P1).
      const homeSig = sigs.get(home);
      const unwritten = homeSig && isFunctionDefect(homeSig) && !homeSig.what.startsWith('signature') && list!.split(',').includes(groupOf(t));
      out.set(t.id, unwritten ? uncharged(outcomes.get(t.id)!, home, homeSig, true, groupOf(t)) : uncharged(outcomes.get(t.id)!, home, sig, false, groupOf(t)));
      continue;
    }
    // The helpers' tests find nothing wrong with them (an update_hand that keeps letters at count 0, as the
    // handout allows): the failure is the function's own reliance on more than the handout promises, charged
    // as the run showed it, once with the same defect seen by another test of that function.
    const own = outcomes.get(t.id)!.untraced;
    const ownSig = own ? signatureOf(own.defect, groupOf(t)) : undefined;
    const seen = ownSig && charged.find((c) => c.scope === ownSig.scope && sameWhat(c.what, ownSig.what));
    if (seen && own) out.set(t.id, uncharged({ ...outcomes.get(t.id)!, message: own.message, defect: own.defect }, seen.at, ownSig, false, groupOf(t)));
    else tracedHome.set(`${sig.scope}\0${sig.what}`, t.id);
  }
  for (const t of behindTraced) {
    const root = rootOf(t);
    out.set(t.id, uncharged(outcomes.get(t.id)!, out.get(root)?.partOf ?? root, sigs.get(t.id)!, false, groupOf(t)));
  }
  // A game never played in any test (the program exits after its questions: a game loop never written) is a
  // feature never written (P1): the game tests charged elsewhere for it checked nothing, and keep no points.
  // Only when no game test got past the start: a program that plays some game keeps the tests it could not
  // show their rules in (P4).
  const games = tests.filter((x) => 'game' in x);
  const started = (o: Outcome | undefined) => o?.status === 'passed' || !/^(?:setup|relength|guesses):/.test(o?.defect ?? '');
  if (games.some((x) => outcomes.get(x.id)?.defect === NO_GAME) && !games.some((x) => started(outcomes.get(x.id)))) {
    for (const t of games) {
      const o = out.get(t.id);
      if (o?.notCharged && o.partOf && outcomes.get(o.partOf)?.defect === NO_GAME) out.set(t.id, sawNothing(outcomes.get(t.id)!, o.partOf));
    }
  }
  return out;
}

/** "answer:f:a|b" (or "wrong:gameTotal:a|b") without the mistakes the program's right answers rule out; as
 *  it was when they rule out all of them (a mistake none of the known ones is). */
function withoutRefuted(defect: string, refuted: ReadonlySet<string>): string {
  if (!refuted.size || !defect.includes(':')) return defect;
  const k = defect.lastIndexOf(':');
  const head = defect.slice(0, k);
  const left = defect.slice(k + 1).split('|').filter((m) => !refuted.has(`${head}:${m}`));
  return left.length ? `${head}:${left.join('|')}` : defect;
}

/** A turn's wrong or missing fact already seen in another game function (a hints game playing as the plain
 *  game does, its word never shown after a miss) is that defect again, as the test's own first failure would be
 *  by its homes; any other defect is the same only within its scope. */
const sameSighting = (seen: Signature, sig: Signature) => (seen.scope === sig.scope || /^(?:wrong|missing):/.test(sig.what)) && sameWhat(seen.what, sig.what);

/** Whether one of an outcome's other defects (`alternatives`) is `sig`. */
function showsAsAlternative(o: Outcome, group: string, sig: Signature): boolean {
  return (o.alternatives ?? []).some((alt) => failing(alt) && !!alt.defect && sameSighting(signatureOf(alt.defect, group), sig));
}

/** The first of an outcome's other defects (`alternatives`) that no test has charged yet. */
function unchargedAlternative(o: Outcome, group: string, charged: readonly { scope: string; what: string }[]): { outcome: Outcome; sig: Signature } | undefined {
  for (const alt of o.alternatives ?? []) {
    if (!failing(alt) || !alt.defect) continue;
    const sig = signatureOf(alt.defect, group);
    const same = (c: Signature) => sameSighting(c, sig) || (c.scope !== sig.scope && movedQuestion(c.what, sig.what));
    if (!charged.some(same)) return { outcome: alt, sig };
  }
  return undefined;
}

/** The outcome of a test whose defect is charged in `home`. `onScope`: the test aims at the function the
 *  defect belongs to (a missing or stub function leaves such a test nothing to check). */
function uncharged(o: Outcome, home: string, sig: Signature, onScope: boolean, group: string): Outcome {
  // A run stopped by a crash or a hang of written code, or by a call a changed signature cannot take (P5),
  // charged in another test: one defect costs once, and this test's own rule, never seen, keeps its points
  // (P3, P4) - unless the function it is aimed at got through no test at all (then it saw nothing:
  // assignCharges makes it not checked again).
  // So is a run that never came to its rule's question because of a defect charged elsewhere, where the
  // program's code asks that question (written.ts), or that went on asking what the test has no answer for
  // (an extra question, a loop): the rule is written and went unseen (P4). Where the code never asks the
  // question, the feature was never written (P1): the test checked nothing and keeps no points.
  const stopped = STOPPERS.test(sig.what) || sig.what.startsWith('signature');
  if (o.kind === 'not_checked' && (stopped || o.unreached || sig.what.startsWith('question-extra:'))) {
    return { ...o, status: 'skipped', kind: 'skipped', message: `not charged again: the same defect is charged in ${home} (${o.message})`, notCharged: true, partOf: home, ...(stopped || o.blind ? { blind: o.blind ?? group } : {}) };
  }
  if (o.kind === 'not_checked') return { ...o, message: `${o.message} (the cause is charged in ${home})`, partOf: home };
  // A changed signature costs once (P5): the function's other tests, which cannot call it as the handout
  // does, keep their points (its code may well obey their rules); a missing function or a stub checks nothing.
  if (isFunctionDefect(sig) && onScope && !sig.what.startsWith('signature')) {
    return { ...o, status: 'failed', kind: 'not_checked', message: kindMessage('not_checked', `${o.message} (one defect, charged in ${home}: none of ${sig.scope}'s rules can be checked)`), partOf: home };
  }
  return { ...o, status: 'skipped', kind: 'skipped', message: `not charged again: the same defect is charged in ${home} (${o.message})`, notCharged: true, partOf: home };
}

/** An exception at a line without the function named after it ("raised:KeyError:120@update_hand" -> "raised:KeyError:120"). */
const atLine = (what: string) => what.replace(/^(raised:.*:\d+)@[\w$<>|]+$/, '$1');
const namesItsFunction = (what: string) => atLine(what) !== what;

/** The functions an exception at a line was raised in, innermost first ("raised:KeyError:120@update_hand" ->
 *  [update_hand]; a Java step's "@makePattern|record": the method that threw, then the one the test called). */
const raisedWithin = (what: string) => /^raised:[^@]*@([\w$<>|]+)$/.exec(what)?.[1]?.split('|') ?? [];

/** Defects of written code that stop a run wherever they happen: an exception at a line, a function that hangs. */
const STOPPERS = /^(?:raised|hangs):/;

/** A test whose run was stopped before it showed its rule, by a defect charged in `home`: it checked nothing,
 *  so it keeps no points. */
function sawNothing(o: Outcome, home: string): Outcome {
  return { ...o, status: 'failed', kind: 'not_checked', message: kindMessage('not_checked', `${o.message} before it showed anything this test checks (the cause is charged in ${home})`), partOf: home };
}

/** The tests in their order, each home (a test another names in same_defect_as) moved before the first test
 *  that names it, homes of homes before them; tests that name each other keep their order, and an extra
 *  (unscored) home stays after the scored tests that name it. */
function homesFirst(tests: readonly TestData[]): TestData[] {
  const ids = new Set(tests.map((t) => t.id));
  const byId = new Map(tests.map((t) => [t.id, t]));
  const out: TestData[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (t: TestData) => {
    if (placed.has(t.id) || visiting.has(t.id)) return;
    visiting.add(t.id);
    // A scored test is never put after an extra one it names: a defect is charged where the points are.
    for (const h of t.same_defect_as ?? []) if (ids.has(h) && h !== t.id && (t.extra || !byId.get(h)!.extra)) place(byId.get(h)!);
    visiting.delete(t.id);
    placed.add(t.id);
    out.push(t);
  };
  for (const t of tests) place(t);
  return out;
}
