// Per-submission seeds: every student gets different generated inputs, reproducible from the report.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { Assignment } from '../assignment/load.js';
import { treeHash } from '../util/tree-hash.js';

/** A 32-bit seed from the assignment id and the submission's bytes (not its path, so renaming keeps it). Reads
 *  regular files only: a link to /dev/stdin or a named pipe in the folder cannot stall the grading. */
export function submissionSeed(a: Assignment, submission: string): number {
  // The submission named on the command line may itself be a link (it is graded through it); links inside are not followed.
  const h = treeHash(realpathSync(submission), createHash('sha256').update(a.id + '\0'));
  return h.digest().readUInt32BE(0);
}
