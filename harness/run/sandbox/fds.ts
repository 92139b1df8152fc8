// Descriptors the grader inherited from whoever started it without close-on-exec (a CI shell's
// `exec 200>file`): every child inherits them, student code included, which could then write into a host
// file through fd 200. The launcher (launcher.ts) closes every descriptor above 2 but the driver's private
// channel before anything of the student's runs; this file tells it which shell can do that. POSIX sh
// (dash) names only descriptors 0-9 in a redirection, so when one of 10 or more is inherited the launcher
// runs under bash. Node opens its own descriptors close-on-exec: whatever lacks the flag was inherited.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const O_CLOEXEC = 0o2000000;

/** Descriptors above 2 of this process that a child would inherit (no close-on-exec), from /proc/self/fdinfo. */
export function inheritedFds(): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc/self/fdinfo');
  } catch {
    return []; // not Linux: the launcher still closes what it finds
  }
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

/** The shell the launcher runs under: sh, or bash when an inherited descriptor is above 9 (sh cannot name it;
 *  without bash the launcher refuses to start, saying which descriptor to close). */
export function launcherShell(): string {
  return BASH && inheritedFds().some((fd) => fd > 9) ? BASH : '/bin/sh';
}
