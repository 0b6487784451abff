"""The pieces the service's JSON schemas are made of (:mod:`paigow.service.wire.view_schema`): a
schema is a plain dict."""

from __future__ import annotations

from typing import Any, Final

__all__ = [
    "ANY_OBJECT",
    "BOOL",
    "INT",
    "NUM",
    "STR",
    "Schema",
    "enum",
    "list_of",
    "map_of",
    "null",
    "obj",
    "ref",
]

Schema = dict[str, Any]

STR: Final[Schema] = {"type": "string"}
INT: Final[Schema] = {"type": "integer"}
NUM: Final[Schema] = {"type": "number"}
BOOL: Final[Schema] = {"type": "boolean"}
ANY_OBJECT: Final[Schema] = {"type": "object", "additionalProperties": True}


def ref(name: str) -> Schema:
    """A reference to ``DEFS[name]`` (:data:`paigow.service.wire.view_schema.DEFS`)."""
    return {"$ref": f"#/defs/{name}"}


def null(schema: Schema) -> Schema:
    """A value of ``schema`` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def list_of(items: Schema) -> Schema:
    """An array of ``items``."""
    return {"type": "array", "items": items}


def map_of(values: Schema) -> Schema:
    """An object whose every value is ``values``."""
    return {"type": "object", "additionalProperties": values}


def enum(*values: str) -> Schema:
    """One of the strings ``values``."""
    return {"type": "string", "enum": list(values)}


def obj(props: dict[str, Schema], optional: tuple[str, ...] = (), *, more: bool = False) -> Schema:
    """An object with ``props`` (all required but ``optional``); no other keys unless
    ``more``."""
    return {
        "type": "object",
        "properties": props,
        "required": [k for k in props if k not in optional],
        "additionalProperties": more,
    }
