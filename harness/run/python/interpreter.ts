// The Python interpreter gradekit runs outside the sandbox (mutants, outlines, `play`, drivers when the
// sandbox is off): GRADEKIT_PYTHON or python3, resolved once to its real executable. python3 is often a
// shim (pyenv, asdf): a shell script that costs ~50 ms of every start. The sandbox resolves it the same way.
import { resolveRuntime } from '../sandbox/runtimes.js';

export function pythonExecutable(): string {
  const cmd = process.env.GRADEKIT_PYTHON ?? 'python3';
  try {
    return resolveRuntime(cmd).exe;
  } catch {
    return cmd; // not found: running it names the problem
  }
}
