#!/usr/bin/env python3
"""Rewrite every passage of README.md and docs/*.md that is made from the code, each between
its two marker lines: the variant key reference of docs/plugins.md (``FIELDS`` in
spider_tui/engine/schema.py), the limits of a variant file and of every TOML file (the
constants of schema.py and tomltext.py), the keys a house rule may change (``HOUSE_RULE_KEYS``
in spider_tui/engine/house.py) and the shipped house rules (variants/house-rules.toml). Usage:

    python scripts/variant_keys.py           # rewrite the stale passages
    python scripts/variant_keys.py --check   # exit 1, changing nothing, when one is stale

tests/unit/test_variant_fields.py fails while a checked-in passage differs from what this
writes.
"""

from __future__ import annotations

import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from passages import Passage  # noqa: E402

from spider_tui.engine import tomltext  # noqa: E402
from spider_tui.engine.house import (  # noqa: E402
    HOUSE_RULE_KEYS,
    HOUSE_RULES_FORMAT,
    HouseRule,
    house_rules_from_dict,
)
from spider_tui.engine.schema import (  # noqa: E402
    MAX_COLUMNS,
    limits_text,
    replace_docs_section,
)

README = ROOT / "README.md"
PLUGINS = ROOT / "docs" / "plugins.md"
SHIPPED_HOUSE_RULES = ROOT / "variants" / "house-rules.toml"
#: How wide README.md's paragraphs are wrapped.
WIDTH = 99


# --------------------------------------------------------------------- the passages


def _fill(text: str) -> str:
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def shipped_house_rules() -> list[HouseRule]:
    """The house rules spider-tui ships, read as the game reads them."""
    path = SHIPPED_HOUSE_RULES
    return house_rules_from_dict(tomllib.loads(path.read_text(encoding="utf-8")), path.name)


def house_rule_keys(fields: bool) -> str:
    """The keys a house rule's ``set`` may change, each with its limit (with ``fields``, each
    with the rule-set field it fills)."""
    limits = {"stock.deal": f"0 to {MAX_COLUMNS} and no more than the variant's columns; 0 is "
                            f"one card per column"}
    out = []
    for key, field in HOUSE_RULE_KEYS.items():
        notes = ([f"`{field}`"] if fields and field != key else []) + (
            [limits[key]] if key in limits else [])
        out.append(f"`{key}`" + (f" ({': '.join(notes)})" if notes else ""))
    return ", ".join(out)


def readme_house_rule_files() -> str:
    return _fill(
        f"House rules are data too: a `format = \"{HOUSE_RULES_FORMAT}\"` file of "
        f"`[[house_rule]]` tables with `id`, `name`, `description` and `set`, the rules they "
        f"change, named as a variant file names them (`set = {{ stock.needs_full_columns = "
        f"false }}`): {house_rule_keys(fields=False)}; see "
        f"[`variants/house-rules.toml`](variants/house-rules.toml).") + "\n"


def plugins_house_rule_files() -> str:
    shipped = SHIPPED_HOUSE_RULES.read_text(encoding="utf-8")
    body = shipped[shipped.index("format = "):].rstrip("\n")
    return _fill(
        f"House rules can be data too: a file with `format = \"{HOUSE_RULES_FORMAT}\"` holds "
        f"`[[house_rule]]` tables, each with `id`, `name`, `description` and `set`, the rules "
        f"it changes, named as a variant file names them: {house_rule_keys(fields=True)}. In "
        f"brackets is the rule-set field a key fills, where its name differs: a Python "
        f"`HouseRule`'s `changes` names the field (and a file may too). The built-in ones are "
        f"in [`variants/house-rules.toml`](../variants/house-rules.toml):") + (
        f"\n\n```toml\n{body}\n```\n")


def readme_shipped_house_rules() -> str:
    lines = ["House rules, over any variant they change "
             "([`variants/house-rules.toml`](variants/house-rules.toml)):", ""]
    for hr in shipped_house_rules():
        lines.append(textwrap.fill(f"* `{hr.id}` ({hr.name}): {hr.description}", WIDTH,
                                   subsequent_indent="  ", break_long_words=False,
                                   break_on_hyphens=False))
    return "\n".join(lines) + "\n"


def readme_variant_limits() -> str:
    return _fill(limits_text()) + "\n"


def readme_toml_limits() -> str:
    return _fill(
        f"**Bounded.** Every TOML file spider-tui reads (positions, standard input included, "
        f"variant, house-rule and theme files, `config.toml`) may hold at most "
        f"{tomltext.MAX_BYTES // 1024} KiB, no key of more than {tomltext.MAX_KEY_PARTS} dotted "
        f"parts and no arrays or inline tables nested more than {tomltext.MAX_DEPTH} deep: no "
        f"real file comes near, and past that the TOML reader would take minutes and "
        f"gigabytes. Such a file is refused with a message naming it, before it is parsed. A "
        f"whole number of more than {tomltext.MAX_INT_DIGITS} digits is read as a wrong value "
        f"of its key (a setting then takes its default). Messages quote at most a few dozen "
        f"characters of what they refuse.") + "\n"


#: Every generated passage, by the file it is in.
PASSAGES: dict[Path, tuple[Passage, ...]] = {
    README: (
        Passage("shipped house rules", "variants/house-rules.toml", readme_shipped_house_rules),
        Passage("variant limits", "the limits in spider_tui/engine/schema.py",
                readme_variant_limits),
        Passage("house-rule keys", "HOUSE_RULE_KEYS in spider_tui/engine/house.py",
                readme_house_rule_files),
        Passage("toml limits", "the limits in spider_tui/engine/tomltext.py",
                readme_toml_limits),
    ),
    PLUGINS: (
        Passage("house-rule keys", "HOUSE_RULE_KEYS in spider_tui/engine/house.py and "
                "variants/house-rules.toml", plugins_house_rule_files),
    ),
}


def rewritten(path: Path, text: str) -> str:
    """``text`` (the file at ``path``) with every generated passage in it rewritten."""
    where = str(path.relative_to(ROOT))
    if path == PLUGINS:
        text = replace_docs_section(text)  # the key reference: FIELDS in schema.py
    for passage in PASSAGES[path]:
        text = passage.replace(text, where)
    return text


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    stale = 0
    for path in PASSAGES:
        name = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8")
        new = rewritten(path, text)
        if new == text:
            print(f"{name}: up to date")
        elif argv == ["--check"]:
            print(f"{name}: a generated passage is stale: run python scripts/variant_keys.py",
                  file=sys.stderr)
            stale = 1
        else:
            path.write_text(new, encoding="utf-8")
            print(f"{name}: rewritten")
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
