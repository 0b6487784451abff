"""The browser client's protocol types are the service's (docs/web.md, docs/service.md).

``web/src/generated/protocol.ts`` is generated from the service's JSON schemas (the protocol's
messages and actions, and the views: the table state, the round, the lobby, the client's
routes); this module requires the committed file to be current, and checks real messages of
tables of every profile — played by random players with irregularities, seen by each seat, a
spectator and the operator — against the schemas, so the types describe what the server sends.
Regenerate the file with ``python tests/test_web_protocol.py``.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from paigow.profiles import profile_names
from paigow.service.tables.config import TableConfig
from paigow.service.wire.view_schema import DEFS, ROOTS, ref
from service_sim import Sim, Sub
from web_schema import GENERATED, errors, typescript

_VARIATIONS: dict[str, dict[str, Any]] = {
    "colorado": {"pair_fortunes": "1", "dragons_eye": True},
    "maryland": {"pair_fortunes": "A"},
}


def test_generated_types_are_current() -> None:
    """The committed TypeScript types equal those generated from the schemas now."""
    assert GENERATED.read_text(encoding="utf-8") == typescript(), (
        "web/src/generated/protocol.ts is stale: run python tests/test_web_protocol.py"
    )


def test_every_reference_resolves() -> None:
    """Every $ref of the views names a definition, and every route's answer is defined."""

    def refs(node: Any) -> list[str]:
        if isinstance(node, dict):
            found = [node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else []
            return found + [r for v in node.values() for r in refs(v)]
        if isinstance(node, list):
            return [r for v in node for r in refs(v)]
        return []

    assert set(refs(DEFS)) <= set(DEFS)
    assert {r.removesuffix("[]") for r in ROOTS.values()} <= set(DEFS)


def test_checker_finds_departures() -> None:
    """The checker itself: a missing key, a wrong type, an unknown key are each reported."""
    good = {"min": 500, "max": 1000}
    assert errors(good, ref("Limits")) == []
    assert errors({"min": 500}, ref("Limits")) == ["$: missing 'max'"]
    assert errors({"min": "5", "max": 1}, ref("Limits"))[0].startswith("$.min")
    assert errors({**good, "x": 1}, ref("Limits")) == ["$: unexpected 'x'"]
    assert errors(None, {"anyOf": [ref("Limits"), {"type": "null"}]}) == []


@pytest.mark.parametrize("profile", profile_names())
def test_every_message_of_every_viewer_fits_the_schemas(profile: str) -> None:
    """R-SET-02, R-SETTLE-01: states and events of three random rounds per profile, as each
    seat, a spectator and the operator receive them, fit the TableState and TableEvent
    schemas the client's types are generated from."""
    cfg = TableConfig(id="t1", profile=profile, **_VARIATIONS.get(profile, {}))
    sim = Sim(cfg, 3, seed=sum(map(ord, profile)))
    found: list[str] = []
    seen = {"state": 0, "event": 0}

    def check(_sim: Sim, _sub: Sub, msg: dict[str, Any]) -> None:
        if msg["type"] in seen:
            seen[msg["type"]] += 1
            found.extend(errors(msg["state"], ref("TableState"), f"{msg['type']}.state"))
        if msg["type"] == "event":
            for i, ev in enumerate(msg["events"]):
                found.extend(errors(ev, ref("TableEvent"), f"event.events[{i}]"))

    sim.run(3, check)
    assert found == []
    assert seen["state"] > 0 and seen["event"] > 20


if __name__ == "__main__":
    GENERATED.write_text(typescript(), encoding="utf-8")
    print(f"wrote {GENERATED}", file=sys.stderr)
