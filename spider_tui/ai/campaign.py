"""A rating campaign that can be stopped at any moment and resumed: every deal rated is added to
a journal file (one JSON line each, written and flushed to the disk as it comes), and a run
rates only the deals its journal does not hold yet.

A run killed in the middle of writing a line leaves that line torn: it is cut off when the
journal is next opened, and its deal is rated again. Nothing finished is ever redone or lost.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .rating import DealRating, Job, run


class Journal:
    """The journal of a campaign: the file at ``path`` (made when the first deal is rated)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        #: Lines that were not a rating (damaged by hand, or another file): skipped, counted.
        self.skipped = 0

    def load(self) -> dict[str, DealRating]:
        """The deals rated so far, by job key. A torn last line (a run killed while writing
        it) is cut off the file; any other line that is not a rating is skipped."""
        self.skipped = 0
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            with open(self.path, "r+b") as f:
                f.truncate(keep)
            data = data[:keep]
        done: dict[str, DealRating] = {}
        for line in data.decode("utf-8", errors="replace").splitlines():
            if not line.strip():
                continue
            try:
                r = DealRating.from_dict(json.loads(line))
            except (ValueError, KeyError, TypeError):
                self.skipped += 1
                continue
            done[r.job.key] = r
        return done

    def add(self, r: DealRating) -> None:
        """Add one rated deal, on the disk before this returns."""
        line = json.dumps(r.to_dict(), sort_keys=True, ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(line)
            f.flush()
            os.fsync(f.fileno())


def campaign(jobs: Sequence[Job], journal: Journal | None = None, *, workers: int = 1,
             scheduler: Any = None, progress: Callable[[DealRating, bool], None] | None = None,
             setup: Callable[[], object] | None = None) -> list[DealRating]:
    """Every job's rating, in the order of ``jobs``: those the journal holds are read from it,
    the others rated (see :func:`~spider_tui.ai.rating.run` for ``workers``, ``scheduler``
    and ``setup``) and added to it as each comes. ``progress(rating, new)`` is called for
    each one, read (``new`` False) or rated (True)."""
    done = journal.load() if journal is not None else {}
    unique: dict[str, Job] = {}
    for job in jobs:
        unique.setdefault(job.key, job)
    todo = [job for key, job in unique.items() if key not in done]
    if progress is not None:
        for key in unique:
            if key in done:
                progress(done[key], False)
    for r in run(todo, workers=workers, scheduler=scheduler, setup=setup):
        if journal is not None:
            journal.add(r)
        done[r.job.key] = r
        if progress is not None:
            progress(r, True)
    return [done[job.key] for job in jobs]
