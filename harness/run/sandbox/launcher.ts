// The sandbox's first process: a few lines of POSIX sh, run with the runner's working directory.
// It (1) refuses to run anywhere but a private directory under the temp root, (2) enters a pids
// cgroup of its own, (3) inserts the work-directory arguments into the bwrap command, and (4) execs.
// Doing this at spawn time lets one `wrap` serve every submission: the work directory is the cwd
// the runner was started in (PythonSession spawns with cwd = the submission's private directory).
const SCRIPT = [
  'root=$1; cg=$2; max=$3; at=$4; shift 4',
  'w=$(pwd -P)',
  'case "$w" in "$root"/?*) ;; *) echo "gradekit sandbox: refusing to run in $w: not a private work directory under $root" >&2; exit 125;; esac',
  'if [ -n "$cg" ]; then g="$cg/s-$$"; { mkdir "$g" && echo "$max" > "$g/pids.max" && echo $$ > "$g/cgroup.procs"; } || { echo "gradekit sandbox: cannot enter the pids cgroup $g" >&2; exit 125; }; fi',
  // Rotate the arguments, inserting the work-directory options before argument number $at.
  'if [ "$at" -ge 0 ]; then i=0; for a do [ "$i" -eq "$at" ] && set -- "$@" --bind "$w" "$w" --chdir "$w" --setenv HOME "$w"; set -- "$@" "$a"; shift; i=$((i+1)); done; fi',
  'exec "$@"',
].join('\n');

export interface LaunchOptions {
  /** The work directory must lie strictly inside this folder (realpath). */
  root: string;
  /** Parent folder for the per-process pids cgroup, or undefined for none. */
  cgroup?: string;
  maxProcesses: number;
  /** Index in `cmd` where the work-directory bwrap options go, or -1 (no bwrap). */
  insertAt: number;
}

export function launcherArgv(o: LaunchOptions, cmd: string[]): string[] {
  return ['/bin/sh', '-c', SCRIPT, 'gradekit-sandbox', o.root, o.cgroup ?? '', String(o.maxProcesses), String(o.insertAt), ...cmd];
}
