// The audit report for an instructor: the score, which tests earn their keep, and every surviving
// mutant as a diff (the bug the spec would let through), equivalent ones listed apart.
import pc from 'picocolors';
import type { AuditResult, MutantResult } from './audit.js';

export interface RenderOptions {
  color?: boolean;
  /** Show at most this many surviving diffs (default all). */
  maxDiffs?: number;
}

export function renderAudit(r: AuditResult, o: RenderOptions = {}): string {
  const c = o.color ? pc : pc.createColors(false);
  const out: string[] = [];
  const graded = r.mutants.length;
  out.push(c.bold(`Mutation audit of ${r.assignment}`) + ` — mutants of ${r.submission}`);
  out.push(`${graded} mutants graded${r.generated > graded ? ` (of ${r.generated} generated)` : ''} in ${(r.durationMs / 1000).toFixed(1)} s`);
  out.push(`  killed ${r.killed} · survived ${r.survived} · equivalent ${r.equivalent} · tolerated (output the spec does not judge, rewordings) ${r.tolerated}`);
  const tone = r.score >= 90 ? c.green : r.score >= 75 ? c.yellow : c.red;
  out.push(c.bold(`Mutation score: ${tone(`${r.score}%`)}`) + ` (killed / non-equivalent${r.probes ? `; equivalence probed on ${r.probes} generated inputs` : '; no equivalence probes for this reference'})`);
  // A suite is judged by both figures: the bugs it catches and the correct programs it rejects.
  const ff = r.falseFailures;
  if (ff) {
    const ok = ff.failed === 0;
    out.push(c.bold(`False failures: ${(ok ? c.green : c.red)(`${ff.failed} of ${ff.total}`)}`) + ` scored results of ${ff.solutions} accepted fixture(s) (${ff.fullMarks} at full marks${ff.tests.length ? `; failing: ${ff.tests.join(', ')}` : ''})`);
  }
  const falseKills = r.mutants.filter((m) => m.falseKill);
  if (falseKills.length) out.push(c.red(`Rewordings charged as bugs: ${falseKills.length} (see Tolerated below): the judge should accept them`));
  out.push('');
  out.push(c.bold('By mutation operator'));
  for (const [op, s] of Object.entries(r.byOp).sort()) out.push(`  ${op.padEnd(18)} ${String(s.killed).padStart(4)} / ${String(s.total).padEnd(4)} killed${s.survived ? c.yellow(`  ${s.survived} survived`) : ''}`);
  out.push('');
  out.push(c.bold('Tests that kill the most mutants') + ' (sole = mutants no other test kills)');
  for (const k of r.killers.slice(0, 12)) out.push(`  ${k.test.padEnd(40)} ${String(k.kills).padStart(4)} kills  ${String(k.sole).padStart(3)} sole`);
  const idle = r.killers.length ? '' : '  (none)';
  if (idle) out.push(idle);
  const survivors = r.mutants.filter((m) => m.status === 'survived');
  if (survivors.length) {
    out.push('');
    out.push(c.bold(c.yellow(`Surviving mutants (${survivors.length}): bugs the spec lets through`)));
    for (const m of survivors.slice(0, o.maxDiffs ?? survivors.length)) out.push(...mutantBlock(m, c));
    if (o.maxDiffs !== undefined && survivors.length > o.maxDiffs) out.push(`  … ${survivors.length - o.maxDiffs} more (use --json for all)`);
  }
  for (const [status, title] of [['tolerated', 'Tolerated (differ only in output the spec does not judge, or only reword it)'], ['equivalent', 'Equivalent (same behaviour on every probe)']] as const) {
    const list = r.mutants.filter((m) => m.status === status);
    if (!list.length) continue;
    out.push('');
    out.push(c.bold(`${title}: ${list.length}`));
    for (const m of list) out.push(`  ${m.id} line ${m.line} in ${m.function}: ${m.desc}`);
  }
  return out.join('\n') + '\n';
}

function mutantBlock(m: MutantResult, c: ReturnType<typeof pc.createColors>): string[] {
  const lines = [``, `${c.bold(m.id)} [${m.op}] line ${m.line} in ${m.function}: ${m.desc}`];
  if (m.note) lines.push(`  ${c.dim(m.note)}`);
  for (const l of m.diff.split('\n').slice(2)) lines.push('  ' + (l.startsWith('+') ? c.green(l) : l.startsWith('-') ? c.red(l) : l.startsWith('@@') ? c.cyan(l) : l));
  return lines;
}
