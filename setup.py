"""Packaging hooks (the rest is pyproject.toml): the built browser client goes into the
distributions, so that installing paigow needs no Node.

* **sdist**: carries ``web/dist`` (the built client, with its precompressed variants) beside
  the client's sources.
* **wheel**: carries the same files as ``paigow/service/webclient``, where ``paigow serve``
  finds them (``paigow.service.routes.static.default_web``).

From a checkout, ``web/dist`` is built first (``npm ci`` and ``npm run build``, Node 20.19+)
when it is missing or older than the client's sources; from an sdist it is taken as it is, and
Node is never run. An editable install (``pip install -e .``) copies nothing: the checkout's
``web/dist`` is served directly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = WEB / "dist"
#: Where the wheel carries the client (``paigow.service.routes.static.PACKAGED``).
PACKAGED = ("paigow", "service", "webclient")
#: The client's sources: a build older than any of them is stale.
SOURCES = (
    "src",
    "public",
    "index.html",
    "gallery.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
)


def _newest(path: Path) -> float:
    if path.is_dir():
        return max((_newest(p) for p in path.iterdir()), default=0.0)
    return path.stat().st_mtime if path.exists() else 0.0


def _stale() -> str | None:
    """Why ``web/dist`` must be built, or None."""
    index = DIST / "index.html"
    if not index.is_file():
        return "web/dist is not built"
    if max(_newest(WEB / s) for s in SOURCES) > index.stat().st_mtime:
        return "web/dist is older than the client's sources"
    return None


def client() -> Path:
    """The built client (``web/dist``), built first where needed and possible."""
    if (ROOT / "PKG-INFO").is_file():  # an sdist: it carries the build
        if not (DIST / "index.html").is_file():
            raise SystemExit("this source distribution has no web/dist: it was built without it")
        return DIST
    why = _stale()
    if why is None:
        return DIST
    npm = shutil.which("npm")
    if npm is None or os.environ.get("PAIGOW_NO_CLIENT_BUILD"):
        raise SystemExit(
            f"{why}: build the browser client first (make web-build, with Node 20.19+ and npm)"
        )
    print(f"{why}: building it (npm ci, npm run build)", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)
    subprocess.run([npm, "run", "--silent", "build"], cwd=WEB, check=True)
    return DIST


class BuildPy(build_py):
    """build_py, then the built client copied into the package (not for an editable install)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib, *PACKAGED)
        shutil.rmtree(target, ignore_errors=True)  # no file of an older build stays behind
        shutil.copytree(client(), target)


class Sdist(sdist):
    """sdist, with ``web/dist`` built first (MANIFEST.in takes it in)."""

    def run(self) -> None:
        client()
        super().run()


setup(cmdclass={"build_py": BuildPy, "sdist": Sdist})
