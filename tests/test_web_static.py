"""The browser client's files as ``paigow serve`` sends them (paigow.service.routes.static):
precompressed at build time (brotli and gzip), each response in the encoding the request accepts
(with ``Vary``), the hashed assets cached for a year as immutable and every other file revalidated.

The first visit is what Debian's Chromium fetches opening the lobby; its bytes are measured with
and without compression on a real server, every compressed response decoded and compared with
the file. ``pytest tests/test_web_static.py -s`` prints the figures of docs/web.md.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import brotli
import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from playwright.sync_api import Request

from paigow.service.routes.static import (
    ENCODINGS,
    IMMUTABLE,
    REVALIDATE,
    accepted_codings,
    choose_encoding,
    default_web,
)
from service_support import Server
from web_fixtures import browser
from web_support import DESKTOP, DIST, Visit, web_server

__all__ = ["browser"]

#: The kinds of file the build compresses (precompress() in web/vite.config.ts).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".svg", ".json", ".txt", ".map", ".xml"}
IDENTITY = "identity"
GZIP_ONLY = "gzip, deflate"
#: What Chromium sends (its network stack adds it below what Playwright reports).
CHROMIUM = "gzip, deflate, br, zstd"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-static"))
    try:
        yield srv
    finally:
        srv.stop()


def _decode(body: bytes, coding: str | None) -> bytes:
    if coding == "br":
        return bytes(brotli.decompress(body))
    if coding == "gzip":
        return gzip.decompress(body)
    assert coding is None, coding
    return body


@dataclass(frozen=True)
class Fetched:
    """One response as it crossed the wire: status, headers, the body's raw bytes."""

    status: int
    headers: httpx.Headers
    raw: bytes

    @property
    def coding(self) -> str | None:
        coding: str | None = self.headers.get("content-encoding")
        return coding

    @property
    def header_bytes(self) -> int:
        """The bytes of the status line and the header fields (HTTP/1.1)."""
        fields = sum(len(k) + len(v) + 4 for k, v in self.headers.raw)
        return len(f"HTTP/1.1 {self.status} OK\r\n") + fields + 2


def fetch(base: str, path: str, accept: str, **headers: str) -> Fetched:
    """GET ``path`` with ``Accept-Encoding: accept``; the body as sent (not decoded)."""
    with (
        httpx.Client(timeout=30) as c,
        c.stream("GET", base + path, headers={"accept-encoding": accept, **headers}) as r,
    ):
        raw = b"".join(r.iter_raw())
        return Fetched(r.status_code, r.headers, raw)


@dataclass(frozen=True)
class Seen:
    """A static file Chromium fetched: its path, the Content-Encoding it received, the bytes of
    the body (as encoded on the wire)."""

    path: str
    coding: str | None
    body: int


def _static(seen: list[Request], base: str) -> list[Seen]:
    out = []
    for req in seen:
        path = req.url.removeprefix(base).split("#")[0].split("?")[0]
        if not path.startswith(("/api/", "/ws")):
            response = req.response()
            assert response is not None, path
            coding = response.all_headers().get("content-encoding")
            out.append(Seen(path, coding, req.sizes()["responseBodySize"]))
    return out


def _visits(browser: Any, base: str) -> tuple[list[Seen], list[Seen]]:
    """The static files Chromium fetches on a first visit to the lobby (a new context: an
    empty cache), in order, and on a second visit in another tab of the same browser."""
    v = Visit(browser, base + "/", DESKTOP)
    seen: list[Request] = []

    def finished(request: Request) -> None:  # Playwright takes Python functions only
        seen.append(request)

    try:
        visits = []
        for page in (v.page, v.context.new_page()):
            seen.clear()
            page.on("requestfinished", finished)
            page.goto(base + "/#/lobby")
            page.get_by_role("heading", name="Lobby").wait_for()
            page.wait_for_load_state("networkidle")
            visits.append(_static(seen, base))
        assert v.errors == [] and v.outside == [], (v.errors, v.outside)
        return visits[0], visits[1]
    finally:
        v.close()


def test_static_files_are_compressed_and_cached(browser: Any, server: Server) -> None:
    """A first visit used to move every file uncompressed (main-*.js 82 KB, no gzip or br) with
    only an ETag. Now every compressible file goes as brotli to a browser (gzip to a client
    without br), decoding to exactly the file; the first visit's bytes are measured both ways;
    the hashed assets are immutable for a year and the page is revalidated."""
    visit, again = _visits(browser, server.base)
    paths = [s.path for s in visit]
    assert "/" in paths and any(p.endswith(".js") for p in paths), paths
    assert any(p.endswith(".css") for p in paths) and any(p.endswith(".woff2") for p in paths)
    totals = {IDENTITY: [0, 0], "browser": [0, 0], GZIP_ONLY: [0, 0]}
    rows = []
    for seen in visit:
        path = seen.path
        file = DIST / ("index.html" if path == "/" else path.lstrip("/"))
        data = file.read_bytes()
        sizes = {}
        for name, accept in ((IDENTITY, IDENTITY), ("browser", CHROMIUM), (GZIP_ONLY, GZIP_ONLY)):
            got = fetch(server.base, path, accept)
            assert got.status == 200, (path, accept, got.status)
            assert _decode(got.raw, got.coding) == data, (path, accept)
            assert int(got.headers["content-length"]) == len(got.raw)
            totals[name][0] += len(got.raw)
            totals[name][1] += got.header_bytes
            sizes[name] = (len(got.raw), got.coding)
            compressible = file.suffix in COMPRESSIBLE
            expected = {IDENTITY: None, "browser": "br", GZIP_ONLY: "gzip"}[name]
            assert got.coding == (expected if compressible else None), (path, accept)
            assert got.headers["cache-control"] == (
                IMMUTABLE if path.startswith("/assets/") else REVALIDATE
            ), path
            assert ("vary" in got.headers) == compressible, path
            if compressible:
                assert got.headers["vary"] == "Accept-Encoding"
        # What Chromium itself received: the same encoding, the same byte count.
        assert (seen.coding, seen.body) == (sizes["browser"][1], sizes["browser"][0]), path
        if file.suffix in COMPRESSIBLE:
            assert sizes["browser"][0] < sizes[GZIP_ONLY][0] < sizes[IDENTITY][0], path
        rows.append((path, sizes))
    plain, compressed = sum(totals[IDENTITY]), sum(totals["browser"])
    print(f"\nfirst visit of the lobby: {len(rows)} static files")
    for path, sizes in rows:
        print(
            f"  {path:<52} {sizes[IDENTITY][0]:>8,} B  br {sizes['browser'][0]:>7,}"
            f"  gzip {sizes[GZIP_ONLY][0]:>7,}"
        )
    for name, (body, head) in totals.items():
        print(f"  {name:<14} bodies {body:>9,} B + headers {head:>6,} B = {body + head:>9,} B")
    # The fonts (woff2) are compressed already; everything else shrinks about fourfold.
    assert compressed < 0.5 * plain, (compressed, plain)
    # The second visit: the same files, none of them with a body over the network (the assets
    # from the cache, the page and the icon revalidated: 304).
    assert sorted(s.path for s in again) == sorted(paths)
    assert all(s.body <= 0 for s in again), again
    print(f"  second visit: {len(again)} files, 0 B of bodies")


def test_index_is_revalidated_and_assets_are_immutable(server: Server) -> None:
    """The page: ``no-cache`` with an ETag per encoding (a conditional request answers 304 with
    no body, the caching headers again); the assets: ``immutable`` for a year."""
    br = fetch(server.base, "/", "br")
    plain = fetch(server.base, "/", IDENTITY)
    assert br.headers["cache-control"] == plain.headers["cache-control"] == "no-cache"
    assert br.headers["etag"] != plain.headers["etag"]
    again = fetch(server.base, "/", "br", **{"if-none-match": br.headers["etag"]})
    assert again.status == 304 and again.raw == b""
    assert again.headers["etag"] == br.headers["etag"]
    assert again.headers["vary"] == "Accept-Encoding"
    assert again.headers["cache-control"] == "no-cache"
    # The br ETag does not validate the file itself: a cache holding it gets the new body.
    other = fetch(server.base, "/", IDENTITY, **{"if-none-match": br.headers["etag"]})
    assert other.status == 200 and other.raw == (DIST / "index.html").read_bytes()
    asset = next(p for p in sorted((DIST / "assets").glob("main-*.js")))
    got = fetch(server.base, f"/assets/{asset.name}", "gzip, br")
    assert got.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert got.headers["x-content-type-options"] == "nosniff"


def test_head_range_and_variants_themselves(server: Server) -> None:
    """HEAD answers the headers of the GET; a range is of the encoding sent; the variants are
    not served under their own names (they would go without their Content-Encoding)."""
    asset = next(p for p in sorted((DIST / "assets").glob("main-*.js")))
    url = f"{server.base}/assets/{asset.name}"
    head = httpx.head(url, headers={"accept-encoding": "br"}, timeout=30)
    assert head.status_code == 200 and head.headers["content-encoding"] == "br"
    assert int(head.headers["content-length"]) == (asset.parent / f"{asset.name}.br").stat().st_size
    part = fetch(server.base, f"/assets/{asset.name}", IDENTITY, range="bytes=0-99")
    assert part.status == 206 and part.raw == asset.read_bytes()[:100]
    for suffix in (".br", ".gz"):
        assert httpx.get(url + suffix, timeout=30).status_code == 404
    assert httpx.get(f"{server.base}/assets/nothing.js", timeout=30).status_code == 404
    assert httpx.post(f"{server.base}/index.html", timeout=30).status_code == 405


def test_the_build_compresses_every_compressible_file() -> None:
    """precompress() in web/vite.config.ts: each compressible file of the build has its brotli
    and gzip variants beside it, each decoding to exactly the file; fonts and images have none."""
    files = [p for p in DIST.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz")]
    assert files
    for p in files:
        for coding, suffix in ENCODINGS:
            variant = p.with_name(p.name + suffix)
            if p.suffix in COMPRESSIBLE:
                assert _decode(variant.read_bytes(), coding) == p.read_bytes(), variant
            else:
                assert not variant.exists(), variant


def test_a_checkout_serves_its_own_build(tmp_path: Path) -> None:
    """default_web: from a checkout, its web/dist once built; from an installed package (no
    checkout around it), the build the wheel carries; else nothing."""
    assert default_web() == DIST
    checkout = tmp_path / "checkout"
    module = checkout / "src" / "paigow" / "service" / "routes" / "static.py"
    module.parent.mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("")
    (checkout / "web").mkdir()
    (checkout / "web" / "package.json").write_text("{}")
    assert default_web(module) is None
    (checkout / "web" / "dist").mkdir()
    (checkout / "web" / "dist" / "index.html").write_text("<p>checkout</p>")
    assert default_web(module) == checkout / "web" / "dist"
    installed = tmp_path / "site-packages" / "paigow" / "service" / "routes" / "static.py"
    service = installed.parent.parent
    (service / "webclient").mkdir(parents=True)
    assert default_web(installed) is None
    (service / "webclient" / "index.html").write_text("<p>wheel</p>")
    assert default_web(installed) == service / "webclient"


# ------------------------------------------------------------------ Accept-Encoding


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        (None, None),  # no header: an old client, the file itself
        ("", None),
        ("gzip, deflate, br, zstd", "br"),  # Chromium
        ("gzip, deflate", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("gzip;q=1.0, br;q=0.5", "gzip"),
        ("gzip;q=0.5, br;q=0.5", "br"),  # equal weights: the server's order
        ("identity", None),
        ("*", "br"),
        ("*;q=0", None),
        ("*, br;q=0", "gzip"),
        ("BR", "br"),
        ("x-gzip", "gzip"),
        ("br;q=2", None),  # a weight over 1 is malformed: the element is left out
        ("br;q=0.1234", None),
        ("br;q=1.5, gzip", "gzip"),
        ("br ; q=0.8 , gzip ; q=0.9", "gzip"),
    ],
)
def test_choose_encoding_examples(header: str | None, chosen: str | None) -> None:
    assert choose_encoding(header, ["br", "gzip"]) == chosen


CODINGS = ["br", "gzip", "x-gzip", "deflate", "identity", "zstd", "*"]


@st.composite
def _weights(draw: st.DrawFn) -> tuple[str, str | None, float | None]:
    """A q parameter: (text, None for no parameter, its weight or None if malformed)."""
    kind = draw(st.sampled_from(["none", "good", "bad"]))
    if kind == "none":
        return "", None, 1.0
    if kind == "good":
        whole = draw(st.sampled_from(["0", "1"]))
        digits = draw(st.integers(0, 3))
        frac = (
            "0" * digits
            if whole == "1"
            else "".join(
                draw(st.lists(st.sampled_from("0123456789"), min_size=digits, max_size=digits))
            )
        )
        text = whole + ("." + frac if draw(st.booleans()) or frac else "")
        return f"q={text}", text, float(f"{whole}.{frac or '0'}")
    text = draw(st.sampled_from(["2", "1.5", "0.1234", "-1", "x", "", ".5", "1.01", "0..1"]))
    return f"q={text}", text, None


@given(
    st.lists(
        st.tuples(
            st.sampled_from(CODINGS),
            st.booleans(),  # upper case
            _weights(),
            st.sampled_from(["", " ", "  "]),
        ),
        max_size=6,
    ),
    st.permutations(["br", "gzip"]),
)
def test_choose_encoding_against_the_header_it_was_written_from(
    elements: list[tuple[str, bool, tuple[str, str | None, float | None], str]],
    order: list[str],
) -> None:
    """Headers written from known codings and weights (any case, spacing, malformed weights):
    the weights read back are those written (a malformed element left out, a later element
    of a coding replacing an earlier one), and the coding chosen is the one the client weighs
    highest among those available, the server's order among equals, none at weight 0."""
    expected: dict[str, float] = {}
    parts = []
    for coding, upper, (param, _, weight), space in elements:
        name = coding.upper() if upper else coding
        parts.append(f"{space}{name}{space}" + (f";{space}{param}" if param else ""))
        if weight is not None:
            expected["gzip" if coding == "x-gzip" else coding] = weight
    header = ",".join(parts)
    assert accepted_codings(header) == expected
    q = {c: expected.get(c, expected.get("*", 0.0)) for c in order}
    best = max(q.values())
    want = next((c for c in order if q[c] == best), None) if best > 0 else None
    assert choose_encoding(header, order) == want
