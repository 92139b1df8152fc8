"""Salvage of a student's file that does not parse (loaded by gradekit_driver.py only when it does not).

A TA who gets a file that does not run fixes the one line that stops it, deducts for it, and grades the
rest. This does the same by the smallest change that makes the file parse, a few rounds at most:
- indentation that mixes tabs and spaces is read with tab stops of 8 columns, as Python 2 read it (or of
  4 or 2 when only those make the file parse);
- a line indented where no indentation is expected, or to a level no block has, is indented like a
  neighbour (the line before it, the line after it, or an enclosing block), when that makes it parse;
- a Python 2 print statement (`print "Total:", total`) is written as the call Python 3 asks for (its own
  error message says "Did you mean print(...)?"), a trailing comma as end=" ", as 2to3 writes it;
- one token a TA fixes on sight on the error line: `else <condition>:` as `elif`, `elif:` as `else:`, `=` in
  a condition as `==`, a missing `:` at the end of an if/for/while/def line, a closing bracket with no opening
  one (removed), a bracket never closed (closed at the end of its line);
- anything else: the one top-level statement holding the error (usually the function whose def does not
  compile) is set aside, replaced by blank lines so that every other line keeps its number.
Every change is recorded (line, the source of that line, why): the report names it, and the import test
is charged for it once. Nothing here runs student code: it only reads the text.
"""
import ast
import re

MAX_ROUNDS = 4
TAB_SIZES = (8, 4, 2)
# A top-level statement starts at column 0 with a name, a keyword or a decorator. A line at column 0 that
# starts with a quote or a bracket is usually the end of a string or of an expression of the line before.
_STARTS = re.compile(r"[A-Za-z_@]")
_DEFINES = re.compile(r"(?:async\s+)?(?:def|class)\s+([A-Za-z_]\w*)")


class NotSalvaged(Exception):
    pass


def _parse(text, path):
    return ast.parse(text, filename=path)


_ON_LINE = re.compile(r"on line (\d+)\)?$")


def _error_line(e):
    """The line a TA would look at: "expected an indented block after function definition on line 3" is
    reported where the next statement starts, but the def of line 3 is the one without a body."""
    m = _ON_LINE.search(e.msg or "") if isinstance(e, SyntaxError) else None
    return int(m.group(1)) if m and "expected an indented block" in e.msg else (e.lineno or 0)


def _why(e):
    msg = e.msg if isinstance(e, SyntaxError) else str(e)
    return "%s: %s" % (type(e).__name__, msg)


def _indent(line):
    return line[: len(line) - len(line.lstrip(" \t"))]


def _is_code(line):
    s = line.strip()
    return bool(s) and not s.startswith("#")


def _attempt(lines, path):
    """(tree, None) when these lines parse, else (None, the error)."""
    try:
        return _parse("\n".join(lines) + "\n", path), None
    except SyntaxError as e:
        return None, e
    except (ValueError, MemoryError, RecursionError) as e:  # null bytes, a nesting too deep for the parser
        return None, SyntaxError(str(e))


def _later(err, line):
    """A change fixed the error at `line` when the file now parses or fails only further on."""
    return err is None or _error_line(err) > line


def _expand_tabs(lines, size):
    out = []
    for line in lines:
        lead = _indent(line)
        out.append(lead.expandtabs(size) + line[len(lead):] if "\t" in lead else line)
    return out


def _mixes_tabs(lines):
    leads = [_indent(l) for l in lines if _is_code(l)]
    return any("\t" in l for l in leads) and any(" " in l for l in leads)


def _retab(lines, err, path):
    """Tabs among spaces: the tab size that makes the file parse, Python 2's 8 first; else the one that takes
    the error furthest."""
    best = None
    for size in TAB_SIZES:
        cand = _expand_tabs(lines, size)
        tree, e = _attempt(cand, path)
        if tree is not None:
            return cand, size
        if _later(e, _error_line(err)) and (best is None or _error_line(e) > best[2]):
            best = (cand, size, _error_line(e))
    return (best[0], best[1]) if best else None


def _code_neighbours(lines, i):
    """Indentations to try for line i (0-based): the code line before it, the one after it, and each level
    of the blocks enclosing it (the last line at each smaller indentation above it)."""
    width = lambda s: len(_indent(s).expandtabs(8))
    before = [j for j in range(i - 1, -1, -1) if _is_code(lines[j])]
    after = [j for j in range(i + 1, len(lines)) if _is_code(lines[j])]
    out = []
    if before:
        out.append(_indent(lines[before[0]]))
    if after:
        out.append(_indent(lines[after[0]]))
    level = width(lines[i])
    for j in before:
        w = width(lines[j])
        if w < level:
            out.append(_indent(lines[j]))
            level = w
    seen, uniq = set(), []
    for x in out:
        if x not in seen and x != _indent(lines[i]):
            seen.add(x)
            uniq.append(x)
    return uniq


def _reindent(lines, err, path):
    i = _error_line(err) - 1
    if not 0 <= i < len(lines):
        return None
    for lead in _code_neighbours(lines, i):
        cand = list(lines)
        cand[i] = lead + lines[i].lstrip(" \t")
        _, e = _attempt(cand, path)
        if _later(e, i + 1):
            return cand, len(lead.expandtabs(8))
    return None


# `print` then its operands, up to the end of the line; `print >>f, x` and a line that goes on past its end
# (a backslash, an open bracket) are left to the other repairs.
_PRINT_STMT = re.compile(r"^(\s*)print(?![\w(])\s*(.*?)\s*$")
MAX_PRINT_REPAIRS = 200


def _print_call(lines, err, path):
    """The line of a Python 2 print statement written as a print() call, when that moves the error on."""
    if not (err.msg or "").startswith("Missing parentheses in call to 'print'"):
        return None
    i = _error_line(err) - 1
    m = _PRINT_STMT.match(lines[i]) if 0 <= i < len(lines) else None
    if not m or m.group(2).startswith(">>") or m.group(2).endswith("\\"):
        return None
    args = m.group(2)
    call = "print(%s, end=' ')" % args[:-1].rstrip() if args.endswith(",") else "print(%s)" % args
    cand = list(lines)
    cand[i] = m.group(1) + call
    _, e = _attempt(cand, path)
    return cand if _later(e, i + 1) else None


# One token a TA would fix on sight, tried on the error line only: each (pattern, replacement, why).
_HEADER = r"(?:if|elif|else|for|while|def|class|try|except|finally|with)\b"
_TYPOS = (
    (re.compile(r"^(\s*)else\s+(?!:)(?:if\s+)?(.+?)\s*:(\s*(?:#.*)?)$"), r"\1elif \2:\3", "'else' with a condition: written as 'elif'"),
    (re.compile(r"^(\s*)elif\s*:(\s*(?:#.*)?)$"), r"\1else:\2", "'elif' without a condition: written as 'else'"),
    (re.compile(r"^(\s*(?:if|elif|while)\b[^=!<>]*?[^=!<>])=([^=].*:\s*(?:#.*)?)$"), r"\1==\2", "'=' in a condition: written as '=='"),
    (re.compile(r"^(\s*" + _HEADER + r"[^:#]*?[^:\s#])(\s*(?:#.*)?)$"), r"\1:\2", "a missing ':' at the end of the line"),
)


def _typo(lines, err, path):
    """The error line with one token a TA would fix on sight (see _TYPOS), when that moves the error on:
    (lines, why) or None."""
    i = _error_line(err) - 1
    if not 0 <= i < len(lines):
        return None
    tries = []
    for pattern, replacement, why in _TYPOS:
        fixed, n = pattern.subn(replacement, lines[i])
        if n and fixed != lines[i]:
            tries.append((fixed, why))
    return _first_that_moves_on(lines, i, tries, path)


def _first_that_moves_on(lines, i, tries, path):
    """The first (new text of line i, why) that moves the error past line i: (lines, why), or None."""
    for fixed, why in tries:
        cand = list(lines)
        cand[i] = fixed
        _, e = _attempt(cand, path)
        if _later(e, i + 1):
            return cand, why
    return None


_CLOSER = {"(": ")", "[": "]", "{": "}"}


def _bracket(lines, err, path):
    """A bracket a TA would fix on sight, on the error line: a closing one with no opening one removed
    ("unmatched ')'"), or one never closed closed at the end of its line ("'[' was never closed"), when that
    moves the error on: (lines, why) or None."""
    i = _error_line(err) - 1
    msg = getattr(err, "msg", "") or ""
    if not 0 <= i < len(lines):
        return None
    line = lines[i]
    tries = []
    m = re.match(r"unmatched '([)\]}])'", msg)
    if m and err.offset:
        # The offset is 1-based; look at it and beside it (a tab or a wide character shifts it by one).
        for k in (err.offset - 1, err.offset - 2, err.offset):
            if 0 <= k < len(line) and line[k] == m.group(1):
                tries.append((line[:k] + line[k + 1:], "an unmatched '%s': removed" % m.group(1)))
                break
    m = re.match(r"'([(\[{])' was never closed", msg)
    if m:
        tries.append((line.rstrip() + _CLOSER[m.group(1)], "a '%s' never closed: closed at the end of its line" % m.group(1)))
    return _first_that_moves_on(lines, i, tries, path)


def _statement_starts(lines):
    return [i for i, l in enumerate(lines) if l[:1] and _STARTS.match(l[:1])]


def _set_aside(lines, err, path):
    """Blank the smallest run of top-level statements around the error line that lets the file parse (or
    moves the error past it). Returns (lines, first, last, names defined there) with 0-based bounds."""
    n = len(lines)
    at = min(max(_error_line(err), 1), n) - 1 if n else 0
    starts = _statement_starts(lines)
    # A def's decorators belong to it: a run starts at the first of them.
    heads = [s for s in starts if not (s > 0 and lines[s - 1].startswith("@"))]
    begins = [s for s in reversed(heads) if s <= at][:6] or [0]
    ends = [s - 1 for s in heads if s > at][:4] + [n - 1]
    spans = sorted({(b, e) for b in begins for e in ends if e >= at}, key=lambda be: (be[1] - be[0], -be[0]))
    for b, e in spans[:24]:
        cand = lines[:b] + [""] * (e - b + 1) + lines[e + 1:]
        _, er = _attempt(cand, path)
        if _later(er, e + 1):
            names = [m.group(1) for m in (_DEFINES.match(lines[k]) for k in range(b, e + 1)) if m]
            # Trailing blank lines are not part of the statement.
            while e > b and not _is_code(lines[e]):
                e -= 1
            return cand, b, e, names
    return None


def repair(text, path):
    """(tree, repaired text, repairs) for source text that does not parse; the text keeps its line count.
    Raises NotSalvaged when no small change makes it parse within MAX_ROUNDS."""
    if "\0" in text:
        raise NotSalvaged("the file is not Python source text (it holds null bytes)")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    original = list(lines)
    repairs = []
    tree, err = _attempt(lines, path)
    rounds = prints = 0
    while tree is None and rounds < MAX_ROUNDS:
        line_no = _error_line(err)
        src = original[line_no - 1].strip()[:200] if 0 < line_no <= len(original) else ""
        rec = {"line": line_no, "source": src, "error": _why(err)}
        # A Python 2 file has a print statement in every function: each is one line's repair of one kind,
        # which does not use up the rounds kept for other errors.
        fixed = _print_call(lines, err, path) if prints < MAX_PRINT_REPAIRS else None
        if fixed:
            lines, prints = fixed, prints + 1
            rec.update(action="repaired", why="a Python 2 print statement: written as a print() call")
            repairs.append(rec)
            tree, err = _attempt(lines, path)
            continue
        rounds += 1
        if isinstance(err, IndentationError) and (isinstance(err, TabError) or _mixes_tabs(lines)):
            fixed = _retab(lines, err, path)
            if fixed:
                lines = fixed[0]
                rec.update(action="repaired", why="its indentation mixes tabs and spaces: the file was read with tab stops of %d columns%s" % (fixed[1], ", as Python 2 read it" if fixed[1] == 8 else ""))
        if not fixed and isinstance(err, IndentationError) and not isinstance(err, TabError) and "expected an indented block" not in err.msg:
            fixed = _reindent(lines, err, path)
            if fixed:
                lines = fixed[0]
                rec.update(action="repaired", why="the line was indented to %d columns, like its neighbours" % fixed[1])
        if not fixed and not isinstance(err, IndentationError):
            fixed = _typo(lines, err, path) or _bracket(lines, err, path)
            if fixed:
                lines = fixed[0]
                rec.update(action="repaired", why=fixed[1])
        if not fixed:
            fixed = _set_aside(lines, err, path)
            if not fixed:
                raise NotSalvaged(_why(err))
            lines, b, e, names = fixed
            rec.update(action="set_aside", start_line=b + 1, end_line=e + 1, names=names, why="it does not compile")
        repairs.append(rec)
        tree, err = _attempt(lines, path)
    if tree is None:
        raise NotSalvaged(_why(err))
    return tree, "\n".join(lines) + "\n", repairs
