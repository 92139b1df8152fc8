// A helper the student's program calls once per word of the list (a function listing the words that fit a
// pattern calls its matcher for every word), swapped for the course solution's own: each call answered by its own
// run of the solution's process would take minutes for a 55,900-word list. When a test calls a swapped
// function a second time with arguments that differ only in one place, and both hold words of the test's
// list there, the solution answers that call for every word of the list in one run. If it printed and
// read nothing doing so (a pure function), those answers go to the student's process with the reply, and
// its later calls are looked up there (the driver's reference_proxy). The table is kept for the other
// tests and submissions that make the same calls.
import type { Assignment } from '../assignment/load.js';
import type { WireValue } from '../model/pyvalue.js';
import type { ReferenceCall } from '../run/python/protocol.js';
import { wordsAt } from './word-lists.js';

type Args = ReferenceCall['args'];
export type Table = [Args, WireValue][];

export class PerWordTables {
  /** The last call of each function in each test that no table answered: `${test id}\0${name}` -> its
   *  arguments. The last, not the first: a program that calls the function once with one pattern, then for
   *  every word with another ("a _ _ l _ " first, then "a_ _ l_ " with each word), shows the per-word pattern
   *  from its second call on that pattern (compared with the first call only, each of 55,900 calls was its
   *  own run of the solution: minutes for one test). */
  private readonly lastCall = new Map<string, Args>();
  /** Tables made: the call's pattern (its other arguments, the varying place, the input and seed) -> table. */
  private readonly made = new Map<string, Promise<Table | undefined>>();
  private readonly wordSets = new Map<readonly string[], Set<string>>();

  constructor(private readonly a: Assignment) {}

  private words(cwd: string | undefined): { list: readonly string[]; set: Set<string> } {
    const list = wordsAt(this.a, cwd);
    let set = this.wordSets.get(list);
    if (!set) this.wordSets.set(list, (set = new Set(list)));
    return { list, set };
  }

  /** The table that answers this call, made with `answerAll` (one run of the solution over the list's
   *  words in the varying place) when the call shows the per-word pattern; undefined otherwise. `context`
   *  is what else decides an answer (the input left, the seed, the folder). */
  async tableFor(testId: string, call: ReferenceCall, context: string, cwd: string | undefined, answerAll: (argsList: Args[]) => Promise<Table | undefined>): Promise<Table | undefined> {
    const { list, set } = this.words(cwd);
    const isWord = (x: Args[number]) => typeof x === 'string' && set.has(x);
    const patternAt = (i: number) => JSON.stringify([call.name, call.args.map((x, j) => (j === i ? null : x)), i, context]);
    // A table made for an earlier test or submission answers this call at once.
    for (let i = 0; i < call.args.length; i++) if (isWord(call.args[i]!) && this.made.has(patternAt(i))) return this.made.get(patternAt(i));
    const key = `${testId}\0${call.name}`;
    const last = this.lastCall.get(key);
    this.lastCall.set(key, call.args);
    if (!last || last.length !== call.args.length) return undefined;
    const differ = call.args.map((x, i) => JSON.stringify(x) !== JSON.stringify(last[i])).flatMap((d, i) => (d ? [i] : []));
    if (differ.length !== 1 || !isWord(call.args[differ[0]!]!) || !isWord(last[differ[0]!]!)) return undefined;
    const at = differ[0]!;
    const pattern = patternAt(at);
    let table = this.made.get(pattern);
    if (!table) this.made.set(pattern, (table = answerAll(list.map((w) => call.args.map((x, j) => (j === at ? w : x))))));
    return table;
  }
}

/** The entry of a table for these arguments. */
export function lookUp(table: Table, args: Args): WireValue | undefined {
  const key = JSON.stringify(args);
  return table.find(([a]) => JSON.stringify(a) === key)?.[1];
}
