"""The Prometheus text format read by the tests, written here from its specification (one
sample a line: ``name{label="value",...} number``; ``# TYPE name type`` before each family),
sharing no code with the library that writes it; and the series docs/deploy.md documents."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Scrape", "documented", "parse"]

_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$")
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
_DOC_ROW = re.compile(r"^\| `((?:paigow|process|python)_[a-z0-9_]+)` \|", re.M)


@dataclass
class Scrape:
    """One scrape: each family's type, and each sample's value by name and labels."""

    types: dict[str, str] = field(default_factory=dict)
    samples: dict[tuple[str, frozenset[tuple[str, str]]], float] = field(default_factory=dict)

    def value(self, name: str, **labels: str) -> float:
        """The sample ``name`` with exactly ``labels`` (0 when there is none)."""
        return self.samples.get((name, frozenset(labels.items())), 0.0)

    def has(self, name: str, **labels: str) -> bool:
        """Whether the sample is there."""
        return (name, frozenset(labels.items())) in self.samples

    def where(self, name: str) -> dict[frozenset[tuple[str, str]], float]:
        """Every sample named ``name``, by its labels."""
        return {lab: v for (n, lab), v in self.samples.items() if n == name}


def parse(text: str) -> Scrape:
    """A scrape's text, every line accounted for (a line that is neither a comment, a blank
    nor a sample fails the test)."""
    out = Scrape()
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("#"):
            parts = line.split()
            if len(parts) >= 4 and parts[1] == "TYPE":
                out.types[parts[2]] = parts[3]
            continue
        m = _SAMPLE.match(line)
        assert m is not None, f"not a sample: {line!r}"
        labels = frozenset(_LABEL.findall(m[2] or ""))
        out.samples[(m[1], labels)] = float(m[3])
    return out


def documented(deploy_md: Path) -> set[str]:
    """The series names docs/deploy.md's table of series lists."""
    return set(_DOC_ROW.findall(deploy_md.read_text(encoding="utf-8")))
