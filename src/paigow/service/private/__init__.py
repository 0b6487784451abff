"""Private tables: a player opens a table, shares its code, and it closes when empty
(docs/service.md, "Private tables"): the table of them (:mod:`.tables`) and their rules
(:mod:`.rooms`). Their routes are :mod:`paigow.service.routes.private_api`.

May use: the rooms below (:mod:`..kit` to :mod:`..tables`).
"""
