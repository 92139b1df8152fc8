// Finding the cause of an integration test's failure by intervention. An integration test keeps the
// student's own helpers (`helpers:` in the spec); when it fails, the same test runs again with the
// reference's version of each helper in place of the student's. A failure that goes away when one helper
// is swapped is that helper's defect (charged by the helper's own tests, or here when none of them shows
// it); a failure that stays with every helper swapped is the tested function's own.
import type { TestData } from '../spec/schema.js';
import type { Outcome } from './outcome.js';

type Running = Extract<TestData, { helpers?: string[] }>;

/** The test with these helpers patched with the reference, and no causes to look for. */
function withReference(t: Running, helpers: readonly string[]): Running {
  const patch = { ...(t.patch ?? {}) } as NonNullable<Running['patch']>;
  for (const h of helpers) patch[h] = 'reference';
  return { ...t, helpers: undefined, patch } as Running;
}

export async function findCause(t: Running, first: Outcome, run: (t: Running) => Promise<Outcome>): Promise<Outcome> {
  const helpers = t.helpers ?? [];
  if (first.status === 'passed' || !helpers.length) return first;
  const all = await run(withReference(t, helpers));
  if (all.status !== 'passed') {
    // The program asks a question in its own helper: judged as written (askedFurther).
    if (askedFurther(first, all)) return { ...asWritten(first), message: `${first.message} (your program asks some of its questions in its own ${helpers.join(', ')})` };
    // The program relies on what its own helpers return (a helper that returns a tuple where the handout's returns a str): with the
    // reference's it goes wrong sooner than as written, or instead of its own crash. Judged as written, so a
    // defect further on (or the crash) is charged, not hidden behind that early divergence.
    // Judged as written, and past a reliance on substitute_hand changing its argument, as the tests with the
    // reference's helpers are (mockedInPlace): the scripted mock that stands for it changes nothing, so a
    // program whose own play_hand ignores the hand it returns goes wrong there only because of the mock.
    if (wrongSooner(all, first)) {
      const own = await mockedInPlace({ ...t, helpers: undefined } as Running, first, run);
      return { ...asWritten(own), message: `${own.message} (with the reference's ${helpers.join(', ')} in place of yours your program goes wrong sooner: it relies on what yours return)` };
    }
    // Its own defect: judged as the tests of this function judge it, without the helpers' noise (and, where
    // the program relies on substitute_hand changing its argument, past that reliance).
    const own = await mockedInPlace(withReference(t, helpers), all, run);
    // Its other defects are left to the tests of each rule, except those its run as written showed too: with
    // the reference's helpers alone, a program that relies on what its own return may go wrong further on in
    // ways that are not its defects (a real program's game praised a wrong guess only with the reference's
    // helper in place of its own, which returns a tuple); a defect seen both ways is the game's own.
    // Seen both ways: the same defect at the same turn (a defect's signature names no turn).
    const key = (x: Outcome) => `${x.defect}@${turnOf(x) ?? '?'}`;
    const asHanded = new Set([first, ...(first.alternatives ?? [])].filter((x) => x.defect).map(key));
    const both = (own.alternatives ?? []).filter((x) => x.defect && asHanded.has(key(x)));
    return { ...asWritten(own), ...(both.length ? { alternatives: both } : {}), message: `${own.message} (also with the reference's ${helpers.join(', ')} in place of yours)` };
  }
  const alone: string[] = [];
  for (const h of helpers) if ((await run(withReference(t, [h]))).status === 'passed') alone.push(h);
  // Each helper that fixes it alone holds the defect, or calls the one that does (play_hand calls
  // get_word_score): any of them explains it. When none does alone, they cause it together: those whose
  // own version, left in with every other swapped, still makes it fail.
  const together: string[] = [];
  if (!alone.length) for (const h of helpers) if ((await run(withReference(t, helpers.filter((x) => x !== h)))).status !== 'passed') together.push(h);
  const causes = alone.length ? alone : together.length ? together : helpers;
  const which = alone.length ? `your ${alone.join(' or your ')}` : `your ${causes.join(', ')} together`;
  return {
    ...asWritten(first),
    defect: alone.length ? `helpers:any:${alone.join(',')}` : `helpers:all:${causes.join(',')}`,
    ...(first.defect ? { untraced: { defect: first.defect, message: first.message } } : {}),
    message: `${first.message}; with the reference's ${causes.join(alone.length ? ' or ' : ', ')} in place of yours it passes: the defect is in ${which}`,
    detail: { ...first.detail, hint: `fix ${causes.join(alone.length ? ' or ' : ' and ')} first (the tests of each say what is wrong)` },
  };
}

/** A traced failure without the other defects its run showed (`alternatives`): as written they may be a
 *  helper's defect, charged by the helper's own tests; with the reference's helpers, an artefact of them. */
function asWritten(o: Outcome): Outcome {
  const { alternatives: _, ...rest } = o;
  return rest;
}

/** A test's patches as the spec gives them. */
type Patches = NonNullable<Running['patch']>;

/**
 * A test aimed at one function runs with the reference's version of the helpers it calls, so that a
 * helper's bug is charged by the helper's own tests. A program may rely on its own helper behaving as the
 * handout does not say (its display_hand returns the line its play_hand prints), or on substitute_hand
 * changing the hand it is given. When such a test fails, it runs again: with each reference helper swapped
 * back for the student's own (a pass then means the program, as written, obeys the rule: it passes), and
 * with the substitution mock changing its argument too (a pass then means the failure is the program's
 * reliance on that change: the defect of substitute_hand, charged by its own test when it shows there; a
 * failure of another kind further on is then what this test charges).
 */
export async function ownDesign(t: Running, first: Outcome, run: (t: Running) => Promise<Outcome>): Promise<Outcome> {
  if (first.status === 'passed' || !t.patch) return first;
  const patch = t.patch as Patches;
  const refs = Object.entries(patch).filter(([, p]) => p === 'reference').map(([n]) => n);
  // What the program did with the reference's functions (the hands it played: `new_calls`) is seen only
  // while they are in place: a run without them cannot clear it.
  const seenOnlyWithReference = first.defect?.startsWith('calls-');
  if (refs.length && !seenOnlyWithReference && anyCalled(first, refs)) {
    // One run with all of the student's own helpers back (the program as it was written): a program that
    // obeys the rule so passes, whichever helper's design it relies on.
    const own = { ...patch };
    for (const h of refs) delete own[h];
    const r = await run({ ...t, patch: own } as Running);
    if (r.status === 'passed') return { ...r, notices: [...(r.notices ?? []), `${t.id}: passed with your own ${refs.join(', ')} in place of the handout's (your program relies on what yours do)`] };
    // A line the handout rules out (a stray "None") that only the handout's helpers make the program print
    // (it prints what its own display_hand returns) is no defect: the program is judged as written.
    if (first.defect?.startsWith('says:') && r.defect !== first.defect) {
      return { ...r, message: `${r.message} (judged with your own ${refs.join(', ')}: your program prints what they return)` };
    }
    if (askedFurther(r, first)) {
      return { ...r, message: `${r.message} (judged with your own ${refs.join(', ')}: your program asks some of its questions in them)` };
    }
  }
  return mockedInPlace(t, first, run);
}

const isQuestion = (defect: string | undefined) => !!defect?.startsWith('question-');
/** A question the program asks inside its own helper (a substitution question put in play_hand): as written
 *  (`own`), the game gets past the point where it went wrong with the handout's helpers (`withReference`:
 *  later, or a question missing there that the program does ask), and asks its questions wrongly further
 *  on. That is what a game test charges; where the question sits is the helper's defect, charged by the
 *  helper's own tests. */
function askedFurther(own: Outcome, withReference: Outcome): boolean {
  if (!isQuestion(own.defect) || !isQuestion(withReference.defect) || own.defect === withReference.defect) return false;
  return (turnOf(own) ?? -1) > (turnOf(withReference) ?? Infinity);
}
/** Where in the transcript a failure was seen (the region the judge marks). */
const seenAt = (o: Outcome) => o.detail?.regions?.find((x) => x.text === 'transcript');
/** The input (turn) where a failure was seen, as the judge labels its region ("turn 3: ..."). */
const turnOf = (o: Outcome) => {
  const m = /^turn (\d+):/.exec(seenAt(o)?.label ?? '');
  return m ? Number(m[1]) : undefined;
};
/** Whether `swapped` fails at an earlier turn than `own`, or where `own` crashed without showing a turn. */
function wrongSooner(swapped: Outcome, own: Outcome): boolean {
  const a = turnOf(swapped), b = turnOf(own);
  if (a !== undefined && b !== undefined) return a < b;
  // A crash only with the reference's helpers (it adds what theirs return to a string), or only as written.
  const crashed = (o: Outcome) => o.kind === 'run_time_error';
  return crashed(swapped) !== crashed(own);
}
/** The first line of the transcript where a failure was seen. */
const at = (o: Outcome) => seenAt(o)?.from;

/** Whether the runs behind an outcome called any of these patched functions (true when they did not say):
 *  runs are deterministic, so a variation that only changes functions never called is the same run, and a
 *  failing game that never substituted pays nothing for the substitution mock's variations. */
const anyCalled = (o: Outcome, names: readonly string[]) => !o.called || names.some((n) => o.called!.includes(n));

/** The failure of a test whose substitute_hand is a scripted mock, run again with the mock changing the
 *  hand it is given too (see ownDesign). */
async function mockedInPlace(t: Running, first: Outcome, run: (t: Running) => Promise<Outcome>): Promise<Outcome> {
  const patch = (t.patch ?? {}) as Patches;
  const mocks = Object.entries(patch).filter(([n, p]) => typeof p === 'object' && p !== null && 'replace_with' in p && !p.in_place && anyCalled(first, [n]));
  // First the change alone (the program ignores the result), then the change returned too (it uses the
  // result, and elsewhere the argument it changed: a replay of the hand it was given).
  const ways = [true, 'returned'] as const;
  for (const [name, p, way] of mocks.flatMap(([n, m]) => ways.map((w) => [n, m, w] as const))) {
    const r = await run({ ...t, patch: { ...patch, [name]: { ...(p as { replace_with: string }), in_place: way } } } as Running);
    if (r.status === 'passed') {
      return {
        ...first,
        defect: `helpers:any:${name}`,
        message: `${first.message}; it passes when ${name} also changes the hand it is given: your program relies on ${name} changing its argument${way === true ? ', and does not use the hand it returns' : ' (it plays the hand it gave again)'}`,
        detail: { ...first.detail, hint: way === true ? `use the value ${name} returns (hand = ${name}(hand, letter)); ${name} must not change its argument` : `keep the hand ${name} returns for the rest of the game; ${name} must not change its argument` },
      };
    }
    // The game now gets past the point where it first went wrong, and goes wrong further on: that is what
    // this test charges, as the program was designed (the reliance itself is substitute_hand's defect,
    // charged by its own test). A program that uses the hand returned goes wrong sooner, not later.
    if (r.defect && first.defect && r.defect !== first.defect && r.kind === first.kind && (at(r) ?? -1) > (at(first) ?? Infinity)) {
      return { ...r, message: `${r.message} (played with ${name} changing the hand it is given, as your program relies on)` };
    }
  }
  return first;
}
