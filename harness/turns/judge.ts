// One judge over turns: does a program's turn say what the reference's turn says? Facts are found in
// the program's own words (numbers by value and role, letter runs as multisets, statements by what
// they say); wording, labels, layout, blank lines, separators, case, repeats and extra lines never
// matter. The first missing or contradicted fact is reported, naming the fact, the moment and what the
// program printed instead.
import type { Fact } from './facts.js';
import { linesSaying, missingFact, says, readLetters, readNumbers, readRuns, sortLetters, spaced, wordsIn, wrongFact, type FactProblem, type NumberSeen } from './facts.js';
import { classifyQuestion, questionLine, type Role, type RoleTable } from './roles.js';
import { turnText, whenTurn, type Turn } from './turn.js';
import { checkWordList } from './extract.js';
import { readingKey } from './answers.js';

export interface TurnProblem {
  /** The turn where it shows (index into the turns). */
  turn: number;
  message: string;
  /** The same turn's other problems (checkFacts gives the most telling first): shownProblems lists them. */
  alsoInTurn?: { message: string; defect: string }[];
  /** What kind of problem, independent of the test it shows in ("missing:handTotal",
   *  "question-missing:replay"): two tests with the same defect signature show the same defect. */
  defect: string;
}

export interface FactContext {
  table: RoleTable;
  /** "after \"jar\" (input 2)": when the turn happens, for messages. */
  when: string;
  /** Characters that stand for a letter in letter runs (a PS3 wildcard). */
  wildcards?: string;
  /** The mistake behind a wrong number of a role, when the assignment knows it (NumberExplainer). */
  explainNumber?: ExplainNumber;
  /** Counters (number roles with `counter: true`) as the turns so far left them: the reference's value and
   *  the program's. Read and updated turn by turn (turnProblems). */
  counters?: Map<string, { ref: number; obs: number }>;
  /** Lines the program prints whatever the situation (what it printed while it was imported, trimmed: the
   *  starter's "Loading word list from file..."): printed again in a turn, they say nothing about that turn. */
  boilerplate?: ReadonlySet<string>;
  /** The line that asks the question this turn ends with (none when it ends the session). */
  asking?: string;
}

/** How a counter's change went wrong, named by what the turn says first (a wrong guess costing one where it
 *  costs two, a right guess costing one where it costs none): "notInWord.amount", "goodGuess.extra".
 *  Where the reference moves another counter in that turn (a warning spent), the mistake is in that exchange
 *  whatever the input was: an invalid input and a repeated letter that each cost a guess as their last warning
 *  goes are one rule broken once ("warningsLeft.moved.extra"), not a defect per kind of input. `before`: the
 *  counters as the turns before this one left them. */
function changeHow(f: Fact, facts: readonly Fact[], table: RoleTable, refChange: number, obsChange: number, before: ReadonlyMap<string, { ref: number }>): string {
  const how = refChange === 0 ? 'extra' : obsChange === 0 ? 'none' : 'amount';
  const moved = facts.find((g) => g !== f && g.role !== f.role && table.get(g.role)?.counter && typeof g.value === 'number' && before.get(g.role) !== undefined && before.get(g.role)!.ref !== g.value);
  if (moved) return `${moved.role}.moved.${how}`;
  const said = facts.find((x) => table.get(x.role)?.kind === 'statement')?.role;
  return `${(said && table.get(said)?.sameAs) ?? said ?? 'turn'}.${how}`;
}
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A wrong number's known mistake: its signature part ("a|b") and the words that complete the message. */
export type ExplainNumber = (role: string, observed: number) => { how: string; says: string } | undefined;

/** A wrong number, with its mistake named where one is known: two mistakes read apart are two defects. */
export function wrongNumber(text: string, role: string, observed: number, explain: ExplainNumber | undefined): FactProblem {
  const known = explain?.(role, observed);
  return known ? { kind: 'wrong', charge: true, text: `${text} (${known.says})`, how: known.how } : { kind: 'wrong', charge: true, text };
}

const quote = (s: string, n = 160) => JSON.stringify(s.length > n ? s.slice(0, n) + '…' : s);

function about(f: Fact): string {
  return f.about !== undefined ? ` for ${JSON.stringify(f.about)}` : '';
}

const missing = missingFact;
const wrong = wrongFact;

/** Checks the facts of one reference turn against the text of the program's turn. */
export function checkFacts(text: string, facts: readonly Fact[], ctx: FactContext): { message: string; defect: string; alsoInTurn?: { message: string; defect: string }[] } | null {
  const { table } = ctx;
  const numbers = readNumbers(text, table);
  const picked = pickNumbers(numbers, facts, table);
  const used = new Set(picked.values());
  const before = new Map(ctx.counters ?? []);
  // Every fact of the turn is read (a counter's value is kept for the next turn's change), and a fact shown
  // wrong is the turn's problem before one not shown: a value or a statement that contradicts the reference
  // says what the program did ('ab' taken as a guess: the guesses left went down), where a fact missing may
  // only follow from it (no warnings left shown, since no warning was given).
  const found: { message: string; defect: string; wrong: boolean; statement: boolean; number: boolean }[] = [];
  for (const f of facts) {
    const role = table.get(f.role);
    if (!role) return { message: `the reference states a '${f.role}' that the role table does not define (a spec problem)`, defect: `spec:${f.role}` };
    const problem = ((): FactProblem | null => {
      switch (role.kind) {
        case 'number': {
          const want = [f.value, ...(f.oneOf ?? [])] as number[];
          // A turn that shows many values for this role is judged on all of them: printing every number
          // from 0 to 1000 after "Total:" shows the right one, and every wrong one too. Two values are
          // common in real work (a word's points and, worded alike, the hand's total after the last word),
          // and only numbers whose own line names the role before them count (not a bare number under it).
          // A counter's number is its own on a line that holds no other number, wherever its label stands ("You
          // have 2 warnings left"); on a line of several, the words between them may be another's label.
          const alone = (n: NumberSeen) => role.counter && numbers.filter((x) => x.line === n.line).length === 1;
          const own = numbers.filter((n) => (n.via === 'left' || alone(n)) && n.roles.length === 1 && n.roles[0] === role.name);
          // A count the game keeps (a counter) has one value at a time: two in one turn tell the player two things.
          const wrong = new Set(own.map((n) => n.value)).size > (role.counter ? 1 : 2) ? own.find((n) => !want.includes(n.value)) : undefined;
          if (wrong) return wrongNumber(`${ctx.when} your program shows several values for ${role.says}${about(f)}, and ${wrong.value} (${quote(wrong.line.trim())}) is not ${want.join(' or ')}`, role.name, wrong.value, ctx.explainNumber);
          const instead = picked.has(f) ? undefined : numbers.find((n) => !used.has(n) && n.roles.includes(role.name));
          // An optional number may be left out, but when a program shows it, it must be right.
          const wrongValue = (n: NumberSeen) => wrongNumber(`${ctx.when} ${role.says}${about(f)} should be ${want.join(' or ')}; your program printed ${n.value} (${quote(n.line.trim())})`, role.name, n.value, ctx.explainNumber);
          const last = role.counter ? ctx.counters?.get(role.name) : undefined;
          const shown = picked.get(f) ?? instead;
          if (role.counter && ctx.counters && shown && typeof f.value === 'number') ctx.counters.set(role.name, { ref: f.value, obs: shown.value });
          if (last && shown && typeof f.value === 'number') {
            const refChange = f.value - last.ref, obsChange = shown.value - last.obs;
            // A counter an earlier turn left wrong is judged by its change: off by the same amount, it obeys this turn's rule.
            if (last.ref !== last.obs) {
              if (refChange === obsChange) return null;
              return { kind: 'wrong', charge: true, text: `${ctx.when} ${role.says} should change by ${signed(refChange)} (from ${last.ref} to ${f.value}); your program's changed by ${signed(obsChange)} (from ${last.obs} to ${shown.value}: ${quote(shown.line.trim())})`, how: changeHow(f, facts, table, refChange, obsChange, before) };
            }
            if (instead) {
              const p = wrongValue(instead);
              return { ...p, how: p.how ?? changeHow(f, facts, table, refChange, obsChange, before) };
            }
          }
          if (picked.has(f)) return null;
          if (instead) return wrongValue(instead);
          // The value is there once, read as another fact of the same value (the first word's points and the
          // running total are both 90): say that it is shown once where two things must be, not which is missing.
          const shared = [...picked].find(([g, n]) => g !== f && want.includes(n.value) && !n.roles.length);
          if (shared) {
            const other = table.get(shared[0].role);
            return missing(`${ctx.when} your program shows ${shared[1].value} only once (${quote(shared[1].line.trim())}), without words saying what it is, where the handout's program shows both ${role.says}${about(f)} and ${other?.says ?? shared[0].role}`);
          }
          // A length shown as its row of blanks, one per letter, is shown (roles.ts `blanks`).
          if (role.blanks && blankRuns(text).some((n) => want.includes(n))) return null;
          return missing(`${ctx.when} your program does not show ${role.says}${about(f)} (${want.join(' or ')})`);
        }
        case 'multiset': {
          const want = sortLetters(String(f.value).toLowerCase());
          const runs = readRuns(text, ctx.wildcards);
          if (runs.some((r) => r.letters === want)) return null;
          const last = runs[runs.length - 1];
          // A hand of the wrong size (letters never used up, HAND_SIZE ignored) and a hand of the right size
          // with other letters (a substitution that did not happen) are different defects.
          return last
            ? { ...wrong(`${ctx.when} ${role.says} should be ${spaced(want)}; your program shows ${spaced(last.letters)} (${quote(last.line.trim())})`), how: last.letters.length === want.length ? 'letters' : 'size' }
            : missing(`${ctx.when} your program does not show ${role.says} (${spaced(want)})`);
        }
        case 'statement': {
          if (linesSaying(text, role).length) return null;
          // A statement in words we do not know is still a statement; only its opposite, or silence, counts against it.
          const against = [role.opposite ?? []].flat().map((o) => table.get(o)).filter((r): r is Role => r !== undefined);
          // A line that shows a word this turn states by its value (the secret word a lost game reveals: "The
          // correct word is tact") is that word's line: its words label the value, not the guess.
          const shownWords = facts.filter((g) => table.get(g.role)?.kind === 'word').flatMap((g) => [g.value, ...(g.oneOf ?? [])].map((w) => String(w).toLowerCase()));
          const labelsAWord = (l: string) => wordsIn(l).some((w) => shownWords.includes(w.word));
          const contra = against.flatMap((r) => (r.kind === 'number' ? numbers.filter((n) => n.roles.includes(r.name)).map((n) => n.line) : linesSaying(text, r).filter((l) => !labelsAWord(l))).map((line) => ({ line, said: r.name })));
          // What the program said instead is part of the defect (statementSwap in charges.ts): 'ab' played as a
          // wrong guess and 'A' after 'a' played as a new good one are two rules broken, both first seen on a count.
          if (contra.length) return { ...wrong(`${ctx.when} your program should say ${role.says}${about(f)}, but it says ${quote(contra[0]!.line.trim())}`), how: `said-${contra[0]!.said}` };
          // A line another statement's words claim ("That letter is not in my word") says that one, not this one
          // in words we do not know, unless that statement implies this one (roles.ts `implies`).
          const others = table.ofKind('statement').filter((r) => r.name !== role.name && !r.implies?.includes(role.name));
          // (Not a line whose words label a word this turn shows: "The correct word was: tact" names the word.)
          const claimed = (l: string) => !labelsAWord(l) && others.some((r) => says(l, r));
          // Nor a line the program prints whatever the situation (a function that loads the word list
          // again prints "Loading word list from file..." where "No matches found" is due: it says nothing).
          // Nor a line that shows another fact or asks and says nothing more (a count by its label, "You have 5
          // guesses left"; the letters left by their value, "Available letters: bcdef…"; the next question, "Please
          // guess a letter:"): it would be printed after any input (read as this statement, a program silent about
          // the guess passed). Words of their own beside the fact still may ("Correct: _ a_ _ (6 guesses left)").
          const said = notListing(text.split('\n').filter((l) => /[A-Za-z]{2}/.test(l) && !readRuns(l, ctx.wildcards).length && !claimed(l) && !onlyOtherFacts(l, facts, ctx) && !ctx.boilerplate?.has(l.trim())));
          return said.length ? null : missing(`${ctx.when} your program does not say ${role.says}${about(f)}`);
        }
        case 'word': {
          const want = new Set([f.value, ...(f.oneOf ?? [])].map((w) => String(w).toLowerCase()));
          const words = wordsIn(text);
          // The word a label names ("The word was else."), of the length the right one has, is what the line
          // says: the right word printed after it ("The word was else. tact") does not make the line right.
          if (words.some((w) => want.has(w.word))) {
            const named = labelledWord(text, role, new Set([...want].map((w) => w.length)));
            return named && !want.has(named) ? wrong(`${ctx.when} ${role.says}${about(f)} is ${[...want].slice(0, 3).join(' or ')}; your program names ${named} as it`) : null;
          }
          return missing(`${ctx.when} your program does not show ${role.says}${about(f)} (any of ${[...want].slice(0, 5).join(', ')}${want.size > 5 ? ', …' : ''})`);
        }
        case 'letters': {
          const want = [...new Set(String(f.value).toLowerCase())];
          if (!want.length) return null;
          const shown = readLetters(text, role);
          if (want.every((c) => shown.has(c))) return null;
          return shown.size
            ? wrong(`${ctx.when} ${role.says} should be ${want.join(', ')}; your program shows ${[...shown].join(', ')}`)
            : missing(`${ctx.when} your program does not show ${role.says} (${want.join(', ')})`);
        }
        case 'pattern': {
          const want = [f.value, ...(f.oneOf ?? [])].map((p) => String(p).toLowerCase());
          const flat = text.toLowerCase().replace(/[_-]/g, '-').replace(/(?<=[a-z-]) (?=[a-z-])/g, '');
          // A whole pattern, not a piece of a longer run of blanks: '----' is not shown by a '----------' separator.
          if (want.some((p) => new RegExp(`(?<!-)${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!-)`).test(flat))) return null;
          return missing(`${ctx.when} your program does not show ${role.says} ${want.map((w) => JSON.stringify(w)).join(' or ')}`);
        }
        case 'words':
          return checkWordList(text, String(f.value).split(' ').filter(Boolean), role.says, ctx.when);
        case 'question':
          return null;
      }
    })();
    // A statement left unsaid is one defect with the statement it is the same as (roles.ts `same_as`): a program
    // silent after a repeat and after a non-letter never says what the handout says of both ("same as 2").
    const named = problem?.kind === 'missing' && role.kind === 'statement' ? (role.sameAs ?? role.name) : role.name;
    if (problem && (!f.optional || problem.charge)) found.push({ message: problem.text, defect: `${problem.kind}:${named}${problem.how ? `:${problem.how}` : ''}`, wrong: problem.kind === 'wrong', statement: role.kind === 'statement', number: role.kind === 'number' });
  }
  // A statement contradicted comes first of all: how the program classed the input (a letter in the word, a
  // repeat, not a letter) is the cause; the counts it then shows wrong follow from that class.
  const first = found.find((p) => p.wrong && p.statement) ?? found.find((p) => p.wrong) ?? found[0];
  if (!first) return null;
  // The turn's other problems: what a charge of this turn also shows (shownProblems). Not the counts after a
  // statement contradicted: they follow from the class the program gave the input, and the same wrong count
  // follows from another wrong class elsewhere ('*' answered with a hint list leaves the warnings as 'A' taken
  // for a new letter does), which is another defect.
  const rest = found.filter((p) => p !== first && !(first.statement && first.wrong && p.number)).map(({ message, defect }) => ({ message, defect }));
  return { message: first.message, defect: first.defect, ...(rest.length ? { alsoInTurn: rest } : {}) };
}

/** How many blanks each row of blanks in the text holds ("_ _ _ _" and "____" hold 4). */
function blankRuns(text: string): number[] {
  return [...text.matchAll(/_(?: ?_)*/g)].map((m) => m[0].replace(/ /g, '').length);
}

/** The first word right after one of the role's labels, where it has a length the right one has (a word of the
 *  secret's length printed where the secret is named: "The word was else."); undefined elsewhere ("The word
 *  was in fact tact" names no word of its own). */
function labelledWord(text: string, role: Role, lengths: ReadonlySet<number>): string | undefined {
  for (const line of text.split('\n')) {
    for (const p of role.patterns) {
      const m = p.exec(line); // compiled without 'g' (roles.ts): no lastIndex to reset
      if (!m) continue;
      const next = /^[\s:'"]*([A-Za-z]+)/.exec(line.slice(m.index + m[0].length))?.[1]?.toLowerCase();
      if (next && lengths.has(next.length)) return next;
    }
  }
  return undefined;
}

/** A run of eight letters or more (checked for alphabetical order where it is used): the letters left, shown. */
const LETTER_RUN = /\b[a-z]{8,}\b/g;

/** Words that only frame a fact or a question ("You have … left", "Please enter a …"): a line that shows another
 *  fact and holds no other words says nothing of its own. */
const FRAMING = new Set('you your have has had now still left remaining remain there are is was and a an the of to for please only more in with currently current so far at this point try give me enter input type make choose pick new next another one my word words letter letters guess guesses'.split(' '));

/** Whether a line shows another role's fact, or asks the turn's question, and nothing more: a number by a number
 *  role's words, a value of this turn's letters or words (eight letters or more: no word of a sentence), the
 *  question the turn ends with. */
function onlyOtherFacts(line: string, facts: readonly Fact[], ctx: FactContext): boolean {
  const { table } = ctx;
  const lower = line.toLowerCase();
  const valued = facts.filter((g) => ['word', 'letters'].includes(table.get(g.role)?.kind ?? '') && String(g.value).length >= 8 && lower.includes(String(g.value).toLowerCase()));
  const shown = valued.map((g) => String(g.value).toLowerCase());
  const runs = lower.match(LETTER_RUN) ?? [];
  const labels = [
    ...(/\d/.test(line) ? table.ofKind('number') : []),
    ...(ctx.asking !== undefined && line.trim() === ctx.asking ? table.ofKind('question') : []),
    ...valued.map((g) => table.get(g.role)!),
    // Letters left shown where this turn's facts leave them out (unchanged since the last turn): a run of eight
    // or more letters in alphabetical order after a letters or word role's words.
    ...(runs.length ? [...table.ofKind('word'), ...table.ofKind('letters')] : []),
  ].filter((r) => says(line, r));
  for (const m of runs) if ([...m].every((c, k) => k === 0 || c > m[k - 1]!)) shown.push(m);
  if (!labels.length && !shown.length) return false;
  let rest = lower;
  for (const v of shown) rest = rest.split(v).join(' ');
  for (const r of labels) for (const p of r.patterns) rest = rest.replace(new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`), ' ');
  return !rest.replace(/[^a-z']+/g, ' ').split(' ').some((w) => w.length > 1 && !FRAMING.has(w));
}

/** Lines that may state something in words no role knows: not a listing. A line of more than a dozen bare
 *  words, or one word on a line among several such lines, lists things (every word of the list printed where "No
 *  matches found" is due): it says nothing, so it is no unknown wording of a statement. */
function notListing(lines: string[]): string[] {
  const words = (l: string) => l.trim().split(/\s+/).filter(Boolean).length;
  const single = lines.filter((l) => words(l) === 1).length;
  // Bare lower-case words (a Python list's brackets, quotes and commas aside): a sentence of as many words has
  // capitals or stops ("Oops! Seems the letter you entered had been chosen before. Now you have 2 warnings").
  const bare = (l: string) => l.trim().split(/\s+/).every((w) => /^[[('"]*[a-z]+['")\],]*$/.test(w));
  return lines.filter((l) => !(words(l) > 12 && bare(l)) && !(words(l) === 1 && single >= 3));
}

/** Which printed number shows each number fact: a number whose words give it the fact's role (or no
 *  role) first, in the handout's order where possible; then, for facts still without one, a number of
 *  the right value whatever its words say. Each printed number shows at most one fact. */
function pickNumbers(numbers: readonly NumberSeen[], facts: readonly Fact[], table: RoleTable): Map<Fact, NumberSeen> {
  const out = new Map<Fact, NumberSeen>();
  const taken = new Set<NumberSeen>();
  const wanted = facts.filter((f) => table.get(f.role)?.kind === 'number');
  const values = (f: Fact) => [f.value, ...(f.oneOf ?? [])] as number[];
  const pass = (accept: (n: NumberSeen, f: Fact) => boolean) => {
    let cursor = -1;
    for (const f of wanted) {
      if (out.has(f)) continue;
      const fits = (n: NumberSeen) => !taken.has(n) && values(f).includes(n.value) && accept(n, f);
      const n = numbers.find((x) => x.at > cursor && fits(x)) ?? numbers.find(fits);
      if (n) {
        out.set(f, n);
        taken.add(n);
        cursor = Math.max(cursor, n.at);
      }
    }
  };
  pass((n, f) => n.roles.includes(f.role));
  pass((n) => n.roles.length === 0);
  // Then a number of the right value whatever its words say (the tables' words are a hint: "Total: 0" at a
  // hand's end is its total, though "total" names the running one too), except one its own label, right
  // before it, gives to another counter ("Warnings: 3" where the guesses left are due): two counters are two
  // counts the game keeps apart, and a number labelled as one is not the other (issue 33), unless its words
  // name this one too ("6 guesses left and 2 warnings left": the 2's words before it are the 6's).
  pass((n, f) => n.via !== 'left' || !!n.fits?.includes(f.role) || !n.roles.some((r) => r !== f.role && table.get(r)?.counter));
  return out;
}

export interface TurnsInput {
  /** The reference's turns, with the role of each question and the facts of each turn. */
  expected: readonly Turn[];
  /** The program's turns, cut from its transcript. */
  observed: readonly Turn[];
  table: RoleTable;
  wildcards?: string;
  /** The program asked for more input than the test scripts: the prompt it was left at. */
  exhaustedAt?: string | null;
  /** The mistake behind a wrong number of a role, when the assignment knows it. */
  explainNumber?: ExplainNumber;
  /** Lines the program prints whatever the situation (FactContext.boilerplate). */
  boilerplate?: ReadonlySet<string>;
}

/** The signature of a question asked where the reference asks another, in the words every judge of questions
 *  uses (harness/turns/rules.ts too), so that one missing or extra question is one defect whichever test sees
 *  it: the program skipped the reference's question when its own is the reference's next one, or asked one
 *  too many when its next question is the reference's; otherwise the two are only said to differ. */
export function questionDefect(asked: string, expected: string, expectedNext: string | undefined, askedNext: string | undefined): string {
  if (expectedNext === asked) return `question-missing:${expected}`;
  if (askedNext === expected) return `question-extra:${asked}`;
  return `question-instead:${asked}@${expected}`;
}

/** Judges a whole scripted session turn by turn: the facts each turn must show, then which question
 *  each input answered. Returns the first problem, or null when the program said everything the
 *  reference says, in the same turns, asking the same questions. */
export function judgeTurns(j: TurnsInput): TurnProblem | null {
  return turnProblems(j).next().value ?? null;
}

/** The first problem and the ones after it that it cannot have caused: a fact left unsaid before the
 *  first input (the hand never shown before the first word) changes nothing that happens after it, so what
 *  a later turn gets wrong is a defect of its own. Once the game is under way, an unsaid fact may be a move
 *  that never happened (points never shown for a word that was rejected, whose later turns all differ), so
 *  the list ends at the first problem from then on. */
export function judgeTurnsAll(j: TurnsInput): TurnProblem[] {
  const out: TurnProblem[] = [];
  // Once a counter has gone wrong, later turns judge its changes (checkFacts): a wrong change there, or a
  // statement contradicted, is a rule of its own broken. Anything else may be the counter's consequence (a
  // game over sooner, a score made of the guesses left), and ends the list.
  // Another counter going wrong after one has (a guess lost a turn late because the warnings were off by
  // one) may be its consequence too.
  const off = new Set<string>();
  // A fact left unsaid before the first input is not looked for again: a program that never shows the
  // letters not guessed yet has one defect, not one a turn, and its later turns are judged on the rest.
  const unsaid = new Set<string>();
  for (const p of turnProblems(j, unsaid)) {
    const counter = counterOf(p.defect, j.table);
    if (off.size && (counter ? !off.has(counter) : !isStatementProblem(p.defect, j.table))) break;
    out.push(p);
    if (counter) off.add(counter);
    if (off.size) continue;
    const beforePlay = j.expected.slice(0, p.turn).every((t) => t.input === null);
    if (!p.defect.startsWith('missing:') || !beforePlay) break;
    unsaid.add(p.defect.split(':')[1]!);
  }
  return out;
}

/** The word as guessed so far (a pattern) is the state the player's next move needs. A turn may leave it out
 *  when there is no next move (the game is over: the outcome, and a lost game's secret word, are what that turn
 *  must say), or when the turn's input changed no state at all (an input refused as no letter: the word, and
 *  the letters not guessed yet, are as they were; the handout's examples show the word again there, its
 *  rules ask for it after a guess). */
function mayOmitState(j: TurnsInput, i: number, facts: readonly Fact[]): readonly Fact[] {
  const exp = j.expected[i]!;
  const before = i > 0 ? j.expected.slice(0, i).flatMap((t) => t.facts ?? []) : undefined;
  const kindOf = (f: Fact) => j.table.get(f.role)?.kind;
  const state = (f: Fact) => kindOf(f) === 'pattern' || kindOf(f) === 'word' || kindOf(f) === 'letters';
  // Every state the turn states is as the turns before last stated it (nothing revealed yet, before the first).
  const still = (f: Fact) => {
    const was = before?.findLast((g) => g.role === f.role);
    return was ? was.value === f.value : kindOf(f) === 'pattern' && !/[a-z]/i.test(String(f.value));
  };
  // Judged on all the turn states, the ones the program shows a turn late included.
  const unchanged = before !== undefined && (exp.facts ?? []).filter(state).every(still);
  return facts.map((f) => (kindOf(f) === 'pattern' && !f.optional && (exp.input === null || unchanged) ? { ...f, optional: true } : f));
}

/** How turn i of a session is read: its time for messages, the letters that stand for any, the lines the program
 *  prints whatever happens, and the question the turn ends with. */
function contextAt(j: TurnsInput, i: number, when = whenTurn(j.expected, i)): FactContext {
  const obs = j.observed[i];
  const asking = obs && obs.input !== null ? questionLine(obs.prompt, obs.before) : undefined;
  return { table: j.table, when, wildcards: j.wildcards, boilerplate: j.boilerplate, asking };
}

/** Every problem a session shows up to its first difference of questions (after which its turns no longer
 *  line up with the reference's), the first included. Not charges: a later one may be the first's consequence.
 *  What the run showed, so that a test whose own first problem is one of them is not charged for it again. */
export function shownProblems(j: TurnsInput): TurnProblem[] {
  const out = [...turnProblems(j)];
  for (const p of [...out]) for (const x of p.alsoInTurn ?? []) out.push({ turn: p.turn, ...x });
  // A turn's first problem hides the rest of that turn (the points missing, the hand after the word wrong too):
  // each fact that is no number is looked at alone in every turn the two runs share. Numbers are not: one
  // judged by its value alone, without the turns before it, names no mistake and would stand for any.
  const end = out.find((p) => p.defect.startsWith('question-'))?.turn ?? Math.min(j.expected.length, j.observed.length);
  for (let i = 0; i < end; i++) {
    const exp = j.expected[i]!, obs = j.observed[i]!;
    const ctx = contextAt(j, i);
    for (const f of mayOmitState(j, i, exp.facts ?? [])) {
      if (j.table.get(f.role)?.kind === 'number') continue;
      const p = checkFacts(turnText(obs), [f], ctx);
      if (p && !out.some((x) => x.turn === i && x.defect === p.defect)) out.push({ turn: i, message: p.message, defect: p.defect });
    }
  }
  return out;
}

/** The role a problem finds wrong ("wrong:guessesLeft:..." -> guessesLeft), if it is a wrong value. */
const wrongRole = (defect: string, table: RoleTable) => table.get(/^wrong:([^:]+)/.exec(defect)?.[1] ?? '');
/** A statement contradicted (a wrong guess called a good one). */
const isStatementProblem = (defect: string, table: RoleTable) => wrongRole(defect, table)?.kind === 'statement';

/** Counters (and words of the same status block) the program shows one turn late, every time (it prints the
 *  guesses left after reading the guess, before using it): its turn i shows what the reference's turn i-1
 *  does. That is a layout, judged where the counter is first due (before the first input); after it, the counter's turns say nothing of the
 *  rules, and judged by value or by change they would name a new defect at every kind of turn. */
function shownLate(j: TurnsInput): Set<string> {
  const late = new Set<string>();
  const { expected, observed, table } = j;
  const statements = table.ofKind('statement');
  const says = (line: string) => statements.some((r) => r.patterns.some((p) => p.test(line)));
  for (const role of table.ofKind('number').filter((r) => r.counter)) {
    const ref = expected.map((t) => t.facts?.find((f) => f.role === role.name)?.value);
    const seen = observed.map((t) => {
      const text = turnText(t);
      const n = readNumbers(text, table).find((x) => x.roles.includes(role.name));
      if (!n) return undefined;
      // Shown before the turn's verdict on the guess, on a line of its own: the state as the guess found it.
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l === n.line);
      const verdict = lines.findIndex(says);
      return { value: n.value, first: at >= 0 && !says(n.line) && (verdict < 0 || at < verdict) };
    });
    // Late every time (shown before the verdict, as the previous turn left it), and seen following a change of
    // the reference's (a program that never changes it is not late: it shows the old value at the change and
    // again after it). A count wrong in the verdict's own line ("You now have 3 warnings") is not late: wrong.
    let always = true, followed = false;
    for (let i = 1; i < Math.min(ref.length, seen.length); i++) {
      const before = ref[i - 1], shown = seen[i];
      if (typeof before !== 'number' || shown === undefined) continue;
      if (shown.value !== before || !shown.first) always = false;
      const earlier = ref[i - 2];
      if (typeof earlier === 'number' && earlier !== before && shown.value === before) followed = true;
    }
    if (always && followed) late.add(role.name);
  }
  // A value shown with them (the letters not guessed yet, printed in the same status block): late the same way
  // when every turn shows the reference's previous value, and at least one shows it where the reference's
  // has changed since.
  for (const role of table.ofKind('word')) {
    const ref = expected.map((t) => t.facts?.find((f) => f.role === role.name)?.value);
    let always = true, followed = false;
    for (let i = 1; i < Math.min(ref.length, observed.length); i++) {
      const before = ref[i - 1], now = ref[i];
      if (typeof before !== 'string' || typeof now !== 'string') continue;
      const words = new Set(wordsIn(turnText(observed[i]!)).map((w) => w.word));
      // A turn where the value did not change (a hint asked for) may leave it out: it says nothing either way.
      if (now === before) continue;
      if (!words.has(before.toLowerCase()) || words.has(now.toLowerCase())) always = false;
      else followed = true;
    }
    if (always && followed) late.add(role.name);
  }
  return late;
}

/** The counter (a number role with `counter: true`) a problem finds wrong, if it is one. */
function counterOf(defect: string, table: RoleTable): string | undefined {
  const role = wrongRole(defect, table);
  return role?.counter ? role.name : undefined;
}
const isCounterProblem = (defect: string, table: RoleTable) => counterOf(defect, table) !== undefined;

/** A question the table reads as asking another kind of answer than the reference's question at this point
 *  ("choose a letter to substitute?" read as asking for a letter, where the handout asks yes or no), whose
 *  answer of the reference's kind the program took: it did not ask again, and went on as the handout's
 *  program does. A question means what the program accepts, so it is the reference's question. */
function takenAsMeant(j: TurnsInput, i: number, read: Role): boolean {
  const { expected, observed, table } = j;
  const obs = observed[i]!, next = observed[i + 1], expNext = expected[i + 1];
  if (!next || !expNext || read.answer === table.get(expected[i]!.role ?? '')?.answer) return false;
  if (readingKey(questionLine(next.prompt, next.before)) === readingKey(questionLine(obs.prompt, obs.before)) && next.input !== null) return false;
  // Both at their end: the program went on as the handout's does, unless it is still asking (it ran out
  // of scripted input at its next question: the answer did not end its questions as the reference's did).
  const stillAsking = j.exhaustedAt !== undefined && j.exhaustedAt !== null && i + 1 === observed.length - 1;
  if (next.input === null || expNext.input === null) return next.input === expNext.input && !stillAsking;
  const role = classifyQuestion(table, next.prompt, next.before)?.role.name;
  // ... and what it said next is what the handout's program says then (a word taken as the letter to
  // replace shows no points for it).
  return (role === undefined || role === expNext.role) && checkFacts(turnText(next), expNext.facts ?? [], contextAt(j, i + 1, '')) === null;
}

/** The problems of a session in the order they show: at most one per turn; a question out of place or an
 *  early end is the last (everything after it is shifted). `unsaid`: roles judgeTurnsAll found missing before
 *  the first input; later turns are not judged on their absence (one defect), only on a wrong value shown. */
function* turnProblems(j: TurnsInput, unsaid: ReadonlySet<string> = new Set()): Generator<TurnProblem> {
  const { expected, observed, table } = j;
  const describeRole = (name: string | undefined) => table.get(name ?? '')?.says ?? 'its next question';
  const counters = new Map<string, { ref: number; obs: number }>();
  const late = shownLate(j);
  for (let i = 0; i < expected.length; i++) {
    const exp = expected[i]!;
    const obs = observed[i];
    if (!obs) break; // cannot happen: a program's turns always include the one after its last input
    const when = whenTurn(expected, i);
    // A program still asking after the reference has finished is explained by that, not by what its
    // unfinished last turn lacks.
    if (exp.input === null && j.exhaustedAt) break;
    // The question that ends the turn first: a different question (an extra or a missing one) shifts
    // everything the turn shows, and is the better explanation.
    if (exp.input !== null && obs.input !== null) {
      const asked = classifyQuestion(table, obs.prompt, obs.before);
      if (asked && exp.role && asked.role.name !== exp.role && !takenAsMeant(j, i, asked.role)) {
        yield {
          turn: i,
          message: `input ${i + 1} (${JSON.stringify(obs.input)}) answered ${quote(asked.line)}, which asks ${asked.role.says}; at this point the handout's program asks ${describeRole(exp.role)}`,
          defect: questionDefect(asked.role.name, exp.role, expected[i + 1]?.role, observed[i + 1] ? classifyQuestion(table, observed[i + 1]!.prompt, observed[i + 1]!.before)?.role.name : undefined),
        };
        return;
      }
    }
    // A program that stops where the reference goes on is explained by that, not by what its last turn
    // lacks (the hand it never shows because the game is over): one early end, one defect.
    if (obs.input === null && exp.input !== null) {
      yield { turn: i, message: `${when} your program asks nothing more, where the handout's program asks ${describeRole(exp.role)}`, defect: `question-missing:${exp.role ?? '?'}` };
      return;
    }
    const ctx = { ...contextAt(j, i, when), explainNumber: j.explainNumber, counters };
    const all = mayOmitState(j, i, i > 0 && late.size ? (exp.facts ?? []).filter((f) => !late.has(f.role)) : exp.facts ?? []);
    const facts = i > 0 && unsaid.size ? all.filter((f) => !unsaid.has(f.role)) : all;
    // The unsaid facts first, as always (checkFacts follows the counters a turn shows): only a wrong value counts.
    const again = all.filter((f) => !facts.includes(f));
    const shownWrong = again.length ? checkFacts(turnText(obs), again, ctx) : null;
    const p = checkFacts(turnText(obs), facts, ctx) ?? (shownWrong && !shownWrong.defect.startsWith('missing:') ? shownWrong : null);
    if (p) yield { turn: i, ...p };
    // A counter gone wrong does not hide what the same turn says wrongly (a capital letter called not in the word).
    if (p && isCounterProblem(p.defect, table)) {
      const said = checkFacts(turnText(obs), (exp.facts ?? []).filter((f) => table.get(f.role)?.kind === 'statement'), contextAt(j, i, when));
      if (said) yield { turn: i, ...said };
    }
    if (exp.input === null) break;
  }
  if (j.exhaustedAt !== undefined && j.exhaustedAt !== null) {
    // The question left unanswered ends the program's last turn.
    const last = observed[observed.length - 1]!;
    const asked = classifyQuestion(table, '', turnText(last));
    const what = asked ? `${quote(asked.line)} (${asked.role.says})` : quote(questionLine('', turnText(last)));
    yield { turn: observed.length - 1, message: `after all ${observed.length - 1} scripted input(s) your program asks ${what}; the handout's program asks nothing more here`, defect: `question-extra:${asked?.role.name ?? '?'}` };
  }
}
