"""The store: the service's database as the tables use it (:mod:`.store`: accounts, the
double-entry ledger, tables, their commands and rounds, one transaction per batch), what a batch
writes (:mod:`.batch_rows`) and group commit (:mod:`.groupcommit`).

May use: :mod:`..kit`, :mod:`..wire`, :mod:`..db`, :mod:`..protection`.
"""
