"""``paigow strategy derive|show|card``, ``strategy:FILE`` wherever a way is taken, and the
trainer's ``card`` drill: what the terminal and the files say is checked against the exact
engine computed independently (``edge_of`` on the file as a way)."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from paigow.cli.main import main
from paigow.exact.results import commission_of
from paigow.games.tiles.exact.api import edge_of
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile
from paigow.trainer import Trainer

SRC = Path(__file__).resolve().parents[1] / "src" / "paigow"


@pytest.fixture(scope="module")
def derived(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """``strategy derive --against taj-mahal --rules 3 --out card.toml``, run once: the card it
    writes, and what it printed before its ``wrote`` line (what it prints without ``--out``).
    The JSON form of ``derive`` is test_the_curve_plot_is_written's."""
    out = tmp_path_factory.mktemp("card") / "card.toml"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["strategy", "derive", "--against", "taj-mahal", "--rules", "3", "--out",
                     str(out)]) == 0  # fmt: skip
    return out, printed.getvalue().split(f"wrote {out}")[0]


@pytest.fixture(scope="module")
def card(derived: tuple[Path, str]) -> Path:
    return derived[0]


def test_derive_prints_the_curve_the_engine_confirms(derived: tuple[Path, str]) -> None:
    card, out = derived
    g = get_profile("generic")
    ev = edge_of(f"strategy:{card}", "taj-mahal", g, commission_of(g)).player_ev
    house = edge_of("taj-mahal", "taj-mahal", g, commission_of(g)).player_ev
    assert (
        f"{100 * float(ev):+.4f}%" in out.splitlines()[-1 - 6] or f"{100 * float(ev):+.4f}%" in out
    )
    assert f"house way {100 * float(house):+.4f}%" in out
    assert "Otherwise: set the hand the house way (taj-mahal)." in out


def test_show_recomputes_the_ev_from_the_rules(
    card: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["strategy", "show", str(card), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["matches_derived"] is True
    assert Fraction(d["ev_exact"]) == Fraction(d["derived"]["ev"])
    assert len(d["rules"]) <= 3


def test_show_says_when_an_edited_file_no_longer_has_its_ev(
    card: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = tmp_path / "edited.toml"
    text = card.read_text()
    edited.write_text(re.sub(r'fallback = "taj-mahal"', 'fallback = "regulation"', text))
    assert main(["strategy", "show", str(edited)]) == 0
    assert "NOT the EV the file states" in capsys.readouterr().out


def test_the_card_is_one_page_of_html_and_pdf(card: Path, tmp_path: Path) -> None:
    html, pdf = tmp_path / "c.html", tmp_path / "c.pdf"
    args = ["strategy", "card", str(card), "--out", str(html)]
    if shutil.which("chromium") is None:  # pragma: no cover - make test installs it
        pytest.skip("Chromium is not installed")
    assert main([*args, "--pdf", str(pdf)]) == 0
    text = html.read_text()
    s = get_way(f"strategy:{card}")
    from paigow.games.rulebook import rule_words
    from paigow.games.tiles.ways.rule_tiles import TILE_VOCABULARY

    for rule in s.strategy.rules:  # type: ignore[attr-defined]
        assert rule_words(rule, TILE_VOCABULARY).replace("'", "&#x27;") in text
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 1


def test_a_card_is_a_way_for_set_edge_round_and_the_trainer(
    card: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    way = f"strategy:{card}"
    assert main(["set", "6-6", "4-5", "1-2", "3-3", "--way", way, "--json"]) == 0
    assert main(["edge", "--player", way, "--dealer", "taj-mahal", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert json.loads(lines[-1])["player_way"] == way
    assert main(["round", "--seed", "3", "--way", way, "--json"]) == 0
    capsys.readouterr()


def test_the_card_drill_deals_hands_a_rule_sets_and_scores_following_it(card: Path) -> None:
    import random

    t = Trainer("generic", dealer="taj-mahal", way=f"strategy:{card}")
    way = get_way(f"strategy:{card}")
    rng = random.Random(5)
    for _ in range(20):
        p = t.deal("card", rng)
        number, setting = way.rule_of(p.pieces)  # type: ignore[attr-defined]
        assert number is not None and p.rule is not None
        assert p.rule.startswith(f"rule {number} of the card: ")
        assert p.options[p.house].setting.key() == setting.key()
        s = t.score(p, p.house)
        assert s.matches_house and s.ev_lost == p.options[p.best].ev - p.options[p.house].ev
    with pytest.raises(Exception, match="strategy card"):
        Trainer("generic").deal("card", rng)


def _imports(path: Path, package: str) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif node.module and node.module.startswith(f"paigow.{package}."):
                out.add(node.module.split(".")[2])
    return out


@pytest.mark.parametrize("package", ["strategy", "bankroll"])
def test_the_new_packages_keep_the_layout(package: str) -> None:
    """No import cycle inside, no file over 500 lines, and nothing below them imports them."""
    files = list((SRC / package).glob("*.py"))
    graph = {p.stem: _imports(p, package) for p in files if p.stem != "__init__"}
    for mod, deps in graph.items():
        for d in deps:
            assert mod not in graph.get(d, set()), f"cycle {mod} <-> {d}"
    for p in files:
        assert len(p.read_text(encoding="utf-8").splitlines()) <= 500, p.name
    for lower in ("ways", "exact", "spg", "table", "profiles", "trainer"):
        for p in (SRC / lower).rglob("*.py"):
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
                names = (
                    [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else []
                )
                assert not any(n.startswith(f"paigow.{package}") for n in names), p


def test_the_readme_example_is_what_derive_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (SRC.parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split(
        "$ paigow strategy derive --against regulation --rules 3 --out card.toml\n"
    )
    shown = block[1].split("wrote card.toml")[0]
    out = tmp_path / "card.toml"
    assert main(["strategy", "derive", "--against", "regulation", "--rules", "3",
                 "--out", str(out)]) == 0  # fmt: skip
    printed = capsys.readouterr().out.split(f"wrote {out}")[0]
    assert printed == shown


def test_the_curve_plot_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "c.png"
    assert main(["strategy", "derive", "--rules", "2", "--plot", str(png), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["plot"] == str(png)
    assert png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("path", sorted((SRC.parents[1] / "docs" / "cards").glob("*.toml")))
def test_the_cards_in_the_docs_have_the_ev_they_state(path: Path) -> None:
    """docs/cards: the 10-rule cards of docs/math.md, scored by the exact engine as ways."""
    s = get_way(f"strategy:{path}").strategy  # type: ignore[attr-defined]
    prof = get_profile(s.figure("profile"))
    c, opp = Fraction(s.figure("commission")), s.figure("against")
    if s.figure("role") == "banker":
        ev = edge_of(opp, f"strategy:{path}", prof, c).banker_ev
    else:
        ev = edge_of(f"strategy:{path}", opp, prof, c).player_ev
    assert ev == s.ev() and len(s.rules) <= 10
