// Vitest's global setup: every test file of a run works in one private temporary folder (TMPDIR), removed
// when the run ends, so that a test that forgets its own folder (or a grading a test interrupts) leaves
// nothing in the machine's temp directory. Readable by the sandbox's student uids (0755), like /tmp.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'gradekit-tests-'));
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
