"""The on-disk cache of derived arrays: what is read back equals what is computed, a stale or
unwritable cache never changes a result."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from paigow.exact import cache
from paigow.games.tiles.exact import space, strategy
from paigow.games.tiles.ways import get_way


def _fresh(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(folder))
    cache.cache_dir.cache_clear()
    space.kind_space.cache_clear()
    space.pip_space.cache_clear()
    strategy._CACHE.clear()


@pytest.fixture(autouse=True)
def _restore() -> object:
    yield
    cache.cache_dir.cache_clear()
    space.kind_space.cache_clear()
    space.pip_space.cache_clear()
    strategy._CACHE.clear()


def test_cached_arrays_equal_computed_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    built = space.kind_space()
    built_sub = built.subsets()
    built_way = strategy.way_arrays(get_way("taj-mahal"), built)
    assert cache.cache_dir().is_relative_to(tmp_path)
    assert {p.name for p in cache.cache_dir().iterdir()} >= {
        "space-kinds.npz",
        "subsets-kinds.npz",
        "way-taj-mahal-kinds.npz",
    }
    _fresh(monkeypatch, tmp_path)
    read = space.kind_space()
    assert read is not built
    assert read.tiles == built.tiles and read.index == built.index
    for field in ("counts", "copies", "weight", "split_high", "split_low"):
        assert (getattr(read, field) == getattr(built, field)).all()
    sub = read.subsets()
    for field in ("build_cls", "build_sub", "build_coef", "q_sub", "q3_cls", "q3_coef"):
        assert (getattr(sub, field) == getattr(built_sub, field)).all()
    assert sub.n_sub == built_sub.n_sub and sub.hands == built_sub.hands
    way = strategy.way_arrays(get_way("taj-mahal"), read)
    assert (way.choice == built_way.choice).all()


def test_unwritable_or_corrupt_cache_is_computed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    _fresh(monkeypatch, blocker)  # the cache folder cannot be created under a file
    sp = space.kind_space()
    assert sp.size == 3620 and int(sp.weight.sum()) == 35960
    _fresh(monkeypatch, tmp_path / "c")
    space.kind_space()
    (cache.cache_dir() / "space-kinds.npz").write_bytes(b"garbage")
    _fresh(monkeypatch, tmp_path / "c")
    again = space.kind_space()
    assert again.size == 3620 and np.array_equal(again.weight, sp.weight)
