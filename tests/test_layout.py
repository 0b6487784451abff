"""The package keeps the project's layout rules (docs/architecture.md, "Layers").

* Arrows point down: a module imports only from its own layer or below, lowest first
  errors -> games -> profiles -> table / exact -> trainer -> service -> CLI (the package's
  public names, ``import paigow``, sit on top). A game folder imports no other game.
* No import cycle anywhere in ``src/paigow``, not even through an import inside a function, a
  ``TYPE_CHECKING`` block or an ``importlib`` string (tests/import_graph.py reads them all).
* No file over 500 lines: the package's, and every file of code beside it (the tests, the
  scripts, the benchmarks, the web client's sources and styles, deploy/), generated ones aside.
* No code outside ``paigow/games/`` tests which game it is playing: it asks the profile's game.
* The table service lives in rooms (docs/architecture.md, "The service's rooms"): each imports
  only from its own room or those below it, at most eight modules sit at the service's top
  level, and every room says what it holds.
* The engine has one public path for each name: the old top-level re-exports are gone.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from import_graph import PACKAGE, a_cycle, cycles, graph, modules, named_modules, root_imports

#: The layers, lowest first, and the modules of each (a name and everything under it).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("errors", ("paigow.errors", "paigow.textfiles")),
    (
        "games",
        (
            "paigow.games.outcomes",
            "paigow.games.dice",
            "paigow.games.ring",
            "paigow.games.computed",
            "paigow.games.rulebook",
            "paigow.games.rule_play",
            "paigow.games.tiles.tiles",
            "paigow.games.tiles.ranking",
            "paigow.games.tiles.settings",
            "paigow.games.tiles.hands4",
            "paigow.games.tiles.dealing",
            "paigow.games.tiles.ways",
            "paigow.games.tiles.pair_fortunes",
            "paigow.games.tiles.dragons_eye",
            "paigow.games.tiles.delivery",
            "paigow.games.cards.cards",
            "paigow.games.cards.hands",
            "paigow.games.cards.house_way",
            "paigow.games.cards.rule_cards",
            "paigow.games.cards.supreme_bonus",
            "paigow.games.cards.delivery",
        ),
    ),
    ("profiles", ("paigow.profiles",)),
    (
        "table / exact",
        (
            "paigow.table",
            "paigow.games",
            "paigow.quickround",
            "paigow.exact",
            "paigow.strategy",
            "paigow.bankroll",
            "paigow.qa",
            "paigow.report",
        ),
    ),
    ("trainer", ("paigow.trainer",)),
    ("service", ("paigow.service",)),
    ("cli", ("paigow.cli", "paigow.__main__")),
    ("the package's public names", ("paigow",)),
)

#: Import cycles of the table service being taken apart (the only ones left), each the set of
#: modules of one knot (a strongly connected component of the graph). The list only shrinks:
#: a new cycle fails, and so does an entry that no longer occurs exactly (take it out, or
#: narrow it to the knot that is left).
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()

#: Arrows that point up, being turned around; a new one fails, and so does one that is gone.
KNOWN_UPWARD: frozenset[tuple[str, str]] = frozenset()

#: Files over the limit, with the most lines they may keep until they are split.
KNOWN_LONG: dict[str, int] = {}

#: Files outside the games that test which game they play, with how many tests they hold;
#: the counts only go down.
KNOWN_KIND_TESTS: dict[str, int] = {}

LIMIT = 500


def layer_of(module: str) -> int:
    """The rank of the layer of ``module`` (the longest matching name wins)."""
    best, rank = "", -1
    for i, (_, names) in enumerate(LAYERS):
        for n in names:
            if (module == n or module.startswith(n + ".")) and len(n) > len(best):
                best, rank = n, i
    assert rank >= 0, f"{module} belongs to no layer: add it to LAYERS in tests/test_layout.py"
    return rank


def test_every_module_has_a_layer() -> None:
    for module in modules():
        layer_of(module)


def test_the_graph_sees_every_kind_of_import() -> None:
    """Imports at the top, in a function, under TYPE_CHECKING and through importlib strings,
    relative ones and ``from P import module`` all make edges."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "import paigow.games.tiles.tiles\n"
        "from . import ranking\n"
        "from .settings import Setting\n"
        "if TYPE_CHECKING:\n"
        "    from paigow.profiles import Profile\n"
        "def f() -> None:\n"
        "    from paigow.table.round import Round\n"
        "    import importlib\n"
        "    importlib.import_module('paigow.trainer.core')\n"
        "X = 'paigow.cli.main:main'\n"
    )
    found = set(named_modules(source, "paigow.games.tiles.example"))
    assert {
        "paigow.games.tiles.tiles",
        "paigow.games.tiles.ranking",
        "paigow.games.tiles.settings",
        "paigow.profiles",
        "paigow.table.round",
        "paigow.trainer.core",
        "paigow.cli.main",
    } <= found


def test_the_package_imports_only_its_errors_when_it_loads() -> None:
    """``import paigow`` runs only ``paigow.errors`` (the rest on first use of a name)."""
    assert root_imports() <= {"__future__", "importlib", "paigow.errors"}


def test_no_import_cycle_in_the_package() -> None:
    g = graph()
    found = cycles(g)
    new = [c for c in found if c not in KNOWN_CYCLES]
    assert not new, "import cycle: " + "; ".join(" -> ".join(a_cycle(g, c)) for c in new)
    gone = KNOWN_CYCLES - set(found)
    assert not gone, (
        f"cycles taken apart: remove them from KNOWN_CYCLES: {sorted(map(sorted, gone))}"
    )


def test_arrows_point_down() -> None:
    up = {(a, b) for a, targets in graph().items() for b in targets if layer_of(b) > layer_of(a)}
    new = sorted(up - KNOWN_UPWARD)
    names = [n for n, _ in LAYERS]
    assert not new, "arrows up: " + ", ".join(
        f"{a} ({names[layer_of(a)]}) -> {b} ({names[layer_of(b)]})" for a, b in new
    )
    gone = sorted(KNOWN_UPWARD - up)
    assert not gone, f"arrows turned around: remove them from KNOWN_UPWARD: {gone}"


def test_a_game_folder_imports_no_other_game() -> None:
    """A game is its folder: ``paigow.games.tiles`` never reaches into ``paigow.games.cards``
    or the other way round; what both use lives beside them in ``paigow.games``, and that
    shared part imports no game (only the registry, ``paigow.games``, loads them)."""
    folders = {m for m in modules() if m.count(".") == 2 and m.startswith("paigow.games.")}
    folders = {f for f in folders if (PACKAGE / "games" / f.split(".")[2]).is_dir()}

    def folder(m: str) -> str | None:
        return next((f for f in folders if m == f or m.startswith(f + ".")), None)

    for a, targets in graph().items():
        if not a.startswith("paigow.games") or a == "paigow.games":
            continue
        for b in targets:
            fb = folder(b)
            assert fb is None or fb == folder(a), f"{a} reaches into another game: {b}"


def _lines() -> dict[str, int]:
    return {
        str(p.relative_to(PACKAGE)): len(p.read_text(encoding="utf-8").splitlines())
        for p in modules().values()
    }


#: Where the code beside the package lives, and what counts as code there.
BESIDE = ("tests", "scripts", "benchmarks", "web/src", "deploy", "setup.py")
CODE = {".py", ".ts", ".tsx", ".js", ".css", ".sh"}


def _lines_beside() -> dict[str, int]:
    root = PACKAGE.parent.parent
    files = [
        p for b in BESIDE for p in ([root / b] if b.endswith(".py") else (root / b).rglob("*"))
    ]
    return {
        str(p.relative_to(root)): len(p.read_text(encoding="utf-8").splitlines())
        for p in files
        if p.suffix in CODE and "generated" not in p.parts and "__pycache__" not in p.parts
    }


def test_no_file_of_code_beside_the_package_over_500_lines() -> None:
    lines = _lines_beside()
    assert "tests/test_layout.py" in lines and "web/src/main.tsx" in lines, sorted(lines)[:5]
    over = {f: n for f, n in lines.items() if n > LIMIT}
    assert not over, f"files over {LIMIT} lines (split them): {over}"


def test_no_file_over_500_lines() -> None:
    lines = _lines()
    over = {f: n for f, n in lines.items() if n > KNOWN_LONG.get(f, LIMIT)}
    assert not over, f"files over {LIMIT} lines (split them): {over}"
    done = sorted(f for f in KNOWN_LONG if lines.get(f, 0) <= LIMIT)
    assert not done, f"files now within {LIMIT} lines: remove them from KNOWN_LONG: {done}"


#: Ways of testing which game is played: comparing a game's name, a type check against a
#: game's pieces or hands, a probe for a game's attribute.
_KIND = re.compile(
    r"\.game\s*[!=]="
    r"|\bgame\.name\s*[!=]="
    r"|\bname\s*[!=]=\s*['\"](tiles|cards)['\"]"
    r"|[!=]=\s*['\"](tiles|cards)['\"]"
    r"|['\"](tiles|cards)['\"]\s*[!=]="
    r"|(?<!for )\b\w+\s+(?:not\s+)?in\s*[(\[{]\s*['\"](tiles|cards)['\"]"
    r"|isinstance\([^)]*\b(Tile|Card|Hand|CardHand|Setting|CardSetting|TileGame|CardGame)\b"
    r"|hasattr\([^)]*['\"](tiles|cards)['\"]"
)
_GAMES = frozenset({"tiles", "cards"})


def kind_tests(path: Path) -> list[str]:
    """The lines of ``path`` that test which game is played, and its tables keyed by game."""
    text = path.read_text(encoding="utf-8")
    found = [line.strip() for line in text.splitlines() if _KIND.search(line)]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Dict) and node.keys:
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if keys == _GAMES and len(node.keys) == 2:
                found.append(f"a table keyed by game (line {node.lineno})")
    return found


def test_kind_tests_are_found(tmp_path: Path) -> None:
    here = tmp_path / "probe.py"
    here.write_text(
        'a = prof.meta.game == "cards"\n'
        "x = self.game.name != 'tiles'\n"
        "ok = isinstance(h, CardHand)\n"
        "y = hasattr(hand, 'tiles')\n"
        'z = {"tiles": A, "cards": B}\n'
        'v = kind in ("tiles", "dominoes")\n'
        'w = out["tiles"]\n'
        'for col in ("tiles", "sets"):\n'
        "    pass\n",
        encoding="utf-8",
    )
    assert len(kind_tests(here)) == 6


def test_no_code_outside_the_games_tests_which_game_it_plays() -> None:
    found = {
        str(p.relative_to(PACKAGE)): kind_tests(p)
        for p in modules().values()
        if not str(p.relative_to(PACKAGE)).startswith("games/")
    }
    over = {f: v for f, v in found.items() if len(v) > KNOWN_KIND_TESTS.get(f, 0)}
    assert not over, f"ask the profile's game instead: {over}"
    done = sorted(f for f, n in KNOWN_KIND_TESTS.items() if len(found.get(f, [])) < n)
    assert not done, f"fewer kind tests now: lower KNOWN_KIND_TESTS for {done}"


#: The table service's rooms, lowest first (docs/architecture.md, "The service's rooms"): a
#: module imports only from its own room or those below it. ``""`` is the service's top level
#: (the running service: the modules directly in ``paigow/service/``); the package
#: ``paigow.service`` itself imports nothing and sits below every room (its name is the logger's).
SERVICE = "paigow.service"
SERVICE_ROOMS: tuple[str, ...] = (
    "kit",
    "wire",
    "db",
    "protection",
    "store",
    "accounts",
    "tables",
    "private",
    "social",
    "pit",
    "cluster",
    "",
    "routes",
)
#: The most modules the service's top level may hold besides its ``__init__``.
TOP_LIMIT = 8


@cache
def room_of(module: str) -> int:
    """The rank of the service room of ``module`` (-1 for the package ``paigow.service``)."""
    assert module.startswith(SERVICE), module
    if module == SERVICE:
        return -1
    head = module[len(SERVICE) + 1 :].split(".", maxsplit=1)[0]
    is_room = (PACKAGE / "service" / head / "__init__.py").is_file()
    assert not is_room or head in SERVICE_ROOMS, (
        f"{SERVICE}.{head} is a room no order names: add it to SERVICE_ROOMS in "
        "tests/test_layout.py and to docs/architecture.md"
    )
    return SERVICE_ROOMS.index(head if is_room else "")


def _service_modules() -> list[str]:
    return [m for m in modules() if m == SERVICE or m.startswith(SERVICE + ".")]


def test_the_service_package_imports_nothing() -> None:
    """``paigow.service`` is below every room, so it may import none of them."""
    assert not graph()[SERVICE]


def test_the_service_rooms_import_only_downwards() -> None:
    names = [r or "(top level)" for r in SERVICE_ROOMS]
    up = sorted(
        (a, b)
        for a in _service_modules()
        for b in graph()[a]
        if b.startswith(SERVICE) and room_of(b) > room_of(a)
    )
    assert not up, "service imports up: " + ", ".join(
        f"{a} ({names[room_of(a)]}) -> {b} ({names[room_of(b)]})" for a, b in up
    )


def test_no_cycle_between_the_service_rooms() -> None:
    """The rooms' own graph (an edge when any module of one imports any of another) is acyclic,
    which the order implies; checked on its own so that a changed order cannot hide one."""
    rooms: dict[int, set[int]] = {}
    for a in _service_modules():
        for b in graph()[a]:
            if b.startswith(SERVICE) and room_of(a) != room_of(b):
                rooms.setdefault(room_of(a), set()).add(room_of(b))
    g = {str(k): frozenset(str(v) for v in vs) for k, vs in rooms.items()}
    assert not [c for c in cycles(g) if len(c) > 1]


def test_every_service_module_is_in_a_room_or_the_top_level() -> None:
    top = sorted(
        m
        for m in _service_modules()
        if m.count(".") == 2
        and not (PACKAGE / "service" / m.split(".")[2] / "__init__.py").is_file()
    )
    assert len(top) <= TOP_LIMIT, f"{len(top)} modules at the service's top level: {top}"
    rooms = {p.name for p in (PACKAGE / "service").iterdir() if (p / "__init__.py").is_file()}
    assert rooms == {r for r in SERVICE_ROOMS if r}, rooms ^ {r for r in SERVICE_ROOMS if r}
    for m in _service_modules():
        room_of(m)


def test_every_room_says_what_it_holds_and_what_it_may_use() -> None:
    for room in filter(None, SERVICE_ROOMS):
        doc = ast.get_docstring(ast.parse((PACKAGE / "service" / room / "__init__.py").read_text()))
        assert doc and ("May use" in doc or "may use" in doc), f"service/{room}/__init__.py"


def test_the_architecture_map_lists_the_rooms_in_their_order() -> None:
    """docs/architecture.md names the rooms, lowest first, in one line of its section."""
    text = (PACKAGE.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("Rooms, lowest first:"))
    said = [r.strip(" `.") for r in line.split(":", 1)[1].split("→")]
    assert said == [r or "top level" for r in SERVICE_ROOMS], said


def test_the_old_top_level_paths_are_gone() -> None:
    """One public path for each engine name (CHANGELOG.md, "Moved"): the modules that only
    re-exported ``paigow.games`` under their old names are gone."""
    old = ("tiles", "ranking", "settings", "hands4", "dealing", "cards", "ways", "spg", "sidebets")
    assert not [n for n in old if f"paigow.{n}" in modules()]
