// How to answer a free-form console program, beyond what its questions mean (that is the role table,
// harness/turns): how it spells yes and no, and which characters mark a blank. (The file name to give is the
// word list's, the spec's `words: { as: }`: one name, in one place.)
// Plain data, so a spec's `profile:` can adjust it per assignment.

export interface YesNoStyle {
  /** Regex with two capture groups: the yes and no spellings as the prompt shows them. */
  pattern: string;
}

export interface IOProfile {
  /** Tried in order on yes/no questions; the captured spellings are answered back verbatim. */
  yesNo: YesNoStyle[];
  /** Spellings tried in turn when the question shows none (a re-asked question means the last was refused). */
  yesAnswers: string[];
  noAnswers: string[];
  /** Characters a program may print for an unrevealed letter. */
  blankChars: string;
}

export const DEFAULT_PROFILE: IOProfile = {
  yesNo: [
    { pattern: '\\b(true)\\s*(?:/|or|\\|)\\s*(false)\\b' },
    { pattern: '\\b(yes)"?\\s*(?:/|or|\\|)\\s*"?(no)\\b' },
    { pattern: '\\b(y)[\'"]?\\s*(?:/|or|\\|)\\s*[\'"]?(n)\\b' },
    { pattern: '\\b([10])\\s*[(:=-]?\\s*(?:for\\s+)?yes\\b.*?\\b([01])\\s*[(:=-]?\\s*(?:for\\s+)?no\\b' },
    { pattern: '\\b(?:enter|type|press|input)\\s+[\'"]?(y)[\'"]?(?:\\s+(?:for yes|or\\s+[\'"]?(n))|\\W*$)' },
    { pattern: '\\b(y)\\s*(?:for|=|:)\\s*yes\\b.*?\\b(n)\\s*(?:for|=|:)\\s*no\\b' },
  ],
  yesAnswers: ['y', 'yes', 'Y', '1', 'true'],
  noAnswers: ['n', 'no', 'N', '0', 'false'],
  blankChars: '-_',
};

const cache = new Map<string, RegExp>();
/** Case-insensitive regex from a profile string (compiled once). */
export function rx(src: string, flags = 'i'): RegExp {
  const key = flags + '\u0000' + src;
  let r = cache.get(key);
  if (!r) { r = new RegExp(src, flags); cache.set(key, r); }
  return r;
}

/** The yes/no spellings a question shows, as it shows them: "(y/n)" -> y/n, "Y or N" -> Y/N,
 *  "1(yes), 0(no)" -> 1/0, "true/false" -> true/false. */
export function yesNoFor(profile: IOProfile, prompt: string): { yes: string; no: string } | null {
  for (const s of profile.yesNo) {
    const m = rx(s.pattern).exec(prompt);
    if (m && m[1]) return { yes: m[1], no: m[2] ?? (m[1] === m[1].toUpperCase() ? 'N' : 'n') };
  }
  return null;
}

/** Extends `base` with a spec's `profile:`. Errors name the field and why it is bad. */
export function mergeProfile(base: IOProfile, override: unknown, where = 'profile'): { profile: IOProfile; errors: string[] } {
  const errors: string[] = [];
  const profile: IOProfile = structuredClone(base);
  if (override === undefined || override === null) return { profile, errors };
  if (typeof override !== 'object' || Array.isArray(override)) {
    return { profile, errors: [`${where}: expected a mapping of profile fields, got ${Array.isArray(override) ? 'a list' : typeof override}`] };
  }
  const o = override as Record<string, unknown>;
  const known = ['yesNo', 'yesAnswers', 'noAnswers', 'blankChars'];
  for (const k of Object.keys(o)) {
    if (k === 'fileNameAnswer') {
      errors.push(`${where}.fileNameAnswer: a question asking for a file is answered with the word list's file name, the spec's words: { as: ... }: set it there`);
    } else if (['prompts', 'promptOrder', 'replacePrompts', 'count', 'guessesLeft', 'revealedWord', 'win', 'loss'].includes(k)) {
      errors.push(`${where}.${k}: what a program's questions and values mean is the role table now: write it under roles: (e.g. roles: { wordLength: ["how long"] })`);
    } else if (!known.includes(k)) errors.push(`${where}.${k}: unknown field (known: ${known.join(', ')})`);
  }
  if (o.yesNo !== undefined) {
    if (!Array.isArray(o.yesNo) || o.yesNo.some((s) => typeof s !== 'object' || s === null || typeof (s as YesNoStyle).pattern !== 'string')) {
      errors.push(`${where}.yesNo: expected a list of {pattern: regex with (yes)(no) groups}`);
    } else {
      (o.yesNo as YesNoStyle[]).forEach((s, i) => {
        try {
          const groups = (new RegExp(s.pattern + '|', 'i').exec('')?.length ?? 1) - 1;
          if (groups < 1) errors.push(`${where}.yesNo[${i}]: regex ${JSON.stringify(s.pattern)} needs a capture group for the yes spelling`);
        } catch (e) {
          errors.push(`${where}.yesNo[${i}]: invalid regex ${JSON.stringify(s.pattern)}: ${(e as Error).message}`);
        }
      });
      profile.yesNo = [...(o.yesNo as YesNoStyle[]), ...profile.yesNo];
    }
  }
  for (const f of ['yesAnswers', 'noAnswers'] as const) {
    const v = o[f];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== 'string')) errors.push(`${where}.${f}: expected a non-empty list of strings`);
    else profile[f] = v as string[];
  }
  for (const f of ['blankChars'] as const) {
    const v = o[f];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length === 0) errors.push(`${where}.${f}: expected a non-empty string`);
    else if (f === 'blankChars' && /[A-Za-z\s]/.test(v)) errors.push(`${where}.blankChars: ${JSON.stringify(v)} contains letters or spaces, which cannot mark a blank`);
    else profile[f] = v;
  }
  return { profile, errors };
}
