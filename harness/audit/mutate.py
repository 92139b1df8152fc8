"""Mutant generator for gradekit audit: reads one Python file, prints JSON {"mutants": [...]}.

Mutations are made on the source text at the positions Python's own ast reports (operators are found in
the gap between their operands), so a mutant differs from the original only where it was mutated and
its diff reads like a one-token student slip. Every mutant is compiled and deduplicated here.
Usage: python3 mutate.py <file.py>
"""
import ast
import copy
import json
import re
import sys

BINOP = {ast.Add: ('+', '-'), ast.Sub: ('-', '+'), ast.Mult: ('*', '+'), ast.Div: ('/', '*'),
         ast.FloorDiv: ('//', '/'), ast.Mod: ('%', '//')}
CMPOP = {ast.Lt: ('<', '<='), ast.LtE: ('<=', '<'), ast.Gt: ('>', '>='), ast.GtE: ('>=', '>'),
         ast.Eq: ('==', '!='), ast.NotEq: ('!=', '=='), ast.In: ('in', 'not in'),
         ast.NotIn: ('not in', 'in'), ast.Is: ('is', 'is not'), ast.IsNot: ('is not', 'is')}
AUGOP = {ast.Add: ('+=', '-='), ast.Sub: ('-=', '+='), ast.Mult: ('*=', '+=')}
OP_RE = {'not in': r'not\s+in', 'is not': r'is\s+not'}
PRINTERS = {'print', 'input'}


class Source:
    """Converts ast (line, byte column) positions to string offsets and cuts/joins text."""

    def __init__(self, text):
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def off(self, line, col_bytes):
        raw = self.lines[line - 1].encode('utf-8')[:col_bytes]
        return self.starts[line - 1] + len(raw.decode('utf-8', errors='ignore'))

    def span(self, node):
        return self.off(node.lineno, node.col_offset), self.off(node.end_lineno, node.end_col_offset)

    def seg(self, node):
        a, b = self.span(node)
        return self.text[a:b]


def parents_of(tree):
    par = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            par[child] = node
    return par


def is_docstring(node, par):
    p = par.get(node)
    if not isinstance(p, ast.Expr) or not isinstance(node.value, str):
        return False
    owner = par.get(p)
    body = getattr(owner, 'body', None)
    return isinstance(owner, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and body and body[0] is p


def in_fstring(node, par):
    p = par.get(node)
    while p is not None:
        if isinstance(p, ast.JoinedStr):
            return True
        p = par.get(p)
    return False


def call_name(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def enclosing_function(node, par):
    p = par.get(node)
    while p is not None and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)):
        p = par.get(p)
    return p.name if p is not None else '<module>'


class Mutator:
    def __init__(self, text):
        self.src = Source(text)
        self.tree = ast.parse(text)
        self.par = parents_of(self.tree)
        self.out = []

    def add(self, a, b, new, op, node, desc):
        self.out.append({'start': a, 'end': b, 'new': new, 'op': op, 'line': node.lineno,
                         'function': enclosing_function(node, self.par), 'desc': desc})

    def replace_op_in_gap(self, a, b, old, new, op, node):
        """Replaces the operator token `old` found between offsets a and b (only parens/space around it)."""
        gap = self.src.text[a:b]
        pat = OP_RE.get(old, re.escape(old))
        # The gap may hold closing/opening parentheses, whitespace, line continuations and comments.
        m = re.search(r'(?<![=<>!/*%+-])' + pat + r'(?![=<>/*])', gap)
        if m:
            self.add(a + m.start(), a + m.end(), new, op, node, '`%s` -> `%s`' % (old, new))

    def run(self):
        for node in ast.walk(self.tree):
            getattr(self, 'visit_' + type(node).__name__, lambda n: None)(node)
            if isinstance(node, ast.stmt):
                self.statement(node)
        return self.out

    # ---- operators
    def visit_BinOp(self, node):
        ops = BINOP.get(type(node.op))
        if not ops:
            return
        self.replace_op_in_gap(self.src.span(node.left)[1], self.src.span(node.right)[0], ops[0], ops[1], 'arith', node)

    def visit_Compare(self, node):
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            ops = CMPOP.get(type(op))
            if ops:
                self.replace_op_in_gap(self.src.span(left)[1], self.src.span(right)[0], ops[0], ops[1], 'compare', node)
            left = right

    def visit_BoolOp(self, node):
        old, new = ('and', 'or') if isinstance(node.op, ast.And) else ('or', 'and')
        for left, right in zip(node.values, node.values[1:]):
            self.replace_op_in_gap(self.src.span(left)[1], self.src.span(right)[0], old, new, 'boolean', node)

    def visit_AugAssign(self, node):
        ops = AUGOP.get(type(node.op))
        if ops:
            self.replace_op_in_gap(self.src.span(node.target)[1], self.src.span(node.value)[0], ops[0], ops[1], 'arith', node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, (ast.Not, ast.USub)):
            a, b = self.src.span(node)
            inner = self.src.seg(node.operand)
            if isinstance(node.operand, (ast.BoolOp, ast.Compare, ast.BinOp, ast.IfExp)):
                inner = '(%s)' % inner
            self.add(a, b, inner, 'negation', node, 'removed `%s`' % ('not' if isinstance(node.op, ast.Not) else '-'))

    # ---- conditions and branches
    def negate_test(self, node):
        test = node.test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return  # removing the `not` already covers it
        a, b = self.src.span(test)
        self.add(a, b, 'not (%s)' % self.src.seg(test), 'negate-condition', node, 'negated the condition')

    def visit_If(self, node):
        self.negate_test(node)
        body, orelse = node.body, node.orelse
        # Swap the branches of a plain if/else whose suites sit on their own lines.
        if orelse:
            if body[0].lineno > node.lineno and orelse[0].lineno > body[-1].end_lineno:
                s = self.src
                b0, b1 = s.starts[body[0].lineno - 1], s.starts[body[-1].end_lineno]
                e0, e1 = s.starts[orelse[0].lineno - 1], s.starts[orelse[-1].end_lineno]
                if s.text[b1:e0].strip().startswith('else') and s.text[e1 - 1:e1] == '\n' and s.text[b1 - 1:b1] == '\n':
                    new = s.text[e0:e1] + s.text[b1:e0] + s.text[b0:b1]
                    self.add(b0, e1, new, 'swap-branches', node, 'swapped the if and else branches')

    def visit_While(self, node):
        self.negate_test(node)

    def visit_IfExp(self, node):
        self.negate_test(node)

    # ---- constants
    def visit_Constant(self, node):
        v = node.value
        if in_fstring(node, self.par):
            return
        a, b = self.src.span(node)
        if isinstance(v, bool):
            self.add(a, b, repr(not v), 'constant', node, '`%r` -> `%r`' % (v, not v))
        elif isinstance(v, int):
            for d in (1, -1):
                self.add(a, b, repr(v + d), 'off-by-one', node, '`%r` -> `%r`' % (v, v + d))
        elif isinstance(v, str) and not is_docstring(node, self.par):
            p = self.par.get(node)
            prompt = isinstance(p, ast.Call) and call_name(p) in PRINTERS
            if prompt:
                m = re.search(r'[A-Za-z]', v)
                if m:
                    c = m.group()
                    nv = v[:m.start()] + (c.lower() if c.isupper() else c.upper()) + v[m.end():]
                    self.add(a, b, repr(nv), 'prompt-text', node, 'changed the case of %r in a prompt' % c)
                if v != v.rstrip():
                    self.add(a, b, repr(v.rstrip()), 'prompt-text', node, 'dropped trailing space of %r' % v)
                elif v:
                    self.add(a, b, repr(v + ':'), 'prompt-text', node, 'appended a colon to %r' % v)
            else:
                nv = '' if v else 'x'
                self.add(a, b, repr(nv), 'string', node, '%r -> %r' % (v, nv))

    # ---- calls: copies, min/max
    def visit_Call(self, node):
        name = call_name(node)
        a, b = self.src.span(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == 'copy' and not node.args:
            self.add(a, b, self.src.seg(f.value), 'no-copy', node, 'returned the argument itself instead of `.copy()`')
        elif name in ('copy', 'deepcopy', 'dict', 'list') and len(node.args) == 1 and not node.keywords \
                and isinstance(node.args[0], (ast.Name, ast.Attribute, ast.Subscript)):
            self.add(a, b, self.src.seg(node.args[0]), 'no-copy', node, 'used the argument itself instead of `%s(...)`' % name)
        elif name in ('min', 'max') and isinstance(f, ast.Name):
            fa, fb = self.src.span(f)
            other = 'max' if name == 'min' else 'min'
            self.add(fa, fb, other, 'call', node, '`%s` -> `%s`' % (name, other))

    def visit_Subscript(self, node):
        sl = node.slice
        if isinstance(sl, ast.Slice) and sl.lower is None and sl.upper is None and sl.step is None and isinstance(node.ctx, ast.Load):
            a, b = self.src.span(node)
            self.add(a, b, self.src.seg(node.value), 'no-copy', node, 'used the list itself instead of a `[:]` copy')

    def visit_Break(self, node):
        a, b = self.src.span(node)
        self.add(a, b, 'continue', 'loop', node, '`break` -> `continue`')

    def visit_Continue(self, node):
        a, b = self.src.span(node)
        self.add(a, b, 'break', 'loop', node, '`continue` -> `break`')

    # ---- statements
    def statement(self, node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom,
                             ast.Global, ast.Nonlocal, ast.Pass)):
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring or a bare string
        a, b = self.src.span(node)
        if isinstance(node, ast.Return) and node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            va, vb = self.src.span(node.value)
            self.add(va, vb, 'None', 'return-none', node, 'returned None instead of `%s`' % short(self.src.seg(node.value)))
        if isinstance(self.par.get(node), ast.Module):
            return  # module-level statements define the program; dropping one is rarely a realistic slip
        self.add(a, b, 'pass', 'drop-statement', node, 'dropped `%s`' % short(self.src.seg(node)))


def short(s):
    s = ' '.join(s.split())
    return s if len(s) <= 50 else s[:47] + '...'


def same_tree(a, b):
    """ast.dump(a) == ast.dump(b) (fields only, positions ignored), stopping at the first difference: a
    mutant differs from the original in one place, and dumping both trees in full was most of this
    script's time."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ast.AST):
        return all(same_tree(getattr(a, f, None), getattr(b, f, None)) for f in a._fields)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_tree(x, y) for x, y in zip(a, b))
    return a is b or repr(a) == repr(b)


def main():
    path = sys.argv[1]
    with open(path, encoding='utf-8') as f:
        text = f.read()
    orig_tree = ast.parse(text)
    src = Source(text)
    # The places a mutant is parsed, compiled and compared alone, smallest first: each method of a
    # top-level class (parsed inside a `class _:` line of its own, its indentation kept: the same
    # context for the compiler), then each top-level statement (at column 0, it parses alone). Every
    # other statement is untouched text; a solution written as one class would otherwise be parsed and
    # compared whole for each of its hundreds of mutants.
    units = []  # (start, end, head, original node, the node in a parse of head + unit text)
    for n in orig_tree.body:
        if isinstance(n, ast.ClassDef):
            for f in n.body:
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    first = min([d.lineno for d in f.decorator_list] + [f.lineno])
                    units.append((src.starts[first - 1], src.span(f)[1], 'class _:\n', f,
                                  lambda t: t.body[0].body[0] if len(t.body) == 1 and isinstance(t.body[0], ast.ClassDef) and len(t.body[0].body) == 1 else None))
    for n in orig_tree.body:
        units.append((*src.span(n), '', n, lambda t: t.body[0] if len(t.body) == 1 else None))
    seen = set()
    mutants = []
    for m in Mutator(text).run():
        new_text = text[:m['start']] + m['new'] + text[m['end']:]
        if new_text in seen:
            continue
        seen.add(new_text)
        unit = next((u for u in units if u[0] <= m['start'] and m['end'] <= u[1]), None)
        same = None
        try:
            if unit is not None:
                start, end, head, orig, pick = unit
                tree = compile(head + new_text[start:end + len(m['new']) - (m['end'] - m['start'])], path, 'exec', ast.PyCF_ONLY_AST)
                compile(tree, path, 'exec')
                node = pick(tree)
                if node is not None:
                    same = same_tree(node, orig)
            if same is None:
                tree = compile(new_text, path, 'exec', ast.PyCF_ONLY_AST)
                compile(tree, path, 'exec')
                same = same_tree(tree, orig_tree)
        except (SyntaxError, ValueError):
            continue
        if same:
            continue
        mutants.append({'op': m['op'], 'line': m['line'], 'function': m['function'], 'desc': m['desc'], 'source': new_text})
    mutants.sort(key=lambda m: (m['line'], m['op'], m['desc']))
    json.dump({'mutants': mutants}, sys.stdout)


if __name__ == '__main__':
    main()
