"""The exact math that both games count and report with: array types (:mod:`.arrays`), the
dominance counts by inclusion-exclusion (:mod:`.dominance`), what an edge or a setting's score
reports and the commission (:mod:`.results`), the best of three splits (:mod:`.best`),
rational linear algebra (:mod:`.rational`) and the cache of derived arrays (:mod:`.cache`).

Each game's own math lives in its folder (:mod:`paigow.games.tiles.exact`,
:mod:`paigow.games.cards.exact`); :mod:`.named` offers both games' resolvers of ways by any
name (``paigow.get_way``).
"""
