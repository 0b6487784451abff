"""The database and every statement on it: the engine and its worker thread
(:mod:`.database`), the schema (:mod:`.schema`) and its migrations (:mod:`.migrations`), the
ledger (:mod:`.accounts_sql`), the meters (:mod:`.meters`, :mod:`.pit_meters`, :mod:`.sums_sql`),
the hash chain of stored commands (:mod:`.chain`), the event log (:mod:`.events`), table leases
(:mod:`.leases`), seats, sessions, names and idempotency keys (``*_sql``, :mod:`.idem`), the JSON
the store writes (:mod:`.stored_json`) and the tasks nobody waits for (:mod:`.background`).

May use: :mod:`..kit`, :mod:`..wire`.
"""
