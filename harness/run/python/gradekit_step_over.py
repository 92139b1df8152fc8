"""Stepping over the line a crash stopped at, as a TA does who meets a crash in the first lines of a function:
fix that one line and read what the rest of the function does (the policy's P2, at run time instead of at
import). Loaded only in the forked child of a test run again for that reason (step-over.ts decides when, and
what the run may change: it can keep a test's points, never take more).

Each line names the innermost statement that holds it, made harmless in a copy of its function's tree; the
function is compiled again in the module's own namespace and put where the old one was:
- a call of a handout function that leaves out arguments (display_hand() in play_hand) is given the function's
  own variables of those parameters' names (display_hand(hand)), as the handout's signature names them;
- a statement that adds has each + take a string and a number as text (print("Total: " + score));
- any other simple statement becomes `pass` (a `return` returns None);
- the condition of an `if`, `elif` or `while` is taken as true: the body the student wrote is what runs;
- a `for` over a number runs over range(number) (`for i in guesses_left:`, the commonest of these crashes).
A line anywhere else (a `with`, a decorator, a default value, top-level code) is left alone: the run then
stops where the first one did, and the grader stops trying."""
import ast
import copy
import types

_COUNTED = "(lambda __gk_n: range(__gk_n) if type(__gk_n) is int else __gk_n)(None)"


def _counted(expr):
    """`expr`, or range(expr) when it is an int."""
    call = ast.parse(_COUNTED, mode="eval").body
    call.args = [expr]
    for node in ast.walk(call):
        if node is not expr and not isinstance(node, ast.expr_context):
            ast.copy_location(node, expr)
    return call


def _bodies(stmt):
    """The statement lists a compound statement holds (none for a simple statement)."""
    out = [getattr(stmt, f) for f in ("body", "orelse", "finalbody") if isinstance(getattr(stmt, f, None), list)]
    out += [h.body for h in getattr(stmt, "handlers", ())]
    out += [c.body for c in getattr(stmt, "cases", ())]
    return out


def _step_over(stmts, line, signatures=None):
    """Makes the innermost statement of `stmts` holding `line` harmless; whether one was."""
    for i, s in enumerate(stmts):
        if not (s.lineno <= line <= (s.end_lineno or s.lineno)):
            continue
        header = _bodies(s) and line < s.body[0].lineno
        if header and isinstance(s, (ast.If, ast.While)):
            s.test = ast.copy_location(ast.Constant(True), s.test)
            return True
        if header and isinstance(s, (ast.For, ast.AsyncFor)):
            s.iter = _counted(s.iter)
            return True
        if _bodies(s):
            return not header and any(_step_over(b, line, signatures) for b in _bodies(s))
        completed = _complete_calls(s, signatures or {})
        if _adds_leniently(s) or completed:
            return True
        stmts[i] = ast.copy_location(ast.Return(value=None) if isinstance(s, ast.Return) else ast.Pass(), s)
        return True
    return False


_ADD = "__gradekit_add__"


def _lenient_add(a, b):
    """a + b, or, where Python refuses to add a string and something else, the two as text: what the
    student meant by print("Total: " + score)."""
    try:
        return a + b
    except TypeError:
        if isinstance(a, str) or isinstance(b, str):
            return str(a) + str(b)
        raise


class _Adds(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Add):
            return node
        call = ast.Call(func=ast.Name(id=_ADD, ctx=ast.Load()), args=[node.left, node.right], keywords=[])
        return ast.copy_location(call, node)


def _complete_calls(stmt, signatures):
    """Calls of the handout's functions in `stmt` given fewer positional arguments than the handout's
    parameters, and no others: each missing one is the caller's variable of that parameter's name. Whether any
    was (a name the caller lacks raises NameError in the next run, and the grader stops there)."""
    done = False
    for node in ast.walk(stmt):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)) or node.keywords:
            continue
        params = signatures.get(node.func.id)
        if not params or len(node.args) >= len(params) or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        node.args = node.args + [ast.copy_location(ast.Name(id=p, ctx=ast.Load()), node) for p in params[len(node.args):]]
        done = True
    return done


def _adds_leniently(stmt):
    """A statement that adds (the commonest crash of all: a string and a number added for a print) is kept,
    with each + taking the two as text where Python refuses, instead of being stepped over: what it prints
    is still printed. Whether that was the crash shows in the next run (raised at the same line again)."""
    if not any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add) for n in ast.walk(stmt)):
        return False
    _Adds().visit(stmt)
    return True


def _holder(tree, line):
    """(class node or None, function node) of the top-level function or method whose body holds `line`."""
    for top in tree.body:
        if not (top.lineno <= line <= (top.end_lineno or top.lineno)):
            continue
        if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None, top
        if isinstance(top, ast.ClassDef):
            for m in top.body:
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.lineno <= line <= (m.end_lineno or m.lineno):
                    return top, m
    return None, None


def _compiled(node, cls, module, path):
    """The function `node` compiled in the module's namespace (a method inside a bare class of the same name,
    so that its private names are mangled as they were)."""
    if cls is not None:
        node = ast.ClassDef(name=cls.name, bases=[], keywords=[], body=[node], decorator_list=[])
    code = compile(ast.fix_missing_locations(ast.Module(body=[node], type_ignores=[])), path, "exec")
    module.__dict__.setdefault(_ADD, _lenient_add)
    scratch = {}
    exec(code, module.__dict__, scratch)
    made = scratch[node.name]
    return made.__dict__[node.body[0].name] if cls is not None else made


def _replace(module, cls, name, old, new):
    """`new` wherever the module holds `old`: its name, another name it was adopted under, a bound method of
    the instance that stands for the program's class."""
    if cls is not None:
        owner = module.__dict__.get(cls.name)
        if isinstance(owner, type) and owner.__dict__.get(name) is old:
            setattr(owner, name, new)
    old_fn, new_fn = getattr(old, "__func__", old), getattr(new, "__func__", new)
    for key, value in list(module.__dict__.items()):
        if value is old:
            module.__dict__[key] = new
        elif isinstance(value, types.MethodType) and value.__func__ is old_fn:
            module.__dict__[key] = types.MethodType(new_fn, value.__self__)


def apply(module, tree, path, lines, signatures=None):
    """Steps over each line; returns those it could. `signatures`: the handout's functions' parameter names."""
    done = []
    plans = {}
    for line in lines:
        cls, fn = _holder(tree, line)
        if fn is not None:
            plans.setdefault(id(fn), (cls, fn, []))[2].append(line)
    for cls, fn, its in plans.values():
        owner = module.__dict__.get(cls.name) if cls is not None else None
        old = owner.__dict__.get(fn.name) if isinstance(owner, type) else module.__dict__.get(fn.name) if cls is None else None
        if old is None:
            continue
        node = copy.deepcopy(fn)
        stepped = [line for line in its if _step_over(node.body, line, signatures)]
        if not stepped:
            continue
        try:
            new = _compiled(node, cls, module, path)
        except Exception:
            continue  # a default value or decorator that raises again: left as it was
        _replace(module, cls, fn.name, old, new)
        done += stepped
    return sorted(done)
