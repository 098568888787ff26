"""Properties that hold for every variant and house rule, checked through random legal play.

Every shipped variant is checked (the ids come from the catalog), each with a few examples of its
own, so that a run covers the whole family in reasonable time; so are the example files of
examples/variants/ (foundations dealt cards at the start, unlimited redeals, building in any suit
but a card's own) and a Spider built that way (tests/example_variants.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from example_variants import examples_catalog
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider_tui.engine import RUNS, Game, RuleSet
from spider_tui.engine.deal import table as deal_table
from spider_tui.engine.piles import COLUMN, FOUNDATION_KIND

#: The shipped catalog with the example files' variants: every game here is played from it.
CATALOG = examples_catalog()
#: Every variant the catalog has: the shipped ones, the example Scorpion plugin and the example
#: variant files.
VARIANTS = sorted(CATALOG.variants)
HOUSE_RULES = ["relaxed-deal", "open", "manual-removal"]
#: Variants also tried on tables cut from complete runs (see near_complete_games).
NEAR_COMPLETE = ["spider-1suit", "spider-2suit", "spiderette", "scorpion", "wasp", "spider-web",
                 "trapdoor-spider", "york"]

#: Per variant: a few examples each, so that the whole family runs in a few seconds a test.
SETTINGS = settings(max_examples=3, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def games(variant: str) -> st.SearchStrategy[Game]:
    """A random deal of ``variant`` with random house rules, or (for some variants) a table cut
    from complete runs."""
    if variant in NEAR_COMPLETE:
        return st.one_of(dealt_games(variant), near_complete_games(variant))
    return dealt_games(variant)


@st.composite
def dealt_games(draw, variant: str) -> Game:
    catalog = CATALOG
    rules = catalog.variant(variant)
    usable = [h for h in HOUSE_RULES if catalog.house_rule(h).applies_to(rules)]
    chosen = draw(st.lists(st.sampled_from(usable), unique=True)) if usable else []
    deal = draw(st.integers(min_value=0, max_value=2**40))
    return Game.new(variant, deal=deal, house_rules=chosen, catalog=catalog)


@st.composite
def near_complete_games(draw, variant: str) -> Game:
    """Random tables built from King-to-Ace runs cut into pieces, so that random play removes
    runs often (and undoes removals, flips under them, deals that complete runs)."""
    import random

    from spider_tui.engine import State

    catalog = CATALOG
    extra = draw(st.lists(st.sampled_from(["manual-removal", "relaxed-deal"]), unique=True))
    rules = catalog.rules(variant, [h for h in extra
                                    if catalog.house_rule(h).applies_to(catalog.variant(variant))])
    rng = random.Random(draw(st.integers(0, 2**32)))
    pieces = []
    for suit in rules.deck:  # each run cut once: its upper and lower part lie somewhere
        run = [suit * 13 + r for r in range(12, -1, -1)]
        cut = rng.randint(1, 12)
        pieces += [run[:cut], run[cut:]]
    rng.shuffle(pieces)
    stock: list[int] = []
    while len(stock) < rules.cards_per_deal and rng.random() < 0.7:
        stock += pieces.pop()
    ncols = rules.columns
    cols: list[list[int]] = [[] for _ in range(ncols)]
    for i, piece in enumerate(pieces):
        cols[i % ncols] += piece
    down = [rng.randint(0, max(0, len(c) - 1)) // 2 for c in cols]
    return Game(rules, State(rules, cols, down, stock), scoring=catalog.scheme("classic"),
                catalog=catalog)


def cards_everywhere(game: Game) -> Counter:
    """Every card of the game, wherever it is: every pile, the stock, the runs removed."""
    return Counter(game.state.all_cards())


def play_randomly(game: Game, data, steps: int) -> list[str]:
    positions = [game.to_position()]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
        positions.append(game.to_position())
    return positions


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_no_card_is_lost_or_duplicated(variant, data):
    game = data.draw(games(variant))
    deck = Counter(game.rules.deck_cards())
    for _ in range(60):
        moves = game.legal_moves()
        if not moves:
            break
        if game.history and data.draw(st.integers(0, 5)) == 0:
            game.undo()
        else:
            game.play(data.draw(st.sampled_from(moves)))
        assert cards_everywhere(game) == deck
        st_ = game.state
        for i, col in enumerate(st_.cols):
            # a column with cards always shows its last card; runs of the table are consistent
            assert 0 <= st_.down[i] < len(col) or (not col and st_.down[i] == 0)
            assert st_.rs[i] == st_._run_start(i)


def reference_moves(state) -> set[tuple[int, int, int]]:
    """Legal card moves worked out the slow, obvious way from the rule set's methods."""
    if state.comp.simple:
        return _reference_columns(state)
    return _reference_piles(state)


def _reference_columns(state) -> set[tuple[int, int, int]]:
    """A table of columns alone: every liftable run (:meth:`RuleSet.links`) onto every column
    that :meth:`RuleSet.accepts` it (or :meth:`RuleSet.accepts_in_empty`)."""
    rules = state.rules
    out = set()
    for s, col in enumerate(state.cols):
        face_up = col[state.down[s]:]
        for k in range(1, len(face_up) + 1):
            run = face_up[-k:]
            if not all(rules.links(run[i], run[i + 1]) for i in range(k - 1)):
                break
            for d, target in enumerate(state.cols):
                if d == s:
                    continue
                if (rules.accepts_in_empty(run[0]) if not target
                        else rules.accepts(run[0], target[-1])):
                    out.add((s, k, d))
            if not rules.auto_remove and k == 13 and rules.is_complete(run):
                out.add((s, 13, RUNS))
    return out


def _reference_piles(state) -> set[tuple[int, int, int]]:
    """Any table: every run each pile can lift (:meth:`RuleSet.links`, one lifting phrase
    covering it all; one card from a pile that is not a column) tried onto every other pile,
    asking :meth:`RuleSet.move_refusal`. The engine lists a move into one of several empty free
    cells, or empty foundations that take the card alike, once (the first), unless a plugin's
    own ``move_refusal`` may tell them apart."""
    rules = state.rules
    view = state.view()
    kinds = rules.pile_kinds
    alts = state.comp.link_alts
    dedupe = type(rules).move_refusal is RuleSet.move_refusal
    views = [state.pile_view(d) for d in range(len(state.piles))]
    out = set()
    for s, pile in enumerate(state.piles):
        face_up = pile[state.down[s]:]
        if kinds[s] == COLUMN:
            most = len(face_up)
        elif kinds[s] == FOUNDATION_KIND:
            found = state.comp.found[s - kinds.index(FOUNDATION_KIND)]
            most = min(1, len(pile)) if found.take_back else 0
        else:
            most = min(1, len(pile))
        for k in range(1, most + 1):
            run = face_up[-k:]
            pairs = list(zip(run, run[1:]))
            if alts is not None:
                if not any(all(link[a][b] for a, b in pairs) for link in alts):
                    break
            elif not all(rules.links(a, b) for a, b in pairs):
                break
            first_cell = first_empty_found = None
            for d in range(len(state.piles)):
                if d == s or rules.move_refusal(view, views[s], tuple(run), views[d]) is not None:
                    continue
                if dedupe and kinds[d] != COLUMN:
                    if kinds[d] != FOUNDATION_KIND:
                        if first_cell is not None:
                            continue
                        first_cell = d
                    elif not state.piles[d]:
                        if first_empty_found is not None:
                            continue
                        first_empty_found = d
                out.add((s, k, d))
        if kinds[s] == COLUMN and rules.runs_leave and not rules.auto_remove:
            for n in rules.run_lengths:
                run = face_up[-n:]
                if len(run) == n and all(rules.links(a, b) for a, b in zip(run, run[1:])) \
                        and rules.move_refusal(view, views[s], tuple(run), None) is None:
                    out.add((s, n, RUNS))
                    break
    return out


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_move_generation_matches_the_rules_read_plainly(variant, data):
    game = data.draw(games(variant))
    for _ in range(30):
        moves = game.state.moves()
        assert len(moves) == len(set(moves))
        assert set(moves) == reference_moves(game.state)
        legal = game.legal_moves()
        if not legal:
            break
        game.play(data.draw(st.sampled_from(legal)))


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_status_is_stuck_exactly_when_nothing_is_legal(variant, data):
    game = data.draw(games(variant))
    for _ in range(80):
        moves = game.legal_moves()
        if game.status == "won":
            assert moves == []
            break
        assert (game.status == "stuck") == (moves == [])
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_undo_restores_the_exact_position_and_redo_replays(variant, data):
    game = data.draw(games(variant))
    positions = play_randomly(game, data, data.draw(st.integers(1, 40)))
    played = len(positions) - 1
    for expected in reversed(positions[:-1]):
        game.undo()
        assert game.to_position() == expected
        assert game.state.rs == [game.state._run_start(i) for i in range(len(game.state.piles))]
        # undo hands back the legal moves known before the move: they must be the true ones
        assert game.legal_moves() == Game(game.rules, game.state.copy()).legal_moves()
    assert not game.can_undo()
    for expected in positions[1:]:
        game.redo()
        assert game.to_position() == expected
    assert game.actions == 3 * played


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_position_text_round_trips(variant, data):
    game = data.draw(dealt_games(variant))
    play_randomly(game, data, data.draw(st.integers(0, 30)))
    text = game.to_position()
    again = Game.from_position(text, catalog=CATALOG)
    assert again.to_position() == text
    assert again.rules == game.rules
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert again.status == game.status


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_game_record_round_trips_with_undo_and_redo(variant, data):
    game = data.draw(dealt_games(variant))
    play_randomly(game, data, data.draw(st.integers(0, 30)))
    for _ in range(data.draw(st.integers(0, 5))):
        if game.can_undo():
            game.undo()
    game.elapsed = 12.5
    record = game.to_record()
    again = Game.from_record(record, catalog=CATALOG)
    assert again.to_record() == record
    assert again.to_position() == game.to_position()
    assert (again.actions, again.undos, again.score) == (game.actions, game.undos, game.score)
    while game.can_redo():
        game.redo()
        again.redo()
        assert again.to_position() == game.to_position()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(min_value=0, max_value=2**63 - 1))
def test_deals_are_deterministic(variant, deal):
    a = Game.new(variant, deal=deal, catalog=CATALOG)
    b = Game.new(variant, deal=deal, catalog=CATALOG)
    assert a.to_position() == b.to_position()
    t = deal_table(a.rules, deal)
    assert sorted(sum(t.cols, []) + sum(t.extra, []) + t.stock) == sorted(a.rules.deck_cards())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12))
def test_any_text_is_a_move_or_an_illegal_move(text):
    from spider_tui.engine import IllegalMove

    game = Game.new("spider-2suit", deal=11)
    try:
        game.play(text)
    except IllegalMove as e:
        assert str(e) and "\n" not in str(e)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_damaged_position_file_is_read_or_refused_with_a_reason(data):
    from spider_tui.engine import SpiderError

    text = Game.new(data.draw(st.sampled_from(VARIANTS)), deal=5, catalog=CATALOG).to_position()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        j = data.draw(st.integers(i, min(len(text), i + 8)))
        text = text[:i] + data.draw(st.sampled_from(["", '"', "]", "KS", "1", "\n", "x", "="])) \
            + text[j:]
    try:
        Game.from_position(text, catalog=CATALOG)
    except SpiderError as e:
        assert str(e)
