// Measure 4: speed of the reference implementations on large inputs, in-process (no Python).
import { Hangman313E } from '../reference/hangman/hangman313e.js';
import { numWinningStrategies } from '../reference/chiseler/solve.js';
import { isValidWord } from '../reference/wordgame/valid.js';
import { VARIANTS } from '../reference/wordgame/variants.js';
import { listAssignments, loadAssignment, readWordList } from '../harness/assignment/load.js';
import { syncGolden } from '../harness/golden.js';
import { rootPath } from '../harness/paths.js';
import { PyRandom } from '../reference/pyrandom.js';
import { dictionaryOfLength, englishWords, mixedDictionary } from './dictionaries.js';
import { loadAverage } from './system.js';
import { median, p95, timeSync } from './stats.js';

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

export interface RefFigure {
  name: string;
  size: number;
  medianMs: number;
  p95Ms: number;
  /** Median CPU time of this process per run: less sensitive than wall time to other load on the machine. */
  cpuMs: number;
  runs: number;
  note?: string;
  load: [number, number, number];
}

export interface ReferenceSizes {
  hangman: number[];
  chiseler: number;
  runs: number;
}

/** Wall and CPU time of one synchronous run. */
function timed(fn: () => unknown): { ms: number; cpu: number } {
  const c0 = process.cpuUsage();
  const ms = timeSync(fn);
  const c = process.cpuUsage(c0);
  return { ms, cpu: (c.user + c.system) / 1000 };
}

function figure(name: string, size: number, xs: { ms: number; cpu: number }[], note?: string): RefFigure {
  const wall = xs.map((x) => x.ms);
  return { name, size, medianMs: round4(median(wall)), p95Ms: round4(p95(wall)), cpuMs: round4(median(xs.map((x) => x.cpu))), runs: xs.length, ...(note ? { note } : {}), load: loadAverage() };
}

/** make_guess (partition + hardest-first choice) with every word of the dictionary active: the first, costliest guess. */
export function benchMakeGuess(size: number, runs: number): RefFigure {
  const words = dictionaryOfLength(size, 8);
  const h = new Hangman313E(words, false);
  const xs: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < runs + 2; i++) {
    h.prep_for_round(8, 10, 'HARD');
    const ms = timed(() => h.make_guess('e'));
    if (i >= 2) xs.push(ms); // two warm-up rounds let the JIT compile partition()
  }
  const real = Math.min(size, englishWords().filter((w) => w.length === 8).length);
  return figure('make_guess (all words active, 8 letters)', size, xs, `${real} real English words, the rest synthetic`);
}

/** num_winning_strategies on a list where most neighbours share a letter, so the count is huge (BigInt). */
export function benchChiseler(size: number, runs: number): RefFigure {
  const rng = new PyRandom(275);
  const pool = mixedDictionary(20_000);
  const words = Array.from({ length: size }, () => rng.choice(pool));
  let count = 0n;
  const xs: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const ms = timed(() => (count = numWinningStrategies(words)));
    if (i >= 1) xs.push(ms);
  }
  return figure('chiseler num_winning_strategies', size, xs, `count has ${count.toString().length} digits`);
}

/** is_valid_word with one wildcard over the bundled list: the one-off index build, then per call. */
export function benchIsValidWord(runs: number): RefFigure[] {
  const words = readWordList(rootPath('fixtures', 'ps3-mit', 'words.txt')).map((w) => w.toLowerCase());
  const v = VARIANTS.ocw;
  const hand = new Map([['c', 1], ['o', 1], ['w', 1], ['s', 1], ['*', 1], ['h', 1], ['e', 1]]);
  const copy = words.slice(); // a fresh array: the index is cached per array, so this build is cold
  const build = timed(() => isValidWord('c*ws', hand, copy, v));
  const queries = ['c*ws', 'h*w', 'sh*e', 'ch*w', 'c*w', 'w*', 'sc*w', 'h*es'];
  const xs: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const q = queries[i % queries.length];
    xs.push(timed(() => isValidWord(q, hand, copy, v)));
  }
  return [
    figure('is_valid_word wildcard: first call (builds the index)', words.length, [build]),
    figure('is_valid_word wildcard: each later call', words.length, xs),
  ];
}

/** Regenerating every golden transcript from the reference (syncGolden without writing). */
export function benchGolden(runs: number): { figures: RefFigure[]; skipped: string[] } {
  const figures: RefFigure[] = [];
  const skipped: string[] = [];
  for (const id of listAssignments()) {
    let a;
    try {
      a = loadAssignment(id);
    } catch (e) {
      skipped.push(`${id}: ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    const xs: { ms: number; cpu: number }[] = [];
    let st = { fresh: [] as string[], stale: [] as string[], missing: [] as string[] };
    for (let i = 0; i < runs; i++) xs.push(timed(() => (st = syncGolden(a, false))));
    const n = st.fresh.length + st.stale.length + st.missing.length;
    figures.push(figure(`golden regeneration: ${id}`, n, xs, `${n} golden transcript(s): ${st.fresh.length} up to date, ${st.stale.length} stale, ${st.missing.length} missing`));
  }
  return { figures, skipped };
}

export function measureReference(s: ReferenceSizes): { figures: RefFigure[]; skipped: string[] } {
  const figures: RefFigure[] = [];
  for (const n of s.hangman) figures.push(benchMakeGuess(n, s.runs));
  figures.push(benchChiseler(s.chiseler, Math.max(3, Math.ceil(s.runs / 4))));
  figures.push(...benchIsValidWord(s.runs * 10));
  const g = benchGolden(Math.max(1, Math.ceil(s.runs / 10)));
  figures.push(...g.figures);
  return { figures, skipped: g.skipped };
}
