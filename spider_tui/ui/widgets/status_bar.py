"""The status line: variant, deal number, score, moves, clock, runs done, deals left."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


def clock(seconds: float) -> str:
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m}:{s:02}"


SEP = "  "


class StatusBar(Widget):
    COMPONENT_CLASSES = {"status--label", "status--value", "status--name"}

    def __init__(self) -> None:
        super().__init__(id="status")
        self.fields: dict[str, str] = {}

    def show(self, **fields: str) -> None:
        if fields != self.fields:
            self.fields = fields
            self.refresh()

    def _variants(self) -> list[list[tuple[str, str]]]:
        f = self.fields
        if not f:
            return [[]]
        rest = [("Score", f["score"]), ("Moves", f["moves"]), ("Time", f["time"]),
                ("Runs", f["runs"]), ("Stock", f["deals"])]
        short = [("", f["score"]), ("", f["moves"] + "mv"), ("", f["time"]),
                 ("", f["runs"]), ("", f["deals"] + "d")]
        return [
            [("", f["name"]), ("Deal", f["deal"])] + rest,
            [("", f["id"]), ("Deal", f["deal"])] + rest,
            [("", f["id"]), ("#", f["deal"])] + rest,
            [("", f["id"]), ("#", f["deal"])] + short,
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
