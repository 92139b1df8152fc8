// gradekit's API for a course's own reference module (`reference: ./reference.ts` in its
// assignment.yaml): `import { py, RefRaise, type ReferenceAdapter } from 'gradekit'`. The module exports
// its adapter as its default export; gradekit compiles it at run time (harness/assignment/module-loader.ts).
export type {
  ReferenceAdapter, RefContext, RefFunction, RefIO, RefClass, RefObject, Validator, Verdict, Explainer,
} from './model/reference.js';
export { RefRaise, InputExhausted } from './model/reference.js';
export type { PyValue, PyType } from './model/pyvalue.js';
export { py, asStr, asInt, asBool, asList, asStrList, asCounts, truthy, repr, pyStr, pyEquals, typeName, PyTypeError } from './model/pyvalue.js';
export type { Probe, ProbeContext, Bindings } from './model/probe.js';
export type { RoleSpec, RoleSpecs, RoleKind } from './turns/roles.js';
export type { Fact } from './turns/facts.js';
export { PyRandom } from '../reference/pyrandom.js';
