// How to talk to a free-form Evil Hangman console program: which prompt asks for what, how it spells
// yes/no, and how to read the pattern, counts and the ending from its output. Plain data (regex
// sources, always matched case-insensitively) so a spec's YAML can extend it per assignment.

export type PromptKind = 'fileName' | 'playAgain' | 'runningTotal' | 'guesses' | 'wordLength' | 'letter';

export interface YesNoStyle {
  /** Regex with two capture groups: the yes and no spellings as the prompt shows them. */
  pattern: string;
}

export interface IOProfile {
  /** Kinds in the order they are tried; the first kind with a matching regex wins. */
  promptOrder: PromptKind[];
  prompts: Record<PromptKind, string[]>;
  /** Tried in order on yes/no prompts; the captured spellings are answered back verbatim. */
  yesNo: YesNoStyle[];
  /** Spellings tried in turn when the prompt shows none (or the program re-asks). */
  yesAnswers: string[];
  noAnswers: string[];
  fileNameAnswer: string;
  /** Characters a program may print for an unrevealed letter. */
  blankChars: string;
  /** Regexes with one capture group each. The last match in a chunk of output counts. */
  count: string[];
  guessesLeft: string[];
  revealedWord: string[];
  win: string[];
  loss: string[];
}

const GUESS_WORDS = '(?:guess(?:es)?|tries|lives|chances|attempts|mistakes)';

export const DEFAULT_PROFILE: IOProfile = {
  promptOrder: ['fileName', 'playAgain', 'runningTotal', 'guesses', 'wordLength', 'letter'],
  prompts: {
    fileName: ['\\bfile\\s*name\\b', '\\b(?:dictionary|word|words)\\s*(?:list\\s*)?file\\b', '\\bwhich file\\b', '\\bpath\\b'],
    playAgain: ['\\bplay\\b.*\\bagain\\b', '\\banother (?:game|round)\\b', '\\bnew game\\b', '\\bagain\\s*\\?', '\\bkeep playing\\b'],
    runningTotal: [
      '\\brunning\\s+(?:total|count)\\b', '\\b(?:words?|possibilities)\\s+(?:remaining|left)\\b',
      '\\b(?:remaining|possible)\\s+words\\b', '\\bnumber of (?:remaining |possible )?words\\b',
      '\\b(?:show|see|display|print|view)\\b.*\\b(?:count|total|words)\\b', '\\b(?:debug|cheat)\\b',
    ],
    guesses: [
      `\\b(?:how many|number of|max(?:imum)?|#)\\s*(?:wrong |incorrect |total |bad )?${GUESS_WORDS}\\b`,
      `\\b${GUESS_WORDS}\\b.*\\b(?:allowed|want|would you like|to (?:use|have|allow|give))\\b`,
      '\\bguess(?:es)? (?:limit|count)\\b',
    ],
    wordLength: [
      '\\blength\\b', '\\bhow long\\b', '\\bhow many letters\\b', '\\bnumber of letters\\b',
      '\\bletters? long\\b', '\\bword size\\b', '\\bsize of (?:the )?word\\b',
    ],
    letter: ['\\bguess\\b', '\\bletter\\b', '\\bchar(?:acter)?\\b', '\\bpick\\b', '\\bnext\\b'],
  },
  yesNo: [
    { pattern: '\\b(true)\\s*(?:/|or|\\|)\\s*(false)\\b' },
    { pattern: '\\b(yes)\\s*(?:/|or|\\|)\\s*(no)\\b' },
    { pattern: '\\b(y)\\s*(?:/|or|\\|)\\s*(n)\\b' },
    { pattern: '\\b(?:enter|type)\\s+[\'"]?(y)[\'"]?\\s+(?:for yes|or\\s+[\'"]?(n))' },
  ],
  yesAnswers: ['y', 'yes', 'true'],
  noAnswers: ['n', 'no', 'false'],
  fileNameAnswer: 'dictionary.txt',
  blankChars: '-_',
  count: [
    '(\\d+)\\s+(?:possible|remaining|candidate)\\s+words?\\b',
    '(\\d+)\\s+words?\\s+(?:remain|left|possible|in\\b)',
    '\\bwords?\\s*(?:remaining|left|possible|in (?:the )?(?:list|family|dictionary))\\s*(?:is|are)?\\s*[:=]?\\s*(\\d+)',
    '\\b(?:remaining|possible|candidate)\\s+words?\\s*(?:count)?\\s*(?:is|are)?\\s*[:=]?\\s*(\\d+)',
    '\\brunning total\\s*(?:of words)?\\s*(?:is)?\\s*[:=]?\\s*(\\d+)',
    '\\bword count\\s*[:=]?\\s*(\\d+)',
  ],
  guessesLeft: [
    `(\\d+)\\s+(?:more\\s+|wrong\\s+|incorrect\\s+)?${GUESS_WORDS}\\s+(?:left|remaining)`,
    `\\b${GUESS_WORDS}\\s+(?:left|remaining)\\s*(?:is|are)?\\s*[:=]?\\s*(\\d+)`,
    `\\bremaining\\s+${GUESS_WORDS}\\s*[:=]?\\s*(\\d+)`,
    `\\byou have (\\d+)\\s+(?:more\\s+)?${GUESS_WORDS}\\b`,
    `\\b${GUESS_WORDS}\\s*[:=]\\s*(\\d+)\\s+(?:left|remaining)\\b`,
    '\\b(?:lives|chances)\\s*[:=]\\s*(\\d+)',
  ],
  revealedWord: [
    '\\b(?:secret\\s+|hidden\\s+|correct\\s+|real\\s+|actual\\s+|my\\s+)?(?:word|answer)\\s+(?:was|is)\\s*[:=]?\\s*["\'\u201c]?([A-Za-z]+)',
    '\\b(?:word|answer)\\s*[:=]\\s*["\']?([A-Za-z]+)',
    '\\bI (?:was thinking of|picked|chose|had)\\s*[:=]?\\s*["\']?([A-Za-z]+)',
  ],
  win: ['\\bcongrat', '\\byou (?:win|won|got it|guessed it|beat me)\\b', '\\bwell done\\b', '\\bwinner\\b'],
  loss: ['\\byou (?:lose|lost)\\b', '\\bgame over\\b', '\\bout of (?:guesses|tries|lives|chances)\\b',
    '\\bno (?:more )?(?:guesses|tries|lives|chances) left\\b', '\\bbetter luck\\b', '\\bI win\\b'],
};

// ---------------------------------------------------------------------------------------------
// Prompt classification

export type Classification =
  | { kind: PromptKind; line: string; matched: string }
  | { kind: null; line: string; tried: { kind: PromptKind; patterns: string[] }[] };

const cache = new Map<string, RegExp>();
export function rx(src: string, flags = 'i'): RegExp {
  const key = flags + '\u0000' + src;
  let r = cache.get(key);
  if (!r) { r = new RegExp(src, flags); cache.set(key, r); }
  return r;
}

/** Classify by the last line that says something: status lines above a bare "> " are read only
 *  when the last line has no words, so "Guesses left: 5 / Enter a letter:" is a letter prompt. */
export function classifyPrompt(profile: IOProfile, prompt: string): Classification {
  const lines = prompt.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  let line = '';
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 3; i--) {
    line = lines[i]!;
    for (const kind of profile.promptOrder) {
      for (const p of profile.prompts[kind]) if (rx(p).test(line)) return { kind, line, matched: p };
    }
    if (/[A-Za-z]{3}/.test(line)) break;
  }
  return { kind: null, line: lines[lines.length - 1] ?? '', tried: profile.promptOrder.map((k) => ({ kind: k, patterns: profile.prompts[k] })) };
}

/** The yes/no spellings a prompt shows, e.g. "(y/n)" → y/n, "true/false" → true/false. */
export function yesNoFor(profile: IOProfile, prompt: string): { yes: string; no: string } | null {
  for (const s of profile.yesNo) {
    const m = rx(s.pattern).exec(prompt);
    if (m && m[1]) return { yes: m[1], no: m[2] ?? (m[1] === m[1].toUpperCase() ? 'N' : 'n') };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reading the game state from output

const escapeClass = (s: string) => s.replace(/[\\\]^-]/g, (c) => '\\' + c);

/** Every displayed word pattern of this length in `text`, normalised to lowercase letters and '-',
 *  in order of appearance. Letters must be guessed ones; cells may be space-separated. */
export function findPatterns(profile: IOProfile, text: string, length: number, guessed: ReadonlySet<string>): string[] {
  const cell = `[A-Za-z${escapeClass(profile.blankChars)}]`;
  const blanks = new Set(profile.blankChars.split(''));
  const out: { at: number; p: string }[] = [];
  const tight = new RegExp(`(?<!${cell})${cell}{${length}}(?!${cell})`, 'g');
  // Spaced cells must not continue a longer run of single cells ("_ _ _ _" is not two 2-patterns),
  // but may follow a label word ("word _ a _").
  const lone = `(?:^|[^A-Za-z${escapeClass(profile.blankChars)}])${cell} `;
  const spaced = length > 1
    ? new RegExp(`(?<!${cell})(?<!${lone})(?:${cell} ){${length - 1}}${cell}(?!${cell})(?! ${cell}(?!${cell}))`, 'g')
    : null;
  const accept = (raw: string, at: number) => {
    const cells = raw.replace(/ /g, '').split('');
    let p = '';
    for (const c of cells) {
      if (blanks.has(c)) p += '-';
      else if (guessed.has(c.toLowerCase())) p += c.toLowerCase();
      else return;
    }
    out.push({ at, p });
  };
  for (const m of text.matchAll(tight)) accept(m[0], m.index!);
  if (spaced) for (const m of text.matchAll(spaced)) accept(m[0], m.index!);
  return out.sort((a, b) => a.at - b.at).map((x) => x.p);
}

/** Last number captured by any of the regexes, or null when none matches. */
export function lastNumber(patterns: readonly string[], text: string): number | null {
  let best: { at: number; n: number } | null = null;
  for (const p of patterns) {
    for (const m of text.matchAll(rx(p, 'gi'))) {
      if (m[1] !== undefined && (best === null || m.index! >= best.at)) best = { at: m.index!, n: Number(m[1]) };
    }
  }
  return best ? best.n : null;
}

export function matchesAny(patterns: readonly string[], text: string): boolean {
  return patterns.some((p) => rx(p).test(text));
}

/** Words of the given length the program names as its secret word (regex captures), last first. */
export function revealedWords(profile: IOProfile, text: string, length: number): string[] {
  const found: { at: number; w: string }[] = [];
  for (const p of profile.revealedWord) {
    for (const m of text.matchAll(rx(p, 'gi'))) {
      const w = (m[1] ?? '').toLowerCase();
      if (w.length === length) found.push({ at: m.index!, w });
    }
  }
  return found.sort((a, b) => b.at - a.at).map((x) => x.w);
}

// ---------------------------------------------------------------------------------------------
// Overrides from YAML

export interface ProfileOverride {
  promptOrder?: PromptKind[];
  /** Extra regexes per kind, tried before the defaults of that kind. */
  prompts?: Partial<Record<PromptKind, string[]>>;
  /** Replace the default regexes of these kinds instead of extending them. */
  replacePrompts?: PromptKind[];
  yesNo?: YesNoStyle[];
  yesAnswers?: string[];
  noAnswers?: string[];
  fileNameAnswer?: string;
  blankChars?: string;
  count?: string[];
  guessesLeft?: string[];
  revealedWord?: string[];
  win?: string[];
  loss?: string[];
}

const KINDS: readonly PromptKind[] = ['fileName', 'playAgain', 'runningTotal', 'guesses', 'wordLength', 'letter'];
const CAPTURING: readonly (keyof IOProfile)[] = ['count', 'guessesLeft', 'revealedWord'];
const LIST_FIELDS = ['count', 'guessesLeft', 'revealedWord', 'win', 'loss'] as const;

/** Extends `base` with a YAML override. Extra regexes go first so they win over the defaults.
 *  Errors name the field, the regex and why it is bad. */
export function mergeProfile(base: IOProfile, override: unknown, where = 'io'): { profile: IOProfile; errors: string[] } {
  const errors: string[] = [];
  const profile: IOProfile = structuredClone(base);
  if (override === undefined || override === null) return { profile, errors };
  if (typeof override !== 'object' || Array.isArray(override)) {
    return { profile, errors: [`${where}: expected a mapping of profile fields, got ${Array.isArray(override) ? 'a list' : typeof override}`] };
  }
  const o = override as Record<string, unknown>;
  const known = new Set(['promptOrder', 'prompts', 'replacePrompts', 'yesNo', 'yesAnswers', 'noAnswers', 'fileNameAnswer', 'blankChars', ...LIST_FIELDS]);
  for (const k of Object.keys(o)) if (!known.has(k)) errors.push(`${where}.${k}: unknown field (known: ${[...known].join(', ')})`);

  const regexList = (path: string, v: unknown, groups = 0): string[] | null => {
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) { errors.push(`${path}: expected a list of regex strings`); return null; }
    v.forEach((src: string, i) => {
      try {
        const r = new RegExp(src, 'i');
        const n = (new RegExp(src + '|', 'i').exec('')?.length ?? 1) - 1;
        if (n < groups) errors.push(`${path}[${i}]: regex ${JSON.stringify(src)} needs ${groups} capture group(s), has ${n}`);
        else if (r.test('')) errors.push(`${path}[${i}]: regex ${JSON.stringify(src)} matches the empty string, so it would match every prompt`);
      } catch (e) {
        errors.push(`${path}[${i}]: invalid regex ${JSON.stringify(src)}: ${(e as Error).message}`);
      }
    });
    return v as string[];
  };
  const kindList = (path: string, v: unknown): PromptKind[] | null => {
    if (!Array.isArray(v) || v.some((x) => !KINDS.includes(x as PromptKind))) {
      errors.push(`${path}: expected a list of prompt kinds (${KINDS.join(', ')})`); return null;
    }
    return v as PromptKind[];
  };

  if (o.promptOrder !== undefined) {
    const order = kindList(`${where}.promptOrder`, o.promptOrder);
    if (order) profile.promptOrder = [...order, ...profile.promptOrder.filter((k) => !order.includes(k))];
  }
  const replace = o.replacePrompts === undefined ? [] : kindList(`${where}.replacePrompts`, o.replacePrompts) ?? [];
  if (o.prompts !== undefined) {
    if (typeof o.prompts !== 'object' || o.prompts === null || Array.isArray(o.prompts)) errors.push(`${where}.prompts: expected a mapping kind -> list of regexes`);
    else for (const [k, v] of Object.entries(o.prompts)) {
      if (!KINDS.includes(k as PromptKind)) { errors.push(`${where}.prompts.${k}: unknown prompt kind (known: ${KINDS.join(', ')})`); continue; }
      const list = regexList(`${where}.prompts.${k}`, v);
      if (list) profile.prompts[k as PromptKind] = replace.includes(k as PromptKind) ? list : [...list, ...profile.prompts[k as PromptKind]];
    }
  }
  if (o.yesNo !== undefined) {
    if (!Array.isArray(o.yesNo) || o.yesNo.some((s) => typeof s !== 'object' || s === null || typeof (s as YesNoStyle).pattern !== 'string')) {
      errors.push(`${where}.yesNo: expected a list of {pattern: regex with (yes)(no) groups}`);
    } else {
      const list = regexList(`${where}.yesNo`, (o.yesNo as YesNoStyle[]).map((s) => s.pattern), 1);
      if (list) profile.yesNo = [...(o.yesNo as YesNoStyle[]), ...profile.yesNo];
    }
  }
  for (const f of ['yesAnswers', 'noAnswers'] as const) {
    const v = o[f];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== 'string')) errors.push(`${where}.${f}: expected a non-empty list of strings`);
    else profile[f] = v as string[];
  }
  for (const f of ['fileNameAnswer', 'blankChars'] as const) {
    const v = o[f];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length === 0) errors.push(`${where}.${f}: expected a non-empty string`);
    else if (f === 'blankChars' && /[A-Za-z\s]/.test(v)) errors.push(`${where}.blankChars: ${JSON.stringify(v)} contains letters or spaces, which cannot mark a blank`);
    else profile[f] = v;
  }
  for (const f of LIST_FIELDS) {
    if (o[f] === undefined) continue;
    const list = regexList(`${where}.${f}`, o[f], CAPTURING.includes(f) ? 1 : 0);
    if (list) profile[f] = [...list, ...profile[f]];
  }
  return { profile, errors };
}
