// A notice belongs to the test that raised it (issue 26, "Hidden inputs and host files leak"): a notice raised
// in a hidden, after_due_date or after_published test never reaches a report's top, which Gradescope shows
// students at once, nor any part a student sees of a hidden test. fixtures/hostile/python/hidden-notices builds a
// notice from each call's arguments; its hidden test calls share_letter('lynx', 'quokka').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { createSandbox, type Sandbox } from '../harness/run/sandbox/index.js';
import { rootPath } from '../harness/paths.js';
import type { Report, Visibility } from '../harness/model/report.js';
import { toGradescope, type GradescopeResults } from '../harness/report/gradescope.js';
import { renderTerminal } from '../harness/report/terminal.js';
import { renderAnnotations, renderStepSummary } from '../harness/report/github.js';
import { renderHtml } from '../harness/report/html.js';
import { renderJunit } from '../harness/report/junit.js';
import { renderJson } from '../harness/report/json.js';
import { capReport, DEFAULT_REPORT_CAPS, MAX_NOTICES } from '../harness/report/caps.js';
import { makeReport, makeTest } from './fixtures-report/sample-reports.js';

const HIDDEN_INPUT = /lynx|quokka/;
const base = loadAssignment(rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml'));
const fixture = rootPath('fixtures', 'hostile', 'python', 'hidden-notices');

/** The hostile spec with its hidden test (or every test) given another visibility. */
function withVisibility(v: Visibility, ids = ['share-hidden']): Assignment {
  const tests = base.spec.data.tests.map((t) => (ids.includes(t.id) ? { ...t, visibility: v } : t));
  return { ...base, spec: { ...base.spec, data: { ...base.spec.data, tests } } };
}

/** What students see of results.json: the top-level output, and the name and output of every test they are shown. */
function studentVisible(r: GradescopeResults): string {
  const shown = (r.tests ?? []).filter((t) => t.visibility === 'visible' || t.visibility === undefined);
  return [r.output ?? '', ...shown.flatMap((t) => [t.name ?? '', t.output ?? ''])].join('\n');
}

let sandbox: Sandbox;
let hidden: Report;

beforeAll(async () => {
  sandbox = createSandbox({ limits: { cpuSeconds: 2, memoryMb: 512 } });
  hidden = await gradeSubmission(base, fixture, { wrap: sandbox.wrap });
}, 60_000);
afterAll(() => sandbox?.dispose());

describe('notices raised in a test', () => {
  it('stay with the test that raised them; the import\'s and a visible test\'s are also the report\'s', () => {
    expect(hidden.tests.every((t) => t.status === 'passed'), JSON.stringify(hidden.tests)).toBe(true);
    const h = hidden.tests.find((t) => t.id === 'share-hidden')!;
    // The hidden test did notice its folder change (the instructor's JSON report has it) ...
    expect(h.notices?.join('\n')).toMatch(/lynx-quokka/);
    // ... and nothing else carries it.
    expect(hidden.notices?.join('\n')).not.toMatch(HIDDEN_INPUT);
    for (const t of hidden.tests.filter((x) => x.id !== 'share-hidden')) expect(t.notices?.join('\n') ?? '', t.id).not.toMatch(HIDDEN_INPUT);
    expect(hidden.notices).toEqual(expect.arrayContaining([expect.stringMatching(/at-import/), expect.stringMatching(/cat-tack/)]));
    // The import's notice is the report's, not repeated on every test that inherited it.
    for (const t of hidden.tests) expect(t.notices?.join('\n') ?? '', t.id).not.toMatch(/at-import/);
  });

  it("never reach the visible parts of Gradescope's results.json, nor a student-facing report in any format", () => {
    for (const opts of [{}, { hiddenTests: 'score-only' as const }]) {
      const gs = toGradescope(hidden, opts);
      expect(studentVisible(gs)).not.toMatch(HIDDEN_INPUT);
      expect(gs.output).toMatch(/cat-tack/); // the visible test's notice is still shown
    }
    expect(renderTerminal(hidden, { color: false, verbose: true, hideHiddenDetails: true })).not.toMatch(HIDDEN_INPUT);
    expect(renderAnnotations(hidden)).not.toMatch(HIDDEN_INPUT);
    expect(renderStepSummary(hidden)).not.toMatch(HIDDEN_INPUT);
    expect(renderHtml(hidden, { hideHiddenDetails: true })).not.toMatch(HIDDEN_INPUT);
    expect(renderJunit(hidden, { hideHiddenDetails: true })).not.toMatch(HIDDEN_INPUT);
  });

  it('are shown to the instructor with their test, once', () => {
    const terminal = renderTerminal(hidden, { color: false });
    expect(terminal.match(/lynx-quokka/g)).toHaveLength(1);
    expect(terminal.indexOf('lynx-quokka')).toBeGreaterThan(terminal.indexOf('share-hidden'));
    expect(terminal.match(/cat-tack/g)).toHaveLength(1); // at the top only
    expect(renderJson(hidden)).toMatch(/lynx-quokka/);
    expect(renderHtml(hidden)).toMatch(/lynx-quokka/);
    expect(renderJunit(hidden)).toMatch(/<system-err>notice: os\.chdir\('\/nonexistent\/lynx-quokka'\)/);
    const gs = toGradescope(hidden, { hideHiddenDetails: false });
    expect(gs.output).not.toMatch(HIDDEN_INPUT);
    expect(gs.tests!.find((t) => t.name?.endsWith('share-hidden'))!.output).toMatch(/Notice: .*lynx-quokka/);
  });

  it('of an after_due_date or after_published test stay in that test\'s own output, released when Gradescope releases it', async () => {
    for (const v of ['after_due_date', 'after_published'] as const) {
      const r = await gradeSubmission(withVisibility(v), fixture, { wrap: sandbox.wrap });
      expect(r.notices?.join('\n'), v).not.toMatch(HIDDEN_INPUT);
      const gs = toGradescope(r);
      expect(gs.output, v).not.toMatch(HIDDEN_INPUT);
      expect(studentVisible(gs), v).not.toMatch(HIDDEN_INPUT);
      const delayed = gs.tests!.find((t) => t.name?.endsWith('share-hidden'))!;
      expect(delayed.visibility).toBe(v);
      expect(delayed.output).toMatch(/lynx-quokka/);
    }
  }, 60_000);

  it('include a restart of the test process, said on the test it delayed: restarts among hidden tests stay hidden', async () => {
    // restart-stall kills its test process in every test: each later test starts a new one.
    const all = base.spec.data.tests.map((t) => t.id);
    const r = await gradeSubmission(withVisibility('hidden', all), rootPath('fixtures', 'hostile', 'python', 'restart-stall'), { wrap: sandbox.wrap });
    expect(r.tests.filter((t) => t.notices?.some((n) => /restarted/.test(n))).length).toBeGreaterThan(0);
    expect(r.notices?.join('\n') ?? '').not.toMatch(/restarted/);
    expect(toGradescope(r).output).not.toMatch(/restarted/);
  }, 60_000);

  it('a report put together elsewhere still keeps a notice only a hidden test carries off its top', () => {
    const leak = "os.chdir('/x/lynx-quokka') names a folder that does not exist here";
    const r = makeReport({
      tests: [makeTest({ id: 'h', group: 'g', name: 'hidden', status: 'passed', visibility: 'hidden', notices: [leak] }), makeTest({ id: 'v', group: 'g', name: 'visible', status: 'passed' })],
      notices: [leak, 'sandbox: bubblewrap unavailable'],
    });
    expect(toGradescope(r).output).not.toMatch(HIDDEN_INPUT);
    expect(toGradescope(r).output).toMatch(/bubblewrap/);
    expect(renderTerminal(r, { color: false, hideHiddenDetails: true })).not.toMatch(HIDDEN_INPUT);
    expect(renderHtml(r, { hideHiddenDetails: true })).not.toMatch(HIDDEN_INPUT);
    expect(renderStepSummary(r)).not.toMatch(HIDDEN_INPUT);
  });

  it('are bounded: each within the message cap, at most MAX_NOTICES per list, the rest counted', () => {
    const many = Array.from({ length: 500 }, (_, i) => `os.chdir('/x/${i}-${'y'.repeat(5000)}') names a folder that does not exist here`);
    const r = makeReport({ tests: [makeTest({ id: 't', group: 'g', name: 't', status: 'passed', notices: many })], notices: many });
    const capped = capReport(r, DEFAULT_REPORT_CAPS);
    for (const list of [capped.tests[0].notices!, capped.notices!.slice(0, -1)]) {
      expect(list).toHaveLength(MAX_NOTICES + 1);
      expect(list.at(-1)).toBe(`… and ${500 - MAX_NOTICES} more notices`);
      for (const n of list) expect(Buffer.byteLength(n)).toBeLessThanOrEqual(DEFAULT_REPORT_CAPS.message);
    }
    expect(capped.notices!.at(-1)).toMatch(/^This report was shortened/);
    // Cutting again keeps the count right.
    const again = capReport(capped, { ...DEFAULT_REPORT_CAPS, message: 600 });
    expect(again.tests[0].notices!.at(-1)).toBe(`… and ${500 - MAX_NOTICES} more notices`);
  });
});
