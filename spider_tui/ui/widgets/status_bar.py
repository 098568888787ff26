"""The status line: variant, deal number, score, moves, clock, runs done, deals left."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget


def clock(seconds: float) -> str:
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m}:{s:02}"


SEP = "  "
_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
            "seven": "7", "eight": "8"}


def short_name(name: str) -> str:
    """A variant's name in fewer letters: "Spider (one suit)" is "Spider 1 suit"."""
    m = re.fullmatch(r"(.*?)\s*\((.*)\)\s*", name)
    if not m:
        return name
    inner = " ".join(_NUMBERS.get(w.lower(), w) for w in m.group(2).split())
    return f"{m.group(1)} {inner}"


def short_rules(ids: Sequence[str]) -> str:
    """House rule ids in fewer letters: the first word of each ("relaxed" for relaxed-deal),
    or the whole ids where two would read the same."""
    words = [re.split(r"[-_.]", i)[0] or i for i in ids]
    return ",".join(words if len(set(words)) == len(words) else ids)


class StatusBar(Widget):
    """The name (and the house rules) always show, however narrow the window: the figures
    give way first, their labels before them."""

    COMPONENT_CLASSES = {"status--label", "status--value", "status--name"}

    def __init__(self) -> None:
        super().__init__(id="status")
        self.fields: dict[str, str] = {}

    def show(self, **fields: str) -> None:
        """``name``, ``house_rules`` (ids, comma-separated), ``deal``, ``score``, ``moves``,
        ``time``, ``runs`` and ``deals`` (empty: the game has no stock); ``progress``, the label
        of ``runs`` (``Runs`` when not given: ``Home`` counts cards on the foundations,
        ``Built`` columns); ``odds``, the winnability meter ("" or not given: none)."""
        if fields != self.fields:
            self.fields = fields
            self.refresh()

    def _variants(self) -> list[list[tuple[str, str]]]:
        f = self.fields
        if not f:
            return [[]]
        ids = [i for i in f["house_rules"].split(",") if i]
        rules = " +" + ",".join(ids) if ids else ""
        brief = " +" + short_rules(ids) if ids else ""
        name, short = f["name"] + rules, short_name(f["name"]) + brief
        rest = [("Score", f["score"]), ("Moves", f["moves"]), ("Time", f["time"]),
                (f.get("progress", "Runs"), f["runs"]), ("Stock", f["deals"])]
        values = [("", f["score"]), ("", f["moves"] + "mv"), ("", f["time"]),
                  ("", f["runs"]), ("", f["deals"] + "d")]
        if not f["deals"]:  # a game dealt whole at the start: no stock to count
            rest, values = rest[:-1], values[:-1]
        # The meter (when on) comes last, and gives way only after every label has.
        odds = [("", f["odds"])] if f.get("odds") else []
        return [
            [("", name), ("Deal", f["deal"])] + rest + odds,
            [("", f["name"] + brief), ("Deal", f["deal"])] + rest + odds,
            [("", short), ("Deal", f["deal"])] + rest + odds,
            [("", short), ("#", f["deal"])] + rest + odds,
            [("", short), ("#", f["deal"])] + values + odds,
            [("", short)] + values + odds,
            [("", short)] + values,
        ]

    def render(self) -> Text:
        width = self.size.width
        label = self.get_component_rich_style("status--label")
        value = self.get_component_rich_style("status--value")
        name = self.get_component_rich_style("status--name")
        options = self._variants()
        for parts in options:
            length = sum(len(k) + len(v) + (1 if k and k != "#" else 0) + len(SEP)
                         for k, v in parts)
            if length - len(SEP) <= width or parts is options[-1]:
                break
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (k, v) in enumerate(parts):
            if i:
                text.append(SEP, label)
            if k:
                text.append(k if k == "#" else k + " ", label)
            text.append(v, name if i == 0 else value)
        return text
