// The Java mutator (harness/audit/Mutate.java via mutants.ts) on a small class of our own: each operator makes
// the mutant it should, every mutant compiles and is a different program, and a file that does not parse is
// one clear line. The audit of a course folder with these mutants is test/audit-java.test.ts (slow).
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAssignment } from '../harness/assignment/load.js';
import { generateMutants, mutationSubject, type Mutant } from '../harness/audit/mutants.js';

const FILE = 'test/fixtures-audit/EveryOperator.java';
const original = readFileSync(FILE, 'utf8');

describe('Java mutants of a small class', () => {
  let ms: Mutant[];
  const find = (op: string, desc: string) => ms.find((m) => m.op === op && m.desc === desc);
  /** The lines a mutant adds (+) and removes (-), without the diff's header. */
  const changed = (m: Mutant | undefined) => m?.diff.split('\n').slice(2).filter((l) => /^[-+]/.test(l)).join('\n');

  it('makes every operator', async () => {
    ms = await generateMutants(FILE);
    const ops = new Set(ms.map((m) => m.op));
    for (const op of ['arith', 'compare', 'boolean', 'negation', 'negate-condition', 'swap-branches', 'off-by-one', 'constant', 'string', 'prompt-text', 'no-copy', 'call', 'loop', 'return-default', 'drop-statement', 'drop-guard']) {
      expect(ops, op).toContain(op);
    }
    expect(ops).not.toContain('return-none'); // Python's
    expect(ms.every((m) => m.file === 'EveryOperator.java')).toBe(true);
  }, 600_000); // the machine's time (a busy machine: minutes), never a verdict

  it('rewrites only the operator, constant or statement, keeping the rest of the line', () => {
    expect(changed(find('arith', '`*` -> `+`'))).toBe('-        total += a * b;\n+        total += a + b;');
    expect(changed(find('arith', '`+=` -> `-=`'))).toBe('-        total += a * b;\n+        total -= a * b;');
    expect(changed(find('arith', '`++` -> `--`'))).toBe('-            i++;\n+            i--;');
    expect(changed(find('compare', '`>=` -> `>`'))).toBe('-        return x >= 1 && x <= 10 || !verbose;\n+        return x > 1 && x <= 10 || !verbose;');
    expect(changed(find('boolean', '`||` -> `&&`'))).toBe('-        return x >= 1 && x <= 10 || !verbose;\n+        return x >= 1 && x <= 10 && !verbose;');
    expect(changed(find('negation', 'removed `!`'))).toMatch(/\+ {8}return x >= 1 && x <= 10 \|\| verbose;$/);
    expect(changed(find('negate-condition', 'negated the condition of the while loop'))).toMatch(/\+ {8}while \(!\(i < xs\.length\)\) \{$/);
    expect(changed(find('off-by-one', '`-1` -> `0`'))).toMatch(/\+ {8}return i == xs\.length \? 0 : i;$/);
    expect(changed(find('constant', '`true` -> `false`'))).toMatch(/\+ {4}private boolean verbose = false;$/);
    expect(changed(find('constant', "`'-'` -> `' '`"))).toMatch(/\+ {8}return ' ';$/);
    expect(changed(find('string', '`"positive"` -> `""`'))).toMatch(/\+ {12}s = "";$/);
    expect(changed(find('prompt-text', "changed the case of 'T' in a prompt"))).toMatch(/\+ {8}System\.out\.println\("total: " \+ total\);$/);
    expect(changed(find('prompt-text', 'dropped trailing space of "Total: "'))).toMatch(/\+ {8}System\.out\.println\("Total:" \+ total\);$/);
    expect(changed(find('no-copy', 'used the argument itself instead of `new ArrayList<>(words)`'))).toMatch(/\+ {8}List<String> out = words;$/);
    expect(changed(find('call', '`Math.min` -> `Math.max`'))).toMatch(/\+ {8}return Math\.max\(x, 100\);$/);
    expect(changed(find('loop', '`break` -> `continue`'))).toMatch(/\+ {16}continue;$/);
    expect(changed(find('loop', '`continue` -> `break`'))).toMatch(/\+ {16}break;$/);
    expect(changed(find('return-default', 'returned `null` instead of `out`'))).toMatch(/\+ {8}return null;$/);
    expect(changed(find('return-default', 'returned `false` instead of `x >= 1 && x <= 10 || !verbose`'))).toMatch(/\+ {8}return false;$/);
  });

  it('drops statements and guards with their lines, and swaps branches', () => {
    expect(changed(find('drop-statement', 'dropped `out.remove(w);`'))).toBe('-            out.remove(w);');
    const guard = ms.find((m) => m.op === 'drop-guard')!;
    expect(guard.function).toBe('EveryOperator.<init>');
    expect(changed(guard)).toBe('-        if (start < 0) {\n-            throw new IllegalArgumentException("start must be >= 0");\n-        }');
    const swap = ms.find((m) => m.op === 'swap-branches')!;
    expect(swap.source).toMatch(/if \(x > 0\) \{\n\s+s = "not positive";\n\s+\} else \{\n\s+s = "positive";\n/);
  });

  it('names the enclosing method, constructors and field initialisers as a stack trace does', () => {
    expect(find('call', '`Math.min` -> `Math.max`')!.function).toBe('EveryOperator.clamp');
    expect(find('constant', '`true` -> `false`')!.function).toBe('EveryOperator.<init>');
    expect(find('constant', '`false` -> `true`')!.function).toBe('EveryOperator.<clinit>');
    expect(find('loop', '`break` -> `continue`')!.line).toBe(original.split('\n').findIndex((l) => l.includes('break;')) + 1);
  });

  it('keeps only mutants that compile and are other programs than the original and each other', async () => {
    // Dropping the only assignment of `s` leaves it unassigned: javac refuses it.
    expect(ms.filter((m) => m.op === 'drop-statement' && m.desc.includes('positive'))).toEqual([]);
    // Code under `if (DEBUG)` (a false constant) is compiled out: changing its text changes nothing.
    expect(ms.filter((m) => m.desc.includes('debugging'))).toEqual([]);
    // `!(i == xs.length) ? ...` is the bytecode of `i != xs.length ? ...`: one of them is kept.
    const ternary = original.split('\n').findIndex((l) => l.includes('return i == xs.length')) + 1;
    expect(ms.filter((m) => m.line === ternary && (m.op === 'negate-condition' || m.desc === '`==` -> `!=`'))).toHaveLength(1);
    expect(new Set(ms.map((m) => m.source)).size).toBe(ms.length);
    expect(ms.some((m) => m.source === original)).toBe(false);
    // Every mutant compiles: renamed to a class of its own, all in one javac run.
    const dir = mkdtempSync(join(tmpdir(), 'gradekit-mutants-'));
    const files = ms.map((m) => {
      const name = `EveryOperator_${m.id}`;
      writeFileSync(join(dir, `${name}.java`), m.source.replaceAll('EveryOperator', name));
      return join(dir, `${name}.java`);
    });
    mkdirSync(join(dir, 'classes'));
    const r = await execa('javac', ['-nowarn', '-d', join(dir, 'classes'), ...files], { reject: false });
    expect(r.stderr).toBe('');
    expect(readdirSync(join(dir, 'classes')).filter((f) => f.endsWith('.class'))).toHaveLength(ms.length);
  }, 600_000);

  it('says where a file does not parse, in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gradekit-broken-'));
    writeFileSync(join(dir, 'Broken.java'), 'public class Broken {\n    int f() {\n        return 1\n    }\n}\n');
    const e = await generateMutants(join(dir, 'Broken.java')).catch((x: Error) => x);
    expect((e as Error).message).toMatch(/^cannot make mutants: .*Broken\.java:3: does not parse: ';' expected \(the solution must compile with the course's files: fix it, or audit another with --submission\)$/);
  }, 600_000);
});

describe('Java mutants of a folder of classes', () => {
  it('mutates each class, compiled with the others and with the course files, which it never mutates', async () => {
    const dir = 'test/fixtures-audit/two-classes';
    const ms = await generateMutants({ files: ['Counter.java', 'Tally.java'].map((f) => ({ path: join(dir, f), name: f })), with: [join(dir, 'Main.java')] });
    expect(new Set(ms.map((m) => m.file))).toEqual(new Set(['Counter.java', 'Tally.java']));
    const inc = ms.find((m) => m.file === 'Tally.java' && m.desc === '`++` -> `--`')!;
    expect(inc.function).toBe('Tally.add');
    expect(inc.diff).toMatch(/^--- a\/Tally\.java\n\+\+\+ b\/Tally\.java\n/);
    // Counter's mutants compile only against Tally's class: each is compiled with the original's other classes.
    expect(ms.find((m) => m.file === 'Counter.java' && m.op === 'return-default')!.function).toBe('Counter.of');
  }, 600_000);
});

describe('what an audit of a Java course folder mutates', () => {
  it("the student's classes, compiled with the course's own files", () => {
    const a = loadAssignment('examples/uw-cse143-evil-hangman/assignment.yaml');
    const s = mutationSubject(a, 'examples/uw-cse143-evil-hangman/solution');
    expect(s.files.map((f) => f.name)).toEqual([a.spec.data.submission.file]);
    expect(s.with?.map((f) => f.split('/').pop())).toEqual(a.spec.data.course_files.map((f) => f.split('/').pop()));
  });
});
