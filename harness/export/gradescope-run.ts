// What run_autograder does on Gradescope: grade /autograder/submission and write /autograder/results/results.json.
// Whatever happens (no file, a syntax error, a broken autograder), a valid results.json is written: a grading
// problem becomes score 0 with an output that says what went wrong, never a missing file.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadAssignment, type Assignment } from '../assignment/load.js';
import { gradeSubmission, soloParallelism } from '../grade/submission.js';
import { languageRunners } from '../grade/runners.js';
import { toGradescope, validateGradescopeResults, type GradescopeResults } from '../report/gradescope.js';
import { capsFromSpec } from '../report/caps.js';
import { renderTerminal } from '../report/terminal.js';
import { SpecError, SpecErrors } from '../spec/load.js';
import { UsageError } from '../util/errors.js';
import { readAutograderConfig, type AutograderConfig } from './autograder-config.js';

export interface RunAutograderOptions {
  /** gradekit-autograder.json. */
  config: string;
  /** The folder Gradescope unpacks the student's upload into. */
  submission: string;
  /** Where results.json goes. */
  results: string;
  /** Log for instructors (the autograder's stdout); hidden tests' details never go here either. */
  log?: (line: string) => void;
}

/** A results.json for a submission that could not be graded: score 0, the reason shown to the student. */
export function failureResults(message: string, executionMs = 0): GradescopeResults {
  return {
    score: 0,
    execution_time: Math.ceil(executionMs / 1000),
    output: message,
    output_format: 'text',
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests: [],
  };
}

function writeResults(file: string, results: GradescopeResults): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(results, null, 2) + '\n');
  renameSync(tmp, file); // run_autograder's fallback sees either no file or a whole one
}

/**
 * The path to grade inside the upload. Students upload the file itself, a folder holding it, or a whole repository;
 * when the expected file is not at the top but exactly one copy sits in a sub-folder, that copy is graded.
 */
export function locateSubmission(dir: string, a: Assignment): { path: string; notice?: string } {
  const expected = a.spec.data.submission.file;
  if (a.spec.data.language === 'java' || !expected || !existsSync(dir) || !statSync(dir).isDirectory()) return { path: dir };
  const lower = expected.toLowerCase();
  if (readdirSync(dir).some((n) => n.toLowerCase() === lower)) return { path: dir };
  const found: string[] = [];
  const walk = (d: string, depth: number) => {
    for (const name of readdirSync(d)) {
      if (name.startsWith('.') || name === '__MACOSX' || name === 'node_modules') continue;
      const p = join(d, name);
      const st = lstatSync(p); // never into a symbolic link (a loop, or a folder outside the upload)
      if (st.isDirectory() && depth < 3) walk(p, depth + 1);
      else if (st.isFile() && name.toLowerCase() === lower) found.push(p);
    }
  };
  walk(dir, 0);
  if (found.length === 1) return { path: found[0], notice: `graded ${found[0].slice(dir.length + 1)} (found in a sub-folder of the upload)` };
  return { path: dir };
}

/** Grades one Gradescope submission; always writes a valid results.json and returns what it wrote. */
export async function runAutograder(o: RunAutograderOptions): Promise<GradescopeResults> {
  const log = o.log ?? (() => {});
  const t0 = performance.now();
  let results: GradescopeResults;
  try {
    results = await grade(o, log);
  } catch (e) {
    results = failureResults(explainFailure(e, log), performance.now() - t0);
  }
  const v = validateGradescopeResults(results);
  if (!v.ok) {
    log(`gradekit produced an invalid results.json (${v.errors.join('; ')})`);
    results = failureResults('The autograder produced an invalid result. Your submission was not graded; please tell the course staff.', performance.now() - t0);
  }
  writeResults(o.results, results);
  return results;
}

async function grade(o: RunAutograderOptions, log: (line: string) => void): Promise<GradescopeResults> {
  const config: AutograderConfig = readAutograderConfig(o.config);
  const base = dirname(resolve(o.config));
  const a = loadAssignment(resolve(base, config.spec), {
    words: config.words ? resolve(base, config.words) : undefined,
    starter: config.starter ? resolve(base, config.starter) : undefined,
  });
  if (!existsSync(o.submission)) throw new UsageError(`the submission folder ${o.submission} does not exist`);
  const { path, notice } = locateSubmission(o.submission, a);
  const report = await gradeSubmission(a, path, {
    seed: config.seed,
    runners: languageRunners(),
    parallel: soloParallelism(),
    notices: notice ? [notice] : [],
  });
  // The instructor-facing log, redacted like everything else a student might end up seeing.
  log(renderTerminal(report, { color: false, hideHiddenDetails: true, width: 100 }).trimEnd());
  return toGradescope(report, { hiddenTests: config.hiddenTests, stdoutVisibility: config.stdoutVisibility, hideHiddenDetails: true, caps: capsFromSpec(a.spec.data.defaults) });
}

/** The student-facing reason a submission was not graded; internal details go to the (hidden) log only. */
function explainFailure(e: unknown, log: (line: string) => void): string {
  if (e instanceof UsageError) return `Your submission could not be graded: ${e.message}`;
  const detail = e instanceof SpecErrors ? e.errors.map((x) => x.message).join('\n') : e instanceof SpecError ? e.message : ((e as Error)?.stack ?? String(e));
  log(`gradekit could not grade this submission:\n${detail}`);
  return 'The autograder failed while grading your submission (a problem with the autograder, not necessarily with your code). Your score is 0 for now; please tell the course staff.';
}
