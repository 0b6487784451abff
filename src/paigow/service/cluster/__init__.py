"""Several server processes sharing one PostgreSQL (``paigow serve --cluster``): the cluster
(:mod:`.cluster`), what it uses of the service that holds it (:mod:`.host`), messages between
processes (:mod:`.fanout`), commands forwarded to a table's owner (:mod:`.forwarding`), replicas
of other processes' tables (:mod:`.replicas`) and the pit's floor asked of each process
(:mod:`.floor_ask`).

May use: the rooms below (:mod:`..kit` to :mod:`..pit`).
"""
