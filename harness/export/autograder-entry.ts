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
import { createSandbox } from '../run/sandbox/index.js';
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
  const sandbox = sandboxReport(tools[0][0]);
  process.stdout.write(`gradekit autograder ready: ${a.id} (${a.spec.data.tests.length} tests)\n`);
  return sandbox;
}

/**
 * What the sandbox guarantees on this image, said at upload time. Without bubblewrap the grading is
 * still safe for the results when student code runs as a uid of its own; when even that is impossible,
 * a submission could outlive its grading, signal the grader and rewrite results.json: say so loudly
 * (and fail, with GRADEKIT_SANDBOX=require).
 */
function sandboxReport(runtime: string): number {
  let sb;
  try {
    sb = createSandbox();
  } catch (e) {
    process.stderr.write(`run-autograder: ${(e as Error).message}\n`);
    return 1;
  }
  const g = sb.guarantees(runtime);
  const what = g.isolated
    ? `bubblewrap (namespaces, read-only system, private tmpfs home and /tmp${g.seccomp ? ', seccomp filter' : ''})${g.separateUid ? ', student code as an unprivileged uid of its own' : ''}`
    : g.separateUid
      ? 'no bubblewrap; student code runs as an unprivileged uid of its own, in its own session, and every process of that uid is killed when the grading ends'
      : 'none that protects the results';
  process.stdout.write(`sandbox: ${what}\n`);
  for (const m of g.missing) process.stdout.write(`sandbox: missing: ${m}\n`);
  if (!g.separateUid && !g.isolated) {
    const bar = '!'.repeat(78);
    process.stderr.write(
      [bar, 'WARNING: gradekit cannot keep student code away from the grading on this image.',
        'A submission can leave a process running after its grading, stop or signal the grader,',
        'and overwrite results.json with any score. Install bubblewrap in a container that allows',
        'user namespaces, or run the autograder as root with util-linux setpriv 2.33 or newer.', bar, ''].join('\n'),
    );
    if (process.env.GRADEKIT_SANDBOX === 'require') return 1;
  }
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
