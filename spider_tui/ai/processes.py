"""Work spread over processes of this machine, for the commands that play many deals (the bot's
games, the ratings): one home for starting the workers and for what each runs first."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def after_setup(setup: Callable[[], object] | None, work: Callable[[T], R], item: T) -> R:
    """``work(item)``, ``setup()`` first: in a worker, the command line loads the player's
    plugins with it, so that a plugin's game plays there too."""
    if setup is not None:
        setup()
    return work(item)


def each(work: Callable[[T], R], items: Sequence[T], *, workers: int = 1,
         setup: Callable[[], object] | None = None, ordered: bool = True) -> Iterator[R]:
    """``work`` on every item, yielding each result: in this process, or on ``workers``
    processes (spawned; ``work`` and ``setup`` module-level functions, so that they can be
    sent), in the items' order or, not ``ordered``, as each comes."""
    call = partial(after_setup, setup, work)
    if workers <= 1 or len(items) <= 1:
        for item in items:
            yield call(item)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(workers, len(items))) as pool:
        yield from (pool.imap if ordered else pool.imap_unordered)(call, items)
