// One Evil Hangman game against a free-form console program: answer each prompt by what it asks
// (profile), play letters, and judge every step against the reference partition (oracle).
import { runLockstep, type LockstepResult } from '../run/lockstep.js';
import { kindMessage, type OutcomeKind } from '../model/kinds.js';
import {
  classifyPrompt, findPatterns, lastNumber, matchesAny, revealedWords, yesNoFor,
  type IOProfile, type PromptKind,
} from './profile.js';
import { describeFamilies, describeFamily, frequencyGuess, judgeGuess, startState, wordsOfLength, type GameState } from './oracle.js';

/** Inject '<repeat>' to resend the most recent valid guess. */
export const REPEAT_LAST = '<repeat>';

export interface GameParams {
  /** Lengths to answer in turn: lengths without words first (must be re-asked), then a valid one. */
  length: number | number[];
  guesses: number;
  runningTotal: boolean;
  /** 'frequency', or fixed letters played first (then frequency if the game is not over yet). */
  guesser: 'frequency' | { letters: string };
  /** Inputs sent at the letter prompt before valid guess number `beforeGuess` (1-based); they must cost nothing. */
  inject?: { beforeGuess: number; input: string }[];
}

export interface GameEnv {
  command: string[];
  cwd: string;
  words: readonly string[];
  profile: IOProfile;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Output cap (the spec's defaults.output_cap). */
  maxOutputBytes?: number;
}

export type FailureKind = Exclude<OutcomeKind, 'passed' | 'skipped'>;

export interface GameStep {
  /** 1-based input number. */
  index: number;
  kind: PromptKind | 'unclassified';
  /** The last prompt line the input answered. */
  prompt: string;
  input: string;
  /** For guesses: valid guess number (1-based); injects carry the number they precede. */
  guess?: number;
  inject?: boolean;
  /** Filled when the output after a guess has been judged. */
  shown?: { pattern?: string; count?: number; guessesLeft?: number };
  family?: { pattern: string; size: number; tied: string[]; familyCount: number };
  expectedGuessesLeft?: number;
  verdict?: 'ok' | 'fail';
}

export interface GameResult {
  status: 'passed' | 'failed' | 'error';
  kind?: FailureKind;
  message: string;
  transcript: string;
  steps: GameStep[];
  durationMs: number;
  outcome: LockstepResult['outcome'];
  exitCode: number | null;
  stderr: string;
  /** Set when a prompt could not be classified: its text and the classifiers that were tried. */
  unclassified?: { prompt: string; line: string; tried: { kind: PromptKind; patterns: string[] }[] };
  /** Final oracle state (words left, pattern, guesses). */
  final?: { pattern: string; wordsLeft: number; guessesLeft: number; over: GameState['over'] };
}

interface Failure { status: 'failed' | 'error'; kind: FailureKind; message: string }

export async function runGameTest(params: GameParams, env: GameEnv): Promise<GameResult> {
  const profile = env.profile;
  const lengths = Array.isArray(params.length) ? [...params.length] : [params.length];
  const validLength = (n: number) => wordsOfLength(env.words, n).length > 0;
  const steps: GameStep[] = [];
  let failure: Failure | null = null;
  let unclassified: GameResult['unclassified'];
  let state: GameState | null = null;
  // Closures below reassign these; reading them through functions keeps TypeScript from narrowing to null.
  const current = (): GameState | null => state;
  let lengthAsked = 0;
  let lengthAnswered: number | null = null;
  let guessesAnswered = false;
  const attempts = new Map<PromptKind, number>();
  let lastKind: PromptKind | null = null;
  const triedYesNo = new Set<string>();
  let validGuesses = 0;
  const injects = [...(params.inject ?? [])].sort((a, b) => a.beforeGuess - b.beforeGuess);
  const scripted = params.guesser === 'frequency' ? '' : params.guesser.letters.toLowerCase();
  let scriptPos = 0;
  /** The input whose effect the next chunk of output shows. */
  let pending: null | { kind: 'guess'; n: number; letter: string; step: GameStep } | { kind: 'inject'; input: string; before: number; step: GameStep } = null;

  const fail = (message: string, kind: FailureKind = 'wrong_answer', status: Failure['status'] = 'failed') => {
    if (!failure) failure = { status, kind, message };
  };

  /** Judge the output that followed the pending input; `next` is what the program did then. */
  const judgePending = (chunk: string, next: PromptKind | 'exit' | 'unclassified') => {
    const p = pending;
    pending = null;
    if (!p || !state) return;
    const guessedSet = new Set(state.guessed);
    if (p.kind === 'inject') {
      const at = `input "${p.input}" before guess ${p.before}`;
      p.step.verdict = 'ok';
      const shown = findPatterns(profile, chunk, state.length, guessedSet);
      const gl = lastNumber(profile.guessesLeft, chunk);
      const count = lastNumber(profile.count, chunk);
      p.step.shown = { pattern: shown[shown.length - 1], guessesLeft: gl ?? undefined, count: count ?? undefined };
      p.step.expectedGuessesLeft = state.guessesLeft;
      const problem =
        shown.length > 0 && !shown.includes(state.pattern) ? `${at} is not a new valid guess, but the pattern changed from "${state.pattern}" to "${shown[shown.length - 1]}"`
        : gl !== null && gl !== state.guessesLeft ? `${at} is not a new valid guess and must cost nothing, but the program shows ${gl} guess${gl === 1 ? '' : 'es'} left (expected ${state.guessesLeft})`
        : count !== null && count !== state.words.length ? `${at}: the program shows ${count} words remaining, but ${state.words.length} words are left`
        : next !== 'letter' && next !== 'unclassified' ? `${at} is not a new valid guess, but the game ${next === 'exit' ? 'ended' : `moved on to a ${next} prompt`} instead of asking for another letter`
        : null;
      if (problem) { p.step.verdict = 'fail'; fail(problem); }
      return;
    }
    const ended = next !== 'letter' && next !== 'unclassified';
    const v = judgeGuess(state, p.n, p.letter, findPatterns(profile, chunk, state.length, new Set([...guessedSet, p.letter])), ended);
    const at = `guess ${p.n} ('${p.letter}')`;
    p.step.family = v.chosen
      ? { pattern: v.chosen.pattern, size: v.chosen.size, tied: v.largest.map((f) => f.pattern), familyCount: v.families.length }
      : undefined;
    if (!v.ok || !v.next) { p.step.verdict = 'fail'; fail(v.problem!); return; }
    const prev = state;
    state = v.next;
    const count = lastNumber(profile.count, chunk);
    const gl = lastNumber(profile.guessesLeft, chunk);
    p.step.shown = { pattern: state.pattern, count: count ?? undefined, guessesLeft: gl ?? undefined };
    p.step.expectedGuessesLeft = state.guessesLeft;
    p.step.verdict = 'fail';
    const tieNote = v.largest.length > 1 ? ` (tied largest: ${describeFamilies(v.largest)})` : '';
    const cost = v.chosen!.positions.length === 0
      ? `'${p.letter}' is not in the chosen family ${describeFamily(v.chosen!)}, so it costs exactly one guess`
      : `'${p.letter}' is revealed in "${state.pattern}", so it costs nothing`;
    if (count !== null && count !== state.words.length && !(state.over && count === prev.words.length)) {
      return fail(`${at}: the program shows ${count} words remaining, but the chosen family "${state.pattern}" has ${state.words.length}${tieNote}`);
    }
    if (gl !== null && gl !== state.guessesLeft) {
      return fail(`${at}: the program shows ${gl} guess${gl === 1 ? '' : 'es'} left, expected ${state.guessesLeft}: ${cost} (${prev.guessesLeft} before)`);
    }
    if (state.over && next === 'letter') {
      const why = state.over === 'win' ? `"${state.pattern}" has no blanks left (a win)` : `no guesses are left (a loss; ${cost})`;
      return fail(`${at}: the game should end here, ${why}, but the program asks for another guess`);
    }
    if (!state.over && next !== 'letter' && next !== 'unclassified') {
      return fail(`${at}: the game ended (${next === 'exit' ? 'the program exited' : `it moved on to a ${next} prompt`}) but ${state.guessesLeft} guesses are left and "${state.pattern}" still has blanks; ${cost}`);
    }
    if (state.over === 'win' && matchesAny(profile.loss, chunk) && !matchesAny(profile.win, chunk)) {
      return fail(`${at}: the player won ("${state.pattern}"), but the program says the player lost`);
    }
    if (state.over === 'loss') {
      if (matchesAny(profile.win, chunk) && !matchesAny(profile.loss, chunk)) {
        return fail(`${at}: the player ran out of guesses, but the program congratulates them`);
      }
      const family = new Set(state.words);
      const named = revealedWords(profile, chunk, state.length);
      const dictWords = new Set(wordsOfLength(env.words, state.length));
      // Without a "the word was" phrase, only a word standing alone on a line or in quotes counts:
      // ordinary prose ("Sorry, there are no z's") is full of dictionary words.
      const mentioned = [...chunk.matchAll(/^\s*([A-Za-z]+)[.!]?\s*$|["'“]([A-Za-z]+)["'”]/gm)]
        .map((m) => (m[1] ?? m[2]!).toLowerCase())
        .filter((w) => w.length === state!.length && dictWords.has(w));
      const revealed = named[0] ?? (mentioned.some((w) => family.has(w)) ? undefined : mentioned[mentioned.length - 1]);
      if (revealed !== undefined && !family.has(revealed)) {
        const sample = state.words.slice(0, 5).join(', ') + (state.words.length > 5 ? ', …' : '');
        return fail(`${at}: out of guesses, the program reveals "${revealed}", which is not in the final family "${state.pattern}" (${state.words.length} words: ${sample})`);
      }
    }
    p.step.verdict = 'ok';
  };

  const nextLetter = (): { input: string; inject: boolean } => {
    const inj = injects[0];
    if (inj && inj.beforeGuess <= validGuesses + 1) {
      injects.shift();
      const last = state!.guessed[state!.guessed.length - 1];
      return { input: inj.input === REPEAT_LAST ? (last ?? 'e') : inj.input, inject: true };
    }
    while (scriptPos < scripted.length) {
      const c = scripted[scriptPos++]!;
      if (c >= 'a' && c <= 'z' && !state!.guessed.includes(c)) return { input: c, inject: false };
    }
    return { input: frequencyGuess(state!), inject: false };
  };

  const answer = (prompt: string, index: number): string | null => {
    if (failure) return null;
    let cls = classifyPrompt(profile, prompt);
    // A bare prompt ("> ") under a status block that shows the word is a letter prompt.
    if (cls.kind === null && state && !state.over && findPatterns(profile, prompt, state.length, new Set(state.guessed)).length > 0) {
      cls = { kind: 'letter', line: cls.line, matched: '(pattern shown above a bare prompt)' };
    }
    judgePending(prompt, cls.kind ?? 'unclassified');
    if (failure) return null;
    if (cls.kind === null) {
      unclassified = { prompt, line: cls.line, tried: cls.tried };
      const what = prompt.trim() === '' ? 'the program waits for input without printing a prompt' : `cannot tell what the program asks for: "${cls.line}"`;
      fail(`${what} (input ${index + 1}; tried classifiers: ${cls.tried.map((t) => t.kind).join(', ')}); add a regex for it under io.prompts in the spec`, 'not_understood', 'error');
      return null;
    }
    const kind = cls.kind;
    const again = kind === lastKind ? (attempts.get(kind) ?? 0) + 1 : 0;
    attempts.set(kind, again);
    lastKind = kind;
    const step: GameStep = { index: index + 1, kind, prompt: cls.line, input: '' };
    const send = (input: string) => { step.input = input; steps.push(step); return input; };
    const yesNo = (want: boolean) => {
      // The spelling the prompt shows first, then the profile's; a re-ask means the last one was refused.
      const shown = yesNoFor(profile, prompt);
      const list = [...new Set([...(shown ? [want ? shown.yes : shown.no] : []), ...(want ? profile.yesAnswers : profile.noAnswers)])];
      if (again === 0) triedYesNo.clear();
      const pick = list.find((a) => !triedYesNo.has(a));
      if (pick === undefined) {
        fail(`the program keeps asking "${cls.line}" and accepted none of ${list.map((s) => `"${s}"`).join(', ')}`, 'not_understood', 'error');
        return null;
      }
      triedYesNo.add(pick);
      return pick;
    };

    if (state && state.over && kind !== 'playAgain') {
      if (kind === 'letter') return null; // judgePending already reported it
      fail(`after the game ended the program asks "${cls.line}" (${kind}); expected it to finish or offer another game`);
      return null;
    }
    switch (kind) {
      case 'fileName':
        if (again >= 2) { fail(`the program asks for a file name again after "${profile.fileNameAnswer}": it cannot open the word list`, 'not_understood', 'error'); return null; }
        return send(profile.fileNameAnswer);
      case 'runningTotal': {
        const a = yesNo(params.runningTotal);
        return a === null ? null : send(a);
      }
      case 'playAgain': {
        if (!state?.over) {
          fail(state ? `the program offers another game, but the game is not over ("${state.pattern}", ${state.guessesLeft} guesses left)` : `the program offers another game before one was played`);
          return null;
        }
        const a = yesNo(false);
        return a === null ? null : send(a);
      }
      case 'guesses':
        if (state) { fail(`during the game the program asks "${cls.line}" for a number of guesses`); return null; }
        if (guessesAnswered && again > 0) { fail(`the program rejected ${params.guesses} as the number of guesses ("${cls.line}" asked again)`); return null; }
        guessesAnswered = true;
        return send(String(params.guesses));
      case 'wordLength': {
        if (state) { fail(`during the game the program asks "${cls.line}" for a word length`); return null; }
        if (lengthAnswered !== null && validLength(lengthAnswered)) {
          fail(`the program rejected word length ${lengthAnswered}, but ${wordsOfLength(env.words, lengthAnswered).length} words have that length`);
          return null;
        }
        const n = lengths[Math.min(lengthAsked, lengths.length - 1)]!;
        lengthAsked++;
        lengthAnswered = n;
        return send(String(n));
      }
      case 'letter': {
        if (!state) {
          if (lengthAnswered === null) { fail(`the program asks for a guess ("${cls.line}") before asking for a word length`, 'not_understood', 'error'); return null; }
          if (!validLength(lengthAnswered)) { fail(`the program accepted word length ${lengthAnswered}, but no word has that length; it must ask again`); return null; }
          if (!guessesAnswered) { fail(`the program asks for a guess before asking for the number of guesses`, 'not_understood', 'error'); return null; }
          state = startState(env.words, lengthAnswered, params.guesses);
          const problem = checkStart(profile, prompt, state);
          if (problem) { fail(problem); return null; }
        }
        const { input, inject } = nextLetter();
        if (inject && !(input.length === 1 && /[a-z]/i.test(input) && !state.guessed.includes(input.toLowerCase()))) {
          step.inject = true;
          step.guess = validGuesses + 1;
          pending = { kind: 'inject', input, before: validGuesses + 1, step };
        } else {
          validGuesses++;
          step.guess = validGuesses;
          pending = { kind: 'guess', n: validGuesses, letter: input.toLowerCase(), step };
        }
        return send(input);
      }
    }
  };

  const t0 = performance.now();
  const run = await runLockstep({
    command: env.command, cwd: env.cwd, env: env.env, timeoutMs: env.timeoutMs, maxOutputBytes: env.maxOutputBytes,
    answer: (ctx) => answer(ctx.prompt, ctx.index),
  });
  const durationMs = Math.round(performance.now() - t0);

  // What happened after the last input.
  const crashed = run.outcome === 'exited' && (run.exitCode !== 0 || run.signal !== null);
  if (!failure && run.outcome === 'exited') {
    if (pending && !crashed) judgePending(run.lastPrompt, 'exit');
    else if (!crashed && current() && !current()!.over) {
      fail(`the program exited before the game was over ("${current()!.pattern}", ${current()!.guessesLeft} guesses left)`);
    } else if (!crashed && !current()) {
      fail(`the program exited without playing a game${steps.length ? ` (after input "${steps[steps.length - 1]!.input}")` : ''}`);
    }
  }
  if (crashed && (!failure || (failure as Failure).kind === 'not_understood')) {
    const last = steps[steps.length - 1];
    const where = last?.guess ? ` (${last.inject ? 'before ' : ''}guess ${last.guess})` : '';
    const after = last ? ` after input "${last.input}"${where}` : ' before any input';
    failure = { status: 'error', kind: 'run_time_error', message: kindMessage('run_time_error', `${crashLine(run)}${after}`) };
  }
  if (!failure && run.outcome === 'timeout') {
    failure = { status: 'error', kind: 'time_limit_exceeded', message: kindMessage('time_limit_exceeded', `${run.error}; last output: "${tail(run.lastPrompt)}"`) };
  }
  if (!failure && run.outcome === 'output-limit') failure = { status: 'error', kind: 'output_limit_exceeded', message: kindMessage('output_limit_exceeded', run.error ?? 'the program printed too much') };
  if (!failure && run.outcome === 'spawn-error') failure = { status: 'error', kind: 'grader_error', message: run.error ?? 'cannot start the program' };

  const f = failure as Failure | null;
  const finalState = current();
  return {
    status: f ? f.status : 'passed',
    kind: f?.kind,
    message: f ? f.message : '',
    transcript: run.transcript,
    steps,
    durationMs,
    outcome: run.outcome,
    exitCode: run.exitCode,
    stderr: run.stderr,
    unclassified,
    final: finalState ? { pattern: finalState.pattern, wordsLeft: finalState.words.length, guessesLeft: finalState.guessesLeft, over: finalState.over } : undefined,
  };
}

/** Before the first guess: all blanks, every word of the length, all guesses (when shown). */
function checkStart(profile: IOProfile, chunk: string, s: GameState): string | null {
  const count = lastNumber(profile.count, chunk);
  if (count !== null && count !== s.words.length) return `before the first guess the program shows ${count} words remaining, but ${s.words.length} words have length ${s.length}`;
  const gl = lastNumber(profile.guessesLeft, chunk);
  if (gl !== null && gl !== s.guessesLeft) return `before the first guess the program shows ${gl} guesses left, but ${s.guessesLeft} were asked for`;
  const shown = findPatterns(profile, chunk, s.length, new Set());
  if (shown.length === 0 && findPatterns(profile, chunk, s.length + 1, new Set()).length + findPatterns(profile, chunk, s.length - 1, new Set()).length > 0) {
    return `before the first guess the blanked word has the wrong length (expected ${s.length} blanks)`;
  }
  return null;
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
