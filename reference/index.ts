// Every bundled reference adapter: by the id specs name in `reference:` (`wordgame`), and by the path of
// the bundled assignment folders' reference modules (`reference: ./reference.ts` in
// assignments/<id>/assignment.yaml), which are compiled into gradekit rather than at run time.
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
