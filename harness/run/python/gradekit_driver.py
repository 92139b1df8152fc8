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

import _sha1  # built in (hashlib would load OpenSSL): bound before a student's hashlib.py could shadow it
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
from itertools import repeat as _repeat
from operator import is_ as _is

CTL_FD = 3
# The real clocks, captured before the virtual clock replaces the time module's functions (see
# install_virtual_clock): the driver's own timing never sees student sleeps fast-forwarded.
_real_sleep = time.sleep
_real_time = time.time
_real_time_ns = time.time_ns
_real_monotonic = time.monotonic
_real_monotonic_ns = time.monotonic_ns
_clock = time.perf_counter
_process_time = time.process_time  # the test child's own CPU time, as the student's code cannot replace it
_real_perf_counter_ns = time.perf_counter_ns
_real_open = builtins.open
_real_input = builtins.input
_real_exit = os._exit
_real_write = os.write
# Captured before any student code runs: a module that patches json or builtins at import must not
# break the driver's own messages (it can only ever misreport its own results).
_dumps = json.dumps
_loads = json.loads
_BUILTINS = dict(builtins.__dict__)
_all, _map, _type = all, map, type


def all_str(items):
    """Whether every item is exactly a str (a subclass is not), in one pass at C speed: a generator's
    step per item cost ~5 ms on an 80,000-word list, in every test that snapshots or digests one."""
    return _all(_map(_is, _map(_type, items), _repeat(str)))


class GradekitInputExhausted(BaseException):
    """Raised by input() when the script has no more lines (BaseException: student `except Exception` won't swallow it)."""


class GradekitOutputLimit(BaseException):
    """Raised when a test prints more than the output cap."""


# ---------------------------------------------------------------- value encoding

# Size bounds on every value sent to the grader (harness/model/wire-bounds.ts, whose VALUE_BOUNDS the init
# request carries): a value over one is sent as a marker saying what it was, never converted. Node checks
# them again, since a hostile module can write to the channel without this encoder.
BOUNDS = {"int_digits": 10_000, "str_chars": 1_000_000, "items": 1_000_000, "chars": 4_000_000, "depth": 100}
OVERSIZE = "gradekit-oversize"
_LOG10_2 = 0.30102999566398120


class _Oversize(Exception):
    pass


def _int_digits(x):
    """Decimal digits of abs(x) from its bit length, without converting it (str() of a huge int is quadratic)."""
    bits = abs(x).bit_length()
    if bits < 64:
        return len(str(abs(x)))
    import math

    return int(math.log10(abs(x))) + 1


def _int_str(x):
    """str(x) for an int within the bounds, also past Python's own limit of 4,300 digits (3.11+) and a limit
    the module lowered: the bound, not the interpreter's setting, decides what is compared."""
    try:
        return str(x)
    except ValueError:
        old = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return str(x)
        finally:
            sys.set_int_max_str_digits(old)


def _fmt(n):
    return "{:,}".format(n)


def encode(x, budget=None, depth=0):
    """Python value -> wire JSON (see harness/model/pyvalue.ts); a value over BOUNDS becomes one marker."""
    if budget is None:
        budget = [BOUNDS["items"], BOUNDS["chars"]]
        try:
            return _encode(x, budget, 0)
        except _Oversize as e:
            return {"o": OVERSIZE, "r": str(e)}
    return _encode(x, budget, depth)


def _encode(x, budget, depth):
    if x is None or isinstance(x, bool):
        return x
    if isinstance(x, int):
        digits = _int_digits(x)
        if digits > BOUNDS["int_digits"]:
            raise _Oversize("an int of %s digits; values are compared up to %s digits" % (_fmt(digits), _fmt(BOUNDS["int_digits"])))
        budget[1] -= digits
        if budget[1] < 0:
            raise _Oversize("a value holding more than %s characters in all; values are compared up to that size" % _fmt(BOUNDS["chars"]))
        return {"i": _int_str(int(x))}
    if isinstance(x, float):
        if x != x:
            return {"f": "nan"}
        if x in (float("inf"), float("-inf")):
            return {"f": "inf" if x > 0 else "-inf"}
        return {"f": x}
    if isinstance(x, str):
        if len(x) > BOUNDS["str_chars"]:
            raise _Oversize("a str of %s characters; values are compared up to %s characters" % (_fmt(len(x)), _fmt(BOUNDS["str_chars"])))
        budget[1] -= len(x)
        if budget[1] < 0:
            raise _Oversize("a value holding more than %s characters in all; values are compared up to that size" % _fmt(BOUNDS["chars"]))
        return x
    if isinstance(x, (list, tuple, set, frozenset, dict)):
        if depth >= BOUNDS["depth"]:
            raise _Oversize("a value nested more than %s levels deep; values are compared up to %s levels" % (_fmt(BOUNDS["depth"]), _fmt(BOUNDS["depth"])))
        budget[0] -= len(x)
        if budget[0] < 0:
            raise _Oversize("a value of more than %s elements; values are compared up to %s elements" % (_fmt(BOUNDS["items"]), _fmt(BOUNDS["items"])))
        if isinstance(x, list):
            return {"l": [_encode(v, budget, depth + 1) for v in x]}
        if isinstance(x, tuple):
            return {"tu": [_encode(v, budget, depth + 1) for v in x]}
        if isinstance(x, dict):
            return {"d": [[_encode(k, budget, depth + 1), _encode(v, budget, depth + 1)] for k, v in x.items()]}
        return {"se": [_encode(v, budget, depth + 1) for v in x]}
    try:
        r = repr(x)
    except BaseException as e:  # a hostile __repr__
        r = "<unreprable %s: %s>" % (type(x).__name__, type(e).__name__)
    name = type(x).__name__
    return {"o": name if name not in (OVERSIZE, DIGEST) else "<%s>" % name, "r": r[:2000]}


DIGEST = "gradekit-digest"
DIGEST_MIN_ITEMS = 2000


def digest(x):
    """A long list, tuple or set of strs, as two SHA-1 digests (in its order, and sorted) instead of every
    item, for a step the grader marked: a correct 76,000-word list costs the grader's thread its transfer,
    checks and comparison on every run, and the grader only needs to know that it equals the reference's.
    It asks for the whole value again (another run) when the digests differ. None where the value is not
    of that shape, or over the bounds (encode then says so)."""
    kind = "l" if type(x) is list else "tu" if type(x) is tuple else "se" if type(x) in (set, frozenset) else None
    if kind is None or not DIGEST_MIN_ITEMS <= len(x) <= BOUNDS["items"]:
        return None
    if not all_str(x):  # str subclasses too: their comparisons are the student's code
        return None
    joined = "\x00".join(x)
    # "\0" between items keeps the encoding one-to-one only where no item holds one itself.
    if len(joined) > BOUNDS["chars"] or joined.count("\x00") != len(x) - 1:
        return None
    ordered = "\x00".join(sorted(x))
    sha = lambda s: _sha1.sha1(s.encode("utf-8", "surrogatepass")).hexdigest()
    return {"o": DIGEST, "r": json.dumps({"k": kind, "n": len(x), "h": sha(joined), "s": sha(ordered)})}


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
        if all_str(items):  # a word list: 80,000 plain strings, no per-item call
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


# ---------------------------------------------------------------- the virtual clock


SLEPT = [0]  # nanoseconds of sleep fast-forwarded so far (kept across the fork: a test starts where import ended)


def _virtual_sleep(secs):
    """time.sleep without the wait: every input of a test is scripted and nobody watches the pause, so a
    program that sleeps 2 s between hands passes in milliseconds, and the clocks below advance by the time
    slept, so that it measures elapsed time as it would have. A value time.sleep refuses (negative, NaN,
    too large, not a number) goes to the real time.sleep, which raises exactly as Python does."""
    if isinstance(secs, (int, float)) and 0 <= secs < 9e9:
        SLEPT[0] += secs * 1_000_000_000 if isinstance(secs, int) else int(secs * 1e9)
        # Other threads get the processor, as they would while this one slept: a thread polling a flag
        # another thread sets must not spin on the interpreter lock, and a thread sleeping in a loop must
        # not become a busy loop.
        th = sys.modules.get("threading")
        if th is not None and th.active_count() > 1:
            _real_sleep(min(secs, 0.001))
        return None
    return _real_sleep(secs)


def _v_time():
    return _real_time() + SLEPT[0] / 1e9


def _v_time_ns():
    return _real_time_ns() + SLEPT[0]


def _v_monotonic():
    return _real_monotonic() + SLEPT[0] / 1e9


def _v_monotonic_ns():
    return _real_monotonic_ns() + SLEPT[0]


def _v_perf_counter():
    return _clock() + SLEPT[0] / 1e9


def _v_perf_counter_ns():
    return _real_perf_counter_ns() + SLEPT[0]


def install_virtual_clock():
    """Replaces time.sleep and the clocks that must advance with it, before the student's module is
    imported (so `from time import sleep` binds the virtual one too), and makes datetime.now() read
    time.time() the way the pure-Python datetime does (the C one reads the system clock directly)."""
    for name, fn in (("sleep", _virtual_sleep), ("time", _v_time), ("time_ns", _v_time_ns), ("monotonic", _v_monotonic),
                     ("monotonic_ns", _v_monotonic_ns), ("perf_counter", _v_perf_counter), ("perf_counter_ns", _v_perf_counter_ns)):
        real = getattr(time, name)
        fn.__name__ = fn.__qualname__ = name
        fn.__doc__ = real.__doc__
        fn.__module__ = "time"
        setattr(time, name, fn)
    if "datetime" in sys.modules:
        _virtual_datetime(sys.modules["datetime"])
    else:
        sys.meta_path.insert(0, _DatetimeHook)


class _DatetimeHook:
    """Patches datetime when something first imports it (importing it for every driver would cost a
    millisecond of each submission's start): the usual spec, whose loader patches after executing."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "datetime":
            return None
        sys.meta_path.remove(_DatetimeHook)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find else None
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _PatchingLoader(spec.loader)
                return spec
        return None


class _PatchingLoader:
    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        _virtual_datetime(module)

    def __getattr__(self, name):  # get_source, get_data, ...: linecache and inspect read the real file
        return getattr(self.loader, name)


def _virtual_datetime(dt):
    base = dt.datetime
    if getattr(base, "_gradekit_virtual", False):
        return

    class datetime(base):
        __slots__ = ()
        _gradekit_virtual = True

        @classmethod
        def now(cls, tz=None):
            return cls.fromtimestamp(time.time(), tz)

        @classmethod
        def utcnow(cls):
            return cls.fromtimestamp(time.time(), dt.timezone.utc).replace(tzinfo=None)

        def __repr__(self):
            return "datetime." + base.__repr__(self)

    datetime.__module__ = "datetime"
    datetime.__qualname__ = "datetime"  # <class 'datetime.datetime'>, and pickle finds it where it looks
    dt.datetime = datetime


# ---------------------------------------------------------------- console capture


class Capture(io.TextIOBase):
    """sys.stdout / sys.stderr replacement with a size cap. Shared transcript for stdout + echoed input."""

    def __init__(self, cap, mirror=None):
        self.parts = []
        self.size = 0
        self.cap = cap
        self.truncated = False
        self.own = None  # an OwnOutput that sorts each write by the function printing it (own_output tests)
        # The transcript so far, copied into memory the driver shares (see Mirror) at every line and every
        # input read: what the program had printed and read is known even when it is killed at a limit.
        self.mirror = mirror
        self.synced = 0  # parts copied so far

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
        if self.mirror is not None and "\n" in s:
            self.sync()
        return len(s)

    def sync(self, inputs_read=None):
        m = self.mirror
        if m is None:
            return
        n = len(self.parts)
        new = self.parts[-1] if n == self.synced + 1 else "".join(self.parts[self.synced:])
        self.synced = n
        m.append(new, inputs_read)

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


_YES_NO = {}  # pattern -> compiled: compiled in the driver before it forks (a child's compile dies with it)
_WORDY = re.compile(r"[A-Za-z]{2}")


def yes_no_patterns(patterns):
    """The compiled yes/no spellings of a request, each compiled once per driver (~5 ms a test otherwise)."""
    out = []
    for p in patterns or ():
        rx = _YES_NO.get(p)
        if rx is None:
            rx = _YES_NO[p] = re.compile(p, re.I)
        out.append(rx)
    return out


def _student_frame(f):
    """The innermost frame of the student's file from `f` outwards, or None: where the program was when it
    asked, or was stopped."""
    while f is not None:
        if STATE["file"] and os.path.abspath(f.f_code.co_filename) == STATE["file"]:
            return f
        f = f.f_back
    return None


def _function_of(f):
    """The qualified name of a frame's function, or None at the module's top level."""
    code = f.f_code if f is not None else None
    return None if code is None or code.co_name == "<module>" else getattr(code, "co_qualname", code.co_name)


def _asking_function():
    """The innermost function of the student's file on the stack (its qualified name), or None when the
    question is asked at the module's top level: where a program that asks for more input than a test gives
    has its loop or extra question, so that a whole program's run and a test of that function show one defect."""
    return _function_of(_student_frame(sys._getframe(2)))


class ScriptedInput:
    """input() and sys.stdin over scripted lines, echoing each line into the transcript."""

    def __init__(self, lines, out, echo=True, yes_no=(), ask=False):
        self.echo = echo  # False: the program echoes piped input itself (e.g. the 313E runner)
        # (yes)(no) spellings a prompt may show, e.g. "(y/n)": a scripted yes/no is sent in that spelling.
        self.yes_no = yes_no_patterns(yes_no)
        self.lines = list(lines) if lines is not None else None
        # ask: each line is asked of the grader, which answers by what the question asks (answers by role).
        self.ask = ask
        self.pos = 0
        self.out = out
        self.events = []
        self.exhausted_at = None
        self.exhausted_in = None  # the student's function that asked, when input ran out

    def _next(self, prompt_shown):
        line = self._asked(prompt_shown) if self.ask else None if self.lines is None or self.pos >= len(self.lines) else self.lines[self.pos]
        if line is None:
            if self.exhausted_at is None:
                self.exhausted_at = prompt_shown
                self.exhausted_in = _asking_function()
                self.out.sync(self.pos)
            return None
        line = self._spelled(line, prompt_shown)
        self.pos += 1
        self.events.append({"prompt": prompt_shown, "line": line, "at": self.out.size})
        if self.echo:
            self.out.write(line + "\n")
        self.out.sync(self.pos)
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
            m = rx.search(prompt_shown or "") or (rx.search(above[0]) if above and not _WORDY.search(prompt_shown or "") else None)
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


STATE = {"module": None, "module_name": None, "file": None, "names": {}, "aliases": {}, "workdir": None, "copies": {}}


def redirecting_open(file, mode="r", *args, **kwargs):
    """Hard-coded word-list paths are common (/Users/me/ps3/words.txt, D:\\school\\ps3\\words.txt):
    open the provided copy instead. Windows paths are split at backslashes too. A renamed copy
    (wordsps3.txt, the student's own name for it) is the one provided file of that extension.
    A test with its own word list has its copy read wherever the program looks for the provided file,
    even beside the program by its own path (os.path.join(os.path.dirname(__file__), "words.txt")), where
    the course's whole list also lies."""
    if STATE["copies"] and isinstance(file, (str, bytes, os.PathLike)) and "r" in mode and "+" not in mode:
        file = STATE["copies"].get(os.path.abspath(os.fsdecode(file)), file)
    try:
        return _real_open(file, mode, *args, **kwargs)
    except FileNotFoundError:
        if isinstance(file, (str, bytes, os.PathLike)) and "r" in mode and "+" not in mode:
            base = os.fsdecode(file).replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
            alias = STATE["aliases"].get(base)
            if not alias and "." in base:
                same_kind = [k for k in STATE["aliases"] if "." in k and k.rsplit(".", 1)[1].lower() == base.rsplit(".", 1)[1].lower()]
                if len(same_kind) == 1:
                    alias = STATE["aliases"][same_kind[0]]
                    base = same_kind[0]
            if alias:
                NOTICES.append("opened %r, which does not exist here; used the provided %s instead" % (os.fsdecode(file), base))
                REDIRECTED.append({"opened": os.fsdecode(file)[:300], "used": base})
                return _real_open(alias, mode, *args, **kwargs)
        raise


NOTICES = []
# Files opened by a path that does not exist here and read from the provided copy instead: as handed in, the
# program could not have read them (reported with the import: the file does not run as handed in).
REDIRECTED = []
# How many times each scripted sequence was drawn from in this test (the grader compares it with the
# reference's count: a program may draw values it never uses, causes of a failure it looks for).
DRAWS = {}
# The patched functions this test called (a mock, a scripted sequence, the reference's): a re-run that only
# changes one the run never called is the same run, and the grader does not make it (causes.ts).
CALLED = set()
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
    'only random may be imported'), the top-level functions whose last definition is still a stub
    (only pass, ..., return None or raise NotImplementedError after the docstring): one defect each,
    charged once, whatever tests call them; and the written ones that return nothing, with the line of
    their def: a test of their return value sees that from the source even when a crash stops the run."""
    tree = STATE.get("tree")  # the tree the import ran: a salvaged file's, after its repairs
    try:
        if tree is None:
            with _real_open(path, "rb") as f:
                tree = ast.parse(f.read(), filename=path)
    except BaseException:
        return [], [], []
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
    stubs = sorted(n for n, f in last.items() if _is_stub(f))
    silent = [{"name": n, "line": f.lineno} for n, f in sorted(last.items()) if n not in stubs and not _returns_value(f)]
    return [{"module": m, "line": ln} for m, ln in names], stubs, silent


def string_literals(tree, cap=400):
    """The program's own strings, docstrings aside (f-strings by their constant parts): what it can say or
    ask. A rule whose question the program never asked in a test, though one of these asks it, was written
    and not reached (charges.ts), not a feature never written."""
    if tree is None:
        return []
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                docs.add(id(first.value))
    seen = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else " " for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
        else:
            continue
        text = text.strip()[:300]
        if text and any(c.isalpha() for c in text) and text not in seen:
            seen.append(text)
            if len(seen) >= cap:
                break
    return seen


def _returns_value(fn):
    """Whether a function can return anything but None: a `return <value>` (not None) in its own body, or a
    yield (a generator returns one). Nested functions, lambdas and classes are their own bodies. A function
    whose own code never says `return <value>` returns None however it ends."""
    todo = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(node, ast.Return) and node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


def _is_stub_body_trivial(body):
    """A body of prints alone is a message, not a stub: a stub ends in pass, return None or a raise."""
    return all(isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) for st in body)


def _says_unimplemented(args):
    """print("play_game not implemented.") or "TO DO": the starter's words for a function not written yet."""
    text = " ".join(str(a.value) for a in args).lower()
    return "not implemented" in text or "to do" in text or "todo" in text


def _is_stub(fn):
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    for st in body:
        if isinstance(st, ast.Pass):
            continue
        # The starter's own stub says so: print("play_game not implemented.") (constant arguments only), alone
        # or beside a pass/return None. A body of other constant prints alone is a message, not a stub.
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Name) and st.value.func.id == "print" \
                and all(isinstance(a, ast.Constant) for a in st.value.args) \
                and ((len(body) > 1 and not _is_stub_body_trivial(body)) or _says_unimplemented(st.value.args)):
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
    BOUNDS.update(req.get("bounds") or {})
    t0 = _clock()
    cpu0 = time.process_time()
    result = {"op": "imported", "ok": True}
    limit_ms = req.get("import_cpu_ms")
    if limit_ms:
        # The import's CPU time is what a limit can fairly judge; the grader's wall clock is only a backstop.
        IMPORTING.update(cpu0=cpu0, t0=t0, limit_ms=limit_ms, out=out, err=err)
        signal.signal(signal.SIGPROF, _import_used_its_cpu)
        signal.setitimer(signal.ITIMER_PROF, limit_ms / 1000.0)
    try:
        spec = importlib.util.spec_from_file_location(req["module"], path)
        if spec is None or spec.loader is None:
            raise ImportError("cannot load %s" % path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[req["module"]] = module
        result["skipped"], result["set_aside"] = exec_module_forgiving(module, path, stdin, req.get("import") == "strict", req.get("starter"))
        STATE["module"] = module
        adopted = adopt_methods(module, req.get("required") or [])
        if adopted:
            result["adopted"] = adopted
    except SystemExit as e:
        result.update(ok=False, error={"type": "SystemExit", "message": "the module called exit(%r) while being imported" % (e.code,), "traceback": student_frames(e)[0], "line": student_frames(e)[1]})
    except GradekitOutputLimit:
        result.update(ok=False, error={"type": "OutputLimit", "message": "the module printed more than %d characters while being imported" % out.cap, "traceback": "", "line": None})
    except BaseException as e:
        result.update(ok=False, error=describe_exception(e))
    finally:
        if limit_ms:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, signal.SIG_DFL)
        sys.stdout, sys.stderr, sys.stdin, builtins.input = saved
        builtins.__dict__.update(_BUILTINS)
        builtins.open = redirecting_open
    if result["ok"]:
        # Planned from the source before any student code ran, applied now that the builtins are the driver's
        # again (a module may replace isinstance or sorted while it is imported).
        MAIN_WIRING.update(STATE.pop("main_wiring", {}))
        STATE["signatures"] = req.get("signatures") or {}
        renamed = adopt_renamed(STATE["module"], req.get("required") or [], STATE["signatures"])
        if renamed:
            result["renamed"] = renamed
        if req.get("import") != "strict":
            repairs = _bind_python2_names(STATE.pop("python2_plan", ()), STATE["module"].__dict__, STATE.get("lines", []))
            if repairs:
                result["set_aside"] = list(result.get("set_aside") or []) + repairs
                STATE["set_aside"] = list(STATE.get("set_aside") or []) + repairs
    result["duration_ms"] = (_clock() - t0) * 1000
    result["cpu_ms"] = (time.process_time() - cpu0) * 1000
    result["output"] = out.text()
    result["stderr"] = err.text()
    result["static_imports"], result["stubs"], result["no_return"] = static_facts(path)
    result["literals"] = string_literals(STATE.get("tree"))
    result["runtime_imports"] = sorted(m for m in set(sys.modules) - before if "." not in m and m != req["module"])
    result["notices"] = list(NOTICES)
    result["redirected"] = list(REDIRECTED)
    if result["ok"]:
        names = {}
        for k, w in req.get("names", {}).items():
            names[k] = decode(w, {})
        STATE["names"] = names
        result["attributes"] = sorted(a for a in dir(STATE["module"]) if not a.startswith("__") and not isinstance(getattr(STATE["module"], a, None), _SetAside))
        # Every test is a fork of this process. Objects alive now move to the permanent generation, so
        # a collection in a test's child never walks them (writing their headers would copy, page by
        # page, the memory the child shares with us): CPython's remedy for fork servers.
        gc.collect()
        gc.freeze()
    return result


def adopt_methods(module, required):
    """The handout's functions written as methods of one class of the program (a class holding the game
    and its helpers, each a method): a TA grades them as written, charging the changed design once. When
    required functions are missing from the module and one class of its own defines them, an instance made
    with no arguments stands in: its bound methods become the module's functions, each test (a fork) gets
    its own copy of the instance, and the grader is told which (the `defines` rule charges it). What the
    constructor prints or reads is not the import's; a constructor that needs arguments or fails adopts
    nothing."""
    missing = [n for n in required if not hasattr(module, n)]
    if not missing:
        return {}
    own = [c for c in vars(module).values() if isinstance(c, type) and getattr(c, "__module__", None) == module.__name__]
    ranked = sorted(own, key=lambda c: -sum(callable(getattr(c, n, None)) for n in missing))
    if not ranked or not any(callable(getattr(ranked[0], n, None)) for n in missing):
        return {}
    cls = ranked[0]
    saved = sys.stdout, sys.stderr, sys.stdin, builtins.input
    sink = Capture(1 << 16)
    quiet = ScriptedInput([], sink)
    sys.stdout, sys.stderr, sys.stdin, builtins.input = sink, sink, quiet, quiet.input
    try:
        instance = cls()
    except (Exception, GradekitInputExhausted, GradekitOutputLimit, SystemExit):
        return {}
    finally:
        sys.stdout, sys.stderr, sys.stdin, builtins.input = saved
    adopted = {}
    for n in missing:
        f = getattr(instance, n, None)
        if callable(f):
            setattr(module, n, f)
            adopted[n] = cls.__name__
    return adopted


def adopt_renamed(module, required, signatures):
    """A required function written under another name: `compare(second, first)` where the handout asks for
    matches(first, second). A TA grades it as written and charges the changed name once.
    It is recognised by the handout's parameter names alone (two or more, in any order), on the only top-level
    function of the file's own with exactly those parameters and no required name; the module's missing name
    then calls it, each argument given to the parameter of its handout name. Returns name -> the function's
    own `name(params)`, for the grader to say (the `defines` rule charges it)."""
    missing = [n for n in required if len(signatures.get(n) or ()) >= 2 and not hasattr(module, n)]
    if not missing:
        return {}
    own = {}
    for name, f in list(vars(module).items()):
        # type(), not isinstance: nothing of the student's (a __class__ property) runs here.
        if type(f) is not types.FunctionType or f.__module__ != module.__name__ or name in required:
            continue
        code = f.__code__
        if code.co_flags & 0x0C == 0 and code.co_kwonlyargcount == 0:  # no *args, **kwargs (CO_VARARGS | CO_VARKEYWORDS)
            own[name] = (f, list(code.co_varnames[:code.co_argcount]))
    renamed = {}
    for name in missing:
        params = signatures[name]
        fits = [(n, f, p) for n, (f, p) in own.items() if sorted(p) == sorted(params)]
        if len(fits) != 1:
            continue
        other, f, p = fits[0]
        renamed[name] = "%s(%s)" % (other, ", ".join(p))
        setattr(module, name, _called_by_names(f, params))
    return renamed


def _called_by_names(f, params):
    """f, called with the handout's positional order: each argument goes to its parameter of that name."""
    def by_name(*args, **kwargs):
        kwargs.update(zip(params, args))
        return f(**kwargs)
    by_name.__wrapped__ = f
    by_name.__name__ = f.__name__
    return by_name


IMPORTING = {}


def _import_used_its_cpu(signum, frame):
    """SIGPROF at the import's CPU limit: report the time limit, with where the import was, and end the
    driver (a module that catches exceptions cannot swallow this)."""
    signal.setitimer(signal.ITIMER_PROF, 0)
    f = _student_frame(frame)
    where = f.f_lineno if f is not None else None
    limit = IMPORTING["limit_ms"] / 1000.0
    out, err = IMPORTING["out"], IMPORTING["err"]
    send({"op": "imported", "ok": False, "output": out.text()[-65536:], "stderr": err.text()[-65536:],
          "duration_ms": (_clock() - IMPORTING["t0"]) * 1000, "cpu_ms": (time.process_time() - IMPORTING["cpu0"]) * 1000,
          "static_imports": [], "runtime_imports": [], "notices": list(NOTICES),
          "error": {"type": "ImportTimeout", "message": "importing the module used more than %s s of CPU time%s" % (_secs(limit), " (it was at line %d)" % where if where else ""),
                    "traceback": "", "line": where}})
    _real_exit(0)


def _secs(x):
    return ("%.2f" % x).rstrip("0").rstrip(".")


def exec_module_forgiving(module, path, stdin, strict=False, starter=None, _isinstance=isinstance, _compile=compile, _exec=exec, _getattr=getattr, _len=len, _Exception=Exception, _SystemExit=SystemExit):
    """Runs the module's top-level statements one by one, as `import` would. A statement that asks for
    input while the module is being imported (a game started outside `if __name__ == '__main__':`) is
    skipped, and the rest of the module still runs: that mistake is charged once, by the rule about
    importing, not by every test. The names such a statement would have set (HAND_SIZE = int(input()))
    get the starter's value when the reference defines them (`starter`).

    Unless `strict` (the course's "does not run = 0"), a file that does not parse is repaired by the
    smallest change (gradekit_salvage.py), and a statement that raises (a debug print of an undefined name,
    an unused import of a package this machine lacks, an exit()) is set aside: the rest still runs. Each
    is recorded, for the import test to charge once; the functions whose def was set aside count as
    missing (their tests say so). Returns (skipped, set_aside). The builtins it uses are bound when the
    driver starts: the module may replace them while it runs."""
    with _real_open(path, "rb") as f:
        source = f.read()
    set_aside = []
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError:
        if strict:
            raise
        tree, text = _salvaged_tree(source, path, set_aside)
        source = text.encode("utf-8")
    lines = source.decode("utf-8", "replace").splitlines()
    STATE["tree"] = tree
    STATE["lines"] = lines
    # What the source says, read before any of it runs (the module may replace builtins the analyses use).
    STATE["main_wiring"] = main_block_wiring(tree)
    STATE["python2_plan"] = _python2_names(tree)
    skipped = []
    unrun = []  # top-level statements set aside while running: a program run leaves them out too
    flags = 0  # `from __future__ import ...` applies to the whole module, so to every later statement
    for node in tree.body:
        if _isinstance(node, ast.ImportFrom) and node.module == "__future__":
            import __future__
            for alias in node.names:
                flags |= _getattr(_getattr(__future__, alias.name, None), "compiler_flag", 0)
        text = lines[node.lineno - 1].strip()[:200] if 0 < node.lineno <= _len(lines) else "?"
        try:
            # A statement can parse and still not compile ('return' outside a function, a bad nonlocal).
            run = lambda n: _exec(_compile(ast.Module(body=[n], type_ignores=[]), path, "exec", flags=flags, dont_inherit=True), module.__dict__)
            if not strict and _isinstance(node, ast.ClassDef):
                for inner in _run_class_forgiving(node, path, run, stdin):
                    (skipped if inner.pop("asked") else set_aside).append(inner)
                    unrun.append(_Lines(inner["line"], inner.pop("end_line")))
            else:
                run(node)
        except GradekitInputExhausted:
            entry = {"line": node.lineno, "source": text, "prompt": stdin.exhausted_at}
            bound = _bind_starter(node, module.__dict__, starter)
            if bound:
                entry["bound"] = bound
            skipped.append(entry)
            stdin.exhausted_at = None
        except (_Exception, _SystemExit, GradekitMissing) as e:
            # The grader's own signals (GradekitOutputLimit, the import's CPU limit) are not Exceptions.
            if strict:
                raise
            if _isinstance(e, _SystemExit):
                why = "SystemExit: the module called exit(%r) while being imported" % (e.code,)
            elif _isinstance(e, GradekitMissing):
                why = "it calls %s, which the file does not define" % e
            else:
                why = "%s: %s" % (type(e).__name__, (e.msg if _isinstance(e, SyntaxError) else str(e))[:300])
            compiled = not _isinstance(e, SyntaxError)
            line = node.lineno if compiled else (e.lineno or node.lineno)
            set_aside.append({"action": "set_aside", "line": line, "start_line": node.lineno, "end_line": node.end_lineno or node.lineno,
                              "source": lines[line - 1].strip()[:200] if 0 < line <= _len(lines) else text, "error": why,
                              "names": [node.name] if _isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else [],
                              "why": "it raised while the module was imported" if compiled else "it does not compile"})
            unrun.append(node)
    if set_aside:
        STATE["set_aside"] = set_aside
        _mark_set_aside(module, set_aside)
        STATE["program_source"] = _without(source, unrun)
    return skipped, set_aside


class _Lines:
    """Lines of the source, as `_without` takes a statement's."""

    def __init__(self, lineno, end_lineno):
        self.lineno, self.end_lineno = lineno, end_lineno


def _run_class_forgiving(node, path, run, stdin, tries=3, _isinstance=isinstance, _len=len, _next=next, _type=type, _str=str, _Exception=Exception):
    """Runs a class statement; a statement of its own body (outside its methods) that asks for input or
    raises while the module is imported is set aside and the class run again without it, as a TA deletes a
    stray debug line and grades the methods (P2). Returns what was set aside, each as the import's records
    are (`asked`: it asked for input). Raises as the class statement did when no such line is found. As in
    exec_module_forgiving, its builtins are bound when the driver starts: the class body may replace them."""
    out = []
    current = node
    for _ in range(tries + 1):
        try:
            run(current)
            return out
        except (GradekitInputExhausted, _Exception) as e:
            line = _class_body_line(e, path, current)
            if line is None or _len(out) == tries:
                raise
            current = copy.deepcopy(current)
            stmt = _next(b for b in current.body if b.lineno <= line <= (b.end_lineno or b.lineno))
            current.body[current.body.index(stmt)] = ast.copy_location(ast.Pass(), stmt)
            lines = STATE["lines"]
            text = lines[stmt.lineno - 1].strip()[:200] if 0 < stmt.lineno <= _len(lines) else "?"
            if _isinstance(e, GradekitInputExhausted):
                out.append({"asked": True, "line": stmt.lineno, "end_line": stmt.end_lineno or stmt.lineno, "source": text, "prompt": stdin.exhausted_at})
                stdin.exhausted_at = None
            else:
                out.append({"asked": False, "action": "set_aside", "line": stmt.lineno, "start_line": stmt.lineno, "end_line": stmt.end_lineno or stmt.lineno,
                            "source": text, "error": "%s: %s" % (_type(e).__name__, _str(e)[:300]), "names": [],
                            "why": "it raised while the module was imported (in the body of class %s, outside its methods)" % node.name})
    return out


def _class_body_line(e, path, node, _isinstance=isinstance, _next=next):
    """The line of the class body's own statement (not a method's) where `e` was raised, or None."""
    tb, line = e.__traceback__, None
    while tb is not None:
        f = tb.tb_frame
        if f.f_code.co_filename == path and f.f_code.co_name == node.name and node.lineno < tb.tb_lineno <= (node.end_lineno or node.lineno):
            line = tb.tb_lineno
        tb = tb.tb_next
    if line is None:
        return None
    holder = _next((b for b in node.body if b.lineno <= line <= (b.end_lineno or b.lineno)), None)
    return None if holder is None or _isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else line


def _raw_input(prompt=""):
    return builtins.input(prompt)  # the test's scripted input, looked up at each call


# Python 2's names of Python 3 builtins, as 2to3 rewrites them.
PYTHON2_NAMES = {"raw_input": ("input", _raw_input), "xrange": ("range", range), "unicode": ("str", str), "basestring": ("str", str),
                 "long": ("int", int), "unichr": ("chr", chr)}


def _python2_names(tree):
    """(name, first line) of each Python 2 name the file reads and never defines, from its tree alone."""
    defined = set()
    first = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            if not isinstance(n.ctx, ast.Load):
                defined.add(n.id)
            elif n.id in PYTHON2_NAMES and (n.id not in first or n.lineno < first[n.id]):
                first[n.id] = n.lineno
        elif isinstance(n, ast.arg):
            defined.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in n.names)
    return sorted(((k, v) for k, v in first.items() if k not in defined), key=lambda x: x[1])


def _bind_python2_names(plan, namespace, lines):
    """A file written for Python 2 that parses in Python 3 (raw_input(), xrange()) stops with a NameError
    at the first call of such a name, in every test that reaches it: one line a TA fixes on sight, as 2to3
    does. Each such name the file reads and never defines (`plan`, _python2_names) is bound to its Python 3
    builtin, in the module and in a run of the program (STATE["python2"]), and recorded as a repair the
    import test charges once."""
    repairs = []
    bound = STATE.setdefault("python2", {})
    for name, line in plan:
        if name in namespace:
            continue
        py3, value = PYTHON2_NAMES[name]
        namespace[name] = bound[name] = value
        repairs.append({"action": "repaired", "when": "run", "line": line, "source": lines[line - 1].strip()[:200] if 0 < line <= len(lines) else "?",
                        "error": "NameError: name %r is not defined in Python 3 (%s is Python 2's %s)" % (name, name, py3),
                        "why": "%s was read as Python 3's %s, as 2to3 writes it" % (name, py3)})
    return repairs


def _salvaged_tree(source, path, set_aside):
    """The tree of a file that does not parse, after the repairs of gradekit_salvage.py (loaded from beside
    this file, only now: before any student code has run). The original error when nothing salvages it."""
    import importlib.util

    try:
        text = importlib.util.decode_source(source)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return ast.parse(source, filename=path)  # raises the original error: not Python text
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("gradekit_salvage", os.path.join(here, "gradekit_salvage.py"))
    salvage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(salvage)
    try:
        tree, text, repairs = salvage.repair(text, path)
    except salvage.NotSalvaged:
        return ast.parse(source, filename=path)
    set_aside.extend(repairs)
    STATE["program_source"] = text.encode("utf-8")
    return tree, text


class _SetAside:
    """Stands for a function whose def was set aside: calling it is calling a function the file does not
    define (one defect, the function's, wherever it is called from)."""

    def __init__(self, name):
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        raise GradekitMissing(self.__name__)

    def __repr__(self):
        return "<%s: set aside, its def does not compile>" % self.__name__


def _mark_set_aside(module, set_aside):
    for entry in set_aside:
        for name in entry.get("names", ()):
            if name not in module.__dict__:
                module.__dict__[name] = _SetAside(name)


def _without(source, nodes):
    """The module's source with these top-level statements blanked (line numbers kept): the program a run
    as __main__ executes, as after the set-aside lines were fixed."""
    lines = source.decode("utf-8", "replace").split("\n")
    for node in nodes:
        for k in range(node.lineno - 1, min(node.end_lineno or node.lineno, len(lines))):
            lines[k] = ""
    return "\n".join(lines).encode("utf-8")


def _bind_starter(node, namespace, starter):
    """The names a skipped statement assigns that the starter (the reference) defines, bound to its values:
    HAND_SIZE = int(input("hand size? ")) leaves HAND_SIZE as the handout's 7, not undefined."""
    if not starter:
        return None
    targets = []
    if isinstance(node, ast.Assign):
        for t in node.targets:
            targets += [n.id for n in ast.walk(t) if isinstance(n, ast.Name)]
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
        targets.append(node.target.id)
    bound = {}
    for name in targets:
        if name in starter and name not in namespace:
            namespace[name] = decode(starter[name], {})
            bound[name] = repr(namespace[name])[:100]
    return bound


# ---------------------------------------------------------------- globals the program's main block sets

# {function: [(parameter position, global name)]}: see main_block_wiring.
MAIN_WIRING = {}


def _is_main_guard(test):
    """`__name__ == "__main__"`, either way round."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)


def _global_reads(tree):
    """Every name a function of the module reads as a global: loaded in its body and neither a parameter
    nor assigned there (unless declared global). A parameter of the same name is not a global read: a
    program whose functions all take secret_word as a parameter reads no global secret_word."""
    names = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        inner = list(ast.walk(fn))
        declared = {n for g in inner if isinstance(g, ast.Global) for n in g.names}
        local = set()
        for f in inner:  # its own parameters and those of functions nested in it
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                a = f.args
                local.update(x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [v for v in (a.vararg, a.kwarg) if v])
        local.update(n.id for n in inner if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load))
        local -= declared
        names.update(n.id for n in inner if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in local)
    return names


def main_block_wiring(tree):
    """A program run as a script sets some globals in its `if __name__ == "__main__":` block and passes them
    to its game (secret_word = choose_word(wordlist); hangman(secret_word)); a function of it that reads the
    global instead of its parameter works when the program runs, and a test that imports the module and
    calls the function finds the global undefined: a failure the grading environment caused, not the
    program. Returns, for each top-level function the main block calls with such a global (or that has a
    parameter of its name), which argument sets which global: when a test calls the function and the global
    is still undefined, it gets that argument, as the program's own run gives it. Read from the source alone,
    before any of it runs; only globals some function reads and no top-level statement outside the main
    block assigns."""
    if tree is None:
        return {}
    read = _global_reads(tree)
    functions = {n.name: [a.arg for a in n.args.posonlyargs + n.args.args] for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    top = set()
    for n in tree.body:
        if not (isinstance(n, ast.If) and _is_main_guard(n.test)) and not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top.update(x.id for x in ast.walk(n) if isinstance(x, ast.Name) and not isinstance(x.ctx, ast.Load))
    wiring = {}
    for node in tree.body:
        if not (isinstance(node, ast.If) and _is_main_guard(node.test)):
            continue
        block = ast.Module(body=node.body, type_ignores=[])
        assigned = set()
        for n in ast.walk(block):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, (ast.AnnAssign, ast.AugAssign, ast.For)) else []
            assigned.update(x.id for t in targets for x in ast.walk(t) if isinstance(x, ast.Name))
        wanted = {g for g in assigned if g in read and g not in top and g not in functions}
        for n in ast.walk(block):
            if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in functions):
                continue
            params = functions[n.func.id]
            pairs = [(i, a.id) for i, a in enumerate(n.args) if isinstance(a, ast.Name) and a.id in wanted]
            pairs += [(params.index(k.arg), k.value.id) for k in n.keywords if k.arg in params and isinstance(k.value, ast.Name) and k.value.id in wanted]
            for pair in pairs:
                if pair not in wiring.setdefault(n.func.id, []):
                    wiring[n.func.id].append(pair)
        # A function whose parameter has the global's name (game(secret_word), its call in a
        # line of the main block the student commented out) is given it the same way.
        for name, params in functions.items():
            for i, p in enumerate(params):
                if p in wanted and (i, p) not in wiring.setdefault(name, []):
                    wiring[name].append((i, p))
    return {f: p for f, p in wiring.items() if p}


def _wire_main_globals(name, args):
    """Before a test's call of `name`: the globals its main block would have set from these arguments."""
    module = STATE["module"].__dict__
    for position, glob in MAIN_WIRING.get(name, ()):
        if position < len(args) and glob not in module:
            module[glob] = args[position]
            note = ("your functions read the global %s, which only your program's `if __name__ == \"__main__\":` block sets and passes "
                    "to them: in each test it was set to the argument of the call that has it, as your program's own run sets it" % glob)
            if note not in NOTICES:
                NOTICES.append(note)


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
        if len(path) == 1 and head in MAIN_WIRING:
            _wire_main_globals(head, args)
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
    if type(a) is list and _all(_map(_ATOMS.__contains__, _map(_type, a))):
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
            DRAWS[name] = state["i"]
            CALLED.add(name)
            if state["i"] > len(values):
                if state["i"] == len(values) + 1:
                    NOTICES.append("%s() was called more often than the test scripts (%d times); the extra calls got the last scripted value again" % (name, len(values)))
                return copy.deepcopy(values[-1])
            return copy.deepcopy(values[state["i"] - 1])

        return scripted
    if kind == "replace_key":
        new_key = decode(p["value"], env)

        in_place = p.get("in_place") or False

        name = p["name"]

        def replace(d, key, *rest):
            # The MIT grader's substitute_hand mock: every copy of `key` becomes the chosen letter.
            CALLED.add(name)
            out = {}
            for k, v in d.items():
                k2 = new_key if k == key else k
                out[k2] = out.get(k2, 0) + v
            if in_place:
                # The variant the grader tries when a program fails (causes.ts): the substitution happens to the
                # hand given, and the value returned is the hand as it was. Only a program that ignores what
                # substitute_hand returns, and relies on the change to its argument, plays the substituted hand.
                # "returned": the hand given, changed, is also the value returned, as a substitute_hand that
                # changes its argument returns it: a program that relies on that change anywhere plays on.
                before = dict(d)
                d.clear()
                d.update(out)
                return d if in_place == "returned" else before
            return out

        return replace
    if kind == "constant":
        return decode(p["value"], env)
    if kind == "python":
        scope = {}
        exec(p["code"], scope)
        return scope[p["name"]]
    if kind == "reference":
        return reference_proxy(p["name"], p.get("params"))
    raise ValueError("unknown patch kind %r" % kind)


# ---------------------------------------------------------------- reference helpers in a test


CHILD = {"out": None, "stdin": None, "calls": None, "replies": None, "frame_cap": 40 << 20, "lock": None, "seq": 0, "tables": {}, "same": {}}
# A frame may hold a transcript of output_cap characters (4 UTF-8 bytes each at most) and values within
# BOUNDS; fork_test sets the cap of each test (harness/model/wire-bounds.ts messageCap is Node's side).
VALUE_BYTES = 32 << 20


def frame_cap(output_cap):
    return 4 * output_cap + VALUE_BYTES


def _frame_bytes(obj):
    # ensure_ascii=False: a frame is at most 4 bytes per character of its texts (escapes would make it 6-12).
    return _dumps(obj, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _child_frame(tag, obj):
    data = _frame_bytes(obj)
    if tag == b"R" and len(data) > CHILD["frame_cap"]:
        data = _frame_bytes(_compact(obj, len(data)))
    frame = tag + struct.pack(">Q", len(data)) + data
    view = memoryview(frame)
    while view:
        n = _real_write(CHILD["calls"], view)
        view = view[n:]


def _compact(obs, size):
    """A result too large for one frame (values near every bound at once): the values are replaced by a
    marker saying so, and the texts are cut, so the test fails with that reason instead of a lost reply."""
    marker = {"o": OVERSIZE, "r": "values whose encoding takes %s bytes; a result is compared up to %s bytes" % (_fmt(size), _fmt(CHILD["frame_cap"]))}
    steps = []
    for st in obs.get("steps", []):
        st = {k: v for k, v in st.items() if k not in ("value", "args_changed", "comparisons")}
        st["value"] = marker
        steps.append(st)
    out = dict(obs, steps=steps)
    for k in ("transcript", "stderr"):
        if isinstance(out.get(k), str):
            out[k] = out[k][:1 << 20]
    out["inputs"] = out.get("inputs", [])[:1000]
    return out


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
    # One call at a time on the channel, even from several threads: each reply is read by its caller.
    if CHILD["lock"] is None:
        import _thread

        CHILD["lock"] = _thread.allocate_lock()
    with CHILD["lock"]:
        CHILD["seq"] += 1
        _child_frame(b"C", {"name": name, "args": args, "stdin_pos": stdin_pos, "seq": CHILD["seq"]})
        size = struct.unpack(">Q", _read_exact(CHILD["replies"], 8))[0]
        if size > CHILD["frame_cap"]:
            raise RuntimeError("oversized reply from the grader")
        return _loads(_read_exact(CHILD["replies"], size).decode("utf-8"))


_NOT_IN_TABLE = object()


def _table_key(wire):
    # Arguments that are all plain strings (a pattern and a word: the common case) are their own key, so that a
    # call made once per word of an 80,000-word list is looked up without encoding its arguments each time
    # (a few tens of microseconds a call added up to seconds of CPU per hint, past the kernel's limit).
    if all(type(w) is str for w in wire):
        return tuple(wire)
    return _dumps(wire, sort_keys=True, separators=(",", ":"))


def reference_proxy(name, params=None):
    """A module function replaced by the reference's own (a test aimed at play_game runs with the
    reference's play_hand and helpers, so that their bugs are charged to their own tests). The call
    is evaluated by the grader, which consumes scripted input and prints exactly as the reference
    would; only the helper's result comes back, never a test's expected value."""

    def proxy(*args, **kwargs):
        # Encoding the arguments, looking up or asking for the answer and decoding it is gradekit's work, done
        # in the student's process: not the program's CPU time (a loop over an 80,000-word list that calls a
        # reference helper each time spent seconds here, and was stopped at its limit or not by chance).
        t0 = _process_time()
        CALLED.add(name)
        try:
            return _proxied(args, kwargs)
        finally:
            WHERE["slot"].add_grader_cpu(_process_time() - t0)

    def _proxied(args, kwargs):
        if kwargs:
            raise TypeError("%s() takes no keyword arguments here" % name)
        # Arguments of the student's own beyond the handout's (a changed signature, charged by the function's
        # own tests) are left out: the handout's function stands in for the student's to test the caller.
        if params is not None and len(args) > params:
            args = args[:params]
        table = CHILD["tables"].get(name)
        if table is not None and all(type(a) is str for a in args):
            known = table.get(args, _NOT_IN_TABLE)
            if known is not _NOT_IN_TABLE:
                return decode(known, {})
        stdin, out = CHILD["stdin"], CHILD["out"]
        # The session's own values (an 80,000-word list) travel by name, not by value.
        named = {id(v): k for k, v in STATE["names"].items()}
        wire = [{"n": named[id(a)]} if id(a) in named else encode(a) for a in args]
        key = _table_key(wire)
        if table is not None:
            known = table.get(key, _NOT_IN_TABLE)
            if known is not _NOT_IN_TABLE:
                return decode(known, {})
        pos = stdin.pos if stdin.lines is not None or stdin.ask else 0
        # An answer the grader said is the same for the same call at the same point of the input (ReferenceReply.pure).
        same = CHILD["same"].get((name, pos, key), _NOT_IN_TABLE)
        if same is not _NOT_IN_TABLE:
            return decode(same, {})
        reply = _ask_grader(name, wire, pos)
        if reply.get("pure") and "value" in reply:
            CHILD["same"][(name, pos, key)] = reply["value"]
        # A function the grader found pure (it printed and read nothing), called once per word of the list:
        # its other answers come at once, and are looked up here instead of asked for one by one.
        for entry in reply.get("table", ()):
            CHILD["tables"].setdefault(name, {})[_table_key(entry[0])] = entry[1]
        base = out.size
        for ev in reply.get("inputs", []):
            stdin.events.append({"prompt": ev["prompt"], "line": ev["line"], "at": base + ev["at"]})
            stdin.pos += 1
        if reply.get("output"):
            out.write(reply["output"])
        out.sync(stdin.pos)
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
    out = Capture(cap, MIRROR["map"])
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
        own = {k: os.path.join(here, k) for k in STATE["aliases"] if os.path.exists(os.path.join(here, k))}
        STATE["aliases"] = {**STATE["aliases"], **own}
        STATE["copies"] = {os.path.join(STATE["workdir"], k): path for k, path in own.items()}
    obs = {"steps": []}
    module = STATE["module"]
    if req.get("seed") is not None:
        import random
        random.seed(int(req["seed"]) if isinstance(req["seed"], int) or str(req["seed"]).lstrip("-").isdigit() else req["seed"])
    if req.get("step_over"):
        # Before the patches: a function the test replaces stays replaced.
        stepped = step_over(req["step_over"])
        obs["stepped_over"] = [line for line, _ in stepped]
        obs["stepped_how"] = [how for _, how in stepped]
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
        t0 = _clock()
        if own is not None:
            own.start(step["callee"][-1] if "callee" in step else None)
        try:
            if "program" in step:
                run_program(step["program"], {p["name"]: getattr(module, p["name"]) for p in req.get("patches", [])}, req.get("step_over") or ())
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
                so["value"] = (step.get("digest") and digest(value)) or encode(value)
            else:
                so["value"] = encode(value) if isinstance(value, (int, float, str, list, tuple, dict, set, type(None))) else {"o": type(value).__name__, "r": "<bound to %s>" % step["bind"]}
        except GradekitInputExhausted:
            so["input_exhausted"] = stdin.exhausted_at
            if stdin.exhausted_in:
                so["input_exhausted_in"] = stdin.exhausted_in
            stop = "input-exhausted"
        except GradekitOutputLimit:
            so["output_limit"] = cap
            stop = "output-limit"
        except GradekitMissing as e:
            so["missing"] = str(e)
        except SystemExit as e:
            so["exit"] = e.code if isinstance(e.code, (int, type(None))) else str(e.code)
            if program:
                pass  # a whole program may end itself: its exit code is all there is to say
            elif stdin.events and not step.get("bind"):
                # A game that ends the process (print("Goodbye"); exit()) instead of returning: what it printed
                # is its game, judged as such; its value is no return value, which a test of the value charges.
                so["value"] = {"o": "SystemExit", "r": "<no value: the function ended the process with exit(%r)>" % (e.code,)}
            else:
                so["error"] = {"type": "SystemExit", "message": "called exit(%r) during the test" % (e.code,), "traceback": student_frames(e)[0], "line": student_frames(e)[1]}
        except RecursionError as e:
            so["error"] = describe_exception(e)
        except MemoryError as e:
            so["error"] = {"type": "MemoryError", "message": "ran out of memory (limit %s MiB)" % req.get("memory_mb", "?"), "traceback": student_frames(e)[0], "line": student_frames(e)[1]}
        except BaseException as e:
            so["error"] = describe_exception(e)
        so["ms"] = (_clock() - t0) * 1000
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
    if DRAWS:
        obs["draws"] = dict(DRAWS)
    obs["called"] = sorted(CALLED)
    return obs


def step_over(lines, module=None):
    """Steps over these lines of the student's functions in `module` (the imported module, or a run's
    __main__) with gradekit_step_over.py, loaded from beside this file only in a test run again for it;
    returns the lines it could step over, each with how ((line, how))."""
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    try:
        spec = importlib.util.spec_from_file_location("gradekit_step_over", os.path.join(here, "gradekit_step_over.py"))
        stepper = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(stepper)
        return stepper.apply(module or STATE["module"], STATE["tree"], STATE["file"], lines, STATE.get("signatures") or {})
    except Exception as e:
        # gradekit's own failure: the run goes on as handed in (it stops where it did, and the grader stops
        # trying), never a verdict of the student's.
        NOTICES.append("gradekit could not step over lines %s: %s" % (lines, e))
        return []


CODE = {}  # path -> code object, compiled once in the zygote (not once per test)


def _program_source(path):
    """A program's source: the student's own as after the lines its import set aside were fixed
    (exec_module_forgiving), a course's script as it is on disk."""
    source = STATE.get("program_source") if path == STATE["file"] else None
    if source is None:
        with _real_open(path, "rb") as f:
            source = f.read()
    return source


def program_code(path):
    code = CODE.get(path)
    if code is None:
        code = compile(_program_source(path), path, "exec", dont_inherit=True)
        CODE[path] = code
    return code


def program_parts(path):
    """The student's program in two parts: its top-level statements before its first `if __name__ ==
    "__main__":` block, and that block with what follows. A run of the program with some of its functions
    swapped for the reference's (a test's patches) swaps them in between, once the program's own definitions
    are made and before its main block starts, as a call test swaps them in the imported module."""
    key = ("parts", path)
    parts = CODE.get(key)
    if parts is None:
        tree = ast.parse(_program_source(path), path)
        k = next((i for i, n in enumerate(tree.body) if isinstance(n, ast.If) and _is_main_guard(n.test)), len(tree.body))
        parts = tuple(compile(ast.Module(body=body, type_ignores=[]), path, "exec", dont_inherit=True) for body in (tree.body[:k], tree.body[k:]))
        CODE[key] = parts
    return parts


def run_program(program, patches=None, stepped=()):
    """runpy.run_path(path, run_name='__main__'), with the code compiled in the zygote before the fork.
    `patches`: name -> function, set in the program's namespace before its main block runs; `stepped`:
    lines of the student's functions stepped over there too (step_over)."""
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
    if program["kind"] == "main":
        _mark_set_aside(main, STATE.get("set_aside", ()))  # a def set aside is as missing here as in a call test
        main.__dict__.update(STATE.get("python2", {}))
    sys.modules["__main__"] = main  # a forked child: nothing to restore
    stepped = stepped if program["kind"] == "main" else ()
    if not patches and not stepped:
        exec(program_code(path), main.__dict__)
        return
    before, block = program_parts(path)
    exec(before, main.__dict__)
    if stepped:
        step_over(stepped, main)
    main.__dict__.update(patches or {})
    exec(block, main.__dict__)


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
        # A backstop past the CPU limit the driver's Monitor enforces: SIGXCPU at the soft limit, SIGKILL a
        # second later (soft == hard would be a bare SIGKILL). Either is read as a time limit (wait4's rusage).
        try:
            soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
            v = int(cpu)
            if hard != resource.RLIM_INFINITY:
                v = min(v, hard - 1)
            resource.setrlimit(resource.RLIMIT_CPU, (v, v + 1))
        except (ValueError, OSError):
            pass
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
            _real_sleep(0.02)
    return os.fork()


class Mirror:
    """A test's transcript in memory shared by the driver and the test's child: an anonymous shared mapping
    made here, in the zygote, before the fork. The child appends what it prints and reads (Capture.sync);
    the driver reads it when the child was stopped before it could report, so that a time limit still
    shows where the program was. Untrusted text, like everything the child sends."""

    HEADER = 16  # bytes used, inputs read (two little-endian uint64)

    def __init__(self, size):
        import mmap

        self.map = mmap.mmap(-1, self.HEADER + size)
        self.size = size
        self.used = 0
        self.inputs = 0

    def reset(self):
        self.used = self.inputs = 0
        struct.pack_into("<QQ", self.map, 0, 0, 0)

    def append(self, text, inputs_read=None):
        if inputs_read is not None:
            self.inputs = inputs_read
        if text:
            b = text.encode("utf-8", "surrogatepass")
            room = self.size - self.used
            if len(b) > room:
                b = b[:room]
            if b:
                at = self.HEADER + self.used
                self.map[at:at + len(b)] = b
                self.used += len(b)
        struct.pack_into("<QQ", self.map, 0, self.used, self.inputs)

    def read(self):
        used, inputs = struct.unpack_from("<QQ", self.map, 0)
        used = min(used, self.size)
        return bytes(self.map[self.HEADER:self.HEADER + used]).decode("utf-8", "replace"), inputs


MIRROR = {"map": None}


class Where:
    """Which function of the student's file a test's child is in, when the driver stops it at its CPU limit:
    a small shared page made in the zygote before the fork, written by the child's SIGUSR2 handler (at its next
    bytecode) and read by the driver before the kill. Said in the message only: a loop that spans two
    functions may be caught in either, so it names no defect. Untrusted, like everything the child writes."""

    SIZE = 256
    # After the name: the CPU seconds the child spent in gradekit's own code for the grader's calls (a double).
    GRADER = SIZE

    def __init__(self):
        import mmap

        self.map = mmap.mmap(-1, self.SIZE + 8)

    def reset(self):
        self.map[0:2] = b"\0\0"
        struct.pack_into("<d", self.map, self.GRADER, 0.0)

    def add_grader_cpu(self, seconds):
        struct.pack_into("<d", self.map, self.GRADER, struct.unpack_from("<d", self.map, self.GRADER)[0] + max(seconds, 0.0))

    def grader_cpu(self):
        v = struct.unpack_from("<d", self.map, self.GRADER)[0]
        return v if v == v and v > 0 else 0.0  # NaN or negative: nothing

    def say(self, signum, frame):
        f = _student_frame(frame)
        name = _function_of(f)
        text = ("%s:%d" % (name, f.f_lineno)).encode("utf-8", "replace")[:self.SIZE - 2] if name else b""
        self.map[2:2 + len(text)] = text
        self.map[1:2] = bytes([len(text)])
        self.map[0:1] = b"\1"

    def answered(self):
        return self.map[0] == 1

    def read(self):
        n = self.map[1]
        return bytes(self.map[2:2 + n]).decode("utf-8", "replace") or None


WHERE = {"slot": None}


def where_slot():
    if WHERE["slot"] is None:
        WHERE["slot"] = Where()
    WHERE["slot"].reset()
    return WHERE["slot"]


def ask_where(pid, mon, slot):
    """The function the child stopped at its CPU limit is in ("merge:42"), or None: asked with SIGUSR2. A child
    that does not answer (its handler replaced, a long call into C) is given up once it has used a little more
    CPU; the clock only bounds a child that gets no CPU at all."""
    try:
        os.kill(pid, signal.SIGUSR2)
    except (ProcessLookupError, PermissionError):
        return None
    start = mon.ticks
    give_up = _clock() + 5.0
    while not slot.answered():
        st = _proc_stat(mon.fd) if mon.fd is not None else None
        if st is None or st[0] == b"Z" or st[2] - start > max(2, _HZ // 10) or _clock() > give_up:
            return None
        _real_sleep(0.002)
    return slot.read()


def mirror_for(cap):
    """The zygote's mirror, big enough for a transcript of `cap` characters (up to 16 MiB of it)."""
    size = min(4 * cap, 16 << 20)
    m = MIRROR["map"]
    if m is None or m.size < size:
        m = MIRROR["map"] = Mirror(size)
    m.reset()
    return m


# ---------------------------------------------------------------- how much CPU a test used, and whether it waits

try:
    _HZ = os.sysconf("SC_CLK_TCK")
except (ValueError, OSError, AttributeError):
    _HZ = 100


_NCPU = os.cpu_count() or 1


def _proc_stat(fd):
    """(state, pgrp, CPU ticks of the process, its threads and the children it waited for) from a
    /proc/<pid>/stat held open; None once the process is gone."""
    try:
        data = os.pread(fd, 4096, 0)
    except OSError:
        return None
    f = data[data.rfind(b")") + 2:].split(b" ", 16)
    try:
        return f[0], int(f[2]), int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
    except (IndexError, ValueError):
        return None


def _group_ticks(pgid):
    """CPU ticks of every live process of a process group: a test's child and whatever it started and has
    not yet waited for (those it waited for are in their parents' ticks already)."""
    total = 0
    try:
        names = os.listdir("/proc")
    except OSError:
        return 0
    for name in names:
        if not name.isdigit():
            continue
        try:
            fd = os.open("/proc/%s/stat" % name, os.O_RDONLY)
        except OSError:
            continue
        try:
            st = _proc_stat(fd)
        finally:
            os.close(fd)
        if st is not None and st[1] == pgid:
            total += st[2]
    return total


class Monitor:
    """Decides when a test's child must stop, by what it does, not by the clock on the wall:
    - it used more than its CPU limit (its process tree: threads, and processes it started), or
    - it spent `wait` seconds waiting (asleep, not runnable, its whole process group using no CPU): a lock,
      a pipe, a network connection or input that never comes. Time spent runnable but not running (a busy
      machine) is neither, so machine load changes neither verdict.
    - only as a backstop: it spent `stall` seconds runnable without progress of any kind, neither running
      (its CPU ticks) nor queued for a CPU (its run-queue wait in /proc/<pid>/schedstat). A loaded machine
      makes the run-queue wait grow, so however long a test waits its turn, it is not stopped for it.
    Polled every 50 ms: a pread of /proc/<pid>/stat (a few microseconds). A test that ends before the
    first poll costs nothing: /proc is opened at the first poll (opening it right after the fork costs
    ~0.1 ms), and a test too short to have used its CPU limit is not read at all. The CPU time of a child
    that died is taken from wait4()'s rusage too, exact even if no poll saw its last second (a driver that
    a loaded machine did not schedule for a while)."""

    def __init__(self, limit, wait, stall):
        # Made before the fork: what the driver allocates while a child shares its memory costs a copied page.
        self.pid = None
        self.limit_ticks = limit * _HZ
        self.wait = wait
        self.stall = stall
        self.idle = 0.0
        self.stalled = 0.0  # runnable, yet neither running nor queued for a CPU
        self.sched = None  # /proc/<pid>/schedstat, opened the first time the child is runnable without running
        self.queued = -1
        self.reaped_ticks = None  # from wait4(): the exact CPU time of the child once it is gone
        self.ticks = 0  # of the child and the processes it waited for
        self.others = 0  # of its live descendants, at the last group scan
        self.scanned = -1.0
        self.group_busy = False
        self.fd = None
        self.opened = False

    def watch(self, pid):
        self.pid = pid

    def _open(self):
        self.opened = True
        try:
            self.fd = os.open("/proc/%d/stat" % self.pid, os.O_RDONLY)
        except OSError:
            self.fd = None

    def cpu(self, elapsed):
        # Never read (a short test): its wall time, an upper bound of a single process's CPU time.
        return (self.ticks + self.others) / _HZ if self.opened else elapsed

    def poll(self, now, dt):
        """'cpu' or 'wait' when the test must stop now, else None."""
        if not self.opened:
            self._open()
        if self.fd is None:
            self.idle += dt  # no /proc (not Linux): the clock on the wall is all there is
            return "cpu" if self.idle > self.limit_ticks / _HZ else None
        st = _proc_stat(self.fd)
        if st is None:
            return None
        state, _, ticks = st
        if ticks > self.ticks:
            self.ticks = ticks
            # Processes it waited for are in its own ticks now; the live ones are counted at the next scan.
            self.others = 0
        elif state == b"R":
            # Runnable but no tick: it waited for a CPU (its run-queue wait grew: a loaded machine, never its
            # fault) or, with no progress at all, it is stalled.
            queued = self._queued()
            if queued is not None and queued == self.queued:
                self.stalled += dt
            self.queued = queued
        else:
            # The child itself is asleep: is something it started running? (A scan of /proc: only for tests
            # that wait, at most four times a second.)
            if now - self.scanned >= 0.25:
                self.scanned = now
                others = max(_group_ticks(self.pid) - ticks, 0)
                self.group_busy = others > self.others
                self.others = others
            if not self.group_busy:
                self.idle += dt
        if self.ticks + self.others - self._grader_ticks() > self.limit_ticks:
            return "cpu"
        if self.idle >= self.wait:
            return "wait"
        if self.stalled >= self.stall:
            return "busy"
        return None

    def _queued(self):
        """Nanoseconds the child has spent on a CPU plus waiting in a run queue, or None without schedstat."""
        if self.sched is None:
            try:
                self.sched = os.open("/proc/%d/schedstat" % self.pid, os.O_RDONLY)
            except OSError:
                self.sched = -1
        if self.sched < 0:
            return None
        try:
            f = os.pread(self.sched, 256, 0).split()
            return int(f[0]) + int(f[1])
        except (OSError, IndexError, ValueError):
            return None

    def reaped(self, rusage):
        """The child's exact CPU time, from wait4() (its own and that of the children it waited for)."""
        if rusage is not None:
            self.reaped_ticks = int((rusage.ru_utime + rusage.ru_stime) * _HZ)

    def final(self, elapsed):
        """CPU ticks when the child reported: over the limit is a time limit, however fast the wall clock said it was."""
        if not self.opened:
            if elapsed * _NCPU <= self.limit_ticks / _HZ:
                return False  # too short to have used its limit, even on every core
            self._open()
        if self.fd is not None:
            st = _proc_stat(self.fd)
            if st is not None and st[2] > self.ticks:
                self.ticks = st[2]
                self.others = 0  # as in poll(): what it waited for is in its own ticks now
        if self.reaped_ticks is not None and self.reaped_ticks > self.ticks:
            self.ticks = self.reaped_ticks
            self.others = 0
        return self.ticks + self.others - self._grader_ticks() > self.limit_ticks

    def _grader_ticks(self):
        """The child's CPU ticks in gradekit's own work for the grader's calls (Where.add_grader_cpu), left out of
        its limit: at most nine tenths of what it used, so that a value the program forged into the page lets it
        run ten times its limit at most, never for ever."""
        slot = WHERE["slot"]
        used = self.ticks + self.others
        return min(slot.grader_cpu() * _HZ, 0.9 * used) if slot is not None else 0

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
        if self.sched is not None and self.sched >= 0:
            os.close(self.sched)


class Relay:
    """A test child's calls of functions patched with the reference, relayed to the grader and answered.
    Nothing else arrives on the channel while a test runs, except late replies to calls of earlier tests:
    each call carries a sequence number, and a reply counts only with its own."""

    def __init__(self, req, reply_fd):
        self.req = req
        self.allowed = {p["name"] for p in req.get("patches", []) if p.get("kind") == "reference"} | ({"__input__"} if req.get("answers") else set())
        self.reply_fd = reply_fd
        os.set_blocking(reply_fd, False)
        self.awaiting = None  # the sequence number of the call the grader has not answered yet
        self.out = None  # the reply not yet written to the child
        self.seq = 0
        self.waited = 0.0  # seconds spent waiting for the grader: not the program's time

    def call(self, raw):
        """A call frame from the child; False when it is not one the child's proxy would send."""
        if self.awaiting is not None or self.out is not None:
            return False  # the proxy sends one call at a time and reads its reply first
        try:
            call = _loads(raw.decode("utf-8", "surrogatepass"))
            name = call["name"]
        except (ValueError, KeyError, TypeError):
            return False
        if name not in self.allowed:
            return False
        self.seq += 1
        self.awaiting = self.seq
        send({"op": "call", "id": self.req["id"], "nonce": self.req.get("nonce"), "seq": self.seq, "name": name,
              "args": call.get("args", []), "stdin_pos": call.get("stdin_pos", 0)})
        return True

    def reply(self, line):
        try:
            msg = _loads(line)
        except ValueError:
            return
        if not isinstance(msg, dict) or msg.get("op") != "reply" or msg.get("id") != self.req["id"] or msg.get("seq") != self.awaiting:
            return  # a late reply to an earlier test's call: dropped
        self.awaiting = None
        data = _frame_bytes(msg.get("reply", {}))
        self.out = memoryview(struct.pack(">Q", len(data)) + data)

    def write(self):
        """Writes what the child's pipe takes now; a child that asks and then does not read is the
        program's own business (it is using CPU, or waiting), not the grader's."""
        try:
            self.out = self.out[_real_write(self.reply_fd, self.out):]
        except BlockingIOError:
            return
        except OSError:
            self.out = memoryview(b"")
        if not self.out:
            self.out = None


# Beyond this, the grader, not the program, is stuck. A TypeScript reference answers a call in milliseconds; a
# course's solution answers from its own sandboxed process, which a machine running a class's batch beside
# other work (load 25 on 2 cores) can leave waiting for a minute and more: a backstop, never a verdict's clock.
GRADER_WAIT_MAX = 600.0


def exit_as_sys_exit(test_pid):
    """os._exit for a test's child: the program's os._exit(n) is its sys.exit(n). A game that ends the process
    after its last line (print("Goodbye"); os._exit(0)) is then judged by what it printed, the way exit() is,
    instead of as a process that died without a report. A process the program forked, or a thread of its own
    (where SystemExit would end only that thread), exits for real."""
    import _thread

    main = _thread.get_ident()

    def _exit(code):
        if os.getpid() != test_pid or _thread.get_ident() != main:
            _real_exit(code)
        raise SystemExit(code)
    return _exit


def fork_test(req):
    """Fork a child for one test, relay its reference calls, collect its framed result, and stop it at its
    CPU limit or when it has waited too long (see Monitor)."""
    program = req.get("program")
    if program:
        try:  # compiled here, so every fork inherits the code object; a failure is reported by the child
            path = STATE["file"] if program.get("kind") == "main" else program["path"]
            program_parts(path) if req.get("patches") else program_code(path)
        except BaseException:
            pass
    try:  # compiled here, so every fork inherits them; a bad pattern is reported by the child
        yes_no_patterns(req.get("yes_no"))
    except Exception:
        pass
    reap_zombies()
    cap_bytes = frame_cap(req.get("output_cap", 1 << 20))
    mirror_for(req.get("output_cap", 1 << 20))
    where = where_slot()
    r, w = os.pipe()  # child -> driver: tagged frames, C (a reference call) and R (the result)
    rr, rw = os.pipe()  # driver -> child: replies to reference calls
    limit = req.get("timeout_ms", 5000) / 1000.0
    wait = req.get("wait_ms", max(3 * limit * 1000, limit * 1000 + 5000)) / 1000.0
    # Runnable this long with no progress at all (no CPU, no run-queue wait): a backstop that load never reaches.
    mon = Monitor(limit, wait, 3 * wait)
    relay = Relay(req, rw)
    buf = bytearray()
    t0 = _clock()
    pid = fork_when_possible()
    if pid == 0:  # child
        try:
            os.close(r)
            os.close(rw)
            os.close(CTL_FD)
            os.setpgid(0, 0)
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            signal.signal(signal.SIGUSR2, where.say)
            CHILD["calls"], CHILD["replies"], CHILD["frame_cap"] = w, rr, cap_bytes
            set_limits(req)
            os._exit = exit_as_sys_exit(os.getpid())
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
    mon.watch(pid)
    need = None
    status = None
    reason = None
    stopped_in = None
    exited = None
    last = polled = t0
    while True:
        while relay.awaiting is not None:
            line = CTL["reader"].buffered_line()
            if line is None:
                break
            relay.reply(line)
        awaiting = relay.awaiting is not None
        ready, writable, _ = select.select([r, CTL_FD] if awaiting else [r], [rw] if relay.out is not None else [], [], 0.05)
        now = _clock()
        if awaiting:
            relay.waited += now - last  # the child is waiting for the grader: neither its CPU nor its waiting
            polled += now - last
        last = now
        if CTL_FD in ready:
            if not CTL["reader"].fill():
                status = "lost"  # the grader closed the channel
                break
        if writable:
            relay.write()
        if r in ready:
            chunk = read_some(r)
            if not chunk:
                status = "crashed"  # EOF without a full frame: the child died (os._exit, signal, ...)
                break
            buf += chunk
            while need is None and len(buf) >= 9:
                tag, size = bytes(buf[:1]), struct.unpack(">Q", bytes(buf[1:9]))[0]
                if tag not in (b"C", b"R") or size > cap_bytes:
                    status = "protocol"
                    break
                if len(buf) < 9 + size:
                    break
                if tag == b"R":
                    need = size
                    break
                call = bytes(buf[9:9 + size])
                del buf[:9 + size]
                if not relay.call(call):
                    status = "protocol"
                    break
            if status is not None:
                break
            if need is not None:
                status = "ok"
                break
        if awaiting:
            if relay.waited > GRADER_WAIT_MAX:
                status = "grader"
                break
            continue
        if now - polled >= 0.05:
            reason = mon.poll(now, now - polled)
            polled = now
            if reason is not None:
                status = "timeout"
                stopped_in = ask_where(pid, mon, where) if reason == "cpu" else None
                break
        if exited is None:
            wp, st, ru = os.wait4(pid, os.WNOHANG)
            if wp == pid:
                exited = st
                mon.reaped(ru)
    if status == "crashed" and exited is None:
        # Died: its exit and exact CPU time (a SIGKILL from RLIMIT_CPU's hard limit is a time limit).
        try:
            wp, exited, ru = os.wait4(pid, 0)
            mon.reaped(ru)
        except ChildProcessError:
            pass
    if status in ("ok", "crashed") and mon.final(_clock() - t0 - relay.waited):
        # It finished, or died (RLIMIT_CPU's signal, if the polls missed it), after its CPU limit.
        status, reason = "timeout", "cpu"
    try:
        os.killpg(pid, signal.SIGKILL)  # the child's whole process group: no orphans survive a test
    except (ProcessLookupError, PermissionError):
        pass
    os.close(r)
    os.close(rw)
    wall = _clock() - t0 - relay.waited
    res = {"op": "result", "id": req["id"], "nonce": req.get("nonce"), "status": status, "ms": (_clock() - t0) * 1000,
           "cpu_ms": round(mon.cpu(wall) * 1000), "wall_ms": round(wall * 1000), "idle_ms": round(mon.idle * 1000)}
    if reason is not None:
        res["reason"] = reason
    if stopped_in:
        res["stopped_in"] = stopped_in
    mon.close()
    if status == "ok":
        try:
            res["obs"] = _loads(bytes(buf[9:9 + need]).decode("utf-8", "surrogatepass"))
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
    if res["status"] != "ok" or "driver_error" in res.get("obs", {}):
        if os.WIFSIGNALED(exited):
            res["signal"] = os.WTERMSIG(exited)
        elif os.WIFEXITED(exited):
            res["exit_code"] = os.WEXITSTATUS(exited)
        if res["status"] != "ok":
            # Where the program was when it stopped: what it had printed and how many inputs it had read.
            text, inputs = MIRROR["map"].read()
            res["partial"] = {"transcript": text, "inputs_read": inputs}
    return res


CTL = {}
_READ_BUF = bytearray(1 << 20)
_READ_VIEW = memoryview(_READ_BUF)


def read_some(fd):
    """One read of up to 1 MiB, into a buffer kept for the driver's life: os.read(fd, 1 MiB) allocated and
    shrank a 1 MiB object on every read (an mmap, page faults, an mremap), several times a test."""
    n = os.readv(fd, [_READ_BUF])
    return _READ_VIEW[:n]


def send(msg):
    data = _frame_bytes(msg) + b"\n"
    view = memoryview(data)
    while view:
        n = _real_write(CTL_FD, view)
        view = view[n:]


class LineReader:
    """Lines from the grader on fd 3, with what is buffered in view: a test's relay waits for a reply
    with select(), which cannot see bytes a buffered file object has already read."""

    def __init__(self, fd):
        self.fd = fd
        self.buf = bytearray()
        self.eof = False

    def buffered_line(self):
        nl = self.buf.find(b"\n")
        if nl < 0:
            return None
        line = bytes(self.buf[:nl + 1])
        del self.buf[:nl + 1]
        return line

    def fill(self):
        """One read of what the fd has; False at the end of the channel."""
        chunk = read_some(self.fd)
        if not chunk:
            self.eof = True
            return False
        self.buf += chunk
        return True

    def readline(self):
        while True:
            line = self.buffered_line()
            if line is not None:
                return line
            if self.eof or not self.fill():
                rest = bytes(self.buf)
                self.buf.clear()
                return rest


def main():
    reader = CTL["reader"] = LineReader(CTL_FD)
    while True:
        line = reader.readline()
        if not line:
            return
        req = _loads(line)
        op = req.get("op")
        if op == "init":
            try:
                res = do_import(req)
            except BaseException as e:
                res = {"op": "imported", "ok": False, "error": {"type": "DriverError", "message": str(e), "traceback": traceback.format_exc(), "line": None}}
            IMPORTED_CPU[0] = time.process_time()
            send(res)
            # Writing a reply to a test child that died meanwhile must fail, not kill the driver (each child
            # gets the default back before student code runs).
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        elif op == "run":
            res = fork_test(req)
            if worn_out():
                res["recycle"] = True
            send(res)
        elif op == "exit":
            return


def worn_out():
    """Whether this driver's own CPU time (importing, forking, relaying each test's result: never a test's,
    which runs in a child) is past half of the runner's RLIMIT_CPU, with at least a quarter spent after the
    import. A long session of re-runs would otherwise reach that limit and be killed mid-test, a failure
    gradekit caused: the session starts a fresh driver before the next test instead."""
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_CPU)
    except (ValueError, OSError):
        return False
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return False
    used = time.process_time()
    return used > 0.5 * soft and used - IMPORTED_CPU[0] > 0.25 * soft


IMPORTED_CPU = [0.0]  # this driver's CPU time when its import finished (worn_out)


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
    install_virtual_clock()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.setrecursionlimit(10000)
    main()
    _real_exit(0)
