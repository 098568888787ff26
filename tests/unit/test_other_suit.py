"""Building in any suit but a card's own (``other-suit``, PySolFC's Indian: issue 33 item 8): the
phrase, its refusals in a player's words, a foundation and a complete run that follow it, and the
AI's fast board, which reads it from the tables compiled from the same rule set (never a copy of
its own), so it plays exactly the engine's moves."""

from __future__ import annotations

import random

import pytest
from example_variants import OTHER_SUIT_SPIDER, example_rules

from spider_tui.ai.board import Board, tables_for
from spider_tui.ai.solver import solve
from spider_tui.engine import Game, RuleSet
from spider_tui.engine.build import FoundationGroup, parse_phrase, wanted
from spider_tui.engine.cards import NUM_CARDS, SUIT, parse_card
from spider_tui.engine.compiled import compiled
from spider_tui.testing import assert_refused, catalog_with, play, table

INDIAN = example_rules()["indian"]
C = parse_card


def test_the_phrase_and_its_other_name_read_as_any_suit_but_its_own():
    assert parse_phrase("other-suit").suit == "other-suit"
    assert parse_phrase("down any-suit-but-own") == parse_phrase("other-suit")
    assert INDIAN.accepts(C("7S"), C("8H")) and INDIAN.accepts(C("7S"), C("8C"))
    assert not INDIAN.accepts(C("7S"), C("8S")) and not INDIAN.accepts(C("7S"), C("9H"))
    assert wanted(INDIAN._place, C("8S"), False) == "a 7 not of spades"
    assert "a card goes onto a card one rank higher of another suit" == INDIAN.place_text()


def test_indian_plays_onto_another_suit_and_refuses_its_own_saying_why():
    cat = catalog_with(INDIAN)
    game = table(INDIAN, ["8S", "7S", "7H", "", "", "", "", "", "", ""], rest="stock",
                 catalog=cat)
    assert_refused(game, "2>1", "7♠ cannot go onto 8♠: build down in any suit but its own")
    play(game, "3>1")
    assert game.state.cols[0][-1] == C("7H")


def test_a_run_lifted_in_other_suits_says_why_one_of_a_suit_is_not():
    rules = OTHER_SUIT_SPIDER
    assert rules.links(C("8S"), C("7H")) and not rules.links(C("8S"), C("7S"))
    assert rules.why_not_linked(C("8S"), C("7S")) == "8♠ 7♠ are of one suit"
    assert "no card is of the suit of the card under it" in rules.lift_text()


def test_a_foundation_and_a_complete_run_in_other_suits():
    group = FoundationGroup(count=1, suit="other-suit")
    assert group.takes(C("2H"), C("AS"), 1) and not group.takes(C("2S"), C("AS"), 1)
    assert group.needs(C("AS")) == "a 2 not of spades"
    assert "in another suit" in group.summary()
    run = [C(c) for c in "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS".split()]
    assert OTHER_SUIT_SPIDER.is_complete(run)
    assert not OTHER_SUIT_SPIDER.is_complete(run[:1] + [C("QS")] + run[2:])


def test_the_fast_board_reads_the_rule_from_the_engines_own_tables():
    rules = OTHER_SUIT_SPIDER
    assert rules.simple  # columns alone, played as Spider is: the AI's fast path
    comp, t = compiled(rules), tables_for(rules)
    cards = range(NUM_CARDS)
    assert all(t.accept[m][o] == comp.accept[m][o] and t.link[m][o] == comp.link[m][o]
               for m in cards for o in cards)


@pytest.mark.parametrize("deal", [1, 2])
def test_the_fast_boards_moves_are_the_engines_through_random_play(deal):
    rules = OTHER_SUIT_SPIDER
    game = Game.new(rules, deal=deal, catalog=catalog_with(rules))
    rnd = random.Random(deal)
    for _ in range(150):
        board = Board.from_game(game, peek=True)
        engine = sorted(m.pack(rules) for m in game.legal_moves() if not m.is_deal)
        assert sorted(board.moves()) == engine
        options = game.legal_moves()
        if not options:
            break
        game.play(rnd.choice(options))
    assert len(game.history) > 20


def test_the_solvers_line_on_the_fast_path_replays_through_the_engine():
    rules = OTHER_SUIT_SPIDER
    game = Game.new(rules, deal=3, catalog=catalog_with(rules))
    result = solve(game, node_budget=3000)
    assert result.problem == ""  # a line the engine refused would be said here
    for move in result.moves:
        game.play(move)
    assert result.status != "won" or game.status == "won"


def test_a_general_table_plays_it_too():
    # Indian has foundations and a waste: the engine's own table, for play and for the AI.
    assert not INDIAN.simple
    game = Game.new(INDIAN, deal=9, catalog=catalog_with(INDIAN))
    rnd = random.Random(9)
    onto_cards = 0
    for _ in range(60):
        st = game.state
        for s, k, d in st.moves():
            if 0 <= d < INDIAN.columns and st.piles[d]:
                assert SUIT[st.piles[s][-k]] != SUIT[st.piles[d][-1]]
                onto_cards += 1
        options = game.legal_moves()
        if not options:
            break
        game.play(rnd.choice(options))
    assert onto_cards


def test_a_plugin_may_name_it_as_a_phrase_too():
    rules = RuleSet(id="py-other", name="Py", deck=(0, 1, 2, 3), layout=((0, 1),) * 4,
                    place="other-suit", lift="single")
    assert rules.accepts(C("6D"), C("7C")) and not rules.accepts(C("6D"), C("7D"))
