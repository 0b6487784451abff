"""Where the engine's chance comes from, and how it is scaled (R-SHUF-03: "a uniformly random
permutation of the 32 tiles from an approved RNG"; R-START-02 dice; R-START-07 the RNG number,
1-7 in New Jersey [001 §19:46-1.13W(e)], 1-8 in Maryland by AMB-34).

* Real play draws from the operating system's cryptographic source: every command without
  ``--seed`` asks :func:`paigow.games.dice.default_rng`, which is ``random.SystemRandom``; the
  seeded Mersenne Twister appears only behind ``--seed``; nothing uses a global generator.
* The dealer's wash is Fisher–Yates (Durstenfeld) and every index, die and RNG number is drawn
  by rejection sampling — never a modulo — checked against a slow reference that reads the
  same bytes.
"""

from __future__ import annotations

import ast
import io
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rich.console import Console

import paigow.cli.demo
import paigow.cli.play
import paigow.cli.table_cmds
import paigow.cli.train_session
from paigow.games.cards.cards import DECK
from paigow.games.dice import Rng, default_rng, roll_dice
from paigow.games.tiles.tiles import FULL_SET
from paigow.profiles import get_profile
from paigow.qa.sampling import draw
from paigow.qa.sources import ReplayableSystemRandom, make_rng
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.round import Round

SRC = Path(__file__).resolve().parents[1] / "src" / "paigow"


# ------------------------------------------------------------------ real play uses the OS


def test_the_default_source_is_the_operating_systems() -> None:
    rng = default_rng()
    assert type(rng) is random.SystemRandom


class Spy:
    """Stands in for default_rng: hands out a replayable SystemRandom and counts its draws."""

    def __init__(self) -> None:
        self.made: list[ReplayableSystemRandom] = []

    def __call__(self) -> Rng:
        rng = ReplayableSystemRandom(len(self.made) + 1)
        self.made.append(rng)
        return rng

    def drawn(self) -> int:
        return sum(r._counter * 8192 - (len(r._buf) - r._pos) for r in self.made)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    s = Spy()
    for module in (
        paigow.cli.table_cmds,
        paigow.cli.demo,
        paigow.cli.play,
        paigow.cli.train_session,
    ):
        monkeypatch.setattr(module, "default_rng", s)
    return s


def test_paigow_round_without_a_seed_draws_from_the_os_source(spy: Spy) -> None:
    paigow.cli.table_cmds.round_data("generic", None, 3, False)
    assert len(spy.made) == 1 and spy.drawn() > 0
    paigow.cli.table_cmds.round_data("nj-supreme", None, 3, False)
    assert len(spy.made) == 2


def test_paigow_demo_without_a_seed_draws_from_the_os_source(spy: Spy) -> None:
    paigow.cli.demo.demo_data("generic", None, None)
    assert len(spy.made) == 1 and spy.drawn() > 0


def test_paigow_play_without_a_seed_draws_from_the_os_source(spy: Spy) -> None:
    console = Console(file=io.StringIO(), width=110, color_system=None)
    paigow.cli.play.play(stdin=io.StringIO("\n" * 60), console=console, max_rounds=1)
    assert len(spy.made) == 1 and spy.drawn() > 0


def test_paigow_train_without_a_seed_draws_from_the_os_source(spy: Spy, tmp_path: Path) -> None:
    session = paigow.cli.train_session.session_for(
        "generic", stdin=io.StringIO(""), stats_path=tmp_path / "s.json"
    )
    assert spy.made and session.rng is spy.made[0]


def test_a_seed_selects_the_mersenne_twister_only(spy: Spy) -> None:
    a = paigow.cli.table_cmds.round_data("generic", 5, 3, False)
    b = paigow.cli.table_cmds.round_data("generic", 5, 3, False)
    assert a == b and not spy.made


def _calls(tree: ast.AST) -> list[tuple[ast.Call, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            if isinstance(base, ast.Name):
                out.append((node, f"{base.id}.{node.func.attr}"))
            elif isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
                out.append((node, f"{base.value.id}.{base.attr}.{node.func.attr}"))
    return out


def test_no_global_or_unseeded_weak_generator_in_the_engine() -> None:
    """Outside paigow.qa, ``random.Random`` is built only from ``--seed``, as
    ``random.Random(seed) if seed is not None else default_rng()``; the module-level functions
    of :mod:`random` (one global Mersenne Twister) and ``numpy.random`` are never called."""
    for path in sorted(SRC.rglob("*.py")):
        if "qa" in path.relative_to(SRC).parts:
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node, name in _calls(tree):
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            assert not name.startswith(("np.random", "numpy.random")), where
            if name.startswith("random."):
                assert name in ("random.Random", "random.SystemRandom"), where
            if name == "random.Random":
                line = text.splitlines()[node.lineno - 1]
                assert "if seed is not None else default_rng()" in line, where


#: The one module outside paigow.qa that runs the battery: the randomness section of the
#: report (``paigow report``, docs/report.md), which draws only from the ``replay`` and
#: ``system`` sources; nothing that plays a round loads it (below).
BATTERY_USERS = {Path("report", "randomness.py")}


def test_the_engine_never_imports_the_battery() -> None:
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if "qa" not in rel.parts and rel not in BATTERY_USERS:
            assert "paigow.qa" not in path.read_text(encoding="utf-8"), path
    code = (
        "import sys, paigow.cli.main, paigow.table.auto, paigow.cli.report_cmd; "
        "print('paigow.qa' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------ scaling without bias


class Scripted(random.SystemRandom):
    """SystemRandom's code fed with chosen ``getrandbits`` values."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.asked: list[int] = []
        super().__init__()

    def getrandbits(self, k: int) -> int:
        self.asked.append(k)
        return self.values.pop(0)


def test_system_random_rejects_out_of_range_draws_instead_of_reducing_them() -> None:
    assert random.SystemRandom._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
    die = Scripted([7, 6, 2])
    # A die needs 3 bits; 7 and 6 are thrown away (a modulo would have made 7 a 2).
    assert die.randint(1, 6) == 3
    assert die.asked == [3, 3, 3] and not die.values
    assert Scripted([5]).randint(1, 6) == 6


class ByteReader:
    """The slow reference: reads the same byte stream as ReplayableSystemRandom."""

    def __init__(self, seed: int) -> None:
        self.stream = ReplayableSystemRandom(seed)

    def below(self, n: int) -> int:
        """Uniform in [0, n): k = bit_length(n) bits (as SystemRandom reads them), retried
        while >= n."""
        k = n.bit_length()
        nbytes = (k + 7) // 8
        while True:
            r = int.from_bytes(self.stream.randbytes(nbytes), "big") >> (nbytes * 8 - k)
            if r < n:
                return r

    def fisher_yates(self, pieces: tuple[Any, ...]) -> list[Any]:
        x = list(pieces)
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]
        return x


def _round(profile: str) -> Round:
    return Round(get_profile(profile), {"P1": "1"}, {"P1": 100_000})


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("profile", "pieces"), [("generic", FULL_SET), ("nj-supreme", DECK)])
def test_the_dealers_wash_is_fisher_yates_over_unbiased_draws(
    seed: int, profile: str, pieces: tuple[Any, ...]
) -> None:
    rnd = _round(profile)
    run_dealer(rnd, ReplayableSystemRandom(seed), until="wagers")
    assert rnd.order == ByteReader(seed).fisher_yates(pieces)


@pytest.mark.parametrize("seed", range(4))
def test_dice_and_rng_numbers_are_unbiased_draws(seed: int) -> None:
    ref = ByteReader(seed)
    rng = ReplayableSystemRandom(seed)
    for _ in range(50):
        assert roll_dice(rng) == tuple(1 + ref.below(6) for _ in range(3))
    # The dealer's RNG start number (R-START-07), after the wash of the same round.
    for profile, top, pieces in (("maryland", 8, FULL_SET), ("nj-supreme", 7, DECK)):
        ref = ByteReader(seed)
        rnd = _round(profile)
        run_dealer(
            rnd,
            ReplayableSystemRandom(seed),
            until="deal",
            players=[ComputerPlayer("P1")],
            use_rng_number=True,
        )
        assert rnd.order == ref.fisher_yates(pieces)
        assert rnd.rng_number == 1 + ref.below(top)


def test_the_battery_samples_what_the_dealer_deals() -> None:
    """paigow.qa.sampling draws through run_dealer and roll_dice: same generator, same outcomes."""
    tiles, _ = draw("tiles", "replay", 11, 0, 5)
    rng = make_rng("replay", 11, "tiles", 0)
    for row in np.asarray(tiles):
        rnd = _round("generic")
        run_dealer(rnd, rng, until="wagers")
        assert row.tolist() == [t.index for t in rnd.order]
    cards, _ = draw("cards", "replay", 11, 0, 3)
    rng = make_rng("replay", 11, "cards", 0)
    for row in np.asarray(cards):
        rnd = _round("nj-supreme")
        run_dealer(rnd, rng, until="wagers")
        assert [DECK[i] for i in row] == rnd.order
    dice, _ = draw("dice", "replay", 11, 0, 20)
    rng = make_rng("replay", 11, "dice", 0)
    assert [tuple(r) for r in np.asarray(dice).tolist()] == [roll_dice(rng) for _ in range(20)]
    numbers, _ = draw("rng-md", "replay", 11, 0, 30)
    ref = ByteReader(0)
    ref.stream = make_rng("replay", 11, "rng-md", 0)  # type: ignore[assignment]
    assert np.asarray(numbers).tolist() == [1 + ref.below(8) for _ in range(30)]


def test_replayable_system_random_is_system_randoms_code() -> None:
    """Only the byte source (randbytes) and the two readers of bytes (getrandbits, random) are
    redefined; _randbelow is the same rejection sampler as SystemRandom's."""
    own = {k for k in vars(ReplayableSystemRandom) if not k.startswith("__")}
    assert own == {"randbytes", "getrandbits", "random", "_randbelow"}
    assert ReplayableSystemRandom._randbelow is random.SystemRandom._randbelow  # type: ignore[attr-defined]
    for name in ("randint", "randrange", "shuffle", "choice", "sample"):
        assert getattr(ReplayableSystemRandom, name) is getattr(random.SystemRandom, name)
    a, b = ReplayableSystemRandom(3), ReplayableSystemRandom(3)
    assert [a.getrandbits(13) for _ in range(100)] == [b.getrandbits(13) for _ in range(100)]
    assert 0 <= a.random() < 1
    assert ReplayableSystemRandom(4).getrandbits(64) != ReplayableSystemRandom(3).getrandbits(64)
