"""A house rule is offered (and taken) only where it changes the game: ``open`` is refused
where every card is dealt face up already, as ``relaxed-deal`` is where the stock cannot be
dealt onto a column with a space (issue 33)."""

from __future__ import annotations

import pytest

from spider_tui.engine import RuleSet, SpiderError, default_catalog

FORTY_THIEVES = RuleSet.from_dict({
    "id": "forty-thieves", "name": "Forty Thieves", "win": "foundations",
    "deck": {"sets": 8}, "layout": {"columns": 10, "up": 4},
    "waste": {"turn": 1}, "stock": {"needs_full_columns": False},
    "moves": {"place": "same-suit", "lift": "single"}, "runs": {"leave": False},
    "foundations": {"count": 8}}, "forty-thieves.toml")


def offered(rules: RuleSet) -> set[str]:
    return {h.id for h in default_catalog().house_rules_for(rules)}


@pytest.mark.parametrize("rules, refused, kept", [
    (FORTY_THIEVES, {"open", "relaxed-deal"}, {"manual-removal"}),
    ("spidercells", {"open", "relaxed-deal"}, set()),
    ("scorpion-head", {"relaxed-deal"}, {"open"}),  # face-down cards, no stock
    ("spider-2suit", set(), {"open", "relaxed-deal", "manual-removal"}),
    ("trillium", set(), {"open"}),  # face-down cards under face-up ones
])
def test_a_house_rule_that_changes_nothing_is_neither_offered_nor_taken(rules, refused, kept):
    rules = rules if isinstance(rules, RuleSet) else default_catalog().variant(rules)
    assert not refused & offered(rules) and kept <= offered(rules)
    for hid in refused:
        with pytest.raises(SpiderError, match=f"house rule '{hid}' changes nothing in"):
            default_catalog().rules(rules, [hid])
    for hid in kept:
        assert default_catalog().rules(rules, [hid]) != rules


def test_open_is_refused_once_a_variant_deals_every_card_face_up():
    spider = default_catalog().variant("spider-1suit")
    opened = default_catalog().rules(spider, ["open"])
    assert "d" not in "".join(opened.initial_faces())
    assert "open" not in offered(RuleSet.from_dict(
        {"id": "x", "deck": {"sets": 8}, "layout": {"columns": 10, "down": 5,
                                                   "all_face_up": True}}, "x"))
