"""What a session costs (``paigow session``): the exact law of one round's result from the
exact game (:mod:`paigow.bankroll.laws`), the law of a session's result by convolution as if
the bankroll never ran out, the risk of ruin by dynamic programming over units and the bankroll
for a given risk (:mod:`paigow.bankroll.session`), the law of the result when play stops at
ruin by dynamic programming forward over the bankroll (:mod:`paigow.bankroll.stopping`). Pure:
no I/O; the simulation's random source is injected.
"""
