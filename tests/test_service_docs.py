"""docs/service.md stays true to the service: every message's schema, every route, every
table option."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from paigow.service.tables.config import TableConfig
from paigow.service.wire.protocol import ACTIONS, OPERATOR_ACTIONS, SERVER_MESSAGES, schemas

DOC = (Path(__file__).resolve().parents[1] / "docs" / "service.md").read_text(encoding="utf-8")


def test_every_message_is_documented_with_its_schema() -> None:
    s = schemas()
    for name in [*ACTIONS, *OPERATOR_ACTIONS]:
        assert f"#### `{name}`" in DOC, name
        assert json.dumps(s[name], sort_keys=True) in DOC, f"the schema of {name} changed"
    for name in SERVER_MESSAGES:
        assert f"#### `{name}`" in DOC, name
        assert json.dumps(s[f"server:{name}"], sort_keys=True) in DOC, name
    assert json.dumps(s["message"], sort_keys=True) in DOC
    assert "#### `chat` (client)" in DOC
    assert json.dumps(s["chat"], sort_keys=True) in DOC, "the schema of the chat message changed"


def test_every_table_option_and_route_is_documented() -> None:
    for f in dataclasses.fields(TableConfig):
        assert f"`{f.name}`" in DOC, f.name
    from paigow.service.hub import Service
    from paigow.service.routes.app import create_app
    from paigow.service.store.store import Store

    app = create_app(Service(Store("sqlite://")))
    # The OpenAPI document lists the routes of included routers too (the web table's, the
    # trainer's), which app.routes holds only as mounts.
    paths = app.openapi()["paths"]
    missing = [
        f"{method.upper()} {path}"
        for path, methods in paths.items()
        if path.startswith("/api") or path == "/healthz"
        for method in methods
        if f"`{method.upper()} {path.replace('{table_id}', '{id}')}`" not in DOC
    ]
    assert len(paths) >= 20
    assert not missing, missing


def test_readme_quick_start_names_paigow_serve() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "paigow serve" in readme and "docs/service.md" in readme
