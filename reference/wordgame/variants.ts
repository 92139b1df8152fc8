// PS3 rules table: one row per handout year. Everything that differs between years lives here
// (wildcard, what it stands for, end-of-hand sentinel, score constants, printed wording), so the
// game code in this folder is written once and a spec can define a new year as a plain object.

export type WildcardKind = 'vowels' | 'consonants';

/** Every string play_hand/play_game print or prompt with, exactly as written (newlines included).
 *  Placeholders: {hand} = display_hand's line (letters each followed by a space, then "\n"),
 *  {word} as typed, {points}, {total}, {end} = the variant's end sentinel. */
export interface WordgameMessages {
  /** Before every word prompt and before the substitution question. */
  currentHand: string;
  wordPrompt: string;
  /** A valid word: {word} {points} {total}. Ends with the blank line printed after every word. */
  wordScored: string;
  wordInvalid: string;
  /** The player typed the end sentinel: {total}. */
  handEnded: string;
  /** The hand ran out of letters: {total}. */
  ranOut: string;
  numHandsPrompt: string;
  substitutePrompt: string;
  letterPrompt: string;
  /** Printed once the substitution question (and letter) are answered, before play_hand. */
  afterSubstitution: string;
  /** Printed after every play_hand inside play_game, replays included. */
  handSeparator: string;
  replayPrompt: string;
  gameTotal: string;
}

export interface WordgameVariant {
  id: string;
  /** The single character a player types for a wildcard. */
  wildcard: string;
  wildcardStandsFor: WildcardKind;
  endSentinel: string;
  /** Word score = letter sum × max(floor, a·L − b·(n − L)). */
  a: number;
  b: number;
  floor: number;
  handSize: number;
  /** substitute_hand draws a vowel for a vowel and a consonant for a consonant (mit), or any
   *  letter not in the hand (ocw). */
  substituteSameKind: boolean;
  messages: WordgameMessages;
}

// MIT 6.0001 Spring 2017 (seed ps3-mit-spring2017.md).
// The handout words play_hand and play_game differently: its play_hand examples print
// 'Current Hand:' / 'Enter word, or "*END*" to indicate that you are finished: ' /
// 'Total score for this hand: 165 points', its play_game example 'Current hand:' /
// "Please enter a word or '*END*' to indicate you are done: " / 'Total score for this hand: 252'.
// A student's play_game calls their own play_hand, so one wording must serve both: we take the
// play_game example's (the whole-program transcript), and the play_hand examples are checked
// against it through a documented rewrite (test/wordgame-handouts.test.ts).
// Blank lines: the play_game example shows none between the first hand and the substitution
// question but one before the second hand's; we follow the first (no blank line there).
const MIT_MESSAGES: WordgameMessages = {
  currentHand: 'Current hand:\n{hand}',
  wordPrompt: "Please enter a word or '{end}' to indicate you are done: ",
  wordScored: '"{word}" earned {points} points. Total: {total} points\n\n',
  wordInvalid: 'That is not a valid word. Please choose another word.\n\n',
  handEnded: 'Total score for this hand: {total}\n',
  ranOut: 'Total score for this hand: {total}\n',
  numHandsPrompt: 'Enter total number of hands: ',
  substitutePrompt: 'Would you like to substitute a letter? ',
  letterPrompt: 'Which letter would you like to replace: ',
  afterSubstitution: '\n',
  handSeparator: '-----\n',
  replayPrompt: 'Would you like to replay the hand? ',
  gameTotal: 'Total score over all hands: {total}\n',
};

// OCW Fall 2016, Chinese edition (seed ps3-ocw-fall2016-zh.md). Same choice as above: the
// play_game example's wording ('Current hand: ' with the hand on the same line; 'Ran out of
// letters' on its own line before 'Total score for this hand: 198'; a blank line after each hand).
// Its prompt reads '!!!' but the sentinel the player types is '!!' throughout (and the original
// MIT Fall 2016 text says '!!'), so the prompt names '{end}'. The play_hand examples' wording
// ('Current Hand: ', 'Enter word, or "!!" ...', 'Total score: 306 points',
// 'Ran out of letters. Total score: 131 points') is checked through the same documented rewrite.
const OCW_MESSAGES: WordgameMessages = {
  ...MIT_MESSAGES,
  currentHand: 'Current hand: {hand}',
  ranOut: 'Ran out of letters\nTotal score for this hand: {total}\n',
  handSeparator: '\n',
};

export const VARIANTS = {
  mit: {
    id: 'mit', wildcard: '!', wildcardStandsFor: 'consonants', endSentinel: '*END*',
    a: 9, b: 4, floor: 1, handSize: 7, substituteSameKind: true, messages: MIT_MESSAGES,
  },
  ocw: {
    id: 'ocw', wildcard: '*', wildcardStandsFor: 'vowels', endSentinel: '!!',
    a: 7, b: 3, floor: 1, handSize: 7, substituteSameKind: false, messages: OCW_MESSAGES,
  },
} as const satisfies Record<string, WordgameVariant>;

export type BuiltinVariantId = keyof typeof VARIANTS;

export class VariantError extends Error {}

const PLACEHOLDERS: Record<keyof WordgameMessages, readonly string[]> = {
  currentHand: ['hand'],
  wordPrompt: ['end'],
  wordScored: ['word', 'points', 'total'],
  wordInvalid: ['word'],
  handEnded: ['total'],
  ranOut: ['total'],
  numHandsPrompt: [],
  substitutePrompt: [],
  letterPrompt: [],
  afterSubstitution: [],
  handSeparator: [],
  replayPrompt: [],
  gameTotal: ['total'],
};

/** Fills {name} placeholders; the table above guarantees every name used is supplied. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

const FIELDS = ['id', 'base', 'wildcard', 'wildcardStandsFor', 'endSentinel', 'a', 'b', 'floor', 'handSize', 'substituteSameKind', 'messages'];

/**
 * Builds a variant from a plain object (e.g. a spec's `options.variant`), validating every field.
 * Unset fields come from `base` ('mit' unless given), so MIT Fall 2017 is just
 * `{ id: 'mit-fall2017', wildcard: '@', wildcardStandsFor: 'consonants', a: 5, b: 8, floor: 2 }`.
 * `messages` may override any subset of the base's wording.
 */
export function defineVariant(spec: unknown, where = 'PS3 variant'): WordgameVariant {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new VariantError(`${where}: expected 'mit', 'ocw' or an object with id, wildcard, wildcardStandsFor, a, b, floor; got ${JSON.stringify(spec)}`);
  }
  const o = spec as Record<string, unknown>;
  const bad = (field: string, want: string) =>
    new VariantError(`${where}: '${field}' must be ${want}, got ${JSON.stringify(o[field])}`);
  for (const k of Object.keys(o)) {
    if (!FIELDS.includes(k)) throw new VariantError(`${where}: unknown field '${k}' (allowed: ${FIELDS.join(', ')})`);
  }
  if (typeof o.id !== 'string' || !/^[\w.-]+$/.test(o.id)) throw bad('id', 'a non-empty name of letters, digits, - _ .');
  const baseId = o.base ?? 'mit';
  if (baseId !== 'mit' && baseId !== 'ocw') throw bad('base', "'mit' or 'ocw'");
  const base: WordgameVariant = VARIANTS[baseId];

  const wildcard = o.wildcard ?? base.wildcard;
  if (typeof wildcard !== 'string' || [...wildcard].length !== 1 || /[a-z\s]/.test(wildcard)) {
    throw bad('wildcard', 'one character that is not a lowercase letter or space');
  }
  const standsFor = o.wildcardStandsFor ?? base.wildcardStandsFor;
  if (standsFor !== 'vowels' && standsFor !== 'consonants') throw bad('wildcardStandsFor', "'vowels' or 'consonants'");
  const endSentinel = o.endSentinel ?? base.endSentinel;
  if (typeof endSentinel !== 'string' || endSentinel.trim() === '' || endSentinel.includes('\n')) {
    throw bad('endSentinel', 'a non-empty one-line string');
  }
  const int = (field: 'a' | 'b' | 'floor' | 'handSize', min: number): number => {
    const v = o[field] ?? base[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw bad(field, `an integer >= ${min}`);
    return v;
  };
  const a = int('a', 0), b = int('b', 0), floor = int('floor', 0), handSize = int('handSize', 1);
  const substituteSameKind = o.substituteSameKind ?? base.substituteSameKind;
  if (typeof substituteSameKind !== 'boolean') throw bad('substituteSameKind', 'true or false');

  const messages: WordgameMessages = { ...base.messages };
  if (o.messages !== undefined) {
    if (typeof o.messages !== 'object' || o.messages === null || Array.isArray(o.messages)) {
      throw bad('messages', 'an object of message templates');
    }
    for (const [k, v] of Object.entries(o.messages)) {
      if (!(k in PLACEHOLDERS)) {
        throw new VariantError(`${where}: unknown message '${k}' (allowed: ${Object.keys(PLACEHOLDERS).join(', ')})`);
      }
      const key = k as keyof WordgameMessages;
      if (typeof v !== 'string') throw new VariantError(`${where}: message '${k}' must be a string, got ${JSON.stringify(v)}`);
      for (const [, name] of v.matchAll(/\{(\w+)\}/g)) {
        if (!PLACEHOLDERS[key].includes(name)) {
          throw new VariantError(`${where}: message '${k}' uses {${name}}; it may use ${PLACEHOLDERS[key].map((p) => `{${p}}`).join(', ') || 'no placeholders'}`);
        }
      }
      messages[key] = v;
    }
  }
  return { id: o.id, wildcard, wildcardStandsFor: standsFor, endSentinel, a, b, floor, handSize, substituteSameKind, messages };
}

const built = new WeakMap<object, WordgameVariant>();

/** 'mit' | 'ocw' | a custom object (validated once per object) -> a variant. */
export function resolveVariant(v: unknown, where = 'PS3 variant'): WordgameVariant {
  if (typeof v === 'string') {
    if (v === 'mit' || v === 'ocw') return VARIANTS[v];
    throw new VariantError(`${where}: unknown variant '${v}'; use 'mit', 'ocw' or define one as an object`);
  }
  if (typeof v === 'object' && v !== null) {
    if (isVariant(v)) return v;
    let hit = built.get(v);
    if (!hit) built.set(v, (hit = defineVariant(v, where)));
    return hit;
  }
  throw new VariantError(`${where}: missing; set options.variant to 'mit', 'ocw' or a custom variant object`);
}

function isVariant(v: object): v is WordgameVariant {
  return (Object.values(VARIANTS) as object[]).includes(v);
}
