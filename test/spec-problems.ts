// The problems a spec's loader reports, as the messages a user reads: one helper for the tests of spec
// messages (a spec given as YAML text, or a course folder's spec file).
import { loadAssignment } from '../harness/assignment/load.js';
import { parseSpec, SpecErrors } from '../harness/spec/load.js';

function problemsOf(load: () => unknown, shown: (message: string) => string = (m) => m): string[] {
  try {
    load();
  } catch (e) {
    if (e instanceof SpecErrors) return e.errors.map((x) => shown(x.message));
    throw e;
  }
  return [];
}

/** The problems of a spec given as YAML text (file:line:col messages, the file named demo.yaml). */
export const errorsOf = (yaml: string) => problemsOf(() => parseSpec(yaml, 'demo.yaml'));

/** The problems of loading a course folder's spec, each from its line on ("12:3: ..."). */
export const problemsOfSpec = (spec: string) => problemsOf(() => loadAssignment(spec), (m) => m.replace(/^.*assignment\.yaml:/, ''));
