// CLI wiring for the export commands and the student self-check. bin/cli.ts calls registerExportCommands(program, set)
// where `set` records the exit code (0 all tests passed, 1 some failed; usage errors throw UsageError → 2).
import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { loadAssignment, resolveSpecPath } from '../assignment/load.js';
import { gradeSubmission, soloParallelism } from '../grade/submission.js';
import { languageRunners } from '../grade/runners.js';
import { renderTerminal } from '../report/terminal.js';
import { UsageError } from '../util/errors.js';
import { scoredFailures, type Visibility } from '../model/report.js';
import { buildGradescopeZip } from './gradescope-zip.js';
import { findAssignmentFor } from './selfcheck.js';
import { fixFirst } from '../report/fix-first.js';

const VISIBILITIES = ['visible', 'hidden', 'after_due_date', 'after_published'];

function parseSeed(s: string | undefined): number | string | undefined {
  if (s === undefined) return undefined;
  return /^-?\d+$/.test(s) ? Number(s) : s;
}

export function registerExportCommands(program: Command, setExitCode: (code: number) => void = () => {}): void {
  const exp = program.command('export').description('package an assignment for a grading platform');

  exp
    .command('gradescope')
    .description('build a Gradescope autograder zip (setup.sh, run_autograder, the bundled grader, the assignment without its example submissions or solution)')
    .argument('<assignment>', "assignment id (see gradekit list), or a course folder's assignment.yaml")
    .requiredOption('--out <file>', 'the zip to write, e.g. autograder.zip')
    .option('--words <file>', "ship the course's own word list and grade with it instead of the bundled one")
    .option('--starter <dir>', "ship the course's starter files (e.g. its runner.py) and use them")
    .addOption(new Option('--hidden-tests <mode>', 'hidden: hidden tests stay hidden on Gradescope; score-only: students see their name and points, never their details').choices(['hidden', 'score-only']).default('hidden'))
    .addOption(new Option('--stdout-visibility <when>', "when students may see the autograder's log").choices(VISIBILITIES).default('hidden'))
    .option('--seed <n|per-submission>', 'seed for generated inputs; per-submission derives one from each submission')
    .option('--time-limit <seconds>', 'stop grading after this long and report a time-out (keep it under the Gradescope limit)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--time-limit must be a whole number of seconds (got '${v}')`);
      return n;
    }, 540)
    .action(async (assignment: string, o: { out: string; words?: string; starter?: string; hiddenTests: 'hidden' | 'score-only'; stdoutVisibility: Visibility; seed?: string; timeLimit: number }) => {
      const { zip, entries } = await buildGradescopeZip(assignment, {
        words: o.words,
        starter: o.starter,
        hiddenTests: o.hiddenTests,
        stdoutVisibility: o.stdoutVisibility,
        seed: parseSeed(o.seed),
        timeLimitSeconds: o.timeLimit,
      });
      writeFileSync(o.out, zip);
      process.stdout.write(`wrote ${o.out}: ${entries.length} files, ${(zip.length / 1024).toFixed(0)} KiB (upload it as the autograder of a Gradescope programming assignment)\n`);
      setExitCode(0);
    });

  program
    .command('selfcheck')
    .description('find which assignment the file in a folder is for and run the tests students may see')
    .argument('[folder]', 'your work folder, or the file itself (default: the current folder)', '.')
    .option('--assignment <id|spec>', "the assignment (an id, or a course's assignment.yaml) instead of finding it from the files")
    .option('-v, --verbose', 'show passing tests and full diffs')
    .action(async (folder: string, o: { verbose?: boolean; assignment?: string }) => {
      const found = o.assignment ? findAssignmentFor(folder, { specs: [resolveSpecPath(o.assignment)] }) : findAssignmentFor(folder);
      if ('error' in found) throw new UsageError(found.error);
      process.stdout.write(`checking ${found.file} as ${found.assignment} (visible tests only)\n`);
      const a = loadAssignment(found.assignment);
      const report = await gradeSubmission(a, found.file, { visibilities: ['visible'], runners: languageRunners(), parallel: soloParallelism() });
      const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
      process.stdout.write(renderTerminal(report, { color, verbose: o.verbose, width: process.stdout.columns, hideHiddenDetails: true }));
      const first = fixFirst(report);
      if (first) process.stdout.write(`\n${first}\n`);
      setExitCode(!scoredFailures(report.tests).length && !report.fatal ? 0 : 1);
    });
}
