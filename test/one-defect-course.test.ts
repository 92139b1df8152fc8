// One defect, one charge, in a course folder made by `gradekit init`: a def that does not compile is the
// import failure, which the names test charges once (not also as a name the file lacks); a game loop that never
// ends is charged by the test of the function that loops, not again by the run of the whole program.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../reference/register.js';
import { loadAssignment, type Assignment } from '../harness/assignment/load.js';
import { syncSolutionGolden } from '../harness/golden.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { initAssignment } from '../harness/init/init.js';

const SOLUTION = `"""Guessing vowels."""


def count_vowels(word):
    """The vowels in word.

    >>> count_vowels('banana')
    3
    """
    return sum(1 for ch in word.lower() if ch in 'aeiou')


def vowel_positions(word):
    """Where the vowels are.

    >>> vowel_positions('apple')
    [0, 4]
    """
    return [i for i, ch in enumerate(word.lower()) if ch in 'aeiou']


def play(words, rounds):
    """Asks the vowel count of each word, for rounds rounds; returns the score."""
    score = 0
    for r in range(rounds):
        w = words[r % len(words)]
        if input('How many vowels in %r? ' % w).strip() == str(count_vowels(w)):
            score += 1
    print('Score:', score)
    return score


if __name__ == "__main__":
    play(['banana', 'queue'], 2)
`;

let work: string;
let a: Assignment;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gradekit-one-defect-'));
  writeFileSync(join(work, 'vowels.py'), SOLUTION);
  initAssignment(join(work, 'hw'), { solution: join(work, 'vowels.py'), file: 'vowels.py' });
  const spec = join(work, 'hw', 'assignment.yaml');
  const text = readFileSync(spec, 'utf8');
  // The lines a user types, and a test of play itself (what an instructor adds after init).
  writeFileSync(spec, text.replace(/    stdin: \[\]\n/, "    stdin: ['3', '2']\n") + `
  - id: play-two-rounds
    name: play asks once a round and returns the score
    call: "play(['banana'], 2)"
    stdin: ['3', '1']
    basis: { section: "play", quote: "Asks the vowel count of each word, for rounds rounds; returns the score." }
`);
  a = loadAssignment(spec);
  await syncSolutionGolden(a, true);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function grade(name: string, source: string) {
  mkdirSync(join(work, 'class', name), { recursive: true });
  writeFileSync(join(work, 'class', name, 'vowels.py'), source);
  const r = await gradeSubmission(a, join(work, 'class', name));
  return { r, charged: r.tests.filter((t) => t.maxScore > 0 && t.score < t.maxScore && t.status !== 'skipped').map((t) => t.id) };
}

describe('one defect, one charge, in a course folder', () => {
  it('a def that does not compile: the names test charges the import failure, the function tests say why they could not run', async () => {
    // A line no small repair makes parse (an unclosed bracket would be closed, as a TA would): the def is set aside.
    const { r, charged } = await grade('unclosed', SOLUTION.replace("if ch in 'aeiou']\n", "if ch in in 'aeiou']\n"));
    // Whichever test init made to charge the import failure (the names test, or one of the file as handed
    // in), it is charged once; the names test never calls a def set aside a name the file lacks.
    const once = charged.filter((id) => !id.startsWith('vowel-positions'));
    expect(once).toHaveLength(1);
    expect(r.tests.find((t) => t.id === once[0])!.message).toMatch(/does not import as handed in: vowels\.py:\d+ .*SyntaxError/);
    expect(r.tests.find((t) => t.id === 'defines')!.message).not.toMatch(/does not define vowel_positions/);
    expect(r.tests.find((t) => t.id.startsWith('vowel-positions'))!.message).toMatch(/its definition was set aside/);
  }, 60_000);

  it('a loop that never ends is charged at the test of the function that loops, not again by the whole program', async () => {
    const { r, charged } = await grade('endless', SOLUTION.replace('    for r in range(rounds):', '    r = 0\n    while True:'));
    expect(charged).toEqual(['play-two-rounds']);
    expect(r.tests.find((t) => t.id === 'run-main')).toMatchObject({ status: 'skipped', chargedIn: 'play-two-rounds' });
  }, 60_000);
});
