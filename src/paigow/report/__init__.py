"""The probability and accounting report of a profile, and the test-laboratory pack around it:
the rules as configured, every wager's outcomes with their exact probabilities and pays, the
randomness and how it was tested, the records, and the software's identity.

* :mod:`.model` — the report as data;
* :mod:`.main_wager`, :mod:`.side_bets` — the wagers' tables, from the exact engine;
* :mod:`.rules`, :mod:`.randomness`, :mod:`.records` — the other sections;
* :mod:`.build` — :func:`~paigow.report.build.build_report`, with its checks;
* :mod:`.html`, :mod:`.html_tables` — the report as one self-contained HTML document.

Pure, as the engine is: the caller reads the files (the profile's text, the package's
manifest: :mod:`paigow.service.pit.lab_report`) and writes the document (``paigow report``, the
pit's download).
"""
