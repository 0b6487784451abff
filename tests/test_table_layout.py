"""The table package keeps the project's layout rules: imports point one way (no cycle, not
even through an import inside a function) and no file grows past about 500 lines."""

from __future__ import annotations

import ast
from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "src" / "paigow" / "table"


def _imports(path: Path) -> set[str]:
    """The table modules ``path`` imports, anywhere in the file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif node.module and node.module.startswith("paigow.table."):
                out.add(node.module.split(".")[2])
    return out


def test_no_import_cycle_in_the_table_package() -> None:
    graph = {p.stem: _imports(p) for p in TABLE.glob("*.py") if p.stem != "__init__"}
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            assert state.get(nxt) != 1, "import cycle: " + " -> ".join([*path, node, nxt])
            if nxt not in state:
                visit(nxt, [*path, node])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])


def test_no_table_file_over_500_lines() -> None:
    for p in TABLE.glob("*.py"):
        assert len(p.read_text(encoding="utf-8").splitlines()) <= 500, p.name
