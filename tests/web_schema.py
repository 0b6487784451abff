"""The browser client's protocol types, generated from the service's JSON schemas, and a small
JSON-schema checker for the tests (the subset the service's schemas use).

``web/src/generated/protocol.ts`` is :func:`typescript` of the protocol's schemas
(:func:`paigow.service.wire.protocol.schemas`: every client message and action, every server
message) and of the views (:data:`paigow.service.wire.view_schema.DEFS`: the state, the round, the
lobby, the routes of the web client). ``tests/test_web_protocol.py`` requires the committed
file to equal it and checks real messages against the schemas with :func:`errors`.
Regenerate with ``python tests/test_web_protocol.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from paigow.service.wire.protocol import ACTIONS, OPERATOR_ACTIONS, schemas
from paigow.service.wire.view_schema import DEFS

__all__ = ["GENERATED", "errors", "typescript"]

GENERATED = Path(__file__).resolve().parent.parent / "web" / "src" / "generated" / "protocol.ts"

Schema = Mapping[str, Any]

# ---- checking ---------------------------------------------------------------------------------

_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}


def _resolve(schema: Schema) -> Schema:
    if "$ref" in schema:
        return DEFS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def errors(value: Any, schema: Schema, where: str = "$") -> list[str]:
    """Where ``value`` departs from ``schema`` (empty: it conforms)."""
    s = _resolve(schema)
    if "anyOf" in s:
        found = [errors(value, alt, where) for alt in s["anyOf"]]
        return [] if any(not f for f in found) else min(found, key=len)
    out: list[str] = []
    if "const" in s and value != s["const"]:
        return [f"{where}: {value!r} is not {s['const']!r}"]
    if "enum" in s and value not in s["enum"]:
        return [f"{where}: {value!r} is not one of {s['enum']}"]
    types = s.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else list(types)
        if not any(_TYPES[t](value) for t in names):
            return [f"{where}: {json.dumps(value)[:60]} is not {' or '.join(names)}"]
    if isinstance(value, dict):
        props: Mapping[str, Schema] = s.get("properties", {})
        for key in s.get("required", []):
            if key not in value:
                out.append(f"{where}: missing {key!r}")
        extra = s.get("additionalProperties", True)
        for key, v in value.items():
            if key in props:
                out += errors(v, props[key], f"{where}.{key}")
            elif extra is False:
                out.append(f"{where}: unexpected {key!r}")
            elif isinstance(extra, Mapping):
                out += errors(v, extra, f"{where}.{key}")
    if isinstance(value, list) and "items" in s:
        for i, v in enumerate(value):
            out += errors(v, s["items"], f"{where}[{i}]")
    return out


# ---- TypeScript -------------------------------------------------------------------------------

_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _key(name: str) -> str:
    return name if _IDENT.match(name) else json.dumps(name)


def _ts(s: Schema, indent: str = "") -> str:
    """The TypeScript type of a schema."""
    if "$ref" in s:
        return str(s["$ref"].rsplit("/", 1)[1])
    if "anyOf" in s:
        return " | ".join(_ts(alt, indent) for alt in s["anyOf"])
    if "const" in s:
        return json.dumps(s["const"])
    if "enum" in s:
        return " | ".join(json.dumps(v) for v in s["enum"])
    t = s.get("type")
    if isinstance(t, list):
        return " | ".join(_ts({**s, "type": one}, indent) for one in t)
    if t in ("integer", "number"):
        return "number"
    if t in ("string", "boolean", "null"):
        return str(t)
    if t == "array":
        item = _ts(s.get("items", {}), indent)
        return (
            f"readonly ({item})[]"
            if "|" in item or item.startswith("readonly")
            else f"readonly {item}[]"
        )
    if t == "object" or "properties" in s:
        props: Mapping[str, Schema] = s.get("properties", {})
        extra = s.get("additionalProperties", True)
        if not props:
            if extra is False:
                return "Readonly<Record<string, never>>"
            value = "unknown" if extra is True or extra == {} else _ts(extra, indent)
            return f"Readonly<Record<string, {value}>>"
        required = set(s.get("required", []))
        inner = indent + "  "
        lines = [
            f"{inner}readonly {_key(k)}{'' if k in required else '?'}: {_ts(v, inner)};"
            for k, v in props.items()
        ]
        return "{\n" + "\n".join(lines) + f"\n{indent}}}"
    return "unknown"


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[_:\-]", name))


#: Protocol properties that the views describe in detail (the protocol says only "object").
_REFINED = {
    ("state", "state"): {"$ref": "#/defs/TableState"},
    ("state", "events"): {"type": "array", "items": {"$ref": "#/defs/TableEvent"}},
    ("event", "state"): {"$ref": "#/defs/TableState"},
    ("event", "events"): {"type": "array", "items": {"$ref": "#/defs/TableEvent"}},
    ("floor", "tables"): {"type": "array", "items": {"$ref": "#/defs/FloorTable"}},
}


def _refine(name: str, schema: Schema) -> dict[str, Any]:
    out = dict(schema)
    props = dict(out.get("properties", {}))
    for (msg, prop), better in _REFINED.items():
        if msg == name:
            assert props[prop].get("type") in ("object", "array"), (name, prop)
            props[prop] = better
    out["properties"] = props
    return out


def typescript() -> str:
    """The generated module's text."""
    all_schemas = schemas()
    parts = [
        "/**",
        " * The table service's protocol and views as TypeScript types. GENERATED by",
        " * tests/web_schema.py from paigow.service.wire.protocol.schemas() and",
        " * paigow.service.wire.view_schema.DEFS: do not edit; regenerate with",
        " * `python tests/test_web_protocol.py` (tests/test_web_protocol.py checks it is current).",
        " */",
        "",
    ]

    def interface(name: str, schema: Schema) -> None:
        body = _ts(schema)
        if body.startswith("{"):
            parts.append(f"export interface {name} {body}")
        else:
            parts.append(f"export type {name} = {body};")
        parts.append("")

    parts.append("// ---- Views " + "-" * 71)
    parts.append("")
    for name, schema in DEFS.items():
        interface(name, schema)
    parts.append("// ---- Client -> server " + "-" * 60)
    parts.append("")
    interface("ClientMessage", all_schemas["message"])
    for group, actions in (("ActionArgs", ACTIONS), ("OperatorActionArgs", OPERATOR_ACTIONS)):
        for action in actions:
            interface(f"{_pascal(action)}Args", all_schemas[action])
        parts.append(f"export interface {group} {{")
        parts.extend(f"  readonly {a}: {_pascal(a)}Args;" for a in actions)
        parts.append("}")
        parts.append("")
    parts.append("export type Action = keyof ActionArgs;")
    parts.append("export type OperatorAction = keyof OperatorActionArgs;")
    parts.append("")
    parts.append("// ---- Server -> client " + "-" * 60)
    parts.append("")
    names = []
    for key, schema in all_schemas.items():
        if key.startswith("server:"):
            msg = key.removeprefix("server:")
            names.append(f"{_pascal(msg)}Message")
            interface(names[-1], _refine(msg, schema))
    parts.append(f"export type ServerMessage = {' | '.join(names)};")
    parts.append("")
    return "\n".join(parts)
