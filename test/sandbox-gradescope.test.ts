// The Gradescope autograder without bubblewrap (most Docker images): student code runs as a uid of its own
// that sees the file system as any user does, and finds the grader's settings file on its command line
// (/proc/<pid>/cmdline). run_autograder makes everything but the Python driver unreadable to it, so the
// spec, and the hidden tests it names, stay out of reach. (fixtures/hostile/python/read-config)
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGradescopeZip } from '../harness/export/gradescope-zip.js';
import { rootPath } from '../harness/paths.js';
import { sandboxSupport } from '../harness/run/sandbox/index.js';
import '../reference/register.js';

const support = sandboxSupport();
/** A system Python other users may run: without one, the fallback runs student code as root and no file mode helps. */
const studentPython = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p) && spawnSync('/usr/bin/setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', '--', p, '-c', ''], { stdio: 'ignore' }).status === 0);
const hasUnzip = spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;

let root: string;

beforeAll(async () => {
  // Like /autograder: a folder other users may enter (a private temp folder would hide the files by itself).
  root = mkdtempSync('/tmp/gk-autograder-');
  chmodSync(root, 0o755);
  const zip = join(root, 'autograder.zip');
  writeFileSync(zip, (await buildGradescopeZip('chiseler')).zip);
  mkdirSync(join(root, 'source'));
  execFileSync('unzip', ['-q', zip, '-d', join(root, 'source')]);
  rmSync(zip);
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!support.studentUids.ok || !studentPython || !hasUnzip)('Gradescope without bubblewrap', () => {
  it("keeps the grader's settings and spec unreadable to student code that finds their path on a command line", () => {
    cpSync(rootPath('fixtures', 'hostile', 'python', 'read-config'), join(root, 'submission'), { recursive: true });
    const r = spawnSync('bash', [join(root, 'source', 'run_autograder')], {
      env: { ...process.env, GRADEKIT_AUTOGRADER_ROOT: root, GRADEKIT_SANDBOX: 'off', GRADEKIT_PYTHON: studentPython },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const raw = readFileSync(join(root, 'results', 'results.json'), 'utf8');
    const results = JSON.parse(raw);
    expect(raw, 'the spec in results.json').not.toMatch(/read through the grader's command line|basis:|assignment: chiseler/);
    expect(results.tests.length).toBeGreaterThan(3);
    // share_letter raises the spec if it could read it; it is a correct function otherwise.
    const shareLetter = results.tests.filter((t: { name: string }) => /share_letter/.test(t.name));
    expect(shareLetter.length).toBeGreaterThan(0);
    for (const t of shareLetter) expect(t.status, `${t.name}: ${t.output}`).toBe('passed');
    // What the student uid may read: the driver, through folders it can pass but not list; nothing else.
    const mode = (p: string) => statSync(join(root, 'source', p)).mode & 0o777;
    expect(mode('gradekit-autograder.json') & 0o044).toBe(0);
    expect(mode('gradekit/specs/chiseler.yaml') & 0o044).toBe(0);
    expect(mode('gradekit/dist/run-autograder.mjs') & 0o044).toBe(0);
    expect(mode('gradekit/harness/run/python/driver.py') & 0o004).toBe(0o004);
    expect(mode('gradekit') & 0o005).toBe(0o001);
  }, 120_000);
});
