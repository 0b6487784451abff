"""The order the suite's files are handed to the workers: the longest first.

``make test`` runs the files on several workers, each file whole on one of them (``--dist
loadfile``: a module's tests share its server and browser), in the order collected. A long file
started last keeps one worker busy while the others wait, so the longest files go first and the
short ones fill in behind them (longest processing time first). :data:`LONGEST` is the files
that took longest in ``pytest -n 4 --dist loadfile --durations=0`` (summed per file), heaviest
first; a file not named keeps its place after them. The order changes no test's outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest

LONGEST: tuple[str, ...] = (
    "test_service_floods.py",
    "test_service_crash.py",
    "test_service_scale.py",
    "test_web_choices.py",
    "test_web_seated.py",
    "test_web_private.py",
    "test_exact_fast.py",
    "test_web_pit.py",
    "test_service_seams.py",
    "test_service_revocation.py",
    "test_service_auth.py",
    "test_service_fuzz.py",
    "test_web_languages.py",
    "test_web_defects.py",
    "test_web_play.py",
    "test_service_private.py",
    "test_service_cluster_protection.py",
    "test_service_replicas.py",
    "test_service_takeover.py",
    "test_service_cluster_tables.py",
    "test_service_leak.py",
    "test_equilibrium.py",
    "test_simulation.py",
    "test_service_doors.py",
    "test_service_play.py",
    "test_web_social.py",
    "test_web_oracle.py",
    "test_service_protection.py",
    "test_service_pit.py",
    "test_service_pit_accounts_meters.py",
    "test_service_adjust.py",
    "test_web_words.py",
    "test_wheel.py",
    "test_service_deltas.py",
    "test_service_protocol.py",
    "test_service_audit.py",
    "test_service_spectators.py",
    "test_service_faults.py",
    "test_service_devices.py",
    "test_deploy.py",
    "test_strategy.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of :data:`LONGEST` first, in its order; the tests of a file keep theirs."""
    rank = {name: i for i, name in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(Path(str(item.path)).name, len(rank)))
