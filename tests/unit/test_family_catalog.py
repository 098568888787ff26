"""The shipped catalogue as a whole: every variant has a name, a one-line description and rules
for the help screen, and a row in README.md's tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spider_tui.plugins.manager import get_manager

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
#: The shipped ones: the test set-up also loads the example plugin package (scorpion-example).
VARIANTS = sorted(v for v in get_manager().catalog.variants if v != "scorpion-example")


def test_the_whole_family_is_shipped():
    assert len(VARIANTS) == 72  # with the two house-rule games, the 74 of the family


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_says_what_it_is_and_is_in_the_readme(variant):
    rules = get_manager().catalog.variant(variant)
    assert rules.name and rules.name != variant
    assert rules.description and "\n" not in rules.description and len(rules.description) < 100
    paragraphs = [p for p in rules.rules_text.split("\n\n") if p.strip()]
    assert 2 <= len(paragraphs) <= 6
    rows = [line for line in README.splitlines() if line.startswith("| ")]
    assert any(re.search(rf"`{re.escape(variant)}`", row) for row in rows), \
        f"README.md's variant tables have no row for {variant}"
