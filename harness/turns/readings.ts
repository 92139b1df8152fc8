// Questions read by behaviour. The role table's patterns are a first guess at what a question asks; the
// program itself says what it accepts. When it did not take an answer (it asked the same question again
// and again, or stopped right after it: raised, ran out of answers, hit a limit), the game is played again
// from the start with that question read as each other kind of answer the test has (yes/no, a letter, a
// number, a word), and the reading the program takes is kept, for this test and the submission's next
// ones. A failure caused by an answer of the wrong kind is then never charged: the test is judged on the
// run where the program took its answers. Only failing tests pay for the runs. What a test learned is not
// carried to the submission's next tests: a verdict must not depend on which tests ran before it (or in
// which order a busy machine finished them), so each failing test reads its questions on its own.
import type { Answerer, Asked } from './answers.js';
import type { AnswerKind } from './roles.js';

/** What one test's runs showed: question key -> the role it takes; and the readings it refused. */
export interface Readings {
  taken: Map<string, string>;
  refused: Set<string>;
}

/** Nothing learned yet: where every test starts. */
export function freshReadings(): Readings {
  return { taken: new Map(), refused: new Set() };
}

/** A question answered this many times in a row, with the same answer, is one the program does not take. */
const REASKED = 3;

/** How a run ended early: it raised, hit a limit (time, output), or asked for more than the plan holds. */
export type Stop = 'raised' | 'limit' | 'exhausted' | null;

/** The questions whose answers the program did not take, as keys, most telling first: one asked again and
 *  again with the same answer; the last one answered before the run raised (see below) or hit a limit; one left
 *  unanswered because the plan has no answer for what it was read as. A run that merely ran out of answers
 *  says nothing against the last one it took. */
export function doubtedQuestions(a: Answerer, stop: Stop, raisedWith?: string): string[] {
  const out: string[] = [];
  const add = (q: Asked | undefined) => { if (q && q.key && !out.includes(q.key)) out.push(q.key); };
  const asks = a.asks;
  for (let k = REASKED - 1; k < asks.length; k++) {
    const run = asks.slice(k - REASKED + 1, k + 1);
    if (run.every((q) => q.answer !== null && q.key === run[0]!.key && q.answer === run[0]!.answer)) add(asks[k]);
  }
  const last = asks[asks.length - 1];
  // A question no pattern reads, left unanswered (not the cap: a loop is caught above). One the table reads
  // but the test has no answer for is an extra question, not a misread one.
  if (stop === 'exhausted' && last?.answer === null && last.by === 'position') add(last);
  // A run that raised after an answer doubts it when the question's reading is only a guess, or when the
  // program choked on the answer itself (the exception names it: int('e'), KeyError 'yes'). A question the
  // table reads, answered in its kind, and an exception about something else (a crash further down the path
  // that answer took: a replay that calls play_hand wrongly) is that path's defect, not a misread question.
  const answered = [...asks].reverse().find((q) => q.answer !== null);
  if (stop === 'limit' || (stop === 'raised' && (raisedWith === undefined || answered?.by !== 'table' || choked(answered.answer!, raisedWith)))) add(answered);
  return out;
}

/** Whether an exception's message names the answer the program was given (quoted, as Python and Java
 *  quote a value they could not take). */
export function choked(answer: string, message: string): boolean {
  const a = answer.trim().toLowerCase(), m = message.toLowerCase();
  return !!a && (m.includes(`'${a}'`) || m.includes(`"${a}"`) || m.trim() === a);
}

/** The other readings worth a run for a doubted question: for each kind of answer other than the one it
 *  was given, the first question role of the test's plan that takes that kind. */
export function otherReadings(a: Answerer, key: string, refused: ReadonlySet<string>): string[] {
  const asked = a.asks.find((q) => q.key === key);
  const kindOf = (role: string | undefined): AnswerKind | undefined => (role ? a.table?.get(role)?.answer : undefined);
  const own = kindOf(asked?.role);
  const out: string[] = [];
  const kinds = new Set<AnswerKind | undefined>([own]);
  for (const role of a.table?.questions ?? []) {
    const kind = role.answer;
    if (kinds.has(kind) || !a.plan[role.name]?.length || refused.has(refusal(key, role.name))) continue;
    kinds.add(kind);
    out.push(role.name);
  }
  return out;
}

/** Whether a run took the answers given to this question: it asked it, none of its answers was doubted,
 *  and the run did not stop where the first one did (a yes/no question that takes anything as "no" takes a
 *  word too: only a run that gets further shows the reading is the program's). */
export function tookAnswers(a: Answerer, key: string, stop: Stop, before: { answerer: Answerer; stop: Stop }): boolean {
  if (!a.asks.some((q) => q.key === key && q.answer !== null) || doubtedQuestions(a, stop).includes(key)) return false;
  const taken = (x: Answerer) => x.asks.filter((q) => q.answer !== null).length;
  return stop === null || (stop !== before.stop && stop !== 'raised') || taken(a) > taken(before.answerer);
}

/** How a refused reading is remembered. */
export function refusal(key: string, role: string): string {
  return `${role}\u0000${key}`;
}

/** The words a report uses for a reading kept: 'the question "…" read as whether to substitute a letter'. */
export function readingNote(a: Answerer, key: string, role: string): string {
  const line = a.asks.find((q) => q.key === key)?.line ?? key;
  return `the question ${JSON.stringify(line)} was answered as ${a.table?.get(role)?.says ?? role}, the kind of answer your program takes there`;
}
