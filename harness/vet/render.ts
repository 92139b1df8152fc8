// What `gradekit vet` prints: every scored test a correct solution fails, with its basis, so the
// instructor can decide whether the test or the handout sentence is wrong before releasing the grader.
import { createColors } from 'picocolors';
import { falseFailureFigure, type VetResult } from './vet.js';
import { truncate } from '../report/text.js';

export function renderVet(r: VetResult, o: { color: boolean; width?: number }): string {
  const c = createColors(o.color);
  const width = o.width ?? 100;
  const out = [c.bold(`gradekit vet · ${r.assignment} · ${r.solutions.length} known-correct solution(s)`)];
  for (const s of r.solutions) {
    const mark = s.score === s.maxScore ? c.green('✓') : c.red('✗');
    out.push(`  ${mark} ${s.id}  ${s.score}/${s.maxScore}`);
  }
  out.push('');
  if (!r.failures.length) {
    out.push(c.green(`No scored test fails a known-correct solution: ${falseFailureFigure(r)}.`));
    return out.join('\n') + '\n';
  }
  out.push(c.bold(c.red(`${r.failures.length} scored test(s) fail known-correct solutions`)));
  for (const f of r.failures) {
    out.push('', `  ${c.red('✗')} ${f.test.id} (${f.test.group}, ${f.test.maxScore} pt): failed by ${f.failedBy.length} of ${r.solutions.length}`);
    out.push(`      basis: ${f.test.basis ?? c.yellow('none: this test quotes no sentence of the handout')}`);
    for (const b of f.failedBy.slice(0, 3)) out.push(truncate(`      ${b.solution}: ${b.message.replace(/\s+/g, ' ')}`, width));
    if (f.failedBy.length > 3) out.push(c.dim(`      … and ${f.failedBy.length - 3} more`));
  }
  out.push('', `${falseFailureFigure(r)}.`, c.dim('Either the test asks for more than its basis says (relax it, or move it to extra:), or the solution is not correct after all.'));
  return out.join('\n') + '\n';
}
