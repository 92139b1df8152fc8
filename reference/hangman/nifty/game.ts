// One Evil Hangman game against a free-form console program (CIT 594 / Nifty). The program is driven in
// lockstep: each question is understood (answers.ts) and answered, letters are played, and every turn
// is judged against the handout's steps by the oracle (oracle.ts), which follows whatever reasonable
// reading the program made of an input the handout leaves open. The result lists each requirement the
// program broke, by check; the test charges the checks it names.
import { runLockstep, type LockstepResult } from '../../../harness/run/lockstep.js';
import { NO_GAME, type GameEnv, type GameResult, type Violation } from '../../../harness/interactive/game.js';
import { kindMessage } from '../../../harness/model/kinds.js';
import { classifyQuestion, linesSaying, questionLine, readLetters, readNumbers, readPatterns, type Role } from '../../../harness/turns/index.js';
import { normal, says, understand, yesNoAnswer, type Question } from './answers.js';
import {
  describeFamilies, describeFamily, frequencyGuess, impossibleLengths, inputReadings, keptSmallerFamily,
  startState, sureHit, sureMiss, wordsOfLength, type GameState, type Reading,
} from './oracle.js';
import type { NiftyParams } from './params.js';
import { OTHER_QUANTITY } from './roles.js';
import { noFacts, type Facts } from './facts.js';

/** In an injected input, '<repeat>' stands for the most recent letter guessed, '<hit>' for the most recent
 *  one the word shows. */
export const REPEAT_LAST = '<repeat>';
export const LAST_HIT = '<hit>';
const MAX_BELIEFS = 16;
/** Defects of the setup questions (asked before any game state), as opposed to symptoms seen in a game. */
const isSetupDefect = (d?: string) => /^(setup|relength):|^guesses:(?!wrong-count)/.test(d ?? '');

/** A setup question whose answer the program refused right away (it raised, stalled, or asked again):
 *  gradekit may have misread what it asks (behaviour.ts tries the other kinds of answer). */
export interface Misread {
  /** The question's line, as written, and normalised (the key a reading is remembered by). */
  line: string;
  key: string;
  /** How gradekit read it, and the answer it gave. */
  question: Question;
  answer: string;
  /** The input's index in the run. */
  index: number;
  /** How the program refused it, for the notice. */
  how: string;
  /** Setup questions answered before it. */
  answered: Question[];
}

/** Questions read by the program's behaviour in earlier games (behaviour.ts), by normalised line. */
export type LearnedReadings = ReadonlyMap<string, Question>;

/** One game, what it showed (facts.ts), and the program's own deviations that shaped it. */
export interface PlayedNiftyGame extends GameResult {
  facts: Facts;
  /** The defect after which the game left every reading the handout allows. */
  rootDefect?: string;
  /** The violation that stopped the game before it started. */
  setupStop?: Violation;
  /** A setup answer the program refused at once: the question may have been misread. */
  misread?: Misread;
}

export async function playNiftyGame(params: NiftyParams, env: GameEnv, learned: LearnedReadings = new Map()): Promise<PlayedNiftyGame> {
  const { table, profile } = env;
  const role = (name: string): Role => {
    const r = table.get(name);
    if (!r) throw new Error(`the role table has no '${name}' (a spec problem)`);
    return r;
  };
  const [guessedRole, winRole, lossRole, revealRole] = [role('guessedLetters'), role('win'), role('loss'), role('revealedWord')];
  const impossible = impossibleLengths(env.words, 4);
  // Each 'none' is the next length without words (1, then a gap or one past the longest): a program that
  // checks only a range is caught by the second.
  const noWords = impossible.filter((n) => n > 0);
  let nones = 0;
  const lengths = params.length.map((l) => (l === 'none' ? noWords[Math.min(nones++, noWords.length - 1)] ?? 0 : l));
  const hasWords = (n: number) => wordsOfLength(env.words, n).length > 0;

  const violations: Violation[] = [];
  const notices: string[] = [];
  /** The defect first seen when the program's game left every reading the handout allows (its word list is
   *  no word family, say). The oracle then only approximates the program, so every later symptom, in any
   *  check, is that one defect again and is charged once, by the first test that shows it. A pattern or
   *  count that fits no family is the family defect, the same one as a smaller family kept: one wrong list
   *  shows as either, in different games (a whole list kept shows a count that fits no family where the
   *  count is shown, and a smaller family where it is not). */
  let rootDefect: string | undefined;
  /** `judged: 'by its own display'`: the symptom was judged only against what the program itself showed
   *  (a guess its own pattern reveals, yet its own count of guesses drops), so it is its own defect, not a
   *  consequence of the family defect the game followed. */
  const violate = (check: string, message: string, defect?: string, judged?: 'by its own display') => {
    // Setup questions are answered before any game state: they stay defects of their own.
    const own = isSetupDefect(defect) || judged !== undefined;
    const d = own ? defect : rootDefect ?? defect;
    if (violations.some((v) => v.check === check && v.message === message)) return;
    const v = { check, message, ...(d ? { defect: d } : {}) };
    // A setup defect happened before the game, even when noticed at its end: it comes first, so a test that
    // charges both a setup rule and a game rule names the setup one, not a symptom of a game defect.
    if (isSetupDefect(defect)) violations.splice(violations.findIndex((x) => !isSetupDefect(x.defect)) >>> 0, 0, v);
    else violations.push(v);
  };
  /** The setup broke a rule and the game cannot start: the tests of other rules report that they could not check. */
  let setupStop: Violation | undefined;
  const stopSetup = (check: string, message: string, defect: string) => {
    violate(check, message, defect);
    setupStop ??= violations.find((v) => v.check === check && v.message === message);
  };
  const once = new Set<string>();
  const notice = (key: string, text: string) => {
    if (!once.has(key)) { once.add(key); notices.push(text); }
  };

  const facts = noFacts();
  let phase: 'setup' | 'play' | 'over' = 'setup';
  /** The phase, read through a call: closures change it, so TypeScript must not narrow it. */
  const inPhase = (p: typeof phase) => phase === p;
  const answered = new Set<Question>();
  let previous: { question: Question; text: string } | undefined;
  let lengthIdx = 0;
  let lengthSent: number | null = null;
  /** The numbers of guesses to answer in turn; after them, fallbacks for a program that refuses the last one. */
  let guessesIdx = 0;
  let guessesSent: number | null = null;
  let fallbacks = [8, 6].filter((n) => n !== params.guesses.at(-1));
  const validGuessCount = (n: number) => n >= 1;
  let runningAnswer: boolean | null = null;
  let fileAsked = 0;
  const triedYesNo = new Set<string>();
  let beliefs: Reading[] = [];
  let validGuesses = 0;
  const injects = [...params.inject].sort((a, b) => a.beforeGuess - b.beforeGuess);
  const scripted = typeof params.guesser === 'string' ? '' : params.guesser.letters.toLowerCase();
  let scriptPos = 0;
  let pending: null | { input: string; guess: boolean; label: string } = null;
  /** Output since the pending input (its reaction, and the status before the next question). */
  let reaction = '';
  /** Everything the program printed before the current reaction: its own wording (labels, prompts). */
  let printedBefore = '';
  /** Output since the last letter was typed: what the player sees before the next guess. */
  let sinceLetter = '';
  let stop = false;
  const statusShown = new Set<string>();
  /** Weighing a guess's cost (facts.ts): the guesses left were readable before it (the number asked for, or one
   *  shown since) and are read after it. Guesses since the last reading wait here; an input the handout leaves
   *  open (its cost too) in between makes them unweighable. */
  let anchored = false;
  let unweighed: { hit: boolean; label: string }[] = [];
  let startCount = 0;
  /** The last answer given during the setup (the letter that started the game included), and, once the program
   *  refused it right away, the misreading it may show. */
  let probe: Misread | undefined;
  let misread: Misread | undefined;
  const refused = (how: string) => { if (probe && !misread) misread = { ...probe, how }; };

  const state = (): GameState | undefined => beliefs[0]?.state;
  const numbersOf = (text: string, roleName: string) => {
    const all = readNumbers(text, table);
    const q = OTHER_QUANTITY[roleName];
    return all.filter((n) => n.roles.includes(roleName) && !(q && q.other.test(labelOf(text, n, all)) && !q.unless.test(labelOf(text, n, all))));
  };
  const lastNumber = (text: string, roleName: string): number | null => numbersOf(text, roleName).at(-1)?.value ?? null;
  /** The count of words remaining, also as a bare number on its own line (printed after a yes to the count question). */
  const countShown = (text: string): number | null => {
    const c = lastNumber(text, 'wordsLeft');
    if (c !== null || runningAnswer !== true) return c;
    return readNumbers(text, table).filter((n) => n.roles.length === 0 && n.line.trim() === String(n.value)).at(-1)?.value ?? null;
  };
  const patternsIn = (text: string, letters: Iterable<string>, length: number) =>
    readPatterns(text, length, new Set(letters), { blanks: profile.blankChars, skip: guessedRole.patterns });

  // ------------------------------------------------------------------ judging the reaction to an input
  const judgeReaction = (ended: boolean) => {
    const p = pending;
    pending = null;
    if (!p || !beliefs.length) return;
    const text = reaction;
    const before = state()!;
    const L = before.length;
    const base = inputReadings(beliefs.map((b) => b.state), p.input, p.guess);
    // A program may charge a guess for a revealed letter (a guess-cost defect): that reading keeps the right
    // family, so a game that ends one guess early is not, by itself, a smaller family kept.
    const readings = [...base, ...base.filter((r) => r.family && r.family.positions.length > 0).map(costlyHit)];
    const letters = new Set([...readings.flatMap((r) => r.state.guessed), ...p.input.toLowerCase()]);
    const shownAll = patternsIn(text, letters, L).map((x) => x.pattern);
    const candidates = new Set(readings.map((r) => r.state.pattern));
    // The pattern the program shows: the last one that is a family of this input; failing that, the last
    // one with a blank (a word of prose made of guessed letters, like "no", is not a pattern).
    const shown = [...shownAll].reverse().find((x) => candidates.has(x)) ?? [...shownAll].reverse().find((x) => x.includes('-'));
    // The guesses left: of the numbers so labelled, the last one some reading explains, else the last (the label
    // is a hint, the value decides: "8 guesses in all ... 7 guesses left").
    const gls = numbersOf(text, 'guessesLeft').map((n) => n.value);
    const gl = [...gls].reverse().find((v) => readings.some((r) => r.state.guessesLeft === v)) ?? gls.at(-1) ?? null;
    const count = countShown(text);
    const mismatches = (r: Reading): string[] => {
      const m: string[] = [];
      if (shown !== undefined && shown !== r.state.pattern) m.push('pattern');
      if (gl !== null && gl !== r.state.guessesLeft) m.push('guesses');
      if (count !== null && count !== r.state.words.length) m.push('count');
      if (ended !== (r.state.over !== null)) m.push('end');
      return m;
    };
    /** A revealed letter charged a guess. Its own pattern shows the letter and its own count drops: a cost
     *  defect whatever family it follows. */
    const chargedHit = (r: Reading) => {
      const shows = gl !== null ? `shows ${gl} guess${gl === 1 ? '' : 'es'} left, expected ${r.state.guessesLeft + 1}` : `ends the game with "${r.state.pattern}" still blank, as if it cost the last guess`;
      violate('guess-cost', `${p.label}: the program ${shows}: ${costReason(p, r, beliefs[0]!.state)}`, 'guesses:wrong-count', shown === r.state.pattern ? 'by its own display' : undefined);
    };
    const fitting = readings.filter((r) => mismatches(r).length === 0);
    if (fitting.length) {
      // A word of the length named in the reaction ("The secret word was WITH") tells the family kept.
      const named = new Set(revealedWords(text, L).map((w) => w.word));
      const byWord = fitting.filter((r) => r.state.words.some((w) => named.has(w)));
      const pool = byWord.length ? byWord : fitting;
      const right = pool.filter((r) => !keptSmallerFamily(r) && !r.costly);
      const plain = pool.filter((r) => !r.costly);
      // Charging for a revealed letter is the reading when no plain one fits, or when a named word shows that
      // family; otherwise a smaller family kept explains the game as well, and is the defect charged.
      // A word of the list named here that no reading's family holds: the program's word list is no family.
      const dict = new Set(wordsOfLength(env.words, L));
      const contradicted = !byWord.length && [...named].some((w) => dict.has(w));
      const costly = right.length || (plain.length && !byWord.length) || (!plain.length && contradicted) ? undefined : pool.find((r) => r.costly && !keptSmallerFamily(r));
      // Only readings that charge a revealed letter fit, each keeping a smaller family: two defects at once.
      const costlySmaller = !right.length && !costly && !plain.length && !contradicted ? pool.find((r) => r.costly) : undefined;
      if (costlySmaller) {
        violate('largest-family', smallerFamilyMessage(p.label, costlySmaller), 'family:not-largest');
        chargedHit(costlySmaller);
      } else if (!right.length && !costly && !plain.length) {
        const named1 = [...named].find((w) => dict.has(w));
        violate('largest-family', `${p.label}: the program plays as if its word list were not the family it shows ("${beliefs[0]!.state.pattern}" before this input): it names "${named1}", which that family does not hold (step 4e keeps exactly the words of one family)`, 'family:not-largest');
        rootDefect ??= 'family:not-largest';
      } else if (costly) chargedHit(costly);
      else if (!right.length) violate('largest-family', smallerFamilyMessage(p.label, (plain[0] ?? pool[0])!), 'family:not-largest');
      // Ruled out: every reading the display (or a word it names) leaves out of the pool.
      if (p.guess && (right.length || costly)) seeFamily(readings, (r) => (pool.includes(r) ? [] : ['ruled out']), before);
      beliefs = (right.length ? right : costly ? [costly] : costlySmaller ? [costlySmaller] : plain.length ? plain : pool).slice(0, MAX_BELIEFS);
      const read = beliefs[0]!.read;
      if (!p.guess) notice(`read:${p.input}:${read}`, `${p.label}: the program read it as ${read}${beliefs.length > 1 ? ' (or as another reasonable reading)' : ''}`);
    } else {
      // Nothing the handout allows fits what the program shows: say what the most plausible reading
      // expects, then follow the program so that one mistake is charged once.
      // Among the readings of the pattern shown, the one its count of guesses fits, else a plain one, else one of
      // a largest family: a count of guesses some reasonable reading explains is no defect.
      const rank = (r: Reading) => (gl !== null && r.state.guessesLeft !== gl ? 4 : 0) + (r.costly ? 2 : 0) + (keptSmallerFamily(r) ? 1 : 0);
      const best = readings.filter((r) => r.state.pattern === shown).sort((a, b) => rank(a) - rank(b))[0] ?? readings.find((r) => !keptSmallerFamily(r)) ?? readings[0]!;
      const bad = mismatches(best);
      const seenBefore = violations.length;
      // A shown pattern or count that fits no family means the word list kept is not the largest family (4e).
      if (bad.includes('pattern') || bad.includes('count')) rootDefect ??= 'family:not-largest';
      const prev = beliefs[0]!.state;
      if (bad.includes('pattern')) {
        const forgets = [...prev.pattern].some((c, i) => c !== '-' && shown![i] === '-');
        if (forgets) violate('largest-family', `${p.label}: the program shows "${shown}", which hides letters already revealed ("${prev.pattern}" before this input; step 4e reports the positions of the letters)`, 'family:forgets-revealed');
        else if (!candidates.has(shown!)) violate('largest-family', `${p.label}: the program shows "${shown}", which matches no word family of the ${prev.words.length} remaining words${best.largest ? ` (largest: ${describeFamilies(best.largest)})` : ''}`, 'family:no-family');
      }
      if (keptSmallerFamily(best)) violate('largest-family', smallerFamilyMessage(p.label, best), 'family:not-largest');
      // Its count or guesses left fit no reading, but the pattern it shows may still tell the family it kept.
      else if (p.guess && shown !== undefined && shown === best.state.pattern) seeFamily(readings, (r) => (r.state.pattern === shown ? [] : ['pattern']), before);
      if (best.costly && !bad.includes('guesses')) chargedHit(best);
      if (bad.includes('guesses')) {
        const allowed = [...new Set(readings.filter((r) => !r.costly && r.state.pattern === best.state.pattern).map((r) => r.state.guessesLeft))];
        // Guesses earlier in the game whose cost was never shown may be the ones that cost: say since when.
        const since = unweighed.length ? ` (the guesses left were last shown before ${unweighed[0]!.label})` : '';
        // Judged against the pattern the program itself shows (a family of this guess), the cost is a defect of
        // its own; against a pattern that fits no family, it may be the family defect again.
        const ownDisplay = shown !== undefined && shown === best.state.pattern && !bad.includes('pattern');
        violate('guess-cost', `${p.label}: the program shows ${gl} guess${gl === 1 ? '' : 'es'} left, expected ${allowed.join(' or ')}: ${costReason(p, best, prev)}${since}`, 'guesses:wrong-count', ownDisplay ? 'by its own display' : undefined);
      }
      if (bad.includes('count')) {
        violate('running-total', `${p.label}: the program shows ${count} words remaining, but the family kept, "${best.state.pattern}", has ${best.state.words.length}`, 'count:wrong');
      }
      const followed: GameState = { ...best.state, guessesLeft: gl ?? best.state.guessesLeft, pattern: shown && candidates.has(shown) ? shown : best.state.pattern };
      // The end is judged against the program's own count of guesses: a game that ends when its own count
      // reaches 0 ends on time, whatever that count should have been (a cost defect, charged above).
      const due = !followed.pattern.includes('-') ? 'win' : followed.guessesLeft <= 0 ? 'loss' : null;
      // Lost early with its count not shown: the program's own count of guesses ran out early (a cost defect,
      // the one the cost tests charge), or its end is early; the first is read, and the end named.
      // (A program that says the player won is not out of guesses: that early end is an end defect.)
      const saysWon = linesSaying(text, winRole).length > 0 && !linesSaying(text, lossRole).length;
      if (ended && !due && gl === null && !saysWon) {
        const since = unweighed.length ? `; the guesses left were last shown before ${unweighed[0]!.label}, and some guess since cost more than the rules say` : '';
        const lost = `${p.label}: the game ended as lost with "${followed.pattern}" still blank, but ${followed.guessesLeft} guess${followed.guessesLeft === 1 ? ' is' : 'es are'} left (${costReason(p, best, prev)}${since}): the program ran out of guesses early`;
        violate('guess-cost', lost, 'guesses:wrong-count');
        violate('ends', lost, 'guesses:wrong-count');
      } else if (ended && !due) violate('ends', `${p.label}: the game ended, but ${followed.guessesLeft} guesses are left and "${followed.pattern}" still has blanks`, 'end:early');
      if (!ended && due) {
        const why = due === 'win' ? `"${followed.pattern}" has no blanks left (a win)` : 'no guesses are left (a loss)';
        // Its own display says the game is over (its own count of guesses at 0 or below, or a word with no blank):
        // a defect of its own, whatever family defect the game followed (a game that plays on below 0 guesses
        // and is then "won" with a negative score is charged here, once).
        const ownDisplay = due === 'loss' ? gl !== null : shown !== undefined && !shown.includes('-');
        violate('ends', `${p.label}: the game should end here, ${why}${gl !== null && gl < 0 ? ` (the program shows ${gl} guesses left)` : ''}, but the program asks for another guess`, 'end:late', ownDisplay ? 'by its own display' : undefined);
      }
      followed.over = ended ? (due ?? (followed.pattern.includes('-') ? 'loss' : 'win')) : null;
      beliefs = [{ ...best, state: followed }];
      // A count of guesses off is followed exactly (the game goes on from the count the program shows): it
      // leaves no reading, and later symptoms stay defects of their own.
      rootDefect ??= violations.slice(seenBefore).find((v) => v.defect && !v.defect.startsWith('guesses:'))?.defect;
    }
    const s = state()!;
    weigh(p, gl, ended && s.over === 'loss');
    if (gl !== null) facts.guessesSeen = true;
    if (ended && s.over) judgeEnding(s, text, p.label);
  };

  /** Facts of the family kept (facts.ts): every reading that keeps a smaller family was ruled out by what the
   *  program showed (and whether that was a hit the largest family shows, with a smaller letter-free family,
   *  on the last guess left). */
  const seeFamily = (readings: Reading[], mismatches: (r: Reading) => string[], before: GameState) => {
    const smaller = readings.filter((r) => keptSmallerFamily(r));
    if (!smaller.length || smaller.some((r) => mismatches(r).length === 0)) return;
    facts.familyChoice = true;
    const largest = readings[0]?.largest ?? [];
    if (before.guessesLeft === 1 && largest.every((f) => f.positions.length > 0) && smaller.some((r) => r.family!.positions.length === 0)) facts.lastGuessHit = true;
  };

  /** Whether this input's cost, and those waiting since the last reading, could be read (facts.ts). */
  const weigh = (p: { guess: boolean; label: string }, gl: number | null, lost: boolean) => {
    if (!p.guess) {
      // What an input the handout leaves open costs is open too: nothing before it can be weighed through it.
      unweighed = [];
      anchored = gl !== null;
      return;
    }
    const b = beliefs[0]!;
    if (anchored) unweighed.push({ hit: (b.family?.positions.length ?? 0) > 0 || b.costly === true, label: p.label });
    if (gl === null && !lost) return;
    for (const u of unweighed) facts[u.hit ? 'weighedHit' : 'weighedMiss'] = true;
    unweighed = [];
    anchored = true;
  };

  const costlyHit = (r: Reading): Reading & { costly: true } => {
    const state: GameState = { ...r.state, guessesLeft: r.state.guessesLeft - 1 };
    state.over = !state.pattern.includes('-') ? 'win' : state.guessesLeft <= 0 ? 'loss' : null;
    return { ...r, state, read: `${r.read}, charged a guess though revealed`, costly: true };
  };
  const invalidGuessesAccepted = (n: number) =>
    `the program accepted ${n} as the number of guesses, which is not a valid number: it must ask again (step 2: "Prompt the user for a valid word length and number of guesses")`;
  const smallerFamilyMessage = (label: string, r: Reading) => {
    const largest = r.largest!;
    const tie = largest.length > 1 ? `the largest families (tied) are ${describeFamilies(largest)}` : `the largest family is ${describeFamily(largest[0]!)}`;
    // Dodging on the last guess is the handout's extra-credit idea, not a rule of the assignment.
    const last = r.state.guessesLeft === 0 && r.family!.positions.length === 0 ? ' (on the last guess too: dodging it is only the extra-credit idea, not The Assignment\'s rule)' : '';
    return `${label}: the program kept ${describeFamily(r.family!)}, but ${tie}${last}`;
  };
  const costReason = (p: { input: string; guess: boolean }, r: Reading, prev: GameState) => {
    if (!r.family) return `${p.guess ? '' : `"${p.input}" is not a new letter: `}${r.read} (${prev.guessesLeft} before)`;
    return r.family.positions.length === 0
      ? `'${r.letter}' is not in the family kept, ${describeFamily(r.family)}, so it costs exactly one guess (${prev.guessesLeft} before)`
      : `'${r.letter}' is revealed in "${r.family.pattern}", so it costs nothing (${prev.guessesLeft} before)`;
  };

  /** Words of the length a reaction shows as the word: after a "the word was" phrase (named), or standing
   *  alone on a line or in quotes. */
  const revealedWords = (text: string, length: number): { word: string; named: boolean }[] => {
    const out: { word: string; named: boolean }[] = [];
    for (const line of linesSaying(text, revealRole)) {
      for (const p of revealRole.patterns) {
        const m = new RegExp(p.source + String.raw`\s*[:=]?\s*["'“\[]?\s*([A-Za-z]+)`, 'i').exec(line);
        if (m?.[1] && m[1].length === length) out.push({ word: m[1].toLowerCase(), named: true });
      }
    }
    for (const m of text.matchAll(/^\s*([A-Za-z]+)[.!]?\s*$|["'“]([A-Za-z]+)["'”]/gm)) {
      const w = (m[1] ?? m[2]!).toLowerCase();
      if (w.length === length) out.push({ word: w, named: false });
    }
    return out;
  };

  // ------------------------------------------------------------------ the end of a game (steps 4f, 4g)
  const judgeEnding = (s: GameState, text: string, label: string) => {
    phase = 'over';
    const won = linesSaying(text, winRole).length > 0;
    const lost = linesSaying(text, lossRole).length > 0;
    facts.ended = true;
    facts[s.over === 'win' ? 'won' : 'lost'] = true;
    if (s.over === 'win') {
      // Congratulations in words the table does not know still count; the opposite, or silence, does not.
      const prose = text.split('\n').filter((l) => !/\d/.test(l) && /[A-Za-z]{4,}/.test(l.replace(/[A-Za-z-]+/g, (w) => (w.length === s.length ? '' : w))));
      if (lost && !won) violate('congratulate', `${label}: the player won ("${s.pattern}"), but the program says the player lost`, 'end:says-lost');
      else if (!won && !prose.length) violate('congratulate', `${label}: the player guessed the word ("${s.pattern}"), but the program does not congratulate her (step 4g)`, 'end:no-congratulations');
      return;
    }
    if (won && !lost) violate('congratulate', `${label}: the player ran out of guesses, but the program congratulates her`, 'end:says-won');
    const family = new Set(beliefs.flatMap((b) => b.state.words));
    const dict = new Set(wordsOfLength(env.words, s.length));
    // A word of the final family is the word revealed however it is introduced, except where it is the program's
    // own wording: a word inside a question ("Would you like to play again?"), a label it printed before the
    // game ended ("Word to guess:") or a word of its own text (a string literal: "Sorry!") reveals nothing. A word after a "the word was" phrase always counts.
    const asks = (l: string) => /\?\W*$/.test(l) || (/:\s*$/.test(l) && classifyQuestion(table, l) !== null);
    const said = text.split('\n').filter((l) => !asks(l)).join('\n');
    const own = new Set([...printedBefore.matchAll(/[A-Za-z]+/g)].map((m) => m[0].toLowerCase()).concat([...(env.ownWording ?? [])]));
    const shownWords = [...revealedWords(text, s.length).filter((w) => w.named), ...revealedWords(said, s.length).filter((w) => !w.named && dict.has(w.word))].map((w) => w.word);
    if (shownWords.some((w) => family.has(w)) || [...said.matchAll(/[A-Za-z]+/g)].some((m) => family.has(m[0].toLowerCase()) && !own.has(m[0].toLowerCase()))) return;
    const sample = [...family].slice(0, 5).join(', ') + (family.size > 5 ? ', …' : '');
    if (shownWords.length) violate('reveal', `${label}: out of guesses, the program reveals "${shownWords[0]}", which is not in the final family "${s.pattern}" (${family.size} words: ${sample})`, 'reveal:outside-family');
    else violate('reveal', `${label}: out of guesses, the program shows no word of the final family "${s.pattern}" as the word it had chosen (step 4f; ${family.size} words: ${sample})`, 'reveal:none');
  };

  // ------------------------------------------------------------------ before each guess (step 4b)
  const judgeStatus = (n: number) => {
    const s = state()!;
    const text = sinceLetter;
    const before = n === 1 ? 'before the first guess' : `before guess ${n}`;
    const patterns = patternsIn(text, s.guessed, s.length).map((x) => x.pattern);
    const noPattern = !patterns.some((x) => beliefs.some((b) => b.state.pattern === x));
    if (noPattern && !statusShown.has('pattern')) {
      statusShown.add('pattern');
      violate('status', `${before} the program does not show the word so far ("${s.pattern}", step 4b)`, 'status:pattern');
    }
    // A number the table does not name still shows the value when it is the value (the status wording varies).
    const anyNumber = (v: number) => readNumbers(text, table).some((x) => x.value === v);
    if (!numbersOf(text, 'guessesLeft').length && !beliefs.some((b) => anyNumber(b.state.guessesLeft)) && !statusShown.has('guesses')) {
      statusShown.add('guesses');
      violate('status', `${before} the program does not show how many guesses are left (${s.guessesLeft}, step 4b)`, 'status:guesses');
    }
    const letters = [...new Set(s.guessed)];
    if (letters.length && !statusShown.has('letters')) {
      const shown = readLetters(text, guessedRole);
      const missing = letters.filter((c) => !shown.has(c));
      // Another reading of an input the handout leaves open ('ab' refused, not read as 'a') may list fewer.
      if (missing.length && !beliefs.some((b) => b.state.guessed.every((c) => shown.has(c)))) {
        statusShown.add('letters');
        violate('status', `${before} the program does not show the letters guessed so far: ${shown.size ? `it shows ${[...shown].join(', ')}, not ${missing.join(', ')}` : `${letters.join(', ')} are not listed`} (step 4b)`, 'status:letters');
      }
    }
    // What this status could show (facts.ts): letters of a hit and of a miss; a count that has changed.
    if (s.guessed.some((c) => s.pattern.includes(c)) && s.guessed.some((c) => !s.pattern.includes(c))) facts.statusHitMiss = true;
    if (runningAnswer === true && s.words.length !== startCount && (countShown(text) !== null || anyNumber(s.words.length))) facts.countChanged = true;
    if (runningAnswer === true && countShown(text) === null && !beliefs.some((b) => anyNumber(b.state.words.length)) && !statusShown.has('count')) {
      statusShown.add('count');
      // With no word shown either, the whole status is missing: one omission, charged by the status test.
      violate('running-total', `${before} the program does not show the number of words remaining, though the player asked for a running total (steps 3 and 4b)`, noPattern ? 'status:pattern' : 'count:missing');
    }
  };

  // ------------------------------------------------------------------ starting the game
  const startGame = (prompt: string): boolean => {
    if (lengthSent === null) {
      stopSetup('relength', `the program never asks for a word length (step 2: "Prompt the user for a valid word length"): it asks for a guess first ("${prompt.trim().split('\n').at(-1)}")`, 'setup:no-length-question');
      return false;
    }
    if (!hasWords(lengthSent)) {
      stopSetup('relength', `the program accepted word length ${lengthSent}, but no word of the list has that length: it must ask for a valid length again (step 2)`, 'relength:accepted');
      return false;
    }
    let guesses = guessesSent ?? params.guesses.at(-1)!;
    if (!answered.has('guesses')) {
      const shown = lastNumber(prompt, 'guessesLeft');
      violate('guesses-question', `the program never asks for the number of guesses (step 2: "Prompt the user for a valid word length and number of guesses")${shown !== null ? `; it starts with ${shown}` : ''}`, 'setup:no-guesses-question');
      if (shown !== null) guesses = shown;
    }
    beliefs = [{ state: startState(env.words, lengthSent, guesses), read: 'start' }];
    phase = 'play';
    // What is shown before the first guess describes the start: every word of the length, every guess.
    const s = state()!;
    facts.started = true;
    facts.lengthsDone = lengthIdx >= lengths.length;
    facts.guessesDone = guessesIdx >= params.guesses.length;
    startCount = s.words.length;
    const count = countShown(prompt);
    if (count !== null && count !== s.words.length) violate('running-total', `before the first guess the program shows ${count} words remaining, but ${s.words.length} words have length ${s.length}`, 'count:wrong');
    const gl = lastNumber(prompt, 'guessesLeft');
    // The game starts with the number asked for (step 2), whatever a guess costs later.
    if (gl !== null && gl !== s.guessesLeft && answered.has('guesses')) violate('guesses-question', `before the first guess the program shows ${gl} guesses left, but the player asked for ${s.guessesLeft}`, 'guesses:start');
    if (gl !== null && gl !== s.guessesLeft) s.guessesLeft = gl;
    if (gl !== null) facts.guessesSeen = true;
    // Before the first guess, the guesses left are known: shown, or the number the player typed.
    anchored = gl !== null || answered.has('guesses');
    return true;
  };

  const nextInput = (): { input: string; guess: boolean } => {
    const s = state()!;
    const inj = injects[0];
    const last = s.guessed.at(-1);
    const hit = [...s.guessed].reverse().find((c) => s.pattern.includes(c));
    // An input about a revealed letter waits for one.
    if (inj && inj.beforeGuess <= validGuesses + 1 && (hit || !inj.input.includes(LAST_HIT))) {
      injects.shift();
      const input = inj.input.replaceAll(REPEAT_LAST, last ?? 'e').replaceAll(LAST_HIT, hit ?? 'e');
      const fresh = input.length === 1 && /[a-z]/.test(input) && !s.guessed.includes(input);
      return { input, guess: fresh };
    }
    while (scriptPos < scripted.length) {
      const c = scripted[scriptPos++]!;
      if (c >= 'a' && c <= 'z' && !s.guessed.includes(c)) return { input: c, guess: true };
    }
    return { input: guesserLetter(s), guess: true };
  };
  let alternateHit = true;
  /** The next letter of the test's guesser (params.ts); a sure hit or miss falls back to the most common letter. */
  const guesserLetter = (s: GameState): string => {
    if (params.lastGuess === 'hit' && s.guessesLeft === 1) return sureHit(s, true) ?? sureHit(s) ?? frequencyGuess(s);
    switch (params.guesser) {
      case 'hits': return sureHit(s) ?? frequencyGuess(s);
      case 'misses': return sureMiss(s) ?? frequencyGuess(s);
      case 'alternate': {
        const c = alternateHit ? sureHit(s, true) ?? sureHit(s) : sureMiss(s);
        alternateHit = !alternateHit;
        return c ?? frequencyGuess(s);
      }
      default: return frequencyGuess(s);
    }
  };

  // ------------------------------------------------------------------ answering each question
  /** Whether the program has shown anything at all: a silent program cannot be judged, and fails. */
  let printed = false;
  const answer = (prompt: string, index: number): string | null => {
    if (declined) afterDecline += prompt;
    if (stop) return null;
    if (/\S/.test(prompt)) printed = true;
    reaction += prompt;
    sinceLetter += prompt;
    // A setup question an earlier game read by what the program accepts (behaviour.ts) is that question.
    const learnedAs = phase === 'setup' ? learned.get(normal(prompt)) : undefined;
    const u = learnedAs ? { question: learnedAs, line: questionLine(prompt), how: 'behaviour' as const } : understand(table, profile, prompt, { previous, phase, answered });
    if (learnedAs) notice(`learned:${u.line}`, `the program's question "${u.line}" is read as the question ${says(table, u.question)}: that is the answer it accepts`);
    else if (u.how !== 'words') {
      notice(`q:${u.line}`, `the program asked "${u.line}", which gradekit did not recognise by its words; answered it as the question ${says(table, u.question)} (${u.how === 'asked again' ? 'it asks again what it asked before' : u.how === 'answer type' ? 'by the kind of answer it wants' : "by the handout's order"})`);
    }
    const again = previous?.question === u.question;
    if (!again) triedYesNo.clear();
    // The letter that started the game refused at once (no word shown, the same question or a refusal): the
    // question it answered may have asked for something else.
    if (probe?.question === 'letter' && index === probe.index + 1 && phase === 'play' && state()
      && !patternsIn(reaction, [probe.answer], state()!.length).length && (REFUSAL.test(reaction) || normal(prompt) === probe.key)) refused('it asked again');
    // A length the list has no words for must be asked again before anything else.
    if (lengthSent !== null && !hasWords(lengthSent) && u.question !== 'wordLength' && phase === 'setup') {
      stopSetup('relength', `the program accepted word length ${lengthSent}, but no word of the list has that length: it must ask for a valid length again (step 2)`, 'relength:accepted');
      stop = true;
      return null;
    }
    if (guessesSent !== null && !validGuessCount(guessesSent) && u.question !== 'guesses' && phase === 'setup') {
      stopSetup('guesses-question', invalidGuessesAccepted(guessesSent), 'guesses:accepted-invalid');
      stop = true;
      return null;
    }
    if (phase === 'play' && pending && u.question !== 'runningTotal') judgeReaction(u.question !== 'letter');
    if (stop) return null;
    previous = { question: u.question, text: prompt };
    const setupAnswer = phase === 'setup';
    // Before the game, each answer starts what the player sees before the first guess afresh.
    const send = (s: string) => {
      if (phase === 'setup') sinceLetter = '';
      // A setup answer is watched: refused at once, it may show a misread question. An invalid value the test
      // sends on purpose is meant to be refused.
      const invalid = (u.question === 'wordLength' && !hasWords(Number(s))) || (u.question === 'guesses' && !validGuessCount(Number(s)));
      if (setupAnswer) probe = invalid ? undefined : { line: u.line, key: normal(prompt), question: u.question, answer: s, index, how: '', answered: [...answered] };
      return s;
    };
    switch (u.question) {
      case 'fileName':
        // Step 1 names the file ("Read the file dictionary.txt"): the word list is there under that name.
        if (++fileAsked > 2) refused('it asked again');
        if (fileAsked > 2) return fail(`the program keeps asking "${u.line}" after "${env.wordsFile}": it cannot open the word list`);
        return send(env.wordsFile);
      case 'wordLength': {
        if (phase !== 'setup') { stop = true; return null; } // a new game after the one judged: enough
        if (again && lengthSent !== null && hasWords(lengthSent)) {
          refused('it asked again');
          stopSetup('relength', `the program asks for the word length again after ${lengthSent}, but ${wordsOfLength(env.words, lengthSent).length} words have that length`, 'relength:refused-valid');
          stop = true;
          return null;
        }
        const n = lengths[Math.min(lengthIdx, lengths.length - 1)]!;
        lengthIdx++;
        lengthSent = n;
        answered.add('wordLength');
        return send(String(n));
      }
      case 'guesses': {
        if (phase !== 'setup') { stop = true; return null; }
        let n: number | undefined = params.guesses[guessesIdx];
        if (n !== undefined) guessesIdx++;
        else if (again && guessesSent !== null && validGuessCount(guessesSent)) {
          // A valid number refused: try the usual ones before giving up (a program may cap the guesses).
          n = fallbacks.shift();
          if (n === undefined) refused('it asked again');
          if (n === undefined) return fail(`the program keeps asking "${u.line}" and accepts none of ${[...new Set([...params.guesses.filter(validGuessCount), 8, 6])].join(', ')} as the number of guesses`);
          notice('guesses-refused', `the program refused ${guessesSent} guesses; gradekit answered ${n}`);
        } else n = params.guesses.at(-1)!;
        guessesSent = n;
        answered.add('guesses');
        return send(String(n));
      }
      case 'runningTotal': {
        answered.add('runningTotal');
        const want = params.runningTotal;
        const a = yesNoAnswer(profile, prompt, want, triedYesNo);
        if (a === null) refused('it asked again');
        if (a === null) return fail(`the program keeps asking "${u.line}" and accepts none of the usual spellings of ${want ? 'yes' : 'no'}`);
        triedYesNo.add(a);
        runningAnswer = want;
        return send(a);
      }
      case 'playAgain': {
        if (phase === 'play') judgeReaction(true);
        phase = 'over';
        const a = yesNoAnswer(profile, prompt, false, triedYesNo);
        if (a === null) { stop = true; return null; }
        triedYesNo.add(a);
        if (facts.won && !declined) declined = { pattern: state()?.pattern ?? '' };
        return send(a);
      }
      case 'letter': {
        if (phase === 'over') { stop = true; return null; }
        if (phase === 'setup' && !startGame(prompt)) { stop = true; return null; }
        const n = validGuesses + 1;
        judgeStatus(n);
        const next = nextInput();
        if (next.guess) validGuesses++;
        pending = { input: next.input, guess: next.guess, label: next.guess ? `guess ${validGuesses} ('${next.input}')` : `input "${next.input}" before guess ${validGuesses + 1}` };
        printedBefore += reaction;
        reaction = '';
        sinceLetter = '';
        return send(next.input);
      }
    }
  };
  /** A won game, and another declined: what the program says after that is judged too (step 4g). */
  let declined: { pattern: string } | undefined;
  let afterDecline = '';
  const judgeAfterDecline = () => {
    if (!declined) return;
    // "Game over" after the last game is neutral; a loss announced to a player who won is not.
    const says = lossRole.patterns.filter((r) => !/game over/i.test(r.source));
    const line = afterDecline.split('\n').find((l) => says.some((r) => r.test(l)));
    if (line) violate('congratulate', `after the player won ("${declined.pattern}") and declined another game, the program says she lost ("${line.trim()}")`, 'end:says-lost');
  };
  let failure: { kind: GameResult['kind']; message: string } | null = null;
  const fail = (message: string): null => {
    failure ??= { kind: 'not_understood', message };
    stop = true;
    return null;
  };

  const t0 = performance.now();
  let run: LockstepResult;
  try {
    run = await runLockstep({
      command: env.command, cwd: env.cwd, env: env.env, timeoutMs: env.timeoutMs, maxOutputBytes: env.maxOutputBytes,
      answer: (ctx) => answer(ctx.prompt, ctx.index),
    });
  } catch (e) {
    return result({ kind: 'grader_error', message: `the game judge failed: ${(e as Error).message}` }, emptyRun());
  }

  if (!printed && !/\S/.test(run.lastPrompt) && run.inputs.length) {
    violate('*', `the program waits for input without printing a prompt, and shows nothing at all in the game (${run.inputs.length} input${run.inputs.length === 1 ? '' : 's'} read; is System.out closed or never flushed?)`, 'output:silent');
  }
  // What happened after the last input. A setup that refuses an invalid answer by exiting (System.exit(-1)
  // after a message, no exception) has not crashed: it did not ask again.
  const invalidSent = (guessesSent !== null && !validGuessCount(guessesSent)) || (lengthSent !== null && !hasWords(lengthSent));
  const deliberateExit = inPhase('setup') && invalidSent && run.signal === null && !/(Exception|Error)\b/.test(run.stderr);
  const crashed = run.outcome === 'exited' && (run.exitCode !== 0 || run.signal !== null) && !deliberateExit;
  // Raised, stalled or looped right after a setup answer: the question may have been misread.
  if (probe && run.inputs.length - 1 === probe.index) {
    if (crashed) refused('it raised an exception');
    else if (run.outcome === 'timeout' && run.limit !== 'wall') refused('it stopped answering');
    else if (run.outcome === 'output-limit') refused('it printed without end');
  }
  if (declined && run.outcome === 'exited') afterDecline += run.lastPrompt;
  judgeAfterDecline();
  if (!failure && run.outcome === 'exited' && !crashed && !stop) {
    reaction += run.lastPrompt;
    if (pending) judgeReaction(true);
    else if (inPhase('setup')) {
      if (guessesSent !== null && !validGuessCount(guessesSent)) stopSetup('guesses-question', `${invalidGuessesAccepted(guessesSent)}; it exits instead`, 'guesses:exits');
      else if (lengthSent !== null && !hasWords(lengthSent)) stopSetup('relength', `the program exits when given word length ${lengthSent} instead of asking for a valid length again (step 2)`, 'relength:exits');
      else {
        // Each setup question it never asked is a rule of its own (step 2, step 3); the missing game is one more.
        const after = run.inputs.length ? ` (it exits after input "${run.inputs.at(-1)!.line}")` : '';
        if (!answered.has('wordLength')) violate('relength', `the program never asks for a word length (step 2: "Prompt the user for a valid word length")${after}`, 'setup:no-length-question');
        if (!answered.has('guesses')) violate('guesses-question', `the program never asks for the number of guesses (step 2: "Prompt the user for a valid word length and number of guesses")${after}`, 'setup:no-guesses-question');
        if (!answered.has('runningTotal')) violate('running-total', `the program never asks whether to show a running total of the words remaining (step 3)${after}`, 'setup:no-running-total-question');
        stopSetup('*', `the program exited without playing a game${run.inputs.length ? ` (after input "${run.inputs.at(-1)!.line}")` : ''}`, NO_GAME);
      }
    }
    if (inPhase('play') && state() && !state()!.over) violate('ends', `the program exited before the game was over ("${state()!.pattern}", ${state()!.guessesLeft} guesses left)`, 'end:exit');
  }
  if (!inPhase('setup') && !answered.has('runningTotal')) {
    violate('running-total', 'the program never asks whether to show a running total of the words remaining (step 3)', 'setup:no-running-total-question');
  }
  if (crashed) {
    const last = run.inputs.at(-1);
    const where = last ? ` after input "${last.line}"${validGuesses ? ` (guess ${validGuesses})` : ''}` : ' before any input';
    const line = crashLine(run);
    return result({ kind: 'run_time_error', message: kindMessage('run_time_error', `${line}${where}`), crashDefect: crashSignature(run) }, run);
  }
  // Only the wall-clock backstop (a machine too busy to run the program at all) is the grader's problem,
  // never charged: CPU time and waiting are the program's (harness/run/lockstep.ts).
  if (run.outcome === 'timeout' && run.limit === 'wall') return result({ kind: 'grader_error', message: run.error ?? 'the machine was too busy to run the program: grade it again' }, run);
  if (run.outcome === 'timeout') return result({ kind: 'time_limit_exceeded', message: kindMessage('time_limit_exceeded', `${run.error}; last output: "${tail(run.lastPrompt)}"`) }, run);
  if (run.outcome === 'output-limit') return result({ kind: 'output_limit_exceeded', message: kindMessage('output_limit_exceeded', run.error ?? 'the program printed too much') }, run);
  if (run.outcome === 'spawn-error') return result({ kind: 'grader_error', message: run.error ?? 'cannot start the program' }, run);
  if (failure) return result(failure, run);
  return result({ kind: 'passed', message: '' }, run);

  function result(r: { kind: GameResult['kind']; message: string; crashDefect?: string }, lr: LockstepResult): PlayedNiftyGame {
    return {
      kind: r.kind, message: r.message, ...(r.crashDefect ? { crashDefect: r.crashDefect } : {}),
      violations, notices, transcript: lr.transcript, stderr: lr.stderr,
      durationMs: Math.round(performance.now() - t0), cpuMs: lr.cpuMs ?? 0, waitedMs: lr.waitedMs ?? 0, ...(lr.limit === 'cpu' ? { cpuLimited: true } : {}), outcome: lr.outcome, exitCode: lr.exitCode,
      facts, ...(rootDefect ? { rootDefect } : {}), ...(setupStop ? { setupStop } : {}), ...(misread ? { misread } : {}),
    };
  }
}

/** The words that label a number: its part of its line, from the number before it to the number after it. */
function labelOf(text: string, n: { at: number; line: string }, all: readonly { at: number }[]): string {
  const lineStart = text.lastIndexOf('\n', n.at - 1) + 1;
  const lineEnd = lineStart + n.line.length;
  const before = all.filter((m) => m.at < n.at && m.at >= lineStart).at(-1);
  const after = all.find((m) => m.at > n.at && m.at < lineEnd);
  return text.slice(before ? before.at + 1 : lineStart, after ? after.at : lineEnd).replace(/^\d+/, '');
}

/** Words that refuse an answer ("Input must be an integer. Try again:"). */
const REFUSAL = /\b(?:invalid|must be|not (?:a |an )?(?:valid|number|integer|digit|whole)|try again|mismatch|please (?:enter|type) (?:a |an )?(?:number|integer|digit|whole|positive))/i;

function emptyRun(): LockstepResult {
  return { outcome: 'spawn-error', exitCode: null, signal: null, transcript: '', stdout: '', stderr: '', inputs: [], durationMs: 0, lastPrompt: '' };
}

/** A crash's defect signature, as every language writes one (harness/grade/charges.ts): the exception and the
 *  place in the student's code that raised it, not its message (which may quote the input). A crash during the
 *  setup is one defect too: every game that meets it charges it once. */
function crashSignature(run: LockstepResult): string {
  const lines = run.stderr.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const type = lines.map((l) => /([\w$.]*(?:Exception|Error))\b/.exec(l)?.[1]).find(Boolean);
  const at = lines.find((l) => l.startsWith('at ') && !/\bjava\.|\bjdk\.|\bsun\./.test(l));
  const place = at ? /\(([^()]*:\d+)\)/.exec(at)?.[1] ?? at.slice(3) : undefined;
  if (type) return `raised:${type.replace(/^.*\./, '')}:${place ?? 'unknown'}`;
  return `raised:${run.signal ? `signal ${run.signal}` : `exit code ${run.exitCode}`}:${place ?? 'unknown'}`;
}

function crashLine(run: LockstepResult): string {
  const lines = run.stderr.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const exc = lines.find((l) => /(Exception|Error)\b/.test(l)) ?? lines[0];
  const at = lines.find((l) => l.startsWith('at ') && !/\bjava\.|\bjdk\.|\bsun\./.test(l));
  const how = run.signal ? `killed by ${run.signal}` : `exit code ${run.exitCode}`;
  return exc ? `${exc}${at ? ` (${at})` : ''} [${how}]` : how;
}

function tail(s: string, n = 120): string {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > n ? '…' + t.slice(-n) : t;
}
