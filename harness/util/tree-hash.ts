// A content hash of a submission (a file or a folder) that reads only what a student handed in: it never
// follows a symbolic link (a loop, or a link to /dev/stdin or /dev/zero, would hang or exhaust memory) and
// never opens anything but a regular file (a named pipe blocks its reader for ever). A link counts by its
// target's name, any other special file by its kind. Used for per-submission seeds and for --resume.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Folders deeper than this are not descended into (a submission is a few levels deep at most). */
const MAX_DEPTH = 32;

/** Entry names and file bytes, in name order. A tree of plain files and folders hashes as it always has
 *  (names and contents only), so per-submission seeds stay what they were. */
export function treeHash(path: string, h: Hash = createHash('sha256'), depth = 0): Hash {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) h.update(`link\0${readlinkSync(path)}\0`);
  else if (st.isDirectory()) {
    if (depth > MAX_DEPTH) return h.update('deep\0');
    for (const e of readdirSync(path).sort()) treeHash(join(path, e), h.update(e), depth + 1);
  } else if (st.isFile()) h.update(readRegularFile(path) ?? 'special\0');
  else h.update(`special\0${st.mode & 0o170000}\0`);
  return h;
}

/** The bytes of a regular file, or undefined when it is not one (or stopped being one since it was listed:
 *  swapped for a pipe or a link). Opened without blocking (a pipe's open would wait for a writer for ever)
 *  and, unless `followLink`, without following a link; then checked on the open descriptor. */
export function readRegularFile(path: string, followLink = false): Buffer | undefined {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (followLink ? 0 : constants.O_NOFOLLOW));
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}
