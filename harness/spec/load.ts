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
  constructor(readonly errors: SpecError[]) {
    super(errors.map((e) => e.message).join('\n'));
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
    throw new SpecErrors(
      doc.errors.map((e) => {
        const p = pos(e.pos[0]);
        return new SpecError(file, p.line, p.col, `YAML: ${e.message.split('\n')[0]}`, yamlHint(e.code));
      }),
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
  if (!top.success) errors.push(...top.error.issues.map((i) => issueToError(i, [], specSchema, error)));
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
      errors.push(...r.error.issues.map((iss) => issueToError(iss, path, schema, error)));
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

function yamlHint(code: string): string | undefined {
  switch (code) {
    case 'DUPLICATE_KEY': return 'a key appears twice in the same mapping; remove one';
    case 'BAD_INDENT': case 'MISSING_CHAR': return 'check the indentation and that every "key: value" has its colon';
    case 'TAB_AS_INDENT': return 'YAML does not allow tabs for indentation; use spaces';
    case 'BLOCK_AS_IMPLICIT_KEY': return 'a value that contains ": " must be quoted';
    default: return undefined;
  }
}

function issueToError(issue: ZodIssue, base: (string | number)[], schema: ZodTypeAny, error: LoadedSpec['error']): SpecError {
  const path = [...base, ...issue.path];
  const field = issue.path.length ? String(issue.path[issue.path.length - 1]) : base.length ? 'test' : 'spec';
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    const known = knownKeys(schema, issue.path);
    const guess = closest(key, known);
    return error([...path, key], `unknown key '${key}'`, guess ? `did you mean '${guess}'?` : `known keys here: ${known.join(', ')}`);
  }
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

function knownKeys(schema: ZodTypeAny, path: (string | number)[]): string[] {
  let s: ZodTypeAny | undefined = schema;
  for (const p of path) {
    s = unwrap(s);
    const shape = (s as { shape?: Record<string, ZodTypeAny> } | undefined)?.shape;
    s = shape?.[String(p)] ?? (s as { element?: ZodTypeAny } | undefined)?.element;
  }
  const shape = (unwrap(s) as { shape?: Record<string, ZodTypeAny> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
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
