// The sandbox's first process: a few lines of POSIX sh, run with the runner's working directory.
// It (1) refuses to run anywhere but a private directory under the temp root, (2) when student uids are
// in use, refuses a work directory not handed to one (uids.ts) and takes that uid, (3) enters a pids
// cgroup of its own, (4) opens the seccomp filter on fd 9 for bwrap, (5) fills the placeholders of the
// command (the work directory, its entries, the uid), and (6) execs it with an empty environment, so
// not even bwrap's own process holds the grader's variables. bwrap gets its arguments on a pipe
// (--args 8), not on its command line: its helper is pid 1 inside the sandbox, where anyone can read
// /proc/1/cmdline, and it would show every host path.
// Doing this at spawn time lets one `wrap` serve every submission: the work directory is the cwd
// the runner was started in (PythonSession spawns with cwd = the submission's private directory).
import { noteUncontainedStudentRun, STUDENT_UID_END, STUDENT_UID_MIN } from './uids.js';
import { SANDBOX_HOME, STUDENT_UID, WORK_DIR, WORK_ENTRIES } from './bwrap.js';

export const SCRIPT = [
  'root=$1; cg=$2; max=$3; sc=$4; uids=$5; bw=$6; shift 6',
  // `cd -P .` resolves links like `pwd -P`, without the fork of a command substitution.
  'cd -P . || exit 125; w=$PWD',
  'case "$w" in "$root"/?*) ;; *) echo "gradekit sandbox: refusing to run in $w: not a private work directory under $root" >&2; exit 125;; esac',
  'u=',
  `if [ "$uids" = 1 ]; then u=$(stat -c %u "$w") || exit 125; if [ "$u" -lt ${STUDENT_UID_MIN} ] || [ "$u" -ge ${STUDENT_UID_END} ]; then echo "gradekit sandbox: refusing to run in $w: it does not belong to a student uid (owner $u)" >&2; exit 125; fi; fi`,
  'if [ -n "$cg" ]; then g="$cg/s-$$"; { mkdir "$g" && echo "$max" > "$g/pids.max" && echo $$ > "$g/cgroup.procs"; } || { echo "gradekit sandbox: cannot enter the pids cgroup $g" >&2; exit 125; }; fi',
  'if [ -n "$sc" ]; then exec 9<"$sc" || exit 125; fi',
  // One argument with its placeholder filled, in $r.
  `fill() { case $1 in ${WORK_DIR}) r=$w;; ${STUDENT_UID}) r=$u;; HOME=${WORK_DIR}) r="HOME=$w";; *) r=$1;; esac; }`,
  // The command line is rebuilt in place (each turn appends one argument and drops the first): quadratic
  // in the number of arguments, so it is done only for short ones (the command, or the fallback's).
  'if [ "$bw" != 1 ]; then for a do fill "$a"; set -- "$@" "$r"; shift; done; exec /usr/bin/env -i "$@"; fi',
  // bwrap's ~100 options go through the pipe (--args 8), filled in one pass, each entry of the work
  // directory bound read-only into the sandbox's own (size-limited) home; the command (after --, already
  // free of host paths) stays on the command line, as --args requires. fd 3 is the driver's private
  // channel: stdin is parked on 7.
  'b=$1; shift; n=0',
  'for a do [ "$a" = -- ] && break; n=$((n+1)); done',
  'exec 7<&0',
  '{ for a do case $a in',
  '    --) break;;',
  `    ${WORK_ENTRIES}) for e in "$w"/* "$w"/.[!.]* "$w"/..?*; do if [ -e "$e" ] || [ -L "$e" ]; then printf '%s\\0' --ro-bind "$e" "${SANDBOX_HOME}/\${e##*/}"; fi; done;;`,
  `    *) fill "$a"; printf '%s\\0' "$r";;`,
  '  esac; done; } | {',
  '  shift $n; for a do fill "$a"; set -- "$@" "$r"; shift; done',
  '  exec 8<&0 0<&7 7<&-; exec /usr/bin/env -i "$b" --args 8 "$@"; }',
].join('\n');

export interface LaunchOptions {
  /** The work directory must lie strictly inside this folder (realpath). */
  root: string;
  /** Parent folder for the per-process pids cgroup, or undefined for none. */
  cgroup?: string;
  maxProcesses: number;
  /** The seccomp filter file to open on fd 9, if any. */
  seccompFile?: string;
  /** Run as the student uid that owns the work directory (the grader is root). */
  studentUids: boolean;
  /** The command is bwrap: pass it everything but its own path through --args. */
  bwrap: boolean;
}

export function launcherArgv(o: LaunchOptions, cmd: string[]): string[] {
  if (o.studentUids && !o.bwrap) noteUncontainedStudentRun();
  return ['/bin/sh', '-c', SCRIPT, 'gradekit-sandbox', o.root, o.cgroup ?? '', String(o.maxProcesses), o.seccompFile ?? '', o.studentUids ? '1' : '0', o.bwrap ? '1' : '0', ...cmd];
}
