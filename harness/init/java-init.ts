// `gradekit init <folder> --solution Account.java` (or a folder of .java files): a Java class assignment
// scaffolded from the instructor's solution, as harness/init/init.ts does for a Python one. The class
// students write gets a call test per public method (construct it with a public constructor, call the
// method), with placeholder arguments chosen by parameter type and marked for review; a class with main
// gets a run test. The solution goes in solution/ (the reference of a Java folder) and in
// fixtures/submissions/accepted/solution/; the solution folder's other classes are the course's files.
import { basename, join, relative } from 'node:path';
import { SPEC_FILE, readWordList } from '../assignment/load.js';
import { UsageError } from '../util/errors.js';
import type { InitOptions, InitResult } from './init.js';
import { javaOutline, javaSources, type JavaClass, type JavaMember } from './java-outline.js';
import { folderWriter, idMaker, q, shown, slug, writeWorkflow } from './scaffold.js';

// ------------------------------------------------------------------ placeholder arguments

const INTS = ['3', '5', '2', '7', '1'];
const INT_TYPES = new Set(['int', 'Integer', 'long', 'Long', 'short', 'Short', 'byte', 'Byte']);
const DOUBLES = ['2.5', '1.5', '4.0'];
const CHARS = ["'e'", "'a'", "'s'", "'t'", "'r'"];
const BOOLS = ['True', 'False'];
const STRINGS = ['apple', 'banana', 'cherry', 'date', 'elderberry'];

const COLLECTIONS = new Set(['List', 'ArrayList', 'LinkedList', 'Collection', 'Iterable', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'SortedSet', 'NavigableSet', 'Queue', 'Deque', 'ArrayDeque', 'PriorityQueue']);
const MAPS = new Set(['Map', 'HashMap', 'TreeMap', 'LinkedHashMap', 'SortedMap', 'NavigableMap']);

interface Placeholders {
  /** Words of --words, when given: `words` stands for a collection of Strings, its first words for a String. */
  words?: string[];
}

/** A type as javap shows it, shortened: `List<String>` is List of [String], `int[]` an array of int. */
function parseType(t: string): { base: string; args: string[]; array: boolean } {
  t = t.trim().replace(/^\?\s+extends\s+/, '').replace(/^\?$/, 'Object').replace(/^\?\s+super\s+/, '');
  if (t.endsWith('[]')) return { base: t.slice(0, -2), args: [], array: true };
  const lt = t.indexOf('<');
  if (lt < 0) return { base: t, args: [], array: false };
  const inner = t.slice(lt + 1, t.lastIndexOf('>'));
  const args: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of inner) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    if (ch === ',' && depth === 0) {
      args.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) args.push(cur.trim());
  return { base: t.slice(0, lt), args, array: false };
}

const pyString = (s: string) => `'${s}'`;

/** A Python literal (or `words`) the call driver converts to this Java type; undefined when init cannot choose one. */
function placeholder(type: string, k: number, p: Placeholders, depth = 0): string | undefined {
  const { base, args, array } = parseType(type);
  const strings = p.words?.length ? p.words : STRINGS;
  if (array || COLLECTIONS.has(base)) {
    if (depth > 1) return undefined;
    const elem = array ? base : (args[0] ?? 'String');
    const e = parseType(elem);
    if (p.words?.length && !e.array && ['String', 'CharSequence', 'Object'].includes(e.base) && depth === 0) return 'words';
    const items = [0, 1, 2].map((i) => placeholder(elem, k + i, p, depth + 1));
    if (items.some((x) => x === undefined)) return undefined;
    return `[${items.join(', ')}]`;
  }
  if (MAPS.has(base)) {
    if (depth > 1) return undefined;
    const [kt = 'String', vt = 'Integer'] = args;
    const pairs = [0, 1].map((i) => [placeholder(kt, k + i, p, depth + 1), placeholder(vt, k + i, p, depth + 1)]);
    if (pairs.some(([a, b]) => a === undefined || b === undefined)) return undefined;
    return `{${pairs.map(([a, b]) => `${a}: ${b}`).join(', ')}}`;
  }
  switch (base) {
    case 'int': case 'Integer': case 'long': case 'Long': case 'short': case 'Short': case 'byte': case 'Byte':
      return INTS[k % INTS.length];
    case 'double': case 'Double': case 'float': case 'Float':
      return DOUBLES[k % DOUBLES.length];
    case 'char': case 'Character': {
      // With a word list, letters its words have.
      const letters = p.words?.length ? [...new Set(p.words.join('').toLowerCase().replace(/[^a-z]/g, ''))] : [];
      return letters.length >= 3 ? pyString(letters[k % letters.length]!) : CHARS[k % CHARS.length];
    }
    case 'boolean': case 'Boolean':
      return BOOLS[k % BOOLS.length];
    case 'String': case 'CharSequence': case 'Object':
      return pyString(strings[k % strings.length]!);
    default:
      return undefined;
  }
}

/** The arguments of a call, or the first parameter init cannot fill. */
function argumentsOf(m: JavaMember, p: Placeholders): { args: string[] } | { unfilled: string } {
  const args: string[] = [];
  for (const [i, par] of m.params.entries()) {
    // The second parameter of a type gets the second value of its kind (f(3, 5), not f(3, 3)).
    const k = m.params.slice(0, i).filter((x) => x.type === par.type).length;
    // A type variable (T of <T> T max(List<T>)) or a class of the course is no type init has a value for.
    const v = placeholder(par.type, k, p);
    if (v === undefined) return { unfilled: `${par.type} ${par.name}` };
    args.push(v);
  }
  return { args };
}

const reviewNote = (m: JavaMember, args: string[]) =>
  m.params.length ? `    # REVIEW placeholder arguments (chosen by type): ${m.params.map((par, k) => `${par.name} = ${args[k]}`).join(', ')}\n` : '';

// ------------------------------------------------------------------ which class is the students'

function pickClass(classes: JavaClass[], o: InitOptions, shownSolution: string): JavaClass {
  const files = [...new Set(classes.map((c) => c.file))];
  if (o.file) {
    if (!o.file.endsWith('.java')) throw new UsageError(`--file: the file students hand in is a Java file named after its public class, like Account.java; got '${o.file}'`);
    const c = classes.find((x) => x.file === o.file && x.public && x.name === o.file.slice(0, -'.java'.length));
    if (!c) throw new UsageError(`--file: ${o.file} is not a public class's file of ${shownSolution} (its files: ${files.join(', ')}); a Java class is handed in under its own name`);
    return c;
  }
  const pub = classes.filter((c) => c.public);
  if (!pub.length) throw new UsageError(`${shownSolution} declares no public class: make the class students write public (public class Name, in Name.java), then run init again`);
  if (pub.length === 1) return pub[0]!;
  const concrete = pub.filter((c) => !c.abstract && c.methods.length);
  // None has a public method: the one without main is the students' (and is told so).
  if (!concrete.length) return pub.find((c) => !c.hasMain) ?? pub[0]!;
  const pool = concrete.length > 1 ? concrete.filter((c) => !c.hasMain) : concrete;
  if (pool.length === 1) return pool[0]!;
  throw new UsageError(`several classes of ${shownSolution} could be the one students write (${(pool.length ? pool : pub).map((c) => c.name).join(', ')}): name it with --file, e.g. --file ${(pool[0] ?? pub[0]!).file}`);
}

// ------------------------------------------------------------------ the course folder

export function initJavaAssignment(folder: string, solution: string, o: InitOptions): InitResult {
  const shownSolution = o.solution;
  const sources = javaSources(solution, shownSolution);
  const classes = javaOutline(sources);
  const cls = pickClass(classes, o, shownSolution);
  if (cls.abstract) throw new UsageError(`${cls.name} is an interface, an abstract class or an enum: init scaffolds a class students write and tests construct; give that class`);
  if (!cls.methods.length) throw new UsageError(`${cls.name} has no public methods${cls.hasMain ? ' besides main' : ''}: init writes a call test per public method; make the methods the handout names public, then run init again`);
  const file = `${cls.name}.java`;
  const id = slug(o.id ?? basename(folder)) || 'assignment';
  const sourceOf = (f: string) => sources.find((s) => basename(s) === f)!;

  // The class with main the run test plays: the students' own, else the one other class with main (the course's).
  const mains = classes.filter((c) => c.hasMain && c.public);
  const mainClass = cls.hasMain ? cls : mains.find((c) => c.readsInput) ?? mains[0];
  const otherMains = mains.filter((c) => c !== mainClass);

  const created: string[] = [];
  const { write, copy } = folderWriter(folder, created);
  // The students' class is the solution; the folder's other files are the course's, compiled with every submission.
  const inPlace = relative(join(folder, 'solution'), sourceOf(file)) === file;
  if (!inPlace) copy(sourceOf(file), `solution/${file}`);
  copy(sourceOf(file), `fixtures/submissions/accepted/solution/${file}`);
  const courseFiles = sources.filter((s) => basename(s) !== file).map((s) => `course/${basename(s)}`);
  for (const s of sources) if (basename(s) !== file) copy(s, `course/${basename(s)}`);
  let words: string[] | undefined;
  if (o.words) {
    copy(o.words, `fixtures/${basename(o.words)}`);
    words = [...new Set(readWordList(o.words).filter((w) => /^[^'\\\s]+$/.test(w)))].slice(0, 5);
  }
  const p: Placeholders = { words };

  const uniqueId = idMaker();
  const tests: string[] = [];
  const made: InitResult['tests'] = [];
  const skipped: string[] = [];
  // The scored home of a compile error gradekit repaired or set aside (README, Java salvage): charged once here,
  // the rest graded; the comment names the spec option of a course that grades "does not compile = 0".
  tests.push(`  # A class that does not compile as handed in is graded as a TA would: a slip repaired on sight (a missing ';',
  # an import the machine lacks) or a method whose body does not compile set aside (it throws when called), charged
  # here once, and every other method graded. For "does not compile = 0" instead, write
  # submission: { file: ${file}${mainClass ? `, main: ${mainClass.name}` : ''}, import: strict } above: such a class then gets 0.
  - id: ${uniqueId('compiles')}
    group: rules
    name: ${q(`${file} compiles${courseFiles.length ? " with the course's classes" : ''}`)}
    rule: compiles
    basis: { section: ${q(`${file} (the file to hand in)`)}, quote: ${q(`Turn in ${file}`)} }`);
  made.push({ id: 'compiles', what: `${file} compiles` });

  // The object the instance methods are called on: the public constructor init can fill with the most parameters.
  const ctor = cls.constructors
    .map((c) => ({ c, a: argumentsOf(c, p) }))
    .filter((x): x is { c: JavaMember; a: { args: string[] } } => 'args' in x.a)
    .sort((x, y) => y.c.params.length - x.c.params.length)[0];
  const v = cls.name[0]!.toLowerCase() === cls.name[0] ? 'o' : cls.name[0]!.toLowerCase();
  const make = ctor ? `${v} = ${cls.name}(${ctor.a.args.join(', ')})` : undefined;
  // Methods that show the object: no arguments, a value returned (hashCode is no value of the object).
  const observers = cls.methods.filter((m) => !m.static && !m.params.length && m.returns !== 'void' && m.name !== 'hashCode').slice(0, 3);

  for (const m of cls.methods) {
    const where = `${cls.file}: ${m.signature}`;
    if (m.name === 'hashCode' || m.name === 'equals') {
      skipped.push(`${where} (compare two objects in a test you write)`);
      continue;
    }
    const a = argumentsOf(m, p);
    // An int the object was made with is often a size (a grid's n, a capacity) that an int of a method must not
    // pass (open(row, col) on an n-by-n grid): no placeholder goes above the constructor's largest.
    const bound = !m.static && ctor ? Math.max(...ctor.c.params.map((par, k) => (INT_TYPES.has(par.type) ? Number(ctor.a.args[k]) : -Infinity))) : -Infinity;
    if ('args' in a && bound > 0) a.args = a.args.map((x, k) => (INT_TYPES.has(m.params[k]!.type) && Number(x) > bound ? String(bound) : x));
    if ('unfilled' in a) {
      skipped.push(`${where} (init has no placeholder for ${a.unfilled}: write its test by hand)`);
      continue;
    }
    if (!m.static && !make) {
      const ctors = cls.constructors.map((c) => c.signature).join('; ') || 'none is public';
      skipped.push(`${where} (no public constructor init can call with placeholder values (${ctors}): write its test by hand)`);
      continue;
    }
    const call = `${m.static ? cls.name : v}.${m.name}(${a.args.join(', ')})`;
    const steps: string[] = [];
    if (!m.static) steps.push(q(make!));
    if (m.returns === 'void') {
      // A method that returns nothing is judged by what it does to the object: the observers after it.
      const after = m.static ? [] : observers;
      steps.push(`{ do: ${q(call)}, compare: none }`, ...after.map((x) => q(`${v}.${x.name}()`)));
    } else steps.push(q(call));
    const testId = uniqueId(slug(m.name.replace(/([a-z0-9])([A-Z])/g, '$1-$2')) || 'method');
    const ctorNote = !m.static && ctor?.c.params.length ? `    # REVIEW placeholder arguments (chosen by type) of the constructor: ${ctor.c.params.map((par, k) => `${par.name} = ${ctor.a.args[k]}`).join(', ')}\n` : '';
    tests.push(`  - id: ${testId}
    group: ${m.name}
    name: ${q(`${m.signature.replace(/^public (static )?/, '')}${m.returns === 'void' ? ', then what the object shows' : ''}`)}
${ctorNote}${reviewNote(m, a.args)}    steps: [${steps.join(', ')}]
    basis: { section: ${q(m.doc ? `${m.name}()` : file)}, quote: ${q(m.doc ?? m.signature)} }`);
    made.push({ id: testId, what: call });
  }

  let scriptMain: string | undefined;
  if (mainClass) {
    const testId = uniqueId('run-main');
    const test = `  - id: ${testId}
    group: main
    name: ${q(`${mainClass.name}'s main, run as a program`)}
    run: main
${mainClass.readsInput ? '    stdin: [TODO, the lines a user types, in order]\n' : ''}    basis: { section: ${q(mainClass.file)}, quote: "public static void main(String[] args)" }`;
    if (mainClass.readsInput) {
      // A run whose input runs out before the program ends tests nothing of it (and what it prints by then
      // is not always the same): the test waits, commented out, for its input.
      tests.push(`  # TODO: ${mainClass.name}'s main reads System.in. Script the lines a user types (stdin:, each line given when the
  # program reads, to the end of the program; add eof: true if it reads until its input ends), then remove the '# ' before each line of this test.
${test.split('\n').map((l) => `  # ${l.slice(2)}`).join('\n')}`);
      scriptMain = testId;
    } else {
      tests.push(test);
      made.push({ id: testId, what: `${mainClass.name}.main` });
    }
    for (const c of otherMains) skipped.push(`${c.file}: ${c.name} has main too (the run test plays ${mainClass.name}'s: set submission: main: to play another)`);
  }

  // The list main opens: by the name its source spells, when it names one .txt file.
  const opened = mainClass?.txtFiles.length === 1 ? mainClass.txtFiles[0]! : undefined;
  const wordsLine = o.words ? `# The word list (in fixtures/): \`words\` in a call passes its words; ${opened ? `main opens it as ${opened}` : 'a run of main finds it under the as: name'}.\nwords: { file: ${basename(o.words)}, as: ${opened ?? basename(o.words)} }\n` : '';
  const courseLine = courseFiles.length ? `# The solution folder's other classes: the course's own, compiled with every submission in place of a student's copy.\ncourse_files: [${courseFiles.join(', ')}]\n` : '';
  const spec = `# ${o.title ?? id}: written by \`gradekit init\` from ${basename(solution)}${sources.length > 1 ? '/' : ''}. Review every test: the arguments
# marked REVIEW are placeholders chosen by parameter type; replace them with the cases the handout names, quote
# the handout in each basis:, add the tests it asks for (an exception: { do: "...", throws: IllegalArgumentException }),
# then record the expected values:
#   gradekit golden ${SPEC_FILE} --update
assignment: ${id}
title: ${q(o.title ?? id)}
language: java
submission: { file: ${file}${mainClass ? `, main: ${mainClass.name}` : ''} }
# The instructor's solution: expected values come from running it (kept in fixtures/golden/); it never ships.
reference: { solution: solution/ }
${courseLine}fixtures: fixtures
${wordsLine}defaults:
  points: 1
  # CPU time of the whole JVM (its start-up, JIT and GC threads count).
  timeout: 3s
  judge: text

tests:
${tests.join('\n\n')}
`;
  write(SPEC_FILE, spec);
  const workflowNote = writeWorkflow(folder, id, 'java', created);

  const specShown = shown(join(folder, SPEC_FILE));
  const accepted = shown(join(folder, 'fixtures', 'submissions', 'accepted'));
  const next = [
    `Review ${specShown}: replace the placeholder arguments marked REVIEW with the cases the handout names, quote the handout in each basis:, and add the tests it asks for (exceptions with throws:, several calls on one object).`,
    ...(scriptMain ? [`Script the input of ${scriptMain} (stdin:, the lines a user types until the program ends; eof: true when it reads until its input ends) and uncomment it: ${mainClass!.name}'s main reads System.in.`] : []),
    `Record the expected values: gradekit golden ${specShown} --update (and commit fixtures/golden/).`,
    `Add wrong submissions in fixtures/submissions/wrong_answer/<name>/${file} with an expect.yaml naming the tests each fails; check them: gradekit fixtures ${specShown}`,
    `Check the suite: gradekit vet ${specShown} ${accepted}`,
  ];
  if (workflowNote) next.push(workflowNote);
  return { folder, created, tests: made, skipped, skippedTitle: 'Methods left for you:', next };
}
