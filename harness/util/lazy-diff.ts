// The `diff` package, loaded on first use: only failing tests need a diff, and importing it at
// start-up costs 60-120 ms of every `gradekit` run.
import { createRequire } from 'node:module';
import type * as Diff from 'diff';

let mod: typeof Diff | undefined;

export function diffLib(): typeof Diff {
  return (mod ??= createRequire(import.meta.url)('diff') as typeof Diff);
}
