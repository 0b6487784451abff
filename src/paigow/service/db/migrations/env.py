"""Alembic environment: runs the service's migrations on the connection it is given
(:func:`paigow.service.store.store.Store.migrate` passes one in ``config.attributes``)."""

from __future__ import annotations

from alembic import context

from paigow.service.db.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
