"""Deals the solver has verified winnable, shipped as data (``spider_tui/data/winnable/``).

Each file ``<variant>.json`` is written by ``scripts/make_winnable.py``: a list of entries, each
a deal number with the winning line that proved it (the script replays every line through the
engine before writing it, and a test replays a sample again).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

FORMAT = "spider-winnable/1"


@cache
def _load(variant_id: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    try:
        text = resources.files("spider_tui.data.winnable").joinpath(
            f"{variant_id}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return ()
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("variant") != variant_id:
            return ()
        return tuple((int(e["deal"]), tuple(e["solution"])) for e in data["deals"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return ()


def winnable_deals(variant_id: str) -> list[int]:
    """Deal numbers of ``variant_id`` verified winnable (no house rules); ``[]`` if none known."""
    return [deal for deal, _ in _load(variant_id)]


def solution(variant_id: str, deal: int) -> list[str] | None:
    """The verified winning line for a shipped deal, in move notation, or ``None``."""
    for d, line in _load(variant_id):
        if d == deal:
            return list(line)
    return None
