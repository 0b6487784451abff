"""The exact math of Pai Gow Tiles over classes of four-tile hands with exact combinatorial
weights: hand spaces (:mod:`.space`), ways as arrays (:mod:`.strategy`), the edge
(:mod:`.edge`), advice (:mod:`.advise`), the optimal ways (:mod:`.optimal`), ways by name and
the engine's entry points (:mod:`.api`), comparisons of ways (:mod:`.compare`), the
player-against-banker game and its equilibrium (:mod:`.game`, :mod:`.equilibrium`,
:mod:`.strategy_exact`) and the matrix enumeration that checks the edge (:mod:`.reference`).

What both games' math counts and reports with is :mod:`paigow.exact` (arrays, dominance
counts, results, the commission).
"""
