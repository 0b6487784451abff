"""What the cluster (:mod:`paigow.service.cluster.cluster`) uses of the table service that holds it:
named as protocols, not imported, so that the service and its cluster do not import each
other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..accounts.accounts import Accounts
    from ..accounts.wallets import WalletPush
    from ..db.events import EventLog
    from ..social.chat import Chat
    from ..store.store import Store
    from ..tables.actor import TableActor

__all__ = ["Host", "HostOptions"]


class HostOptions(Protocol):
    """The settings the cluster reads (:class:`paigow.service.hub.ServiceOptions`)."""

    @property
    def lease_seconds(self) -> float: ...

    @property
    def address(self) -> str: ...


class Host(Protocol):
    """What the cluster uses of the table service (:class:`paigow.service.hub.Service`), which
    holds it: named here, not imported, so that the two do not import each other."""

    @property
    def store(self) -> Store: ...

    @property
    def instance(self) -> str: ...

    @property
    def options(self) -> HostOptions: ...

    @property
    def actors(self) -> dict[str, TableActor]: ...

    @property
    def events(self) -> EventLog: ...

    @property
    def chat(self) -> Chat: ...

    @property
    def accounts(self) -> Accounts: ...

    @property
    def wallets(self) -> WalletPush: ...

    async def rebuild(self, table_id: str, cfg: dict[str, Any]) -> TableActor: ...

    async def crash_check(self, silent: float) -> None: ...

    async def close_table(self, table_id: str) -> None: ...
