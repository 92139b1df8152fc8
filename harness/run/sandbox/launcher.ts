// The sandbox's first process: a few lines of POSIX sh, run with the runner's working directory.
// It (1) closes every descriptor above 2 but the driver's private channel, so nothing the grader inherited
// (a CI shell's `exec 200>file`) reaches student code, (2) refuses to run anywhere but a private directory
// under the temp root, (3) when student uids are in use, refuses a work directory not handed to one
// (uids.ts) and takes that uid, (4) joins the control group of its work directory (cgroups.ts: the
// submission's memory limit) in a leaf of its own (the process limit), (5) opens the seccomp filter on
// fd 9 for bwrap, (6) fills the placeholders of the command (the work directory, its entries, the uid),
// and (7) execs it with an empty environment, so not even bwrap's own process holds the grader's
// variables. bwrap gets its arguments on a pipe (--args 8), not on its command line: its helper is pid 1
// inside the sandbox, where anyone can read /proc/1/cmdline, and it would show every host path.
// Doing this at spawn time lets one `wrap` serve every submission: the work directory is the cwd
// the runner was started in (PythonSession spawns with cwd = the submission's private directory).
import { noteUncontainedStudentRun, STUDENT_UID_END, STUDENT_UID_MIN } from './uids.js';
import { SANDBOX_HOME, STUDENT_UID, WORK_DIR, WORK_ENTRIES } from './bwrap.js';
import { closerPrefix } from './fds.js';

const refuse = (why: string) => `{ echo "gradekit sandbox: ${why}" >&2; exit 125; }`;

export const SCRIPT = [
  'keep=$1; root=$2; tg=$3; mg=$4; max=$5; mem=$6; sc=$7; uids=$8; bw=$9; shift 9',
  // (1) The shell's own descriptors, listed by its own glob (no fork). sh names only 0-9 in a redirection:
  // bash closes those above 9 first when there are some (fds.ts), and sh refuses rather than leave one open.
  'for f in /proc/self/fd/*; do n=${f##*/}; case $n in 0|1|2|"$keep"|\\*) ;; [3-9]) eval "exec $n>&-";; *)',
  `  if [ -z "\${BASH_VERSION-}" ]; then ${refuse('descriptor $n is open (inherited without close-on-exec): close it before starting gradekit, or install bash')}; fi; eval "exec $n>&-";; esac; done`,
  // `cd -P .` resolves links like `pwd -P`, without the fork of a command substitution.
  'cd -P . || exit 125; w=$PWD',
  `case "$w" in "$root"/?*) ;; *) ${refuse('refusing to run in $w: not a private work directory under $root')};; esac`,
  'u=',
  `if [ "$uids" = 1 ]; then u=$(stat -c %u "$w") || exit 125; if [ "$u" -lt ${STUDENT_UID_MIN} ] || [ "$u" -ge ${STUDENT_UID_END} ]; then ${refuse('refusing to run in $w: it does not belong to a student uid (owner $u)')}; fi; fi`,
  // (4) The work directory's group, made by the grader when it leased the directory: w-<grader pid>-<name>.
  'if [ -n "$tg" ]; then g=; for d in "$tg"/w-*-"${w##*/}"; do [ -d "$d" ] && g=$d; done',
  `  [ -n "$g" ] || ${refuse('refusing to run in $w: the grader made no control group for it')}`,
  '  if [ -n "$mem" ]; then if [ "$mg" = "$tg" ]; then m=$g; else m="$mg/${g##*/}"; fi',
  // v2: memory.max, and no swap; v1: memory.limit_in_bytes (and the same with swap where it is accounted).
  '    if [ -e "$m/memory.max" ]; then echo "$mem" > "$m/memory.max" && { [ ! -e "$m/memory.swap.max" ] || echo 0 > "$m/memory.swap.max"; }',
  '    else echo "$mem" > "$m/memory.limit_in_bytes" && { [ ! -e "$m/memory.memsw.limit_in_bytes" ] || { echo "$mem" > "$m/memory.memsw.limit_in_bytes"; } 2>/dev/null || :; }; fi',
  `    [ $? = 0 ] || ${refuse('cannot set the memory limit of $m')}`,
  `    if [ "$m" != "$g" ]; then echo $$ > "$m/cgroup.procs" || ${refuse('cannot enter the control group $m')}; fi; fi`,
  `  s="$g/s-$$"; { mkdir "$s" && { [ -z "$max" ] || echo "$max" > "$s/pids.max"; } && echo $$ > "$s/cgroup.procs"; } || ${refuse('cannot enter the control group $s')}; fi`,
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
  /** The descriptor to keep open besides 0-2: the driver's private channel (3), or none. */
  channel?: number;
  /** The work directory must lie strictly inside this folder (realpath). */
  root: string;
  /** Parent of the work directories' control groups where runners make their leaves (cgroups.ts), or undefined for none. */
  tracking?: string;
  /** Parent of the groups carrying the memory limit (the same as `tracking` on cgroup v2). */
  memory?: string;
  /** pids.max of the runner's leaf, or undefined where the leaf has no pids controller. */
  maxProcesses?: number;
  /** Bytes all processes of the work directory may use together (with their tmpfs files). */
  memoryBytes?: number;
  /** The seccomp filter file to open on fd 9, if any. */
  seccompFile?: string;
  /** Run as the student uid that owns the work directory (the grader is root). */
  studentUids: boolean;
  /** The command is bwrap: pass it everything but its own path through --args. */
  bwrap: boolean;
}

export function launcherArgv(o: LaunchOptions, cmd: string[]): string[] {
  if (o.studentUids && !o.bwrap) noteUncontainedStudentRun();
  const opt = (v: unknown) => (v === undefined ? '' : String(v));
  return [
    ...closerPrefix(o.channel), '/bin/sh', '-c', SCRIPT, 'gradekit-sandbox',
    opt(o.channel), o.root, opt(o.tracking), opt(o.tracking && o.memory), opt(o.tracking && o.maxProcesses), opt(o.tracking && o.memory && o.memoryBytes),
    opt(o.seccompFile), o.studentUids ? '1' : '0', o.bwrap ? '1' : '0', ...cmd,
  ];
}
