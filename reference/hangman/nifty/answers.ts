// Understanding the questions of an Evil Hangman program. Its prompt is read with the role table
// first. A question the table does not know is still answered, never turned into an error: a prompt
// that re-asks ("Try again:", the same line again) asks what was asked before; one that offers yes/no
// or wants a number asks the setup question of that type the handout's order puts next (length, then
// guesses, then the running total); in the game it asks for a letter. The answer given is reported.
import { classifyQuestion, questionLine, type RoleTable } from '../../../harness/turns/index.js';
import { yesNoFor, type IOProfile } from '../../../harness/interactive/profile.js';

export type Question = 'fileName' | 'wordLength' | 'guesses' | 'runningTotal' | 'letter' | 'playAgain';

export const QUESTIONS: readonly Question[] = ['fileName', 'wordLength', 'guesses', 'runningTotal', 'letter', 'playAgain'];

export interface Understood {
  question: Question;
  /** The line that asks it (the prompt, or the line above a bare one). */
  line: string;
  /** How it was understood: by its words, or, for a question the table does not know, why. */
  how: 'words' | 'asked again' | 'answer type' | 'handout order' | 'behaviour';
}

export interface QuestionContext {
  /** The question answered last and the text that asked it. */
  previous?: { question: Question; text: string };
  phase: 'setup' | 'play' | 'over';
  /** Setup questions answered so far. */
  answered: ReadonlySet<Question>;
}

const REASK = /\b(?:try again|again|invalid|must be|not (?:a |an )?(?:valid|number|integer|letter)|too (?:many|few|big|small|high|low|long|short)|please (?:enter|type|input)|only\b|at least|at most|between)/i;
const WANTS_NUMBER = /\b(?:number|how many|integer|digit|amount)\b|#/i;

export function understand(table: RoleTable, profile: IOProfile, prompt: string, ctx: QuestionContext): Understood {
  const hit = classifyQuestion(table, prompt);
  const line = questionLine(prompt);
  // A line ending in a number states something ("Number of words left: 301"): it is not the question.
  if (hit && (QUESTIONS as readonly string[]).includes(hit.role.name) && !/\d\s*$/.test(hit.line)) return { question: hit.role.name as Question, line: hit.line, how: 'words' };
  const prev = ctx.previous;
  // The same prompt again, or words that only make sense as a re-ask.
  if (prev && (normal(prompt) === normal(prev.text) || REASK.test(line))) return { question: prev.question, line, how: 'asked again' };
  const setupOrder: Question[] = ['wordLength', 'guesses', 'runningTotal'];
  const nextSetup = setupOrder.find((q) => !ctx.answered.has(q));
  if (yesNoFor(profile, prompt)) {
    const q: Question = ctx.phase === 'over' ? 'playAgain' : ctx.phase === 'setup' || !ctx.answered.has('runningTotal') ? 'runningTotal' : 'playAgain';
    return { question: q, line, how: 'answer type' };
  }
  if (ctx.phase === 'setup' && WANTS_NUMBER.test(line)) {
    return { question: setupOrder.slice(0, 2).find((q) => !ctx.answered.has(q)) ?? 'guesses', line, how: 'answer type' };
  }
  if (ctx.phase === 'play') return { question: 'letter', line, how: 'handout order' };
  if (ctx.phase === 'over') return { question: 'playAgain', line, how: 'handout order' };
  return { question: nextSetup ?? 'letter', line, how: 'handout order' };
}

/** The text of a prompt without echo noise, to tell a re-ask of the very same question (and to remember
 *  what a question asks, behaviour.ts). */
export function normal(text: string): string {
  return questionLine(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The kind of answer each question takes: a question read as another of the same kind is no other reading. */
export const ANSWER_KIND: Record<Question, 'number' | 'yes-no' | 'letter' | 'file'> = {
  fileName: 'file', wordLength: 'number', guesses: 'number', runningTotal: 'yes-no', letter: 'letter', playAgain: 'yes-no',
};

/** How a message names a question ("for the word length"). */
export function says(table: RoleTable, q: Question): string {
  return table.get(q)?.says ?? q;
}

/** The yes or no answer to give, in the spelling the question shows; on a re-ask, the next spelling. */
export function yesNoAnswer(profile: IOProfile, prompt: string, want: boolean, tried: ReadonlySet<string>): string | null {
  const shown = yesNoFor(profile, prompt);
  const list = [...new Set([...(shown ? [want ? shown.yes : shown.no] : []), ...(want ? profile.yesAnswers : profile.noAnswers)])];
  return list.find((a) => !tried.has(a)) ?? null;
}
