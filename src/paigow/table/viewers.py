"""Who looks at a table: a :class:`Viewer` is a seat (a player), a spectator, the operator (the
floor) or surveillance; :mod:`.observation` decides what each may see."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["OPERATOR", "ROLES", "SPECTATOR", "SURVEILLANCE", "Viewer"]

#: The kinds of viewer.
ROLES = ("seat", "spectator", "operator", "surveillance")


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who looks: ``role`` is ``seat`` (with ``player``), ``spectator``, ``operator`` or
    ``surveillance``."""

    role: str
    player: str | None = None
    #: The hash, made once: a viewer keys the dicts of every broadcast, many times each.
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown viewer role {self.role!r}")
        if (self.role == "seat") != (self.player is not None):
            raise ValueError("a seat viewer names its player; other viewers name none")
        object.__setattr__(self, "_hash", hash((self.role, self.player)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Viewer], tuple[str, str | None]]:
        # made again where it is unpickled: a string's hash differs from process to process
        return (Viewer, (self.role, self.player))

    @classmethod
    def seat(cls, player: str) -> Viewer:
        """The view of the player ``player``."""
        return cls("seat", player)


SPECTATOR = Viewer("spectator")
#: The floor's view: public while the round is open, whole once it is done.
OPERATOR = Viewer("operator")
#: An operator with the surveillance right: every dealt hand from the deal.
SURVEILLANCE = Viewer("surveillance")
