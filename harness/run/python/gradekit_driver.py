"""gradekit Python driver (started by driver.py): imports a student module once (the "zygote") and forks a child per test.

Why this shape:
- A fork costs about a millisecond; a fresh interpreter about 30 ms. Each child starts from the
  post-import state, so tests cannot leak mutations into each other.
- The driver talks to Node over fd 3 (a private socket), never over stdout, so student prints cannot
  forge protocol messages. A forked child closes fd 3 before any student code runs and reports its
  observations on a fresh pipe, framed by length. It only ever reports observations: the verdict is
  computed in Node against expected values that never enter this process.
- input() and sys.stdin are replaced so every consumed line is echoed into the transcript right after
  the prompt it answered, as a terminal shows it, and running out of input is reported at that prompt.

Messages (JSON lines on fd 3): init -> imported; run -> result; exit.
"""
import os
import sys

if sys.flags.no_site:
    # Started with -S: the site-packages folders, without running the import lines of .pth files
    # (machine hooks: one here imports certifi and costs 40 ms of every start), plus the exit(),
    # quit(), help() and copyright builtins that student programs use.
    import site as _site

    for _dir in _site.getsitepackages():
        if os.path.isdir(_dir) and _dir not in sys.path:
            sys.path.append(_dir)
            for _pth in sorted(n for n in os.listdir(_dir) if n.endswith(".pth")):
                try:
                    with open(os.path.join(_dir, _pth), encoding="utf-8") as _f:
                        _lines = [ln.strip() for ln in _f]
                except OSError:
                    continue
                for _ln in _lines:
                    _p = os.path.join(_dir, _ln)
                    if _ln and not _ln.startswith(("#", "import ", "import\t")) and os.path.isdir(_p) and _p not in sys.path:
                        sys.path.append(_p)
    _site.setquit()
    _site.setcopyright()
    _site.sethelper()

import ast
import builtins
import copy
import gc
import io
import json
import re
import resource
import select
import signal
import struct
import time
import traceback
import types

CTL_FD = 3
_real_open = builtins.open
_real_input = builtins.input
_real_exit = os._exit
_real_write = os.write
# Captured before any student code runs: a module that patches json or builtins at import must not
# break the driver's own messages (it can only ever misreport its own results).
_dumps = json.dumps
_loads = json.loads
_BUILTINS = dict(builtins.__dict__)


class GradekitInputExhausted(BaseException):
    """Raised by input() when the script has no more lines (BaseException: student `except Exception` won't swallow it)."""


class GradekitOutputLimit(BaseException):
    """Raised when a test prints more than the output cap."""


# ---------------------------------------------------------------- value encoding

MAX_ITEMS = 2_000_000


def encode(x, budget=None, depth=0):
    """Python value -> wire JSON (see harness/model/pyvalue.ts)."""
    if budget is None:
        budget = [MAX_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or depth > 60:
        return {"o": "gradekit-truncated", "r": "<value too large or too deep to report>"}
    if x is None or isinstance(x, bool):
        return x
    if isinstance(x, int):
        return {"i": str(x)}
    if isinstance(x, float):
        if x != x:
            return {"f": "nan"}
        if x in (float("inf"), float("-inf")):
            return {"f": "inf" if x > 0 else "-inf"}
        return {"f": x}
    if isinstance(x, str):
        return x
    if isinstance(x, list):
        return {"l": [encode(v, budget, depth + 1) for v in x]}
    if isinstance(x, tuple):
        return {"tu": [encode(v, budget, depth + 1) for v in x]}
    if isinstance(x, (set, frozenset)):
        return {"se": [encode(v, budget, depth + 1) for v in x]}
    if isinstance(x, dict):
        return {"d": [[encode(k, budget, depth + 1), encode(v, budget, depth + 1)] for k, v in x.items()]}
    try:
        r = repr(x)
    except BaseException as e:  # a hostile __repr__
        r = "<unreprable %s: %s>" % (type(x).__name__, type(e).__name__)
    return {"o": type(x).__name__, "r": r[:2000]}


def decode(w, env):
    if w is None or isinstance(w, (bool, str)):
        return w
    if "i" in w:
        return int(w["i"])
    if "f" in w:
        f = w["f"]
        return float(f) if isinstance(f, str) else float(f)
    if "l" in w:
        items = w["l"]
        if all(type(v) is str for v in items):  # a word list: 80,000 plain strings, no per-item call
            return list(items)
        return [decode(v, env) for v in items]
    if "tu" in w:
        return tuple(decode(v, env) for v in w["tu"])
    if "se" in w:
        return set(decode(v, env) for v in w["se"])
    if "d" in w:
        return {decode(k, env): decode(v, env) for k, v in w["d"]}
    if "n" in w:  # a name: test-local variable first, then session names
        name = w["n"]
        if name in env:
            return env[name]
        raise NameError("name %r is not defined in this test" % name)
    if "call" in w:  # a nested call, e.g. get_frequency_dict('abc') as an argument
        return call_path(w["call"], [decode(a, env) for a in w.get("args", [])], env)
    raise ValueError("bad wire value %r" % (w,))


# ---------------------------------------------------------------- console capture


class Capture(io.TextIOBase):
    """sys.stdout / sys.stderr replacement with a size cap. Shared transcript for stdout + echoed input."""

    def __init__(self, cap):
        self.parts = []
        self.size = 0
        self.cap = cap
        self.truncated = False
        self.own = None  # an OwnOutput that sorts each write by the function printing it (own_output tests)

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        if self.own is not None:
            self.own.note(s)
        if self.truncated:
            raise GradekitOutputLimit()
        room = self.cap - self.size
        if len(s) > room:
            self.parts.append(s[:max(room, 0)])
            self.size = self.cap
            self.truncated = True
            raise GradekitOutputLimit()
        self.parts.append(s)
        self.size += len(s)
        return len(s)

    def text(self):
        return "".join(self.parts)

    def tail_line(self):
        """The text since the last newline: the prompt a program shows before reading."""
        out = []
        for p in reversed(self.parts):
            nl = p.rfind("\n")
            if nl >= 0:
                out.append(p[nl + 1:])
                break
            out.append(p)
        return "".join(reversed(out))

    def flush(self):
        pass

    def isatty(self):
        return False

    def writable(self):
        return True

    @property
    def encoding(self):
        return "utf-8"


class ScriptedInput:
    """input() and sys.stdin over scripted lines, echoing each line into the transcript."""

    def __init__(self, lines, out, echo=True, yes_no=(), ask=False):
        self.echo = echo  # False: the program echoes piped input itself (e.g. the 313E runner)
        # (yes)(no) spellings a prompt may show, e.g. "(y/n)": a scripted yes/no is sent in that spelling.
        self.yes_no = [re.compile(p, re.I) for p in (yes_no or ())]
        self.lines = list(lines) if lines is not None else None
        # ask: each line is asked of the grader, which answers by what the question asks (answers by role).
        self.ask = ask
        self.pos = 0
        self.out = out
        self.events = []
        self.exhausted_at = None

    def _next(self, prompt_shown):
        line = self._asked(prompt_shown) if self.ask else None if self.lines is None or self.pos >= len(self.lines) else self.lines[self.pos]
        if line is None:
            if self.exhausted_at is None:
                self.exhausted_at = prompt_shown
            return None
        line = self._spelled(line, prompt_shown)
        self.pos += 1
        self.events.append({"prompt": prompt_shown, "line": line, "at": self.out.size})
        if self.echo:
            self.out.write(line + "\n")
        return line

    def _asked(self, prompt_shown):
        since = self.events[-1]["at"] if self.events else 0
        text = self.out.text()[since:]
        before = text[:len(text) - len(prompt_shown)] if prompt_shown and text.endswith(prompt_shown) else text
        reply = _ask_grader("__input__", [prompt_shown, before[-4096:]], self.pos)
        line = reply.get("value")
        return line if isinstance(line, str) else None

    def _spelled(self, line, prompt_shown):
        word = line.strip().lower()
        if word not in ("yes", "no") or not self.yes_no:
            return line
        # The spelling is on the prompt, or on the line above a bare prompt ("enter 'y'" then ">").
        since = self.events[-1]["at"] if self.events else 0
        above = [l for l in self.out.text()[since:].split("\n")[:-1] if l.strip()][-1:]
        for rx in self.yes_no:
            m = rx.search(prompt_shown or "") or (rx.search(above[0]) if above and not re.search(r"[A-Za-z]{2}", prompt_shown or "") else None)
            if m and m.group(1):
                if word == "yes":
                    return m.group(1)
                return m.group(2) if m.lastindex and m.lastindex >= 2 and m.group(2) else ("N" if m.group(1).isupper() else "n")
        return line

    def input(self, prompt=""):
        if prompt != "":
            self.out.write(str(prompt))
        line = self._next(self.out.tail_line())
        if line is None:
            raise GradekitInputExhausted()
        return line

    # --- file-like face for sys.stdin
    def readline(self, size=-1):
        line = self._next(self.out.tail_line())
        if line is None:
            # Real EOF returns "", but a program that keeps asking after it is looping on input it
            # will never get: after a few tries, stop it with the same verdict input() gives.
            self.eof_reads = getattr(self, "eof_reads", 0) + 1
            if self.eof_reads > 20:
                raise GradekitInputExhausted()
            return ""
        return line + "\n"

    def read(self, size=-1):
        chunks = []
        while True:
            line = self.readline()
            if not line:
                return "".join(chunks)
            chunks.append(line)

    def readlines(self):
        return list(iter(self.readline, ""))

    def __iter__(self):
        return iter(self.readline, "")

    def isatty(self):
        # With our echo, scripted input stands for a person at a terminal, so programs that echo
        # piped input themselves must not echo a second time; without it, input looks piped.
        return self.echo

    def fileno(self):
        raise io.UnsupportedOperation("fileno")

    def close(self):
        pass

    @property
    def closed(self):
        return False

    encoding = "utf-8"


# ---------------------------------------------------------------- the student module


STATE = {"module": None, "module_name": None, "file": None, "names": {}, "aliases": {}, "workdir": None}


def redirecting_open(file, mode="r", *args, **kwargs):
    """Hard-coded word-list paths are common (/Users/me/ps3/words.txt, D:\\school\\ps3\\words.txt):
    open the provided copy instead. Windows paths are split at backslashes too."""
    try:
        return _real_open(file, mode, *args, **kwargs)
    except FileNotFoundError:
        if isinstance(file, (str, bytes, os.PathLike)) and "r" in mode and "+" not in mode:
            base = os.fsdecode(file).replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
            alias = STATE["aliases"].get(base)
            if alias:
                NOTICES.append("opened %r, which does not exist here; used the provided %s instead" % (os.fsdecode(file), base))
                return _real_open(alias, mode, *args, **kwargs)
        raise


NOTICES = []
_real_chdir = os.chdir


def forgiving_chdir(path):
    """os.chdir() into a folder of the student's own machine (C:\\Users\\me\\ps3) stays in the
    submission's folder instead of failing every test; the report says so."""
    try:
        return _real_chdir(path)
    except (FileNotFoundError, NotADirectoryError, PermissionError):
        NOTICES.append("os.chdir(%r) names a folder that does not exist here; stayed in the submission's folder" % (os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else path,))
        return None


def static_facts(path):
    """What the source says without running it: the top-level modules it imports (for the course rule
    'only random may be imported'), and the top-level functions whose last definition is still a stub
    (only pass, ..., return None or raise NotImplementedError after the docstring): one defect each,
    charged once, whatever tests call them."""
    try:
        with _real_open(path, "rb") as f:
            tree = ast.parse(f.read(), filename=path)
    except BaseException:
        return [], []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(a.name.split(".")[0], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append((node.module.split(".")[0], node.lineno))
    last = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            last[node.name] = node
    return [{"module": m, "line": ln} for m, ln in names], sorted(n for n, f in last.items() if _is_stub(f))


def _is_stub(fn):
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    for st in body:
        if isinstance(st, ast.Pass):
            continue
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant) and st.value.value is Ellipsis:
            continue
        if isinstance(st, ast.Return) and (st.value is None or (isinstance(st.value, ast.Constant) and st.value.value is None)):
            continue
        if isinstance(st, ast.Raise) and st.exc is not None:
            exc = st.exc.func if isinstance(st.exc, ast.Call) else st.exc
            if isinstance(exc, ast.Name) and exc.id == "NotImplementedError":
                continue
        return False
    return True


def student_frames(tb_or_exc):
    """Traceback trimmed to the student's file: what they can act on."""
    if isinstance(tb_or_exc, BaseException):
        tb = tb_or_exc.__traceback__
        exc = tb_or_exc
    else:
        tb, exc = tb_or_exc, None
    frames = traceback.extract_tb(tb)
    mine = [f for f in frames if STATE["file"] and os.path.abspath(f.filename) == STATE["file"]]
    lines = ["Traceback (most recent call last):"] if mine else []
    for f in mine:
        lines.append('  File "%s", line %d, in %s' % (os.path.basename(f.filename), f.lineno, f.name))
        if f.line:
            lines.append("    " + f.line.strip())
    if exc is not None:
        lines += [l.rstrip("\n") for l in traceback.format_exception_only(type(exc), exc)]
    last_line = mine[-1].lineno if mine else None
    return "\n".join(lines), last_line


def describe_exception(e):
    text, line = student_frames(e)
    if isinstance(e, SyntaxError) and e.filename and STATE["file"] and os.path.abspath(e.filename) == STATE["file"]:
        line = e.lineno
        text = "".join(traceback.format_exception_only(type(e), e)).rstrip("\n")
        text = text.replace(e.filename, os.path.basename(e.filename))
    try:
        msg = str(e)
    except BaseException:
        msg = "<unprintable>"
    return {"type": type(e).__name__, "message": msg[:2000], "traceback": text[-8000:], "line": line}


def do_import(req):
    import importlib.util

    path = os.path.abspath(req["file"])
    STATE["file"] = path
    STATE["module_name"] = req["module"]
    STATE["workdir"] = os.path.dirname(path)
    STATE["aliases"] = req.get("aliases", {})
    sys.path.insert(0, os.path.dirname(path))
    out = Capture(req.get("output_cap", 1 << 20))
    err = Capture(req.get("output_cap", 1 << 20))
    stdin = ScriptedInput([], out)
    saved = sys.stdout, sys.stderr, sys.stdin, builtins.input
    sys.stdout, sys.stderr, sys.stdin, builtins.input = out, err, stdin, stdin.input
    builtins.open = redirecting_open
    os.chdir = forgiving_chdir
    before = set(sys.modules)
    t0 = time.perf_counter()
    result = {"op": "imported", "ok": True}
    try:
        spec = importlib.util.spec_from_file_location(req["module"], path)
        if spec is None or spec.loader is None:
            raise ImportError("cannot load %s" % path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[req["module"]] = module
        result["skipped"] = exec_module_forgiving(module, path, stdin)
        STATE["module"] = module
    except SystemExit as e:
        result.update(ok=False, error={"type": "SystemExit", "message": "the module called exit(%r) while being imported" % (e.code,), "traceback": student_frames(e)[0], "line": student_frames(e)[1]})
    except GradekitOutputLimit:
        result.update(ok=False, error={"type": "OutputLimit", "message": "the module printed more than %d characters while being imported" % out.cap, "traceback": "", "line": None})
    except BaseException as e:
        result.update(ok=False, error=describe_exception(e))
    finally:
        sys.stdout, sys.stderr, sys.stdin, builtins.input = saved
        builtins.__dict__.update(_BUILTINS)
        builtins.open = redirecting_open
    result["duration_ms"] = (time.perf_counter() - t0) * 1000
    result["output"] = out.text()
    result["stderr"] = err.text()
    result["static_imports"], result["stubs"] = static_facts(path)
    result["runtime_imports"] = sorted(m for m in set(sys.modules) - before if "." not in m and m != req["module"])
    result["notices"] = list(NOTICES)
    if result["ok"]:
        names = {}
        for k, w in req.get("names", {}).items():
            names[k] = decode(w, {})
        STATE["names"] = names
        result["attributes"] = sorted(a for a in dir(STATE["module"]) if not a.startswith("__"))
        # Every test is a fork of this process. Objects alive now move to the permanent generation, so
        # a collection in a test's child never walks them (writing their headers would copy, page by
        # page, the memory the child shares with us): CPython's remedy for fork servers.
        gc.collect()
        gc.freeze()
    return result


def exec_module_forgiving(module, path, stdin, _isinstance=isinstance, _compile=compile, _exec=exec, _getattr=getattr, _len=len):
    """Runs the module's top-level statements one by one, as `import` would. A statement that asks for
    input while the module is being imported (a game started outside `if __name__ == '__main__':`) is
    skipped, and the rest of the module still runs: that mistake is charged once, by the rule about
    importing, not by every test. Returns the skipped statements. The builtins it uses are bound when
    the driver starts: the module may replace them while it runs."""
    with _real_open(path, "rb") as f:
        source = f.read()
    tree = ast.parse(source, filename=path)
    lines = source.decode("utf-8", "replace").splitlines()
    skipped = []
    flags = 0  # `from __future__ import ...` applies to the whole module, so to every later statement
    for node in tree.body:
        if _isinstance(node, ast.ImportFrom) and node.module == "__future__":
            import __future__
            for alias in node.names:
                flags |= _getattr(_getattr(__future__, alias.name, None), "compiler_flag", 0)
        code = _compile(ast.Module(body=[node], type_ignores=[]), path, "exec", flags=flags, dont_inherit=True)
        try:
            _exec(code, module.__dict__)
        except GradekitInputExhausted:
            text = lines[node.lineno - 1].strip() if 0 < node.lineno <= _len(lines) else "?"
            skipped.append({"line": node.lineno, "source": text[:200], "prompt": stdin.exhausted_at})
            stdin.exhausted_at = None
    return skipped


# ---------------------------------------------------------------- running one test (in a forked child)


def call_path(path, args, env):
    """Resolve ['h', 'make_guess'] or ['play_hand'] against test variables, then the module."""
    head = path[0]
    if head == "__gradekit_value__":  # a bare value step: `hand = {'a': 1}`
        return args[0]
    if head in env:
        obj = env[head]
    elif hasattr(STATE["module"], head):
        obj = getattr(STATE["module"], head)
    else:
        raise GradekitMissing(head)
    for part in path[1:]:
        if not hasattr(obj, part):
            raise GradekitMissing(".".join(path))
        obj = getattr(obj, part)
    return obj(*args)


class GradekitMissing(BaseException):
    pass


class OwnOutput:
    """What the called function prints itself (own_output tests). A write is left out when the innermost
    running function of the student's file that is one of the assignment's functions is another one than
    the callee (e.g. a print in share_letter while winning_strategy runs): that function's own tests
    charge it. Helpers and nested functions count as the function that called them."""

    def __init__(self, public):
        self.public = set(public)
        self.file = STATE["file"]
        self.mine = {}  # code object -> is it an assignment function of the student's file
        self.callee = None
        self.parts = []

    def start(self, callee):
        self.callee = callee
        self.parts = []

    def note(self, s):
        if self.callee is None:
            return
        f = sys._getframe(2)  # the frame that wrote (print itself is C code)
        while f is not None:
            code = f.f_code
            m = self.mine.get(code)
            if m is None:
                name = code.co_name
                m = self.mine[code] = (name in self.public and getattr(code, "co_qualname", name) == name
                                       and os.path.abspath(code.co_filename) == self.file)
            if m:
                if code.co_name != self.callee:
                    return
                break
            f = f.f_back
        self.parts.append(s)

    def text(self):
        return "".join(self.parts)


class Tracer:
    """Profiling hooks for rules the course grades by hand: forbidden calls and recursion.

    Recursion counts when, while a watched function is running, any function of the student's file
    is entered again: the watched one itself, or a helper it delegates to (e.g. an lru_cache'd _solve).
    """

    def __init__(self, spec):
        self.forbid = set(spec.get("forbid_calls", []))
        self.within = spec.get("forbid_within")
        self.recursive = set(spec.get("recursion", []))
        self.hits = []
        self.depth = {}
        self.max_depth = {n: 0 for n in self.recursive}
        self.recursed = {n: False for n in self.recursive}
        # Other required functions are not "helpers": delegating to them is not recursing.
        self.public = set(spec.get("public", []))
        self.file = STATE["file"]
        self.mine = {}  # code object -> is it in the student's file (cached: abspath per event is slow)

    def _inside(self, frame):
        if not self.within:
            return True
        f = frame
        while f is not None:
            if f.f_code.co_qualname == self.within and os.path.abspath(f.f_code.co_filename) == self.file:
                return True
            f = f.f_back
        return False

    def __call__(self, frame, event, arg):
        if event == "c_call" and self.forbid:
            name = getattr(arg, "__qualname__", getattr(arg, "__name__", ""))
            if name in self.forbid and os.path.abspath(frame.f_code.co_filename) == self.file and self._inside(frame):
                if len(self.hits) < 20:
                    self.hits.append({"call": name, "line": frame.f_lineno, "function": frame.f_code.co_qualname})
        elif event == "call" and self.recursive:
            code = frame.f_code
            if self._is_mine(code):
                q = code.co_qualname
                d = self.depth.get(q, 0) + 1
                self.depth[q] = d
                if q in self.max_depth and d > self.max_depth[q]:
                    self.max_depth[q] = d
                if d >= 2:
                    for t in self.recursive:
                        if self.depth.get(t, 0) >= 1 and (q == t or q not in self.public):
                            self.recursed[t] = True
        elif event == "return" and self.recursive:
            code = frame.f_code
            if self._is_mine(code):
                q = code.co_qualname
                if self.depth.get(q, 0) > 0:
                    self.depth[q] -= 1

    def _is_mine(self, code):
        m = self.mine.get(code)
        if m is None:
            m = self.mine[code] = os.path.abspath(code.co_filename) == self.file
        return m

    def report(self):
        return {"forbidden": self.hits, "max_depth": self.max_depth, "recursed": self.recursed}


_ATOMS = (str, int, float, bool, type(None))


def snapshot(a):
    """A copy to compare with after the call; a flat list of words copies in ~1 ms, deepcopy takes ~50."""
    if type(a) is list and all(type(x) in _ATOMS for x in a):
        return list(a)
    return copy.deepcopy(a)


def same_value(a, b):
    """Equal and of the same shape (a list that became a tuple, or 1 that became True, has changed)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b)) if len(a) < 1000 else a == b
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(v, b[k]) for k, v in a.items())
    try:
        return bool(a == b)
    except BaseException:
        return False


# ---------------------------------------------------------------- comparison probe (sorting rules)


def _tagged_type(base, pairs):
    """A subclass of int, float or str whose comparisons record the pair of items compared."""

    def wrap(name):
        op = getattr(base, name)

        def compare(self, other):
            a = self._gk_item
            b = getattr(other, "_gk_item", a)
            if a != b:
                pairs.add((a, b) if a < b else (b, a))
            return op(self, other)

        return compare

    ns = {n: wrap(n) for n in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__")}
    ns["__hash__"] = base.__hash__
    return type(base.__name__, (base,), ns)


def tag_items(items, pairs):
    """A copy of `items` in which every int, float and str inside item k (fields of a tuple, words of a
    list) remembers k, so that any comparison between two items, whole or field by field, adds the
    pair to `pairs`. Values and container types are unchanged (a tuple stays a tuple)."""
    kinds = {t: _tagged_type(t, pairs) for t in (int, float, str)}

    def tag(x, k):
        t = type(x)
        if t in kinds:
            y = kinds[t](x)
            y._gk_item = k
            return y
        if t is tuple:
            return tuple(tag(v, k) for v in x)
        if t is list:
            return [tag(v, k) for v in x]
        return x

    return [tag(x, k) for k, x in enumerate(items)]


def item_of(x, depth=0):
    """The input position a returned item came from (-1 when it carries none)."""
    k = getattr(x, "_gk_item", None) if isinstance(x, (int, float, str)) else None
    if isinstance(k, int):
        return k
    if isinstance(x, (tuple, list)) and depth < 3:
        for v in x:
            k = item_of(v, depth + 1)
            if k >= 0:
                return k
    return -1


def make_patch(p, env):
    kind = p["kind"]
    if kind == "sequence":
        values = [decode(v, env) for v in p["values"]]
        state = {"i": 0}
        name = p["name"]

        def scripted(*args, **kwargs):
            # A call beyond the script (a hand dealt after the last one and never played) gets the last
            # value again: if the program really uses it, it asks for input the test does not give.
            state["i"] += 1
            if state["i"] > len(values):
                if state["i"] == len(values) + 1:
                    NOTICES.append("%s() was called more often than the test scripts (%d times); the extra calls got the last scripted value again" % (name, len(values)))
                return copy.deepcopy(values[-1])
            return copy.deepcopy(values[state["i"] - 1])

        return scripted
    if kind == "replace_key":
        new_key = decode(p["value"], env)

        def replace(d, key, *rest):
            # The MIT grader's substitute_hand mock: every copy of `key` becomes the chosen letter.
            out = {}
            for k, v in d.items():
                k2 = new_key if k == key else k
                out[k2] = out.get(k2, 0) + v
            return out

        return replace
    if kind == "constant":
        return decode(p["value"], env)
    if kind == "python":
        scope = {}
        exec(p["code"], scope)
        return scope[p["name"]]
    if kind == "reference":
        return reference_proxy(p["name"])
    raise ValueError("unknown patch kind %r" % kind)


# ---------------------------------------------------------------- reference helpers in a test


CHILD = {"out": None, "stdin": None, "calls": None, "replies": None}
MAX_FRAME = 8 << 20


def _child_frame(tag, obj):
    data = _dumps(obj).encode("utf-8")
    frame = tag + struct.pack(">Q", len(data)) + data
    view = memoryview(frame)
    while view:
        n = _real_write(CHILD["calls"], view)
        view = view[n:]


def _read_exact(fd, n):
    buf = bytearray()
    while len(buf) < n:
        chunk = os.read(fd, n - len(buf))
        if not chunk:
            raise EOFError("the grader closed the reply channel")
        buf += chunk
    return bytes(buf)


def _ask_grader(name, args, stdin_pos):
    """One call to the grader from a test's child: a reference function, or the next input line."""
    _child_frame(b"C", {"name": name, "args": args, "stdin_pos": stdin_pos})
    size = struct.unpack(">Q", _read_exact(CHILD["replies"], 8))[0]
    if size > MAX_FRAME:
        raise RuntimeError("oversized reply from the grader")
    return _loads(_read_exact(CHILD["replies"], size).decode("utf-8"))


def reference_proxy(name):
    """A module function replaced by the reference's own (a test aimed at play_game runs with the
    reference's play_hand and helpers, so that their bugs are charged to their own tests). The call
    is evaluated by the grader, which consumes scripted input and prints exactly as the reference
    would; only the helper's result comes back, never a test's expected value."""

    def proxy(*args, **kwargs):
        if kwargs:
            raise TypeError("%s() takes no keyword arguments here" % name)
        stdin, out = CHILD["stdin"], CHILD["out"]
        # The session's own values (an 80,000-word list) travel by name, not by value.
        named = {id(v): k for k, v in STATE["names"].items()}
        wire = [{"n": named[id(a)]} if id(a) in named else encode(a) for a in args]
        reply = _ask_grader(name, wire, stdin.pos if stdin.lines is not None or stdin.ask else 0)
        base = out.size
        for ev in reply.get("inputs", []):
            stdin.events.append({"prompt": ev["prompt"], "line": ev["line"], "at": base + ev["at"]})
            stdin.pos += 1
        if reply.get("output"):
            out.write(reply["output"])
        if "exhausted" in reply:
            stdin.exhausted_at = reply["exhausted"]
            raise GradekitInputExhausted()
        if "raise" in reply:
            exc = _BUILTINS.get(reply["raise"]["type"])
            if not (isinstance(exc, type) and issubclass(exc, Exception)):
                exc = RuntimeError
            raise exc(reply["raise"]["message"])
        return decode(reply.get("value"), {})

    proxy.__name__ = proxy.__qualname__ = name
    return proxy


def run_test(req):
    """Runs in the forked child. Returns the observation dict."""
    cap = req.get("output_cap", 1 << 20)
    out = Capture(cap)
    err = Capture(cap)
    stdin = ScriptedInput(req.get("stdin"), out, req.get("echo", True), req.get("yes_no"), bool(req.get("answers")))
    CHILD["out"], CHILD["stdin"] = out, stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, stdin
    builtins.input = stdin.input
    builtins.open = redirecting_open
    os.chdir = forgiving_chdir
    env = dict(STATE["names"])
    for k, w in (req.get("names") or {}).items():
        env[k] = decode(w, {})
    if req.get("cwd"):
        # This test's own word list: its folder becomes the cwd, and hard-coded paths resolve there.
        here = os.path.join(STATE["workdir"], req["cwd"])
        _real_chdir(here)
        STATE["aliases"] = {k: (os.path.join(here, k) if os.path.exists(os.path.join(here, k)) else v) for k, v in STATE["aliases"].items()}
    obs = {"steps": []}
    module = STATE["module"]
    if req.get("seed") is not None:
        import random
        random.seed(int(req["seed"]) if isinstance(req["seed"], int) or str(req["seed"]).lstrip("-").isdigit() else req["seed"])
    for p in req.get("patches", []):
        setattr(module, p["name"], make_patch(p, env))
    tracer = Tracer(req["trace"]) if req.get("trace") else None
    own = OwnOutput(req["own_output"]) if req.get("own_output") else None
    out.own = own
    program = req.get("program")
    stop = None
    if program:
        steps = [{"program": program}]
    else:
        steps = req.get("steps", [])
    for step in steps:
        so = {"out_start": out.size}
        if stop is not None:
            so["skipped"] = stop
            obs["steps"].append(so)
            continue
        t0 = time.perf_counter()
        if own is not None:
            own.start(step["callee"][-1] if "callee" in step else None)
        try:
            if "program" in step:
                run_program(step["program"])
                value = None
            else:
                args = [decode(a, env) for a in step.get("args", [])]
                pairs = None
                if step.get("count_pairs") and args and type(args[0]) is list:
                    # Sorting rules: which items does the call compare with which (see tag_items)?
                    pairs = set()
                    n_items = len(args[0])
                    args[0] = tag_items(args[0], pairs)
                # Mutation check: snapshot now, compare in Python after the call, and report only the
                # arguments that changed (shipping an unchanged 80,000-word list back costs ~1 s).
                before = [snapshot(a) for a in args] if step.get("observe_args") else None
                if tracer:
                    sys.setprofile(tracer)
                try:
                    value = call_path(step["callee"], args, env)
                finally:
                    if tracer:
                        sys.setprofile(None)
                if pairs is not None:
                    so["comparisons"] = {
                        "items": n_items,
                        "pairs": len(pairs),
                        "order": [item_of(v) for v in value] if isinstance(value, (list, tuple)) else None,
                    }
                if step.get("bind"):
                    env[step["bind"]] = value
                if before is not None:
                    so["args_changed"] = {str(i): encode(a) for i, (b, a) in enumerate(zip(before, args)) if not same_value(b, a)}
            if not step.get("bind"):
                so["value"] = encode(value)
            else:
                so["value"] = encode(value) if isinstance(value, (int, float, str, list, tuple, dict, set, type(None))) else {"o": type(value).__name__, "r": "<bound to %s>" % step["bind"]}
        except GradekitInputExhausted:
            so["input_exhausted"] = stdin.exhausted_at
            stop = "input-exhausted"
        except GradekitOutputLimit:
            so["output_limit"] = cap
            stop = "output-limit"
        except GradekitMissing as e:
            so["missing"] = str(e)
        except SystemExit as e:
            so["exit"] = e.code if isinstance(e.code, (int, type(None))) else str(e.code)
            if not program:
                so["error"] = {"type": "SystemExit", "message": "called exit(%r) during the test" % (e.code,), "traceback": student_frames(e)[0], "line": student_frames(e)[1]}
        except RecursionError as e:
            so["error"] = describe_exception(e)
        except MemoryError as e:
            so["error"] = {"type": "MemoryError", "message": "ran out of memory (limit %s MiB)" % req.get("memory_mb", "?"), "traceback": student_frames(e)[0], "line": student_frames(e)[1]}
        except BaseException as e:
            so["error"] = describe_exception(e)
        so["ms"] = (time.perf_counter() - t0) * 1000
        so["out_end"] = out.size
        if own is not None and own.callee is not None:
            so["own_out"] = own.text()
            own.start(None)
        obs["steps"].append(so)
    obs["transcript"] = out.text()
    obs["stderr"] = err.text()[-20000:]
    obs["inputs"] = stdin.events
    obs["input_exhausted"] = stdin.exhausted_at
    obs["unread"] = (len(stdin.lines) - stdin.pos) if stdin.lines is not None else 0
    obs["output_truncated"] = out.truncated
    if tracer:
        obs["trace"] = tracer.report()
    obs["notices"] = list(NOTICES)
    return obs


CODE = {}  # path -> code object, compiled once in the zygote (not once per test)


def program_code(path):
    code = CODE.get(path)
    if code is None:
        with _real_open(path, "rb") as f:
            code = compile(f.read(), path, "exec", dont_inherit=True)
        CODE[path] = code
    return code


def run_program(program):
    """runpy.run_path(path, run_name='__main__'), with the code compiled in the zygote before the fork."""
    if program["kind"] == "main":
        path = STATE["file"]
        sys.argv = [path]
    elif program["kind"] == "script":
        path = program["path"]
        sys.argv = [path] + list(program.get("argv", []))
    else:
        raise ValueError("unknown program kind %r" % program["kind"])
    main = types.ModuleType("__main__")
    main.__dict__.update(__file__=path, __cached__=None, __loader__=None, __package__="", __spec__=None)
    sys.modules["__main__"] = main  # a forked child: nothing to restore
    exec(program_code(path), main.__dict__)


def set_limits(req):
    def lim(which, value):
        try:
            soft, hard = resource.getrlimit(which)
            v = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(which, (v, v))
        except (ValueError, OSError):
            pass

    cpu = req.get("cpu_s")
    if cpu:
        lim(resource.RLIMIT_CPU, int(cpu))
    mem = req.get("memory_mb")
    if mem:
        lim(resource.RLIMIT_AS, int(mem) << 20)
    fsize = req.get("file_size_mb")
    if fsize:
        lim(resource.RLIMIT_FSIZE, int(fsize) << 20)
    nofile = req.get("open_files")
    if nofile:
        lim(resource.RLIMIT_NOFILE, int(nofile))


ZOMBIES = []  # children already SIGKILLed whose exit status nobody needs: reaped off the critical path


def reap_zombies():
    for pid in list(ZOMBIES):
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                ZOMBIES.remove(pid)
        except ChildProcessError:
            ZOMBIES.remove(pid)


def fork_when_possible():
    """os.fork(), waiting up to 2 s while the process limit is full: the processes of a fork bomb that
    the previous test's kill ended are still being reaped."""
    for _ in range(100):
        try:
            return os.fork()
        except BlockingIOError:
            reap_zombies()
            time.sleep(0.02)
    return os.fork()


def fork_test(req):
    """Fork a child for one test; collect its framed result; enforce the wall-time limit."""
    program = req.get("program")
    if program:
        try:  # compiled here, so every fork inherits the code object; a failure is reported by the child
            program_code(STATE["file"] if program.get("kind") == "main" else program["path"])
        except BaseException:
            pass
    reap_zombies()
    r, w = os.pipe()  # child -> driver: tagged frames, C (a reference call) and R (the result)
    rr, rw = os.pipe()  # driver -> child: replies to reference calls
    allowed = {p["name"] for p in req.get("patches", []) if p.get("kind") == "reference"} | ({"__input__"} if req.get("answers") else set())
    t0 = time.perf_counter()
    pid = fork_when_possible()
    if pid == 0:  # child
        try:
            os.close(r)
            os.close(rw)
            os.close(CTL_FD)
            os.setpgid(0, 0)
            CHILD["calls"], CHILD["replies"] = w, rr
            set_limits(req)
            obs = run_test(req)
        except BaseException as e:  # driver bug or hostile interference: report, never hang
            obs = {"driver_error": "%s: %s" % (type(e).__name__, e)}
        try:
            CHILD["calls"] = w
            _child_frame(b"R", obs)
        finally:
            _real_exit(0)
    os.close(w)
    os.close(rr)
    deadline = t0 + req.get("timeout_ms", 5000) / 1000.0
    buf = bytearray()
    need = None
    status = None
    exited = None
    while True:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            status = "timeout"
            break
        ready, _, _ = select.select([r], [], [], min(remaining, 0.05))
        if ready:
            chunk = os.read(r, 1 << 20)
            if chunk:
                buf += chunk
                while need is None and len(buf) >= 9:
                    tag, size = bytes(buf[:1]), struct.unpack(">Q", bytes(buf[1:9]))[0]
                    if tag not in (b"C", b"R") or size > MAX_FRAME:
                        status = "protocol"
                        break
                    if len(buf) < 9 + size:
                        break
                    if tag == b"R":
                        need = size
                        break
                    call = bytes(buf[9:9 + size])
                    del buf[:9 + size]
                    if not relay_call(req, call, allowed, rw, deadline):
                        status = "protocol"
                        break
                if status is not None:
                    break
                if need is not None:
                    status = "ok"
                    break
                continue
            status = "crashed"  # EOF without a full frame: the child died (os._exit, signal, ...)
            break
        if exited is None:
            wp, st = os.waitpid(pid, os.WNOHANG)
            if wp == pid:
                exited = st
    try:
        os.killpg(pid, signal.SIGKILL)  # the child's whole process group: no orphans survive a test
    except (ProcessLookupError, PermissionError):
        pass
    os.close(r)
    os.close(rw)
    res = {"op": "result", "id": req["id"], "nonce": req.get("nonce"), "status": status, "ms": (time.perf_counter() - t0) * 1000}
    if status == "ok":
        try:
            res["obs"] = _loads(bytes(buf[9:9 + need]).decode("utf-8"))
        except ValueError:
            res["status"] = "protocol"
    if exited is None and res["status"] == "ok" and "driver_error" not in res["obs"]:
        ZOMBIES.append(pid)  # its exit status is not needed: reap it before the next test, not now (~1 ms)
        return res
    if exited is None:
        try:
            _, exited = os.waitpid(pid, 0)
        except ChildProcessError:
            exited = 0
    if status != "ok" or "driver_error" in res.get("obs", {}):
        if os.WIFSIGNALED(exited):
            res["signal"] = os.WTERMSIG(exited)
        elif os.WIFEXITED(exited):
            res["exit_code"] = os.WEXITSTATUS(exited)
    return res


CTL = {}


def send(msg):
    data = (_dumps(msg) + "\n").encode("utf-8")
    view = memoryview(data)
    while view:
        n = _real_write(CTL_FD, view)
        view = view[n:]


def relay_call(req, raw, allowed, reply_fd, deadline):
    """A test child asks for a reference function: ask the grader, hand its answer back. Only names the
    test patched with the reference are relayed. False when the child's request is not one."""
    try:
        call = _loads(raw.decode("utf-8"))
        name = call["name"]
    except (ValueError, KeyError, TypeError):
        return False
    if name not in allowed:
        return False
    send({"op": "call", "id": req["id"], "nonce": req.get("nonce"), "name": name, "args": call.get("args", []), "stdin_pos": call.get("stdin_pos", 0)})
    # Nothing else arrives on the channel while a test runs, so the reply is the next line.
    remaining = deadline - time.perf_counter()
    if remaining <= 0 or not select.select([CTL_FD], [], [], remaining)[0]:
        return False
    line = CTL["rfile"].readline()
    try:
        msg = _loads(line)
    except ValueError:
        return False
    if msg.get("op") != "reply" or msg.get("id") != req["id"]:
        return False
    data = _dumps(msg.get("reply", {})).encode("utf-8")
    view = memoryview(struct.pack(">Q", len(data)) + data)
    # A child that asks and then does not read must not hold the driver past the test's deadline.
    os.set_blocking(reply_fd, False)
    while view:
        remaining = deadline - time.perf_counter()
        if remaining <= 0 or not select.select([], [reply_fd], [], remaining)[1]:
            return False
        try:
            view = view[_real_write(reply_fd, view):]
        except BlockingIOError:
            continue
        except OSError:
            return False
    return True


def main():
    ctl = os.fdopen(CTL_FD, "r+b", buffering=0)
    # Keep our protocol endpoints private from student code that looks them up by module attribute.
    rfile = io.BufferedReader(ctl)
    CTL["rfile"] = rfile

    while True:
        line = rfile.readline()
        if not line:
            return
        req = _loads(line)
        op = req.get("op")
        if op == "init":
            try:
                res = do_import(req)
            except BaseException as e:
                res = {"op": "imported", "ok": False, "error": {"type": "DriverError", "message": str(e), "traceback": traceback.format_exc(), "line": None}}
            send(res)
        elif op == "run":
            send(fork_test(req))
        elif op == "exit":
            return


def harden():
    """Before any student code runs: make this process non-dumpable, so that no other process of the same
    uid (a test's child, a process the module started at import) can ptrace it, read or write its memory
    through /proc/<pid>/mem, or take its file descriptors with pidfd_getfd(): a test cannot reach the
    private channel, the nonces or the requests of other tests through the driver. Forked test children
    inherit it. Without prctl (not Linux), nothing to do."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_DUMPABLE = 4
        libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def start():
    """The driver's entry point (driver.py)."""
    harden()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.setrecursionlimit(10000)
    main()
    _real_exit(0)
