"""The service's event loop (``paigow serve --event-loop``, src/paigow/cli/serve_cmd.py): uvloop
by default, the standard library's asyncio when asked, and a kind error when uvloop is asked
for and not installed. Each loop runs a real server that plays a round to the end, whose audit
is clean, and that stops on SIGTERM (uvicorn shuts down, then ends by the signal it was sent;
a server that did not stop within the test's wait would be killed, SIGKILL)."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from paigow.cli.main import main
from paigow.cli.serve_cmd import _loop_factory
from paigow.errors import ConfigError
from service_support import OPERATOR, Server, drive


def _loaded(pid: int, library: str) -> bool:
    """Whether the process ``pid`` has a shared library whose path holds ``library`` mapped."""
    return library in Path(f"/proc/{pid}/maps").read_text()


@pytest.mark.parametrize("loop", ["default", "asyncio"])
def test_a_round_is_played_on_each_event_loop(
    loop: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'loop.sqlite3'}"
    args = () if loop == "default" else ("--event-loop", loop)
    srv = Server(url, tmp_path, *args).start()
    try:
        assert srv.proc is not None
        # what runs is read from the process itself: uvloop's library mapped or not
        assert _loaded(srv.proc.pid, "uvloop/loop.") == (loop == "default")
        srv.open_table(srv.login(OPERATOR), id="lp", profile="generic", pause_seconds=0)
        clients = srv.seat("lp", ["looper"], ["1"])
        st = drive(clients, "lp", lambda s: s["rounds"] >= 1)
        assert st["rounds"] >= 1
        for c in clients:
            c.close()
    finally:
        srv.stop()
    assert srv.proc.returncode == -signal.SIGTERM, srv.log()  # not killed
    capsys.readouterr()
    assert main(["audit", "--db", url]) == 0, capsys.readouterr().out


def test_the_loops_named_by_the_option(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvloop

    assert _loop_factory("asyncio") is None  # asyncio's own
    assert _loop_factory("uvloop") is uvloop.new_event_loop
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if not installed
    with pytest.raises(ConfigError, match=r"uvloop is not installed.*--event-loop asyncio"):
        _loop_factory("uvloop")
    # the command says so and opens nothing: no database made, exit 2, no traceback
    db = tmp_path / "never.sqlite3"
    assert main(["serve", "--db", f"sqlite:///{db}", "--event-loop", "uvloop"]) == 2
    err = capsys.readouterr().err
    assert "uvloop is not installed" in err and "Traceback" not in err
    assert not db.exists()
