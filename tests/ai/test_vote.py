"""The endgame vote (issue 31 item 6): once the only cards a player cannot see lie face down,
the hint lets the solver choose between steps in worlds drawn from them. It reads no hidden
card, says in how many worlds its step wins, overrules the search's hint only for a step that
wins more often, keeps to the node budget, and wins a game the hint alone lost."""

from __future__ import annotations

import re

from ai_positions import VOTE_DEAL, VOTE_MOVES, play_within_the_advance

from spider_tui.ai import general
from spider_tui.ai.bot import Autoplayer
from spider_tui.ai.hint import hints
from spider_tui.ai.vote import VOTE_WORLDS, applies, vote
from spider_tui.engine import DEAL_MOVE, Game, Move
from spider_tui.engine.state import State

BUDGET = 1000
#: What the hint adds to a voted step's reason.
WORDS = re.compile(r"\(the solver wins from there in (\d+) of (\d+) ways the face-down cards "
                   r"could lie\)$")


def _endgame() -> Game:
    g = Game.new("spider-1suit", deal=VOTE_DEAL)
    for m in VOTE_MOVES.split():
        g.play(Move.parse(m))
    return g


def _face_down(state: State) -> int:
    return len(general.hidden_places(state)[0])


def test_the_vote_applies_once_only_face_down_cards_are_unseen():
    fresh = Game.new("spider-1suit", deal=VOTE_DEAL)
    assert not applies(fresh.state)  # the stock is unseen
    dealt = Game.new("spider-1suit", deal=VOTE_DEAL)
    while dealt.state.stock_left:
        dealt.play(DEAL_MOVE)
    assert applies(dealt.state)
    assert applies(_endgame().state)
    assert not applies(Game.new("simple-simon", deal=1).state)  # nothing is hidden


def test_a_step_goes_to_the_first_card_turned_over_and_wins_where_the_vote_says():
    g = _endgame()
    found, spent = vote(g.state, nodes=20_000)
    assert found is not None and 0 < spent == found.nodes <= 20_000
    assert found.worlds == VOTE_WORLDS and 1 <= found.won <= VOTE_WORLDS
    # Played on the real table, the step is legal, and only its last move turns a card over.
    state = g.state.copy()
    down = _face_down(state)
    for m in found.line[:-1]:
        state.apply(m)
        assert _face_down(state) == down
    state.apply(found.line[-1])
    assert _face_down(state) < down
    # The step chosen wins most often, and among those is the first tried.
    best = max(won for _, won in found.tally)
    assert found.won == best
    assert next(step for step, won in found.tally if won == best) == found.line


def test_the_vote_never_reads_a_face_down_card():
    g = _endgame()
    other = general.worlds(g.state, 1, b"another")[0]  # the same view, other cards face down
    assert other.piles != g.state.piles
    found = vote(g.state, nodes=10_000)
    assert found[0] is not None
    assert vote(other, nodes=10_000) == found


def test_the_hints_step_stands_unless_another_wins_more_often():
    g = _endgame()
    lines = [h.line for h in hints(g, budget_ms=10**9, max_nodes=BUDGET) if h.line]
    assert len(lines) > 1
    for line in lines:
        found, _ = vote(g.state, nodes=20_000, steps=[line])
        assert found is not None
        mine, won = found.tally[0]  # the hint's line, to its first card turned over
        assert mine == line[:len(mine)]
        assert found.line == mine or found.won > won


def test_the_hint_names_the_vote_and_its_worlds():
    g = _endgame()
    first = Autoplayer(node_budget=BUDGET).hints(g)[0]
    found = WORDS.search(first.reason)
    assert found is not None, first.reason
    won, worlds = map(int, found.groups())
    assert worlds == VOTE_WORLDS and 1 <= won <= worlds
    assert g.is_legal(first.move) and first.line[0] == first.move.pack(g.rules)


def test_from_the_last_row_the_bot_wins_the_game_the_hint_alone_lost_within_its_budget():
    g = _endgame()
    play_within_the_advance(g, Autoplayer(node_budget=BUDGET), BUDGET, 300)
    assert g.status == "won"
