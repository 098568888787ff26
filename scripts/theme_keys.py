#!/usr/bin/env python3
"""Rewrite the list of a theme file's keys in docs/plugins.md, between its two marker lines,
from ``THEME_KEYS`` in spider_tui/plugins/themespec.py (each key, what it sets and what a theme
that leaves it out gets). Usage:

    python scripts/theme_keys.py           # rewrite it when it is stale
    python scripts/theme_keys.py --check   # exit 1, changing nothing, when it is stale

tests/unit/test_theme_keys.py fails while the checked-in list differs from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from passages import Passage  # noqa: E402

from spider_tui.plugins.themespec import THEME_FORMAT, THEME_KEYS  # noqa: E402

PLUGINS = ROOT / "docs" / "plugins.md"
#: What each table of a theme file holds.
SECTIONS = {
    "": "the top of the file",
    "colors": "`[colors]`: Textual's theme colours, for everything around the cards",
    "variables": "`[variables]`: the table and the cards, as the game screen draws them",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def theme_keys() -> str:
    """The passage: a table of every key a theme file may hold, by section."""
    out = [f"Every key a `format = \"{THEME_FORMAT}\"` file may hold; colours are written "
           f"`\"#rrggbb\"` (or `#rgb`, `#rrggbbaa`). Any other key is refused, naming the "
           f"file and the key.", ""]
    for section, about in SECTIONS.items():
        keys = [k for k in THEME_KEYS if k.section == section]
        out += [f"{about[0].upper()}{about[1:]}:", "", "| key | sets | left out |",
                "| --- | --- | --- |"]
        out += [f"| `{k.key}` | {_cell(k.help)} | {_cell(k.default)} |" for k in keys]
        out.append("")
    return "\n".join(out)


#: The passage, between its marker lines in docs/plugins.md.
PASSAGE = Passage("theme keys", "THEME_KEYS in spider_tui/plugins/themespec.py", theme_keys,
                  "scripts/theme_keys.py")


def rewritten(text: str) -> str:
    """``text`` (docs/plugins.md) with the passage between its marker lines rewritten."""
    return PASSAGE.replace(text, "docs/plugins.md")


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    text = PLUGINS.read_text(encoding="utf-8")
    new = rewritten(text)
    if new == text:
        print("docs/plugins.md: the theme keys are up to date")
        return 0
    if argv == ["--check"]:
        print("docs/plugins.md: the theme keys are stale: run python scripts/theme_keys.py",
              file=sys.stderr)
        return 1
    PLUGINS.write_text(new, encoding="utf-8")
    print("docs/plugins.md: the theme keys rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
