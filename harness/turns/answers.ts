// Answering a program's questions by what they ask, not by their order. A test that aims at one rule
// (the replay is offered once, play_game returns its total) scripts its answers per question role
// ("word": [jar, "!!"], "replay": [yes, no]) instead of as one list of lines, so an extra question, a
// missing one or another order elsewhere in the program cannot derail the script before the rule comes
// up. The reference is answered the same way, from its own copy of the plan.
import { classifyQuestion, type RoleTable } from './roles.js';

export type AnswerPlan = Readonly<Record<string, readonly string[]>>;

/** One test's answers: each role's list is used in order; when it runs out, a yes/no question is answered
 *  "no" (declining is always possible) and any other role repeats its last answer (the end sentinel for
 *  words), until `cap` answers in all. A question the table cannot read is taken for the one the reference
 *  asked at the same point (the handout's order), as a person following the handout would. */
export class Answerer {
  private used = new Map<string, number>();
  /** The role each answer was given for, in input order (the program's inputs and its helpers' alike). */
  readonly log: (string | undefined)[] = [];
  /** The roles of the reference's questions, in order, once known. */
  expected: readonly (string | undefined)[] = [];
  constructor(readonly plan: AnswerPlan, readonly table: RoleTable | undefined, readonly cap: number) {}

  /** The answer to a question of this role, or null when the plan has none (or the cap is reached). */
  forRole(role: string | undefined): string | null {
    const list = role ? this.plan[role] : undefined;
    if (!list?.length || this.log.length >= this.cap) return null;
    const k = this.used.get(role!) ?? 0;
    this.used.set(role!, k + 1);
    this.log.push(role);
    if (k < list.length) return list[k]!;
    return this.table?.get(role!)?.answer === 'yes-no' ? 'no' : list[list.length - 1]!;
  }

  /** The role a prompt asks for, read as the judge reads it (the prompt, else the lines above it). */
  roleOf(prompt: string, before: string): string | undefined {
    return (this.table ? classifyQuestion(this.table, prompt, before)?.role.name : undefined) ?? this.expected[this.log.length];
  }
}
