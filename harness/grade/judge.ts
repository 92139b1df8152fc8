// Judging a call / steps / program test: the student's observations against the reference's.
// The first problem found decides the verdict; its message says what was expected and what happened.
import { fromWire, pyEquals, repr, type PyValue } from '../model/pyvalue.js';
import type { Explainer, NumberMistakes, RefContext, Refuter, Validator } from '../model/reference.js';
import type { TestDetail } from '../model/report.js';
import type { Observation, StepObservation } from '../run/python/protocol.js';
import type { Comparator, Normaliser } from '../spec/schema.js';
import type { PyStep } from '../spec/pyexpr.js';
import { compareValues } from '../compare/values.js';
import { compareText, normalise } from '../compare/text.js';
import type { FunctionCall, RefRunResult, RefStepResult } from './reference-run.js';
import { error, fail, limit, pass, notChecked, raisedDefect, raisedIn, type Outcome } from './outcome.js';
import { brokenRule, changedInPlace, explainedBy, mistakeOf, numberExplainer, numberMistakesOf, refutedBy, truthSays, wrongTruth } from './mistakes.js';
import { judgeTurnsAll, readTurns, shownProblems, type ExplainNumber, turnLines, turnsOf, type Role, type RoleTable, type Turn, type TurnProblem } from '../turns/index.js';
import { checkQuestions, checkTotals, lastPrinted, rolesAsked, times } from '../turns/rules.js';
import { classifyQuestion } from '../turns/roles.js';

/** The reference's turns, each with the role of the question that ends it and the facts it states. A
 *  solution in the students' language states nothing: its questions and facts are read from its own
 *  transcript with the same role table that reads the student's. */
export function referenceTurns(ref: RefRunResult, withFacts = true, table?: RoleTable, wildcards?: string): Turn[] {
  const turns = turnsOf(ref.transcript, ref.inputs);
  if (ref.factsFrom === 'transcript') return table ? readTurns(turns, table, { facts: withFacts, wildcards }) : turns;
  if (withFacts) for (const { turn, fact } of ref.facts) (turns[turn]!.facts ??= []).push(fact);
  return turns;
}

/** A passing session that printed a role's right value rules out the mistakes that print another. */
function numbersRuledOut(j: JudgeInput): string[] {
  const table = j.byRole?.table ?? j.meaning?.table;
  if (!j.numberMistakes || !table || !j.calls?.length) return [];
  const observed = turnsOf(j.obs.transcript, j.obs.inputs);
  return Object.keys(j.numberMistakes).flatMap((role) => {
    const want = lastFacts(j.ref, [role]).get(role)?.value;
    const shown = lastPrinted(observed, table, role)?.values.at(-1);
    const m = want !== undefined && shown === want ? numberMistakesOf(j.numberMistakes, j.calls, role) : undefined;
    return m && m.right === shown ? m.mistakes.filter((x) => x.value !== shown).map((x) => `wrong:${role}:${x.defect}`) : [];
  });
}

/** A session's first problem, with the later ones it cannot have caused (judgeTurnsAll), and every defect
 *  the run showed (`shows`: the rest of its turns, and a total wrong for the hands it played). */
type SessionProblem = TurnProblem & { later?: TurnProblem[]; shows?: string[] };
const verdicts = new WeakMap<JudgeInput, SessionProblem | null>();

/** The whole session judged by meaning, once per test (several checks ask for it). */
function turnVerdict(j: JudgeInput): SessionProblem | null {
  if (verdicts.has(j)) return verdicts.get(j)!;
  const m = j.meaning!;
  const input = {
    expected: referenceTurns(j.ref, m.facts, m.table, m.wildcards),
    observed: turnsOf(j.obs.transcript, j.obs.inputs),
    table: m.table,
    wildcards: m.wildcards,
    exhaustedAt: j.obs.input_exhausted,
    explainNumber: numberExplainer(j.numberMistakes, j.calls),
    boilerplate: boilerplateOf(m.printedAtImport),
  };
  const [first, ...later] = judgeTurnsAll(input);
  const shows = first ? [...new Set([...shownProblems(input).map((p) => p.defect), ...numbersShown(j, input.observed, m.table)])] : [];
  const v = first ? { ...first, ...(later.length ? { later } : {}), ...(shows.length ? { shows } : {}) } : null;
  verdicts.set(j, v);
  return v;
}

/** The lines of what a program printed while it was imported, trimmed (TurnsInput.boilerplate). */
function boilerplateOf(printed: string | undefined): ReadonlySet<string> | undefined {
  const lines = (printed ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.length ? new Set(lines) : undefined;
}

/** What the numbers with known mistakes (a game's total) show beside the session's first problem, each read
 *  once per role:
 *  - the last value the program printed, when it is not the right one for the hands the program itself played:
 *    a defect of that value whatever else went wrong (a replay never offered changes which hands were played,
 *    not how they add up);
 *  - the mistakes the test's own script would show and this run could not: those whose value for the
 *    reference's own plays differs from the right one (a game with a better replay shows "both plays added",
 *    never "the replay replaces the first"), where the run printed no such number or played no hands that tell
 *    the mistake from the right value (a game cut short before its replay). The test is aimed at that rule too;
 *    charged for what stopped it, its points pay for those mistakes as well (P3: one defect, at the first test
 *    aimed at its rule), so a later test whose first defect is one of them is not charged again. */
function numbersShown(j: JudgeInput, observed: readonly Turn[], table: RoleTable): string[] {
  return Object.keys(j.numberMistakes ?? {}).flatMap((role) => {
    const printed = lastPrinted(observed, table, role);
    const shown = printed?.values.at(-1);
    const run = printed ? numberMistakesOf(j.numberMistakes, j.calls, role) : undefined;
    const named = run && shown !== undefined ? run.mistakes.filter((x) => x.value === shown).map((x) => x.defect) : [];
    const wrong = run && shown !== undefined && run.right !== shown ? [`wrong:${role}${named.length ? `:${named.join('|')}` : ''}`] : [];
    const script = numberMistakesOf(j.numberMistakes, j.ref.calls, role);
    const told = (d: string) => !!run && run.mistakes.some((x) => x.defect === d && x.value !== run.right);
    const would = script ? script.mistakes.filter((x) => x.value !== script.right && !told(x.defect)).map((x) => `wrong:${role}:${x.defect}`) : [];
    return [...wrong, ...would];
  });
}

/** The first line that says what the handout rules out (a stray "None"), with its line number. */
function saidAnyway(transcript: string, roles: Role[]): { message: string; line: number; role: string } | null {
  const lines = transcript.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const r = roles.find((x) => x.patterns.some((p) => p.test(lines[i]!)));
    if (r) return { message: `your program prints ${r.says}: line ${i + 1} is ${JSON.stringify(lines[i])}`, line: i + 1, role: r.name };
  }
  return null;
}

/** A session answered by role: it must have reached its end, asked the questions of the named roles as the
 *  reference does, and printed the reference's last values of the named number roles. Sets the expected
 *  return value from what the program printed, where the test says so. */
function judgeByRole(j: JudgeInput, base: TestDetail): Outcome | undefined {
  const r = j.byRole!;
  const observed = turnsOf(j.obs.transcript, j.obs.inputs);
  // The program's questions are what they were answered as (a question no role reads was taken for the reference's).
  r.asked?.forEach((role, k) => { if (observed[k] && role) observed[k]!.role = role; });
  // A call that raised or is missing ended the game there: that is what the steps report (one defect with
  // the same signature wherever it shows), not the questions it never reached. A question the program never
  // asked though it read past the point where the handout's program asks it was not cut off by the crash.
  if (j.obs.steps.some((x) => x.error || x.missing)) return skippedQuestion(j, observed, r.questions ?? [], base) ?? skippedQuestion(j, observed, r.requires ?? [], base, true) ?? endedEarly(j, observed, base);
  const stuck = j.obs.input_exhausted ?? j.obs.steps.find((x) => x.input_exhausted !== undefined)?.input_exhausted;
  // A program that keeps asking after what a totals rule needs was shown is judged on what it showed.
  const shownAnyway = r.totals?.length && !r.questions?.length && r.totals.every((x) => lastPrinted(observed, r.table, x));
  const expected = referenceTurns(j.ref, false, r.table);
  if (r.asked && stuck !== undefined && stuck !== null && j.ref.inputExhausted === null && !shownAnyway) {
    const last = observed[observed.length - 1]!;
    const asked = classifyQuestion(r.table, last.prompt, last.before);
    // A question this test counts, asked until its answers ran out (a replay offered again and again): the
    // test's own rule, seen broken, not a rule it never reached.
    const own = asked && r.questions?.includes(asked.role.name) ? checkQuestions(expected, observed, r.table, [asked.role.name]) : null;
    if (own) return turnFailure(j, own, base);
    const what = asked ? `${JSON.stringify(asked.line)} (${asked.role.says})` : JSON.stringify(stuck.trim());
    return notChecked(`at input ${observed.length} your program asks ${what}, a question this test has no answer for, so the game never reached what the test checks`, `question-extra:${asked?.role.name ?? '?'}`, base);
  }
  // What the rule needs to have happened (the replay, for the replay's score): a program that never asked
  // could not show it, so the test did not pass.
  for (const need of r.requires ?? []) {
    const want = askedCount(expected, r.table, need), got = askedCount(observed, r.table, need);
    if (got < want) {
      const says = r.table.get(need)?.says ?? need;
      return notChecked(`your program asks ${says} ${got ? `only ${got === 1 ? 'once' : `${got} times`}` : 'never'} in this game (the handout's program asks ${want === 1 ? 'once' : `${want} times`}), so the rule this test checks never came up`, `question-missing:${need}`, base);
    }
  }
  const unseen: string[] = [];
  // Every rule of the test is checked: a defect charged by another test leaves the next one to charge here.
  const problems = [
    r.questions ? checkQuestions(expected, observed, r.table, r.questions) : null,
    // Each question role on its own too: a second question's own defect (a substitution offered for a
    // replay) is not hidden behind the first difference of the order of both.
    ...(r.questions && r.questions.length > 1 ? r.questions.map((q) => checkQuestions(expected, observed, r.table, [q])) : []),
    r.totals ? checkTotals(lastFacts(j.ref, r.totals), observed, r.table, unseen, numberExplainer(j.numberMistakes, j.calls)) : null,
    // A reference run that records no calls (a course's own solution, run in its driver) cannot count them.
    r.newCalls && j.ref.calls ? newCallsDiffer(r.newCalls, j.ref.calls, observed.length - 1) : null,
  ].filter((p): p is TurnProblem => p !== null);
  if (problems.length) {
    const [first, ...rest] = problems.map((p) => turnFailure(j, p, base));
    return rest.length ? { ...first!, alternatives: rest } : first!;
  }
  // It showed what the rule needs, rightly, and then kept asking: that is another rule's defect.
  if (shownAnyway && stuck !== undefined && stuck !== null) return passed(base);
  // A total the program need not print, and did not: what it returns is then the only evidence.
  if (unseen.length) j.onlyReturn = unseen.map((x) => r.table.get(x)?.says ?? x).join(', ');
  // The first of the roles that the program printed (a hand total, else the running total it ended with).
  const shown = r.returnsPrinted?.map((role) => ({ role, printed: lastPrinted(observed, r.table, role) })).find((x) => x.printed);
  // Many totals printed at once say nothing about which one the program computed: the reference decides.
  if (shown?.printed && new Set(shown.printed.values).size <= 2) {
    j.expect = { t: 'int', v: BigInt(shown.printed.values[shown.printed.values.length - 1]!) };
    j.expectFrom = `${r.table.get(shown.role)?.says ?? shown.role} it printed`;
  }
  return undefined;
}

/** A game that raised before the questions its rule is about came up as often as in the handout's program:
 *  the rule was never seen, so the test could not check it (it does not pass). The crash is its cause,
 *  charged where it is first seen (its signature, as judgeStep gives it). */
function endedEarly(j: JudgeInput, observed: readonly Turn[], base: TestDetail): Outcome | undefined {
  const r = j.byRole!;
  const e = j.obs.steps.find((x) => x.error)?.error;
  if (!e?.line) return undefined; // a call the parameters cannot take is the function's own defect (judgeStep)
  const expected = referenceTurns(j.ref, false, r.table);
  const short = [...(r.requires ?? []), ...(r.questions ?? [])].find((role) => askedCount(observed, r.table, role) < askedCount(expected, r.table, role));
  if (!short) return undefined;
  const says = r.table.get(short)?.says ?? short;
  const got = askedCount(observed, r.table, short), want = askedCount(expected, r.table, short);
  const called = changedCall(e, j);
  return { ...notChecked(`the game ended at input ${rolesAsked(observed, r.table).length}, where it raised ${e.type}: ${e.message} (${j.file} line ${e.line}); by then it had asked ${says} ${times(got)}, where the handout's program asks ${times(want)}, so the rule this test checks never came up`, called ? `signature:${called}` : raisedDefect(e, j.file), base), raisedAt: e.line };
}

/** The handout function (run here as the reference's) that the program called with other parameters than
 *  the handout gives it, when that is what the exception says: that function's changed signature, one
 *  defect wherever the call fails (a game that ends there, a step that raises there). */
function changedCall(e: { type: string; message: string }, j: JudgeInput): string | undefined {
  const called = e.type === 'TypeError' && ARITY.test(e.message) ? /^(\w+)\(\)/.exec(e.message)?.[1] : undefined;
  return called && j.referencePatched?.includes(called) ? called : undefined;
}

/** How often the questions of these turns are of this role. */
const askedCount = (turns: readonly Turn[], table: RoleTable, role: string) => rolesAsked(turns, table).filter((x) => x === role).length;

/** A question of these roles the program never asked, though before it stopped it read more inputs than
 *  the handout's program had when it first asked it. */
function skippedQuestion(j: JudgeInput, observed: readonly Turn[], roles: readonly string[], base: TestDetail, required = false): Outcome | undefined {
  const r = j.byRole!;
  const asked = rolesAsked(observed, r.table);
  const expected = rolesAsked(referenceTurns(j.ref, false, r.table), r.table);
  for (const role of roles) {
    const first = expected.indexOf(role);
    if (first < 0 || asked.length <= first + 1 || asked.includes(role)) continue;
    const says = r.table.get(role)?.says ?? role;
    const why = `your program asks ${says} never in this game (it read ${asked.length} inputs before it stopped; the handout's program asks at input ${first + 1})`;
    // A question the rule needs (`requires`): the rule never came up, so the test could not check it.
    if (required) return notChecked(`${why}, so the rule this test checks never came up`, `question-missing:${role}`, base);
    return turnFailure(j, { turn: asked.length - 1, message: why, defect: `question-missing:${role}` }, base);
  }
  return undefined;
}

/** A test's `new_calls`: the program called the function with a new first argument (not the one of the call
 *  before: a replay) as often as the reference's program. A program that never calls the reference's
 *  function (it plays hands with code of its own) shows nothing here. */
function newCallsDiffer(n: { function: string; counts: string; calls: readonly FunctionCall[] }, refCalls: readonly FunctionCall[], lastTurn: number): TurnProblem | null {
  const firsts = (calls: readonly FunctionCall[]) => calls.filter((c) => c.name === n.function && c.args.length).map((c) => c.args[0]!);
  const fresh = (args: PyValue[]) => args.filter((a, k) => k === 0 || !pyEquals(a, args[k - 1]!));
  const mine = firsts(n.calls), theirs = firsts(refCalls);
  if (!mine.length) return null;
  const got = fresh(mine).length, want = fresh(theirs).length;
  if (got === want) return null;
  const shown = mine.slice(0, 8).map((a) => { const s = repr(a); return s.length > 70 ? `${s.slice(0, 69)}…` : s; }).join(', ');
  return {
    turn: Math.max(0, lastTurn),
    message: `${n.counts}: ${got}, where the handout's program has ${want} (your program called ${n.function} with ${shown}${mine.length > 8 ? ', …' : ''}; a call with the argument of the call before it is a replay)`,
    defect: `calls-${got < want ? 'fewer' : 'more'}:${n.function}`,
  };
}

/** The last value the reference stated for each of these number roles. */
function lastFacts(ref: RefRunResult, roles: readonly string[]): Map<string, { value: number; optional?: boolean }> {
  const out = new Map<string, { value: number; optional?: boolean }>();
  for (const { fact } of ref.facts) if (roles.includes(fact.role) && typeof fact.value === 'number') out.set(fact.role, { value: fact.value, optional: fact.optional });
  return out;
}

function turnFailure(j: JudgeInput, p: SessionProblem, base: TestDetail): Outcome {
  const observed = turnsOf(j.obs.transcript, j.obs.inputs);
  const t = observed[Math.min(p.turn, observed.length - 1)]!;
  const lines = turnLines(j.obs.transcript, t);
  const o = withDefect(p.defect, fail(p.message, {
    ...base,
    expected: j.expectedTranscript ?? j.ref.transcript,
    regions: [{ text: 'transcript', from: lines.startLine, to: lines.endLine, label: `turn ${p.turn + 1}: ${p.message.slice(0, 80)}` }],
    hint: 'the wording, spacing and layout of your output are up to you; what it says must match the handout',
  }));
  // A wrong number: the mistakes it is named by, if any, are narrowed by the right values of other tests (charges.ts).
  const named = p.defect.startsWith('wrong:') ? { narrows: true as const } : {};
  // Later problems the first cannot have caused: each a defect of its own, charged here if the first is charged elsewhere.
  const later = (p.later ?? []).filter((x, k, all) => x.defect !== p.defect && all.findIndex((y) => y.defect === x.defect) === k);
  const also = (p.shows ?? []).filter((d) => d !== p.defect);
  return { ...o, ...named, ...(later.length ? { alternatives: later.map((x) => turnFailure(j, x, base)) } : {}), ...(also.length ? { alsoShows: also } : {}) };
}

const withDefect = (defect: string, o: Outcome): Outcome => ({ ...o, defect });

/** A pass keeps what the run showed (the transcript, the call), so a TA can see why a suspicious program passed. */
const passed = (detail: TestDetail): Outcome => pass(Object.keys(detail).length ? detail : undefined);

export interface JudgeInput {
  steps: PyStep[] | null; // null for whole-program tests
  ref: RefRunResult;
  obs: Observation;
  compare: Comparator;
  /** Literal expected value for the last step, overriding the reference. */
  expect?: PyValue;
  /** Where `expect` came from, for messages ("the total over all hands it printed"). */
  expectFrom?: string;
  /** Set when the session showed none of the totals the test judges (they are optional): the returned
   *  value is then the only evidence, and a run that returns nothing could check nothing. */
  onlyReturn?: string;
  /** Per-step overrides from `steps: [{do, compare, expect}]`. */
  stepCompare?: (Comparator | undefined)[];
  stepExpect?: (PyValue | undefined)[];
  expectedTranscript?: string;
  normalisers: Normaliser[];
  checkInputs: boolean;
  unchangedArgs: boolean;
  silent: boolean;
  /** Judge only what each step's callee printed itself (the driver's own_out), not other functions it called. */
  ownOutput?: boolean;
  forbidCalls?: string[];
  mustRecurse?: string[];
  validator?: Validator;
  /** Per-step validators from `steps: [{do, compare: {validator}}]` (the test-level one judges the last step). */
  stepValidators?: (Validator | undefined)[];
  /** Sorting rules checked on the last step (see the spec's `comparisons:`). */
  comparisons?: { max_pairs?: number; stable?: boolean };
  validatorCtx: () => RefContext;
  /** Per function: the known mistakes a wrong answer may show (the reference's `explain`). */
  explain?: Record<string, Explainer>;
  /** Per function: the known mistakes a right answer rules out (the reference's `refute`). */
  refute?: Record<string, Refuter>;
  /** Per number role: the known mistakes of its value, read from `calls` (the reference's `numberMistakes`). */
  numberMistakes?: Record<string, NumberMistakes>;
  /** The calls the program made of functions patched with the reference's, with what they returned. */
  calls?: readonly FunctionCall[];
  /** The functions this test gives the program as the reference's (`patch: reference`). */
  referencePatched?: string[];
  file: string;
  stdinGiven: boolean;
  /** Transcripts judged by meaning: the role table, and whether the facts of each turn are checked
   *  (false when only the questions asked are, e.g. `transcript: ignore`). */
  meaning?: { table: RoleTable; wildcards?: string; facts: boolean; mustNotSay?: string[];
    /** What the program printed while it was imported: lines it prints whatever the situation. */
    printedAtImport?: string };
  /** Questions answered by role (`answers:`): the rules checked over the whole session instead of turn by
   *  turn, since the program's turns need not line up with the reference's. */
  byRole?: { table: RoleTable; questions?: string[]; totals?: string[]; returnsPrinted?: string[]; requires?: string[];
    /** The spec's `new_calls`, with the calls the program made of reference functions. */
    newCalls?: { function: string; counts: string; calls: readonly FunctionCall[] };
    /** Answered by role: the role each of the program's inputs was answered as (harness/turns/answers.ts). */
    asked?: readonly (string | undefined)[] };
}

/** The known mistakes each test's right answers rule out, gathered while its steps are judged. */
const ruledOut = new WeakMap<JudgeInput, Set<string>>();

export function judge(j: JudgeInput): Outcome {
  const o = judgeRun(j);
  const refutes = [...(ruledOut.get(j) ?? []), ...(o.status === 'passed' ? numbersRuledOut(j) : [])];
  return refutes.length ? { ...o, refutes } : o;
}

function judgeRun(j: JudgeInput): Outcome {
  const { obs, ref } = j;
  const base: TestDetail = {};
  if (obs.transcript) base.transcript = obs.transcript;
  if (j.steps) base.call = j.steps.map((s) => s.source).join('\n');
  if (obs.driver_error) return error(`internal driver problem: ${obs.driver_error}`, base);

  if (j.byRole) {
    const o = judgeByRole(j, base);
    if (o) return o;
  }
  // What the handout rules out saying at all (a stray "None") is its own defect, whatever else goes wrong.
  if (j.meaning?.mustNotSay?.length && !obs.steps.some((x) => x.error || x.missing)) {
    const said = saidAnyway(j.obs.transcript, j.meaning.mustNotSay.map((r) => j.meaning!.table.get(r)!));
    if (said) return withDefect(`says:${said.role}`, fail(said.message, { ...base, regions: [{ text: 'transcript', from: said.line, to: said.line, label: said.message.slice(0, 80) }] }));
  }
  // A game whose transcript goes wrong explains the wrong value it returns: judged first, so that one
  // mistake seen by a transcript test and an integration test of the same script is one defect. A call
  // that raised or printed past its cap is reported as such instead.
  if (j.meaning && j.expectedTranscript !== undefined) {
    const p = turnVerdict(j);
    if (p && !obs.steps.some((x) => x.error || x.missing || x.output_limit)) return turnFailure(j, p, base);
    // A game that went wrong before the call raised shows that mistake first, the crash being what the later
    // turns report. Not the turn it raised in (cut short, it says nothing), nor the one before it: the
    // answer to that turn's question is what the program raised on (an answer given to the wrong question).
    if (p && obs.steps.some((x) => x.error) && p.turn < turnsOf(obs.transcript, obs.inputs).length - 2) return turnFailure(j, p, base);
  }
  const stepCount = j.steps ? j.steps.length : 1;
  let previous: PyValue | undefined;
  for (let i = 0; i < stepCount; i++) {
    const so = obs.steps[i];
    const rs = ref.steps[i];
    const step = j.steps?.[i];
    const label = step ? `${step.source}` : 'the program';
    if (!so) return error(`no result for step ${i + 1} (${label})`, base);
    if (so.skipped) break;
    const o = judgeStep(j, so, rs, step, label, i === stepCount - 1, base, i, previous);
    if (o) return stoppedBlind(j, so, o, i, step) ? { ...o, blind: step?.expr.k === 'call' ? step.expr.callee.join('.') : '' } : o;
    previous = so.value !== undefined && !step?.bind ? fromWire(so.value) : undefined;
  }

  if (obs.trace) {
    const hit = obs.trace.forbidden[0];
    if (hit) {
      return fail(`${hit.function} calls ${hit.call}() at ${j.file}:${hit.line}; the assignment requires writing this yourself without ${j.forbidCalls?.join(' or ')}`, {
        ...base,
        hint: `replace the ${hit.call}() call on line ${hit.line} with your own code`,
      });
    }
    for (const fn of j.mustRecurse ?? []) {
      const depth = obs.trace.max_depth[fn] ?? 0;
      const recursed = obs.trace.recursed?.[fn] ?? depth >= 2;
      if (!recursed) {
        return fail(
          depth === 0
            ? `${fn} was never called (it must be the function doing the work, recursively)`
            : `${fn} never calls itself, directly or through a helper: the assignment requires a recursive solution`,
          { ...base, hint: `make ${fn} solve a smaller case by calling ${fn}` },
        );
      }
    }
  }

  if (j.meaning?.mustNotSay?.length) {
    const said = saidAnyway(j.obs.transcript, j.meaning.mustNotSay.map((r) => j.meaning!.table.get(r)!));
    if (said) return withDefect(`says:${said.role}`, fail(said.message, { ...base, regions: [{ text: 'transcript', from: said.line, to: said.line, label: said.message.slice(0, 80) }] }));
  }
  if (j.meaning && (j.expectedTranscript !== undefined || (j.stdinGiven && j.checkInputs))) {
    const p = turnVerdict(j);
    if (p) return turnFailure(j, p, base);
    if (obs.unread > ref.unread) return fail(`left ${obs.unread - ref.unread} scripted input line(s) unread`, base);
    return passed(base);
  }

  if (j.stdinGiven && j.checkInputs) {
    if (obs.unread > ref.unread) {
      const used = obs.inputs.length;
      const where = promptDivergence(j);
      return fail(
        `left ${obs.unread - ref.unread} scripted input line(s) unread: it read ${used} line(s) where ${used + obs.unread - ref.unread} were expected${where ? `; ${where}` : "; it asked fewer questions than the handout's program"}`,
        { ...base, hint: 'compare your prompts with the handout: a question is missing or the loop ends too early' },
      );
    }
  }

  if (j.expectedTranscript !== undefined) {
    const t = compareText(j.expectedTranscript, obs.transcript, j.normalisers);
    if (!t.ok) {
      const none = /^None$/m.test(obs.transcript) && !/^None$/m.test(j.expectedTranscript);
      return fail(`the printed output differs: ${t.summary}`, {
        ...base,
        ...t.detail,
        ...(none ? { hint: 'your output has a line "None": you printed the result of a function that returns nothing (e.g. print(display_hand(hand)))' } : {}),
      });
    }
    return passed({ ...base, normalisers: t.detail.normalisers });
  }
  return passed(base);
}

/** Did the step's failure stop the run before it showed anything the test judges? It raised (or asked for
 *  input the handout's function never asks for), no call of the program's came before it, and either the
 *  game had not begun (no scripted input read) or the test judges only the value the call never returned. */
function stoppedBlind(j: JudgeInput, so: StepObservation, o: Outcome, index: number, step: PyStep | undefined): boolean {
  const stopped = (o.kind === 'run_time_error' && !!so.error) || (so.input_exhausted !== undefined && !!o.defect?.endsWith(':asks-input'));
  if (!stopped || j.steps?.slice(0, index).some((s) => s.expr.k === 'call')) return false;
  // Raised in another function of the student's that this one calls: that function's defect, not this one's.
  const callee = step?.expr.k === 'call' ? step.expr.callee[step.expr.callee.length - 1] : undefined;
  if (so.error && callee && raisedIn(so.error.traceback, j.file) !== callee) return false;
  if (!j.stdinGiven && !j.byRole) return true;
  const valueOnly = !!j.byRole?.returnsPrinted && !j.byRole.questions?.length && !j.byRole.totals?.length && !j.meaning?.facts;
  return j.obs.inputs.length === 0 || valueOnly;
}

/** "returns-none:is_valid_word:False": None where a True and where a False was due are told apart (a branch
 *  that falls off its end without returning is one of them); charges.ts makes them one defect again when the
 *  function returns nothing proper anywhere. */
export function noneFor(fn: string | undefined, expected: PyValue): string {
  return `returns-none:${fn}${expected.t === 'bool' ? `:${expected.v ? 'True' : 'False'}` : ''}`;
}

function containsTruncated(v: PyValue): boolean {
  if (v.t === 'obj') return v.type === 'gradekit-truncated';
  if (v.t === 'list' || v.t === 'tuple' || v.t === 'set') return v.v.some(containsTruncated);
  if (v.t === 'dict') return v.v.some(([k, x]) => containsTruncated(k) || containsTruncated(x));
  return false;
}

/** The first input answered at a different question than in the reference run, said in plain words. */
function promptDivergence(j: JudgeInput): string | undefined {
  const norm = (p: string) => normalise(p, j.normalisers).trim();
  const mine = j.obs.inputs, theirs = j.ref.inputs;
  for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
    const a = mine[i], b = theirs[i];
    if (!a || !b) {
      if (a && !b) return `input ${i + 1} (${JSON.stringify(a.line)}) answered ${JSON.stringify(a.prompt.trim())}, a question the handout's program never asks at that point`;
      return undefined;
    }
    if (norm(a.prompt) !== norm(b.prompt)) {
      return `input ${i + 1} (${JSON.stringify(a.line)}) answered ${JSON.stringify(a.prompt.trim())} where the handout's program asks ${JSON.stringify(b.prompt.trim())}`;
    }
  }
  return undefined;
}

/** A TypeError raised at the call itself, before the function's code runs. */
export const ARITY = /takes (?:no|\d+) (?:positional )?arguments?|missing \d+ required (?:positional|keyword-only) arguments?|unexpected keyword argument|positional arguments? but \d+ (?:was|were) given/;

const sameType = (a: PyValue, b: PyValue) => a.t === b.t || (a.t === 'int' && b.t === 'bool') || (a.t === 'bool' && b.t === 'int');

const short = (s: string) => (s.length > 300 ? s.slice(0, 300) + ' …' : s);

/** What a step printed: all of it, or with own_output only what its callee printed itself. */
function stepOutput(j: JudgeInput, so: StepObservation): string {
  if (j.ownOutput && so.own_out !== undefined) return so.own_out;
  return j.obs.transcript.slice(so.out_start, so.out_end);
}

function judgeStep(j: JudgeInput, so: StepObservation, rs: RefStepResult | undefined, step: PyStep | undefined, label: string, last: boolean, base: TestDetail, index: number, previous: PyValue | undefined): Outcome | undefined {
  const validator = j.stepValidators?.[index] ?? (last ? j.validator : undefined);
  // A function the file does not define is one defect, charged once whichever tests need it. A run of the whole
  // program that needed it before reading any input (a course's runner that makes the class first, and the
  // class was set aside) saw nothing of its own rule: where nothing of that function works anywhere, such a
  // test keeps no points (charges.ts, `blind`), as a crash at the first line of every call.
  if (so.missing) {
    const o = withDefect(`missing-fn:${so.missing}`, error(`${j.file} does not define \`${so.missing}\` (needed by ${label})`, { ...base, hint: `check the spelling of ${so.missing} against the handout` }));
    return step?.expr.k !== 'call' && !j.obs.inputs.length ? { ...o, blind: so.missing } : o;
  }
  if (so.input_exhausted !== undefined && rs?.inputExhausted === undefined) {
    // A function that asks for input where the handout's asks for none: one defect, whichever call shows it.
    if (!j.ref.inputs.length && step?.expr.k === 'call') {
      return withDefect(`answer:${step.expr.callee.join('.')}:asks-input`, fail(`${label} asks for input (${JSON.stringify(so.input_exhausted.trim())}); the handout's ${step.expr.callee.join('.')} asks for none: it is given everything it needs as arguments`, { ...base, hint: 'remove the input() call: use the function\'s parameters' }));
    }
    if (j.meaning) {
      const p = turnVerdict(j);
      if (p) return turnFailure(j, p, base);
    }
    const n = j.obs.inputs.length;
    const where = promptDivergence(j);
    const o = fail(`asked for more input than the test gives: ${where ?? `after all ${n} scripted line(s) were used it asked ${JSON.stringify(so.input_exhausted)}`}`, {
      ...base,
      hint: 'an extra question or a loop that does not stop: compare your prompts with the handout',
    });
    // A function that asks for input where the handout's does not is one defect, whichever call shows it;
    // so is a function that asks for more than a test gives, in a call of it or in a run of the whole
    // program, where the function that asked is the one whose loop or question it is.
    if (step?.expr.k === 'call') return withDefect(`answer:${step.expr.callee.join('.')}:asks-input`, o);
    return so.input_exhausted_in ? withDefect(`answer:${so.input_exhausted_in}:asks-input`, o) : o;
  }
  if (so.output_limit) return limit('output_limit_exceeded', `printed more than ${so.output_limit} characters during ${label}; an endless print loop?`, base);
  if (so.error) {
    if (rs?.raised && validator) {
      // When an exception is right, validators judge it too ("raised, but printed half a game first").
      // An exception where the reference returns is a run-time error, reported below with its traceback.
      const observed: PyValue = { t: 'obj', type: `exception:${so.error.type}`, repr: `${so.error.type}(${JSON.stringify(so.error.message)})` };
      const v = validator({ observed, args: rs?.args ?? [], ctx: j.validatorCtx(), output: stepOutput(j, so), previous });
      return v.ok ? undefined : fail(`${label}: ${v.message}`, base);
    }
    if (rs?.raised) return undefined; // an exception was expected, any type is accepted
    const where = so.error.line ? ` (${j.file} line ${so.error.line})` : '';
    const callee = step?.expr.k === 'call' ? step.expr.callee.join('.') : undefined;
    // A call the function's parameters cannot take (an extra or a missing parameter) fails before any of
    // its code runs: a changed signature, one defect of the whole function.
    if (!so.error.line && callee && so.error.type === 'TypeError' && ARITY.test(so.error.message)) {
      // The parameters it added, by name: the same one added to several functions (one list passed
      // down from a function to the helper it calls) is one design change (charges.ts).
      const added = /missing \d+ required positional arguments?: (.+)$/.exec(so.error.message)?.[1]?.replace(/[^A-Za-z0-9_]+/g, ',').replace(/^,|,$/g, '');
      return withDefect(`signature:${callee}${added ? `:+${added}` : ''}`, error(`${label} cannot be called as the handout calls it: ${so.error.message} (its parameters differ from the handout's)`, { ...base, traceback: so.error.traceback, hint: `keep the parameters the handout gives ${callee}` }));
    }
    // The program calls one of the handout's functions (given it here as the reference's) with other
    // arguments than the handout's: it changed that function's parameters, one defect of that function.
    const called = changedCall(so.error, j);
    if (called) {
      return { ...withDefect(`signature:${called}`, error(`${label} raised ${so.error.type}: ${so.error.message}${where}: it calls ${called} with other parameters than the handout gives it`, { ...base, traceback: so.error.traceback, hint: `keep the parameters the handout gives ${called}` })), ...(so.error.line ? { raisedAt: so.error.line } : {}) };
    }
    const o = error(`${label} raised ${so.error.type}: ${so.error.message}${where}`, { ...base, traceback: so.error.traceback });
    // The same exception at the same line of the student's file is one defect, whichever test hits it.
    const defect = so.error.line ? raisedDefect(so.error, j.file) : undefined;
    return { ...(defect ? withDefect(defect, o) : o), ...(so.error.line ? { raisedAt: so.error.line } : {}) };
  }
  if (rs?.raised) {
    return fail(`${label} should raise an exception (the reference raises ${rs.raised.type}: ${rs.raised.message}) but it returned ${so.value !== undefined ? repr(fromWire(so.value)) : 'normally'}`, base);
  }
  if (j.silent) {
    const printed = stepOutput(j, so);
    if (printed.length) return fail(`${label} printed ${JSON.stringify(printed.slice(0, 200))}${printed.length > 200 ? '…' : ''} but must print nothing`, { ...base, hint: 'remove debugging print() calls' });
  }
  if (step?.bind || so.value === undefined) return undefined;
  const observed = fromWire(so.value);
  if (containsTruncated(observed)) {
    return fail(`${label} returned a value too large to report (more than 2,000,000 items or nested over 60 levels deep)`, base);
  }
  const expected = j.stepExpect?.[index] ?? (last && j.expect !== undefined ? j.expect : rs?.value);
  const output = stepOutput(j, so);
  if (validator) {
    const args = rs?.args ?? [];
    const v = validator({ observed, expected, args, ctx: j.validatorCtx(), output, previous });
    if (!v.ok) {
      const o = fail(`${label}: ${v.message}`, { ...base, actual: repr(observed), ...(expected ? { expected: repr(expected) } : {}) });
      if (step?.expr.k !== 'call') return o;
      // The same kind of wrong answer from the same function is one defect, whichever input shows it.
      const fn = step.expr.callee.join('.');
      // None back, and the argument changed: the function worked in place; what it did there is judged too,
      // each rule it breaks another defect than the None.
      const changed = changedInPlace(observed, so);
      const after = changed ? validator({ observed: changed, expected, args, ctx: j.validatorCtx(), output, previous }) : undefined;
      const inPlace = after && !after.ok ? { alternatives: [withDefect(brokenRule(fn, changed!, after.defect), fail(`${label}, in place: the argument it changed: ${after.message}`, { ...base, actual: repr(changed!) }))] } : {};
      return { ...withDefect(brokenRule(fn, observed, v.defect), o), ...inPlace };
    }
  } else if (expected !== undefined) {
    const how = j.stepCompare?.[index] ?? j.compare;
    const cmp = typeof how === 'object' && 'validator' in how ? 'exact' : how;
    const r = compareValues(expected, observed, cmp);
    const rules = step?.expr.k === 'call' ? refutedBy(j.refute, step.expr.callee, rs?.args ?? [], expected, j.validatorCtx) : undefined;
    if (r.ok && rules) ruledOut.set(j, new Set([...(ruledOut.get(j) ?? []), ...rules]));
    if (!r.ok) {
      if (step?.expr.k !== 'call') return fail(`${label}: ${r.why}`, { ...base, expected: repr(expected), actual: repr(observed) });
      const fn = step.expr.callee.join('.');
      // A function that returns nothing is one defect, whichever call shows it.
      if (observed.t === 'none' && expected.t !== 'none' && last && j.onlyReturn) {
        return notChecked(`${label} returned None and your program never shows ${j.onlyReturn}, so nothing shows the total this test checks`, `returns-none:${fn}`, base);
      }
      if (observed.t === 'none' && expected.t !== 'none') return withDefect(noneFor(fn, expected), fail(`${label}: ${r.why}${last && j.expectFrom ? ` (${j.expectFrom})` : ''}`, { ...base, expected: repr(expected), actual: repr(observed) }));
      // A mistake the reference recognises is named, and is one defect whichever input shows it.
      const truth = wrongTruth(expected, observed);
      const known = sameType(expected, observed) || truth ? explainedBy(j.explain, step.expr.callee, rs?.args ?? [], truth ?? observed, expected, j.validatorCtx) : undefined;
      const from = last && j.expectFrom ? ` (${j.expectFrom})` : '';
      const o = fail(`${label}: ${r.why}${from}${truth ? truthSays(truth) : ''}${known ? ` (${known.says})` : ''}`, { ...base, expected: repr(expected), actual: repr(observed) });
      return { ...withDefect(`answer:${fn}:${mistakeOf(known, sameType(expected, observed) || !!truth, observed)}`, o), ...(known && rules ? { narrows: true as const } : {}) };
    }
  }
  if (last && j.comparisons) {
    const o = judgeComparisons(j.comparisons, so, rs, label, base);
    if (o) return o;
  }
  if (j.unchangedArgs && so.args_changed && rs?.args) {
    const changed = Object.keys(so.args_changed).map(Number).sort((x, y) => x - y);
    if (changed.length) {
      const k = changed[0];
      const before = rs.args[k];
      const after = fromWire(so.args_changed[String(k)]);
      const o = fail(`${label} changed its argument ${k + 1}: it was ${short(repr(before))} and is now ${short(repr(after))}; it must not modify its input`, {
        ...base,
        hint: 'work on a copy (e.g. hand.copy()) and return the new value',
      });
      // Changing an argument is one defect of the function, whichever test shows it.
      return step?.expr.k === 'call' ? withDefect(`answer:${step.expr.callee.join('.')}:mutates-argument`, o) : o;
    }
  }
  return undefined;
}

/** Sorting rules: how many distinct pairs of its items the call compared, and whether equal items kept their order. */
function judgeComparisons(rule: { max_pairs?: number; stable?: boolean }, so: StepObservation, rs: RefStepResult | undefined, label: string, base: TestDetail): Outcome | undefined {
  const c = so.comparisons;
  if (!c) return error(`${label}: the comparison count needs a list as the first argument (a spec problem)`, base);
  const n = c.items;
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  if (rule.max_pairs !== undefined && c.pairs > rule.max_pairs) {
    return fail(
      `${label} compared ${fmt(c.pairs)} different pairs of its ${fmt(n)} items; at most ${fmt(rule.max_pairs)} are allowed. ` +
        `An O(n log n) sort compares about n·log2(n) = ${fmt(n * Math.log2(n))} pairs; an insertion or selection sort about n²/4 = ${fmt((n * n) / 4)}`,
      base,
    );
  }
  const input = rs?.args?.[0];
  if (rule.stable && c.order && input && (input.t === 'list' || input.t === 'tuple')) {
    const items = input.v;
    const seen: number[] = [];
    for (const k of c.order) {
      if (k < 0 || k >= items.length) continue;
      const later = seen.find((e) => e > k && pyEquals(items[e], items[k]));
      if (later !== undefined) {
        return fail(
          `${label} is not stable: items ${k} and ${later} of the input are equal (${repr(items[k])}) but item ${later} comes out first; a stable sort keeps equal items in their input order`,
          base,
        );
      }
      seen.push(k);
    }
  }
  return undefined;
}
