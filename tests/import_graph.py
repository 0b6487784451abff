"""The import graph of ``src/paigow``, read from the source (tests/test_layout.py checks it).

A module's edges are every module it names in an ``import`` statement anywhere in its file: at
the top, inside a function, under ``if TYPE_CHECKING:`` (a cycle of type names is still a cycle
of knowledge: neither module reads without the other), and every string constant that names a
module of the package (``"paigow.exact.named"``, ``"paigow.cli.hand_cmds:run"``), which is what an
``importlib.import_module`` trick passes. ``from P import n`` names ``P.n`` when that is a module,
else ``P``; the parent packages that Python initialises on the way are not edges (every module
would otherwise depend on its package's ``__init__``).

The package itself, ``paigow`` (the public names of ``import paigow``), is read apart: it
imports ``paigow.errors`` and, on first use of a public name, the module of its table
``_LAZY``. A module of the package that imports from ``paigow`` reads ``__version__`` from the
package that is already initialised before any of its modules runs, so that is not an edge.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "paigow"


def module_name(path: Path) -> str:
    """``src/paigow/exact/api.py`` -> ``paigow.exact.api``; a package is its ``__init__``."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package and its file."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _known(name: str) -> str | None:
    """The module of the package that ``name`` (a module, or a module's attribute) is in."""
    mods = modules()
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def named_modules(source: str, module: str, is_package: bool = False) -> Iterator[str]:
    """Every module of the package that ``source`` (the text of ``module``) names."""
    for node in ast.walk(ast.parse(source)):
        names: Iterable[str] = ()
        if isinstance(node, ast.Import):
            names = (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node)
            names = (f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.partition(":")[0]
            names = (text,) if text.startswith("paigow.") and text in modules() else ()
        for n in names:
            if n.startswith("paigow"):
                found = _known(n)
                if found is not None:
                    yield found


@cache
def graph() -> dict[str, frozenset[str]]:
    """Module -> the modules it imports (see the module's docstring)."""
    out: dict[str, frozenset[str]] = {}
    for mod, path in modules().items():
        text = path.read_text(encoding="utf-8")
        found = set(named_modules(text, mod, path.name == "__init__.py"))
        found.discard(mod)
        found.discard("paigow")
        out[mod] = frozenset(found)
    out["paigow"] = frozenset({"paigow.errors"} | {f"paigow.{m}" for m in _lazy_targets()})
    return out


def _lazy_targets() -> set[str]:
    """The modules named by the values of the package's ``_LAZY`` table."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "_LAZY"
            and node.value is not None
        ):
            return {
                c.value
                for c in ast.walk(node.value)
                if isinstance(c, ast.Constant)
                and isinstance(c.value, str)
                and f"paigow.{c.value}" in modules()
            }
    raise AssertionError("paigow/__init__.py has no _LAZY table")  # pragma: no cover


def root_imports() -> set[str]:
    """What ``paigow/__init__.py`` imports when it runs (outside ``TYPE_CHECKING``)."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def cycles(g: dict[str, frozenset[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan), each a cycle or a
    knot of cycles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(frozenset(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def a_cycle(g: dict[str, frozenset[str]], knot: frozenset[str]) -> list[str]:
    """One cycle through the modules of ``knot``, to name in a failure."""
    start = min(knot)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(g[v] & knot):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                todo.append(w)
    return sorted(knot)  # pragma: no cover
