// The hangman-313e spec: enough tests of every kind, golden transcripts in step with the reference
// and carrying the handout's runner strings, and grading that names the rule a bug breaks.
// (Every fixture's exact verdict and failing tests are checked by fixtures-verdicts.test.ts.)
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../reference/register.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { syncGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';

const a = loadAssignment('hangman-313e');
const tests = a.spec.data.tests;
const golden = (id: string) => readFileSync(join(a.fixturesDir, 'golden', `${id}.txt`), 'utf8');
const submission = (path: string) => join(a.fixturesDir, 'submissions', path);

describe('hangman-313e spec', () => {
  it('rests every scored test on a quoted sentence, and says why each extra test goes beyond the handout', () => {
    const scored = tests.filter((t) => !t.extra);
    expect(scored.filter((t) => !t.basis).map((t) => t.id)).toEqual([]);
    expect(tests.filter((t) => t.extra && t.basis).map((t) => t.id)).toEqual([]);
    // The course grades with DEBUG = False: debug-mode sessions are reported, never scored.
    expect(tests.filter((t) => 'run' in t && t.run === 'runner-debug' && !t.extra).map((t) => t.id)).toEqual([]);
  });

  it('has at least 30 tests of every kind, some hidden', () => {
    expect(tests.length).toBeGreaterThanOrEqual(30);
    const kinds = (k: string) => tests.filter((t) => k in t).length;
    expect(kinds('run')).toBeGreaterThanOrEqual(12);
    expect(kinds('steps')).toBeGreaterThanOrEqual(10);
    expect(kinds('rule')).toBe(3);
    expect(tests.filter((t) => t.visibility === 'hidden').length).toBeGreaterThanOrEqual(2);
    expect(new Set(tests.map((t) => t.id)).size).toBe(tests.length);
  });

  it('golden transcripts match the reference, none missing or orphaned', () => {
    const st = syncGolden(a, false);
    expect({ stale: st.stale, missing: st.missing, orphans: st.orphans }).toEqual({ stale: [], missing: [], orphans: [] });
    expect(st.fresh.length).toBe(tests.filter((t) => 'run' in t).length);
  });

  it('every session ends at the play-again prompt (no input left over or missing)', () => {
    for (const t of tests.filter((x) => 'run' in x)) {
      const last = golden(t.id).trimEnd().split('\n').at(-1) ?? '';
      expect(last, t.id).toMatch(/^Another game\? Enter y for another game, anything else to quit:/);
    }
  });

  it('golden transcripts carry the course runner strings from the handout', () => {
    expect(golden('easy-win')).toContain('Welcome to the CS313E hangman game.\n\nWhat length word do you want to use? 4\n');
    expect(golden('easy-win')).toContain('Yes, there is one a\n');
    expect(golden('easy-win')).toContain('You beat me\n');
    expect(golden('easy-lose')).toContain('Sorry, you lose\n');
    expect(golden('guess-repeats')).toContain('You already guessed that! Pick a new letter please.\n');
    expect(golden('guess-digits-and-symbols')).toContain('Your guess? 7\nThat is not an English letter.\n');
    expect(golden('setup-out-of-range')).toContain('26 is not a valid number for number of wrong guesses\nPick a number between 1 and 25.\n');
    expect(golden('setup-no-words-of-length')).toContain("I don't know any words with 9 letters. Enter another number.\n");
    expect(golden('setup-not-integers')).toContain('Error: Please enter a valid integer for word length.\n');
    // the runner lower-cases a guess before echoing it
    expect(golden('guess-upper-case')).toContain('Your guess? e\n');
  });
});

describe('hangman-313e grading', () => {
  it('accepts the straightforward solution with full marks', async () => {
    const r = await gradeSubmission(a, submission('accepted/straightforward'), { runners: languageRunners() });
    expect(r.tests.filter((t) => t.status !== 'passed').map((t) => `${t.id}: ${t.message}`)).toEqual([]);
    expect(r.score).toBe(r.maxScore);
  });

  it('names the forbidden sorted() call and its line, once, wherever in the class it is', async () => {
    for (const [fixture, where] of [['builtin-sorted', 'sort'], ['sorted-in-guesses-made', 'get_guesses_made']]) {
      const r = await gradeSubmission(a, submission(`wrong_answer/${fixture}`), { runners: languageRunners() });
      const failed = r.tests.filter((x) => x.status !== 'passed' && !x.extra);
      expect(failed.map((x) => x.id)).toEqual(['no-builtin-sorting']);
      expect(failed[0].message).toMatch(new RegExp(`Hangman\\.${where} calls sorted\\(\\) at hangman\\.py:\\d+`));
    }
  });

  it('tells an insertion sort from a merge sort by the pairs of entries it compares, and says so', async () => {
    const r = await gradeSubmission(a, submission('wrong_answer/insertion-sort'), { runners: languageRunners() });
    const t = r.tests.find((x) => x.id === 'sort-algorithm');
    expect(t?.status).toBe('failed');
    expect(t?.message).toMatch(/compared [\d,]+ different pairs of its 512 items; at most 13,824 are allowed/);
    expect(t?.detail?.hint).toMatch(/merge sort .* or a stable quick sort/);
    expect(t?.basis).toMatch(/You must implement merge sort or a stable version of quick sort/);
  });

  it('catches a secret word that depends on earlier calls (seeded once, not per pick)', async () => {
    const r = await gradeSubmission(a, submission('wrong_answer/seed-once-in-init'), { runners: languageRunners() });
    const t = r.tests.find((x) => x.id === 'secret-word-repeatable');
    expect(t?.status).toBe('failed');
    expect(t?.message).toMatch(/get_secret_word\(\): returned '\w+' after returning '\w+' on the call before/);
  });

  it('plays debug-mode sessions and large-dictionary games, each with its own dictionary.txt, even behind a hard-coded path', async () => {
    expect(tests.filter((t) => 'run' in t && t.run === 'runner-debug').length).toBeGreaterThanOrEqual(3);
    const large = tests.filter((t) => 'words' in t && t.words === 'large');
    expect(large.length).toBeGreaterThanOrEqual(3);
    expect(golden('debug-easy')).toContain('Number of words of each length in the dictionary:\n2: 8\n');
    expect(golden('debug-easy')).toContain('DEBUGGING: Words left: 9\n');
    expect(golden('large-hard-game')).toMatch(/Answer = \w{8}\n/);
    // A student who points DICTIONARY_FILE at their own disk still gets the large list in the large tests.
    const dir = mkdtempSync(join(tmpdir(), 'hangman-hardcoded-'));
    try {
      const src = readFileSync(join(submission('accepted/straightforward'), 'hangman.py'), 'utf8');
      writeFileSync(join(dir, 'hangman.py'), src.replace('DICTIONARY_FILE = "dictionary.txt"', 'DICTIONARY_FILE = "/Users/student/cs313e/dictionary.txt"'));
      const only = ['easy-win', 'debug-easy', ...large.map((t) => t.id)];
      const r = await gradeSubmission(a, dir, { only });
      expect(r.tests.map((t) => [t.id, t.status])).toEqual(only.map((id) => [id, 'passed']));
      expect(r.notices?.join('\n')).toMatch(/used the provided dictionary\.txt instead/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
