"""Who is asking: the client's address, as the per-address limits and the sign-up grant count
it.

* **Proxies.** ``X-Forwarded-For`` is read only when the connection comes from a proxy the
  operator names (``paigow serve --trusted-proxy ADDRESS|CIDR``, repeatable; none by
  default). The header is then read from the right: each address a trusted proxy appended is
  skipped, and the first that is not a trusted proxy is the client (what a client writes into
  the header itself is to the left of what the proxies appended, so it is never reached). From
  anyone else the header is ignored: the client is the connection's peer.
* **The key** of an address: an IPv4 address itself; an IPv6 address by its /64 network (one
  subscriber usually has a whole /64, so counting single IPv6 addresses would let one person
  appear as billions); an IPv4 address mapped into IPv6 as the IPv4 address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

__all__ = ["Network", "address_key", "client_address", "parse_trusted"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
_Addr = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_trusted(items: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or CIDR networks (``10.0.0.5``, ``10.0.0.0/8``, ``::1``).

    Raises:
        ValueError: one is neither.
    """
    out = []
    for item in items:
        try:
            out.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy: {item!r} is not an address or a network") from None
    return tuple(out)


def _parse(text: str) -> _Addr | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        addr = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        return addr.ipv4_mapped
    return addr


def _trusted(addr: _Addr, trusted: Sequence[Network]) -> bool:
    return any(addr.version == n.version and addr in n for n in trusted)


def client_address(peer: str | None, forwarded: str | None, trusted: Sequence[Network]) -> str:
    """The client's address: the peer's, or (from a trusted proxy) the right-most address of
    ``X-Forwarded-For`` that is not a trusted proxy (module notes). ``"?"`` when unknown."""
    addr = _parse(peer) if peer else None
    if addr is None:
        return peer or "?"
    if not forwarded or not _trusted(addr, trusted):
        return str(addr)
    for item in reversed(forwarded.split(",")):
        hop = _parse(item)
        if hop is None:  # not written by a trusted proxy: stop at the last trusted hop
            return str(addr)
        addr = hop
        if not _trusted(hop, trusted):
            return str(hop)
    return str(addr)


def address_key(address: str) -> str:
    """What the limits count an address as (module notes)."""
    addr = _parse(address)
    if addr is None:
        return address[:64]
    if isinstance(addr, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{addr}/64", strict=False))
    return str(addr)
