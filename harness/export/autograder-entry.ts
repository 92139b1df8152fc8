// Entry point of the Gradescope grader, bundled by `gradekit export gradescope` into gradekit/dist/run-autograder.mjs
// so that run_autograder needs only Node and the production node_modules (no TypeScript, no esbuild at run time).
//   node run-autograder.mjs --config C --submission DIR --results FILE   grade one submission
//   node run-autograder.mjs --config C --check                          setup.sh's smoke test
import '../../reference/register.js';
import '../grade/java-runner.js';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAssignment } from '../assignment/load.js';
import { readAutograderConfig } from './autograder-config.js';
import { runAutograder } from './gradescope-run.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { config: { type: 'string' }, submission: { type: 'string' }, results: { type: 'string' }, check: { type: 'boolean' } },
  });
  if (!values.config) {
    process.stderr.write('run-autograder: --config <gradekit-autograder.json> is required\n');
    return 2;
  }
  if (values.check) return check(values.config);
  if (!values.submission || !values.results) {
    process.stderr.write('run-autograder: --submission <dir> and --results <file> are required\n');
    return 2;
  }
  const r = await runAutograder({ config: values.config, submission: values.submission, results: values.results, log: (l) => process.stdout.write(l + '\n') });
  process.stdout.write(`results.json written: score ${r.score}\n`);
  return 0;
}

/** Loads the assignment and runs its interpreter once, so a broken image fails at upload time, not on a student. */
function check(configFile: string): number {
  const config = readAutograderConfig(configFile);
  const base = dirname(resolve(configFile));
  const a = loadAssignment(resolve(base, config.spec), {
    words: config.words ? resolve(base, config.words) : undefined,
    starter: config.starter ? resolve(base, config.starter) : undefined,
  });
  const tools = a.spec.data.language === 'java' ? [['javac', '-version'], ['java', '-version']] : [[process.env.GRADEKIT_PYTHON ?? 'python3', '--version']];
  for (const [cmd, ...args] of tools) {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) {
      process.stderr.write(`run-autograder: ${cmd} is not usable (${r.error?.message ?? r.stderr.trim()}); install it in setup.sh\n`);
      return 1;
    }
    process.stdout.write(`${cmd}: ${(r.stdout || r.stderr).trim().split('\n')[0]}\n`);
  }
  process.stdout.write(`gradekit autograder ready: ${a.id} (${a.spec.data.tests.length} tests)\n`);
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (e) => {
    process.stderr.write(`run-autograder: ${(e as Error)?.message ?? String(e)}\n`);
    process.exitCode = 3;
  },
);
