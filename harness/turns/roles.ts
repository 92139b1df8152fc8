// Roles: what a program's question asks, and what a printed value means. One table per assignment,
// shared by every language: the Python driver's transcripts and the Java lockstep runner's are read
// with the same table. The game's vocabulary (the default table) lives with its reference; a spec's
// `roles:` key extends or replaces it, and is validated when the spec loads.

/** What a role names:
 *  - question: a prompt (what the program asks for);
 *  - number: a printed number (points, a total, guesses left);
 *  - multiset: a printed run of letters whose order does not matter (a PS3 hand);
 *  - letters: a printed set of letters (letters guessed so far);
 *  - pattern: a printed word pattern with blanks (hangman);
 *  - word: a printed word (the secret word revealed);
 *  - words: a printed list of words whose order and layout do not matter (a hint's matching words);
 *  - statement: something said (a word rejected, a win, a loss). */
export type RoleKind = 'question' | 'number' | 'multiset' | 'letters' | 'pattern' | 'word' | 'words' | 'statement';

export const ROLE_KINDS: readonly RoleKind[] = ['question', 'number', 'multiset', 'letters', 'pattern', 'word', 'words', 'statement'];

/** The kind of answer a question expects: used to answer questions of a program we drive ourselves. */
export type AnswerKind = 'number' | 'yes-no' | 'letter' | 'word' | 'file' | 'text';

export const ANSWER_KINDS: readonly AnswerKind[] = ['number', 'yes-no', 'letter', 'word', 'file', 'text'];

/** A role as data (YAML or a reference module): regex sources, matched case-insensitively. */
export interface RoleSpec {
  kind: RoleKind;
  /** question: what its prompt says; number: the words next to a number that give it this meaning;
   *  statement: what the program says; word, words, pattern: the label that introduces the value. */
  patterns: string[];
  /** How a message names it: "the running total", "whether to replay the hand". */
  says: string;
  answer?: AnswerKind;
  /** statement: the role (or roles) that say the opposite (a word rejected vs. points awarded for it; a win
   *  vs. a loss; one verdict on a guess vs. the others). A statement in words the table does not know still
   *  counts, unless an opposite is said. */
  opposite?: string | string[];
  /** statement: the statements a line saying this one says too (a lost game's "you ran out of guesses", after
   *  a wrong guess, also says the guess was wrong). A line that another statement's words claim is not this
   *  one in unknown words, unless that statement implies this one. */
  implies?: string[];
  /** number: a count the game changes turn by turn (the guesses left). Once it has gone wrong, later turns
   *  judge how it changes, not its value, and a wrong change is named by what the turn says (a wrong guess
   *  costing one where it costs two): another rule broken later is a defect of its own. */
  counter?: boolean;
  /** number: the count may be shown as that many blanks instead, one per letter (a word's length as the row
   *  of blanks the game starts with: "_ _ _ _ you have 6 guesses"). */
  blanks?: boolean;
  /** statement: the statement whose rule this one follows for the counts a turn changes (`same_as` in a spec:
   *  the handout's "Repeated letter: same as 2", a non-letter). A count wrong after each is one rule broken, and
   *  so is a program silent after each (the statement never said). */
  sameAs?: string;
}

export type RoleSpecs = Record<string, RoleSpec>;

export interface Role extends Omit<RoleSpec, 'patterns'> {
  name: string;
  patterns: RegExp[];
}

/** A compiled, validated table. Question roles are tried in table order: the first that matches wins. */
export interface RoleTable {
  roles: ReadonlyMap<string, Role>;
  questions: readonly Role[];
  ofKind(kind: RoleKind): Role[];
  get(name: string): Role | undefined;
}

export class RoleError extends Error {
  constructor(readonly path: (string | number)[], message: string, readonly hint?: string) {
    super(message);
  }
}

function compile(name: string, src: string, i: number): RegExp {
  let r: RegExp;
  try {
    r = new RegExp(src, 'i');
  } catch (e) {
    throw new RoleError([name, 'patterns', i], `role '${name}': invalid regex ${JSON.stringify(src)}: ${(e as Error).message}`);
  }
  if (r.test('')) throw new RoleError([name, 'patterns', i], `role '${name}': regex ${JSON.stringify(src)} matches the empty string, so it would match everything`, 'anchor it on a word, e.g. \\breplay\\b');
  return r;
}

export function buildRoleTable(specs: RoleSpecs): RoleTable {
  const roles = new Map<string, Role>();
  for (const [name, s] of Object.entries(specs)) {
    if (!ROLE_KINDS.includes(s.kind)) throw new RoleError([name, 'kind'], `role '${name}': kind must be one of ${ROLE_KINDS.join(', ')}`);
    for (const o of [s.opposite ?? []].flat()) if (!(o in specs)) throw new RoleError([name, 'opposite'], `role '${name}': its opposite '${o}' is not a role of the table`);
    for (const o of s.implies ?? []) {
      if (s.kind !== 'statement') throw new RoleError([name, 'implies'], `role '${name}' is a ${s.kind} role: only a statement implies others`, 'implies: names the statements a statement also says; move it to a statement role or remove it');
      if (specs[o]?.kind !== 'statement') throw new RoleError([name, 'implies'], `role '${name}': implies '${o}', but implies: names statements a statement also says`, specs[o] ? `'${o}' is a ${specs[o]!.kind} role` : `'${o}' is not a role of the table`);
    }
    if (s.sameAs !== undefined && specs[s.sameAs]?.kind !== 'statement') throw new RoleError([name, 'same_as'], `role '${name}': same_as '${s.sameAs}' must name a statement role of the table`, specs[s.sameAs] ? `'${s.sameAs}' is a ${specs[s.sameAs]!.kind} role` : `known statements: ${Object.keys(specs).filter((k) => specs[k]!.kind === 'statement').join(', ')}`);
    roles.set(name, { ...s, name, patterns: s.patterns.map((p, i) => compile(name, p, i)) });
  }
  const list = [...roles.values()];
  return {
    roles,
    questions: list.filter((r) => r.kind === 'question'),
    ofKind: (kind) => list.filter((r) => r.kind === kind),
    get: (name) => roles.get(name),
  };
}

/** YAML `roles:` entries: a list of extra patterns for a known role (tried first), or a mapping with
 *  `patterns`, `replace: true` (drop the reference's), `says`, and for a new role `kind` (+ `answer`). */
export function mergeRoleSpecs(base: RoleSpecs, override: unknown, closest: (w: string, c: string[]) => string | undefined): RoleSpecs {
  if (override === undefined || override === null) return base;
  if (typeof override !== 'object' || Array.isArray(override)) {
    throw new RoleError([], `roles: expected a mapping of role name -> patterns, got ${Array.isArray(override) ? 'a list' : typeof override}`);
  }
  const out: RoleSpecs = {};
  // YAML-defined roles go first so that their patterns win the question order.
  const merged = new Map<string, RoleSpec>();
  for (const [name, raw] of Object.entries(override as Record<string, unknown>)) {
    const known = base[name];
    const o: Record<string, unknown> = Array.isArray(raw) ? { patterns: raw } : typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    if (!Array.isArray(raw) && (typeof raw !== 'object' || raw === null)) {
      throw new RoleError([name], `role '${name}': expected a list of regexes or a mapping {patterns, replace, says, kind}`);
    }
    for (const k of Object.keys(o)) {
      if (!['patterns', 'replace', 'says', 'kind', 'answer', 'opposite', 'implies', 'counter', 'blanks', 'same_as'].includes(k)) throw new RoleError([name, k], `role '${name}': unknown key '${k}'`, 'known keys: patterns, replace, says, kind, answer, opposite, implies, counter, blanks, same_as');
    }
    const patterns = o.patterns ?? [];
    if (!Array.isArray(patterns) || patterns.some((p) => typeof p !== 'string')) throw new RoleError([name, 'patterns'], `role '${name}': patterns must be a list of regex strings`);
    if (!known && o.kind === undefined) {
      const g = closest(name, Object.keys(base));
      throw new RoleError([name], `unknown role '${name}'`, g ? `did you mean '${g}'? A new role needs a kind: (${ROLE_KINDS.join(', ')})` : `a new role needs a kind: (${ROLE_KINDS.join(', ')}); known roles: ${Object.keys(base).join(', ')}`);
    }
    const kind = (o.kind ?? known?.kind) as RoleKind;
    if (!ROLE_KINDS.includes(kind)) throw new RoleError([name, 'kind'], `role '${name}': kind must be one of ${ROLE_KINDS.join(', ')}`);
    if (known && kind !== known.kind) throw new RoleError([name, 'kind'], `role '${name}' is a ${known.kind} role of the reference; it cannot become a ${kind}`);
    if (o.counter !== undefined && (typeof o.counter !== 'boolean' || kind !== 'number')) throw new RoleError([name, 'counter'], `role '${name}': counter: true is for a number role (a count the game changes turn by turn)`);
    if (o.same_as !== undefined && (typeof o.same_as !== 'string' || kind !== 'statement')) throw new RoleError([name, 'same_as'], `role '${name}': same_as names the statement whose rule this statement follows for the counts (a repeat same as a non-letter)`);
    if (o.blanks !== undefined && (typeof o.blanks !== 'boolean' || kind !== 'number')) throw new RoleError([name, 'blanks'], `role '${name}': blanks: true is for a number role (a length that may be shown as one blank per letter)`);
    if (o.answer !== undefined && !ANSWER_KINDS.includes(o.answer as AnswerKind)) throw new RoleError([name, 'answer'], `role '${name}': answer must be one of ${ANSWER_KINDS.join(', ')}`);
    const own = patterns as string[];
    const all = o.replace === true || !known ? own : [...own, ...known.patterns];
    if (!all.length) throw new RoleError([name, 'patterns'], `role '${name}' has no patterns`);
    merged.set(name, {
      kind,
      patterns: all,
      says: typeof o.says === 'string' ? o.says : known?.says ?? name,
      ...(o.answer ?? known?.answer ? { answer: (o.answer ?? known?.answer) as AnswerKind } : {}),
      ...(o.opposite ?? known?.opposite ? { opposite: Array.isArray(o.opposite) ? o.opposite.map(String) : String(o.opposite ?? known?.opposite) } : {}),
      ...((o.counter ?? known?.counter) === true ? { counter: true } : {}),
      ...((o.blanks ?? known?.blanks) === true ? { blanks: true } : {}),
      ...(o.same_as ?? known?.sameAs ? { sameAs: String(o.same_as ?? known?.sameAs) } : {}),
      ...(o.implies ?? known?.implies ? { implies: [o.implies ?? known?.implies].flat().map(String) } : {}),
    });
  }
  for (const [name, spec] of merged) if (!base[name]) out[name] = spec;
  for (const [name, spec] of Object.entries(base)) out[name] = merged.get(name) ?? spec;
  return out;
}

/** The role of a question, from the text the program showed when it waited: the prompt line, or when
 *  that says nothing (a bare input() after print()), the last line above it that says something. */
export function classifyQuestion(table: RoleTable, prompt: string, before = ''): { role: Role; line: string } | null {
  const lines = (before + prompt).split(/\r?\n/).map((l) => l.trim()).filter((l) => /[A-Za-z]/.test(l));
  // Look at the prompt line first, then up to two lines above it, stopping at the first line that
  // says something but asks nothing we know (status lines above a known question are not read). A bare
  // yes/no prompt ("YES OR NO:", 'respond with "yes" or "no" [y/N]:') asks what the line above asks.
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 3; i--) {
    const line = lines[i]!;
    for (const q of table.questions) if (q.patterns.some((p) => p.test(line))) return { role: q, line };
    if (i === lines.length - 1 && /[?:>]\s*$/.test(line) && !YES_OR_NO.test(line)) break;
  }
  return null;
}

/** A prompt that only asks for yes or no, naming no subject. */
const YES_OR_NO = /^\W*(?:(?:please\s+)?(?:respond|answer|enter|type)\s+(?:with\s+)?)?\W*(?:yes|y)\W*(?:\/|or)\W*(?:no|n)\b[^a-z]*(?:\[\s*y\s*\/\s*n\s*\][^a-z]*)?$/i;

/** The text a person would call the question: the prompt, or the last line above a bare prompt. */
export function questionLine(prompt: string, before = ''): string {
  if (/[A-Za-z0-9]/.test(prompt)) return prompt.trim();
  const lines = before.split(/\r?\n/).map((l) => l.trim()).filter((l) => /[A-Za-z0-9]/.test(l));
  return lines[lines.length - 1] ?? prompt.trim();
}
