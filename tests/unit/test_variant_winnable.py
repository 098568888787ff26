"""What ``check-variant`` asks of a rule set beyond its keys (``engine.vetting``): can it ever be
won, from the rule set's own data (its foundations' own ``takes``, its win and run fields), and
is it stuck at move 0 on every deal tried."""

from __future__ import annotations

from typing import Any

import pytest

from spider_tui.engine import RuleSet
from spider_tui.engine.build import FoundationGroup
from spider_tui.engine.cards import KING, card
from spider_tui.engine.vetting import foundation_reach, stuck_at_start, unwinnable
from spider_tui.plugins.manager import get_manager


def rules(**more: Any) -> RuleSet:
    data: dict[str, Any] = {"format": "spider-variant/1", "id": "t", "deck": {"sets": 8},
                            "layout": {"columns": 10, "down": 4, "up": 1},
                            "stock": {"needs_full_columns": False}}
    for key, value in more.items():
        section, _, name = key.rpartition("__")
        if section:
            data.setdefault(section, {})[name] = value
        else:
            data[name] = value
    return RuleSet.from_dict(data)


DECK = [card(r, s) for s in range(4) for r in range(1, 14)]


@pytest.mark.parametrize("group, size, first", [
    (FoundationGroup(), 13, "A"),
    (FoundationGroup(base=KING, up=False), 13, "K"),
    (FoundationGroup(up=False), 1, "A"),
    (FoundationGroup(base=KING), 1, "K"),
    (FoundationGroup(up=False, wrap=True), 13, "A"),
    (FoundationGroup(base=7, suit="other-colour"), 7, "7"),  # 7 up to the King
])
def test_a_foundation_holds_what_its_own_order_lets_it(group, size, first):
    held, taken = foundation_reach(group, DECK)
    assert held == size
    assert {c for c in taken if group.takes(c, None, 0)} == {
        card("A23456789TJQK".index(first) + 1, s) for s in range(4)}


def test_the_shipped_games_can_all_be_won_and_none_is_stuck_at_move_0():
    for vid, r in get_manager().catalog.variants.items():
        assert unwinnable(r) == [], vid
        assert stuck_at_start(r) is None, vid


def test_four_foundations_cannot_hold_two_decks():
    r = rules(win="foundations", runs__leave=False, foundations={"count": 4})
    assert unwinnable(r) == [("foundations.count", "4 foundations (complete runs stay on the "
                              "table) hold at most 52 of the 104 cards: win = \"foundations\" "
                              "can never be won")]
    # Runs that leave carry the rest: 4 foundations and 4 runs hold every card (Rouge et Noir).
    assert unwinnable(rules(win="foundations", runs__piles=4, foundations={"count": 4})) == []


def test_foundations_built_down_from_the_ace_hold_one_card():
    r = rules(foundations={"direction": "down"})
    assert unwinnable(r) == [("foundations.direction", "a foundation built down from an Ace "
                              "holds at most 1 card, not 13: nothing can go on after its first "
                              "card")]
    assert unwinnable(rules(foundations={"direction": "down", "base": "K"})) == []


def test_a_group_of_several_is_named_by_its_place():
    r = rules(foundations=[{"count": 4}, {"count": 4, "base": "K"}])
    assert [k for k, _ in unwinnable(r)] == ["foundations[1].direction"]


def test_runs_that_never_leave_never_win_a_game_won_by_runs():
    assert unwinnable(rules(runs__leave=False))[0][0] == "runs.leave"
    assert unwinnable(rules(runs__piles=4))[0] == (
        "runs.piles", 'only 4 complete runs may leave, but win = "runs" asks for 8: it can '
                      'never be won')
    assert unwinnable(rules(runs__piles=4, runs__to_win=4)) == []


def test_a_plugins_own_win_rule_is_not_second_guessed():
    class OwnWin(RuleSet):
        def won(self, table: Any) -> bool:
            return False

    r = OwnWin(**{**{f: getattr(rules(), f) for f in ("id", "name", "deck", "layout")},
                  "runs_leave": False})
    assert unwinnable(r) == []


def test_a_game_is_stuck_at_move_0_only_when_every_deal_tried_is():
    one = rules(deck={"sets": 4, "suits": ["S"]}, layout={"columns": 1, "down": 51, "up": 1},
                stock={})
    assert stuck_at_start(one) == ("stuck at move 0 on deals 1, 2 and 3: no card can move and "
                                   "no deal is possible (the stock is empty)")
    assert stuck_at_start(one, (5,)) == ("stuck at move 0 on deal 5: no card can move and no "
                                         "deal is possible (the stock is empty)")
    # A deal is a way on: the same column with a stock is not stuck.
    assert stuck_at_start(rules(deck={"sets": 4, "suits": ["S"]},
                                layout={"columns": 1, "down": 40, "up": 1}, stock={})) is None
