"""Player protection: a daily buy-in limit, a session-time reminder and self-exclusion
(docs/service.md, "Player protection")."""
