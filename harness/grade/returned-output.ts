// A function the handout has print its result (and return None) that returns it instead is one change of
// design, like a changed signature (P5): it costs once, at the first test of that function that shows it,
// and every other test of the function is judged on what it returned, read as if printed. Without this,
// "returns the matches" fails the test of the matches and again the test of "No matches found", which the
// returned string says perfectly well: one defect charged at each of the function's tests.
import { fromWire, repr, type PyValue } from '../model/pyvalue.js';
import type { Observation } from '../run/python/protocol.js';
import type { RefRunResult } from './reference-run.js';
import { fail, type Outcome } from './outcome.js';

/** The text a returned value stands for when read as printed: a str as it is, a sequence of strs one after
 *  another (the words a lister returns), nothing else (a number or a dict returned is not printed output). */
function asPrinted(v: PyValue): string | undefined {
  if (v.t === 'str') return v.v;
  if ((v.t === 'list' || v.t === 'tuple') && v.v.every((x) => x.t === 'str')) return v.v.map((x) => (x as { v: string }).v).join(' ');
  return undefined;
}

/** The run of a test whose last step printed nothing and returned what the reference printed (its own value
 *  None): the same run with that value printed, or undefined when the run is not such a one. */
export function printedInstead(obs: Observation, ref: RefRunResult): { obs: Observation; value: PyValue } | undefined {
  const k = obs.steps.length - 1;
  const so = obs.steps[k];
  const rs = ref.steps[k];
  if (!so || !rs || so.error || so.skipped || so.missing || so.input_exhausted !== undefined || so.output_limit) return undefined;
  if (so.value === undefined || rs.value?.t !== 'none' || ref.transcript.slice(rs.out_start, rs.out_end).trim() === '') return undefined;
  const end = so.out_end ?? obs.transcript.length;
  if (obs.transcript.slice(so.out_start, end).trim() !== '') return undefined;
  const value = fromWire(so.value);
  const text = asPrinted(value);
  if (text === undefined || text.trim() === '') return undefined;
  const shown = `${text}\n`;
  const transcript = obs.transcript.slice(0, so.out_start) + shown + obs.transcript.slice(end);
  const steps = obs.steps.map((s, i) => (i === k ? { ...s, out_end: so.out_start + shown.length, value: null } : s));
  return { obs: { ...obs, transcript, steps }, value };
}

/** The outcome of a test whose function returned what it should print: the defect `returned-output:<fn>`
 *  (one per function); what the returned text gets wrong, judged as printed, is another defect of the run,
 *  charged here when the return is charged elsewhere. */
export function returnedOutput(fn: string, call: string, value: PyValue, asPrintedOutcome: Outcome, original: Outcome): Outcome {
  const shown = repr(value);
  const said = asPrintedOutcome.status === 'passed' ? 'read as printed, it is right' : `read as printed, it is still wrong: ${asPrintedOutcome.message}`;
  const out = fail(`${call} printed nothing and returned ${shown.length > 120 ? `${shown.slice(0, 117)}...` : shown}: the handout's ${fn} prints its result (and returns None); ${said}`, {
    ...original.detail,
    hint: `print the result in ${fn} instead of returning it`,
  });
  return { ...out, defect: `returned-output:${fn}`, ...(asPrintedOutcome.status !== 'passed' ? { alternatives: [asPrintedOutcome] } : {}) };
}
