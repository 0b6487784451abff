"""The service's guards on their own: who the client is behind proxies
(src/paigow/service/kit/addresses.py: ``X-Forwarded-For`` believed only from ``--trusted-proxy``,
read from the right, against a slow obvious reference on generated chains), and the bounded
worker pools (src/paigow/service/kit/workers.py: never more work running than workers, never more
waiting than the queue, a request that gets no worker in time refused, a worker given back
only when its work ends)."""

from __future__ import annotations

import asyncio
import ipaddress
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.kit.addresses import address_key, client_address, parse_trusted
from paigow.service.kit.workers import BusyError, WorkPool
from service_support import Server

TRUSTED = parse_trusted(["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"])

_V4 = st.ip_addresses(v=4).map(str)
_V6 = st.ip_addresses(v=6).map(str)
_PROXY = st.sampled_from(["10.1.2.3", "10.9.9.9", "192.0.2.7", "2001:db8::5"])
_ANY = st.one_of(_V4, _V6, _PROXY, st.sampled_from(["garbage", "", "unknown"]))


def norm(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An address; one mapped from IPv4 into IPv6 is the IPv4 address."""
    a = ipaddress.ip_address(text.strip())
    if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped is not None:
        return a.ipv4_mapped
    return a


def reference(peer: str, hops: list[str], trusted: list[str]) -> str:
    """The obvious reading: from the peer leftwards, while the address we stand at is one of
    the trusted proxies, step to the address it says it was connected from."""
    nets = [ipaddress.ip_network(t, strict=False) for t in trusted]

    def is_proxy(text: str) -> bool:
        try:
            a = norm(text)
        except ValueError:
            return False
        return any(a.version == n.version and a in n for n in nets)

    current = peer
    for hop in reversed(hops):
        if not is_proxy(current):
            return current
        try:
            ipaddress.ip_address(hop.strip())
        except ValueError:
            return current
        current = hop.strip()
    return current


@settings(max_examples=500, deadline=None)
@given(peer=st.one_of(_V4, _PROXY), hops=st.lists(_ANY, max_size=5))
def test_the_client_is_read_from_the_right(peer: str, hops: list[str]) -> None:
    trusted = ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"]
    header = ", ".join(hops) if hops else None
    want = reference(peer, hops, trusted) if hops else peer
    assert client_address(peer, header, TRUSTED) == str(norm(want))


@settings(max_examples=200, deadline=None)
@given(peer=_V4, forged=st.lists(_ANY, max_size=4))
def test_nobody_untrusted_is_believed(peer: str, forged: list[str]) -> None:
    """Without trusted proxies (the default) the header changes nothing; from an untrusted
    peer neither; a client's own entries left of a trusted proxy's are never reached."""
    header = ", ".join(forged) or None
    assert client_address(peer, header, ()) == peer
    if not ipaddress.ip_address(peer).is_private:
        assert client_address(peer, header, TRUSTED) == peer
    chain = ", ".join([*forged, "198.51.100.20"])  # what the trusted proxy appended
    assert client_address("10.0.0.1", chain, TRUSTED) == "198.51.100.20"


def test_addresses_are_counted_by_subscriber() -> None:
    """An IPv6 address is counted by its /64 (one subscriber's network), an IPv4 address and
    an IPv4 address mapped into IPv6 by themselves."""
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:198.51.100.4") == address_key("198.51.100.4") == "198.51.100.4"
    assert client_address("::ffff:198.51.100.4", None, ()) == "198.51.100.4"
    with pytest.raises(ValueError, match="not an address"):
        parse_trusted(["nginx.local"])


def _sleeper(gate: threading.Event, running: list[int], most: list[int]) -> int:
    running[0] += 1
    most[0] = max(most[0], running[0])
    gate.wait(10)
    running[0] -= 1
    return 7


def test_a_pool_runs_at_most_its_workers_and_refuses_past_its_queue() -> None:
    """Two workers, a queue of two, half a second to wait: of six requests at once, two run,
    two wait and two are refused at once; the waiting ones run when the workers are free."""

    async def main() -> None:
        pool = WorkPool("test", workers=2, queue=2, wait=5.0)
        gate = threading.Event()
        running, most = [0], [0]
        tasks = [asyncio.create_task(pool.run(_sleeper, gate, running, most)) for _ in range(6)]
        await asyncio.sleep(0.2)
        done = [t for t in tasks if t.done()]
        assert len(done) == 2 and all(isinstance(t.exception(), BusyError) for t in done)
        assert (pool.busy, pool.waiting) == (2, 2)
        gate.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        assert results.count(7) == 4 and most[0] <= 2 and pool.refused == 2
        assert (pool.busy, pool.waiting) == (0, 0)
        pool.close()

    asyncio.run(main())


def test_a_request_that_gets_no_worker_in_time_is_refused() -> None:
    """One worker busy: a request waits ``wait`` seconds, then is refused with the seconds to
    wait before trying again; the worker is given back when its work ends, not before."""

    async def main() -> None:
        pool = WorkPool("test", workers=1, queue=4, wait=0.2)
        gate = threading.Event()
        running, most = [0], [0]
        first = asyncio.create_task(pool.run(_sleeper, gate, running, most))
        await asyncio.sleep(0.05)
        t0 = time.monotonic()
        with pytest.raises(BusyError) as e:
            await pool.run(_sleeper, gate, running, most)
        assert time.monotonic() - t0 >= 0.2 and e.value.retry_after >= 1
        first.cancel()  # the client went away: its work still runs, the worker stays taken
        await asyncio.sleep(0.05)
        assert pool.busy == 1
        gate.set()
        for _ in range(100):
            if pool.busy == 0:
                break
            await asyncio.sleep(0.01)
        assert pool.busy == 0 and most[0] == 1
        assert await pool.run(_sleeper, gate, running, most) == 7
        pool.close()

    asyncio.run(main())


def _noted(gate: threading.Event, order: list[str], name: str) -> None:
    gate.wait(10)
    order.append(name)


def test_work_that_can_wait_is_handed_a_worker_after_the_rest() -> None:
    """Defect (signed-in history flood: the trainer's and the advice's answers went from
    about 5 ms to 180-290 ms at the median, scripts/recall_flood.py): the recall of stored
    rounds is work that can wait. The one worker busy, three recalls waiting, then a
    trainer's request: the worker goes to the trainer's next, then to the recalls in turn; the
    recalls' queue is bounded on its own (a fourth recall is refused, the trainer's request is
    not)."""

    async def main() -> None:
        pool = WorkPool("test", workers=1, queue=3, wait=5.0)
        gate, free = threading.Event(), threading.Event()
        free.set()
        order: list[str] = []
        tasks = [asyncio.create_task(pool.run(_noted, gate, order, "busy"))]
        await asyncio.sleep(0.05)
        for i in range(3):
            tasks.append(asyncio.create_task(pool.run(_noted, free, order, f"r{i}", later=True)))
        await asyncio.sleep(0.05)
        with pytest.raises(BusyError):
            await pool.run(_noted, free, order, "r3", later=True)
        tasks.append(asyncio.create_task(pool.run(_noted, free, order, "trainer")))
        await asyncio.sleep(0.05)
        assert pool.waiting == 4
        gate.set()
        await asyncio.gather(*tasks)
        assert order == ["busy", "trainer", "r0", "r1", "r2"]
        assert (pool.busy, pool.waiting, pool.refused) == (0, 0, 1)
        pool.close()

    asyncio.run(main())


def _square(x: int) -> int:
    return x * x


def test_a_process_pool_runs_module_functions() -> None:
    async def main() -> None:
        pool = WorkPool("compute", workers=1, processes=True, wait=30.0)
        assert await pool.run(_square, 12) == 144
        pool.close()

    asyncio.run(main())


def _children(pid: int) -> set[int]:
    out = set()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(d.name))
    return out


def test_no_worker_outlives_its_service(tmp_path: Path) -> None:
    """The compute pool's worker process (started with the service) exits when the service
    is stopped, and when it is killed with ``kill -9`` (nobody can tell it then: it watches its
    parent)."""
    for kill in (False, True):
        srv = Server(f"sqlite:///{tmp_path / f'w{kill}.sqlite3'}", tmp_path).start()
        assert srv.proc is not None
        pid = srv.proc.pid
        deadline = time.monotonic() + 60
        while not _children(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        workers = _children(pid)
        assert workers, "no worker process started"
        if kill:
            srv.kill9()
        else:
            srv.stop()
        deadline = time.monotonic() + 30
        while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [w for w in workers if Path(f"/proc/{w}").exists()]
        assert not left, (kill, left)
