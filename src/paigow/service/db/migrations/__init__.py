"""The service's database migrations (Alembic; ``versions/``), and which revision they lead to.

:func:`schema_head` reads the revision identifiers from the migration files themselves, without
importing them or Alembic, so that ``paigow --version`` can name the schema on an install
without the service's packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["VERSIONS", "revisions", "schema_head"]

#: The folder of the migration scripts.
VERSIONS = Path(__file__).resolve().parent / "versions"


def _assigned(tree: ast.Module, name: str) -> object:
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == name
        ):
            return ast.literal_eval(node.value)
    raise ValueError(f"no {name} = ... in a migration")


def revisions() -> dict[str, tuple[str, ...]]:
    """Every migration's revision and the revisions it follows (``down_revision``)."""
    out: dict[str, tuple[str, ...]] = {}
    for path in sorted(VERSIONS.glob("*.py")):
        if path.name.startswith("_"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        revision = _assigned(tree, "revision")
        down = _assigned(tree, "down_revision")
        if isinstance(down, str):
            down = (down,)
        elif down is None:
            down = ()
        if not (
            isinstance(revision, str)
            and isinstance(down, tuple | list)
            and all(isinstance(d, str) for d in down)
        ):
            raise ValueError(f"{path.name}: revision and down_revision must be strings")
        out[revision] = tuple(str(d) for d in down)
    return out


def schema_head() -> str:
    """The revision the migrations lead to (``upgrade heads``): the one no other follows
    (several, joined by ``+``, while two branches are not merged yet)."""
    graph = revisions()
    followed = {d for downs in graph.values() for d in downs}
    return "+".join(sorted(r for r in graph if r not in followed))
