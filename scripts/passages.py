"""A passage of README.md or docs/*.md made from the code, between its two marker lines: the
one home of the markers' form and of rewriting what lies between them, for every script that
writes one (variant_keys.py, theme_keys.py, make_ratings.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Passage:
    """A generated passage: ``name`` tells its marker lines apart, ``source`` says in them what
    it is made from, ``script`` which script writes it, ``render`` makes it."""

    name: str
    source: str
    render: Callable[[], str]
    script: str = "scripts/variant_keys.py"

    @property
    def begin(self) -> str:
        return (f"<!-- generated: {self.name}. Made from {self.source} by `python "
                f"{self.script}`: edit that, not this. -->")

    @property
    def end(self) -> str:
        return f"<!-- generated: {self.name}: end -->"

    def replace(self, text: str, where: str) -> str:
        """``text`` with this passage rewritten between its marker lines."""
        start = text.find(f"<!-- generated: {self.name}. ")
        end = text.find(self.end, max(start, 0))
        if start < 0 or end < 0 or text.count(self.end) != 1:
            raise ValueError(f"{where} has no one pair of marker lines for {self.name!r} "
                             f"({self.begin!r} ... {self.end!r})")
        return text[:start] + self.begin + "\n" + self.render() + text[end:]
