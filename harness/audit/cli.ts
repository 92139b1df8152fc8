// `gradekit audit <assignment>`: bin/cli.ts calls registerAuditCommand(program, setExitCode).
// Exit 0 when the mutation score reaches --min-score, 1 when it does not; usage errors throw UsageError (2).
import { writeOutput } from '../util/write-output.js';
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { loadAssignment } from '../assignment/load.js';
import { UsageError } from '../util/errors.js';
import { auditAssignment } from './audit.js';
import { renderAudit } from './render.js';
import { MUTATION_OPS, type MutationOp } from './mutants.js';
import { closest } from '../util/closest.js';
import { addProgressOptions, progressFlags, startProgress } from '../report/progress.js';

const int = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${name} must be a whole number above 0 (got '${v}')`);
  return n;
};

export function registerAuditCommand(program: Command, setExitCode: (code: number) => void = (c) => (process.exitCode = c)): void {
  const cmd = program
    .command('audit')
    .description('mutation audit: grade mutants of an accepted solution (Python or Java) with the spec and report the bugs it lets through')
    .argument('<assignment>', 'assignment id (see gradekit list) or a spec .yaml file')
    .option('--submission <path>', "the correct solution to mutate (default: the first accepted fixture, else the course folder's solution)")
    .option('--limit <n>', 'grade at most n mutants, evenly spread over the file', int('--limit'))
    .option('--ops <ops...>', `only these mutation operators (${MUTATION_OPS.join(', ')}; return-none is Python's, return-default and drop-guard Java's)`, (v: string, prev: string[] = []) => {
      if (!(MUTATION_OPS as readonly string[]).includes(v)) {
        const g = closest(v, [...MUTATION_OPS]);
        throw new UsageError(`unknown mutation operator '${v}'${g ? ` — did you mean '${g}'?` : ''} (known: ${MUTATION_OPS.join(', ')})`);
      }
      return [...prev, v];
    })
    .option('-j, --jobs <n>', 'mutants graded at once', int('--jobs'), 2)
    .option('--seed <n>', 'grading seed (as in check --seed)', (v) => {
      if (!/^-?\d+$/.test(v)) throw new UsageError(`--seed must be a whole number (got '${v}')`);
      return Number(v);
    })
    .option('--no-equivalence', 'do not probe survivors for equivalence')
    .option('--no-vet', 'do not grade the accepted fixtures for the false-failure figure (gradekit vet gives it)')
    .option('--min-score <pct>', 'exit 1 when the mutation score is below this', (v) => Number(v), 0)
    .option('--max-diffs <n>', 'print at most n surviving diffs', int('--max-diffs'))
    .option('--json <file>', 'also write the full result (every mutant, diff and killer) as JSON ("-" for stdout)')
    .option('--words <file>', "use the course's own word list instead of the bundled one")
    .option('--starter <dir>', "use the course's starter files (e.g. its runner.py)");
  addProgressOptions(cmd, 'also print each mutant as it is graded, with its fate')
    .action(async (assignment: string, o: { submission?: string; limit?: number; ops?: string[]; jobs: number; seed?: number; equivalence: boolean; vet: boolean; minScore: number; maxDiffs?: number; json?: string; words?: string; starter?: string; quiet?: boolean; verbose?: boolean }) => {
      const a = loadAssignment(assignment, { words: o.words, starter: o.starter });
      const progress = startProgress(`audit ${a.id}`, progressFlags(o));
      const result = await auditAssignment(a, {
        submission: o.submission,
        limit: o.limit,
        ops: o.ops as MutationOp[] | undefined,
        jobs: o.jobs,
        seed: o.seed,
        noEquivalence: !o.equivalence,
        noVet: !o.vet,
        progress,
      }).finally(() => progress.done());
      if (o.json === '-') process.stdout.write(JSON.stringify(result, null, 2) + '\n');
      else {
        process.stdout.write(renderAudit(result, { color: Boolean(process.stdout.isTTY && !process.env.NO_COLOR), maxDiffs: o.maxDiffs }));
        if (o.json) writeOutput(o.json, JSON.stringify(result, null, 2) + '\n');
      }
      setExitCode(result.score >= o.minScore ? 0 : 1);
    });
}
