// An assignment = its spec + its reference adapter + its word list, checked together so that a
// spec naming an unknown function, name or validator fails at load time with file:line:col.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { loadSpecFile, SpecError, SpecErrors, type LoadedSpec } from '../spec/load.js';
import { parseStep, parseExpr, literalValue, namesIn, bareWords, javaSpellings, JAVA_LITERALS, PyParseError, type PyStep } from '../spec/pyexpr.js';
import type { ReferenceAdapter } from '../model/reference.js';
import type { PyValue } from '../model/pyvalue.js';
import { PyRandom } from '../../reference/pyrandom.js';
import { adapterFor, javaDefinitions, pythonDefinitions, referenceSource, solutionLimits, solutionProblems, type ReferenceSource } from './reference-source.js';
import { rootPath } from '../paths.js';
import { closest } from '../util/closest.js';
import { nearPath } from '../util/suggest.js';
import { UsageError } from '../util/errors.js';
import { buildRoleTable, mergeRoleSpecs, RoleError, type RoleTable } from '../turns/index.js';

export interface Assignment {
  id: string;
  spec: LoadedSpec;
  /** The folder holding the spec (a course folder): relative paths of the spec start here. */
  specDir: string;
  /** What the spec's `reference:` names (a bundled id, a module, the instructor's solution). */
  reference: ReferenceSource;
  adapter: ReferenceAdapter;
  fixturesDir: string;
  /** The word list file students read, and its lines (stripped, blanks dropped). */
  wordsFile?: string;
  words: string[];
  /** True when --words replaced the bundled list: expected transcripts then come from the reference, not golden files. */
  customWords: boolean;
  /** Folder of instructor starter files (--starter), e.g. the course's runner.py. */
  starterDir?: string;
  names: Record<string, PyValue>;
  /** The spec's extra word lists by name: what a test with `words: <name>` runs with. */
  wordLists: Record<string, WordList>;
  /** Parsed steps per test id (call/steps tests), parsed once. */
  steps: Map<string, PyStep[]>;
  /** The game's vocabulary (reference roles + the spec's `roles:`), when it has one. */
  roles?: RoleTable;
  /** How transcripts are judged unless a test says otherwise. */
  judge: 'meaning' | 'text';
}

export interface WordList {
  file: string;
  words: string[];
  names: Record<string, PyValue>;
}

export interface AssignmentOptions {
  words?: string;
  starter?: string;
}

/** The specs that ship with gradekit: specs/<id>.yaml (their fixtures in fixtures/<id>/, their references in reference/). */
export function specsDir(): string {
  return rootPath('specs');
}

/** The file name of a course folder's spec. */
export const SPEC_FILE = 'assignment.yaml';

/** The bundled assignment ids (their spec file names), in alphabetical order: the harness knows none by name. */
export function listAssignments(): string[] {
  const dir = specsDir();
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -'.yaml'.length)).sort() : [];
}

/** The spec file of a bundled assignment. */
export function bundledSpec(id: string): string {
  return join(specsDir(), `${id}.yaml`);
}

/** The spec files of the bundled assignments. */
export function bundledSpecs(): string[] {
  return listAssignments().map(bundledSpec);
}

/** The bundled id a spec file stands for, if it is one of gradekit's own specs. */
export function bundledIdOf(specFile: string): string | undefined {
  const rel = relative(specsDir(), resolve(specFile));
  return !rel.startsWith('..') && !rel.includes(sep) && rel.endsWith('.yaml') ? rel.slice(0, -'.yaml'.length) : undefined;
}

/** A spec from a bundled id, a spec file (assignment.yaml or any .yaml), or a course folder holding assignment.yaml. */
export function resolveSpecPath(idOrPath: string): string {
  if (idOrPath.endsWith('.yaml') || idOrPath.endsWith('.yml')) {
    if (!existsSync(idOrPath)) {
      // A typo of the file or its folder (assignment.yml for assignment.yaml): name the one that is there.
      const near = nearPath(idOrPath, (n, isDir) => !isDir && /\.ya?ml$/.test(n));
      throw new UsageError(`spec file not found: ${idOrPath}${near ? `\n  hint: did you mean ${near}?` : ''}`);
    }
    return resolve(idOrPath);
  }
  if (/[\\/]/.test(idOrPath) || idOrPath === '.' || idOrPath === '..') {
    const inFolder = join(idOrPath, SPEC_FILE);
    if (existsSync(inFolder)) return resolve(inFolder);
    if (existsSync(idOrPath)) {
      const other = readdirSafe(idOrPath).filter((f) => /\.ya?ml$/.test(f));
      const guess = closest(SPEC_FILE, other);
      throw new UsageError(`no ${SPEC_FILE} in ${idOrPath}: a course folder holds its spec as ${SPEC_FILE}${guess ? `\n  hint: did you mean ${join(idOrPath, guess)}? (name it ${SPEC_FILE}, or give its path)` : ''}`);
    }
    const near = nearPath(idOrPath, (_, isDir) => isDir);
    throw new UsageError(`not found: ${idOrPath}${near ? `\n  hint: did you mean ${near}?` : ''}`);
  }
  const p = bundledSpec(idOrPath);
  if (!/^[a-z0-9-]+$/.test(idOrPath) || !existsSync(p)) {
    const ids = listAssignments();
    const guess = closest(idOrPath, ids);
    throw new UsageError(`unknown assignment '${idOrPath}'${guess ? ` — did you mean '${guess}'?` : ''} (known: ${ids.join(', ')}; or give the path of a course folder's ${SPEC_FILE})`);
  }
  return p;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The words of a list file: one a line, or all on one line separated by spaces (as some courses ship theirs). */
export function readWordList(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  // One word a line and no other white space (the usual list): the same words, split ~3x faster.
  if (!/[^\S\n]/.test(text)) return text.split('\n').filter((w) => w.length > 0);
  return text.split(/\s+/).filter((w) => w.length > 0);
}

export function loadAssignment(idOrPath: string, opts: AssignmentOptions = {}): Assignment {
  const specPath = resolveSpecPath(idOrPath);
  const spec = loadSpecFile(specPath);
  const d = spec.data;
  const errors: SpecError[] = [];
  const reference = referenceSource(spec);
  const adapter = adapterFor(reference, spec);
  const solution = reference.kind === 'solution' ? reference : undefined;
  if (solution) errors.push(...solutionLimits(spec, solution.file), ...solutionProblems(spec, solution));
  const fixturesDir = inside(dirname(specPath), d.fixtures, spec, ['fixtures']);
  let wordsFile: string | undefined;
  if (opts.words) {
    if (!existsSync(opts.words)) throw new UsageError(`--words: file not found: ${opts.words}`);
    wordsFile = resolve(opts.words);
  } else if (d.words) {
    wordsFile = inside(fixturesDir, d.words.file, spec, ['words', 'file']);
    if (!existsSync(wordsFile)) errors.push(spec.error(['words', 'file'], `word list not found: ${relative(dirname(specPath), wordsFile)} (relative to the spec)`));
  }
  if (opts.starter && !existsSync(opts.starter)) throw new UsageError(`--starter: folder not found: ${opts.starter}`);
  const words = wordsFile && existsSync(wordsFile) ? readWordList(wordsFile) : [];
  const namesOf = (list: string[]) => adapter.names?.({ words: list, rng: new PyRandom(0), options: d.options }) ?? {};
  const names = namesOf(words);
  const wordLists: Record<string, WordList> = {};
  if (Object.keys(d.word_lists).length && !d.words) errors.push(spec.error(['word_lists'], 'word_lists need a words: entry', 'its `as:` names the file every list is placed as'));
  for (const [name, rel] of Object.entries(d.word_lists)) {
    const file = inside(fixturesDir, rel, spec, ['word_lists', name]);
    if (!existsSync(file)) errors.push(spec.error(['word_lists', name], `word list not found: ${relative(dirname(specPath), file)} (relative to the spec)`));
    else {
      const listWords = readWordList(file);
      wordLists[name] = { file, words: listWords, names: namesOf(listWords) };
    }
  }
  let roles: RoleTable | undefined;
  if (adapter.roles || d.roles) {
    try {
      roles = buildRoleTable(mergeRoleSpecs(adapter.roles ?? {}, d.roles, closest));
    } catch (e) {
      if (!(e instanceof RoleError)) throw e;
      errors.push(spec.error(['roles', ...e.path], e.message, e.hint));
    }
  }
  const judgeDefault = d.defaults.judge ?? (adapter.roles || d.roles ? 'meaning' : 'text');
  const steps = new Map<string, PyStep[]>();
  // A solution names its functions in its own source; when it is not here (an export), the tests' golden files stand for it.
  const java = d.language === 'java';
  // The class students hand in counts as defined: a solution without it is one error at the reference: line
  // (solutionProblems), not one more at every step that constructs it.
  const submittedClass = java ? basename(d.submission.file ?? '').replace(/\.java$/, '') : '';
  const functions = solution
    ? (solution.present ? (java ? new Set([...javaDefinitions(solution.file), ...(submittedClass ? [submittedClass] : []), ...d.course_files.flatMap((f) => [...safeJavaDefinitions(resolve(dirname(specPath), f))])]) : pythonDefinitions(solution.file)) : null)
    : new Set([...Object.keys(adapter.functions), ...Object.keys(adapter.classes ?? {})]);
  const examples = stepExamples(d.tests, functions);
  // A Java test names a word list by name: the bundled one as `words`, each of word_lists: by its own.
  const stepNames = java ? Object.fromEntries(['words', ...Object.keys(d.word_lists).map((n) => n.replace(/-/g, '_'))].map((n) => [n, { t: 'list', v: [] } as PyValue])) : names;
  // A Java step may call a static method on a class by name (Account.rate(3)): the solution's classes, or
  // where it is not here, the submission's class and the course's.
  const javaClasses = java ? new Set([...(functions ?? []), basename(d.submission.file ?? '').replace(/\.java$/, ''), ...d.course_files.flatMap((f) => [...safeJavaDefinitions(resolve(dirname(specPath), f))])]) : undefined;
  for (const [k, f] of d.course_files.entries()) {
    if (!existsSync(resolve(dirname(specPath), f))) errors.push(spec.error(['course_files', k], `course file not found: ${f} (relative to the spec)`));
  }
  d.tests.forEach((t, i) => {
    const srcs: [string, (string | number)[]][] =
      'call' in t ? [[t.call, ['tests', i, 'call']]] : 'steps' in t ? t.steps.map((s, k) => [typeof s === 'string' ? s : s.do, ['tests', i, 'steps', k]] as [string, (string | number)[]]) : [];
    const parsed: PyStep[] = [];
    const bound = new Set<string>();
    for (const [src, path] of srcs) {
      try {
        const st = parseStep(src);
        checkStep(st, bound, functions, stepNames, adapter, spec, path, errors, javaClasses);
        if (!java) pythonSpelling(st.source, spec, path, errors);
        if (st.bind) bound.add(st.bind);
        parsed.push(st);
      } catch (e) {
        if (e instanceof PyParseError) errors.push(spec.error(path, `cannot read this ${java ? 'step' : 'Python'}: ${e.message}`, parseHint(src, examples)));
        else throw e;
      }
    }
    if (parsed.length) steps.set(t.id, parsed);
    if ('property' in t && t.property.setup && !java) errors.push(spec.error(['tests', i, 'property', 'setup'], 'setup: steps are for a Java class\'s property test (construct the object, then call it)', 'a Python property calls one function: write it as call:'));
    if ('property' in t && java) {
      // A Java property's steps, with the drawn names (given:) and the word lists as names.
      const p = t.property;
      const drawn = { ...stepNames, ...Object.fromEntries(Object.keys(p.given).map((n) => [n, { t: 'none' } as PyValue])) };
      const pb = new Set<string>();
      const srcs: [string, (string | number)[]][] = [...(p.setup ?? []).map((s, k) => [typeof s === 'string' ? s : s.do, ['tests', i, 'property', 'setup', k]] as [string, (string | number)[]]), [p.call, ['tests', i, 'property', 'call']]];
      for (const [src, path] of srcs) {
        try {
          const st = parseStep(src);
          checkStep(st, pb, functions, drawn, adapter, spec, path, errors, javaClasses);
          if (st.bind) pb.add(st.bind);
        } catch (e) {
          if (e instanceof PyParseError) errors.push(spec.error(path, `cannot read this step: ${e.message}`, parseHint(src, examples)));
          else throw e;
        }
      }
      if (p.check !== 'reference') errors.push(spec.error(['tests', i, 'property', 'check'], 'a Java property compares every case with the solution\'s: check: reference (the default)'));
    }
    const validatorOf = (c: unknown) => (c && typeof c === 'object' && 'validator' in c ? (c as { validator: string }).validator : undefined);
    const propCheck = 'property' in t && t.property.check !== 'reference' ? t.property.check : undefined;
    const named: [string | undefined, (string | number)[]][] = [
      [validatorOf('compare' in t ? t.compare : undefined), ['tests', i]],
      [propCheck, ['tests', i]],
      ...('steps' in t ? t.steps : []).map((s, k) => [validatorOf(typeof s === 'object' ? s.compare : undefined), ['tests', i, 'steps', k, 'compare']] as [string | undefined, (string | number)[]]),
    ];
    for (const [v, path] of named) {
      if (v && !adapter.validators?.[v]) {
        const g = closest(v, Object.keys(adapter.validators ?? {}));
        errors.push(spec.error(path, `unknown validator '${v}'`, g ? `did you mean '${g}'?` : `known: ${Object.keys(adapter.validators ?? {}).join(', ') || '(none)'}`));
      }
    }
    const patches = 'patch' in t && t.patch ? Object.values(t.patch) : [];
    if (!solution && patches.some((p) => typeof p === 'object' && 'python' in p) && !('expect' in t && t.expect !== undefined)) {
      errors.push(spec.error(['tests', i, 'patch'], 'a python: patch has no reference equivalent, so the reference cannot compute the expected value', 'give the test an expect: value (its transcript is then not checked)'));
    }
    for (const [k, st] of ('steps' in t ? t.steps : []).entries()) {
      if (typeof st === 'object' && st.expect !== undefined) {
        try {
          const x = parseExpr(st.expect);
          if (!literalValue(x)) errors.push(spec.error(['tests', i, 'steps', k, 'expect'], 'expect: must be a Python literal'));
          else if (!java) pythonSpelling(st.expect, spec, ['tests', i, 'steps', k, 'expect'], errors);
        } catch (e) {
          errors.push(spec.error(['tests', i, 'steps', k, 'expect'], `cannot read this Python: ${(e as Error).message}`));
        }
      }
    }
    if ('expect' in t && t.expect !== undefined) {
      try {
        const x = parseExpr(t.expect);
        if (!literalValue(x)) errors.push(spec.error(['tests', i, 'expect'], 'expect: must be a Python literal (no names or calls)'));
        else if (!java) pythonSpelling(t.expect, spec, ['tests', i, 'expect'], errors);
      } catch (e) {
        errors.push(spec.error(['tests', i, 'expect'], `cannot read this Python: ${(e as Error).message}`));
      }
    }
    if ('words' in t && t.words !== undefined && !(t.words in d.word_lists)) {
      const g = closest(t.words, Object.keys(d.word_lists));
      errors.push(spec.error(['tests', i, 'words'], `unknown word list '${t.words}'`, g ? `did you mean '${g}'?` : `define it under word_lists: (known: ${Object.keys(d.word_lists).join(', ') || 'none'})`));
    }
    if ('run' in t && t.eof && d.language !== 'java') errors.push(spec.error(['tests', i, 'eof'], 'eof: is for the run tests of a Java class assignment', 'a Python program\'s sys.stdin already ends after the last stdin: line (input() past it is reported as out of input)'));
    if ('run' in t && t.run !== 'main' && !d.programs[t.run]) errors.push(spec.error(['tests', i, 'run'], `unknown program '${t.run}'`, `define it under programs: or use 'main'`));
    const ids = d.tests.map((x) => x.id);
    for (const [k, other] of (t.same_defect_as ?? []).entries()) {
      if (other === t.id) errors.push(spec.error(['tests', i, 'same_defect_as', k], `a test cannot share a defect with itself`));
      else if (!ids.includes(other)) {
        const g = closest(other, ids);
        errors.push(spec.error(['tests', i, 'same_defect_as', k], `unknown test '${other}'`, g ? `did you mean '${g}'?` : 'name the id of another test of this spec'));
      }
    }
    for (const [k, h] of ('helpers' in t ? t.helpers ?? [] : []).entries()) {
      if (functions && !functions.has(h)) {
        const g = closest(h, [...functions]);
        errors.push(spec.error(['tests', i, 'helpers', k], `unknown function '${h}' (reference '${adapter.id}' does not define it)`, g ? `did you mean '${g}'?` : 'name the functions this test keeps from the student'));
      }
    }
    if ('answers' in t && t.answers) {
      if ('stdin' in t && t.stdin) errors.push(spec.error(['tests', i, 'answers'], 'a test scripts its input either as stdin: lines or as answers: by role, not both'));
      if (!roles) errors.push(spec.error(['tests', i, 'answers'], 'answers by role need a role table', 'define roles: in the spec (or use stdin:)'));
    }
    const roleNamed = (path: (string | number)[], name: string, kind: 'question' | 'number') => {
      const r = roles?.get(name);
      if (roles && (!r || r.kind !== kind)) {
        const g = closest(name, roles.ofKind(kind).map((x) => x.name));
        errors.push(spec.error(path, r ? `role '${name}' is a ${r.kind}, not a ${kind}` : `unknown role '${name}'`, g ? `did you mean '${g}'?` : `name a ${kind} role of the role table`));
      }
    };
    for (const name of Object.keys('answers' in t ? t.answers ?? {} : {})) roleNamed(['tests', i, 'answers', name], name, 'question');
    for (const [k, name] of ('questions' in t ? t.questions ?? [] : []).entries()) roleNamed(['tests', i, 'questions', k], name, 'question');
    for (const [k, name] of ('totals' in t ? t.totals ?? [] : []).entries()) roleNamed(['tests', i, 'totals', k], name, 'number');
    for (const [k, name] of ('requires' in t ? t.requires ?? [] : []).entries()) roleNamed(['tests', i, 'requires', k], name, 'question');
    if (('questions' in t && t.questions) || ('totals' in t && t.totals) || ('requires' in t && t.requires)) {
      if (!('answers' in t && t.answers)) errors.push(spec.error(['tests', i, 'answers' in t && t.questions ? 'questions' : 'totals'], 'questions: and totals: judge a session answered by role', 'give the test answers: by role'));
    }
    if ('returns_printed' in t && t.returns_printed !== undefined) {
      const listed = typeof t.returns_printed === 'string' ? null : t.returns_printed;
      for (const [k, name] of (listed ?? [t.returns_printed as string]).entries()) {
        const r = roles?.get(name);
        if (!r || r.kind !== 'number') errors.push(spec.error(['tests', i, 'returns_printed', ...(listed ? [k] : [])], r ? `role '${name}' is a ${r.kind}, not a number` : `unknown role '${name}'`, 'name a number role of the role table (e.g. handTotal)'));
      }
    }
    for (const [k, role] of ('must_not_say' in t ? t.must_not_say ?? [] : []).entries()) {
      const r = roles?.get(role);
      if (!r || r.kind !== 'statement') {
        const g = closest(role, roles ? roles.ofKind('statement').map((x) => x.name) : []);
        errors.push(spec.error(['tests', i, 'must_not_say', k], r ? `role '${role}' is a ${r.kind}, not a statement` : `unknown role '${role}'`, g ? `did you mean '${g}'?` : 'define a statement role under roles:'));
      }
    }
    if ('game' in t) {
      const judge = adapter.game;
      if (!judge) errors.push(spec.error(['tests', i, 'game'], `reference '${adapter.id}' cannot play interactive games`, 'game tests need a reference with a game judge'));
      else {
        for (const problem of judge.validate(t.game)) errors.push(spec.error(['tests', i, 'game'], `game: ${problem}`));
        for (const [k, c] of t.checks.entries()) {
          if (!judge.checks.includes(c)) {
            const g = closest(c, [...judge.checks]);
            errors.push(spec.error(['tests', i, 'checks', k], `unknown check '${c}'`, g ? `did you mean '${g}'?` : `known checks: ${judge.checks.join(', ')}`));
          }
        }
      }
    }
    if ('judge' in t && t.judge === 'meaning' && !(adapter.roles || d.roles)) {
      errors.push(spec.error(['tests', i, 'judge'], 'judging by meaning needs a role table', `reference '${adapter.id}' has none: define roles: in the spec, or use judge: text`));
    }
  });
  for (const [name, prog] of Object.entries(d.programs)) {
    if (!solution && !adapter.programs?.[prog.reference ?? '']) errors.push(spec.error(['programs', name, 'reference'], `reference '${adapter.id}' has no program '${prog.reference ?? '(none named)'}'`, prog.reference ? undefined : 'name it with reference: <program>'));
    if (prog.script && !existsSync(resolveScript(dirname(specPath), prog.script))) errors.push(spec.error(['programs', name, 'script'], `runner script not found: ${prog.script}`, 'the path is relative to the spec'));
  }
  if (errors.length) throw new SpecErrors(errors);
  return { id: d.assignment, spec, specDir: dirname(specPath), reference, adapter, fixturesDir, wordsFile, words, customWords: Boolean(opts.words), starterDir: opts.starter ? resolve(opts.starter) : undefined, names, wordLists, steps, roles, judge: judgeDefault };
}

/** The classes a course file declares; none when it is missing (reported as a spec error at its line). */
function safeJavaDefinitions(file: string): Set<string> {
  return existsSync(file) ? javaDefinitions(file) : new Set();
}

/** A program's runner script (e.g. a course's runner.py), relative to the spec's folder. */
export function resolveScript(specDir: string, script: string): string {
  return resolve(specDir, script);
}

/** The runner scripts of the spec's programs: shown read-only to the sandboxed student process. */
export function programScripts(a: Assignment): string[] {
  return Object.values(a.spec.data.programs).flatMap((p) => (p.script ? [resolveScript(a.specDir, p.script)] : []));
}

function inside(base: string, rel: string, spec: LoadedSpec, path: (string | number)[]): string {
  const p = resolve(base, rel);
  if (isAbsolute(rel) || relative(base, p).startsWith('..')) {
    // Specs may not reach outside their course folder: a shared spec must not read arbitrary files.
    const folder = dirname(spec.file);
    if (relative(folder, p).startsWith('..') && relative(rootPath(), p).startsWith('..')) {
      throw new SpecErrors([spec.error(path, `path '${rel}' points outside the assignment's folder`, `use a path inside ${folder}`)]);
    }
  }
  return p;
}

function checkStep(st: PyStep, bound: Set<string>, functions: Set<string> | null, names: Record<string, PyValue>, adapter: ReferenceAdapter, spec: LoadedSpec, path: (string | number)[], errors: SpecError[], javaClasses?: Set<string>) {
  /** Class names a step calls a static method on (Java): names, but of no value. */
  const statics: string[] = [];
  const visit = (e: PyStep['expr']) => {
    if (e.k === 'call') {
      if (e.callee.length === 2 && !bound.has(e.callee[0]) && javaClasses?.has(e.callee[0])) {
        statics.push(e.callee[0]);
        e.args.forEach(visit);
        return;
      }
      if (functions && e.callee.length === 1 && !functions.has(e.callee[0])) {
        const g = closest(e.callee[0], [...functions]);
        errors.push(spec.error(path, `unknown function '${e.callee[0]}' (reference '${adapter.id}' does not define it)`, g ? `did you mean '${g}'?` : `known: ${[...functions].join(', ')}`));
      }
      if (e.callee.length > 1 && !bound.has(e.callee[0])) errors.push(spec.error(path, `'${e.callee[0]}' is not bound by an earlier step`, `add a step like ${e.callee[0]} = ClassName(...) first`));
      e.args.forEach(visit);
    }
  };
  visit(st.expr);
  for (const n of namesIn(st.expr)) {
    const k = statics.indexOf(n);
    if (k >= 0) {
      statics.splice(k, 1);
      continue;
    }
    if (!bound.has(n) && !(n in names)) {
      const available = [...bound, ...Object.keys(names)];
      const g = closest(n, available);
      const listed = available.length ? ` (names available: ${available.join(', ')})` : '';
      // A word with no name near it is nearly always a string without its quotes: count_vowels(banana).
      errors.push(spec.error(path, `unknown name '${n}'`, g ? `did you mean '${g}'?` : `did you mean the string '${n}'? write ${quoteName(st.source, n)}${listed}`));
    }
  }
}

/** A Python spec that writes null, true or false (Java's words) is told Python's: a Java spec may use them. */
function pythonSpelling(source: string, spec: LoadedSpec, path: (string | number)[], errors: SpecError[]): void {
  const used = javaSpellings(source);
  if (!used.length) return;
  let fixed = source;
  for (const w of used) fixed = replaceWord(fixed, w, JAVA_LITERALS[w]);
  errors.push(spec.error(path, `${used.map((w) => `'${w}'`).join(', ')} is how Java writes ${used.map((w) => JAVA_LITERALS[w]).join(', ')}; this spec is Python`, `write ${fixed}`));
}

/** `source` with the bare word `name` quoted as a string: what a step that forgot the quotes meant. */
function quoteName(source: string, name: string): string {
  return replaceWord(source, name, `'${name}'`);
}

/** `source` with each bare occurrence of `word` (outside strings, not an attribute, a callee or bound) replaced. */
function replaceWord(source: string, word: string, by: string): string {
  let out = '';
  let at = 0;
  for (const w of bareWords(source)) {
    if (w.word !== word) continue;
    out += source.slice(at, w.start) + by;
    at = w.end;
  }
  return out + source.slice(at);
}

/** Steps of this spec that read, to show in the hint for one that does not: a call, and a binding if any. */
interface StepExamples {
  call?: string;
  bind?: string;
  /** A function or class the spec's reference defines, when no step reads. */
  fn?: string;
}

function stepExamples(tests: LoadedSpec['data']['tests'], functions: Set<string> | null): StepExamples {
  const out: StepExamples = {};
  for (const t of tests) {
    const srcs = 'call' in t ? [t.call] : 'steps' in t ? t.steps.map((s) => (typeof s === 'string' ? s : s.do)) : 'property' in t ? [...(t.property.setup ?? []).map((s) => (typeof s === 'string' ? s : s.do)), t.property.call] : [];
    for (const src of srcs) {
      try {
        const st = parseStep(src);
        if (st.expr.k !== 'call') continue;
        if (st.bind) out.bind ??= st.source;
        else out.call ??= st.source;
      } catch {
        /* this one is reported where it is */
      }
      if (out.call && out.bind) return out;
    }
  }
  const fn = functions ? [...functions].sort()[0] : undefined;
  if (fn) out.fn = fn;
  return out;
}

/** What to do about a step that does not read: close what it left open, or write it as this spec's other steps are. */
function parseHint(src: string, ex: StepExamples): string {
  const closed = closeOpen(src);
  if (closed !== src) {
    try {
      parseStep(closed);
      return `did you mean ${closed}? (a quote or bracket is left open)`;
    } catch {
      /* not only unclosed: show how steps read */
    }
  }
  const like = [ex.call && `a call like ${ex.call}`, ex.bind && `an assignment like ${ex.bind}`].filter(Boolean);
  if (like.length) return `write ${like.join(' or ')}, as this spec's other steps are`;
  return ex.fn ? `write a call like ${ex.fn}(...), with the arguments as Python literals ('a string', 3, [1, 2]) or names` : "write a call like name(...), with the arguments as Python literals ('a string', 3, [1, 2]) or names";
}

/** `src` with its open quote and brackets closed, in order. */
function closeOpen(src: string): string {
  const open: string[] = [];
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) return closeOpen(src + c);
      i = j;
    } else if (pairs[c]) open.push(pairs[c]!);
    else if (c === open[open.length - 1]) open.pop();
    else if (c === ')' || c === ']' || c === '}') return src; // a stray closer: not a matter of closing
  }
  return src.trimEnd() + open.reverse().join('');
}

/** file:line of a place in an assignment's spec (a test's `call:`, a step, `reference:`), for a message about it. */
export function specAt(a: Assignment, path: (string | number)[]): string {
  return `${relative(process.cwd(), a.spec.file) || a.spec.file}:${a.spec.where(path).line}`;
}
