// Answering a program's questions by what they ask, not by their order. A test that aims at one rule
// (the replay is offered once, play_game returns its total) scripts its answers per question role
// ("word": [jar, "!!"], "replay": [yes, no]) instead of as one list of lines, so an extra question, a
// missing one or another order elsewhere in the program cannot derail the script before the rule comes
// up. The reference is answered the same way, from its own copy of the plan.
import { classifyQuestion, questionLine, type RoleTable } from './roles.js';

export type AnswerPlan = Readonly<Record<string, readonly string[]>>;

/** How the role of a question was decided: a reading the program's behaviour showed (readings.ts), the
 *  role table's patterns, the reference's question at the same point, or the asker's own word. */
export type ReadBy = 'reading' | 'table' | 'position' | 'given';

/** One question put to the answerer: its line (as readingKey spells it), the role it was read as, how,
 *  the answer given (null: none left), and what the program printed since the answer before. */
export interface Asked {
  key: string;
  line: string;
  role: string | undefined;
  by: ReadBy;
  answer: string | null;
  said: string;
}

/** A question line as one key: the same question asked again reads the same whatever its numbers. */
export function readingKey(line: string): string {
  return line.trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

/** One test's answers: each role's list is used in order; when it runs out, a yes/no question is answered
 *  "no" (declining is always possible) and any other role repeats its last answer (the end sentinel for
 *  words), until `cap` answers in all. A question the table cannot read is taken for the one the reference
 *  asked at the same point (the handout's order), as a person following the handout would. `readings`
 *  (question key -> role) are what the program showed its questions ask, and come before both. */
export class Answerer {
  private used = new Map<string, number>();
  /** The role each answer was given for, in input order (the program's inputs and its helpers' alike). */
  readonly log: (string | undefined)[] = [];
  /** Every question put, answered or not, in order (readings.ts reads the program's behaviour from it). */
  readonly asks: Asked[] = [];
  private pending: Omit<Asked, 'role' | 'answer'> | undefined;
  /** The roles of the reference's questions, in order, once known. */
  expected: readonly (string | undefined)[] = [];
  constructor(readonly plan: AnswerPlan, readonly table: RoleTable | undefined, readonly cap: number, readonly readings: ReadonlyMap<string, string> = new Map()) {}

  /** The answer to a question of this role, or null when the plan has none (or the cap is reached). */
  forRole(role: string | undefined): string | null {
    const q = this.pending ?? { key: '', line: '', by: 'given' as const, said: '' };
    this.pending = undefined;
    const list = role ? this.plan[role] : undefined;
    if (!list?.length || this.log.length >= this.cap) {
      this.asks.push({ ...q, role, answer: null });
      return null;
    }
    const k = this.used.get(role!) ?? 0;
    this.used.set(role!, k + 1);
    this.log.push(role);
    const answer = k < list.length ? list[k]! : this.table?.get(role!)?.answer === 'yes-no' ? 'no' : list[list.length - 1]!;
    this.asks.push({ ...q, role, answer });
    return answer;
  }

  /** The role a prompt asks for: a reading the program showed, else as the judge reads it (the prompt,
   *  else the lines above it), else the reference's question at this point. */
  roleOf(prompt: string, before: string): string | undefined {
    const line = questionLine(prompt, before);
    const key = readingKey(line);
    const read = this.readings.get(key);
    const table = read === undefined && this.table ? classifyQuestion(this.table, prompt, before)?.role.name : undefined;
    this.pending = { key, line, by: read !== undefined ? 'reading' : table ? 'table' : 'position', said: before };
    return read ?? table ?? this.expected[this.log.length];
  }

  /** The answer to a question shown as this prompt, read by roleOf. */
  answer(prompt: string, before: string): string | null {
    return this.forRole(this.roleOf(prompt, before));
  }
}
