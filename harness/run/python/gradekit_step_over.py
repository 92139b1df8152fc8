"""Stepping over the line a crash stopped at, as a TA does who meets a crash in the first lines of a function:
fix that one line and read what the rest of the function does (the policy's P2, at run time instead of at
import). Loaded only in the forked child of a test run again for that reason (step-over.ts decides when, and
what the run may change: it can keep a test's points, never take more).

Each line names the innermost statement that holds it, made harmless in a copy of its function's tree; the
function is compiled again in the module's own namespace and put where the old one was:
- a name the function never binds, spelt as one it does bind (`warning -= 1` in a function of `warnings`,
  `guess -= 1` beside `guesses`), is that name: the typo fixed, as its author meant;
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


# How a line was made harmless. The first three keep all the student wrote (a name spelt as the function
# spells it elsewhere, a call given the arguments it left out, + taking text): a run past them is the program
# as its author meant it. The others drop or force code, and a run past them is only gradekit's guess.
REPAIRED = ("respelled", "completed", "added")


def _step_over(stmts, line, signatures=None, known=frozenset()):
    """Makes the innermost statement of `stmts` holding `line` harmless; how it was (REPAIRED, "condition",
    "range", "dropped"), or None when no statement holds it."""
    for i, s in enumerate(stmts):
        if not (s.lineno <= line <= (s.end_lineno or s.lineno)):
            continue
        header = _bodies(s) and line < s.body[0].lineno
        if header and isinstance(s, (ast.If, ast.While)):
            if _respell(s.test, known):
                return "respelled"
            s.test = ast.copy_location(ast.Constant(True), s.test)
            return "condition"
        if header and isinstance(s, (ast.For, ast.AsyncFor)):
            s.iter = _counted(s.iter)
            return "range"
        if _bodies(s):
            if header:
                return None
            return next((how for how in (_step_over(b, line, signatures, known) for b in _bodies(s)) if how), None)
        if _respell(s, known):
            return "respelled"
        completed = _complete_calls(s, signatures or {})
        if _adds_leniently(s):
            return "added"
        if completed:
            return "completed"
        stmts[i] = ast.copy_location(ast.Return(value=None) if isinstance(s, ast.Return) else ast.Pass(), s)
        return "dropped"
    return None


def _near(a, b):
    """Whether two names are one spelt two ways: one letter added, left out or changed (warning, warnings),
    or a plural's stem (guess, guesses). Never for names of two letters or fewer."""
    if a == b or min(len(a), len(b)) < 3 or a[0] != b[0]:
        return False
    short, long_ = sorted((a, b), key=len)
    if long_.startswith(short) and len(long_) - len(short) <= 2:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    # One edit: a letter changed, or one added.
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i + (len(a) == len(b)):] == long_[i + 1:]


def _respell(node, known):
    """Each name in `node` the function never binds nor the module defines, where exactly one bound name is it
    spelt another way (`warning -= 1` in a function of `warnings`): that name, as the author meant. Whether any."""
    done = False
    for n in ast.walk(node):
        if not isinstance(n, ast.Name) or n.id in known:
            continue
        near = [k for k in known if _near(n.id, k)]
        if len(near) == 1:
            n.id = near[0]
            done = True
    return done


def _bound(fn, module):
    """The names a function can mean: its parameters, what it binds (not by `x -= 1` alone, which reads the
    name before it binds it: read first, it has no value, the crash), the module's and the builtins."""
    import builtins

    params = {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)}
    augmented = {id(n.target) for n in ast.walk(fn) if isinstance(n, ast.AugAssign)}
    bound = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and id(n) not in augmented:
            bound.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not fn:
            bound.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            bound.add(n.name)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            bound.update(n.names)
    return frozenset(params | bound | set(vars(module)) | set(vars(builtins)))


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
    """Steps over each line; returns those it could, each with how ((line, how), sorted). `signatures`: the
    handout's functions' parameter names."""
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
        known = _bound(node, module)
        hows = {line: _step_over(node.body, line, signatures, known) for line in its}
        stepped = [line for line in its if hows[line]]
        if not stepped:
            continue
        try:
            new = _compiled(node, cls, module, path)
        except Exception:
            continue  # a default value or decorator that raises again: left as it was
        _replace(module, cls, fn.name, old, new)
        done += [(line, hows[line]) for line in stepped]
    return sorted(done)
