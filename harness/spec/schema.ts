// The YAML spec format. Each assignment is one spec; everything assignment-specific lives here or in
// its reference module, never in the harness core.
import { z } from 'zod';
import { DEFAULT_REPORT_CAPS } from '../report/caps.js';

const duration = z
  .union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?\s*(ms|s)$/, 'a duration like 500ms or 2s')])
  .transform((v) => (typeof v === 'number' ? v : v.trim().endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000));

export const visibility = z.enum(['visible', 'hidden', 'after_due_date', 'after_published']);

export const normaliserNames = [
  'trailing-whitespace', // strip spaces/tabs at line ends
  'blank-lines', // ignore blank lines
  'collapse-whitespace', // runs of spaces/tabs -> one space
  'case', // compare case-insensitively
  'hand-multiset', // lines that are a hand ("a b c ! ") compare as letter multisets
  'numbers-only', // on lines that match, compare only the numbers
  'crlf', // CRLF -> LF
] as const;

/** Text normalisers, for transcripts judged as text (a course that demands exact output). Wording is
 *  never masked: transcripts judged by meaning read it through the `roles:` table instead. */
const normaliser = z.enum(normaliserNames);

/** How printed transcripts are judged: by meaning (turns, roles and facts: harness/turns) or as text
 *  (byte for byte after the named normalisers, for a course whose own runner demands exact output). */
export const judgeMode = z.enum(['meaning', 'text']);

export const comparator = z.union([
  // in-order: exact, and a set or map also in the order it iterates (a course that requires a TreeSet:
  // its toString and iterator().next() show the order, whatever type the method declares).
  z.enum(['exact', 'counts', 'unordered', 'unordered-unique', 'in-order', 'none']),
  z.object({ float: z.number().nonnegative() }).strict(),
  z.object({ validator: z.string() }).strict(),
]);

const patch = z.union([
  // The reference's own function in the student's process (evaluated by the grader on each call), so a
  // test of play_game is not failed by a bug of play_hand or a helper: that bug is charged by its own tests.
  z.literal('reference'),
  z.object({ returns: z.array(z.string()).min(1) }).strict(), // scripted values (Python literals), in call order
  // substitute_hand mock: every copy of the letter becomes this one. `in_place` changes the dict it is given
  // and returns it as it was; 'returned' changes it and returns it, as a substitute_hand that changes its
  // argument does (the grader tries both when a program fails: only a program that relies on substitute_hand
  // changing its argument then plays the substituted hand, ignoring the result or not).
  z.object({ replace_with: z.string(), in_place: z.union([z.boolean(), z.literal('returned')]).optional() }).strict(),
  z.object({ value: z.string() }).strict(), // a constant, e.g. HAND_SIZE: {value: "4"}
  z.object({ python: z.string() }).strict(), // Python source defining a function of the patched name
  // Values made by the reference under the test's seed (e.g. hands from deal_hand(7)), then scripted in
  // order: with --seed per-submission every student gets different hands, reproducible from the report.
  z.object({ generate: z.object({ call: z.string(), count: z.number().int().positive().max(1000) }).strict() }).strict(),
]);

const stepObject = z
  .object({
    do: z.string(),
    compare: comparator.optional(),
    expect: z.string().optional(),
    /** Java class tests: the exception the call must throw, by class (a subclass of it too). */
    throws: z.string().regex(/^[A-Za-z_][\w.]*$/, 'an exception class, e.g. IllegalStateException').optional(),
  })
  .strict();

/** "Problem 1: 'The score for a word is the product of two components'" or {section, quote}. */
export const basis = z.union([
  z.string().min(8, 'quote the handout or docstring sentence, with its section'),
  z.object({ section: z.string().min(1), quote: z.string().min(3) }).strict(),
]);

const common = {
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, 'letters, digits, dot, dash or underscore'),
  group: z.string().optional(),
  name: z.string().optional(),
  points: z.number().nonnegative().optional(),
  visibility: visibility.optional(),
  timeout: duration.optional(),
  tags: z.array(z.string()).optional(),
  hint: z.string().optional(),
  /** Skip unless this other test passed (check50-style dependency). */
  needs: z.string().optional(),
  /** The handout or docstring sentence this test enforces, quoted, with where it is: every scored test has one. */
  basis: basis.optional(),
  /** Why this test goes beyond the handout (speed it never asks for, a rule of another year...): it is
   *  reported but never scored (the zero-point `extra` group). */
  extra: z.string().min(3, 'say why the test goes beyond the handout').optional(),
  /** Where a defect this test may share is charged (its home tests): when this test's own failure carries
   *  the same defect signature (kind and first divergence) as a failure of one of them, it is charged
   *  there, not here. Never an exemption: a failure with another signature is charged here. */
  same_defect_as: z.array(z.string()).min(1).optional(),
};

/** Modifiers shared by tests that run student code. */
const running = {
  stdin: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
  /** Answers by what each question asks, instead of `stdin` lines in order: role -> answers, used in order,
   *  the last repeating (harness/turns/answers.ts). A test aimed at one rule is then not derailed by an
   *  extra, a missing or a reordered question elsewhere in the program. */
  answers: z.record(z.string(), z.array(z.union([z.string(), z.number()]).transform(String)).min(1)).optional(),
  /** With `answers`: the question roles whose sequence must be the reference's (e.g. [replay] for "the
   *  replay is offered until it is used, then never again"). */
  questions: z.array(z.string()).min(1).optional(),
  /** With `answers`: number roles whose values, as printed, must be the reference's (e.g. [gameTotal]). */
  totals: z.array(z.string()).min(1).optional(),
  /** With `answers`: question roles the program must ask at least as often as the reference for the rule to
   *  come up (a replay's score needs the replay): otherwise the test could not check it (not_checked). */
  requires: z.array(z.string()).min(1).optional(),
  /** With `answers`: a function patched with the reference (play_hand) that the program must call with a new
   *  first argument as often as the reference's program does (`counts` says what those calls are: "hands
   *  played"). A call repeating the argument of the call before it (a replay) is not a new one. */
  new_calls: z.strictObject({ function: z.string(), counts: z.string() }).optional(),
  patch: z.record(z.string(), patch).optional(),
  seed: z.union([z.number().int(), z.string()]).optional(),
  compare: comparator.optional(),
  /** Literal expected value; otherwise the reference computes it. */
  expect: z.string().optional(),
  /** Check the printed transcript: against the golden file, the reference, or not at all. */
  transcript: z.enum(['golden', 'reference', 'ignore']).optional(),
  /** Judge the transcript by meaning or as text (default: defaults.judge). */
  judge: judgeMode.optional(),
  normalise: z.array(normaliser).optional(),
  /** Arguments must be unchanged after the call (mutation check). */
  unchanged_args: z.boolean().optional(),
  /** Course rules checked at run time. */
  forbid_calls: z.array(z.string()).optional(),
  forbid_within: z.string().optional(),
  must_recurse: z.array(z.string()).optional(),
  /** Sorting rules, observed on the last step's first argument (a list): `max_pairs` bounds how many
   *  distinct pairs of its items the call may compare (an O(n log n) sort compares about n·log2 n, an
   *  insertion or selection sort about n²/4); `stable: true` requires equal items to keep their order. */
  comparisons: z.object({ max_pairs: z.number().int().positive().optional(), stable: z.boolean().optional() }).strict().optional(),
  silent: z.boolean().optional(),
  /** Judge only what the called function prints itself (for `silent` and validators): output printed while
   *  another of the assignment's functions runs inside it is left to that function's own tests, so one
   *  print is charged once. */
  own_output: z.boolean().optional(),
  /** Compare the inputs consumed (count and order) with the reference. Default true when stdin is given. */
  check_inputs: z.boolean().optional(),
  /** Run with one of the spec's word_lists instead of the bundled list (e.g. a large dictionary game). */
  words: z.string().optional(),
  /** Statement roles the transcript must never say (e.g. a stray "None" line the handout rules out). */
  must_not_say: z.array(z.string()).min(1).optional(),
  /** The student's own functions this test keeps (an integration test: the others are patched). When it
   *  fails, each is swapped for the reference's in turn: a failure one of them causes is that function's
   *  defect, charged by its own tests (harness/grade/causes.ts). */
  helpers: z.array(z.string()).min(1).optional(),
  /** What the returned value must equal: the number the program itself printed last for this role (e.g.
   *  handTotal), so a return value is judged on its own, whatever else the game got wrong; the reference's
   *  value when the program printed none. A list names fallbacks, first printed first: a program that
   *  prints no hand total but a running total returns what that total ended at ([handTotal, runningTotal]). */
  returns_printed: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
};

const callTest = z.object({ ...common, ...running, call: z.string() }).strict();
const stepsTest = z.object({ ...common, ...running, steps: z.array(z.union([z.string(), stepObject])).min(1) }).strict();
const programTest = z.object({
  ...common,
  ...running,
  run: z.string(),
  /** Java: once the program has read every `stdin:` line, its input ends (end of file, as `java Main < input`
   *  gives it), so a program that reads until hasNext() is false goes on to its end. Without it, a program
   *  still reading when the lines run out is stopped there. */
  eof: z.boolean().optional(),
}).strict();

const generator = z.union([
  z.object({ int: z.tuple([z.number().int(), z.number().int()]) }).strict(),
  z.object({ choice: z.array(z.string()).min(1) }).strict(),
  z.object({ gen: z.string(), with: z.record(z.string(), z.unknown()).optional() }).strict(),
]);

const propertyTest = z
  .object({
    ...common,
    property: z
      .object({
        call: z.string(),
        /** Java class assignments: the steps before `call` in each case (`a = Account(owners, 100)`,
         *  then calls on a), with the drawn names; every step's result is compared with the solution's. */
        setup: z.array(z.union([z.string(), stepObject])).min(1).optional(),
        given: z.record(z.string(), generator),
        /** Preconditions the docstring lets the function assume ("letter in hand"): a drawn case that breaks
         *  one is not a case of the rule, so it is never drawn. Each is `A in B` or `A not in B`. */
        assume: z.array(z.string().regex(/^\s*\S.*\s(?:not\s+)?in\s+\S.*$/, 'an assumption reads "A in B" or "A not in B"')).optional(),
        runs: z.number().int().positive().max(100_000).default(100),
        /** A validator name (judges each result alone) or 'reference' (must equal the reference's result). */
        check: z.string().default('reference'),
        compare: comparator.optional(),
        seed: z.union([z.number().int(), z.string()]).optional(),
      })
      .strict(),
  })
  .strict();

const ruleTest = z
  .object({
    ...common,
    /** silent-import: importing prints nothing and asks nothing; no-input-at-import: importing asks
     *  for no input (a game started outside `if __name__ == '__main__':`), printing is allowed. */
    // compiles: the classes compile (Java), the file imports (Python), as handed in; one that does only after
    // gradekit's repair of a stray line (an import the machine lacks, a missing ';', a line set aside) is
    // charged here, once, and graded as repaired: a scored home for that defect where the import rules are extra.
    rule: z.enum(['allowed-imports', 'silent-import', 'no-input-at-import', 'defines', 'compiles']),
    allowed: z.array(z.string()).optional(),
    names: z.array(z.string()).optional(),
  })
  .strict();

/** An interactive program played by the reference's game judge: its params are the judge's to validate
 *  (harness/interactive/game.ts); `checks` names the requirements of the handout this test charges. */
const gameTest = z
  .object({
    ...common,
    game: z.record(z.string(), z.unknown()),
    checks: z.array(z.string()).min(1),
  })
  .strict();

/** A test's kind is the one of these keys it has; each kind validates with its own schema (clear errors). */
export const kindSchemas = { call: callTest, steps: stepsTest, run: programTest, property: propertyTest, rule: ruleTest, game: gameTest } as const;
export type TestKind = keyof typeof kindSchemas;
export const testKinds = Object.keys(kindSchemas) as TestKind[];
export const testSchema = z.union([callTest, stepsTest, programTest, propertyTest, ruleTest, gameTest]);

export const specSchema = z
  .object({
    assignment: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    title: z.string(),
    language: z.enum(['python', 'java']),
    /** The file a student submits (e.g. ps3.py); for Java the folder of .java files. */
    submission: z
      .object({
        file: z.string().optional(),
        module: z.string().optional(),
        main: z.string().optional(),
        /** Strings that only this assignment's submissions contain as a string literal (e.g. '*END*'): a
         *  student's self-check tells apart assignments that share a file name with them. */
        markers: z.array(z.string().min(1)).optional(),
        /** A Python file that does not import as handed in (a line that does not compile, a statement that
         *  raises while it is imported): `salvage` (the default) sets that line aside, charges the import
         *  test once and grades every function that compiles; `strict` gives such a file 0 (does not run = 0). */
        import: z.enum(['salvage', 'strict']).default('salvage'),
      })
      .strict(),
    /** The reference: a bundled adapter id (`wordgame`), a TypeScript or JavaScript module (`./reference.ts`,
     *  `../reference/wordgame/adapter.ts`), or the instructor's own solution in the students' language
     *  (`{solution: solution.py}`), whose runs are kept as golden files. Without this line, a course folder's
     *  reference.ts, else its solution.py (harness/assignment/reference-source.ts). */
    reference: z.union([
      z.string().min(1),
      z.object({ solution: z.string().min(1) }).strict(),
    ]).optional(),
    options: z.record(z.string(), z.unknown()).default({}),
    /** The bundled word list (relative to the spec's fixtures folder); --words replaces it. */
    words: z
      .object({ file: z.string(), as: z.string(), transform: z.enum(['none', 'lower', 'upper']).default('none') })
      .strict()
      .optional(),
    /** More word lists (name -> file relative to the fixtures folder) that a test can pick with `words:`;
     *  each is placed in the test's working directory under the same name as the bundled list. */
    word_lists: z.record(z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'), z.string()).default({}),
    /** Folder holding this assignment's fixtures (words, golden/, submissions/), relative to the spec file:
     *  `fixtures` beside it in a course folder (the default), `../fixtures/<id>` for a bundled spec. */
    fixtures: z.string().default('fixtures'),
    /** Programs run as a whole: the student's module as __main__, or a runner script that drives it. */
    programs: z
      .record(
        z.string(),
        z
          .object({
            script: z.string().optional(),
            /** Command-line arguments, e.g. the runner's --debug. */
            args: z.array(z.string()).default([]),
            /** The reference adapter's program that does the same (not needed with a solution reference). */
            reference: z.string().optional(),
            starter: z.string().optional(),
            echo: z.enum(['harness', 'self']).default('harness'),
          })
          .strict(),
      )
      .default({}),
    /** Java: the course's own source files (its main class, say), relative to the spec, compiled with every
     *  submission and the solution; a student's own copy of one of them is replaced by the course's. */
    course_files: z.array(z.string().regex(/\.java$/, 'a .java file')).default([]),
    /** Java run tests: which method a transcript line shows, by the label it starts with ("total:" shows
     *  total()): a wrong line of a log is then the defect the method's call tests charge, charged once. */
    lines: z.record(z.string().min(1), z.string().regex(/^[A-Za-z_]\w*$/, 'a method name')).optional(),
    /** I/O profile overrides for interactive (game) tests. */
    profile: z.record(z.string(), z.unknown()).optional(),
    /** The game's vocabulary: extra or replacing patterns for the reference's roles, or new roles
     *  (harness/turns/roles.ts). Validated when the spec loads. */
    roles: z.record(z.string(), z.unknown()).optional(),
    defaults: z
      .object({
        points: z.number().nonnegative().default(1),
        timeout: duration.default(2000),
        visibility: visibility.default('visible'),
        normalise: z.array(normaliser).default([]),
        /** Default: meaning when the reference has a role table, else text. */
        judge: judgeMode.optional(),
        memory_mb: z.number().int().positive().default(512),
        output_cap: z.number().int().positive().default(256 * 1024),
        /** What a report keeps of long output (harness/report/caps.ts): each stored text and message keeps its
         *  head, its tail and its first difference within its cap, and a whole report stays under max_bytes. */
        report: z
          .object({
            text_cap: z.number().int().min(1024, 'at least 1024 bytes, or a report could not show a line').default(DEFAULT_REPORT_CAPS.text),
            message_cap: z.number().int().min(256, 'at least 256 bytes, or a message could not name its first difference').default(DEFAULT_REPORT_CAPS.message),
            max_bytes: z.number().int().min(65_536, 'at least 65536 bytes (64 KiB)').default(DEFAULT_REPORT_CAPS.total),
          })
          .strict()
          .default({}),
      })
      .strict()
      .default({}),
    /** Validated one by one with kindSchemas (see load.ts). */
    tests: z.array(z.unknown()).min(1),
  })
  .strict();

export type SpecInput = z.input<typeof specSchema>;
export type SpecData = Omit<z.output<typeof specSchema>, 'tests'> & { tests: TestData[] };
export type TestData = z.output<typeof testSchema>;
export type Comparator = z.output<typeof comparator>;
export type Normaliser = z.output<typeof normaliser>;
export type Generator = z.output<typeof generator>;
export type Basis = z.output<typeof basis>;

/** A basis as one line: section, then the quoted sentence. */
export function basisText(b: Basis): string {
  return typeof b === 'string' ? b : `${b.section}: "${b.quote}"`;
}
