"""What `gradekit init` reads from an instructor's solution, without running it: its top-level
functions and classes, the docstring examples of each (doctest's >>> lines and the output they
show), whether it has an `if __name__ == "__main__":` block, and whether it reads input.
Usage: python3 outline.py solution.py   (prints JSON)"""
import ast
import doctest
import json
import sys


def main(path):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    tree = ast.parse(source, filename=path)
    parser = doctest.DocTestParser()
    functions = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node, clean=False)
            examples = []
            if doc and isinstance(node.body[0], ast.Expr):
                start = node.body[0].lineno
                for ex in parser.get_examples(doc):
                    examples.append({"source": ex.source.strip(), "want": ex.want.rstrip("\n"), "line": start + ex.lineno})
            args = [a.arg for a in node.args.args] if not isinstance(node, ast.ClassDef) else []
            functions.append({"name": node.name, "kind": "class" if isinstance(node, ast.ClassDef) else "function",
                              "line": node.lineno, "args": args, "examples": examples})
    main_block = None
    for node in tree.body:
        if isinstance(node, ast.If) and "__name__" in ast.get_source_segment(source, node.test) and "__main__" in ast.get_source_segment(source, node.test):
            main_block = {"line": node.lineno, "source": ast.get_source_segment(source, node)}
    reads_input = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "input" for n in ast.walk(tree))
    print(json.dumps({"functions": functions, "main": main_block, "reads_input": reads_input}))


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except SyntaxError as e:
        print(json.dumps({"error": "%s:%s: %s" % (sys.argv[1], e.lineno, e.msg)}))
