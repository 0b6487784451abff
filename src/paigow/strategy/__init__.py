"""Strategies a person can remember, derived from the exact game.

* :mod:`paigow.strategy.derive` — :func:`derive`: short lists of house-way style rules (the
  vocabulary of :mod:`paigow.games.rulebook`) found by search to recover the most exact EV
  against an opposing way, for 1..K rules (the curve);
* :mod:`paigow.strategy.card` — the printable one-page card (HTML).

The package is pure: no I/O. Strategies are written and read as files by
:mod:`paigow.games.rulebook`; ``strategy:FILE`` plays one as a house way.
"""
