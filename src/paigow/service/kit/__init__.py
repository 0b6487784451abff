"""The service's tools, which know nothing of tables, accounts or the database: the rules of a
name (:mod:`.names`), worker pools for slow work (:mod:`.workers`), the garbage collector's
pauses (:mod:`.collector`), rate limits with bounded memory (:mod:`.ratelimit`) and the client's
address (:mod:`.addresses`).

May use: no other part of the service (the lowest room).
"""
