"""The scoring schemes of docs/spec.md section 3, checked against the seeds' own worked figures on real
games (positions that are played to the win)."""

from __future__ import annotations

import pytest

from spider_tui.engine import Game, GameView

RUN = ["K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A"]


def cards(ranks: list[str], suit: str) -> str:
    return ", ".join(f'"{r}{suit}"' for r in ranks)


def spread_win(variant: str, suits: str) -> tuple[str, list[str]]:
    """A position that turns all 44 face-down cards over and wins in 52 moves, and the moves.

    Columns 1-4 hold a run each, Ace at the bottom, Jack to Ace face down, the Queen and a
    stray Ace face up. Columns 5-8 hold the matching King, under a King-to-Two of another run
    that the stray Ace completes. Sending the Ace, then each uncovered card, onto column 4+i
    turns over eleven cards per column and finishes two runs."""
    chain = [suits[i % len(suits)] for i in range(4)]
    other = [suits[(i + 1) % len(suits)] if len(suits) == 2 else suits[i % len(suits)]
             for i in range(4)]
    cols = []
    for i in range(4):
        cols.append(f'{{ down = [{cards(RUN[12:1:-1], chain[i])}], '
                    f'up = ["Q{chain[i]}", "A{other[i]}"] }}')
    for i in range(4):
        cols.append(f'{{ up = ["K{chain[i]}", {cards(RUN[:12], other[i])}] }}')
    cols += ["{}", "{}"]
    text = (f'format = "spider-position/1"\nvariant = "{variant}"\nstock = []\n'
            "columns = [\n  " + ",\n  ".join(cols) + ",\n]\n")
    moves = [f"{i + 1}>{i + 5}" for i in range(4) for _ in range(13)]
    return text, moves


def play_all(game: Game, moves: list[str]) -> Game:
    for m in moves:
        game.play(m)
    return game


@pytest.mark.parametrize("variant, suits, maximum", [
    ("spider-1suit", "S", 28_450), ("spider-2suit", "SH", 31_050), ("spider-4suit", "SHDC", 33_650),
])
def test_solitaire_city_theoretical_maximum_at_zero_seconds(variant, suits, maximum):
    text, moves = spread_win(variant, suits)
    g = play_all(Game.from_position(text, scoring="solitaire-city"), moves)
    assert g.status == "won" and g.flips == 44 and g.runs_removed == 8 and g.undos == 0
    assert g.score == maximum


@pytest.mark.parametrize("variant, suits, expected", [
    ("spider-1suit", "S", 17_425), ("spider-2suit", "SH", 20_025), ("spider-4suit", "SHDC", 22_625),
])
def test_solitaire_city_after_seven_minutes(variant, suits, expected):
    text, moves = spread_win(variant, suits)
    g = play_all(Game.from_position(text, scoring="solitaire-city"), moves)
    g.elapsed = 420
    assert g.score == expected


def test_solitaire_city_during_play_and_undo():
    text, moves = spread_win("spider-4suit", "SHDC")
    g = Game.from_position(text, scoring="solitaire-city")
    g.play(moves[0])  # the stray Ace finishes a run: +1040
    assert g.score == 1040
    g.play(moves[1])  # the Queen moves and the Jack turns over: +150
    assert g.score == 1040 + 150
    g.elapsed = 30
    assert g.score == 1040 + 150 - 30
    g.undo()  # the flip is taken back, and the undo costs 100
    assert g.score == 1040 - 30 - 100
    g.undo()
    assert g.score == -30 - 200
    g.redo()
    assert g.score == 1040 - 30 - 200


def classic_195_moves() -> tuple[str, list[str]]:
    """One suit: columns 1-8 hold King-to-Two, columns 9 and 10 four Aces each. Two Aces
    finish runs 1 and 2; the third wanders between the two emptied columns 186 times before
    finishing run 3; five more Aces finish the rest: 195 moves."""
    k_to_2 = cards(RUN[:12], "S")
    cols = [f"{{ up = [{k_to_2}] }}"] * 8 + ['{ up = ["AS", "AS", "AS", "AS"] }'] * 2
    text = ('format = "spider-position/1"\nvariant = "spider-1suit"\nstock = []\n'
            "columns = [\n  " + ",\n  ".join(cols) + ",\n]\n")
    moves = ["9>1", "9>2", "9>1"] + ["1>2", "2>1"] * 93 + ["1>3", "9>4"]
    moves += ["10>5", "10>6", "10>7", "10>8"]
    return text, moves


def test_classic_a_195_move_win_ends_on_1105():
    text, moves = classic_195_moves()
    assert len(moves) == 195
    g = Game.from_position(text, scoring="classic")
    assert g.score == 500
    play_all(g, moves)
    assert g.status == "won" and g.actions == 195
    assert g.score == 1_105


def test_classic_a_move_and_its_undo_cost_two():
    g = Game.new("spider-2suit", deal=42, scoring="classic")
    g.play(g.legal_moves()[0])
    assert g.score == 499
    g.undo()
    assert g.score == 498
    g.redo()
    assert g.score == 497  # a redo is a move again


def test_classic_deals_count_and_the_score_never_goes_below_zero():
    g = Game.new("spider-1suit", deal=3, scoring="classic")
    g.play("d")
    assert g.score == 499
    for _ in range(300):
        g.undo()
        g.redo()
    assert g.actions == 601 and g.score == 0


def test_the_variants_default_scheme_is_classic():
    g = Game.new("spider-4suit", deal=1)
    assert g.scoring.id == "classic" and g.score == 500


BUILT = """
format = "spider-position/1"
variant = "spider-2suit"
completed = ["S", "H", "H"]
stock = []
columns = [
  { up = ["KS", "QS", "JS"] },
  { down = ["KH"], up = ["QH", "JH"] },
  { up = ["KH", "QS", "JS"] },
  { up = ["9S", "KS", "QS", "JS", "TS", "9S"] },
  { up = ["5H"] }, { up = ["6H"] }, { up = ["7H"] }, { up = ["8H"] }, { up = ["9H"] },
  { up = ["TH"] },
]
"""


def test_built_counts_cards_in_suited_runs_down_from_a_king(table):
    g = table(BUILT.replace(', "9S"] }', '] }', 1), filler=10, scoring="built")
    # K♠ Q♠ J♠ = 3; Q♥ J♥ has no King (the K♥ is face down) = 0; K♥ alone = 1 (its run breaks
    # at Q♠); K♠ Q♠ J♠ 10♠ inside column 4 = 4; 13 for each of the three removed runs.
    assert g.score == 3 + 0 + 1 + 4 + 3 * 13


def test_built_gives_thirteen_per_removed_run_and_104_for_a_win():
    text, moves = spread_win("spider-4suit", "SHDC")
    g = Game.from_position(text, scoring="built")
    g.play(moves[0])
    assert g.runs_removed == 1
    # 13 for the run; 1 for each King of columns 5-8 (the King on it starts a new run), and
    # 12 for each King-to-Two still in columns 6-8.
    assert g.score == 13 + 4 * 1 + 3 * 12
    play_all(g, moves[1:])
    assert g.status == "won" and g.score == 104


def test_none_is_always_zero():
    text, moves = spread_win("spider-1suit", "S")
    g = Game.from_position(text, scoring="none")
    assert g.score == 0
    play_all(g, moves)
    assert g.status == "won" and g.score == 0


def test_every_scheme_is_registered(catalog):
    assert {"classic", "solitaire-city", "built", "none"} <= set(catalog.scoring)
    for scheme in catalog.scoring.values():
        assert scheme.name and isinstance(scheme.score(GameView(Game.new("spider-1suit", deal=1))), int)
