"""Properties that hold for every variant and house rule, checked through random legal play."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider_tui.engine import FOUNDATION, Game
from spider_tui.engine.deal import layout

VARIANTS = ["spider-1suit", "spider-2suit", "spider-4suit", "spiderette", "will-o-the-wisp",
            "black-widow", "tarantula", "big-spider", "scorpion"]
HOUSE_RULES = ["relaxed-deal", "open", "manual-removal"]

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw) -> Game:
    from spider_tui.plugins.manager import get_manager

    catalog = get_manager().catalog
    variant = draw(st.sampled_from(VARIANTS))
    rules = catalog.variant(variant)
    usable = [h for h in HOUSE_RULES if catalog.house_rule(h).applies_to(rules)]
    chosen = draw(st.lists(st.sampled_from(usable), unique=True)) if usable else []
    deal = draw(st.integers(min_value=0, max_value=2**40))
    return Game.new(variant, deal=deal, house_rules=chosen)


@st.composite
def near_complete_games(draw) -> Game:
    """Random tables built from King-to-Ace runs cut into pieces, so that random play removes
    runs often (and undoes removals, flips under them, deals that complete runs)."""
    import random

    from spider_tui.engine import State
    from spider_tui.plugins.manager import get_manager

    catalog = get_manager().catalog
    variant = draw(st.sampled_from(["spider-1suit", "spider-2suit", "spiderette", "scorpion"]))
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
    return Game(rules, State(rules, cols, down, stock), scoring=catalog.scheme("classic"))


def cards_everywhere(game: Game) -> Counter:
    st_ = game.state
    have: Counter = Counter(st_.undealt())
    for col in st_.cols:
        have.update(col)
    for suit in st_.done:
        have.update(suit * 13 + r for r in range(13))
    return have


def play_randomly(game: Game, data, steps: int) -> list[str]:
    positions = [game.to_position()]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
        positions.append(game.to_position())
    return positions


@SETTINGS
@given(st.one_of(games(), near_complete_games()), st.data())
def test_no_card_is_lost_or_duplicated(game, data):
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
                out.add((s, 13, FOUNDATION))
    return out


@SETTINGS
@given(st.one_of(games(), near_complete_games()), st.data())
def test_move_generation_matches_the_rules_read_plainly(game, data):
    for _ in range(50):
        moves = game.state.moves()
        assert len(moves) == len(set(moves))
        assert set(moves) == reference_moves(game.state)
        legal = game.legal_moves()
        if not legal:
            break
        game.play(data.draw(st.sampled_from(legal)))


@SETTINGS
@given(st.one_of(games(), near_complete_games()), st.data())
def test_status_is_stuck_exactly_when_nothing_is_legal(game, data):
    for _ in range(80):
        moves = game.legal_moves()
        if game.status == "won":
            assert moves == []
            break
        assert (game.status == "stuck") == (moves == [])
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))


@SETTINGS
@given(st.one_of(games(), near_complete_games()), st.data())
def test_undo_restores_the_exact_position_and_redo_replays(game, data):
    positions = play_randomly(game, data, data.draw(st.integers(1, 40)))
    played = len(positions) - 1
    for expected in reversed(positions[:-1]):
        game.undo()
        assert game.to_position() == expected
        assert game.state.rs == [game.state._run_start(i) for i in range(len(game.state.cols))]
        # undo hands back the legal moves known before the move: they must be the true ones
        assert game.legal_moves() == Game(game.rules, game.state.copy()).legal_moves()
    assert not game.can_undo()
    for expected in positions[1:]:
        game.redo()
        assert game.to_position() == expected
    assert game.actions == 3 * played


@SETTINGS
@given(games(), st.data())
def test_position_text_round_trips(game, data):
    play_randomly(game, data, data.draw(st.integers(0, 30)))
    text = game.to_position()
    again = Game.from_position(text)
    assert again.to_position() == text
    assert again.rules == game.rules
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert again.status == game.status


@SETTINGS
@given(games(), st.data())
def test_game_record_round_trips_with_undo_and_redo(game, data):
    play_randomly(game, data, data.draw(st.integers(0, 30)))
    for _ in range(data.draw(st.integers(0, 5))):
        if game.can_undo():
            game.undo()
    game.elapsed = 12.5
    record = game.to_record()
    again = Game.from_record(record)
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
    a = Game.new(variant, deal=deal)
    b = Game.new(variant, deal=deal)
    assert a.to_position() == b.to_position()
    cols, down, stock = layout(a.rules, deal)
    assert sorted(sum(cols, []) + stock) == sorted(a.rules.deck_cards())


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

    text = Game.new(data.draw(st.sampled_from(VARIANTS)), deal=5).to_position()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        j = data.draw(st.integers(i, min(len(text), i + 8)))
        text = text[:i] + data.draw(st.sampled_from(["", '"', "]", "KS", "1", "\n", "x", "="])) \
            + text[j:]
    try:
        Game.from_position(text)
    except SpiderError as e:
        assert str(e)
