"""What a session costs (``paigow session``): the exact law of one round's result from the
exact game (:mod:`paigow.bankroll.laws`), the law of a session's result by convolution, the
risk of ruin by dynamic programming over units and the bankroll for a given risk
(:mod:`paigow.bankroll.session`). Pure: no I/O; the simulation's random source is injected.
"""
