"""The pieces the service's JSON schemas are made of (:mod:`paigow.service.view_schema`,
:mod:`paigow.service.more_schema`): the plain types, a reference to a named schema, a list, a
map, a nullable value, an enumeration and an object."""

from __future__ import annotations

from typing import Any, Final

__all__ = [
    "_ANY_OBJECT",
    "_BOOL",
    "_INT",
    "_NUM",
    "_STR",
    "Schema",
    "_enum",
    "_list",
    "_map",
    "_null",
    "_obj",
    "ref",
]

Schema = dict[str, Any]

_STR: Final[Schema] = {"type": "string"}
_INT: Final[Schema] = {"type": "integer"}
_NUM: Final[Schema] = {"type": "number"}
_BOOL: Final[Schema] = {"type": "boolean"}
_ANY_OBJECT: Final[Schema] = {"type": "object", "additionalProperties": True}


def ref(name: str) -> Schema:
    """A reference to ``DEFS[name]``."""
    return {"$ref": f"#/defs/{name}"}


def _null(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _list(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def _map(values: Schema) -> Schema:
    return {"type": "object", "additionalProperties": values}


def _enum(*values: str) -> Schema:
    return {"type": "string", "enum": list(values)}


def _obj(props: dict[str, Schema], optional: tuple[str, ...] = (), *, more: bool = False) -> Schema:
    """An object with ``props`` (all required but ``optional``); no other keys unless
    ``more``."""
    return {
        "type": "object",
        "properties": props,
        "required": [k for k in props if k not in optional],
        "additionalProperties": more,
    }
