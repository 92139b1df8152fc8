// Test files run longest first, so no long file starts last and holds the run while the other
// workers sit idle. Vitest orders by the durations of the previous run when it has them, and by file
// size otherwise: on a clean checkout (CI) a one-line file that grades fifty Java programs would run
// last. The files below are known to be long; they go first, in this order, whatever the cache says.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FILES = [
  'fixtures-evil-hangman-java.test.ts',
  'fixtures-chiseler.test.ts',
  'audit-scores.test.ts',
  'audit-mutants.test.ts',
  'audit-run.test.ts',
  'package.test.ts',
  'hostile-java.test.ts',
  'batch.test.ts',
  'hostile-python.test.ts',
];

function rank(spec: TestSpecification): number {
  const i = SLOW_FILES.findIndex((f) => spec.moduleId.endsWith(`/test/${f}`));
  return i < 0 ? SLOW_FILES.length : i;
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files.filter((f) => rank(f) === SLOW_FILES.length));
    return [...files.filter((f) => rank(f) < SLOW_FILES.length).sort((a, b) => rank(a) - rank(b)), ...rest];
  }
}
