// The Nifty Evil Hangman reference (evil-hangman-java): students write whole programs, so it has no
// functions to call; its game judge plays each test in lockstep (game.ts), and `gradekit play` plays
// the reference console game.
import type { ReferenceAdapter, RefContext } from '../../../harness/model/reference.js';
import { runNiftyGame } from '../nifty-game.js';
import { NIFTY_ROLES } from './roles.js';
import { CHECKS, parseParams } from './params.js';
import { playNiftyGame } from './game.js';
import { readingByBehaviour } from './behaviour.js';
import { playUntilSeen } from './facts.js';

export const niftyAdapter: ReferenceAdapter = {
  id: 'nifty',
  functions: {},
  roles: NIFTY_ROLES,
  game: {
    checks: CHECKS,
    validate: (raw) => parseParams(raw).errors,
    play: (raw, env, checks) => {
      const { params, errors } = parseParams(raw);
      if (!params) throw new Error(errors.join('; '));
      return playUntilSeen(readingByBehaviour(playNiftyGame), params, env, checks);
    },
  },
  programs: {
    play: (ctx: RefContext) => runNiftyGame(ctx.io, ctx.words, { echo: false }),
  },
};

/** A spec's `reference:` may name this module: its default export is the adapter. */
export default niftyAdapter;
