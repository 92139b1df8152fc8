// A check passes only if the game showed the facts it judges. A program that never reveals a letter
// cannot be caught charging hits; a game that never ends in a loss cannot show the word revealed. Each
// check names the facts it needs (NEEDS); a game that did not show one is played once more, the same
// setup with letters chosen to bring the fact up (a sure hit, a sure miss); if it still did not show, the
// check reports why it could not check (outcome kind not_checked), never a pass. Its defect is what kept
// it from checking when that is the program's own deviation (no guesses left ever shown, say), so a
// cause charged by another test is charged once.
import type { GameEnv, GameResult, Unchecked, Violation } from '../../../harness/interactive/game.js';
import type { GuesserName, NiftyParams } from './params.js';

/** What one game showed. */
export interface Facts {
  /** The setup was done and a guess was asked for. */
  started: boolean;
  /** Every scripted word length was answered (the invalid ones asked again), then the game started. */
  lengthsDone: boolean;
  /** Every scripted number of guesses was answered, then the game started. */
  guessesDone: boolean;
  /** The guesses left were read in the game (a number shown, or a loss at the expected guess). */
  guessesSeen: boolean;
  /** A guess after which what the program showed ruled out every smaller family. (Whether a hit comes up that a
   *  letter-free family competes with depends on the ties the program breaks: it is sought, not required.) */
  familyChoice: boolean;
  /** Such a guess on the last guess left, whose largest family shows the letter while a smaller one lacks it. */
  lastGuessHit: boolean;
  /** A hit and a miss each with the guesses left readable before and after it. */
  weighedHit: boolean;
  weighedMiss: boolean;
  /** A status judged once a hit and a miss had both been guessed. */
  statusHitMiss: boolean;
  /** The words remaining judged after a guess that changed them. */
  countChanged: boolean;
  won: boolean;
  lost: boolean;
  /** A game ended (won or lost) where the judge could see it. */
  ended: boolean;
}

export const noFacts = (): Facts => ({
  started: false, lengthsDone: false, guessesDone: false, guessesSeen: false, familyChoice: false,
  lastGuessHit: false, weighedHit: false, weighedMiss: false, statusHitMiss: false, countChanged: false, won: false, lost: false, ended: false,
});

interface Need {
  fact: keyof Facts;
  /** What the game had to show, for the message: "the game showed no <says>". */
  says: string;
  /** The guesser of a second game that brings the fact up; null: another game would not (the setup decides it). */
  replay: GuesserName | null;
  /** Defects of the program (prefixes) that keep the fact from showing: the not_checked outcome carries the first. */
  blockers: string[];
}

const NEEDS: Record<string, (p: NiftyParams) => Need[]> = {
  'largest-family': (p) => [
    { fact: 'familyChoice', says: 'guess after which what it showed told the family kept from every smaller one', replay: 'alternate', blockers: ['status:pattern', 'guesses:'] },
    ...(p.lastGuess === 'hit' ? [{ fact: 'lastGuessHit' as const, says: 'last guess whose largest family shows the letter while a smaller family lacks it', replay: 'alternate' as const, blockers: ['status:pattern', 'end:', 'guesses:'] }] : []),
  ],
  'guess-cost': () => [
    { fact: 'weighedHit', says: 'hit with the guesses left readable before and after it', replay: 'alternate', blockers: ['status:guesses', 'status:pattern'] },
    { fact: 'weighedMiss', says: 'miss with the guesses left readable before and after it', replay: 'alternate', blockers: ['status:guesses', 'status:pattern'] },
  ],
  status: () => [{ fact: 'statusHitMiss', says: 'status after both a hit and a miss', replay: 'alternate', blockers: ['end:', 'guesses:'] }],
  'running-total': (p) => (p.runningTotal ? [{ fact: 'countChanged', says: 'words remaining after a guess that changed them', replay: 'alternate', blockers: ['count:', 'status:pattern', 'guesses:'] }] : []),
  relength: () => [{ fact: 'lengthsDone', says: 'game started after the scripted word lengths', replay: null, blockers: [] }],
  'guesses-question': () => [
    { fact: 'guessesDone', says: 'game started after the scripted numbers of guesses', replay: null, blockers: [] },
    { fact: 'guessesSeen', says: 'guesses left (a number shown, or the game lost)', replay: 'misses', blockers: ['status:guesses'] },
  ],
  reveal: () => [{ fact: 'lost', says: 'lost game', replay: 'misses', blockers: ['end:', 'guesses:'] }],
  congratulate: () => [{ fact: 'won', says: 'won game', replay: 'hits', blockers: ['end:', 'guesses:'] }],
  ends: () => [{ fact: 'ended', says: 'end of a game', replay: 'misses', blockers: ['end:', 'guesses:'] }],
};

/** The needs of `checks` the facts do not meet (checks with a violation already judged are left out). */
function missing(checks: readonly string[], p: NiftyParams, f: Facts, violations: readonly Violation[]): { check: string; need: Need }[] {
  const out: { check: string; need: Need }[] = [];
  for (const check of checks) {
    if (violations.some((v) => v.check === check || v.check === '*')) continue;
    for (const need of NEEDS[check]?.(p) ?? []) if (!f[need.fact]) out.push({ check, need });
  }
  return out;
}

/** Guesses of a second game that must show hits. */
const REPLAY_GUESSES = 10;

export type PlayOnce = (params: NiftyParams, env: GameEnv) => Promise<GameResult & { facts: Facts; rootDefect?: string; setupStop?: Violation; misread?: unknown }>;

/** Plays the test's game, and once more when a check it names did not see its facts; what no game showed
 *  is reported per check as unchecked. */
export async function playUntilSeen(play: PlayOnce, params: NiftyParams, env: GameEnv, checks: readonly string[]): Promise<GameResult> {
  const first = await play(params, env);
  if (first.kind !== 'passed') return first;
  let gaps = missing(checks, params, first.facts, first.violations);
  let r = first;
  const replay = first.facts.started ? gaps.find((g) => g.need.replay)?.need : undefined;
  if (replay) {
    // A plain game (the inputs the handout leaves open were judged in the first), with guesses enough for the
    // hits a sure-hit guesser needs: early in an evil game every letter's largest family lacks it.
    const guesses = replay.replay === 'misses' ? params.guesses : [Math.max(params.guesses.at(-1)!, REPLAY_GUESSES)];
    const second = await play({ ...params, guesses, inject: [], guesser: replay.replay! }, env);
    const why = `the first game showed no ${replay.says}`;
    const merged = {
      ...second,
      violations: [...first.violations, ...second.violations.filter((v) => !first.violations.some((w) => w.check === v.check))],
      notices: [...first.notices, `${why}: a second game was played, ${secondSays(replay.replay!, guesses[0]!)}`, ...second.notices.filter((n) => !first.notices.includes(n))],
      transcript: `${first.transcript}\n──── a second game (${why}): ${secondSays(replay.replay!, guesses[0]!)} ────\n${second.transcript}`,
      stderr: [first.stderr, second.stderr].filter(Boolean).join('\n'),
      durationMs: first.durationMs + second.durationMs,
      cpuMs: (first.cpuMs ?? 0) + (second.cpuMs ?? 0),
      waitedMs: (first.waitedMs ?? 0) + (second.waitedMs ?? 0),
      facts: orFacts(first.facts, second.facts),
      rootDefect: first.rootDefect ?? second.rootDefect,
    };
    if (second.kind !== 'passed') return merged;
    r = merged;
    gaps = missing(checks, params, r.facts, r.violations);
  }
  const unchecked: Unchecked[] = [];
  for (const { check, need } of gaps) {
    if (unchecked.some((u) => u.check === check)) continue;
    unchecked.push(uncheckedFor(check, need, r));
  }
  const { facts: _f, rootDefect: _r, setupStop: _s, misread: _m, ...result } = r;
  return { ...result, ...(unchecked.length ? { unchecked } : {}) };
}

function uncheckedFor(check: string, need: Need, r: Awaited<ReturnType<PlayOnce>>): Unchecked {
  if (!r.facts.started) {
    const stop = r.setupStop;
    return { check, reason: `the game never started${stop ? `: ${stop.message}` : ''}`, ...(stop?.defect ? { defect: stop.defect } : {}) };
  }
  // The program's own deviation that kept the fact from showing: the first game's defect once it left every
  // reading the handout allows, else a violation the need names.
  const blocker = r.rootDefect ? { defect: r.rootDefect, message: 'its game left every reading the handout allows' } : r.violations.find((v) => v.defect && need.blockers.some((b) => v.defect!.startsWith(b)));
  const because = blocker ? ` (${blocker.message})` : '';
  return { check, reason: `the program's games showed no ${need.says}, so this rule could not be judged${because}`, ...(blocker?.defect ? { defect: blocker.defect } : {}) };
}

const GUESSER_SAYS: Record<GuesserName, string> = {
  frequency: 'the most common letters',
  hits: 'letters the largest family is sure to show',
  misses: 'letters sure to miss',
  alternate: 'a sure hit, then a sure miss, in turn',
};

const secondSays = (g: GuesserName, guesses: number) => `${guesses} guesses, ${GUESSER_SAYS[g]}`;

function orFacts(a: Facts, b: Facts): Facts {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof Facts)[]) out[k] = a[k] || b[k];
  return out;
}
