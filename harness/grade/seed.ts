// Per-submission seeds: every student gets different generated inputs, reproducible from the report.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Assignment } from '../assignment/load.js';

function contentHash(path: string, h = createHash('sha256')): ReturnType<typeof createHash> {
  if (statSync(path).isDirectory()) {
    for (const e of readdirSync(path).sort()) contentHash(join(path, e), h.update(e));
  } else h.update(readFileSync(path));
  return h;
}

/** A 32-bit seed from the assignment id and the submission's bytes (not its path, so renaming keeps it). */
export function submissionSeed(a: Assignment, submission: string): number {
  const h = contentHash(submission, createHash('sha256').update(a.id + '\0'));
  return h.digest().readUInt32BE(0);
}
