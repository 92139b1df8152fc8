// A tiny parser for the Python a spec may contain: literals (ints, floats, strings, True/False/None, Java's
// null/true/false for a Java class's spec, lists, tuples, sets, dicts), names (`word_list`, a bound variable `h`), calls (`f(x)`, `h.m(x)`)
// and one assignment (`h = Hangman(words, False)`). Enough for readable specs; nothing executes.
import { py, type PyValue } from '../model/pyvalue.js';

export type PyExpr =
  | { k: 'lit'; v: PyValue }
  | { k: 'name'; name: string }
  | { k: 'list' | 'tuple' | 'set'; items: PyExpr[] }
  | { k: 'dict'; entries: [PyExpr, PyExpr][] }
  | { k: 'call'; callee: string[]; args: PyExpr[] };

/** A step: an optional `name =` binding and an expression, usually a call. */
export interface PyStep {
  bind?: string;
  expr: PyExpr;
  source: string;
}

/** Java's spellings of None, True and False, read as them: a Java class's spec says null where its
 *  handout does (`WordStats.countVowels(null)`), the student reads the step as written, and the call
 *  reaches their method with Java's null. A Python spec that writes them is told Python's spelling
 *  (harness/assignment/load.ts). */
export const JAVA_LITERALS = { null: 'None', true: 'True', false: 'False' } as const;
export type JavaLiteral = keyof typeof JAVA_LITERALS;

export class PyParseError extends Error {
  constructor(message: string, public readonly column: number) {
    super(message);
  }
}

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  fail(msg: string, at = this.i): never {
    throw new PyParseError(`${msg} at column ${at + 1}: ${this.s.slice(0, at)}⟨here⟩${this.s.slice(at)}`, at);
  }
  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }
  peek(): string {
    this.ws();
    return this.s[this.i] ?? '';
  }
  eat(ch: string): boolean {
    if (this.peek() === ch) {
      this.i++;
      return true;
    }
    return false;
  }
  expect(ch: string): void {
    if (!this.eat(ch)) this.fail(`expected '${ch}'`);
  }
  ident(): string | undefined {
    this.ws();
    IDENT.lastIndex = this.i;
    const m = IDENT.exec(this.s);
    if (!m) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  step(): PyStep {
    const start = this.i;
    const save = this.i;
    const name = this.ident();
    if (name && this.peek() === '=' && this.s[this.i + 1] !== '=') {
      this.i++;
      const expr = this.expr();
      this.end();
      return { bind: name, expr, source: this.s.slice(start).trim() };
    }
    this.i = save;
    const expr = this.expr();
    this.end();
    return { expr, source: this.s.trim() };
  }

  end(): void {
    if (this.peek() !== '') this.fail('unexpected text');
  }

  expr(): PyExpr {
    const c = this.peek();
    if (c === '') this.fail('expected a value');
    if (c === '[') return this.seq('[', ']', 'list');
    if (c === '(') return this.paren();
    if (c === '{') return this.brace();
    if (c === "'" || c === '"') return { k: 'lit', v: py.str(this.string()) };
    if (/[-+0-9.]/.test(c)) return { k: 'lit', v: this.number() };
    const at = this.i;
    const name = this.ident();
    if (!name) this.fail('expected a value');
    if (name === 'True') return { k: 'lit', v: py.bool(true) };
    if (name === 'False') return { k: 'lit', v: py.bool(false) };
    if (name === 'None') return { k: 'lit', v: py.none };
    // The same values as None, True, False (and the same expression: a golden file's fingerprint is unchanged).
    if (name === 'null') return { k: 'lit', v: py.none };
    if (name === 'true' || name === 'false') return { k: 'lit', v: py.bool(name === 'true') };
    if (name === 'set' && this.peek() === '(' && this.s.slice(this.i).replace(/\s/g, '').startsWith('()')) {
      this.expect('(');
      this.expect(')');
      return { k: 'set', items: [] };
    }
    const callee = [name];
    while (this.eat('.')) {
      const part = this.ident();
      if (!part) this.fail('expected a name after "."');
      callee.push(part);
    }
    if (this.peek() === '(') {
      this.expect('(');
      const args: PyExpr[] = [];
      while (!this.eat(')')) {
        args.push(this.expr());
        if (!this.eat(',') && this.peek() !== ')') this.fail("expected ',' or ')'");
      }
      return { k: 'call', callee, args };
    }
    if (callee.length > 1) this.fail('attribute access is only allowed in calls', at);
    return { k: 'name', name };
  }

  seq(open: string, close: string, k: 'list' | 'set'): PyExpr {
    this.expect(open);
    const items: PyExpr[] = [];
    while (!this.eat(close)) {
      items.push(this.expr());
      if (!this.eat(',') && this.peek() !== close) this.fail(`expected ',' or '${close}'`);
    }
    return { k, items };
  }

  paren(): PyExpr {
    this.expect('(');
    const items: PyExpr[] = [];
    let sawComma = false;
    while (!this.eat(')')) {
      items.push(this.expr());
      if (this.eat(',')) sawComma = true;
      else if (this.peek() !== ')') this.fail("expected ',' or ')'");
    }
    if (items.length === 1 && !sawComma) return items[0];
    return { k: 'tuple', items };
  }

  brace(): PyExpr {
    this.expect('{');
    if (this.eat('}')) return { k: 'dict', entries: [] };
    const first = this.expr();
    if (this.eat(':')) {
      const entries: [PyExpr, PyExpr][] = [[first, this.expr()]];
      while (this.eat(',')) {
        if (this.peek() === '}') break;
        const key = this.expr();
        this.expect(':');
        entries.push([key, this.expr()]);
      }
      this.expect('}');
      return { k: 'dict', entries };
    }
    const items = [first];
    while (this.eat(',')) {
      if (this.peek() === '}') break;
      items.push(this.expr());
    }
    this.expect('}');
    return { k: 'set', items };
  }

  number(): PyValue {
    this.ws();
    const m = /^[-+]?(?:(?:\d[\d_]*)?\.\d[\d_]*(?:[eE][-+]?\d+)?|\d[\d_]*\.?(?:[eE][-+]?\d+)?)/.exec(this.s.slice(this.i));
    if (!m) this.fail('expected a number');
    this.i += m[0].length;
    const text = m[0].replace(/_/g, '');
    if (/[.eE]/.test(text)) return py.float(Number(text));
    return py.int(BigInt(text));
  }

  string(): string {
    this.ws();
    const q = this.s[this.i];
    const triple = this.s.startsWith(q.repeat(3), this.i);
    const delim = triple ? q.repeat(3) : q;
    this.i += delim.length;
    let out = '';
    for (;;) {
      if (this.i >= this.s.length) this.fail('unterminated string');
      if (this.s.startsWith(delim, this.i)) {
        this.i += delim.length;
        return out;
      }
      const ch = this.s[this.i++];
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const e = this.s[this.i++];
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v' };
      if (e in simple) out += simple[e];
      else if (e === 'x' || e === 'u' || e === 'U') {
        const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = this.s.slice(this.i, this.i + len);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) this.fail(`bad \\${e} escape`);
        out += String.fromCodePoint(parseInt(hex, 16));
        this.i += len;
      } else out += '\\' + e;
    }
  }
}

export function parseStep(source: string): PyStep {
  return new Parser(source).step();
}

export function parseExpr(source: string): PyExpr {
  const p = new Parser(source);
  const e = p.expr();
  p.end();
  return e;
}

/** Evaluates an expression that must be a pure literal (no names, no calls). */
export function literalValue(e: PyExpr): PyValue | undefined {
  switch (e.k) {
    case 'lit': return e.v;
    case 'name': case 'call': return undefined;
    case 'dict': {
      const entries: [PyValue, PyValue][] = [];
      for (const [k, v] of e.entries) {
        const kv = literalValue(k), vv = literalValue(v);
        if (!kv || !vv) return undefined;
        entries.push([kv, vv]);
      }
      return py.dict(entries);
    }
    default: {
      const items: PyValue[] = [];
      for (const x of e.items) {
        const v = literalValue(x);
        if (!v) return undefined;
        items.push(v);
      }
      return { t: e.k, v: items };
    }
  }
}

/** Where a bare name stands in a step's source: outside strings, not an attribute (`.m`), not called
 *  (`f(`), not bound (`x =`). The words the parser reads as a name, or as None/True/False/null/true/false. */
export function bareWords(source: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    const m = /^[A-Za-z_]\w*/.exec(source.slice(i));
    if (!m) {
      i += /[0-9]/.test(c) ? (/^[0-9][\w.]*/.exec(source.slice(i))?.[0].length ?? 1) : 1; // 1e5, 0x1f: not words
      continue;
    }
    const before = source.slice(0, i).trimEnd();
    const after = source.slice(i + m[0].length).trimStart();
    if (!before.endsWith('.') && !after.startsWith('(') && !after.startsWith('.') && !/^=(?!=)/.test(after)) out.push({ word: m[0], start: i, end: i + m[0].length });
    i += m[0].length;
  }
  return out;
}

/** The Java spellings (null, true, false) a step's source uses, each once: wrong in a Python spec. */
export function javaSpellings(source: string): JavaLiteral[] {
  return [...new Set(bareWords(source).map((w) => w.word).filter((w): w is JavaLiteral => Object.hasOwn(JAVA_LITERALS, w)))];
}

/** Names an expression refers to (for "unknown name" spec errors). */
export function namesIn(e: PyExpr, out: string[] = []): string[] {
  switch (e.k) {
    case 'name': out.push(e.name); break;
    case 'call': e.args.forEach((a) => namesIn(a, out)); if (e.callee.length > 1) out.push(e.callee[0]); break;
    case 'dict': e.entries.forEach(([k, v]) => { namesIn(k, out); namesIn(v, out); }); break;
    case 'list': case 'tuple': case 'set': e.items.forEach((x) => namesIn(x, out)); break;
  }
  return out;
}
