// Every bundled reference adapter: by the id specs name in `reference:` (`wordgame`), and by the path of
// its module (`reference: ../reference/wordgame/adapter.ts` in specs/ps3-mit.yaml), which is compiled
// into gradekit rather than at run time.
import type { ReferenceAdapter } from '../harness/model/reference.js';

export const referenceAdapters: Record<string, ReferenceAdapter> = {};

/** Module path relative to the gradekit root, with '/' -> the adapter it exports. */
export const builtinModules: Record<string, ReferenceAdapter> = {};

export function registerAdapter(a: ReferenceAdapter): void {
  referenceAdapters[a.id] = a;
}

export function registerBuiltinModule(path: string, a: ReferenceAdapter): void {
  builtinModules[path] = a;
}
