// Questions read by behaviour. The role table's reading of a prompt is a first guess: "Enter your total
// guess:" reads like a letter prompt but wants the number of guesses. When the program refuses a setup answer
// at once (it raises, stalls, loops or asks again right after it: game.ts `misread`), the game is played again
// from the start with each other kind of answer for that question (a number, yes/no, a letter, a file name),
// and the reading the program accepts is kept. A failure caused by an answer of the wrong kind is then never
// charged; when the program accepts no kind, its failure stands.
//
// What one test learned is not carried to the next: a verdict must not depend on which tests ran before it, so
// each test that meets a refused question pays its own games (only programs that refuse an answer pay them).
import type { GameEnv } from '../../../harness/interactive/game.js';
import type { NiftyParams } from './params.js';
import { ANSWER_KIND, says, type Question } from './answers.js';
import type { LearnedReadings, Misread, PlayedNiftyGame } from './game.js';

export type PlayWithReadings = (params: NiftyParams, env: GameEnv, learned?: LearnedReadings) => Promise<PlayedNiftyGame>;

/** At most this many questions of one game are re-read (each costs a game per kind of answer). */
const MAX_REREAD = 3;

/** The other readings of a refused question, one per kind of answer: a number (the setup number question not
 *  answered yet, in the handout's order), yes/no, a letter, a file name. */
export function otherReadings(m: Pick<Misread, 'question' | 'answered'>): Question[] {
  const answered = new Set(m.answered.filter((q) => q !== m.question));
  const number: Question = (['wordLength', 'guesses'] as const).find((q) => !answered.has(q)) ?? 'guesses';
  const byKind: Question[] = [number, 'runningTotal', 'letter', 'fileName'];
  return byKind.filter((q) => ANSWER_KIND[q] !== ANSWER_KIND[m.question]);
}

/** `play`, with every setup question read as the program's behaviour shows it. */
export function readingByBehaviour(play: PlayWithReadings): (params: NiftyParams, env: GameEnv) => Promise<PlayedNiftyGame> {
  return async (params, env) => {
    const learned = new Map<string, Question>();
    /** Questions whose other readings were tried already (accepted or not). */
    const tried = new Set<string>();
    let r = await play(params, env, learned);
    const notes: string[] = [];
    // A question with no words (a program that prints nothing, one that closed its output) was read by the
    // handout's order, not by its words: there is no reading to doubt, and what the program does is judged as it is.
    for (let n = 0; n < MAX_REREAD && r.misread && r.misread.line.trim() !== '' && !tried.has(r.misread.key) && !learned.has(r.misread.key); n++) {
      const m = r.misread;
      tried.add(m.key);
      let accepted: { q: Question; game: PlayedNiftyGame } | undefined;
      for (const q of otherReadings(m)) {
        const game = await play(params, env, new Map([...learned, [m.key, q]]));
        // Accepted: the program went past that question (a refusal there again is the same misreading).
        if (game.misread?.key !== m.key) { accepted = { q, game }; break; }
      }
      if (!accepted) break;
      learned.set(m.key, accepted.q);
      notes.push(`the program refused "${m.answer}" as the answer to "${m.line}" (${m.how}), read by its words as the question ${says(env.table, m.question)}; it accepts ${ANSWER_KIND[accepted.q] === 'yes-no' ? 'yes or no' : `a ${ANSWER_KIND[accepted.q]}`} there, so gradekit read it as the question ${says(env.table, accepted.q)} and played the game again`);
      r = accepted.game;
    }
    return notes.length ? { ...r, notices: [...notes, ...r.notices] } : r;
  };
}
