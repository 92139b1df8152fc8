// Probes: generated inputs that tell an equivalent mutant from a surviving one (gradekit audit). A
// reference adapter lists its own (`probes` in ReferenceAdapter); the harness runs them on the original
// solution and on each surviving mutant and compares everything observable.
import type fc from 'fast-check';
import type { PyValue } from './pyvalue.js';

export type Bindings = Record<string, PyValue>;

export interface Probe {
  name: string;
  /** Python steps (spec syntax); names come from the case's bindings, then the assignment's names. */
  steps: string[];
  cases: fc.Arbitrary<Bindings>;
  runs: number;
  /** Step index -> validator: a result that differs from the original's but that the validator accepts is fine. */
  validators?: Record<number, string>;
  /** Scripted input, one request per case (otherwise all cases go in one request). */
  stdin?: (b: Bindings) => string[];
  /** Run this spec program (e.g. 'runner') with the stdin instead of steps. */
  program?: string;
  /** Compare the arguments after each call too (mutated copies). */
  observeArgs?: boolean;
  /** The spec's comparison for these results (e.g. 'counts': zero counts may be present or absent). */
  compare?: 'exact' | 'counts' | 'unordered' | 'unordered-unique' | 'in-order' | 'none' | { float: number };
}

/** What probes (and property-test generators) are made from: the assignment's word list and options. */
export interface ProbeContext {
  words: readonly string[];
  options: Readonly<Record<string, unknown>>;
  /** The assignment's wildcard and the letters it stands for (a PS3 variant), when it has one. */
  wildcard?: { char: string; standsFor: string };
}
