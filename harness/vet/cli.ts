// `gradekit vet <assignment|assignment.yaml> <folder>`: exit 0 when every known-correct solution gets
// every scored point, 1 when a scored test fails one of them, 2 on a usage or spec error.
import { writeOutput } from '../util/write-output.js';
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { loadAssignment } from '../assignment/load.js';
import { languageRunners } from '../grade/runners.js';
import { UsageError } from '../util/errors.js';
import { addProgressOptions, progressFlags, startProgress } from '../report/progress.js';
import { vetAssignment } from './vet.js';
import { renderVet } from './render.js';

export function registerVetCommand(program: Command, setExitCode: (code: number) => void): void {
  const cmd = program
    .command('vet')
    .description('grade known-correct solutions and list every scored test that fails one of them, with its basis')
    .argument('<assignment>', 'assignment id (see gradekit list) or an assignment .yaml file')
    .argument('<folder>', 'a folder of known-correct solutions, one per file or sub-folder')
    .option('-j, --jobs <n>', 'solutions graded at once (default: the number of cores plus one)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new UsageError(`--jobs must be a whole number above 0 (got '${v}')`);
      return n;
    })
    .option('--json <file>', 'also write the result as JSON ("-" for stdout)')
    .option('--words <file>', "use the course's own word list instead of the bundled one")
    .option('--starter <dir>', "use the course's starter files (e.g. its runner.py)");
  addProgressOptions(cmd, 'also print each solution as it is graded, with full marks or not')
    .action(async (assignment: string, folder: string, o: { jobs?: number; json?: string; words?: string; starter?: string; quiet?: boolean; verbose?: boolean }) => {
      const a = loadAssignment(assignment, { words: o.words, starter: o.starter });
      const progress = startProgress(`vet ${a.id}`, progressFlags(o));
      const r = await vetAssignment(a, folder, { jobs: o.jobs, runners: languageRunners(), progress }).finally(() => progress.done());
      if (o.json === '-') process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      else {
        process.stdout.write(renderVet(r, { color: Boolean(process.stdout.isTTY && !process.env.NO_COLOR), width: process.stdout.columns }));
        if (o.json) writeOutput(o.json, JSON.stringify(r, null, 2) + '\n');
      }
      setExitCode(r.failures.length ? 1 : 0);
    });
}
