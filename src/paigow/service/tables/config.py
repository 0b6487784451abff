"""What an operator chooses when opening a table: the profile, limits, variations, computer
players, the decision windows and what happens when they run out (docs/service.md)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from paigow.errors import IllegalActionError
from paigow.profiles import Profile, bundled_profile
from paigow.table.variations import TableOptions

from ..kit.names import table_name
from ..wire.protocol import MAX_CENTS

__all__ = ["CHANGEABLE", "ON_TIMEOUT", "TableConfig", "private_of"]

ON_TIMEOUT = ("house-way", "abandon", "wait")

#: The options an operator changes between rounds (``configure``, docs/service.md).
CHANGEABLE = (
    "min_wager",
    "max_wager",
    "advice",
    "pair_fortunes",
    "dragons_eye",
    "supreme_bonus",
    "computer_players",
)


_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")

#: Amounts and counts bounded at the edge (HTTP 422 naming the field and the bound).
_Cents = Annotated[int, Field(ge=1, le=MAX_CENTS)]
_Seconds = Annotated[float, Field(ge=0, le=3600)]


@dataclass(frozen=True)
class TableConfig:
    """What an operator chooses when opening a table (documented in docs/service.md).

    Also the body of ``POST /api/tables`` (no unknown keys)."""

    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012

    id: str
    profile: str
    min_wager: _Cents | None = None
    max_wager: _Cents | None = None
    pair_fortunes: str | None = None
    dragons_eye: bool = False
    supreme_bonus: bool = True
    house_way: str | None = None
    computer_players: Annotated[int, Field(ge=0, le=8)] = 0
    computer_wager: _Cents | None = None
    wager_seconds: _Seconds = 30.0
    setting_seconds: _Seconds = 60.0
    decision_seconds: _Seconds = 20.0
    pause_seconds: _Seconds = 3.0
    on_setting_timeout: str = "house-way"
    absent_rounds: Annotated[int, Field(ge=1, le=1000)] = 3
    away_seconds: _Seconds = 10.0
    missed_decisions: Annotated[int, Field(ge=1, le=1000)] = 2
    advice: bool = True
    dice_entry: bool = False
    #: Signed-in spectators may write in the table's chat (else they read; players write).
    spectator_chat: bool = False
    #: A private table: the player who opened it (docs/service.md, "Private tables"); such a
    #: table closes when nobody has sat at it for the server's ``--private-idle-minutes``.
    owner: str | None = None
    #: A private table that is not in the lobby: only who holds its code or link finds it.
    invitation_only: bool = False
    #: The table's name shown to players (:func:`.names.table_name`'s rule): the name the
    #: player who opened a private table gave it; a house table's is its id when None.
    name: str | None = None

    @property
    def display_name(self) -> str | None:
        """What players call the table: its name; a house table's id when it has none; None
        for a private table without a name (its id is not for players)."""
        if self.name is not None:
            return self.name
        return None if self.owner is not None else self.id

    def to_json(self) -> dict[str, Any]:
        """Plain data (stored with the table)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableConfig:
        """The inverse of :meth:`to_json`; unknown keys are refused."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise IllegalActionError(f"unknown table option(s): {', '.join(sorted(unknown))}")
        return cls(**dict(data))

    def build_profile(self) -> Profile:
        """The profile with the table's limits, after checking every option."""
        if not _ID.match(self.id):
            raise IllegalActionError(
                f"a table id is 1..40 lower-case letters, digits or '-', got {self.id!r}"
            )
        p = bundled_profile(self.profile)
        t = p.table
        lo = t.min_wager if self.min_wager is None else self.min_wager
        hi = t.max_wager if self.max_wager is None else self.max_wager
        if not (isinstance(lo, int) and isinstance(hi, int) and 0 < lo <= hi):
            raise IllegalActionError(
                f"table limits must be whole cents with 0 < minimum <= maximum, got {lo}..{hi}"
            )
        if self.name is not None:
            kept = table_name(self.name)  # refused with the reason when outside the rule
            if kept != self.name:
                raise IllegalActionError(f"a table's name is kept as {kept!r}: give it so")
        if self.on_setting_timeout not in ON_TIMEOUT:
            raise IllegalActionError(
                f"on_setting_timeout must be one of {', '.join(ON_TIMEOUT)}, "
                f"got {self.on_setting_timeout!r}"
            )
        if self.on_setting_timeout == "abandon" and not p.irregularities.abandoned_wager_loses:
            raise IllegalActionError(f"{p.name} has no abandoned-wager rule; choose house-way")
        if not 0 <= self.computer_players < p.table.positions:
            raise IllegalActionError(
                f"computer players: 0..{p.table.positions - 1} at a {p.name} table"
            )
        for name in ("absent_rounds", "missed_decisions"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise IllegalActionError(f"{name} must be 1 or more, got {v!r}")
        for name in (
            "wager_seconds",
            "setting_seconds",
            "decision_seconds",
            "pause_seconds",
            "away_seconds",
        ):
            v = getattr(self, name)
            if not isinstance(v, int | float) or not 0 <= v <= 3600:
                raise IllegalActionError(f"{name} must be 0..3600 seconds, got {v!r}")
        if lo == t.min_wager and hi == t.max_wager:
            return p
        return dataclasses.replace(p, table=dataclasses.replace(t, min_wager=lo, max_wager=hi))

    def changed(
        self, changes: Mapping[str, Any], *, kept_bonus: bool
    ) -> tuple[TableConfig, Profile]:
        """This table with ``changes`` (options of :data:`CHANGEABLE`) and its profile, after
        checking them as when a table opens, and against the table as it stands: Dragon's Eye
        stays while a dice bonus is kept on the layout (``kept_bonus``, R-DE-10, AMB-14); the
        computer players' wager stays within the limits.

        Raises:
            IllegalActionError: an option that is not changeable, or a change refused (why).
        """
        unknown = set(changes) - set(CHANGEABLE)
        if unknown:
            raise IllegalActionError(
                f"options changed between rounds are {', '.join(CHANGEABLE)}; "
                f"not {', '.join(sorted(unknown))}"
            )
        new = dataclasses.replace(self, **dict(changes))
        profile = new.build_profile()
        TableOptions(new.pair_fortunes, new.dragons_eye).check(profile, player_banked=False)
        if self.dragons_eye and not new.dragons_eye and kept_bonus:
            raise IllegalActionError(
                "Dragon's Eye stays while a dice bonus is kept on the layout (R-DE-10, AMB-14)"
            )
        t = profile.table
        cw = new.computer_wager
        if cw is not None and not t.min_wager <= cw <= t.max_wager:
            raise IllegalActionError(
                f"the computer players wager {cw} cents, outside the limits "
                f"{t.min_wager}..{t.max_wager}"
            )
        return new, profile


def private_of(config: TableConfig) -> dict[str, Any] | None:
    """What the lobby, the table's facts and a recalled round say of a private table: its
    opener, whether it is by invitation only, and the name its opener gave it (None when
    none); None for the house's."""
    if config.owner is None:
        return None
    return {"owner": config.owner, "invitation_only": config.invitation_only, "name": config.name}
