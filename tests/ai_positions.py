"""Positions the AI's tests share."""

from spider_tui.ai.perfect import SOLVE_CREDIT
from spider_tui.engine import Game

#: Issue 31's position: Spider (one suit) deal 5, seven runs home, every card face up.
FINISH_MOVES = (
    "7>8 1>8 7>8 9>8 10>8 5>8 9>8 10>8 5>8 5>9 6>2 10>4 10>1 d 6>5 8>6 9>6 7>6 10>7 8>5 5>10 "
    "8>9 7>9 5>9 2>9 4:1>10 7>10 7>6 3>5 8>3 8:1>7 d 9>8 6>8 7>8 4>8 3>7 8>3 10>8 d 4>3 1>3 "
    "d 3>8 9>3 10>2 10>3 7>3 4>3 6>7 d 5>7 2>1 2>3 2>9 3>6 6>8 8>10 8>2 7>8 8>10 4>8 4>10 "
    "5:1>10 5>3 5>2 5>4 1>4 9>2 9:1>5 4>9 4>8 4>9 9>2 9>2 2>4 6:1>9 6>4 6>1 6>3 4>8 6>7 3:4>6 "
    "3>5 3>2 3>5 2>5 2>6 5>6 1>6 1>3 1>7 1:2>4 2>9 1:1>5 1>7 2>9 1>3 2>5")

#: Spider (one suit) deal 26 played by a random player into a stuck game (47 moves). With every
#: card read, a win exists from every position up to the one after move 45 (the solver wins
#: each in about 1,100 positions); move 46 (a deal) loses it (proved: every position
#: searched), so the point of no return is move 45.
LOST_DEAL = 26
LOST_MOVES = (
    "6>4 9>7 2>1 7>10 10>7 5>1 5>7 d 2>6 1>5 4>7 4>8 6>8 1>2 6>4 8>5 1>10 7>5 6>8 5>6 6>5 8>4 "
    "5>1 7>2 2>7 1>6 1>5 6>5 1>7 5>4 9>6 d d 7>4 1>3 d 6>9 5>4 2>10 2>5 5>9 10>2 9>3 7>3 1>6 "
    "d 10>9")
LOST_AT = 45

#: Spider (one suit) deal 633 as the fair bot played it (16,000 positions a move): every card
#: face up, three rows in the stock, columns 7 and 9 empty, the last move (9>10) emptying
#: column 9. The one fill the hint found before undid that move.
FILL_DEAL = 633
FILL_MOVES = (
    "1>2 1>4 1>3 2>8 2>3 2>3 4>1 4>3 5>3 6>4 4>6 4>10 5>10 6>1 7>8 3>7 8>10 7>10 9>2 10>2 5>9 "
    "8>2 9>5 9>2 9>3 9>6 4>6 2>4 2>6 10>3 5:3>2 3>5 3:1>9 2>9 6>3 6:1>2 6>9 1:6>6 2>9 5>1 "
    "1:5>2 3>1 1>8 3:1>5 8>1 d 10>2 1>10 1>9 2>8 2>6 7>6 8>5 10:2>1 4>10 6:7>2 6>2 3:1>2 3>10 "
    "5:5>3 1>5 5>2 7:1>1 3>7 7:6>3 3>4 2>7 8:1>2 7>4 8:1>5 8:1>6 5>8 10:2>9 9:1>7 8:1>5 d 6>9 "
    "7>3 1>3 5:1>4 3>5 3>4 8:1>3 5>8 9:2>5 10>9 9>10")


#: Spider (one suit) deal 604 as the fair bot played it before the endgame vote (1,000
#: positions a move), up to its last row: the stock dealt out, 20 cards face down. From here
#: that bot lost (no hint after 12 more moves); the solver, reading every card, wins.
VOTE_DEAL = 604
VOTE_MOVES = (
    "1>5 2>8 9>7 5>9 7>2 7>6 8>6 1>8 1>5 1>8 8>4 8>1 9>7 4>8 d 1>6 1>3 8>9 2>4 2>9 10>5 10>4 "
    "9>5 5>3 d 2>6 2>1 2>3 3>7 3>4 4>8 8>9 9>2 9>5 2>4 d 2>4 2>1 8>6 2>6 8>4 1>8 3>8 5>4 7>3 "
    "6>7 6>4 10>4 4:9>2 4>7 4>3 5>9 d 2>1 1>4 3>1 3>1 5>1 6>2 2>8 7>5 7>1 8>5 10>3 10>7 9>10 "
    "5>3 3:3>2 5>4 d")


def replays_to_a_win(variant: str, deal: int, moves: list[str]) -> bool:
    """Do ``moves`` (move notation), played from the deal, win it?"""
    g = Game.new(variant, deal=deal)
    for m in moves:
        g.play(m)
    return g.status == "won"


def play_within_the_advance(game: Game, auto, budget: int, most: int,
                            each=lambda: None) -> int:
    """Play ``auto``'s moves (an :class:`~spider_tui.ai.hint.Adviser` with a node budget of
    ``budget`` a move) on ``game`` until it ends, ``auto`` has no move, or ``most`` answers,
    checking after each answer that the positions searched keep to the bound of
    :mod:`spider_tui.ai.perfect` (the budget per move, plus the advance) and calling ``each()``
    before each move is played; the number of answers."""
    answers = 0
    while game.status == "playing" and answers < most:
        move = auto.next_move(game)
        answers += 1
        assert auto.nodes <= (answers + SOLVE_CREDIT) * budget + budget // 4
        if move is None:
            break
        each()
        game.play(move)
    return answers
