"""Plugin code can neither freeze the game nor change it behind the engine (issue 29, items 4
and 5): a rule method, a hook or a scoring scheme that never returns is stopped at its deadline,
reported and switched off, the game kept; and what a plugin is shown (the table, the game, a
step) is a snapshot it cannot write to."""

from __future__ import annotations

import time

import pytest
from plugin_helpers import Plugin, liar, manager_with, variant_class, variant_plugin

from spider_tui.engine import Game, GameView, RuleFailure, deadline
from spider_tui.engine.piles import TableView
from spider_tui.engine.rules import RuleSet

SHORT = 0.3


@pytest.fixture(autouse=True)
def short_deadline(monkeypatch):
    monkeypatch.setattr(deadline, "PLUGIN_DEADLINE", SHORT)


def hangs_after_deal(kind: str):
    """A ``won()`` that never returns once a row has been dealt: sleeping, or looping."""
    def won(self, table):
        if table.stock_left < 50:
            if kind == "sleep":
                time.sleep(3600)
            while True:
                pass
        return False
    return won


@pytest.mark.parametrize("kind", ["sleep", "loop"])
def test_a_won_that_never_returns_is_stopped_reported_and_switched_off(kind):
    mgr = manager_with(variant_plugin(liar(variant_class(won=hangs_after_deal(kind)))))
    game = Game.new("liar", 3, catalog=mgr.catalog)
    t0 = time.monotonic()
    game.play("d")
    assert game.status == "playing"  # not known to be won: play goes on
    assert time.monotonic() - t0 < SHORT + 1.5
    assert "liar" not in mgr.catalog.variants  # no new game of it
    [problem] = mgr.problems
    assert "liars" in problem and f"won() did not answer within {SHORT:g} s" in problem
    # Asked no more: the game goes on at once, each answer it needs refused.
    t0 = time.monotonic()
    game._version += 1
    assert game.status == "playing"
    assert time.monotonic() - t0 < 0.1
    assert game.state.stock_left == 40 and len(game.history) == 1


def test_a_move_listing_is_one_answer_under_one_deadline():
    """The engine lists a table's moves by asking a plugin's move_refusal of every candidate,
    all under one deadline (a listing is one answer the game waits for): answers each quick
    enough alone but too slow together fail within it, name the method, and the method is
    asked no more; a listing of quick answers goes through."""
    asked = []

    def move_refusal(self, table, source, cards, target):
        asked.append(1)
        if table.stock_left < 50:
            time.sleep(SHORT / 10)
        return RuleSet.move_refusal(self, table, source, cards, target)

    mgr = manager_with(variant_plugin(liar(variant_class(move_refusal=move_refusal))))
    game = Game.new("liar", 3, catalog=mgr.catalog)
    assert game.state.moves()  # quick answers: listed
    game.play("d")
    asked.clear()
    t0 = time.monotonic()
    with pytest.raises(RuleFailure, match=f"move_refusal\\(\\) did not answer within {SHORT:g} s"):
        game.state.moves()
    assert time.monotonic() - t0 < SHORT + 1.5
    asked.clear()
    with pytest.raises(RuleFailure, match="not asked again"):
        game.state.moves()
    assert len(asked) == 0
    assert game.state.stock_left == 40  # the game is as it was


def test_a_plugin_that_catches_the_timeout_is_interrupted_again_then_given_up_on(monkeypatch):
    monkeypatch.setattr(deadline, "REPEAT", 0.05)
    gave_up = []

    def won(self, table):
        if table.stock_left < 50:
            for _ in range(50):
                try:
                    time.sleep(3600)
                except BaseException:  # noqa: BLE001 - a plugin that will not stop
                    if gave_up:
                        raise
        return False

    mgr = manager_with(variant_plugin(liar(variant_class(won=won))))
    game = Game.new("liar", 3, catalog=mgr.catalog)
    deadline.on_give_up(lambda: gave_up.append(True))
    try:
        game.play("d")
        assert game.status == "playing"
    finally:
        deadline.on_give_up(None)
    assert gave_up  # the app quits there (its game saved after the last action)


def test_a_deal_plan_that_hangs_changes_nothing():
    def deal_plan(self, table):
        while table.stock_left < 50:
            pass
        return super(type(self), self).deal_plan(table)

    mgr = manager_with(variant_plugin(liar(variant_class(deal_plan=deal_plan))))
    game = Game.new("liar", 3, catalog=mgr.catalog)
    game.play("d")
    before = game.to_position()
    with pytest.raises(RuleFailure, match="deal_plan.. did not answer"):
        game.play("d")
    assert game.to_position() == before and len(game.history) == 1


def test_a_hook_and_a_scheme_that_hang_are_switched_off():
    def action_played(game, step, kind):
        time.sleep(3600)

    class Slow:
        id, name, description = "slow", "Slow", "never answers"

        def score(self, game):
            while True:
                pass

    mgr = manager_with(Plugin("sleepy", action_played=action_played,
                              register_scoring=lambda register: register(Slow())))
    game = Game.new("spider-1suit", 3, scoring="slow", catalog=mgr.catalog)
    t0 = time.monotonic()
    assert game.score == 500  # scored by classic from now on
    step = game.play("d")
    problems = mgr.notify("action_played", game=game, step=step, kind="deal")
    assert time.monotonic() - t0 < 2 * SHORT + 1.5
    assert len(problems) == 1 and "did not answer" in problems[0]
    assert game.scoring.id == "classic"
    assert mgr.notify("action_played", game=game, step=step, kind="deal") == []


def test_a_plugin_that_hangs_at_import_is_reported(tmp_path, monkeypatch):
    from spider_tui.plugins.manager import PluginManager

    monkeypatch.setattr("spider_tui.plugins.manager.LOAD_DEADLINE", SHORT)
    path = tmp_path / "stuck.py"
    path.write_text("import time\ntime.sleep(3600)\n", encoding="utf-8")
    mgr = PluginManager()
    mgr.load_python_folder_file(path)
    [info] = [p for p in mgr.plugins if p.name == "stuck"]
    assert any("did not answer" in e for e in info.errors)


# ---------------------------------------------------------------- read-only views


def test_a_rule_method_cannot_change_the_table_through_its_view():
    def won(self, table):
        assert not hasattr(table, "_state") and not hasattr(table, "__dict__")
        for name in ("stock_left", "rules", "_piles"):
            with pytest.raises(AttributeError):
                setattr(table, name, 0)
        col = table.columns[0]
        with pytest.raises(AttributeError):
            col.cards = ()
        with pytest.raises(TypeError):
            col.cards[0] = 1  # a tuple
        assert all(type(p) is tuple for p in table._piles)
        return False

    mgr = manager_with(variant_plugin(liar(variant_class(won=won))))
    game = Game.new("liar", 3, catalog=mgr.catalog)
    game.play("d")
    assert game.status == "playing" and mgr.problems == []


def test_a_play_hook_cannot_undo_or_change_the_game():
    def action_played(game, step, kind):
        assert isinstance(game, GameView) and not hasattr(game, "undo")
        with pytest.raises(AttributeError):
            game.actions = 0
        game._state.piles[0].clear()  # its own copy
        game._state.stock.clear()
        assert step.record == ()

    mgr = manager_with(Plugin("meddler", action_played=action_played))
    game = Game.new("spider-1suit", 3, catalog=mgr.catalog)
    before = game.to_position()
    step = game.play("d")
    after = game.to_position()
    assert mgr.notify("action_played", game=game, step=step, kind="deal") == []
    assert game.to_position() == after and game.actions == 1
    game.undo()
    assert game.to_position() == before


def test_the_table_view_is_a_snapshot():
    game = Game.new("spidercells", 5)
    view = TableView(game.state)
    first = game.legal_moves()[0]
    game.play(first)
    assert [p.cards for p in view] != [p.cards for p in TableView(game.state)]


def test_a_plugin_s_is_complete_asked_by_the_default_win_rule_gets_cards_of_its_own():
    """The default ``won`` reads the table live (no copy of it), but what it hands a plugin's
    ``is_complete`` is a pile's cards as a tuple of their own: nothing of the engine's."""
    given = []

    def is_complete(self, run):
        given.append(run)
        return RuleSet.is_complete(self, run)

    # Won with every column one complete run, and no stock: the default rule asks
    # is_complete of the columns after every move.
    mgr = manager_with(variant_plugin(liar(variant_class(is_complete=is_complete),
                                           base="simple-simon", win="columns")))
    game = Game.new("liar", 3, catalog=mgr.catalog)
    game.play(game.legal_moves()[0])
    assert given and all(type(run) is tuple for run in given)
    assert game.status == "playing" and mgr.problems == []


@pytest.mark.parametrize("variant", ["freds-spider", "spidercells", "scorpion", "spider-web"])
def test_the_cards_a_kind_of_pile_holds_are_counted_alike_on_either_view(variant):
    game = Game.new(variant, 2)
    for move in game.legal_moves()[:3]:
        if move in game.legal_moves():
            game.play(move)
    state = game.state
    for view in (TableView(state), TableView.live(state)):
        for kind in set(state.rules.pile_kinds):
            assert view.cards_of_kind(kind) == sum(
                len(p.cards) for p in view if p.kind == kind), (view, kind)
