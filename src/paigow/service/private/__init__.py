"""Private tables: a player opens a table, shares its code, and it closes when empty
(docs/service.md, "Private tables")."""
