"""Player protection: a daily buy-in limit, a session-time reminder and self-exclusion
(docs/service.md, "Player protection"): its tables (:mod:`.tables`), what binds accounts
(:mod:`.bindings`, :mod:`.device`), the checks made in the transaction that moves the money
(:mod:`.checks`), a player's rules (:mod:`.rules`) and the reminder (:mod:`.reminder`). Its
routes are :mod:`paigow.service.routes.protection_api`.

May use: :mod:`..kit`, :mod:`..wire`, :mod:`..db`.
"""
