// "A feature never written" (P1) or "written, and not reached" (P4)? A test that could not check its rule
// because a question it needs never came up in its run (the replay was never offered) is one of two things:
// the program has no such question anywhere (a replay never coded: every test aimed at it loses its points),
// or its code asks it and another defect kept the run from getting there (a crash or a loop earlier in the
// game: that defect is charged where it shows, and this test keeps its points). The program's own strings
// tell them apart: a string of its code that the role table reads as that question means it is written.
// Language-neutral: a runner hands over the submission's strings (Python's without docstrings, Java's
// without comments); the roles are the assignment's.
import type { RoleTable } from '../turns/roles.js';
import { classifyQuestion } from '../turns/roles.js';
import type { Outcome } from './outcome.js';

/** The question roles some string of the program asks. */
export function rolesAsked(literals: readonly string[], table: RoleTable): Set<string> {
  const roles = new Set<string>();
  for (const s of literals) {
    // A literal may hold a whole menu or a prompt with the lines above it: each line is read as a prompt.
    for (const line of s.split(/\r?\n|\\n/)) {
      const q = line.trim() ? classifyQuestion(table, line) : null;
      if (q) roles.add(q.role.name);
    }
  }
  return roles;
}

/** Outcomes whose rule went unseen for want of a question the program's code does ask, marked `unreached`. */
export function markWritten<O extends Outcome>(outcomes: ReadonlyMap<string, O>, literals: readonly string[] | undefined, table: RoleTable | undefined): ReadonlyMap<string, O> {
  if (!literals?.length || !table) return outcomes;
  let asked: Set<string> | undefined;
  const out = new Map(outcomes);
  for (const [id, o] of outcomes) {
    const m = o.kind === 'not_checked' ? /^question-missing:(.+)$/.exec(o.defect ?? '') : null;
    if (!m) continue;
    asked ??= rolesAsked(literals, table);
    if (asked.has(m[1]!)) out.set(id, { ...o, unreached: true });
  }
  return out;
}
