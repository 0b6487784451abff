"""`paigow edge --player A,B,C` and `paigow ways compare A B`: exact figures from the command
line, checked against one-at-a-time edges (R-SETTLE-05 outcomes, commission per profile)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from paigow.cli.main import main
from paigow.exact.results import commission_of
from paigow.games.tiles.exact.api import edge_of
from paigow.games.tiles.exact.compare import compare_ways
from paigow.profiles import get_profile


def test_edge_several_player_ways_one_row_each(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["edge", "--player", "regulation,taj-mahal,optimal", "--dealer", "canberra"]
    assert main([*args, "--profile", "maryland", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["dealer_way"] == "canberra" and len(d["rows"]) == 3
    prof = get_profile("maryland")
    for row, name in zip(d["rows"], ("regulation", "taj-mahal", "optimal"), strict=True):
        one = edge_of(name, "canberra", prof, commission_of(prof))
        assert row["counts"] == {"win": one.win, "push": one.push, "lose": one.lose}
        assert row["player_ev_exact"] == str(one.player_ev)
    assert main(args) == 0
    assert "taj-mahal" in capsys.readouterr().out
    assert main(["edge", "--player", "regulation,", "--json"]) == 2
    assert main(["edge", "--player", "regulation,taj", "--dealer", "optimal-banker"]) == 2


def test_edge_several_card_ways(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--profile", "nj-supreme", "--player", "spg-house,optimal", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["rows"][0]["player_way"] == "spg-house"
    assert d["deals"] == 72_832_605_300


@pytest.mark.parametrize(
    ("a", "b", "against"),
    [("regulation", "taj", "regulation"), ("canberra", "optimal", "taj-mahal")],
)
def test_ways_compare_totals_are_the_edge_difference(a: str, b: str, against: str) -> None:
    """Summed over the hands the two ways set differently, weighted by frequency, the EV
    difference is exactly the difference of the two ways' edges against the same dealer way."""
    prof = get_profile("generic")
    c = Fraction(1, 20)
    cmp = compare_ways(a, b, against, prof, c)
    ea = edge_of(a, against, prof, c).player_ev
    eb = edge_of(b, against, prof, c).player_ev
    assert cmp.total_a - cmp.total_b == ea - eb
    assert all(sa != sb for _, sa, sb, _, _, _ in cmp.rows)


def test_ways_compare_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/house-ways.md, "How often the ways differ"
    for other, combinations in (("taj-mahal-literal", 13_432), ("taj-mahal", 11_828)):
        assert main(["ways", "compare", "regulation", other, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["combinations"] == combinations
    assert main(["ways", "compare", "regulation"]) == 2
    assert main(["ways", "compare", "regulation", "taj-mahal"]) == 0
    assert "A - B" in capsys.readouterr().out


def test_what_a_game_does_not_define_is_refused_by_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The math commands ask the profile's game what it defines: Supreme Pai Gow has no edge
    plot by hand group, no comparison of tile ways, no equilibrium solver and no quick round;
    each command refuses with the game's name and writes nothing (exit 2)."""
    png = tmp_path / "edge.png"
    commands = (
        ["edge", "--profile", "nj-supreme", "--plot", str(png), "--json"],
        ["ways", "compare", "spg-house", "optimal", "--profile", "nj-supreme", "--json"],
        ["equilibrium", "--profile", "nj-supreme", "--out", str(tmp_path / "eq"), "--json"],
        ["demo", "--profile", "nj-supreme", "--json"],
    )
    for argv in commands:
        capsys.readouterr()
        assert main(argv) == 2, argv
        assert "Supreme Pai Gow" in capsys.readouterr().err, argv
    assert not png.exists() and not (tmp_path / "eq").exists()
