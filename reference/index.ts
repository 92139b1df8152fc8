// Every assignment's reference adapter, by the id specs name in `reference:`.
// Adding an assignment adds a line here and a spec; the harness core is untouched.
import type { ReferenceAdapter } from '../harness/model/reference.js';

export const referenceAdapters: Record<string, ReferenceAdapter> = {};

export function registerAdapter(a: ReferenceAdapter): void {
  referenceAdapters[a.id] = a;
}
