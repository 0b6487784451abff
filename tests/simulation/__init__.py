"""The whole-service simulation (docs/reliability.md, "The whole-service simulation"): real
``paigow serve`` processes (one on SQLite; two ``--cluster`` processes on one PostgreSQL behind
nginx), actors chosen at random from a seed (players, spectators, operators, attackers),
faults (kill -9, SIGSTOP/SIGCONT, a PostgreSQL restart, dropped and half-open sockets), and
invariants checked while it runs and at the end by checkers of their own that read the
database with their own SQL, hash with their own canonical JSON and never call the code they
check. ``scripts/simulate.py`` is the command; ``tests/test_simulation.py`` the small run of
``make test``."""
