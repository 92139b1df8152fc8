// Loading a YAML spec: parse with positions, validate, and turn every problem into
// "file:line:col: what is wrong (hint)" instead of a stack trace.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve, sep } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { ZodIssue, ZodTypeAny } from 'zod';
import { kindSchemas, specSchema, testKinds, type SpecData, type TestData, type TestKind } from './schema.js';
import { closest } from '../util/closest.js';
import { diskCached } from '../util/disk-cache.js';

export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
    readonly problem: string,
    readonly hint?: string,
  ) {
    super(`${file}:${line}:${col}: ${problem}${hint ? `\n  hint: ${hint}` : ''}`);
  }
}

/** Many problems at once, so an instructor fixes a spec in one pass. */
export class SpecErrors extends Error {
  readonly errors: SpecError[];
  constructor(errors: SpecError[]) {
    // In the order of the file (each file where it first comes up), as an instructor reads and fixes them:
    // the checks that find them run in another order (the schema, then each test, then the reference).
    const fileOrder = new Map<string, number>();
    for (const e of errors) if (!fileOrder.has(e.file)) fileOrder.set(e.file, fileOrder.size);
    const sorted = errors.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => fileOrder.get(a.file)! - fileOrder.get(b.file)! || a.line - b.line || a.col - b.col || i - j).map(([e]) => e);
    super(sorted.map((e) => e.message).join('\n'));
    this.errors = sorted;
  }
}

export interface LoadedSpec {
  file: string;
  data: SpecData;
  /** Where each test starts in the file, for later semantic errors (unknown function, ...). */
  positions: Map<string, { line: number; col: number }>;
  /** file:line:col of a path inside the spec, e.g. ['tests', 3, 'call']. */
  where(path: (string | number)[]): { line: number; col: number };
  error(path: (string | number)[], problem: string, hint?: string): SpecError;
}

const MAX_SPEC_BYTES = 4 * 1024 * 1024;

export function loadSpecFile(file: string): LoadedSpec {
  let text: string;
  try {
    if (statSync(file).size > MAX_SPEC_BYTES) throw new SpecError(file, 1, 1, `spec is larger than ${MAX_SPEC_BYTES >> 20} MiB`, 'is this really a spec file?');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof SpecError) throw e;
    throw new SpecError(file, 1, 1, `cannot read the spec: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, 'check the path');
  }
  // Specs in the temporary folder (tests, one-off checks) are not worth a cache entry each.
  const abs = resolve(file);
  const cacheable = ![tmpdir(), realpathOr(tmpdir())].some((t) => abs.startsWith(t + sep));
  return parseSpec(text, file, cacheable);
}

function realpathOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Bump when parseDocument's or toJS's options or the entry's shape change: older entries are then ignored. */
const PARSE_FORMAT = 2;

interface ParsedYaml {
  raw: unknown;
  /** Where tests[i] starts, by index. */
  testPositions: { line: number; col: number }[];
}

/** The YAML of a spec as plain data, with where each test starts. Throws SpecErrors for broken YAML. */
function parseYaml(text: string, file: string, yaml: () => { doc: Document; pos: (o: number) => { line: number; col: number } }): ParsedYaml {
  const { doc, pos } = yaml();
  if (doc.errors.length) {
    const found = doc.errors.map((e) => ({ code: e.code, at: pos(e.pos[0]), message: e.message.split('\n')[0] }));
    throw new SpecErrors(
      withoutTabKnockOns(found, text).map((e) => new SpecError(file, e.at.line, e.at.col, `YAML: ${e.message}`, yamlHint(e.code))),
    );
  }
  let raw: unknown;
  try {
    // maxAliasCount guards against "billion laughs" alias bombs.
    raw = doc.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    throw new SpecErrors([new SpecError(file, 1, 1, `YAML: ${(e as Error).message}`, 'remove the excessive aliases (*name) from the spec')]);
  }
  const tests = raw && typeof raw === 'object' && Array.isArray((raw as { tests?: unknown }).tests) ? (raw as { tests: unknown[] }).tests : [];
  return { raw, testPositions: tests.map((_, i) => locate(doc, ['tests', i], pos)) };
}

/** Plain JSON data survives the disk cache unchanged (a YAML .inf or .nan would not: such specs are parsed every time). */
function isPlainJson(x: unknown): boolean {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return true;
  if (typeof x === 'number') return Number.isFinite(x);
  if (Array.isArray(x)) return x.every(isPlainJson);
  if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) return Object.values(x as object).every(isPlainJson);
  return false;
}

/** `cache`: keep the YAML parse of this file in the disk cache (one entry per spec file, renewed when it changes). */
export function parseSpec(text: string, file: string, cache = false): LoadedSpec {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Parsing the YAML is most of the cost of loading a spec (~40 ms of every command for a 700-line spec):
  // the parse of a text seen before comes from the disk cache, and the document is parsed again only to
  // point at the line of a problem.
  let parsed: { doc: Document; pos: (o: number) => { line: number; col: number } } | undefined;
  const yaml = () => {
    if (parsed) return parsed;
    const lc = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true, strict: true });
    const pos = (offset: number) => {
      const p = lc.linePos(offset);
      return { line: p.line, col: p.col };
    };
    return (parsed = { doc, pos });
  };
  const sha = cache ? createHash('sha256').update(text).digest('hex') : '';
  // Not plain JSON: nothing worth caching (null; parsed every time).
  let fresh: ParsedYaml | undefined;
  const hit = cache
    ? diskCached(`spec-yaml:${PARSE_FORMAT}:${resolve(file)}`, [file], (): (ParsedYaml & { sha: string }) | null => {
      fresh = parseYaml(text, file, yaml);
      return isPlainJson(fresh.raw) ? { sha, ...fresh } : null;
    })
    : null;
  // The entry follows the file's modification time; the text read is the authority (a parse made just now is reused).
  const { raw, testPositions } = hit?.sha === sha ? hit : (fresh ?? parseYaml(text, file, yaml));
  const where = (path: (string | number)[]) => locate(yaml().doc, path, yaml().pos);
  const error = (path: (string | number)[], problem: string, hint?: string) => {
    const p = where(path);
    return new SpecError(file, p.line, p.col, problem, hint);
  };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new SpecErrors([new SpecError(file, 1, 1, 'a spec must be a YAML mapping (assignment:, title:, tests:, ...)')]);
  }
  const errors: SpecError[] = [];
  const top = specSchema.safeParse(raw);
  if (!top.success) errors.push(...issuesToErrors(top.error.issues, [], specSchema, error));
  const tests: TestData[] = [];
  const positions = new Map<string, { line: number; col: number }>();
  const seen = new Map<string, number>();
  const rawTests = Array.isArray((raw as { tests?: unknown }).tests) ? ((raw as { tests: unknown[] }).tests) : [];
  rawTests.forEach((t, i) => {
    const path = ['tests', i];
    if (t === null || typeof t !== 'object' || Array.isArray(t)) {
      errors.push(error(path, 'each test must be a mapping with an id and one of: ' + testKinds.join(', ')));
      return;
    }
    const kinds = testKinds.filter((k) => k in t);
    if (kinds.length === 0) {
      // A misspelt kind (setps:, cal:) is the key to point at: "has no kind" would never name it.
      const typo = misspeltKind(t as Record<string, unknown>);
      if (typo) {
        errors.push(error([...path, typo.key], `unknown key '${typo.key}'`, `did you mean '${typo.kind}'? (a test's kind is one of: ${testKinds.join(', ')})`));
        return;
      }
    }
    if (kinds.length !== 1) {
      const id = (t as { id?: unknown }).id;
      errors.push(
        error(path, `test ${id ? `'${id}' ` : ''}${kinds.length ? `has more than one kind (${kinds.join(', ')})` : 'has no kind'}`, `give exactly one of: ${testKinds.join(', ')}`),
      );
      return;
    }
    const kind = kinds[0] as TestKind;
    const schema = kindSchemas[kind] as ZodTypeAny;
    const r = schema.safeParse(t);
    if (!r.success) {
      errors.push(...issuesToErrors(r.error.issues, path, schema, error));
      return;
    }
    const data = r.data as TestData;
    // Every scored test rests on a sentence of the handout: without one it may be taking points for nothing.
    const points = data.points ?? (top.success ? top.data.defaults.points : 1);
    if (!data.basis && !data.extra && points > 0) {
      errors.push(error(path, `scored test '${data.id}' has no basis`, "quote the handout or docstring sentence it enforces (basis: \"Problem 2: '...'\"), or, if the handout does not ask for it, say why under extra: (it is then reported but not scored)"));
    }
    const prev = seen.get(data.id);
    if (prev !== undefined) {
      const p = where(['tests', prev, 'id']);
      errors.push(error([...path, 'id'], `duplicate test id '${data.id}'`, `first used at line ${p.line}; ids must be unique`));
    }
    seen.set(data.id, i);
    positions.set(data.id, testPositions[i] ?? where(path));
    tests.push(data);
  });
  if (errors.length) throw new SpecErrors(errors);
  const data = { ...(top as { data: Omit<SpecData, 'tests'> }).data, tests } as SpecData;
  return { file, data, positions, where, error };
}

/**
 * The YAML errors worth reading: a tab used as indentation is reported exactly where it is, and the parser
 * then misreads the rest of its block (mapping items "not at the same column", implicit keys, ...): those
 * knock-on errors, up to the next top-level key, are dropped, so the one line to fix is the one shown.
 * Another tab error is kept (each tab is a line to fix).
 */
function withoutTabKnockOns<E extends { code: string; at: { line: number } }>(errors: E[], text: string): E[] {
  const lines = text.split(/\r?\n/);
  /** The last line of the top-level block holding `line` (1-based): the line before the next top-level key. */
  const blockEnd = (line: number) => {
    for (let l = line; l < lines.length; l++) if (/^[^\s#-]/.test(lines[l]!) || lines[l] === '---') return l;
    return lines.length;
  };
  let until = 0;
  return errors.filter((e) => {
    if (e.code === 'TAB_AS_INDENT') {
      until = Math.max(until, blockEnd(e.at.line));
      return true;
    }
    return e.at.line > until;
  });
}

function yamlHint(code: string): string | undefined {
  switch (code) {
    case 'DUPLICATE_KEY': return 'a key appears twice in the same mapping; remove one';
    case 'BAD_INDENT': case 'MISSING_CHAR': return 'check the indentation and that every "key: value" has its colon';
    case 'TAB_AS_INDENT': return 'YAML does not allow tabs for indentation; use spaces';
    case 'BLOCK_AS_IMPLICIT_KEY': return 'a value that contains ": " must be quoted';
    default: return undefined;
  }
}

/** The keys any kind of test may have. */
const testKeys = new Set(Object.values(kindSchemas).flatMap((k) => Object.keys((k as unknown as { shape: object }).shape)));

/** A key of a test with no kind that is a kind misspelt (setps: for steps:), with that kind. */
function misspeltKind(t: Record<string, unknown>): { key: string; kind: TestKind } | undefined {
  for (const key of Object.keys(t)) {
    if (testKeys.has(key)) continue;
    const kind = closest(key, testKinds) as TestKind | undefined;
    if (kind) return { key, kind };
  }
  return undefined;
}

/**
 * Zod's issues as spec errors. A required key written with a typo gives two issues, "missing required key
 * 'submission'" at the top of its mapping and "unknown key 'submision'" at the typo's line: they are one
 * problem, reported once, at the typo.
 */
function issuesToErrors(issues: ZodIssue[], base: (string | number)[], schema: ZodTypeAny, error: LoadedSpec['error']): SpecError[] {
  const at = (p: (string | number)[]) => p.map(String).join('\u0000');
  const missing = new Set(issues.filter((i) => i.code === 'invalid_type' && i.received === 'undefined').map((i) => at(i.path)));
  const explained = new Set<string>();
  const out: SpecError[] = [];
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const known = knownKeys(schema, issue.path);
    for (const key of issue.keys) {
      const guess = closest(key, known);
      const required = guess !== undefined && missing.has(at([...issue.path, guess]));
      if (required) explained.add(at([...issue.path, guess]));
      const list = known.length ? `known keys here: ${known.join(', ')}` : undefined;
      // With a guess, the list is added only when short enough to read (a step's 4 keys, not a test's 40).
      const hint = guess ? `did you mean '${guess}'?${required ? ` (${guess} is required)` : list && known.length <= 12 ? ` (${list})` : ''}` : list;
      out.push(error([...base, ...issue.path, key], `unknown key '${key}'`, hint));
    }
  }
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue;
    if (issue.code === 'invalid_type' && issue.received === 'undefined' && explained.has(at(issue.path))) continue;
    out.push(issueToError(issue, base, error));
  }
  return out;
}

function issueToError(issue: ZodIssue, base: (string | number)[], error: LoadedSpec['error']): SpecError {
  const path = [...base, ...issue.path];
  const field = issue.path.length ? String(issue.path[issue.path.length - 1]) : base.length ? 'test' : 'spec';
  if (issue.code === 'invalid_type') {
    if (issue.received === 'undefined') return error(path.slice(0, -1), `missing required key '${field}'`, `add '${field}:' (${issue.expected})`);
    return error(path, `'${field}' must be ${article(issue.expected)}, not ${article(issue.received)}`);
  }
  if (issue.code === 'invalid_enum_value') {
    const guess = closest(String(issue.received), issue.options.map(String));
    return error(path, `'${field}' cannot be '${issue.received}'`, guess ? `did you mean '${guess}'? (one of ${issue.options.join(', ')})` : `use one of ${issue.options.join(', ')}`);
  }
  if (issue.code === 'invalid_union') {
    return error(path, `'${field}' has the wrong shape`, unionHint(field));
  }
  return error(path, `'${field}': ${issue.message}`);
}

function unionHint(field: string): string | undefined {
  switch (field) {
    case 'compare': return "use exact, counts, unordered, unordered-unique, in-order, none, {float: 1e-9} or {validator: name}";
    case 'timeout': return 'a number of milliseconds or a string like 500ms or 2s';
    default: return undefined;
  }
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

/** The keys the mapping at `path` may have. A union is every option that could be there (a step is a
 *  string or a mapping: its mapping's keys), a list or a record its items. */
function knownKeys(schema: ZodTypeAny, path: (string | number)[]): string[] {
  let cur: ZodTypeAny[] = [schema];
  for (const p of path) {
    cur = cur.flatMap(options).flatMap((s): ZodTypeAny[] => {
      const d = (s as any)._def;
      const shape = (s as { shape?: Record<string, ZodTypeAny> }).shape;
      if (shape) return shape[String(p)] ? [shape[String(p)]!] : [];
      if (d?.type && typeof p === 'number') return [d.type]; // an array's items
      if (d?.valueType) return [d.valueType]; // a record's values
      if (Array.isArray(d?.items) && typeof p === 'number' && d.items[p]) return [d.items[p]]; // a tuple's
      return [];
    });
  }
  const keys = cur.flatMap(options).flatMap((s) => Object.keys((s as { shape?: object }).shape ?? {}));
  return [...new Set(keys)];
}

/** The schemas a value may match, wrappers (optional, default, transform) taken off and unions opened. */
function options(s: ZodTypeAny): ZodTypeAny[] {
  const u = unwrap(s) as any;
  if (!u) return [];
  if (Array.isArray(u._def?.options)) return (u._def.options as ZodTypeAny[]).flatMap(options);
  return [u];
}

function unwrap(s: ZodTypeAny | undefined): ZodTypeAny | undefined {
  let cur: any = s;
  for (let i = 0; i < 10 && cur; i++) {
    const d = cur._def;
    if (d?.innerType) cur = d.innerType;
    else if (d?.schema) cur = d.schema;
    else break;
  }
  return cur;
}

/** Finds the YAML node for a path (falling back to the nearest existing parent) and returns its position. */
function locate(doc: Document, path: (string | number)[], pos: (o: number) => { line: number; col: number }): { line: number; col: number } {
  let node: Node | null | undefined = doc.contents as Node | null;
  let best = node?.range?.[0] ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as { value?: unknown })?.value ?? p.key) === String(key));
      if (!pair) break;
      const keyNode = pair.key as Node | undefined;
      // Point at the key: its line is where an instructor looks for both "unknown key" and "bad value".
      best = keyNode?.range?.[0] ?? best;
      node = pair.value as Node | null;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key] as Node | undefined;
      if (!node) break;
      best = node.range?.[0] ?? best;
    } else break;
  }
  return pos(best);
}
