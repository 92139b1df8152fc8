// `gradekit audit` on a Java course folder, run as an instructor runs it: Java mutants of the example's
// solution, each graded as `check` grades a student's class (compiled with the course's HangmanMain-style
// driver), the killed and the surviving reported. A few mutants only (--ops, --limit): each one is a
// whole grading of 26 tests, a JVM each.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';
import type { AuditResult } from '../harness/audit/audit.js';

const FOLDER = 'examples/uw-cse143-evil-hangman';
const SPEC = `${FOLDER}/assignment.yaml`;

function gradekit(...args: string[]) {
  const r = spawnSync(process.execPath, [rootPath('bin', 'gradekit'), ...args], { cwd: rootPath(), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('gradekit audit on a Java course folder', () => {
  it('reports the mutants its tests kill and the ones they let through', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gradekit-audit-java-')), 'audit.json');
    // The string mutants: an exception's message (the spec compares exceptions by class) and the pattern's dashes.
    const r = gradekit('audit', SPEC, '--submission', `${FOLDER}/solution`, '--ops', 'string', '--limit', '3', '--no-vet', '--min-score', '100', '--json', out);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.status, r.stdout + r.stderr).toBe(1); // survivors: the score is below --min-score 100
    const a = JSON.parse(readFileSync(out, 'utf8')) as AuditResult;
    expect(a.generated).toBe(6); // every string literal of the solution
    expect(a.mutants).toHaveLength(3);
    expect(a.mutants.every((m) => m.op === 'string' && m.file === 'HangmanManager.java')).toBe(true);
    const killed = a.mutants.filter((m) => m.status === 'killed');
    const survived = a.mutants.filter((m) => m.status === 'survived');
    expect(killed.map((m) => m.desc)).toEqual(['`" -"` -> `""`']);
    expect(killed[0]!.killedBy).toEqual(expect.arrayContaining(['pattern-starts-with-dashes']));
    expect(survived).toHaveLength(2);
    expect(survived.map((m) => m.function)).toEqual(['HangmanManager.<init>', 'HangmanManager.record']);
    expect(a.score).toBeCloseTo(33.3);
    expect(a.probes).toBe(0);
    // The report: the score, the killing tests, each survivor as a diff of the class.
    expect(r.stdout).toMatch(/3 mutants graded \(of 6 generated\)/);
    expect(r.stdout).toMatch(/killed 1 · survived 2/);
    expect(r.stdout).toMatch(/Mutation score: 33\.3% \(killed \/ non-equivalent; no equivalence probes for this reference\)/);
    expect(r.stdout).toMatch(/Surviving mutants \(2\): bugs the spec lets through/);
    expect(r.stdout).toMatch(/\[string\] line \d+ in HangmanManager\.<init>: `"length must be >= 1 and max >= 0"` -> `""`\n {2}@@ .* @@\n(?: {2} .*\n)* {2}-\s+throw new IllegalArgumentException\("length must be >= 1 and max >= 0"\);\n {2}\+\s+throw new IllegalArgumentException\(""\);/);
  }, 900_000); // the machine's time (26 JVMs a grading, four gradings), never a verdict

  it('says clearly what is wrong with the options or the solution, without a stack trace', () => {
    const bad = gradekit('audit', SPEC, '--ops', 'drop-gaurd');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown mutation operator 'drop-gaurd' — did you mean 'drop-guard'\?/);
    // A solution that does not parse: its file:line and what to do, at once (before any grading).
    const dir = mkdtempSync(join(tmpdir(), 'gradekit-audit-broken-'));
    cpSync(`${FOLDER}/solution`, dir, { recursive: true });
    const file = join(dir, 'HangmanManager.java');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('return guessesLeft;', 'return guessesLeft +;'));
    const line = text.split('\n').findIndex((l) => l.includes('return guessesLeft;')) + 1;
    const broken = gradekit('audit', SPEC, '--submission', dir, '--no-vet');
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain(`gradekit: cannot make mutants: ${file}:${line}: does not parse: illegal start of expression (the solution must compile with the course's files: fix it, or audit another with --submission)`);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    // A solution that compiles but fails a test is no solution to mutate.
    writeFileSync(file, text.replace('return guessesLeft;', 'return guessesLeft + 1;'));
    const wrong = gradekit('audit', SPEC, '--submission', dir, '--no-vet', '--limit', '1');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/the solution to mutate must pass every test first; .*: fails .*guesses-left-starts-at-max/);
  }, 600_000);
});
