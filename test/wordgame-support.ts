// Shared helpers for the wordgame tests: the bundled word list, a scripted console, hands from
// handout notation, and the documented rewrite from each handout's play_hand wording to ours.
import { readFileSync } from 'node:fs';
import { rootPath } from '../harness/paths.js';
import type { Assignment } from '../harness/assignment/load.js';
import { referenceRun, type Running } from '../harness/grade/python-tests.js';
import type { Hand, PlayGameHooks, WordgameIO, WordgameVariant } from '../reference/wordgame/index.js';

export const WORDS: readonly string[] = readFileSync(rootPath('fixtures/ps3-mit/words.txt'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((w) => w.toLowerCase());

/** A console that echoes each scripted line after its prompt, as a terminal shows it. */
export class ScriptIO implements WordgameIO {
  out = '';
  private pos = 0;
  constructor(private readonly lines: readonly string[]) {}
  write(text: string): void {
    this.out += text;
  }
  input(prompt: string): string {
    if (this.pos >= this.lines.length) throw new Error(`script exhausted at prompt ${JSON.stringify(prompt)}`);
    const line = this.lines[this.pos++];
    this.out += prompt + line + '\n';
    return line;
  }
  get unread(): number {
    return this.lines.length - this.pos;
  }
}

/** 'a j e f ! r x d' -> Map in that order (the handouts' notation for a hand). */
export function handOf(letters: string): Hand {
  const h: Hand = new Map();
  for (const c of letters.split(' ').filter(Boolean)) h.set(c, (h.get(c) ?? 0) + 1);
  return h;
}

/** The MIT grader's mocks: deal_hand returns the listed hands in order; substitute_hand puts
 *  `chosen` in place of the old letter (all its copies). */
export function scriptedHooks(hands: string[], chosen?: string): PlayGameHooks & { dealt: number[] } {
  const queue = hands.map(handOf);
  const dealt: number[] = [];
  return {
    dealt,
    dealHand(n) {
      dealt.push(n);
      const h = queue.shift();
      if (!h) throw new Error('deal_hand called more often than scripted');
      return h;
    },
    substituteHand(hand, letter) {
      if (chosen === undefined) throw new Error('substitute_hand was not scripted');
      const out: Hand = new Map();
      for (const [k, v] of hand) {
        const key = k === letter ? chosen : k;
        out.set(key, (out.get(key) ?? 0) + v);
      }
      return out;
    },
  };
}

/**
 * The handouts' play_hand examples use other wording than their play_game example, which is our
 * canonical wording (see reference/wordgame/variants.ts). This is that documented mapping.
 */
export function playHandWordingToCanonical(text: string, variant: WordgameVariant): string {
  if (variant.id === 'mit') {
    return text
      .replaceAll('Current Hand:', 'Current hand:')
      .replaceAll('Enter word, or "*END*" to indicate that you are finished: ', "Please enter a word or '*END*' to indicate you are done: ")
      .replace(/Total score for this hand: (\d+) points/g, 'Total score for this hand: $1');
  }
  return text
    .replaceAll('Current Hand: ', 'Current hand: ')
    .replaceAll('Enter word, or "!!" to indicate that you are finished: ', "Please enter a word or '!!' to indicate you are done: ")
    .replace(/Ran out of letters\. Total score: (\d+) points/g, 'Ran out of letters\nTotal score for this hand: $1')
    .replace(/Total score: (\d+) points/g, 'Total score for this hand: $1');
}

/** Indexes of hand lines: after a bare 'Current hand:' line (mit), or 'Current hand: …' (ocw). */
function handLineIndexes(lines: string[]): number[] {
  const idx: number[] = [];
  lines.forEach((l, i) => {
    if (l.startsWith('Current hand: ')) idx.push(i);
    else if (i > 0 && lines[i - 1] === 'Current hand:') idx.push(i);
  });
  return idx;
}

/** Hand lines as sorted letters (dict order is each student's own, so hands compare as
 *  multisets); everything else byte for byte. */
export function normaliseHands(text: string): string {
  const lines = text.split('\n');
  for (const i of handLineIndexes(lines)) {
    const prefix = lines[i].startsWith('Current hand: ') ? 'Current hand: ' : '';
    const letters = lines[i].slice(prefix.length).split(' ').filter(Boolean).sort();
    lines[i] = prefix + letters.join(' ') + ' ';
  }
  return lines.join('\n');
}

/** Every hand line we print must end in the trailing space display_hand leaves. */
export function handLinesWithoutTrailingSpace(text: string): string[] {
  const lines = text.split('\n');
  return handLineIndexes(lines).map((i) => lines[i]).filter((l) => !l.endsWith(' '));
}

/** The tests whose scripted input the reference leaves unread or runs out of: each scripts a game the
 *  handout's program does not play. */
export function inputsNotConsumed(a: Assignment): string[] {
  return a.spec.data.tests
    .filter((t) => 'stdin' in t && t.stdin)
    .filter((t) => {
      const r = referenceRun(a, t as Running);
      return r.unread !== 0 || r.inputExhausted !== null;
    })
    .map((t) => t.id);
}
