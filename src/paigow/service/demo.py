"""The demonstration tables of ``make run`` (``paigow serve --demo``): one open table per
bundled profile, named after it, with its variations switched on and computer players in all
but :data:`FREE_SEATS` of its seats, so that a newcomer finds a game at once.

Idempotent: a table that is already open (rebuilt from the database at start-up) is left as it
is, and a table id that was used and closed is not opened again, so starting the service again
on the same database never duplicates a table.
"""

from __future__ import annotations

import logging
from collections.abc import Container
from typing import Any, Final, Protocol

from paigow.errors import PaigowError
from paigow.profiles import bundled_profile, profile_names

from .tables.config import TableConfig

__all__ = ["FREE_SEATS", "demo_configs", "open_demo_tables"]

log = logging.getLogger("paigow.service")


class Service(Protocol):
    """What opening the demonstration tables uses of the table service
    (:class:`paigow.service.hub.Service`, which calls it at start-up): named, not imported."""

    @property
    def actors(self) -> Container[str]: ...

    async def open_table(self, config: TableConfig) -> object: ...


#: Seats left for people at each demonstration table.
FREE_SEATS: Final = 3

#: Variations switched on where the profile allows them.
_VARIATIONS: Final[dict[str, dict[str, Any]]] = {
    "colorado": {"pair_fortunes": "1", "dragons_eye": True},
    "maryland": {"pair_fortunes": "A"},
    "nj-supreme": {"supreme_bonus": True},
}


def demo_configs() -> list[TableConfig]:
    """The demonstration tables, one per bundled profile, in the order of the profiles."""
    out = []
    for name in profile_names():
        positions = bundled_profile(name).table.positions
        out.append(
            TableConfig(
                id=name,
                profile=name,
                computer_players=max(0, positions - FREE_SEATS),
                wager_seconds=45.0,
                setting_seconds=90.0,
                decision_seconds=30.0,
                pause_seconds=4.0,
                **_VARIATIONS.get(name, {}),
            )
        )
    return out


async def open_demo_tables(service: Service) -> list[str]:
    """Open every demonstration table not open yet; the ids opened."""
    opened = []
    for config in demo_configs():
        if config.id in service.actors:
            continue
        try:
            await service.open_table(config)
        except PaigowError as e:  # the id was used by a table since closed: keep it closed
            log.info("demo table %s not opened: %s", config.id, e)
            continue
        opened.append(config.id)
    return opened
