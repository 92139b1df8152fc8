// Whole programs for the hangman assignments: the 313E course runner driving the Hangman class,
// and the Nifty console game. The 313E runner echoes piped input itself (lower-cased guesses), so its
// programs run with `echo: self` in the spec and echo here; `play` gets its echo from the console.
import type { ReferenceAdapter, RefContext } from '../../harness/model/reference.js';
import { runHangman313E } from './runner313e.js';
import { runNiftyGame } from './nifty-game.js';
import { dictionaryFromLines } from './hangman313e.js';
import { NIFTY_ROLES } from './nifty/roles.js';
import { CHECKS, parseParams } from './nifty/params.js';
import { playNiftyGame } from './nifty/game.js';

export const hangman313ePrograms: NonNullable<ReferenceAdapter['programs']> = {
  runner: (ctx: RefContext) => runHangman313E(ctx.io, dictionaryFromLines(ctx.words), false, { echo: true, rng: ctx.rng }),
  'runner-debug': (ctx: RefContext) => runHangman313E(ctx.io, dictionaryFromLines(ctx.words), true, { echo: true, rng: ctx.rng }),
  // Like runner.py: echoes piped input itself (as typed lines are shown by a terminal anyway).
  play: Object.assign(
    (ctx: RefContext) => runHangman313E(ctx.io, dictionaryFromLines(ctx.words), false, { echo: ctx.options.stdinIsTerminal !== true, rng: ctx.rng }),
    { echoesInput: true },
  ),
};

/** evil-hangman-java has no functions to call: students write whole programs, judged by the game oracle. */
export const niftyAdapter: ReferenceAdapter = {
  id: 'nifty',
  functions: {},
  roles: NIFTY_ROLES,
  game: {
    checks: CHECKS,
    validate: (raw) => parseParams(raw).errors,
    play: (raw, env) => {
      const { params, errors } = parseParams(raw);
      if (!params) throw new Error(errors.join('; '));
      return playNiftyGame(params, env);
    },
  },
  programs: {
    play: (ctx: RefContext) => runNiftyGame(ctx.io, ctx.words, { echo: false }),
  },
};
