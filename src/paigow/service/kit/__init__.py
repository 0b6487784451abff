"""The service's tools, which know nothing of tables, accounts or the database: the rules of a
name (:mod:`.names`), worker pools for slow work (:mod:`.workers`), the garbage collector's
pauses (:mod:`.collector`), rate limits with bounded memory (:mod:`.ratelimit`), the client's
address (:mod:`.addresses`), the figures Prometheus reads (:mod:`.metrics`, and their private
address, :mod:`.metrics_http`) and the log's lines (:mod:`.logs`).

May use: no other part of the service (the lowest room).
"""
