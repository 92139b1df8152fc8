// The mutation engine (harness/audit/mutate.py via mutants.ts): enough distinct, compiling mutants of
// every Python assignment's accepted fixtures, each a one-place change shown as a readable diff.
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import '../reference/register.js';
import { listAssignments, loadAssignment } from '../harness/assignment/load.js';
import { fixtureSubmissions } from '../harness/fixtures.js';
import { findSubmissionFile } from '../harness/grade/workspace.js';
import { generateMutants, spread, type Mutant } from '../harness/audit/mutants.js';
import { pythonExecutable } from '../harness/run/python/interpreter.js';

/** Compiles every source in one Python process; returns the indices that fail. */
async function notCompiling(sources: string[]): Promise<number[]> {
  const code = 'import json,sys\nbad=[]\nfor i,s in enumerate(json.load(sys.stdin)):\n  try: compile(s,"m","exec")\n  except SyntaxError: bad.append(i)\nprint(json.dumps(bad))';
  const r = await execa(pythonExecutable(), ['-c', code], { input: JSON.stringify(sources) });
  return JSON.parse(r.stdout);
}

const python = listAssignments().map((id) => loadAssignment(id)).filter((a) => a.spec.data.language === 'python');
const subjects = python.flatMap((a) =>
  fixtureSubmissions(a.fixturesDir, a.id).filter((s) => s.verdict === 'accepted').map((s) => [`${a.id}/${s.name}`, findSubmissionFile(s.path, a.spec.data.submission.file!).file] as const),
);

describe('mutants of accepted fixtures', () => {
  it('covers every Python assignment', () => {
    expect(new Set(subjects.map(([n]) => n.split('/')[0]))).toEqual(new Set(python.map((a) => a.id)));
  });
  it.each(subjects)('%s: at least 100 distinct compiling mutants', async (_, file) => {
    const original = readFileSync(file, 'utf8');
    const ms = await generateMutants(file);
    expect(ms.length).toBeGreaterThanOrEqual(100);
    expect(new Set(ms.map((m) => m.source)).size).toBe(ms.length);
    expect(ms.some((m) => m.source === original)).toBe(false);
    expect(await notCompiling(ms.map((m) => m.source))).toEqual([]);
    for (const m of ms) {
      // One place changed: one hunk (a branch swap may read as two around the unchanged `else:`).
      expect(m.diff.match(/^@@/gm)?.length, `${m.id} ${m.desc}\n${m.diff}`).toBeLessThanOrEqual(m.op === 'swap-branches' ? 2 : 1);
    }
  }, 30_000);
});

describe('mutation operators', () => {
  let ms: Mutant[];
  const find = (pred: (m: Mutant) => boolean) => ms.find(pred);
  it('makes each kind of mutant from a small file', async () => {
    ms = await generateMutants('test/fixtures-audit/every-operator.py');
    const ops = new Set(ms.map((m) => m.op));
    for (const op of ['arith', 'compare', 'boolean', 'negation', 'negate-condition', 'swap-branches', 'off-by-one', 'string', 'prompt-text', 'no-copy', 'call', 'loop', 'return-none', 'drop-statement']) {
      expect(ops, op).toContain(op);
    }
    expect(ms.every((m) => !m.source.includes('"""Docstrings are never') || m.source.includes('"""Docstrings are never mutated."""'))).toBe(true);
  });
  it('rewrites only the operator or constant, keeping the rest of the line', () => {
    expect(find((m) => m.desc === '`>` -> `>=`')!.diff).toContain('+        if c in new and new[c] >= 0:');
    expect(find((m) => m.desc === '`in` -> `not in`')!.diff).toContain('+        if c not in new and new[c] > 0:');
    expect(find((m) => m.desc === '`and` -> `or`')!.diff).toContain('+        if c in new or new[c] > 0:');
    expect(find((m) => m.desc === '`-=` -> `+=`')!.diff).toContain('+            new[c] += 1');
    expect(find((m) => m.desc === '`//` -> `/`')!.diff).toContain("other.get('a', 0) / 3");
    expect(find((m) => m.desc === '`min` -> `max`')!.diff).toContain('+    total = max(len(word) * 2, 10)');
    expect(find((m) => m.desc === '`break` -> `continue`')).toBeDefined();
    expect(find((m) => m.op === 'negation')!.diff).toContain('+    while other:');
  });
  it('returns the argument itself instead of a copy', () => {
    expect(find((m) => m.op === 'no-copy' && m.line === 7)!.diff).toContain('+    new = hand\n');
    expect(find((m) => m.op === 'no-copy' && m.line === 8)!.diff).toContain('+    other = hand\n');
    expect(find((m) => m.op === 'no-copy' && m.line === 19)!.diff).toMatch(/else word$/m);
  });
  it('swaps if/else branches and changes prompts', () => {
    const swap = find((m) => m.op === 'swap-branches')!;
    expect(swap.source).toMatch(/if c in new and new\[c\] > 0:\n\s+continue\n\s+else:\n\s+new\[c\] -= 1/);
    expect(find((m) => m.op === 'prompt-text' && m.desc.includes("'E'"))!.diff).toContain("input('enter a word: ')");
    expect(find((m) => m.op === 'prompt-text' && m.desc.includes('trailing space'))!.diff).toContain("input('Enter a word:')");
  });
  it('spreads a limited selection over the whole file', () => {
    const few = spread(ms, 5);
    expect(few).toHaveLength(5);
    expect(few[0]).toBe(ms[0]);
    expect(few[4].line).toBeGreaterThan(few[0].line);
  });
  it('says clearly when the file is not Python 3', async () => {
    await expect(generateMutants('test/fixtures-audit/update-hand-negative/../../audit-mutants.test.ts')).rejects.toThrow(/cannot make mutants of .*must be valid Python 3/);
  });
});
