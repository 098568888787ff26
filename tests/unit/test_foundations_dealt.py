"""Foundations that start with cards (``foundations.dealt``, issue 33 item 8): which cards each
pile is dealt, taken out of the shuffled deck before the rest is dealt, the same for a deal
number every time; the win, the score, the position text, undo and taking a card back all
cope with cards that were on the foundations from the start; a file or a plugin asking for
cards the deck does not have is told so with its key."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from example_variants import example_rules

from spider_tui.ai.solver import solve
from spider_tui.engine import Game, RuleSet, VariantError
from spider_tui.engine.build import FoundationGroup
from spider_tui.engine.cards import ACE, KING, QUEEN, RANK, SUIT, card, code, parse_card
from spider_tui.engine.deal import shuffled_deck, table
from spider_tui.engine.kinds.foundations import dealt_home
from spider_tui.engine.piles import FOUNDATION_KIND, WASTE_KIND
from spider_tui.engine.schema import parse_variant_dict
from spider_tui.testing import catalog_with

SAN_JUAN = example_rules()["san-juan-hill"]
DEUCES = example_rules()["deuces"]


def codes(cards) -> list[str]:
    return [code(c) for c in cards]


def foundations(game: Game) -> list[list[int]]:
    st = game.state
    return [st.piles[i] for i, k in enumerate(st.comp.kinds) if k == FOUNDATION_KIND]


def small(**foundation: object) -> dict:
    """One deck on four columns of one card, the rest on the foundations as ``foundation``
    says (``count``, ``dealt``...), won there."""
    return {"id": "small", "win": "foundations", "deck": {"sets": 4},
            "layout": {"columns": 4, "up": 1}, "runs": {"leave": False},
            "foundations": {"count": 4, "take_back": True, **foundation}}


# ------------------------------------------------------------------ which cards, from where


def test_san_juan_hill_deals_the_eight_aces_home_suit_by_suit_and_deck_by_deck():
    assert [g.dealt for g in SAN_JUAN.foundation_groups] == [1]
    assert [codes(p) for p in SAN_JUAN.home_cards] == [
        ["AS"], ["AS"], ["AH"], ["AH"], ["AD"], ["AD"], ["AC"], ["AC"]]
    assert SAN_JUAN.dealt_size == 8 + 40 + 1 and SAN_JUAN.stock_size == 55


@pytest.mark.parametrize("deal", [0, 1, 7, 2**40])
def test_the_home_cards_leave_the_shuffled_deck_before_the_rest_is_dealt(deal):
    t = table(SAN_JUAN, deal)
    rest = shuffled_deck(SAN_JUAN, deal)
    for ace in (parse_card("AS"), parse_card("AH"), parse_card("AD"), parse_card("AC")):
        for _ in range(2):
            rest.remove(ace)  # the first copy, as the deal takes it
    dealt = [c for row in range(4) for col in t.cols for c in col[row:row + 1]]
    assert dealt == rest[:40]                       # row by row across the ten columns
    assert t.extra[-1] == rest[40:41]               # one card turned onto the waste
    assert t.stock == rest[41:] and len(t.stock) == 55
    assert [codes(p) for p in t.extra[:8]] == [[c] for c in
                                               ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]]
    assert not any(RANK[c] == ACE for c in t.stock + sum(t.cols, []) + t.extra[-1])
    assert t.down == [0] * 10
    # Every card once, and the same table for the same number.
    assert Counter(sum(t.cols, []) + sum(t.extra, []) + t.stock) == SAN_JUAN.deck_counts()
    assert table(SAN_JUAN, deal) == t


def test_deuces_deals_the_twos_home_and_its_foundations_wrap_to_the_ace():
    game = Game.new(DEUCES, deal=4, catalog=catalog_with(DEUCES))
    homes = foundations(game)
    assert [codes(p) for p in homes] == [["2S"], ["2S"], ["2H"], ["2H"], ["2D"], ["2D"],
                                         ["2C"], ["2C"]]
    group = DEUCES.foundation_of[0]
    king, ace = card(KING, SUIT[homes[0][0]]), card(ACE, SUIT[homes[0][0]])
    assert group.takes(ace, king, 12) and not group.takes(ace, king, 13)
    assert len(game.state.cols) == 10 and all(len(c) == 1 for c in game.state.cols)
    assert game.state.stock_left == 85


def test_more_than_one_card_each_follows_the_piles_order_and_suit():
    deck = RuleSet.from_dict({"id": "x", "deck": {"sets": 4}, "layout": {"columns": 1}},
                             "x").deck_cards()
    up = FoundationGroup(count=2, dealt=3)
    assert [codes(p) for p in dealt_home(deck, [up.pile(0), up.pile(1)])] == [
        ["AS", "2S", "3S"], ["AH", "2H", "3H"]]
    # Down from the King, each pile's suit given: its own King, Queen, Jack.
    down = FoundationGroup(count=2, base=KING, up=False, suits=(3, 1), dealt=2)
    assert [codes(p) for p in dealt_home(deck, [down.pile(0), down.pile(1)])] == [
        ["KC", "QC"], ["KH", "QH"]]
    # In alternate colours: the first card of the other colour the deck has left.
    alt = FoundationGroup(count=1, suit="other-colour", dealt=3)
    assert codes(dealt_home(deck, [alt])[0]) == ["AS", "2H", "3S"]


def test_a_file_says_the_cards_dealt_home_and_the_stock_counts_them():
    problems: list = []
    fields = parse_variant_dict(small(count=4, base="A", dealt=12), problems)
    assert problems == []
    rules = RuleSet(source="small", **fields)
    assert rules.dealt_size == 52 and rules.stock_size == 0
    # stock.cards is checked against the deck less every card dealt, the foundations' too.
    data = small(count=4, dealt=12)
    data["stock"] = {"cards": 1}
    problems = []
    parse_variant_dict(data, problems)
    assert problems == [("layout", "columns, foundations need 52 cards but the deck minus the "
                                   "stock leaves 51 (deck 52, stock.cards 1)")]


def test_cards_the_deck_does_not_have_are_refused_naming_the_group():
    data = small()
    data["foundations"] = [{"count": 4, "dealt": 1}, {"count": 4, "dealt": 1}]
    with pytest.raises(VariantError) as e:
        RuleSet.from_dict(data, "v.toml")
    assert ("v.toml: foundations[1].dealt: foundation 5 is to be dealt 1 card at the start, but "
            "no card is left in the deck for its first: it takes an Ace") in str(e.value)
    data["foundations"] = {"count": 2, "base": "K", "direction": "up", "dealt": 2}
    with pytest.raises(VariantError) as e:
        RuleSet.from_dict(data, "v.toml")
    assert ("v.toml: foundations.dealt: foundation 1 is to be dealt 2 cards at the start, but "
            "no card is left in the deck for its second: it takes nothing more") in str(e.value)


def test_a_plugins_rule_set_asking_for_cards_the_deck_lacks_is_refused_when_made():
    rules = RuleSet.from_dict(small(dealt=1), "small")
    with pytest.raises(VariantError, match="foundation_groups: foundation 5 is to be dealt"):
        dataclasses.replace(rules, foundation_groups=(FoundationGroup(count=5, dealt=1),))


# ------------------------------------------------------------------ playing with them


def kings_left() -> tuple[RuleSet, Game]:
    """One deck: each foundation is dealt its Ace to Queen; the four Kings are the columns."""
    rules = RuleSet.from_dict(small(dealt=12), "small")
    return rules, Game.new(rules, deal=3, catalog=catalog_with(rules))


def test_the_win_the_score_and_the_solver_count_the_cards_dealt_home():
    rules, game = kings_left()
    assert sorted(RANK[c[0]] for c in game.state.cols) == [KING] * 4
    assert [len(p) for p in foundations(game)] == [12] * 4
    assert game.status == "playing" and game.runs_removed == 0
    assert game.score == 500  # nothing done yet: the cards dealt home score nothing
    solution = solve(game, node_budget=1000)
    assert solution.status == "won" and len(solution.moves) == 4
    for move in solution.moves:
        game.play(move)
    assert game.status == "won" and game.runs_removed == 4
    assert game.score == 500 - 4 + 4 * 100


def test_undo_brings_back_the_deal_with_its_cards_home_exactly():
    cat = catalog_with(SAN_JUAN)
    game = Game.new(SAN_JUAN, deal=11, catalog=cat)
    start = game.to_position()
    for _ in range(12):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[-1])
    game.undo_all()
    assert game.to_position() == start
    assert [codes(p) for p in foundations(game)][::2] == [["AS"], ["AH"], ["AD"], ["AC"]]


def test_the_position_text_keeps_the_cards_home_and_reads_back():
    cat = catalog_with(SAN_JUAN)
    game = Game.new(SAN_JUAN, deal=5, catalog=cat)
    text = game.to_position()
    assert 'format = "spider-position/2"' in text
    assert 'foundations = [["AS"], ["AS"], ["AH"], ["AH"], ["AD"], ["AD"], ["AC"], ["AC"]]' \
        in text
    again = Game.from_position(text, catalog=cat)
    assert again.to_position() == text and again.rules == SAN_JUAN
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]


def test_a_card_dealt_home_may_come_back_where_the_group_lets_cards_back():
    rules, game = kings_left()
    king = game.state.cols[0][0]
    f = next(j for j, p in enumerate(foundations(game)) if SUIT[p[0]] == SUIT[king])
    game.play(f"1>f{f + 1}")                         # the King home: column 1 is empty
    assert not game.state.cols[0]
    game.play(f"f{(f + 1) % 4 + 1}>1")               # another foundation's Queen comes back
    assert RANK[game.state.cols[0][-1]] == QUEEN
    assert [len(p) for p in foundations(game)].count(11) == 1


def test_the_help_says_what_the_foundations_are_dealt():
    assert ("8 foundations built up from an ace, in the same suit, one card at a time; each is "
            "dealt its first card at the start; a foundation's top card may be played back"
            in SAN_JUAN.summary())
    assert SAN_JUAN.pile_kinds.count(WASTE_KIND) == 1
