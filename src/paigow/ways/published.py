"""Published casino house ways (registered with :func:`paigow.ways.register`)."""

from __future__ import annotations
