"""The browser client's test fixtures are frames a real server sent (tests/web_frames.py).

``web/src/generated/frames.ts`` must be what the fixed script records from a real, seeded
``paigow serve`` now (so the client's tests cannot drift from the server), and every recorded
frame fits the schemas the client's types are generated from; the TypeScript compiler checks the
same frames against those types (``npm run check``). Record them again with
``python tests/test_web_frames.py``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from paigow.service.wire.view_schema import ref
from web_frames import FRAMES_TS, record_frames, typescript_frames
from web_schema import errors


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return record_frames(tmp_path_factory.mktemp("frames"))


def test_the_recorded_frames_are_current(frames: dict[str, dict[str, Any]]) -> None:
    """The committed fixtures are what a real server sends for the script now."""
    assert FRAMES_TS.read_text(encoding="utf-8") == typescript_frames(frames), (
        "web/src/generated/frames.ts is stale: run python tests/test_web_frames.py"
    )


def test_every_recorded_frame_fits_the_schemas(frames: dict[str, dict[str, Any]]) -> None:
    """Every fixture frame is a state or event message whose state fits TableState (choices,
    the statement and all), and whose events fit TableEvent."""
    found: list[str] = []
    for name, f in frames.items():
        assert f["type"] in ("state", "event"), name
        found += errors(f["state"], ref("TableState"), f"{name}.state")
        for i, ev in enumerate(f.get("events", [])):
            found += errors(ev, ref("TableEvent"), f"{name}.events[{i}]")
    assert found == []


def test_the_script_reached_every_decision(frames: dict[str, dict[str, Any]]) -> None:
    """The fixtures hold every kind of choice and statement the client's tests read."""
    ch = {n: f["state"]["choices"] for n, f in frames.items()}
    assert ch["co-sit-eve"]["sit"]["seats"] and ch["co-next-round-eve"]["next_round"]
    assert {w["kind"] for w in ch["co-wagers-alice"]["wagers"]} >= {"main", "pair-fortunes"}
    assert ch["co-offer-alice"]["bank"] == {"kind": "player", "co_bank": True}
    assert len(ch["co-cut-alice"]["cuts"]) == 175 and ch["co-style-alice"]["styles"]
    assert ch["co-bank-wagers-alice"]["dealer_wager"] is not None
    assert ch["co-bank-set-alice"]["bank_set"] and ch["co-surrender-bob"]["surrender"]
    assert ch["lc-stake-carol"]["pd_stake"] is not None
    kumkum = {w["spot"] for w in ch["lc-wagers-dave"]["wagers"]}
    assert "1" not in kumkum and {"2", "8"} <= kumkum  # R-LC: never the Player-Dealer's spot
    assert ch["co-settled-watcher"] is None and ch["lc-settled-watcher"] is None
    bank = frames["co-settled-bank-alice"]["state"]["round"]["statement"]["bank"]
    assert bank["kind"] == "player"
    assert any(x["what"] == "the dealer's wager" for x in bank["lines"])
    pd = frames["lc-settled-carol"]["state"]["round"]["statement"]["bank"]
    assert pd["kind"] == "player-dealer" and pd["stake"] == 20_000


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        FRAMES_TS.write_text(typescript_frames(record_frames(Path(tmp))), encoding="utf-8")
    print(f"wrote {FRAMES_TS}", file=sys.stderr)
