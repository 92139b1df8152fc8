// bench.md: one table per measure, each headline figure next to its target and the load average
// at the time (the machine may be shared, so ratios measured side by side are the figures to trust).
import { basename } from 'node:path';
import type { BenchResults } from './run.js';

/** Fixed decimals, but tiny values keep three significant digits (a 0.004 ms lookup is not 0.00). */
const f = (x: number, d = 1): string => (!Number.isFinite(x) ? '–' : x !== 0 && Math.abs(x) < 10 ** -d ? x.toPrecision(3) : x.toFixed(d));
const la = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' ');
const ok = (good: boolean): string => (good ? '✅ met' : '❌ missed');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderMarkdown(r: BenchResults): string {
  const out: string[] = [];
  out.push(`# gradekit benchmark (${r.mode})`, '');
  out.push(`${r.startedAt} · ${r.machine.cpus} × ${r.machine.model} · ${r.machine.memGb} GB · Node ${r.machine.node} · load average at start ${la(r.machine.loadAtStart)} · total ${f(r.totalMs / 1000)} s`, '');
  out.push('Times are medians of repeated runs; "load" is the 1/5/15-minute load average when the figure was taken. On a shared machine absolute times drift with load, ratios measured side by side much less.', '');

  if (r.overhead) {
    const o = r.overhead;
    out.push('## 1. Per-test overhead (trivial submission)', '');
    out.push(table(
      ['test kind', 'gradekit median ms', 'gradekit p95 ms', 'fresh python3 median ms', 'p95 ms', 'speed-up', 'target', 'load'],
      [
        ['call', f(o.call.session.medianMs, 2), f(o.call.session.p95Ms, 2), f(o.call.process.medianMs), f(o.call.process.p95Ms), `${f(o.call.ratio)}×`, `< 5 ms, ≥ 10×: ${ok(o.call.session.medianMs < 5 && o.call.ratio >= 10)}`, la(o.load)],
        ['transcript', f(o.transcript.session.medianMs, 2), f(o.transcript.session.p95Ms, 2), f(o.transcript.process.medianMs), f(o.transcript.process.p95Ms), `${f(o.transcript.ratio)}×`, `< 10 ms, ≥ 10×: ${ok(o.transcript.session.medianMs < 10 && o.transcript.ratio >= 10)}`, la(o.load)],
      ],
    ), '', `${o.call.session.runs} runs each, interleaved (session call, process call, session transcript, process transcript).`, '');
  }

  if (r.suites) {
    out.push('## 2. One correct submission, full suite (`gradekit check`, Node start-up included)', '');
    out.push('Each assignment\'s first accepted fixture: real-shaped submissions (the ps3 ones load the 76,768-word list at import and scan it in is_valid_word). "per test" is the report\'s own time of each test on it, beside the trivial figure of measure 1.', '');
    const vs = (u: { wallMs: number; cases: number; passed: boolean } | undefined) => (u ? `${f(u.wallMs, 0)} (${u.cases} cases${u.passed ? '' : ', FAILED'})` : '–');
    const target = (s: NonNullable<typeof r.suites>['figures'][number]) => {
      const u = s.courseUnittest ?? s.unittest;
      return u ? `≤ 1.5× ${s.courseUnittest ? "the course's" : 'the generated'} unittest: ${ok(u.ratio <= 1.5)}` : '–';
    };
    out.push(table(
      ['assignment', 'tests', 'wall ms', 'grading ms (report)', 'per test ms: median / p90 / max', 'all passed', "course's unittest ms", 'ratio', 'generated unittest ms', 'ratio', 'target', 'load'],
      r.suites.figures.map((s) => [
        s.assignment, String(s.tests), f(s.wallMs, 0), f(s.gradingMs, 0),
        s.perTest ? `${f(s.perTest.medianMs, 1)} / ${f(s.perTest.p90Ms, 1)} / ${f(s.perTest.maxMs, 1)}` : '–', s.allPassed ? 'yes' : 'NO',
        vs(s.courseUnittest), s.courseUnittest ? `${f(s.courseUnittest.ratio, 2)}×` : '–',
        vs(s.unittest), s.unittest ? `${f(s.unittest.ratio, 2)}×` : '–',
        target(s), la(s.load),
      ]),
    ), '');
    for (const s of r.suites.figures) if (s.courseUnittest) out.push(`- ${s.assignment}: the course's unittest is ${s.courseUnittest.file}, run as the course runs it (\`python3 ${basename(s.courseUnittest.file)}\`) beside the same submission and word list, alternating with \`gradekit check\`.`);
    for (const s of r.suites.figures) if (s.unittest?.skipped.length) out.push(`- ${s.assignment} generated unittest leaves out: ${s.unittest.skipped.join(', ')}.`);
    for (const s of r.suites.skipped) out.push(`- skipped ${s}`);
    out.push('');
  }

  if (r.batch) {
    const b = r.batch;
    out.push(`## 3 + 5. Batch: \`gradekit grade ${b.assignment}\` on generated submissions`, '');
    if (b.note) out.push(`Note: ${b.note}.`, '');
    out.push(table(
      ['submissions', 'wall s', 'per minute', 'CPU s per submission (machine)', 'per minute if CPU-bound on idle cores', 'peak RSS MB (tree)', 'CPU busy per core (machine)', 'jobs', 'target', 'load before → after'],
      b.figures.map((x) => [String(x.submissions), f(x.wallMs / 1000), f(x.perMinute, 0), f(x.cpuSecondsPerSubmission, 3), f(x.projectedPerMinuteIdle, 0), f(x.peakRssMb, 0), x.cpu.map((c) => `${Math.round(c * 100)}%`).join(' / '), String(x.jobs),
        b.assignment === 'ps3-ocw' ? `≥ 600/min: ${ok(x.perMinute >= 600)}` : '–', `${la(x.load)} → ${la(x.loadAfter)}`]),
    ), '');
    out.push(`Fit: wall ms = ${f(b.fit.slope, 1)} × submissions + ${f(b.fit.intercept, 0)}; R² = ${f(b.fit.r2, 4)} → ${b.linear ? 'linear' : 'NOT linear'}. Half the submissions are fixture copies (all verdicts), half one-token mutants of accepted ones. CPU is machine-wide (/proc/stat, kernel included), so other load counts; RSS sums the grader and every Python process under it (shared pages counted per process: an upper bound).`, '');
  }

  if (r.reference) {
    out.push('## 4. Reference speed (in-process)', '');
    out.push(table(
      ['what', 'size', 'median ms', 'p95 ms', 'CPU ms (median)', 'runs', 'target', 'note', 'load'],
      r.reference.figures.map((x) => [x.name, x.size.toLocaleString('en'), f(x.medianMs, 2), f(x.p95Ms, 2), f(x.cpuMs, 2), String(x.runs),
        x.name.startsWith('make_guess') && x.size >= 120_000 ? `< 20 ms: ${x.medianMs < 20 ? ok(true) : x.cpuMs < 20 ? 'met in CPU time; wall time is inflated by load' : ok(false)}` : '–', x.note ?? '', la(x.load)]),
    ), '');
    for (const s of r.reference.skipped) out.push(`- skipped ${s}`);
    out.push('');
  }

  if (r.suiteScaling) {
    const s = r.suiteScaling;
    out.push(`## 5. Suite time vs number of tests (${s.assignment}, in-process, tests spread evenly over the spec)`, '');
    out.push(table(['tests', 'median ms'], s.points.map((p) => [String(p.tests), f(p.ms, 0)])), '');
    out.push(`Fit: ms = ${f(s.fit.slope, 2)} × tests + ${f(s.fit.intercept, 0)}; R² = ${f(s.fit.r2, 4)} → ${s.linear ? 'linear' : 'NOT linear'} (load ${la(s.load)}).`, '');
  }

  if (r.errors.length) {
    out.push('## Sections that failed', '');
    for (const e of r.errors) out.push(`- ${e.section}: ${e.message}`);
    out.push('');
  }
  return out.join('\n');
}
