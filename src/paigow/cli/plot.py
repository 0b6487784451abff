"""``paigow edge --plot FILE.png``: the player's EV by hand and the outcome distribution."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from paigow.errors import ConfigError
from paigow.exact.results import EdgeResult
from paigow.games.tiles.ranking import PAIR_BASE

__all__ = ["hand_groups", "plot_edge"]


def _group(high: int) -> str:
    if high >= PAIR_BASE:
        rank = 21 - (high - PAIR_BASE)
        if rank == 1:
            return "supreme"
        if rank <= 12:
            return "pair"
        if rank <= 16:
            return "mixed pair"
        return "wong" if rank <= 18 else "gong"
    return f"{high // 20} high"


GROUP_ORDER = [
    "supreme",
    "pair",
    "mixed pair",
    "wong",
    "gong",
    *[f"{v} high" for v in range(9, -1, -1)],
]


def hand_groups(res: EdgeResult) -> list[tuple[str, float, float]]:
    """(group of the player's high hand, share of hands, EV per unit) in display order."""
    d = res.detail
    if d is None:  # pragma: no cover - edge() always attaches the detail
        raise ConfigError("this edge result carries no per-hand detail to plot")
    keep = 1 - float(res.commission)
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for i in range(len(d.weight)):
        g = _group(int(d.player_high[i]))
        w = float(d.weight[i])
        s = sums[g]
        s[0] += w * float(d.total[i])
        s[1] += w * float(d.win[i])
        s[2] += w * float(d.lose[i])
    n = float(res.deals)
    out = []
    for g in GROUP_ORDER:
        if g in sums:
            tot, win, lose = sums[g]
            out.append((g, tot / n, (win * keep - lose) / tot))
    return out


def plot_edge(res: EdgeResult, path: str) -> None:
    """Draw two panels: EV by the player's high hand, and win/push/lose probabilities."""
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is in the dev requirements
        raise ConfigError("--plot needs matplotlib: pip install 'paigow[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = hand_groups(res)
    fig, (ax1, ax2) = plt.subplots(
        1, 2, figsize=(12, 5), gridspec_kw={"width_ratios": [3, 1]}, constrained_layout=True
    )
    labels = [f"{g}\n{100 * share:.1f}%" for g, share, _ in groups]
    evs = np.array([100 * ev for _, _, ev in groups])
    colours = ["#2e7d32" if e >= 0 else "#c62828" for e in evs]
    ax1.bar(labels, evs, color=colours)
    ax1.axhline(0, color="black", linewidth=0.8)
    ax1.set_ylabel("player EV per unit bet (%)")
    ax1.set_xlabel("player's high hand (share of hands)")
    ax1.set_title(f"{res.player_way} vs {res.dealer_way} ({res.profile})")
    ax1.tick_params(axis="x", labelsize=8)
    probs = [res.win / res.deals, res.push / res.deals, res.lose / res.deals]
    ax2.bar(["win", "push", "lose"], probs, color=["#2e7d32", "#9e9e9e", "#c62828"])
    for i, p in enumerate(probs):
        ax2.text(i, p, f"{p:.4f}", ha="center", va="bottom", fontsize=9)
    ax2.set_title(f"outcomes; player EV {100 * float(res.player_ev):+.3f}%")
    ax2.set_ylim(0, max(probs) * 1.15)
    try:
        fig.savefig(path, dpi=110)
    except OSError as e:
        raise ConfigError(f"cannot write the plot {path!r}: {e.strerror or e}") from e
    except ValueError as e:  # an image format matplotlib does not write, a NUL in the name
        raise ConfigError(f"cannot write the plot {path!r}: {e}; try FILE.png") from e
    finally:
        plt.close(fig)
