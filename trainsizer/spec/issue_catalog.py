"""Every English template a spec problem can be worded from, read from the sources (not at run time: `make
lupdate` writes them into the catalog's "Spec" context, and tests/test_spec_words.py checks each has its
translation and that no problem is made from a sentence this reader cannot see).

A problem's template is the template argument of ``SpecIssue(path, code, template, **params)``,
``EstimateError(path, template, **params)`` or a trainsizer.problem class (``InputError(template, **params)``,
``RemoteError(code, template, **params)``, ... : MAKERS): a literal, a conditional
of literals, a name bound in the same function to literals (an assignment, or a ``for`` over tuples of
them), or an entry of a module-level dict whose name ends in ``_TEMPLATES``. Anything else is a pass-through
of another library's text (``str(e)``) and is listed by ``unseen()``."""

from __future__ import annotations

import ast
from pathlib import Path

# the template argument's position: a spec's problems, and every trainsizer.problem.Problem class
MAKERS = {
    "SpecIssue": 2,
    "EstimateError": 1,
    "Problem": 0,
    "BadValue": 0,
    "FileProblem": 0,
    "InputError": 0,
    "RunDirError": 0,
    "ReportError": 0,
    "ResultFileError": 0,
    "Unsupported": 0,
    "ProbeError": 0,
    "RemoteError": 1,
    "SlurmError": 1,
}
ROOT = Path(__file__).resolve().parent.parent


def _strings(node) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _strings(node.body), _strings(node.orelse)
        return None if a is None or b is None else a + b
    return None


def _bound(func, name: str) -> list[str] | None:
    """The literals ``name`` is bound to inside ``func`` (None when one binding is not a literal)."""
    found: list[str] = []
    for n in ast.walk(func):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets):
            got = _strings(n.value)
            if got is None:
                return None
            found += got
        elif isinstance(n, ast.For) and isinstance(n.target, ast.Tuple) and isinstance(n.iter, ast.Tuple):
            names = [t.id if isinstance(t, ast.Name) else None for t in n.target.elts]
            if name not in names:
                continue
            i = names.index(name)
            for row in n.iter.elts:
                got = _strings(row.elts[i]) if isinstance(row, ast.Tuple) and len(row.elts) > i else None
                if got is None:
                    return None
                found += got
    return found or None


def _scan(path: Path):
    """(templates, unseen) of one source file; unseen are ``file:line: source`` of pass-through arguments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tables = {}
    for n in tree.body:
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Dict):
            for t in n.targets:
                if isinstance(t, ast.Name) and t.id.endswith("_TEMPLATES"):
                    tables[t.id] = [v.value for v in n.value.values if isinstance(v, ast.Constant)]
    templates: list[str] = list(v for vs in tables.values() for v in vs)
    templates += [t.removeprefix("%(path)s: ") for t in templates if t.startswith("%(path)s: ")]  # as below
    unseen: list[str] = []
    funcs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]

    def enclosing(call):
        best = None
        for f in funcs:
            if f.lineno <= call.lineno <= (f.end_lineno or f.lineno) and (
                best is None or f.lineno > best.lineno
            ):
                best = f
        return best

    for n in ast.walk(tree):
        if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Name) or n.func.id not in MAKERS:
            continue
        i = MAKERS[n.func.id]
        if len(n.args) <= i:
            continue
        arg = n.args[i]
        got = _strings(arg)
        if got is None and isinstance(arg, ast.Name) and enclosing(n) is not None:
            got = _bound(enclosing(n), arg.id)
        if got is None and isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
            got = [] if arg.value.id in tables else None
        if got is None and _is_forwarded(arg):
            got = []
        if got is None:
            shown = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path
            unseen.append(f"{shown}:{n.lineno}: {ast.unparse(arg)}")
            continue
        templates += got
        if n.func.id == "FileProblem":  # a spec file's own problem is shown under the file's name
            templates += [t.removeprefix("%(path)s: ") for t in got if t.startswith("%(path)s: ")]
    return templates, unseen


def _is_forwarded(arg) -> bool:
    """``e.template`` (or a prefix of it removed): another problem's template, collected where it is made."""
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "removeprefix":
        arg = arg.func.value
    return isinstance(arg, ast.Attribute) and arg.attr == "template"


def _sources():
    for p in sorted(ROOT.rglob("*.py")):
        text = p.read_text(encoding="utf-8")
        if any(f"{m}(" in text for m in MAKERS):
            yield p


def templates() -> list[str]:
    """Every template, in source order, once; a file problem's also without its leading ``%(path)s: ``
    (a spec file's own problem is shown under the file's name)."""
    out: list[str] = []
    for p in _sources():
        out += _scan(p)[0]
    return list(dict.fromkeys(out))


def unseen() -> list[str]:
    """The problems made from text this reader cannot see (another library's message, passed on)."""
    return [u for p in _sources() for u in _scan(p)[1]]
