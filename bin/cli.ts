// gradekit command line. Exit codes: 0 all tests passed, 1 some failed, 2 usage or spec error.
import { writeOutput } from '../harness/util/write-output.js';
import { Command, CommanderError, Option } from 'commander';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fixFirst } from '../harness/report/fix-first.js';
import { findAssignmentFor } from '../harness/export/selfcheck.js';
import { join } from 'node:path';
import { scoredFailures, type Report } from '../harness/model/report.js';
import { toGradescope } from '../harness/report/gradescope.js';
import { renderJunit } from '../harness/report/junit.js';
import { renderHtml } from '../harness/report/html.js';
import { classroomPointsLine, renderAnnotations, renderStepSummary } from '../harness/report/github.js';
import { guardActionsOutput, inGithubActions } from '../harness/report/workflow-commands.js';
import { listAssignments, loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { gradeSubmission, selectTests, soloParallelism, type GradeOptions } from '../harness/grade/submission.js';
import { renderTerminal } from '../harness/report/terminal.js';
import { visibleControls } from '../harness/report/text.js';
import { renderJson } from '../harness/report/json.js';
import { capsFromSpec, type ReportCaps } from '../harness/report/caps.js';
import { addProgressOptions, progressFlags, type ProgressFlags } from '../harness/report/progress.js';
import { SpecError, SpecErrors } from '../harness/spec/load.js';
import { UsageError } from '../harness/util/errors.js';
import { gradekitVersion } from '../harness/paths.js';
import { goldenCommand, refuseGoldenGaps } from '../harness/golden.js';
import { playCommand } from '../harness/play.js';
import { demoCommand } from '../harness/demo.js';
import { fixturesCommand } from '../harness/fixtures-command.js';
import { initAssignment, renderInit } from '../harness/init/init.js';
import { languageRunners } from '../harness/grade/runners.js';
import { gradeCommand, mergeCommand, type BatchReporter } from '../harness/batch/command.js';
import { parseShard } from '../harness/batch/grade.js';
import { compareChoosers } from '../reference/hangman/compare-choosers.js';
import { registerExportCommands } from '../harness/export/cli.js';
import { registerBenchCommand } from '../bench/cli.js';
import { registerAuditCommand } from '../harness/audit/cli.js';
import { registerVetCommand } from '../harness/vet/cli.js';
import { exitOnSignals } from '../harness/util/shutdown.js';
import { watchSubmission } from '../harness/util/watch.js';
import '../reference/register.js';
import '../harness/grade/java-runner.js';

const color = process.stdout.isTTY && !process.env.NO_COLOR;

interface CommonOpts {
  words?: string;
  starter?: string;
}

function addCommon(c: Command): Command {
  return c
    .option('--words <file>', "use the course's own word list instead of the bundled one (expected output is then computed by the reference)")
    .option('--starter <dir>', "use the course's starter files (e.g. its runner.py) instead of gradekit's replicas");
}

function parseSeed(s: string | undefined): GradeOptions['seed'] {
  if (s === undefined) return undefined;
  if (s === 'per-submission') return s;
  if (/^-?\d+$/.test(s)) return Number(s);
  return s;
}

export function loadFor(assignment: string, o: CommonOpts): Assignment {
  return loadAssignment(assignment, { words: o.words, starter: o.starter });
}

async function main(argv: string[]): Promise<number> {
  // SIGTERM (a CI timeout) and Ctrl-C: student processes killed, work folders and control groups removed,
  // exit status 128 + the signal (harness/util/shutdown.ts); a batch's finished results are already on disk.
  exitOnSignals();
  // `gradekit check … | head`: a reader that stops early is not an error worth a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  // Inside GitHub Actions a line of output can be a workflow command: nothing gradekit prints may become one.
  if (inGithubActions()) guardActionsOutput();
  const program = new Command();
  program
    .name('gradekit')
    .description('Autograder and test harness for word-game programming assignments')
    .version(gradekitVersion())
    .showHelpAfterError('(run gradekit --help for usage)')
    .configureOutput({ writeErr: warn })
    .exitOverride();
  let code = 0;

  program
    .command('list')
    .description('print the assignment ids, one per line')
    .action(() => {
      process.stdout.write(listAssignments().join('\n') + '\n');
    });

  addCommon(
    program
      .command('check')
      .description('grade one submission (a file or a folder) and print a report; with no assignment, a student self-check of the current folder')
      .argument('[assignment]', "assignment id (see gradekit list), a spec .yaml file or a course folder holding assignment.yaml; omit it to find the assignment from the files here")
      .argument('[submission]', 'submission file or folder (default: the current folder)')
      .option('--json <file>', 'also write the JSON report to this file ("-" for stdout)')
      .addOption(new Option('--reporter <name...>', 'extra outputs: gradescope (results.json), github (annotations, step summary, Points line; every other line printed is kept from running as a workflow command), junit, html').choices(['gradescope', 'github', 'junit', 'html']).default([]))
      .option('--report-dir <dir>', 'where --reporter files go', '.')
      .option('--seed <n|per-submission>', 'seed for generated inputs; per-submission derives one from the submission')
      .option('--visible-only', 'run only visible tests (what a student sees before the due date)')
      .option('--only <ids...>', 'run only these test ids or groups')
      .option('-v, --verbose', "also show every test's transcript (passing game and program tests too, to audit why they passed), full messages, tracebacks and durations")
      .addOption(new Option('--color <when>', 'colour output').choices(['auto', 'always', 'never']).default('auto'))
      .option('--watch', 'check again whenever the submission changes (until Ctrl-C): the assignment stays loaded between checks'),
  ).action(async (assignment: string | undefined, submission: string | undefined, o: CommonOpts & { reporter: string[]; reportDir: string; json?: string; seed?: string; visibleOnly?: boolean; only?: string[]; verbose?: boolean; color: string; watch?: boolean }) => {
    // From here on, what the submission wrote reaches the output: no line of it may run as a workflow command.
    if (o.reporter.includes('github')) guardActionsOutput();
    // Student self-check: `gradekit check` (or `gradekit check my-folder`) in their work folder.
    const selfCheck = assignment === undefined || (submission === undefined && !listAssignments().includes(assignment) && !/\.ya?ml$/.test(assignment) && existsSync(assignment));
    if (selfCheck) {
      const found = findAssignmentFor(assignment ?? '.');
      if ('error' in found) throw new UsageError(found.error);
      warn(`checking ${found.file} as ${found.assignment} (the tests students may see)\n`);
      [assignment, submission] = [found.assignment, found.file];
    }
    const a = loadFor(assignment!, o);
    refuseGoldenGaps(a, selectTests(a, { visibilities: o.visibleOnly || selfCheck ? ['visible'] : undefined, only: o.only }));
    const checkOnce = async () => {
      const report = await gradeSubmission(a, submission ?? '.', {
        seed: parseSeed(o.seed),
        visibilities: o.visibleOnly || selfCheck ? ['visible'] : undefined,
        only: o.only,
        runners: languageRunners(),
        parallel: soloParallelism(),
      });
      const caps = capsFromSpec(a.spec.data.defaults);
      if (o.json === '-') process.stdout.write(renderJson(report, { caps }));
      else {
        const useColor = o.color === 'always' || (o.color === 'auto' && color);
        process.stdout.write(renderTerminal(report, { color: useColor, verbose: o.verbose, width: process.stdout.columns, hideHiddenDetails: selfCheck }));
        const first = fixFirst(report);
        if (first) process.stdout.write(`\n${first}\n`);
        if (o.json) writeOutput(o.json, renderJson(report, { caps }));
      }
      writeReporters(report, o.reporter, o.reportDir, caps);
      code = !scoredFailures(report.tests).length && !report.fatal ? 0 : 1;
      // A test gradekit could not grade cost nothing, and the grade is not whole: the spec or the grader needs a fix.
      const ungraded = report.tests.filter((t) => t.ungraded);
      if (ungraded.length) {
        warn(`gradekit: ${ungraded.length === 1 ? `test ${ungraded[0]!.id} was` : `${ungraded.length} tests (${ungraded.map((t) => t.id).join(', ')}) were`} not graded: a problem of the spec or the grader, not of this submission (see above); it cost no points\n`);
        code = 2;
      }
    };
    if (!o.watch) return checkOnce();
    // Until Ctrl-C (or SIGTERM), which ends the process the way every command ends (exitOnSignals).
    warn(`watching ${submission ?? '.'}: it is checked now and again whenever it changes (Ctrl-C to stop)\n`);
    watchSubmission(submission ?? '.', checkOnce, {
      onChange: (file) => warn(`\n${file} changed at ${new Date().toLocaleTimeString()}: checking again\n`),
      onError: (e) => void explain(e),
    });
    await new Promise<never>(() => {});
  });

  addProgressOptions(addCommon(
    program
      .command('golden')
      .description('check or regenerate the golden transcripts of an assignment from the reference')
      .argument('<assignment>', 'assignment id or spec file')
      .option('--update', 'write the golden files')
      .option('--check', 'verify the golden files match the reference (default)'),
  ), 'also print each golden transcript as it is checked or written').action(async (assignment: string, o: CommonOpts & ProgressFlags & { update?: boolean }) => {
    code = await goldenCommand(loadFor(assignment, o), Boolean(o.update), progressFlags(o));
  });

  addCommon(
    program
      .command('play')
      .description('play the reference game (interactive on a terminal; with piped input prints the transcript a correct program prints)')
      .argument('<assignment>', "assignment id or a course folder's assignment.yaml (with a solution reference, the solution plays)")
      .option('--seed <n>', 'seed the random hands (default: random)'),
  ).action(async (assignment: string, o: CommonOpts & { seed?: string }) => {
    code = await playCommand(loadFor(assignment, o), { seed: o.seed });
  });

  const reporterOpt = () => new Option('--reporter <name...>', 'extra class-level outputs in --out').choices(['junit', 'html']).default([]);
  addProgressOptions(addCommon(
    program
      .command('grade')
      .description('grade a folder of submissions (one per sub-folder or file) with parallel workers')
      .argument('<assignment>', 'assignment id or spec file')
      .argument('<submissions>', 'folder holding one submission per sub-folder or file')
      .requiredOption('--out <dir>', 'where results/<id>.json, grades.csv and summary.txt go')
      .option('-j, --jobs <n>', 'parallel workers (default: the number of cores plus one)', (v) => parseInt(v, 10))
      .option('--resume', 'skip submissions already graded in --out (unchanged since)')
      .option('--shard <k/n>', 'grade only the k-th of n shards (merge them with gradekit merge)')
      .option('--seed <n|per-submission>', 'seed for generated inputs')
      .addOption(reporterOpt()),
  ), 'also print each submission as it is graded').action(async (assignment: string, dir: string, o: CommonOpts & ProgressFlags & { out: string; jobs?: number; resume?: boolean; shard?: string; seed?: string; reporter: BatchReporter[] }) => {
    const a = loadFor(assignment, o);
    refuseGoldenGaps(a, a.spec.data.tests);
    code = await gradeCommand(a, dir, {
      outDir: o.out, jobs: o.jobs, resume: o.resume, shard: o.shard ? parseShard(o.shard) : undefined,
      seed: parseSeed(o.seed), runners: languageRunners(), reporters: o.reporter, color, progress: progressFlags(o),
    });
  });

  addProgressOptions(addCommon(
    program
      .command('fixtures')
      .description("grade the assignment's example submissions (fixtures/submissions/<verdict>/) and check each gets its folder's verdict and fails what its expect.yaml names")
      .argument('<assignment>', "assignment id or a course folder's assignment.yaml")
      .option('-j, --jobs <n>', 'parallel workers (default: the number of cores plus one)', (v) => parseInt(v, 10)),
  ), 'also print each submission as it is graded').action(async (assignment: string, o: CommonOpts & ProgressFlags & { jobs?: number }) => {
    code = await fixturesCommand(loadFor(assignment, o), { jobs: o.jobs, runners: languageRunners(), progress: progressFlags(o) });
  });

  program
    .command('init')
    .description("scaffold an assignment in a course folder from the instructor's solution: a test for each docstring example (Python) or public method (Java), a run test for __main__ or main, the solution as the first accepted submission, a CI workflow")
    .argument('<folder>', 'the course folder to make (it holds assignment.yaml)')
    .requiredOption('--solution <file>', "the instructor's solution, in the students' language: a .py file, a .java file, or a folder of .java files")
    .option('--file <name>', "the file students hand in (default: the solution's own name; Java: which class of the folder students write)")
    .option('--words <file>', 'a word list (or other data file) the programs read, kept in fixtures/')
    .option('--id <id>', "the assignment's id (default: the folder's name)")
    .option('--title <title>', "the assignment's title")
    .action((folder: string, o: { solution: string; file?: string; words?: string; id?: string; title?: string }) => {
      process.stdout.write(renderInit(initAssignment(folder, o)));
      code = 0;
    });

  program
    .command('merge')
    .description('merge the --out folders of several shards into one, identical to a single run')
    .argument('<out>', 'the merged output folder')
    .argument('<shards...>', 'the shard output folders')
    .addOption(reporterOpt())
    .action((out: string, shards: string[], o: { reporter: BatchReporter[] }) => {
      code = mergeCommand(out, shards, o.reporter, color);
    });

  program
    .command('compare-choosers')
    .description('Evil Hangman extra credit: a strong (frequency) guesser against the largest-family and the minimax chooser')
    .option('--words <file>', 'word list (default: the evil-hangman-java bundled list)')
    .option('--games <n>', 'games per chooser', (v) => parseInt(v, 10), 40)
    .option('--guesses <n>', 'wrong guesses allowed', (v) => parseInt(v, 10), 8)
    .option('--seed <n>', 'seed for the word samples', (v) => parseInt(v, 10), 0)
    .action((o: { words?: string; games: number; guesses: number; seed: number }) => {
      const a = loadFor('evil-hangman-java', { words: o.words });
      const t0 = performance.now();
      const stats = compareChoosers(a.words, { games: o.games, guesses: o.guesses, seed: o.seed });
      const rows = Object.entries(stats).map(([name, s]) => `${name.padEnd(10)} ${String(s.games).padStart(6)} ${s.avgWrong.toFixed(2).padStart(10)} ${(100 * s.winRate).toFixed(1).padStart(8)}%`);
      process.stdout.write(`chooser     games  avg wrong  guesser wins\n${rows.join('\n')}\n(${a.words.length} words, ${o.guesses} guesses, ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
    });

  const demo = program
    .command('demo')
    .description('grade the bundled example submissions and print a summary (what `npm start` runs)')
    .option('--all', 'every fixture submission, not just a sample');
  addProgressOptions(demo, 'also print a line per example as it is graded, and the time taken')
    .action(async (o: { all?: boolean } & ProgressFlags) => {
      code = await demoCommand({ all: Boolean(o.all), color, ...o });
    });

  registerExportCommands(program, (c) => {
    code = c;
  });
  registerBenchCommand(program, (c) => (code = c));
  registerAuditCommand(program, (c) => (code = c));
  registerVetCommand(program, (c) => (code = c));

  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
  return code;
}

/** Single-submission reporters for CI and grading engines. */
function writeReporters(report: Report, reporters: string[], dir: string, caps: ReportCaps): void {
  if (!reporters.length) return;
  mkdirSync(dir, { recursive: true });
  const files: Record<string, [string, () => string]> = {
    gradescope: ['results.json', () => JSON.stringify(toGradescope(report, { caps }), null, 2) + '\n'],
    junit: ['junit.xml', () => renderJunit(report, { caps })],
    html: ['report.html', () => renderHtml(report, { caps })],
  };
  const written: string[] = [];
  for (const r of reporters) {
    const file = files[r];
    if (file) {
      writeFileSync(join(dir, file[0]), file[1]());
      written.push(join(dir, file[0]));
    }
    else if (r === 'github') {
      // The grader's own commands are the only lines written as they are (everything else went through the guard).
      const actions = guardActionsOutput();
      for (const line of renderAnnotations(report).trimEnd().split('\n')) actions.command(line);
      actions.command(classroomPointsLine(report));
      if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, renderStepSummary(report, { caps }));
    }
  }
  // A file written beside a student's work says where it went (--report-dir moves it).
  if (written.length) warn(`gradekit: wrote ${written.join(', ')}\n`);
}

/** Everything gradekit says on stderr: a path or message may carry a student's folder name or link target,
 *  so terminal controls are shown (␛, \u009b), never sent to the instructor's terminal, as on stdout. */
function warn(text: string): void {
  process.stderr.write(visibleControls(text));
}

function explain(e: unknown): number {
  if (e instanceof SpecErrors) {
    warn(`gradekit: the spec has ${e.errors.length} problem(s):\n${e.errors.map((x) => x.message).join('\n')}\n`);
    return 2;
  }
  if (e instanceof SpecError || e instanceof UsageError) {
    warn(`gradekit: ${e.message}\n`);
    return 2;
  }
  const err = e as Error;
  warn(`gradekit: internal error: ${err?.message ?? String(e)}\n  This is a bug in gradekit, not in the work it grades. Re-run with GRADEKIT_DEBUG=1 for details.\n`);
  if (process.env.GRADEKIT_DEBUG) warn(`${err?.stack}\n`);
  return 3;
}

main(process.argv).then(
  (c) => {
    process.exitCode = c;
  },
  (e) => {
    process.exitCode = explain(e);
  },
);
