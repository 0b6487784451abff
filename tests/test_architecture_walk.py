"""docs/architecture.md's "Walk a command" names real places: every ``path::name`` it gives
(a module under ``src/paigow/`` and a function, a class or a class's method) is defined
there, by that module itself (not imported into it, not inherited), so that a module moved or
a function renamed fails here until the walk says where it went."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PLACE = re.compile(r"`([a-z_/]+\.py)::([A-Za-z_][A-Za-z0-9_.]*)`")


def _walk() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Walk a command")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def places() -> list[tuple[str, str]]:
    """The ``(path, name)`` pairs the walk names, in its order."""
    return PLACE.findall(_walk().replace("\n   ", " "))


def test_the_walk_names_each_step_from_socket_to_commit_and_back() -> None:
    found = places()
    paths = [p for p, _ in found]
    assert len(found) >= 25
    # from the websocket, through the actor and the engine, to the commit and back
    for where in (
        "service/routes/app.py",
        "service/wire/protocol.py",
        "service/tables/actor.py",
        "service/tables/rights.py",
        "service/tables/engine.py",
        "service/store/store.py",
        "service/tables/views.py",
        "service/connection.py",
    ):
        assert where in paths, where
    assert paths.index("service/tables/engine.py") < paths.index("service/store/store.py")
    assert paths.index("service/store/store.py") < paths.index("service/tables/views.py")


def test_every_place_the_walk_names_is_defined_there() -> None:
    for path, name in places():
        file = ROOT / "src" / "paigow" / path
        assert file.is_file(), f"{path} (docs/architecture.md, 'Walk a command') is not a module"
        module = importlib.import_module("paigow." + path[:-3].replace("/", "."))
        owner: object = module
        for part in name.split("."):
            assert part in vars(owner), f"{path}::{name}: {part} is not defined there"
            owner = vars(owner)[part]
        if inspect.isfunction(owner) or inspect.isclass(owner):
            assert owner.__module__ == module.__name__, f"{path}::{name} is imported there"
