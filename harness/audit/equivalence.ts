// Equivalent-mutant detection: run the probes (generated inputs) through the original and a surviving
// mutant and compare everything observable: results, exceptions, printed output, arguments after
// the call. Identical everywhere -> equivalent; different only in printed text the spec does not
// judge (its normalisers erase it, or, judged by meaning, it says the same facts as the reference)
// -> tolerated by the spec; otherwise a real survivor, with the first difference.
import fc from 'fast-check';
import { fromWire, repr, type PyValue } from '../model/pyvalue.js';
import { parseStep, type PyStep } from '../spec/pyexpr.js';
import type { Assignment } from '../assignment/load.js';
import { resolveScript } from '../assignment/load.js';
import type { RunRequest, RunResult, StepObservation } from '../run/python/protocol.js';
import type { Normaliser } from '../spec/schema.js';
import { normalise } from '../compare/text.js';
import { compareValues } from '../compare/values.js';
import { makeContext, RecordingIO, runReference } from '../grade/reference-run.js';
import { referenceTurns } from '../grade/judge.js';
import { judgeTurns, turnsOf, type InputRecord } from '../turns/index.js';
import { refOptions, stepToWire, type Running } from '../grade/python-tests.js';
import { renderCall } from '../grade/property.js';
import { openSession } from './session.js';
import { probesFor, type Bindings, type Probe } from './probes.js';

export type Equivalence = { kind: 'equivalent' } | { kind: 'tolerated'; note: string } | { kind: 'different'; note: string };

interface PlannedRequest {
  probe: Probe;
  req: Omit<RunRequest, 'op'>;
  /** Case bindings per step of the request, with the step's template. */
  steps: { b: Bindings; step: PyStep; index: number }[];
}

interface Observed {
  status: RunResult['status'];
  ms: number;
  transcript: string;
  steps: StepObservation[];
  inputs: InputRecord[];
}

const PROBE_TIMEOUT_MS = 4000;
const SEED = 1;

export class EquivalenceChecker {
  private plan: PlannedRequest[];
  private baseline: Observed[] = [];
  private normalisers: Normaliser[];

  constructor(readonly a: Assignment, readonly submission: string, seed = 0) {
    this.normalisers = a.spec.data.defaults.normalise as Normaliser[];
    this.plan = probesFor(a).flatMap((p) => plan(a, p, seed));
  }

  get probeCount(): number {
    return this.plan.reduce((n, r) => n + r.steps.length, 0);
  }

  /** Observes the original once; probes the original cannot run cleanly are dropped. */
  async start(): Promise<void> {
    const obs = await this.observe();
    const keep = obs.map((o) => o.status === 'ok');
    this.plan = this.plan.filter((_, i) => keep[i]);
    this.baseline = obs.filter((_, i) => keep[i]);
    // A mutant gets ample time (a busy machine must not turn a slow probe into a "difference").
    this.plan.forEach((p, i) => {
      const ms = Math.max(PROBE_TIMEOUT_MS, 10 * this.baseline[i].ms);
      p.req = { ...p.req, timeout_ms: ms, cpu_s: Math.ceil(ms / 1000) + 1 };
    });
  }

  async check(source: string): Promise<Equivalence> {
    if (!this.plan.length) return { kind: 'different', note: 'no probes for this assignment' };
    const obs = await this.observe(source);
    let tolerated: string | undefined;
    for (let r = 0; r < this.plan.length; r++) {
      const p = this.plan[r];
      const o = this.baseline[r];
      const m = obs[r];
      if (m.status !== 'ok') return { kind: 'different', note: `${p.probe.name}: the mutant's run ended with ${m.status} where the original's finished` };
      for (let k = 0; k < p.steps.length; k++) {
        const d = this.compareStep(p, k, o, m);
        if (d?.kind === 'different') return d;
        if (d?.kind === 'tolerated') tolerated ??= d.note;
      }
      if (p.probe.program && o.transcript !== m.transcript) {
        const same = this.sameOutput(p, o.transcript, m);
        const note = `${p.probe.name} with input ${JSON.stringify(p.req.stdin)} prints a different transcript`;
        if (!same) return { kind: 'different', note };
        tolerated ??= note;
      }
    }
    return tolerated ? { kind: 'tolerated', note: tolerated } : { kind: 'equivalent' };
  }

  private compareStep(p: PlannedRequest, k: number, o: Observed, m: Observed): Equivalence | undefined {
    const so = o.steps[k];
    const sm = m.steps[k];
    const { b, step, index } = p.steps[k];
    const call = step.expr.k === 'call' ? renderCall(step, b) : step.source;
    if (!sm) return { kind: 'different', note: `${call}: the mutant stopped before this step` };
    const value = (x: StepObservation) => JSON.stringify([x.value ?? null, x.error ? `${x.error.type}: ${x.error.message}` : null, x.input_exhausted ?? null, x.missing ?? null, x.skipped ?? null]);
    const args = (x: StepObservation) => JSON.stringify(x.args_changed ?? null);
    const out = (ob: Observed, x: StepObservation) => ob.transcript.slice(x.out_start, x.out_end);
    const shown = (x: StepObservation) => (x.error ? `${x.error.type}: ${x.error.message}` : x.value !== undefined ? repr(fromWire(x.value)) : 'nothing');
    const validator = p.probe.validators?.[index];
    if (validator && step.bind === undefined) {
      // Judged on its merits: any accepted answer is as good as the original's.
      const v = this.a.adapter.validators?.[validator];
      // Both raise (e.g. show_solved_game on an unwinnable game): the handout asks only that it raises.
      if (so.error && sm.error && out(o, so) === out(m, sm)) return undefined;
      if (v && !sm.error && sm.value !== undefined) {
        const argv = step.expr.k === 'call' ? step.expr.args.map((x) => (x.k === 'name' ? (b[x.name] ?? this.a.names[x.name]) : ({ t: 'none' } as PyValue))) : [];
        const ctx = makeContext({ ...refOptions(this.a, { stdin: undefined } as Running, [], SEED), names: { ...this.a.names, ...b } }, new RecordingIO(null), new Map());
        const verdict = v({ observed: fromWire(sm.value), args: argv, ctx, output: out(m, sm) });
        if (verdict.ok && args(so) === args(sm)) return undefined;
        if (!verdict.ok) return { kind: 'different', note: `${call}: the mutant's answer ${shown(sm)} is wrong (${verdict.message})` };
      }
    }
    if (value(so) !== value(sm)) {
      const note = `${call}: original ${shown(so)}, mutant ${shown(sm)}`;
      const how = p.probe.compare;
      const same = how && so.value !== undefined && sm.value !== undefined && !so.error && !sm.error && compareValues(fromWire(so.value), fromWire(sm.value), how).ok;
      if (!same || args(so) !== args(sm)) return { kind: 'different', note };
      return { kind: 'tolerated', note: `${note} (the spec's '${how}' comparison accepts both)` };
    }
    if (args(so) !== args(sm)) return { kind: 'different', note: `${call}: the mutant changes its arguments (${args(sm)} after the call)` };
    if (!p.probe.program && out(o, so) !== out(m, sm)) {
      const note = `${call} prints ${JSON.stringify(out(m, sm).slice(0, 80))} instead of ${JSON.stringify(out(o, so).slice(0, 80))}`;
      return this.sameOutput(p, out(o, so), m, k, out(m, sm)) ? { kind: 'tolerated', note } : { kind: 'different', note };
    }
    return undefined;
  }

  /** Whether the mutant's output says what the original's says, as the spec judges output: by its
   *  normalisers, or by meaning (the facts of the reference's run of the same probe, turn by turn). */
  private sameOutput(p: PlannedRequest, original: string, m: Observed, step?: number, mutant = m.transcript): boolean {
    if (this.a.judge !== 'meaning' || !this.a.roles) return normalise(original, this.normalisers) === normalise(mutant, this.normalisers);
    if (p.probe.program) return false; // a program probe has no reference run to read facts from
    // A scripted probe is one case per request (the whole transcript); otherwise one step's output.
    const scripted = Boolean(p.probe.stdin);
    const steps = scripted || step === undefined ? p.steps : [p.steps[step]!];
    const b = steps[0]?.b ?? {};
    const ref = runReference(steps.map((x) => x.step), { ...refOptions(this.a, { stdin: scripted ? p.req.stdin ?? undefined : undefined } as Running, [], SEED), names: { ...this.a.names, ...b } });
    return judgeTurns({
      expected: referenceTurns(ref),
      observed: scripted ? turnsOf(m.transcript, m.inputs) : turnsOf(mutant, []),
      table: this.a.roles,
      wildcards: this.a.adapter.wildcards?.(this.a.spec.data.options),
      exhaustedAt: null,
    }) === null;
  }

  private async observe(source?: string): Promise<Observed[]> {
    const s = await openSession(this.a, this.submission, source);
    try {
      if (!s.imported.ok) return this.plan.map(() => ({ status: 'crashed' as const, ms: 0, transcript: '', steps: [], inputs: [] }));
      const out: Observed[] = [];
      for (const p of this.plan) {
        const res = await s.session.run(p.req);
        out.push({ status: res.status, ms: res.ms, transcript: res.obs?.transcript ?? '', steps: res.obs?.steps ?? [], inputs: res.obs?.inputs ?? [] });
      }
      return out;
    } finally {
      await s.close();
    }
  }
}

function plan(a: Assignment, probe: Probe, seed: number): PlannedRequest[] {
  const cases = fc.sample(probe.cases, { seed: seed + 0x5eed, numRuns: probe.runs });
  const templates = probe.steps.map((x) => parseStep(x));
  const d = a.spec.data.defaults;
  // The original runs once with a generous limit; start() then gives mutants 10x its time.
  const limits = { timeout_ms: 15_000, cpu_s: 16, memory_mb: d.memory_mb, output_cap: d.output_cap, file_size_mb: 16, open_files: 64, seed: SEED };
  const stepsOf = (b: Bindings) => templates.map((step, index) => ({ b, step, index }));
  const wire = (xs: { b: Bindings; step: PyStep }[]) => xs.map(({ b, step }) => stepToWire(step, Boolean(probe.observeArgs) && step.bind === undefined && step.expr.k === 'call', b));
  if (probe.program) {
    const prog = a.spec.data.programs[probe.program];
    if (!prog?.script) return [];
    const path = resolveScript(a.specDir, prog.script);
    return cases.map((b, i) => ({
      probe,
      req: { id: `probe-${probe.name}-${i}`, ...limits, program: { kind: 'script', path }, stdin: probe.stdin!(b), echo: prog.echo !== 'self' },
      steps: [],
    }));
  }
  if (probe.stdin) {
    return cases.map((b, i) => ({ probe, req: { id: `probe-${probe.name}-${i}`, ...limits, steps: wire(stepsOf(b)), stdin: probe.stdin!(b) }, steps: stepsOf(b) }));
  }
  const all = cases.flatMap(stepsOf);
  return [{ probe, req: { id: `probe-${probe.name}`, ...limits, steps: wire(all), stdin: null }, steps: all }];
}
