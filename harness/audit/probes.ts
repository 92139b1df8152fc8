// The probes of an assignment for telling equivalent mutants apart (see harness/model/probe.ts): each
// reference adapter lists its own; an assignment whose reference has none (an instructor's solution)
// counts every survivor. Inputs come from shrinkable arbitraries sampled with a fixed seed, so an audit
// is reproducible.
import type { Assignment } from '../assignment/load.js';
import type { Probe } from '../model/probe.js';

export type { Bindings, Probe } from '../model/probe.js';

/** The probes for an assignment (empty when its reference has none: then no mutant is called equivalent). */
export function probesFor(a: Assignment): Probe[] {
  const options = a.spec.data.options;
  return a.adapter.probes?.({ words: a.words, options, wildcard: a.adapter.wildcard?.(options) }) ?? [];
}
