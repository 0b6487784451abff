"""The browser client's files at ``/``: precompressed, negotiated, cached.

The build (``web/``, docs/web.md) writes ``FILE.br`` and ``FILE.gz`` beside every compressible
file. :class:`WebClient` sends the variant the request's ``Accept-Encoding`` prefers
(:func:`choose_encoding`) with its ``Content-Encoding`` and ``Vary: Accept-Encoding``, and tells
caches how long to keep it: the hashed assets of ``assets/`` (their names change with their
content) for a year as ``immutable``, every other file (``index.html`` first) ``no-cache``, so it
is revalidated on each visit by its ``ETag``. The ETag is a digest of the bytes sent, the same on
every process serving the same build, and different for each encoding.

Where the files come from (:func:`default_web`): a checkout's own build (``web/dist``) while
developing, else the build packaged inside the wheel (``paigow/service/webclient``).
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

__all__ = [
    "ENCODINGS",
    "IMMUTABLE",
    "PACKAGED",
    "REVALIDATE",
    "WebClient",
    "accepted_codings",
    "cache_control",
    "choose_encoding",
    "default_web",
]

#: The precompressed variants, in the server's order of preference, and their file suffixes.
ENCODINGS: Final = (("br", ".br"), ("gzip", ".gz"))
#: Cache-Control of a hashed asset (``assets/NAME-HASH.EXT``): its name changes with its bytes.
IMMUTABLE: Final = "public, max-age=31536000, immutable"
#: Cache-Control of every other file: kept, but revalidated (ETag) before each use.
REVALIDATE: Final = "no-cache"
#: Where the wheel carries the built client, inside the package.
PACKAGED: Final = "webclient"


def accepted_codings(header: str | None) -> dict[str, float]:
    """The codings of an ``Accept-Encoding`` header and their weights (RFC 9110 §12.5.3),
    lower-cased (``x-gzip`` is ``gzip``); an element with a malformed weight is left out."""
    out: dict[str, float] = {}
    for element in (header or "").split(","):
        coding, _, params = element.partition(";")
        coding = coding.strip().lower()
        if not coding:
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                weight = _weight(value.strip())
                if weight is None:
                    break
                q = weight
        else:
            out["gzip" if coding == "x-gzip" else coding] = q
    return out


def _weight(text: str) -> float | None:
    """A qvalue (``0``, ``0.5``, ``1``, ``1.000``: at most three decimals, at most 1), or None."""
    whole, _, frac = text.partition(".")
    if whole not in ("0", "1") or len(frac) > 3 or any(c not in "0123456789" for c in frac):
        return None
    if whole == "1" and frac.strip("0"):
        return None
    return float(f"{whole}.{frac or '0'}")


def choose_encoding(header: str | None, available: Sequence[str]) -> str | None:
    """The coding of ``available`` (in the server's order of preference) to send under the
    request's ``Accept-Encoding``: the one the client weighs highest, the server's order among
    equals; a coding the header does not name takes the weight of ``*``; weight 0 refuses.
    None: send the file itself (also without the header: an old client may not decode)."""
    if header is None:
        return None
    weights = accepted_codings(header)
    best: tuple[float, int] | None = None
    chosen = None
    for rank, coding in enumerate(available):
        q = weights.get(coding, weights.get("*", 0.0))
        if q > 0 and (best is None or (q, -rank) > best):
            best, chosen = (q, -rank), coding
    return chosen


def cache_control(path: str) -> str:
    """Cache-Control of the file at ``path`` (relative to the build, ``/`` separated)."""
    return IMMUTABLE if path.startswith("assets/") else REVALIDATE


@dataclass(frozen=True)
class _Variant:
    path: str
    stat: os.stat_result
    etag: str


def _digest_etag(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return f'"{h.hexdigest()[:32]}"'


class WebClient(StaticFiles):
    """The built client at ``/`` (``index.html`` for ``/``): each file in the encoding the
    client prefers among those built, with its caching headers. Files are looked up, checked
    and hashed in a worker thread, never on the event loop; what is known of each file is kept
    per file (the build's files only) until the file changes."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory, html=True)
        self.root = Path(os.path.realpath(directory))
        self._known: dict[str, tuple[tuple[int, int], dict[str, _Variant]]] = {}

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        """Find the file (as StaticFiles does) and learn its variants, in the worker thread.
        A request for a variant itself (``X.br``, ``X.gz``) finds nothing: it would be sent
        without its Content-Encoding."""
        if path.endswith(tuple(suffix for _, suffix in ENCODINGS)):
            return "", None
        full, found = super().lookup_path(path)
        if found is not None and stat.S_ISREG(found.st_mode):
            self._learn(full, found)
        return full, found

    def _learn(self, full: str, found: os.stat_result) -> None:
        key = (found.st_mtime_ns, found.st_size)
        known = self._known.get(full)
        if known is not None and known[0] == key:
            return
        variants = {"": _Variant(full, found, _digest_etag(full))}
        for coding, suffix in ENCODINGS:
            try:
                st = os.stat(full + suffix)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                variants[coding] = _Variant(full + suffix, st, _digest_etag(full + suffix))
        self._known[full] = (key, variants)

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        """The file, or its variant in the negotiated encoding, with its caching headers."""
        full = str(full_path)
        known = self._known.get(full)
        if known is None:  # pragma: no cover - lookup_path learns every file it finds
            raise HTTPException(status_code=404)
        variants = known[1]
        request = Headers(scope=scope)
        coding = choose_encoding(
            request.get("accept-encoding"), [c for c, _ in ENCODINGS if c in variants]
        )
        chosen = variants[coding or ""]
        relative = Path(full).relative_to(self.root).as_posix()
        headers: dict[str, str] = {
            "cache-control": cache_control(relative),
            "etag": chosen.etag,
            "x-content-type-options": "nosniff",
        }
        if len(variants) > 1:
            headers["vary"] = "Accept-Encoding"
        if coding:
            headers["content-encoding"] = coding
        response = FileResponse(
            chosen.path,
            status_code=status_code,
            headers=headers,
            media_type=_media_type(full),
            stat_result=chosen.stat,
        )
        if self.is_not_modified(response.headers, request):
            return NotModifiedResponse(response.headers)
        return response


def _media_type(path: str) -> str:
    return mimetypes.guess_type(path)[0] or "application/octet-stream"


def default_web(here: Path | None = None) -> Path | None:
    """The built client to serve: this checkout's ``web/dist`` when the package runs from a
    checkout that has built it (development: the newest build wins), else the build the wheel
    carries; None when there is neither (a checkout that has not built the client)."""
    src = (here or Path(__file__)).resolve()
    checkout = src.parents[4]
    if (checkout / "web" / "package.json").is_file() and (checkout / "pyproject.toml").is_file():
        dist = checkout / "web" / "dist"
        if (dist / "index.html").is_file():
            return dist
    packaged = src.parents[1] / PACKAGED
    return packaged if (packaged / "index.html").is_file() else None
