"""Plots of ``paigow strategy derive --plot`` and ``paigow session --plot`` (matplotlib)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paigow.errors import ConfigError

__all__ = ["plot_curve", "plot_session"]


def _figure(draw: Callable[[Any], None], path: str, panels: int) -> None:
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is in the dev requirements
        raise ConfigError("--plot needs matplotlib: pip install 'paigow[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, panels, figsize=(6 * panels, 4.6), constrained_layout=True)
    try:
        draw(axes)
        fig.savefig(path, dpi=110)
    except OSError as e:
        raise ConfigError(f"cannot write the plot {path!r}: {e.strerror or e}") from e
    except ValueError as e:  # an image format matplotlib does not write, a NUL in the name
        raise ConfigError(f"cannot write the plot {path!r}: {e}; try FILE.png") from e
    finally:
        plt.close(fig)


def plot_curve(data: dict[str, Any], path: str) -> None:
    """The EV and the share of the gap recovered against the number of rules."""
    ks = [r["rules"] for r in data["curve"]]
    evs = [100 * r["ev"] for r in data["curve"]]
    shares = [100 * (r["share"] or 0) for r in data["curve"]]

    def draw(axes: Any) -> None:
        a, b = axes
        a.plot(ks, evs, "o-", color="#1565c0", label="strategy card")
        a.axhline(100 * data["house"]["ev"], color="#c62828", ls="--", label="house way")
        a.axhline(100 * data["optimal"]["ev"], color="#2e7d32", ls="--", label="optimal")
        a.set_xlabel("rules")
        a.set_ylabel(f"{data['role']} EV per unit bet (%)")
        a.set_title(f"{data['role']} vs {data['against']} ({data['profile']})")
        a.legend()
        b.plot(ks, shares, "o-", color="#6a1b9a")
        b.axhline(80, color="#9e9e9e", ls=":")
        b.set_ylim(0, 100)
        b.set_xlabel("rules")
        b.set_ylabel("share of the gap recovered (%)")
        b.set_title("house way = 0 %, optimal = 100 %")

    _figure(draw, path, 2)


def plot_session(data: dict[str, Any], path: str) -> None:
    """The distribution of a session's result, and the risk of ruin by bankroll."""

    def draw(axes: Any) -> None:
        a, b = axes
        xs = [p[0] / 100 for p in data["distribution"]]
        ps = [p[1] for p in data["distribution"]]
        a.bar(xs, ps, width=max(0.01, (max(xs) - min(xs)) / max(60, len(xs))), color="#1565c0")
        a.axvline(data["mean_cents"] / 100, color="#c62828", ls="--", label="mean")
        a.set_xlabel("result of the session ($), as if the bankroll never ran out")
        a.set_ylabel("probability")
        a.set_title(f"{data['rounds']} rounds of ${data['bet_cents'] / 100:g}")
        a.legend()
        rs = [r["bankroll_cents"] / 100 for r in data["ruin_by_bankroll"]]
        qs = [100 * r["ruin"] for r in data["ruin_by_bankroll"]]
        b.plot(rs, qs, "o-", color="#6a1b9a")
        b.set_xlabel("bankroll ($)")
        b.set_ylabel("probability of losing it before the end (%)")
        b.set_title("risk of ruin")

    _figure(draw, path, 2)
