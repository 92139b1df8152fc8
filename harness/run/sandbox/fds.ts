// Descriptors the grader inherited from whoever started it without close-on-exec (a CI shell's
// `exec 200>file`): every child inherits them, student code included, which could then write into a host
// file through fd 200. The launcher (launcher.ts) closes every descriptor above 2 but the driver's private
// channel before anything of the student's runs. POSIX sh (dash) names only descriptors 0-9 in a
// redirection, so when one of 10 or more is inherited, bash closes them first (a rare case: ~1-2 ms more a
// launch). Node opens its own descriptors close-on-exec: whatever lacks the flag was inherited.
import { existsSync, readFileSync } from 'node:fs';
import { namesIn } from './names-in.js';

const O_CLOEXEC = 0o2000000;

/** Descriptors above 2 of this process that a child would inherit (no close-on-exec), from /proc/self/fdinfo. */
export function inheritedFds(): number[] {
  const names = namesIn('/proc/self/fdinfo');
  if (!names) return []; // not Linux: the launcher still closes what it finds
  const out: number[] = [];
  for (const n of names) {
    const fd = Number(n);
    if (!(fd > 2)) continue;
    try {
      const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${n}`, 'utf8'))?.[1];
      if (flags !== undefined && !(parseInt(flags, 8) & O_CLOEXEC)) out.push(fd);
    } catch {
      /* closed meanwhile (the directory's own descriptor, a socket just closed) */
    }
  }
  return out;
}

const BASH = ['/bin/bash', '/usr/bin/bash'].find((p) => existsSync(p));

/** bash's part: close every descriptor above 2 but the one named first, then exec the rest of the arguments
 *  (the launcher under sh, which then finds nothing left to close). */
const CLOSER = 'keep=$1; shift; for f in /proc/self/fd/*; do n=${f##*/}; case $n in 0|1|2|"$keep"|\\*) ;; *) eval "exec $n>&-";; esac; done; exec "$@"';

/** bash reads no start-up file. Without these flags a `bash -c` whose stdin is a socket (Node's pipes are
 *  socketpairs) and whose SHLVL is unset believes sshd started it and runs ~/.bashrc (Debian's build), and
 *  any `bash -c` runs $BASH_ENV: a grader's shell set-up then runs before every test (a `pyenv init` in
 *  ~/.bashrc: ~130 ms each, and under a batch its lock's `sleep 0.1` loops were judged the student's waiting). */
const QUIET = ['--norc', '--noprofile', '-p'];

/** The command prefix the launcher runs behind: nothing, or bash closing what sh cannot name (a descriptor
 *  above 9 was inherited; without bash, the launcher refuses to start, saying which descriptor to close). */
export function closerPrefix(keep: number | undefined): string[] {
  return inheritedFds().some((fd) => fd > 9) ? closer(keep) : [];
}

/** bash closing every descriptor above 2 but `keep`, then running the rest (none without bash). */
export function closer(keep: number | undefined): string[] {
  return BASH ? [BASH, ...QUIET, '-c', CLOSER, 'gradekit-close-fds', keep === undefined ? '' : String(keep)] : [];
}
