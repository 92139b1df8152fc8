// Where gradekit keeps what it caches between runs (machine probes, compiled course references, the
// driver's and the command line's compiled code): .gradekit-cache/ in a source checkout; the user's cache
// folder for an installed package, which never writes into its own folder. Plain CommonJS, because the
// launcher (bin/gradekit, CommonJS for a faster start) needs it before any bundle runs; harness/paths.ts
// imports it too.
'use strict';
const { homedir, tmpdir } = require('node:os');
const { join } = require('node:path');

/**
 * @param {string} root the gradekit project root
 * @param {boolean} installed whether gradekit runs from an installed package
 * @returns {string}
 */
function cacheDirOf(root, installed) {
  if (process.env.GRADEKIT_CACHE_DIR) return process.env.GRADEKIT_CACHE_DIR;
  if (!installed) return join(root, '.gradekit-cache');
  const base = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '');
  return base ? join(base, 'gradekit') : join(tmpdir(), `gradekit-cache-${process.getuid?.() ?? 'user'}`);
}

module.exports = { cacheDirOf };
