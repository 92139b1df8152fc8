// Rule checks over a whole session answered by role (a test's `answers:`), where the program's turns
// need not line up with the reference's: which questions of some roles it asked, in what order, and
// what it printed last for some number roles. Each names the rule it saw broken, as a judge's
// TurnProblem with a defect signature of its own, so a test aimed at one rule charges only that rule.
import { wrongNumber, type ExplainNumber, type TurnProblem } from './judge.js';
import { readNumbers, type NumberSeen } from './facts.js';
import { classifyQuestion, type RoleTable } from './roles.js';
import { turnText, type Turn } from './turn.js';

/** "once", "twice", "3 times" ("never" for none, where a sentence reads so). */
export const times = (n: number) => (n === 0 ? 'never' : n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** The role of each turn's question: the reference states it, a program's is read from its words. */
export function rolesAsked(turns: readonly Turn[], table: RoleTable): (string | undefined)[] {
  return turns.filter((t) => t.input !== null).map((t) => t.role ?? classifyQuestion(table, t.prompt, t.before)?.role.name);
}

/** The questions of these roles, in order, must be the reference's: asked as often, in the same order. */
export function checkQuestions(expected: readonly Turn[], observed: readonly Turn[], table: RoleTable, roles: readonly string[]): TurnProblem | null {
  const keep = new Set(roles);
  const exp = rolesAsked(expected, table).map((r, i) => ({ r, i })).filter((x) => x.r && keep.has(x.r));
  const obs = rolesAsked(observed, table).map((r, i) => ({ r, i })).filter((x) => x.r && keep.has(x.r));
  const count = (xs: typeof exp, role: string) => xs.filter((x) => x.r === role).length;
  const saysOf = (role: string) => table.get(role)?.says ?? role;
  const extra = (o: (typeof obs)[number]): TurnProblem => ({
    turn: o.i,
    message: `at input ${o.i + 1} your program asks ${saysOf(o.r!)} again: it asks ${times(count(obs, o.r!))} in this game, where the handout's program asks ${times(count(exp, o.r!))}`,
    defect: `question-extra:${o.r}`,
  });
  const missing = (role: string, at: number): TurnProblem => {
    const n = count(obs, role);
    return { turn: at, message: `your program asks ${saysOf(role)} ${times(n)} in this game, where the handout's program asks ${times(count(exp, role))}`, defect: `question-missing:${role}` };
  };
  for (let k = 0; k < Math.max(exp.length, obs.length); k++) {
    const e = exp[k], o = obs[k];
    if (e && o && e.r === o.r) continue;
    const at = o?.i ?? Math.max(0, observed.length - 1);
    // The first difference is named by its cause: a question asked fewer times than the handout's program
    // asks it (missing), one asked more often (extra), and only otherwise one asked in another's place.
    if (e && count(obs, e.r!) < count(exp, e.r!)) return missing(e.r!, at);
    if (o && count(obs, o.r!) > count(exp, o.r!)) return extra(o);
    if (!e || !o) return o ? extra(o) : missing(e!.r!, at);
    return { turn: at, message: `at input ${at + 1} your program asks ${saysOf(o.r!)}, where the handout's program asks ${saysOf(e.r!)}`, defect: `question-instead:${o.r}@${e.r}` };
  }
  return null;
}

/** What the program printed last for a number role, every value of it in the last turn that shows one
 *  (a program that prints several totals at once is judged on all of them). */
export function lastPrinted(observed: readonly Turn[], table: RoleTable, role: string): { values: number[]; turn: number; line: string } | undefined {
  // A number is this role's when its nearest words say so, or when its line names the role before it
  // ("Your total overall score is 45": 'score' is nearer, but the line says what the number is).
  const patterns = table.get(role)?.patterns ?? [];
  const named = (n: NumberSeen) => n.roles.includes(role) || patterns.some((p) => p.test(n.line.slice(0, Math.max(0, n.line.indexOf(String(n.value))))));
  for (let i = observed.length - 1; i >= 0; i--) {
    const seen = readNumbers(turnText(observed[i]!), table).filter(named);
    if (seen.length) return { values: seen.map((n) => n.value), turn: i, line: seen[seen.length - 1]!.line.trim() };
  }
  return undefined;
}

/** The last value the reference printed for each role must be what the program printed last for it.
 *  A value the handout does not require shown (optional) may be left out: `unseen` names those. */
export function checkTotals(expectedValues: ReadonlyMap<string, { value: number; optional?: boolean }>, observed: readonly Turn[], table: RoleTable, unseen: string[] = [], explain?: ExplainNumber): TurnProblem | null {
  for (const [role, want] of expectedValues) {
    const says = table.get(role)?.says ?? role;
    const got = lastPrinted(observed, table, role);
    // A fact is found by its value and its place: the last value of a role is shown at the end of the run
    // (where the reference shows it), whatever words the program puts next to it ("GAME OVER!" then
    // "Total Score: 198" is the game's total). The label is a hint; a number it names is judged as before.
    const end = observed.length - 1;
    if ((!got || got.turn < end) && end >= 0 && readNumbers(turnText(observed[end]!), table).some((n) => n.value === want.value)) continue;
    if (!got) {
      if (want.optional) {
        unseen.push(role);
        continue;
      }
      return { turn: Math.max(0, observed.length - 1), message: `your program never shows ${says} (${want.value})`, defect: `missing:${role}` };
    }
    const wrong = got.values.find((v) => v !== want.value);
    if (wrong !== undefined) {
      const p = wrongNumber(`${says} should be ${want.value}; your program printed ${wrong} (${JSON.stringify(got.line.length > 160 ? got.line.slice(0, 160) + '…' : got.line)})`, role, wrong, explain);
      return { turn: got.turn, message: p.text, defect: `wrong:${role}${p.how ? `:${p.how}` : ''}` };
    }
  }
  return null;
}
