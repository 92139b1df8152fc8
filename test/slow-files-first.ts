// Test files run longest first, so no long file starts last and holds the run while the other
// workers sit idle. Vitest orders by the durations of the previous run when it has them, and by file
// size otherwise: on a clean checkout (CI) a one-line file that grades fifty Java programs would run
// last. The files suites.ts names are known to be long; they go first, in that order, whatever the cache
// says.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LONG_FAST_FILES, SLOW_FILES } from './suites.js';

const LONG = [...SLOW_FILES, ...LONG_FAST_FILES];

function rank(spec: TestSpecification): number {
  const i = LONG.findIndex((f) => spec.moduleId.endsWith(`/test/${f}`));
  return i < 0 ? LONG.length : i;
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files.filter((f) => rank(f) === LONG.length));
    return [...files.filter((f) => rank(f) < LONG.length).sort((a, b) => rank(a) - rank(b)), ...rest];
  }
}
