"""The biggest table a variant file may ask for plays, writes a position every command reads
back, and draws (issue 29, item 7); one beyond it is refused with its key named."""

from __future__ import annotations

import pytest
from biggest_table import BIGGEST, biggest_catalog

from spider_tui.engine import Game, RuleSet, VariantError
from spider_tui.engine.build import FoundationGroup
from spider_tui.engine.schema import MAX_CELLS, MAX_COLUMNS, MAX_FOUNDATIONS, MAX_RESERVES
from spider_tui.engine.tomltext import MAX_BYTES


def test_the_biggest_table_plays_and_reads_back():
    cat = biggest_catalog()
    game = Game.new("biggest", 2**63 - 1, catalog=cat)
    assert len(game.rules.pile_kinds) == MAX_COLUMNS + MAX_CELLS + MAX_RESERVES + MAX_FOUNDATIONS + 1
    assert len(set(game.rules.pile_codes)) == len(game.rules.pile_kinds)
    for _ in range(30):
        moves = game.legal_moves()
        game.play(moves[len(game.history) % len(moves)] if moves else "d")
        text = game.to_position()
        assert len(text.encode()) < MAX_BYTES // 4
        assert Game.from_position(text, catalog=cat).to_position() == text
    record = game.to_record()
    assert Game.from_record(record, catalog=cat).to_position() == game.to_position()


def test_more_foundations_than_a_game_can_use_are_refused():
    data = dict(BIGGEST, foundations=[{"count": 64}] * 16)  # the 1024
    with pytest.raises(VariantError, match=r"foundations: 1024 foundations in all: at most 64"):
        RuleSet.from_dict(data, source="huge.toml")
    data = dict(BIGGEST, foundations=[{"count": 33}, {"count": 32}])
    with pytest.raises(VariantError, match="65 foundations in all"):
        RuleSet.from_dict(data, source="huge.toml")


def test_a_rule_set_made_in_python_has_as_many_foundations_at_most():
    from spider_tui.engine.vetting import check_rules

    base = RuleSet.from_dict(BIGGEST, source="biggest.toml")
    groups = (FoundationGroup(64, 1, True, "same-suit"),) * 16
    with pytest.raises(VariantError, match="foundation_groups"):
        check_rules(base.with_changes(foundation_groups=groups))
