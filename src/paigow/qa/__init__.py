"""Quality assurance of the engine's randomness: a statistical battery over its shuffles and dice.

Nothing in the engine imports this package; it imports the engine and drives the very code a
table runs (the dealer's wash through :func:`paigow.table.auto.run_dealer`, the dice of
:func:`paigow.games.dice.roll_dice`, the RNG start number) with an injected random source, then
tests the outcomes: position frequencies, adjacent pairs, hand patterns, order patterns,
repeated shuffles, dice faces and totals, runs, serial correlation, coupon collector, gaps and
the NIST SP 800-22 bit tests on the raw source. See docs/reliability.md.

* :mod:`~paigow.qa.distributions` — p-values (chi-square, normal, Poisson) and Holm's method.
* :mod:`~paigow.qa.sources` — random sources: the OS source, a replayable stand-in, and
  deliberately flawed ones that show the battery's power.
* :mod:`~paigow.qa.sampling` — outcomes drawn through the engine, in parallel chunks.
* :mod:`~paigow.qa.shuffle_tests`, :mod:`~paigow.qa.sequence_tests`,
  :mod:`~paigow.qa.discrete_tests`, :mod:`~paigow.qa.nist` — the tests.
* :mod:`~paigow.qa.battery` — the whole battery and its PASS/FAIL verdict;
  :mod:`~paigow.qa.report` — the report command (``scripts/randomness_report.py``).
"""
