// `gradekit init <folder> --solution solution.py`: an assignment scaffolded from the instructor's own
// solution, as a course folder: assignment.yaml with a call test for each docstring example (`>>>` lines,
// that line quoted as the test's basis) and a run test for `if __name__ == "__main__":`, the solution as
// the reference and as the first accepted example submission, and a CI workflow for the course repository.
// The solution is read, never run (harness/init/outline.py parses it); the expected values come later,
// from `gradekit golden … --update`. A Java solution (a .java file or a folder of them) is scaffolded by
// java-init.ts; this file dispatches on the solution's language.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { literalValue, parseExpr, parseStep, PyParseError } from '../spec/pyexpr.js';
import { rootPath } from '../paths.js';
import { UsageError } from '../util/errors.js';
import { pythonExecutable } from '../run/python/interpreter.js';
import { SPEC_FILE } from '../assignment/load.js';
import { initJavaAssignment } from './java-init.js';
import { folderWriter, idMaker, q, slug, writeWorkflow } from './scaffold.js';

export interface InitOptions {
  /** The instructor's solution: a Python file, or a Java file or folder of Java files. */
  solution: string;
  /** The file students hand in (default: the solution's own name; for a Java folder, the class students write). */
  file?: string;
  /** A word list (or any data file) the programs read, shipped in fixtures/ under its own name. */
  words?: string;
  /** The assignment's id (default: the folder's name) and title. */
  id?: string;
  title?: string;
}

interface Example {
  source: string;
  want: string;
  line: number;
}

interface Outline {
  functions: { name: string; kind: 'function' | 'class'; line: number; args: string[]; examples: Example[] }[];
  main: { line: number; source: string } | null;
  reads_input: boolean;
  error?: string;
}

export interface InitResult {
  folder: string;
  created: string[];
  tests: { id: string; what: string }[];
  skipped: string[];
  /** What the skipped lines are (default: docstring examples). */
  skippedTitle?: string;
  next: string[];
}

function outline(file: string): Outline {
  let out: string;
  try {
    out = execFileSync(pythonExecutable(), ['-X', 'utf8', '-B', rootPath('harness', 'init', 'outline.py'), file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (e) {
    throw new UsageError(`cannot read ${file} with python3: ${(e as Error).message.split('\n')[0]}`);
  }
  const o = JSON.parse(out) as Outline;
  if (o.error) throw new UsageError(`the solution does not parse: ${o.error}`);
  return o;
}

/** A docstring example as a spec call: `print(f(x))` is `f(x)`; None when it is not one call or value. */
function asCall(source: string): string | null {
  if (source.includes('\n')) return null;
  let src = source.trim();
  const printed = /^print\((.*)\)$/s.exec(src);
  if (printed) src = printed[1]!.trim();
  try {
    const st = parseStep(src);
    return st.expr.k === 'call' || st.bind ? src : null;
  } catch (e) {
    if (e instanceof PyParseError) return null;
    throw e;
  }
}

/** Whether an example's shown output is a returned value (a Python literal) rather than printed text. */
function isValue(want: string): boolean {
  if (!want.trim() || want.includes('\n')) return false;
  try {
    return literalValue(parseExpr(want.trim())) !== undefined;
  } catch {
    return false;
  }
}

export function initAssignment(folderArg: string, o: InitOptions): InitResult {
  const folder = resolve(folderArg);
  const solution = resolve(o.solution);
  if (!existsSync(solution)) throw new UsageError(`--solution: file not found: ${o.solution} (give the path of your solution: a .py file, a .java file or a folder of .java files)`);
  const java = solution.endsWith('.java') || statSync(solution).isDirectory();
  if (!java && !solution.endsWith('.py')) throw new UsageError(`--solution: gradekit init reads a Python solution (.py) or a Java one (a .java file or a folder of them), got ${o.solution}`);
  if (existsSync(join(folder, SPEC_FILE))) throw new UsageError(`${join(folderArg, SPEC_FILE)} already exists: init makes a new assignment; edit that one instead`);
  if (o.words && !existsSync(o.words)) throw new UsageError(`--words: file not found: ${o.words}`);
  if (java) return initJavaAssignment(folder, solution, o);
  const file = o.file ?? basename(solution);
  if (!/^[\w.-]+\.py$/.test(file)) throw new UsageError(`--file: the file students hand in must be a Python file name like hangman.py, got '${file}'`);
  const id = slug(o.id ?? basename(folder)) || 'assignment';
  const out = outline(solution);

  const created: string[] = [];
  const { write, copy } = folderWriter(folder, created);

  // The solution stays where it is when it is in the folder already; otherwise it is copied in.
  const inside = !relative(folder, solution).startsWith('..');
  const solutionRel = inside ? relative(folder, solution).split(sep).join('/') : 'solution.py';
  if (!inside) copy(solution, solutionRel);
  copy(solution, `fixtures/submissions/accepted/solution/${file}`);
  if (o.words) copy(o.words, `fixtures/${basename(o.words)}`);

  const tests: string[] = [];
  const made: InitResult['tests'] = [];
  const skipped: string[] = [];
  const uniqueId = idMaker();
  const publicNames = out.functions.filter((f) => !f.name.startsWith('_')).map((f) => f.name);
  // Students see every basis ("Required by: <section>: <quote>"), so a section names the file they hand in,
  // never the instructor's solution file.

  // The import rule is extra, so without a scored home a file that does not import as handed in would cost
  // nothing for it: this test charges it once (the README's salvage), as a Java spec's compiles test does. It
  // comes first, so that a def set aside is charged here, not by defines (which sees the same defect).
  const runsId = uniqueId('runs-as-handed-in');
  tests.push(`  # A file that does not import as handed in (a syntax error, a line that raises while it is imported) is
  # graded as a TA would: that line is set aside, charged here once, and every other test grades the rest (a
  # function whose def was set aside is missing). For "does not run = 0" instead, write
  # submission: { file: ${file}, import: strict } above: such a file then gets 0.
  - id: ${runsId}
    group: rules
    name: ${q(`${file} imports and runs as handed in`)}
    rule: compiles
    basis: { section: ${q(`${file} (the file to hand in)`)}, quote: ${q(`Turn in ${file}`)} }
    hint: a file that does not import runs nothing; a grader fixes the line named here and grades the rest`);
  made.push({ id: runsId, what: `${file} imports as handed in (a line set aside costs this test once)` });
  if (publicNames.length) {
    const sig = out.functions.filter((f) => !f.name.startsWith('_')).map((f) => `${f.kind === 'class' ? 'class' : 'def'} ${f.name}(${f.args.join(', ')})`).join('; ');
    tests.push(`  - id: ${uniqueId('defines')}
    group: rules
    name: ${q(`${file} defines ${publicNames.join(', ')}`)}
    rule: defines
    names: [${publicNames.join(', ')}]
    basis: { section: ${q(`${file} (the functions to write)`)}, quote: ${q(sig)} }`);
    made.push({ id: 'defines', what: `${file} defines ${publicNames.length} function(s)` });
  }
  tests.push(`  - id: ${uniqueId('no-input-at-import')}
    group: rules
    name: importing ${file} asks for no input
    rule: no-input-at-import
    extra: a grader imports the module; a program started outside if __name__ == '__main__' asks for input then`);
  for (const f of out.functions) {
    let bindings: string[] = [];
    let k = 0;
    const calls = f.examples.filter((ex) => {
      const c = asCall(ex.source);
      return c !== null && !parseStep(c).bind;
    }).length;
    for (const ex of f.examples) {
      const call = asCall(ex.source);
      if (call === null) {
        skipped.push(`${basename(solution)}:${ex.line}: >>> ${ex.source.split('\n')[0]} (not one call or assignment: write its test by hand)`);
        continue;
      }
      const st = parseStep(call);
      if (st.bind) {
        bindings.push(call);
        continue;
      }
      k++;
      const testId = uniqueId(`${slug(f.name)}-example${calls > 1 ? `-${k}` : ''}`);
      const printed = ex.want !== '' && !isValue(ex.want);
      const shown = ex.want ? ` → ${ex.want.split('\n')[0]}${ex.want.includes('\n') ? ' …' : ''}` : '';
      const steps = bindings.length ? `    steps:\n${[...bindings, call].map((s) => `      - ${q(s)}`).join('\n')}` : `    call: ${q(call)}`;
      tests.push(`  - id: ${testId}
    group: ${f.name}
    name: ${q(`docstring example: ${call}${shown}`)}
${steps}${printed ? '\n    # It prints what the docstring shows: the transcript is judged, not the value returned.\n    compare: none\n    transcript: golden' : ''}
    basis: { section: ${q(`docstring of ${f.name}`)}, quote: ${q(`>>> ${ex.source}${ex.want ? ` ${ex.want.replace(/\n/g, ' ')}` : ''}`)} }`);
      made.push({ id: testId, what: `${call}${printed ? ' (its printed output)' : ''}` });
      bindings = [];
    }
  }
  if (out.main) {
    const testId = uniqueId('run-main');
    tests.push(`  - id: ${testId}
    group: main
    name: ${q(`${file} run as a program`)}
    run: main
${out.reads_input ? '    # TODO: the lines a user types, in order, until the program ends (gradekit golden reports a program that asks for more).\n    stdin: []\n' : ''}    basis: { section: ${q(`${file} (run as a program)`)}, quote: ${q(out.main.source.split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' '))} }`);
    made.push({ id: testId, what: `the program run as __main__${out.reads_input ? ' (script its input)' : ''}` });
  }

  const words = o.words ? `words: { file: ${basename(o.words)}, as: ${basename(o.words)} }\n` : '';
  const spec = `# ${o.title ?? id}: written by \`gradekit init\` from ${basename(solution)}. Review every test, quote the handout
# in each basis:, add tests for what the docstrings do not show, then record the expected values:
#   gradekit golden ${SPEC_FILE} --update
assignment: ${id}
title: ${q(o.title ?? id)}
language: python
submission: { file: ${file} }
# The instructor's solution: expected values come from running it (kept in fixtures/golden/); it never ships.
reference: { solution: ${solutionRel} }
fixtures: fixtures
${words}defaults:
  points: 1
  timeout: 2s
  # Printed output is compared as text until roles: says what it means (see gradekit's README, "Grade your own assignment").
  judge: text
  normalise: [trailing-whitespace, blank-lines]

tests:
${tests.join('\n\n')}
`;
  write(SPEC_FILE, spec);

  const workflowNote = writeWorkflow(folder, id, 'python', created);

  const specShown = relative(process.cwd(), join(folder, SPEC_FILE)) || SPEC_FILE;
  const next = [
    `Review ${specShown}: quote the handout in each basis:, and add the tests the docstrings do not show.`,
    ...(out.main && out.reads_input ? [`Script the input of run-main (stdin:), and of any test of a function that reads input.`] : []),
    `For printed output judged by meaning, say what it means under roles: and set judge: meaning.`,
    `Record the expected values: gradekit golden ${specShown} --update (and commit fixtures/golden/).`,
    `Add wrong submissions in fixtures/submissions/wrong_answer/<name>/ with an expect.yaml naming the tests each fails; check them: gradekit fixtures ${specShown}`,
    `Check the suite: gradekit vet ${specShown} ${relative(process.cwd(), join(folder, 'fixtures', 'submissions', 'accepted')) || '.'} and gradekit audit ${specShown} --submission ${relative(process.cwd(), join(folder, 'fixtures', 'submissions', 'accepted', 'solution')) || '.'}`,
  ];
  if (workflowNote) next.push(workflowNote);
  return { folder, created, tests: made, skipped, next };
}

export function renderInit(r: InitResult): string {
  const lines = [`Made ${r.created.length} file(s):`, ...r.created.map((c) => `  ${c}`), '', `${r.tests.length} test(s):`, ...r.tests.map((t) => `  ${t.id}: ${t.what}`)];
  if (r.skipped.length) lines.push('', r.skippedTitle ?? 'Docstring examples left for you:', ...r.skipped.map((s) => `  ${s}`));
  lines.push('', 'Next:', ...r.next.map((n, i) => `  ${i + 1}. ${n}`));
  return lines.join('\n') + '\n';
}

