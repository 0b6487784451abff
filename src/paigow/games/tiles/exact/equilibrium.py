"""An exact equilibrium of Pai Gow Tiles between a player and a banker who both choose.

The method, in four steps (``docs/math.md`` explains it with the figures):

1. **Iterate** (CFR+, floats): regret matching on every class of hands of both sides, each
   iteration scoring all 3,620 x 3 settings against the other side's current mixed strategy
   with one weighted dominance count (:meth:`Game.player_utility`). The averages approach an
   equilibrium; most hands settle on one setting.
2. **Restrict**: hands whose best setting leads the next by a clear margin are fixed to it;
   the few hundred others form a small game, with the fixed hands' contribution counted
   exactly, which CFR+ solves to high precision on dense matrices.
3. **Solve exactly**: on the hands played mixed, the opponent's probabilities are the unique
   solution of the indifference equations (every setting in a mixed hand's support is worth
   the same), solved in rational arithmetic (:mod:`.rational`); supports are corrected when a
   probability comes out negative.
4. **Verify**: both sides' utilities of every class and setting are recomputed exactly
   (:func:`.strategy_exact.evaluate`); a hand that does not best-respond joins the small game
   and steps 2-3 repeat. Success means both best-reply gains are exactly 0.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from paigow.exact.arrays import F64, I8, I64, B
from paigow.exact.rational import SingularSystemError, solve

from .game import Game
from .strategy_exact import Evaluation, MixedStrategy, evaluate

__all__ = ["Equilibrium", "Progress", "solve_equilibrium"]


#: ``progress(stage, done, total)``.
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class Equilibrium:
    """Both sides' equilibrium strategies and their exact evaluation."""

    game: Game
    player: MixedStrategy
    banker: MixedStrategy
    evaluation: Evaluation
    seconds: float
    rounds: int

    @property
    def exact(self) -> bool:
        """True when neither side can gain anything by deviating (exactly 0)."""
        return self.evaluation.player_gain == 0 and self.evaluation.banker_gain == 0


def _normalise(regret: F64, actions: B) -> F64:
    pos = np.where(actions, np.maximum(regret, 0.0), 0.0)
    total = pos.sum(axis=1, keepdims=True)
    uniform = actions / actions.sum(axis=1, keepdims=True)
    out: F64 = np.where(total > 0, pos / np.where(total > 0, total, 1.0), uniform)
    return out


def _cfr_full(game: Game, iterations: int, progress: Progress | None) -> tuple[F64, F64]:
    """CFR+ with alternating updates and linear averaging over the whole game."""
    pa = game.player_canonical == np.arange(3)
    ba = game.banker_canonical == np.arange(3)
    rp = np.zeros(pa.shape)
    rb = np.zeros(ba.shape)
    x = _normalise(rp, pa)
    y = _normalise(rb, ba)
    xs = np.zeros(pa.shape)
    ys = np.zeros(ba.shape)
    for t in range(1, iterations + 1):
        up = game.player_utility(y)
        rp = np.maximum(rp + up - (up * x).sum(axis=1, keepdims=True), 0.0) * pa
        x = _normalise(rp, pa)
        xs += t * x
        ub = game.banker_utility(x)
        rb = np.maximum(rb + ub - (ub * y).sum(axis=1, keepdims=True), 0.0) * ba
        y = _normalise(rb, ba)
        ys += t * y
        if progress is not None:
            progress("iterating over the whole game", t, iterations)
    return xs / xs.sum(axis=1, keepdims=True), ys / ys.sum(axis=1, keepdims=True)


@dataclass
class _Small:
    """The restricted game: uncertain classes of both sides, the rest fixed."""

    rows: list[tuple[int, int]]  # player actions (class, split)
    cols: list[tuple[int, int]]  # banker actions
    base_p: F64  # player utility of each row against the fixed banker classes
    base_b: F64
    a_p: F64  # rows x cols
    a_b: F64  # cols x rows
    row_cls: I64
    col_cls: I64
    fixed_p: F64  # per col: the fixed player classes' weighted payoff against it


def _actions_of(classes: list[int], actions: B) -> list[tuple[int, int]]:
    return [(c, j) for c in classes for j in range(3) if actions[c, j]]


def _small_game(
    game: Game,
    p_unc: list[int],
    q_unc: list[int],
    p_choice: I8,
    q_choice: I8,
) -> _Small:
    n = game.space.size
    pa = game.player_canonical == np.arange(3)
    ba = game.banker_canonical == np.arange(3)
    rows = _actions_of(p_unc, pa)
    cols = _actions_of(q_unc, ba)
    q_fixed = np.ones(n, dtype=np.bool_)
    q_fixed[q_unc] = False
    p_fixed = np.ones(n, dtype=np.bool_)
    p_fixed[p_unc] = False
    norm = float(game.deals_per_class * game.scale)
    bp = game.player_counts(q_choice, q_fixed)
    bb = game.banker_counts(p_choice, p_fixed)
    ri = np.array([c for c, _ in rows]), np.array([j for _, j in rows])
    ci = np.array([c for c, _ in cols]), np.array([j for _, j in cols])
    a_p = np.zeros((len(rows), len(cols)))
    fixed_p = np.zeros(len(cols))
    weight = game.space.weight
    every = np.arange(n)
    for k, (q, j) in enumerate(cols):
        col = game.player_column(q, j)
        a_p[:, k] = col[ri]
        fixed_p[k] = float((weight * col[every, p_choice])[p_fixed].sum()) / norm
    a_b = np.zeros((len(cols), len(rows)))
    for k, (p, i) in enumerate(rows):
        a_b[:, k] = game.banker_column(p, i)[ci]
    return _Small(
        rows,
        cols,
        bp[ri] / norm,
        bb[ci] / norm,
        a_p / norm,
        a_b / norm,
        ri[0],
        ci[0],
        fixed_p,
    )


def _lp_small(s: _Small, weight: I64) -> tuple[F64, F64]:
    """The zero-sum restricted game as a linear programme (HiGHS): the player maximises its
    EV against a banker that best-responds class by class; the banker's strategy is read
    off the duals. A basic optimal solution: its supports are exact, not approximate."""
    from scipy.optimize import linprog
    from scipy.sparse import csr_matrix, hstack

    nr, nc = len(s.rows), len(s.cols)
    q_classes = np.unique(s.col_cls)
    q_index = np.searchsorted(q_classes, s.col_cls)
    p_classes = np.unique(s.row_cls)
    p_index = np.searchsorted(p_classes, s.row_cls)
    w_rows = weight[s.row_cls].astype(np.float64)
    # variables: x (nr), t (one per banker class); maximise w.base.x + sum t
    cost = -np.concatenate([w_rows * s.base_p, np.ones(len(q_classes))])
    # t_q - sum_r w_r a_p[r, k] x_r <= fixed_p[k]  for every banker action k of class q
    a_x = -(s.a_p.T * w_rows[None, :])
    a_t = np.zeros((nc, len(q_classes)))
    a_t[np.arange(nc), q_index] = 1.0
    a_ub = hstack([csr_matrix(a_x), csr_matrix(a_t)]).tocsr()
    a_eq = np.zeros((len(p_classes), nr + len(q_classes)))
    a_eq[p_index, np.arange(nr)] = 1.0
    bounds = [(0, None)] * nr + [(None, None)] * len(q_classes)
    res = linprog(
        cost,
        A_ub=a_ub,
        b_ub=s.fixed_p,
        A_eq=csr_matrix(a_eq),
        b_eq=np.ones(len(p_classes)),
        bounds=bounds,
        method="highs-ds",
    )
    if res.status != 0:
        raise SingularSystemError(f"the restricted programme failed: {res.message}")
    x = np.asarray(res.x[:nr], dtype=np.float64)
    y = -np.asarray(res.ineqlin.marginals, dtype=np.float64)
    return x, y


def _segment_normalise(regret: F64, cls: I64) -> F64:
    pos = np.maximum(regret, 0.0)
    total = np.bincount(cls, weights=pos, minlength=int(cls.max()) + 1)[cls]
    count = np.bincount(cls, minlength=int(cls.max()) + 1)[cls]
    out: F64 = np.where(total > 0, pos / np.where(total > 0, total, 1.0), 1.0 / count)
    return out


def _cfr_small(s: _Small, iterations: int, progress: Progress | None) -> tuple[F64, F64]:
    """CFR+ on the restricted game (dense matrices)."""
    rp = np.zeros(len(s.rows))
    rb = np.zeros(len(s.cols))
    x = _segment_normalise(rp, s.row_cls)
    y = _segment_normalise(rb, s.col_cls)
    xs = np.zeros_like(x)
    ys = np.zeros_like(y)
    nr = int(s.row_cls.max()) + 1 if len(s.rows) else 1
    nc = int(s.col_cls.max()) + 1 if len(s.cols) else 1
    step = max(1, iterations // 100)
    for t in range(1, iterations + 1):
        up = s.base_p + np.einsum("ij,j->i", s.a_p, y)
        ev = np.bincount(s.row_cls, weights=up * x, minlength=nr)[s.row_cls]
        rp = np.maximum(rp + up - ev, 0.0)
        x = _segment_normalise(rp, s.row_cls)
        xs += t * x
        ub = s.base_b + np.einsum("ij,j->i", s.a_b, x)
        ev = np.bincount(s.col_cls, weights=ub * y, minlength=nc)[s.col_cls]
        rb = np.maximum(rb + ub - ev, 0.0)
        y = _segment_normalise(rb, s.col_cls)
        ys += t * y
        if progress is not None and t % step == 0:
            progress("solving the contested hands", t, iterations)
    xs /= np.bincount(s.row_cls, weights=xs, minlength=nr)[s.row_cls]
    ys /= np.bincount(s.col_cls, weights=ys, minlength=nc)[s.col_cls]
    return xs, ys


def _supports(actions: list[tuple[int, int]], probs: F64, floor: float) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for (c, j), p in zip(actions, probs, strict=True):
        out.setdefault(c, [])
        if p > floor:
            out[c].append(j)
    for c, js in out.items():
        if not js:  # keep the most likely split
            best = max((p, j) for (cc, j), p in zip(actions, probs, strict=True) if cc == c)
            js.append(best[1])
    return out


def _mixing(
    game: Game,
    indifferent: dict[int, list[int]],
    mixers: dict[int, list[int]],
    mixer_choice: I8,
    *,
    player_indifferent: bool,
) -> dict[int, dict[int, Fraction]]:
    """The mixers' probabilities that make every class of ``indifferent`` (supports of two or
    more splits) indifferent between its splits: exact rational solution.

    Raises:
        SingularSystemError: the supports do not determine the probabilities uniquely.
    """
    n = game.space.size
    mixed = {c: js for c, js in mixers.items() if len(js) > 1}
    eq = {c: js for c, js in indifferent.items() if len(js) > 1}
    present = np.ones(n, dtype=np.bool_)
    present[list(mixed)] = False
    counts = game.player_counts if player_indifferent else game.banker_counts
    column = game.player_column if player_indifferent else game.banker_column
    base = counts(mixer_choice, present)
    unknowns = [(c, j) for c, js in mixed.items() for j in js]
    cols = [column(c, j) for c, j in unknowns]
    matrix: list[list[int]] = []
    rhs: list[int] = []
    for e, js in eq.items():
        i0 = js[0]
        for i in js[1:]:
            matrix.append([int(col[e, i] - col[e, i0]) for col in cols])
            rhs.append(int(base[e, i0] - base[e, i]))
    for c in mixed:
        matrix.append([1 if u[0] == c else 0 for u in unknowns])
        rhs.append(1)
    values = solve(matrix, rhs)
    out: dict[int, dict[int, Fraction]] = {}
    for (c, j), v in zip(unknowns, values, strict=True):
        out.setdefault(c, {})[j] = v
    return out


def _strategy(
    choice: I8, supports: dict[int, list[int]], mixed: dict[int, dict[int, Fraction]]
) -> MixedStrategy:
    ch = choice.copy()
    for c, js in supports.items():
        ch[c] = js[0]
    return MixedStrategy(ch, mixed)


def _prune(mixed: dict[int, dict[int, Fraction]], supports: dict[int, list[int]]) -> bool:
    """Drop the most negative probability's split from its support; False when none is."""
    worst = min(
        ((p, c, j) for c, probs in mixed.items() for j, p in probs.items()),
        default=(Fraction(0), -1, -1),
    )
    if worst[0] >= 0:
        return False
    supports[worst[1]].remove(worst[2])
    return True


def solve_equilibrium(
    game: Game,
    *,
    iterations: int = 200,
    small_iterations: int = 50_000,
    margin: float = 2e-3,
    max_rounds: int = 6,
    progress: Progress | None = None,
) -> Equilibrium:
    """An equilibrium of ``game``, exact when the verification succeeds (see the module doc).

    Args:
        iterations: CFR+ iterations over the whole game.
        small_iterations: CFR+ iterations of each restricted game.
        margin: a hand whose best setting leads the next by less than this (EV per unit)
            belongs to the restricted game.
        max_rounds: restricted-game rounds before giving up on exactness.
        progress: called with (stage, done, total).
    """
    start = time.perf_counter()
    xa, ya = _cfr_full(game, iterations, progress)
    pa = game.player_canonical == np.arange(3)
    ba = game.banker_canonical == np.arange(3)
    up = np.where(pa, game.player_utility(ya), -np.inf)
    ub = np.where(ba, game.banker_utility(xa), -np.inf)
    p_unc = set(np.flatnonzero(_contested(up, xa, margin)).tolist())
    q_unc = set(np.flatnonzero(_contested(ub, ya, margin)).tolist())
    p_choice = up.argmax(axis=1).astype(np.int8)
    q_choice = ub.argmax(axis=1).astype(np.int8)
    best: Equilibrium | None = None
    # With commission the contested hands are solved approximately (CFR+); a second round
    # brings in the hands that the first one showed not best-responding.
    limit = max_rounds if game.commission == 0 else min(max_rounds, 2)
    for rounds in range(1, limit + 1):
        small = _small_game(game, sorted(p_unc), sorted(q_unc), p_choice, q_choice)
        if game.commission == 0:
            if progress is not None:
                progress("solving the contested hands", 0, 1)
            xs, ys = _lp_small(small, game.space.weight)
        else:
            xs, ys = _cfr_small(small, small_iterations, progress)
        # The linear programme's supports are exact; CFR+ leaves small probabilities on
        # settings that no longer pay, so its supports are tried at several floors.
        floors = (1e-6,) if game.commission == 0 else (1e-2, 1e-3, 1e-4, 1e-5, 1e-6)
        candidates = []
        for floor in floors:
            p_sup = _supports(small.rows, xs, floor)
            q_sup = _supports(small.cols, ys, floor)
            pair = _exact_pair(game, p_sup, q_sup, p_choice, q_choice)
            if pair[0].mixed or pair[1].mixed or floor == floors[-1]:
                candidates.append(pair)
        if game.commission != 0:
            candidates.append(
                (_rounded(small.rows, xs, p_choice), _rounded(small.cols, ys, q_choice))
            )
        for player, banker in candidates:
            if progress is not None:
                progress("verifying exactly", 0, 1)
            ev = evaluate(game, player, banker)
            eq = Equilibrium(game, player, banker, ev, time.perf_counter() - start, rounds)
            if best is None or ev.player_gain + ev.banker_gain < (
                best.evaluation.player_gain + best.evaluation.banker_gain
            ):
                best = eq
            if eq.exact:
                break
        if eq.exact:
            break
        # Hands that do not best-respond join the restricted game; all fixed hands follow
        # their best reply to the latest strategies.
        p_unc |= set(ev.player_violations)
        q_unc |= set(ev.banker_violations)
        up = np.where(pa, game.player_utility(banker.as_float()), -np.inf)
        ub = np.where(ba, game.banker_utility(player.as_float()), -np.inf)
        p_choice = up.argmax(axis=1).astype(np.int8)
        q_choice = ub.argmax(axis=1).astype(np.int8)
    assert best is not None
    return Equilibrium(
        game, best.player, best.banker, best.evaluation, time.perf_counter() - start, best.rounds
    )


#: Approximate mixtures are written in steps of 1 / ROUNDING (exact decimals).
ROUNDING = 10**9


def _rounded(actions: list[tuple[int, int]], probs: F64, choice: I8) -> MixedStrategy:
    """The restricted game's approximate mixture as exact decimals (multiples of
    1 / :data:`ROUNDING`, each class summing to exactly 1): the approximate equilibrium."""
    by_class: dict[int, dict[int, int]] = {}
    for (c, j), p in zip(actions, probs, strict=True):
        steps = round(float(p) * ROUNDING)
        if steps > 0:
            by_class.setdefault(c, {})[j] = steps
    mixed: dict[int, dict[int, Fraction]] = {}
    ch = choice.copy()
    for c, d in by_class.items():
        top = max(d, key=lambda j: d[j])
        ch[c] = top
        d[top] += ROUNDING - sum(d.values())
        if len(d) > 1 and d[top] < ROUNDING:
            mixed[c] = {j: Fraction(v, ROUNDING) for j, v in d.items() if v > 0}
    return MixedStrategy(ch, mixed)


def _contested(util: F64, avg: F64, margin: float) -> B:
    """Hands whose best setting leads the next by less than ``margin`` (EV per unit).

    ``avg`` (the averaged strategy) is not used to widen the set: the averages keep small
    probabilities on settings long after they stop paying, and a hand fixed wrongly is found
    by the exact verification and brought back.
    """
    del avg
    top = np.sort(util, axis=1)
    out: B = (top[:, -1] - top[:, -2]) < margin
    return out


def _exact_pair(
    game: Game,
    p_sup: dict[int, list[int]],
    q_sup: dict[int, list[int]],
    p_choice: I8,
    q_choice: I8,
) -> tuple[MixedStrategy, MixedStrategy]:
    """Exact probabilities for the given supports, pruning negative ones."""
    p_sup = {c: list(js) for c, js in p_sup.items()}
    q_sup = {c: list(js) for c, js in q_sup.items()}
    for _ in range(64):
        pc = _strategy(p_choice, p_sup, {}).choice
        qc = _strategy(q_choice, q_sup, {}).choice
        try:
            y = _mixing(game, p_sup, q_sup, qc, player_indifferent=True)
            x = _mixing(game, q_sup, p_sup, pc, player_indifferent=False)
        except SingularSystemError:
            break
        if not (_prune(y, q_sup) or _prune(x, p_sup)):
            return _strategy(p_choice, p_sup, x), _strategy(q_choice, q_sup, y)
    # No exact solution for these supports: play the most likely split of each hand.
    return (
        _strategy(p_choice, {c: js[:1] for c, js in p_sup.items()}, {}),
        _strategy(q_choice, {c: js[:1] for c, js in q_sup.items()}, {}),
    )
