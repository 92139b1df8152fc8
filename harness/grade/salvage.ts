// A file that does not import as handed in, graded as a TA would after fixing the one line that stops it
// (issue 33, P2). The driver makes the smallest change that lets the module import and records it
// (harness/run/python/gradekit_salvage.py, exec_module_forgiving): a repaired indentation, a Python 2 name
// (raw_input) read as its Python 3 builtin, or a top-level statement set aside because it does not compile or
// raised while the module was imported. Here is what
// the grade makes of that record, in one place:
// - the import test (a `silent-import` or `no-input-at-import` rule test) fails once, naming each line;
// - a function whose def was set aside is missing: its tests lose their points (P1) and say why;
// - every other test grades the salvaged module as usual.
// A course that wants "does not run = 0" says `submission: {import: strict}` in its spec.
import type { ImportResult, SetAside } from '../run/python/protocol.js';
import { fail, type Outcome } from './outcome.js';

/** "ps3.py:42 ("print(x)"): NameError: name 'x' is not defined; set aside: line 42". */
export function describeSetAside(s: SetAside, file: string): string {
  const at = `${file}:${s.line} (${JSON.stringify(s.source)}): ${s.error}`;
  if (s.action === 'repaired') return `${at}; ${s.why}`;
  const start = s.start_line ?? s.line, end = s.end_line ?? start;
  const lines = end > start ? `lines ${start}-${end}` : `line ${start}`;
  const what = s.names?.length ? ` (the definition of ${s.names.join(', ')})` : '';
  return `${at}; ${s.why}, so ${lines}${what} ${end > start ? 'were' : 'was'} set aside`;
}

/** The report's notice for each change. */
export function setAsideNotice(s: SetAside, file: string): string {
  return `${file} ${s.when === 'run' ? 'does not run in Python 3' : 'does not import'} as handed in: ${describeSetAside(s, file)}; the rest of the file was graded`;
}

/** The import test's failure when the module imported only after changes: one defect, charged once
 *  whichever import tests the spec has. */
export function salvageFailure(imp: ImportResult, file: string): Outcome | undefined {
  const all = imp.set_aside ?? [];
  if (!all.length) return undefined;
  const o = fail(`${file} ${all.every((s) => s.when === 'run') ? 'does not run in Python 3' : 'does not import'} as handed in: ${all.map((s) => describeSetAside(s, file)).join('; ')}. The rest of the file was graded as if ${all.length === 1 ? 'that line were' : 'those lines were'} fixed`, {
    hint: `fix ${all.length === 1 ? `line ${all[0]!.line}` : `lines ${all.map((s) => s.line).join(', ')}`}: a file that does not import gets nothing from a grader that runs it as it is`,
  });
  return { ...o, defect: `import:${all.map((s) => s.line).join(',')}` };
}

/** A test that needed a function whose def was set aside: it says so (the function is missing, P1). */
export function setAsideNote(o: Outcome, imp: ImportResult | undefined, file: string): Outcome {
  const m = /^missing-fn:(.+)$/.exec(o.defect ?? '');
  const s = m && imp?.set_aside?.find((x) => x.names?.includes(m[1]!));
  if (!s) return o;
  return { ...o, message: `${o.message}: its definition was set aside (${describeSetAside(s, file)})`, detail: { ...o.detail, hint: `fix line ${s.line} so that ${m![1]} compiles` } };
}
