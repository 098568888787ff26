"""The hint: the best moves now, ranked, each with a short reason a player can follow.

Fair by default: the search runs on the board a player sees (face-down and stock cards
unknown), so what it suggests cannot depend on them. ``peek=True`` searches the real cards, the
stock order included. The bot plays through this same code (:func:`plan`).

Tables the fast :class:`~spider_tui.ai.board.Board` does not serve
(:attr:`RuleSet.simple`) take the general path (:func:`_plan_general`): a search
on the engine's own table in a few *worlds*, each the table with the cards the player cannot see
dealt again at random (:func:`~spider_tui.ai.general.worlds`), every first move ranked by its
mean over the worlds; ``peek`` searches the real table instead.

The two searches answer alike (:class:`_Lines`: :class:`_FastLines`, :class:`_GeneralLines`),
and one function makes the hints of either answer (:func:`_ranked_hints`): what beats the best
table since the last progress, the deal, filling the empty columns for a row, digging; the
followed line first while it leads. Every reason is worded on the engine's table
(:func:`describe`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import islice

from ..engine.cards import SUIT, glyph
from ..engine.errors import IllegalMove, RuleFailure
from ..engine.game import PLAYING, Game
from ..engine.moves import DEAL_MOVE, Move
from ..engine.piles import CELL_KIND, COLUMN, FOUNDATION_KIND, RUNS, describe_pile
from ..engine.rules import RuleSet
from ..engine.state import DEAL, State, record_flips
from . import general
from .board import Board, forget
from .budget import BUDGET_MS
from .lines import without_loops
from .perfect import Solving
from .search import WIN, WIN_BONUS, BoardSpace, NodeBudget, Space, best_first, explore

#: A line must beat the table as it is by this much to count as progress.
EPS = 0.75
#: What the hint says when no move helps (no deal either): the way out is an undo.
NOTHING = "Nothing useful is left to do here: undo a few moves, or start a new deal"
#: How a hint that only prepares a deal begins its reason.
FILL = "fill the empty columns so that you can deal"
#: How a hint that turns a card over at some cost begins its reason.
DIG = "nothing better is left, so turn a card over"
#: Looking past the card a line turns over: the best lines (at most this many) are played in
#: worlds drawn from what the player cannot see, each world searched on from the line's end
#: (see ``FORGET``), and ranked by the mean of the best scores found there (pulled towards
#: the worst by ``RISK``), less ``LINE_COST`` per move of the line. ``SAMPLE_SHARE`` of the
#: budget goes to it. Measured with benchmarks/bot_bench.py on four-suit deals 1-200: 22 wins
#: without it (120 ms a move; 500 ms did no better), 29 with it (300 ms a move).
SAMPLE_LINES = 6
SAMPLE_WORLDS = 6
SAMPLE_SHARE = 0.75
LINE_COST = 2.0
#: How much a line's worst world weighs against the mean of its worlds when lines are ranked
#: in sampled worlds (the look-past and the deal preparation): a line is worth
#: ``(1 - RISK) * mean + RISK * worst``, so that of two lines that do as well on average, the
#: one that never leads into a blockade wins. By number of suits (0: any other). Measured
#: with benchmarks/bot_bench.py (300 ms a move, deals 1-200): two suits 110 wins with the
#: mean alone (seven runs of that play or of small changes to it gave 99-111); 125, 115
#: and 118 in three runs with 0.5; 121 and 117 in two runs with 1.0 (the worst alone).
RISK = {2: 0.5, 0: 0.0}
#: Whether a world's search goes on as a player would, knowing only what the line (and the
#: row dealt after it) turned face up, the world's other face-down and stock cards unknown
#: again (:func:`~spider_tui.ai.board.forget`). If not, it sees the whole world, and a line
#: is credited with what only a player who knows where every card lies could make of it.
#: By number of suits (0: any other). Measured with benchmarks/bot_bench.py (300 ms a move,
#: deals 1-200): two suits 128 and 133 wins forgetting, against 125, 115 and 118 seeing the
#: whole world; one suit 191, 189 and 192 forgetting, against 183-188 in five runs of the play
#: seeing (or of small changes to it). Four suits have not been run forgetting.
FORGET = {1: True, 2: True, 0: False}
#: When nothing improves the table and a row is to come: the lines (at most this many) to the
#: best tables with no empty column, and dealing at once, are each followed by a deal in the
#: sampled worlds and searched on from there; the best value (as in the look-past)
#: decides how the table is left for the row. Measured with benchmarks/bot_bench.py (300 ms a
#: move, deals 1-200): four suits 29 wins before, 37 with it; two suits 99 and 101; one suit
#: 167 and 172 (the one- and two-suit figures before it also predate the starved-table check).
PREPARE_LINES = 5
#: How a hint that arranges the table just before a deal begins its reason.
PREPARE = "arrange the table for the next row"
#: The hints the endgame vote (:mod:`.vote`) tries besides the steps its worlds propose, and
#: prefers (in their order) to a step that wins no more often.
VOTE_HINTS = 3
#: The general path's fair hint: how many worlds it searches (each gets an equal share of
#: the budget).
GENERAL_WORLDS = 4


@dataclass(frozen=True)
class Hint:
    """A suggested move (legal now, as found in ``game.legal_moves()``) and why."""

    move: Move
    reason: str
    #: The search's score for where the move leads (higher is better); for ranking only.
    score: float = 0.0
    #: The whole line the search found, as engine move tuples (the move is its first).
    line: tuple = ()
    #: The line is the solver's, and wins (nothing is hidden: :mod:`.perfect`).
    wins: bool = False


def hints(game: Game, *, budget_ms: int = 120, peek: bool = False,
          avoid: Iterable[Move] | None = None, max_nodes: int | None = None) -> list[Hint]:
    """Ranked hints, best first; ``[]`` when nothing useful is left (undo may help).

    ``budget_ms`` bounds the search time; ``max_nodes`` (when given) bounds it by positions
    expanded instead, which makes the answer independent of the machine's speed. Moves in
    ``avoid`` are skipped, and so is every move back into a position the game has been in.
    It remembers nothing: to follow a line it promised, ask an :class:`Adviser`.
    """
    return plan(game, budget_ms=budget_ms, peek=peek, avoid=avoid, max_nodes=max_nodes)


class Adviser:
    """The hint for one game as a player (or the bot, or the demo) follows it, move after move.

    Each answer is :func:`plan`'s, never leading back into a position of the game's line of
    play (:func:`game_positions`), and with a memory of the hints it gave: when the move
    played next is one of them, the rest of that hint's line comes first again (unless a new
    search finds a line clearly better), and a line that readied the table for a deal is
    followed by the deal. So a line a hint promised is played out rather than traded for
    another at every move, and following the hint never walks in a circle.

    A line is followed to its end or to the first card it turns over, whichever comes first:
    until a card shows, nothing is learnt that a new search could use. On the general path
    (:attr:`RuleSet.simple` false) the line was found in one of the worlds the fair hint
    searches, so it is followed only as far as nothing but the cards in view decide it: not
    past a card turned over, a card coming from the stock or a deal. If anything else
    happened to the game since the last answer (an undo, another move), a new search
    decides.

    Where the adviser's view hides nothing (no face-down card, no unknown stock: Simple
    Simon, or any game once its last card shows), the solver is asked first, and a winning
    line it finds is followed with no new search while the game stays on it; how its
    positions are counted against a node budget is :mod:`.perfect`'s to say. Where only
    face-down cards are unseen, the endgame vote (:mod:`.vote`) may put another step before
    the search's hints: one that wins in more of the worlds drawn from those cards."""

    def __init__(self, *, budget_ms: float | None = None, peek: bool = False,
                 max_nodes: int | None = None, node_budget: int | None = None) -> None:
        #: The time each answer may take (None: no clock; neither it nor a node budget
        #: given: :data:`BUDGET_MS`), the positions each search of it may expand, and the
        #: positions all its searches may expand together (shared out as the time is).
        self.budget_ms = BUDGET_MS if budget_ms is None and node_budget is None else budget_ms
        self.peek = peek
        self.max_nodes = max_nodes
        self.node_budget = node_budget
        #: Positions searched so far, over every answer.
        self.nodes = 0
        #: The hints last given, by their first move (packed), and where they were given.
        self._given: dict[tuple, Hint] = {}
        self._at: tuple | None = None
        #: The last answer of :meth:`hints`, given at ``_at``.
        self._last: list[Hint] = []
        #: The solver's part, where nothing is hidden.
        self._solving = Solving(node_budget=node_budget, max_nodes=max_nodes)
        #: Did the last move :meth:`next_move` gave come from a winning line (the solver's)?
        self.winning = False

    def hints(self, game: Game) -> list[Hint]:
        """Ranked hints for ``game`` now, best first; ``[]`` when nothing useful is left.
        Asked again with nothing played in between, the same answer."""
        if self._at == _where(game) and self._last:
            return list(self._last)
        where = _where(game)
        self._solving.pay(game, where)
        past = game_positions(game)
        solved = self._solved(game, past)
        if solved is not None:
            out = [solved]
        else:
            spent = NodeBudget(self.node_budget)
            out = plan(game, budget_ms=self.budget_ms, peek=self.peek,
                       max_nodes=self.max_nodes, follow=self._follow(game), nodes=spent)
            self.nodes += spent.spent
            self._solving.pay(game, where, spent.spent)
            voted = self._voted(game, past, out)
            if voted is not None:
                out = [voted] + [h for h in out if h.move != voted.move]
        self._remember(game, out)
        self._last = out
        return out

    def next_move(self, game: Game) -> Move | None:
        """The move to play now (legal in ``game``), or None when nothing useful is left: the
        next move of the line being followed, with no new search, else the first hint's."""
        self.winning = False
        if game.status != PLAYING:
            return None
        self._solving.pay(game, _where(game))
        rest = self._solving.line.rest(game) if self._solving.line is not None else None
        if rest:  # on the solver's winning line: its next move, with no search
            self.winning = True
            self._at, self._given, self._last = _where(game), {}, []
            return game.move_of(rest[0])
        follow = self._follow(game)
        move = self._next_of(game, follow) if follow is not None else None
        if move is not None:
            assert follow is not None
            self._remember(game, [replace(follow, move=move)])
            self._last = []
            return move
        found = self.hints(game)
        self.winning = bool(found) and found[0].wins
        return found[0].move if found else None

    def _solved(self, game: Game, past: set) -> Hint | None:
        """The hint of the solver's winning line from here, where nothing is hidden (the one
        followed, or one found now), worded as any line is and saying it wins; None if none.
        ``past``: the game's positions since its last progress (:func:`game_positions`)."""
        before = self._solving.nodes
        line = self._solving.winning(game, self.peek, past, self.budget_ms)
        self.nodes += self._solving.nodes - before
        if not line:
            return None
        reason = f"{_count(len(line), 'move')} to the win: {describe(game.state, line)}"
        return Hint(game.move_of(line[0]), reason, WIN_BONUS, line, wins=True)

    def _voted(self, game: Game, past: set, hints: list[Hint]) -> Hint | None:
        """The hint of the endgame vote's step from here (:mod:`.vote`: once nothing but
        face-down cards is unseen, the solver in worlds drawn from them), saying in how many
        of them it wins; None where there is no vote. The first ``VOTE_HINTS`` of ``hints``
        (the search's) are its own candidates, preferred in their order where a step wins
        no more often."""
        steps = [(DEAL,) if h.move.is_deal else h.line for h in hints[:VOTE_HINTS]]
        before = self._solving.nodes
        found = self._solving.voted(game, self.peek, past, self.budget_ms,
                                    [s for s in steps if s])
        self.nodes += self._solving.nodes - before
        if found is None:
            return None
        reason = f"{describe(game.state, found.line)} ({found.words()})"
        return Hint(game.move_of(found.line[0]), reason, WIN_BONUS * found.won / found.worlds,
                    found.line)

    def _follow(self, game: Game) -> Hint | None:
        """The hint given last whose move was just played, its line cut to the moves still to
        come (and to what the cards in view decide); None when anything else happened."""
        if not game.history or self._at != _where(game, back=1):
            return None
        step = game.history[-1]
        if step.flips or step.move.is_deal:
            return None  # a card showed, or a row came: think again
        given = self._given.get(step.move.pack(game.rules))
        if given is None or not given.line:
            return None
        rest = given.line[1:]
        if not game.rules.simple and DEAL in rest:
            rest = rest[:rest.index(DEAL)]  # what a world's deal brings is that world's
        return replace(given, line=rest)

    @staticmethod
    def _next_of(game: Game, follow: Hint) -> Move | None:
        """The next move of the followed hint's line as the game writes it (None: the line
        is played out, or its next move is not legal on this table)."""
        if not follow.line:
            if _kind(follow.reason) in (FILL, PREPARE) and game.deal_refusal() is None:
                return DEAL_MOVE  # the table was readied to deal: deal now
            return None
        try:  # as the game lists it (the count written wherever it is needed)
            return game.move_of(follow.line[0])
        except IllegalMove:  # a line found in a world other than this table
            return None

    def _remember(self, game: Game, given: list[Hint]) -> None:
        # The stock as it is now: a move that brings cards from it is not a line to follow.
        self._at = _where(game)
        self._given = {}
        for h in given:
            first = h.line[0] if h.line else DEAL if h.move.is_deal else None
            if first is not None:
                self._given.setdefault(first, h)


def _where(game: Game, back: int = 0) -> tuple:
    """Which game, how far into it, and how many cards its stock holds (``back``: as it was
    that many moves ago, had those moves been played and nothing else): an undo, another
    move in between or cards from the stock all tell an :class:`Adviser` the table is not
    the one its answer was for."""
    return (id(game), game.actions - back, len(game.history) - back, game.state.stock_left)


def game_positions(game: Game) -> set:
    """The keys (:meth:`State.key`) of every position of ``game``'s line of play so far, the
    one now included: no hint leads back into one of them, so following the hint never walks
    in a circle. The walk back stops at the last move that turned a card over or completed a
    run (and, where no waste brings the stock back, dealt): no position before it can come
    again."""
    return {st.key() for st in since_progress(game)}


def since_progress(game: Game) -> Iterator[State]:
    """The positions of ``game``'s line of play back to the last move that turned a card
    over or completed a run (and, where no waste brings the stock back, dealt), the one now
    first: one table stepped back move by move, each to be read before the next is asked
    for."""
    state = game.state.copy()
    yield state
    redealt = game.rules.deal_to == "waste"
    for step in reversed(game.history):
        if step.flips or step.removed or (step.move.is_deal and not redealt):
            return
        state.undo(step.record)
        yield state


@dataclass(frozen=True)
class _Seen:
    """What :func:`plan` reads of the game's positions since its last progress
    (:func:`since_progress`), in one walk back: their keys as the search keys its positions
    (``keys``: no line may enter one; the fast board's as the viewer sees it where the fast
    path plays, else :meth:`State.key`) and as :meth:`State.key` does (``past``), and the
    best score among them (``floor``: what a line must beat to be worth suggesting).

    Against the table as it is alone, a line could promise more, be played halfway, and the
    search from there promise more again, for ever (the hint shuffling cards from column to
    column through positions all different); against the best the game has already been
    at, each line played out raises the bar, and the walk ends at the next card turned over,
    run completed or deal."""

    keys: set
    past: set
    floor: float


def _seen(game: Game, peek: bool, judge: general.Judge | None = None,
          table: Callable[[State], State | None] | None = None) -> _Seen:
    """:class:`_Seen` of ``game``: scored by the fast board (as the viewer sees it) where
    the fast path plays, else by ``judge``. ``table`` maps each position of the game to the
    table it is planned on (None: a position that table never held; see
    :func:`_without_cells`)."""
    keys: set = set()
    past: set = set()
    floor = -math.inf
    for position in since_progress(game):
        state = position if table is None else table(position)
        if state is None:
            continue
        past.add(state.key())
        if judge is None:
            board = Board.from_state(state, peek=peek)
            keys.add(board.key())
            floor = max(floor, board.score())
        else:
            floor = max(floor, judge.score(state))
    return _Seen(past if judge is not None else keys, past, floor)


#: Rule sets without their free cells, by the rule set (see :func:`_bare_rules`).
_BARE: dict[int, tuple[RuleSet, RuleSet | None]] = {}


def _bare_rules(rules: RuleSet) -> RuleSet | None:
    """``rules`` with no free cells, where that is a table the fast path serves (Spider with a
    free cell, Spider Web...); None where it is not, or ``rules`` is served already.

    Only where any card may go into an empty column: there a free cell holds no more than an
    empty column does, and the fast path plays empty columns well. Where only a King may (the
    Scorpion branch: Scorpion Head, How They Run) the cells are the way to dig, and the general
    path, which uses them, plays better: measured with the bot at 100 positions a move on deals
    50011-50050, Scorpion Head won 12 on the general path and 7 on the fast path without its
    cells, How They Run 15 and 12; Spider Web 9 and 14 (and Spider, two suits, with one free
    cell, 4 and 16 of deals 60001-60020 at 1,000 a move)."""
    hit = _BARE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    bare: RuleSet | None = None
    if (not rules.simple and rules.cells and type(rules) is RuleSet
            and all(rules.accepts_in_empty(c) for c in set(rules.deck_cards()))):
        bare = rules.with_changes(cells=0, cells_dealt=())
        if not bare.simple:
            bare = None
    if len(_BARE) > 64:
        _BARE.clear()
    _BARE[id(rules)] = (rules, bare)
    return bare


def _bare_state(bare: RuleSet, state: State) -> State | None:
    """``state`` on the table of ``bare`` (its rules without the free cells), if its free
    cells are empty (None if not)."""
    ncols = len(state.cols)
    if any(state.piles[ncols:]):
        return None
    out = State(bare, state.cols, state.down, state.stock, state.done, runs=state.runs,
                redeals=state.redeals)
    out.sp = state.sp
    return out


def _legal(game: Game) -> dict[tuple, Move]:
    """The game's legal moves by their packed form (:meth:`Move.pack`), the first the game
    lists where two pack alike."""
    legal: dict[tuple, Move] = {}
    for m in game.legal_moves():
        legal.setdefault(m.pack(game.rules), m)
    return legal


def plan(game: Game, *, budget_ms: float | None, peek: bool,
         avoid: Iterable[Move] | None = None, max_nodes: int | None = None,
         follow: Hint | None = None, nodes: NodeBudget | None = None,
         seen: _Seen | None = None) -> list[Hint]:
    """The ranked moves from ``game``'s position, never entering a position the game has been
    in since its last progress (:func:`_seen`); each line without loops
    (:func:`~spider_tui.ai.lines.without_loops`).

    ``follow`` is the hint whose first move the player has just taken, its line cut to the
    moves still to come: the rest of that line comes first again unless the search now finds
    a line clearly better (:func:`_leads`), so that a line a hint promised is played out
    instead of traded for another at every move.

    ``budget_ms`` bounds the time (None: no clock is read to decide anything), ``max_nodes``
    each search's positions, and ``nodes`` the positions of all the searches together, shared
    out between them as the time is (and counts them). ``seen``: the game's positions since
    its last progress, where ``game`` is a view of another game's table and has no history of
    its own (:func:`_without_cells`).

    A table with free cells that the fast path serves without them (Spider with a free cell)
    is planned there while its cells are empty: see :func:`_without_cells`."""
    if game.status != PLAYING:
        return []
    if budget_ms is None and max_nodes is None and (nodes is None or nodes.total is None):
        raise ValueError("a hint needs a time budget or a node budget")
    tally = nodes if nodes is not None else NodeBudget()
    if not game.rules.simple:
        bare = _without_cells(game, budget_ms=budget_ms, peek=peek, avoid=avoid,
                              max_nodes=max_nodes, follow=follow, nodes=tally)
        if bare:
            return bare
        # No free cell, or the fast path finds nothing useful without them: the general
        # path, with the whole budget again in the second case (documented in
        # :func:`_without_cells`).
        again = tally if bare is None else NodeBudget(tally.total)
        out = _plan_general(game, budget_ms=budget_ms, peek=peek, avoid=avoid,
                            max_nodes=max_nodes, follow=follow, nodes=again)
        if again is not tally:
            tally.spend(again.spent)
        return out
    if seen is None:
        seen = _seen(game, peek)
    past = seen.past
    # The search stops a little early: setting up, ranking and wording the hints must fit in
    # the budget too.
    start = time.perf_counter()
    end = _end(start, budget_ms)
    # Worlds differ only where cards are hidden: with none (Simple Simon, a game played out
    # to the last card) every world is the table itself.
    hidden = game.state.stock_left or any(game.state.down)
    sampling = not peek and SAMPLE_WORLDS > 0 and bool(hidden)
    deadline = end - (end - start) * SAMPLE_SHARE if sampling and end < math.inf else end
    board = Board.from_game(game, peek=peek)
    legal = _legal(game)
    skip = set(avoid or ())
    # The first moves: each a different table (never a whole column into an empty one, and
    # into the first empty column only), so that no hint changes nothing and none repeats
    # another into an empty column alike.
    roots = [m.pack(game.rules) for m in game.distinct_moves() if not m.is_deal and m not in skip]
    if peek and DEAL in legal and DEAL_MOVE not in skip:
        roots.append(DEAL)
    allowed = tally.allow(1.0 - SAMPLE_SHARE if sampling else 1.0, max_nodes)
    res = explore(BoardSpace(board, deals=peek), deadline=deadline, max_nodes=allowed,
                  seen=set(seen.keys), root_moves=roots)
    tally.spend(res.nodes)
    found = _FastLines(game, board, res, legal, seen, sampling, end, max_nodes, tally)
    return _ranked_hints(game, legal, skip, past, seen.floor, found, follow)


def _without_cells(game: Game, *, budget_ms: float | None, peek: bool,
                   avoid: Iterable[Move] | None, max_nodes: int | None,
                   follow: Hint | None, nodes: NodeBudget) -> list[Hint] | None:
    """:func:`plan` for a table with free cells, all empty, whose rules without them the fast
    path serves (:func:`_bare_rules`): the fast path's plan on the table as it would be
    without the cells (every move of it is one the real table allows too), never into a
    position of the game's line of play and against the best of them (:func:`_seen` over the
    game's own positions, each without its cells). None where that does not apply.

    So a free cell added to a game never makes the hint play it worse than the game without:
    until the fast path finds nothing useful, the moves are the very ones it plays there.
    Where it finds nothing (the game without the cell would end), the general path, which
    uses the cells, gets the move's budget again: such an answer may search up to twice its
    node budget (or take twice its time)."""
    bare = _bare_rules(game.rules)
    if bare is None:
        return None
    table = _bare_state(bare, game.state)
    if table is None:
        return None
    seen = _seen(game, peek, table=lambda state: _bare_state(bare, state))
    view = Game(bare, table, deal=game.deal)
    out = plan(view, budget_ms=budget_ms, peek=peek, avoid=avoid, max_nodes=max_nodes,
               follow=follow, nodes=nodes, seen=seen)
    return [h for h in out if game.is_legal(h.move)]


def _followed(game: Game, follow: Hint | None, legal: dict, past: set, value,
              words) -> Hint | None:
    """The hint to lead with when the player follows ``follow`` (see :func:`plan`): the next
    move of its line (as far as it is legal here and never into a position of ``past``),
    valued by ``value(line)`` and worded by ``words(line)``; the deal itself once a line
    that only made the table ready for it is played out. None when there is nothing to
    follow, or its next move is no longer legal here."""
    if follow is None:
        return None
    why = _kind(follow.reason)
    if not follow.line:
        if why in (FILL, PREPARE) and DEAL in legal:
            return Hint(DEAL_MOVE, _deal_reason(game, True), -WIN_BONUS, ())
        return None
    line = without_loops(game.state, follow.line, past)
    if not line or line[0] not in legal:
        return None
    reason = words(line)
    return Hint(legal[line[0]], f"{why}: {reason}" if why else reason, value(line), line)


def _kind(reason: str) -> str:
    """What kind of hint a reason gives: ``FILL``, ``PREPARE`` or ``DIG`` (lines that do not
    improve the table but ready it for a deal, or turn a card over at a cost), or ``""``
    (a line that improves the table)."""
    return next((k for k in (FILL, PREPARE, DIG) if reason.startswith(k)), "")


def _leads(lead: Hint | None, root: float, fresh: float | None) -> bool:
    """Does the followed hint ``lead`` come first, the table scoring ``root`` now and the
    search's best line ``fresh`` (None: no line)? A line that improves the table leads while
    it still does and no new line beats it by ``EPS``. A line readying the table for a deal
    (or digging) always leads, and so does the deal after it: the search, asked again
    halfway, would happily undo what it has readied (empty a column again, say)."""
    if lead is None:
        return False
    if lead.move.is_deal or _kind(lead.reason):
        return True
    return lead.score > root + EPS and not (fresh is not None and fresh > lead.score + EPS)


def _lead_with(lead: Hint | None, root: float, fresh: float | None,
               out: list[Hint]) -> list[Hint]:
    """``out`` with the followed hint ``lead`` first where it leads (:func:`_leads`)."""
    if lead is None or not _leads(lead, root, fresh):
        return out
    return [lead] + [h for h in out if h.move != lead.move]


def _line_value(board: Board, line: tuple) -> float:
    """The search's score of where ``line`` leads from ``board`` (a win ``WIN_BONUS`` more)."""
    b = board.copy()
    for m in line:
        b.apply(m)
    return b.score() + (WIN_BONUS if b.won() else 0.0)


class _Lines:
    """One hint search's answer, on one kind of table, as :func:`_ranked_hints` reads it:
    lines of the engine's single moves (the first a legal move of the table), best first,
    each with its value."""

    #: The table's score as it is (a deal's value when nothing is better).
    root: float
    #: The best line's value (None: no line).
    best: float | None

    def improving(self) -> Iterator[tuple[float, tuple]]:
        """Every line found, best first (a line may begin with the deal)."""
        raise NotImplementedError

    def fills(self) -> Iterator[tuple[float, tuple]]:
        """Lines that fill the empty columns (so that a row may come), best first."""
        raise NotImplementedError

    def digs(self) -> Iterator[tuple[float, tuple]]:
        """Lines that turn a card over, whatever they cost, best first."""
        raise NotImplementedError

    def value(self, line: tuple) -> float:
        """What ``line`` is worth, valued as the search values its lines."""
        raise NotImplementedError

    def refine(self, ranked: list[Hint]) -> list[Hint]:
        """The lines that improve the table, re-ranked where the search can look further."""
        return ranked

    def prepare(self, can_deal: bool) -> list[Hint]:
        """Nothing improves the table and a row is to come: the ways to leave the table for
        it, best first (``[]``: nothing to choose between)."""
        return []


def _ranked_hints(game: Game, legal: dict, skip: set, past: set, floor: float,
                  found: _Lines, follow: Hint | None) -> list[Hint]:
    """:func:`plan`'s hints from a search's answer ``found``, the same on every table: the
    lines that beat ``floor`` (:class:`_Seen`), then the deal; where nothing beats it, the
    way to ready the table for a row, the lines that fill the empty columns (where a row is
    refused with one empty) or that turn a card over (a dig). One hint per first move; the
    followed hint (``follow``) first where it leads (:func:`_leads`)."""
    state = game.state
    out: list[Hint] = []

    def add(lines: Iterable[tuple[float, tuple]], kind: str, bar: float | None = None) -> None:
        for val, line in lines:
            if bar is not None and val <= bar + EPS:
                break
            if not line or any(h.move == legal[line[0]] for h in out):
                continue
            if line[0] == DEAL:  # the general path's deal has no line: a world's row is its own
                out.append(Hint(DEAL_MOVE, _deal_reason(game, False), val,
                                line if len(line) > 1 else ()))
                continue
            reason = describe(state, line)
            out.append(Hint(legal[line[0]], f"{kind}: {reason}" if kind else reason, val, line))

    add(found.improving(), "", floor)
    out = found.refine(out)
    can_deal = DEAL in legal and DEAL_MOVE not in skip
    if not out and state.stock_left:
        out = found.prepare(can_deal)
    if can_deal and not any(h.move.is_deal for h in out):
        out.append(Hint(DEAL_MOVE, _deal_reason(game, not out), found.root))
    if not out and state.stock_left and game.deal_refusal() is not None:
        # Nothing improves the table, but filling the empty columns lets the next row come.
        add(found.fills(), FILL)
    if not out:
        # Nothing improves the table and no row can come, but a card can still be turned
        # over: what shows may open the way, so dig rather than give up.
        add(found.digs(), DIG)
    lead = _followed(game, follow, legal, past, found.value,
                     lambda line: describe(state, line))
    return _lead_with(lead, floor, found.best, out)


class _FastLines(_Lines):
    """:class:`_Lines` of the fast path: a search on the fast board (fair, or ``peek``), its
    lines played out as the engine's single moves with no loop and never into a position of
    ``past`` (a supermove played out may park a card and take it back); where cards are
    hidden (``sampling``), the best lines looked past in sampled worlds."""

    def __init__(self, game: Game, board: Board, res, legal: dict, seen: _Seen,
                 sampling: bool, end: float, max_nodes: int | None, tally: NodeBudget) -> None:
        self.game, self.board, self.res, self.legal = game, board, res, legal
        self.past, self.keys = seen.past, seen.keys
        self.sampling, self.end, self.max_nodes, self.tally = sampling, end, max_nodes, tally
        self.root = res.root
        fresh = res.ranked()
        self.best = fresh[0][0] if fresh else None

    def single(self, line: tuple) -> tuple:
        return without_loops(self.game.state, self.board.expand_line(line), self.past)

    def _singles(self, ranked: Iterable[tuple[float, tuple]]) -> Iterator[tuple[float, tuple]]:
        return ((val, self.single(line)) for val, line in ranked)

    def improving(self) -> Iterator[tuple[float, tuple]]:
        return self._singles(self.res.ranked())

    def fills(self) -> Iterator[tuple[float, tuple]]:
        # Towards the best table with no empty column; where the search found none that
        # leads anywhere new (its moves leave out a part of a run into an empty column, the
        # very move that fills one), one filled a move at a time (:func:`_greedy_fill`).
        found = False
        for val, line in self._singles(self.res.ranked(full=True)):
            if line:
                found = True
                yield val, line
        if not found:
            yield from self._singles([_greedy_fill(self.board, self.keys)])

    def digs(self) -> Iterator[tuple[float, tuple]]:
        return self._singles(self.res.ranked(reveal=True))

    def value(self, line: tuple) -> float:
        return _line_value(self.board, line)

    def refine(self, ranked: list[Hint]) -> list[Hint]:
        if self.sampling and len(ranked) > 1:
            return _look_past(self.game, ranked, self.end, self.max_nodes, self.tally)
        return ranked

    def prepare(self, can_deal: bool) -> list[Hint]:
        if not self.sampling:
            return []
        lines = [self.single(line) for _, line in self.res.ranked(full=True)[:PREPARE_LINES]]
        return _prepare_deal(self.game, lines, _worlds(self.game, salt=b"\x01"), self.legal,
                             can_deal, self.end, self.max_nodes, self.tally)


def _end(start: float, budget_ms: float | None) -> float:
    """When a hint's search must stop (``math.inf``: no time budget)."""
    if budget_ms is None:
        return math.inf
    return start + budget_ms * 0.9 / 1000.0 - 0.002


def _look_past(game: Game, ranked: list[Hint], deadline: float, max_nodes: int | None,
               nodes: NodeBudget) -> list[Hint]:
    """``ranked`` with its first ``SAMPLE_LINES`` re-ranked by what lies past the card each
    line turns over, in worlds drawn from the cards the player cannot see (:func:`_worlds`:
    the table with its hidden cards dealt again at random, so they are never read; the draw
    is seeded by the visible table, so a hint is repeatable)."""
    head = ranked[:SAMPLE_LINES]
    values = _sampled(_worlds(game), [h.line for h in head], deadline, max_nodes,
                      nodes=nodes)
    totals = sorted(zip(values, head), key=lambda c: -c[0])
    return [replace(h, score=v) for v, h in totals] + ranked[SAMPLE_LINES:]


def _sampled(worlds: list, lines: list[tuple], deadline: float,
             max_nodes: int | None, deal: bool = False,
             nodes: NodeBudget | None = None) -> list[float]:
    """Per line: the best score a search finds after the line (and then a deal, with
    ``deal``; a world where no deal can come counts as lost) in each of ``worlds`` (fast
    boards, knowing only the cards they turned over where ``FORGET`` says so; or the
    engine's tables), taken together by :func:`risk_value`, less ``LINE_COST`` per move of
    the line. The time left (and the positions left of ``nodes``) is shared out evenly."""
    if nodes is None:
        nodes = NodeBudget()
    boards = isinstance(worlds[0], Board)
    rules = worlds[0].t.rules if boards else worlds[0].rules
    suits = rules.suit_count
    risk = RISK.get(suits, RISK[0])
    fair = boards and FORGET.get(suits, FORGET[0])
    judge = None if boards else general.judge_for(rules)
    jobs = len(lines) * len(worlds)
    out = []
    for line in lines:
        values = []
        for w in worlds:
            b = w.copy()
            for m in line:
                b.apply(m)
            now = time.perf_counter()
            if deal and not (b.can_deal() if boards else general.can_deal(b)):
                values.append(-WIN_BONUS)
            else:
                if deal:
                    b.apply(DEAL)
                if fair:
                    forget(b)
                space = (BoardSpace(b) if judge is None
                         else general.TableSpace(b, judge, deals=False))
                values.append(_best_score(space, now + max(0.0, deadline - now) / jobs,
                                          nodes.allow(1 / jobs, max_nodes), nodes))
            jobs -= 1
        out.append(risk_value(values, risk) - LINE_COST * len(line))
    return out


def risk_value(values: list[float], risk: float) -> float:
    """What a line is worth from its scores in the sampled worlds: their mean, pulled
    towards the worst of them by ``risk`` (0: the mean alone, 1: the worst alone)."""
    mean = sum(values) / len(values)
    return (1.0 - risk) * mean + risk * min(values)


def _worlds(game: Game, salt: bytes = b"") -> list[Board]:
    """``SAMPLE_WORLDS`` worlds of the game's table as the fast board plays them: the
    engine's own draw (:func:`~spider_tui.ai.general.worlds`, the one the general path
    searches), seeded by what the player sees (and ``salt``), so a hint is repeatable."""
    return [Board.from_state(w, peek=True)
            for w in general.worlds(game.state, SAMPLE_WORLDS, salt)]


def _prepare_deal(game: Game, lines: list[tuple], worlds: list, legal: dict, can_deal: bool,
                  deadline: float, max_nodes: int | None, nodes: NodeBudget) -> list[Hint]:
    """Nothing improves the table and a row is to come: the ways to leave the table for it
    (dealing at once when that is allowed, or first playing one of ``lines``, the best to a
    table with no empty column), ranked by what a search finds after the row is dealt in
    ``worlds`` (:func:`_sampled`), drawn from the cards the player cannot see. ``[]`` when
    there is nothing to choose."""
    cands = ([()] if can_deal else []) + list(dict.fromkeys(ln for ln in lines if ln))
    if len(cands) < 2:
        return []
    values = _sampled(worlds, cands, deadline, max_nodes, deal=True, nodes=nodes)
    ranked = sorted(zip(values, cands), key=lambda c: -c[0])
    why = PREPARE if game.deal_refusal() is None else FILL
    out = []
    for val, line in ranked:
        if not line:
            out.append(Hint(DEAL_MOVE, _deal_reason(game, True), val))
        else:
            out.append(Hint(legal[line[0]], f"{why}: {describe(game.state, line)}", val, line))
    return out


def _deal_reason(game: Game, nothing_better: bool) -> str:
    """Why to deal, and how many deals (or stock cards, or redeals) are left."""
    st = game.state
    what = _deal_words(st)
    reason = f"{what}: no move improves the table" if nothing_better else what
    if game.rules.deal_to == "waste":
        if st.stock_left:
            return f"{reason} ({_count(st.stock_left, 'card')} left in the stock)"
        left = game.rules.redeals_left(st.redeals)
        if left is None:
            return f"{reason} (the waste may be turned back as often as you like)"
        return f"{reason} ({_count(left, 'redeal')} left)"
    return f"{reason} ({_count(game.deals_left, 'deal')} left)"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def _deal_words(state: State) -> str:
    """What a deal does, as an order: deal a row, or turn the stock (or the waste back)."""
    if state.rules.deal_to == "waste":
        return ("turn the stock onto the waste" if state.stock_left
                else "turn the waste back into the stock")
    return "deal a new row"


def _best_score(space: Space, deadline: float, max_nodes: int | None,
                nodes: NodeBudget | None = None) -> float:
    """The best score a search finds in ``space`` from its root (a win counts ``WIN_BONUS``
    more); the positions it expanded are counted in ``nodes``."""
    best = [space.start()[2]]

    def visit(view: object, val: float, idx: int, first: object, end: int, depth: int
              ) -> bool:
        if end == WIN:
            val += WIN_BONUS
        if val > best[0]:
            best[0] = val
        return False

    n, _, _ = best_first(space, deadline, visit, max_nodes=max_nodes)
    if nodes is not None:
        nodes.spend(n)
    return best[0]


def _greedy_fill(board: Board, avoid: Collection = ()) -> tuple[float, tuple]:
    """A line that fills every empty column one card or run at a time, each time taking the
    move that costs least (for when the search found no line to a full table), never into a
    position whose key (:meth:`Board.key`) is in ``avoid`` (the game's positions since its
    last progress: where the move that costs least undoes the one just played, another
    fills the column) nor into one the line has been in."""
    b = board.copy()
    line: list = []
    been = {b.key()}
    while not all(b.cols) and len(line) < 4 * len(b.cols):
        options = []
        for m in b.moves():
            s, k, d = m
            if d >= 0 and not b.cols[d] and (k < len(b.cols[s]) or b.down[s]):
                rec = b.apply(m)
                key = b.key()
                if key not in avoid and key not in been:
                    options.append((b.score(), m))
                b.undo(rec)
        if not options:
            break
        val, m = max(options)
        b.apply(m)
        been.add(b.key())
        line.append(m)
    return (b.score(), tuple(line))


def describe(state: State, line: tuple) -> str:
    """A short reason for the first move of ``line`` (the engine's moves) from ``state``,
    naming what the line leads to. The line is played on a copy of ``state`` up to its first
    notable effect (a card turned over, a row dealt...), which is as far as the reason goes:
    nothing before it depends on a card the player cannot see. One wording for every table:
    the fast path's lines are the engine's single moves by the time they are worded."""
    first = line[0]
    b = state.copy()
    base = _plain_state(b, first)
    if base is None:
        return "?"
    if base[1] is not None:
        return base[0]
    # A column empty now that the line fills and empties again is not worth a word.
    was_empty = {i for i in range(len(state.cols)) if not state.piles[i]}
    for i, m in enumerate(line[1:], start=1):
        try:
            later = _effect_state(b, m, was_empty=was_empty)
        except (RuleFailure, ValueError):
            break
        if later is not None:
            return f"{base[0]}; {i} move{'s' if i > 1 else ''} later the line {later}"
    return base[0]


def _onto_column(verb: str, what: str, d: int, top: int | None, suited: bool) -> str:
    """``move 7♣ onto 8♣ in column 4 (same suit)``, ``move K♠ into empty column 2``."""
    if top is None:
        return f"{verb} {what} into empty column {d + 1}"
    return f"{verb} {what} onto {glyph(top)} in column {d + 1}" + (" (same suit)" if suited
                                                                  else "")


# --------------------------------------------------------------------------- the general path


def _plan_general(game: Game, *, budget_ms: float | None, peek: bool,
                  avoid: Iterable[Move] | None, max_nodes: int | None,
                  follow: Hint | None = None,
                  nodes: NodeBudget | None = None) -> list[Hint]:
    """:func:`plan` on the engine's own table (any rule set): every first move worth trying
    is searched in :data:`GENERAL_WORLDS` worlds a player cannot tell from the real table
    (or, with ``peek``, the real table) and ranked by the mean of its best score there."""
    if nodes is None:
        nodes = NodeBudget()
    start = time.perf_counter()
    end = _end(start, budget_ms)
    state = game.state
    judge = general.judge_for(game.rules)
    legal = _legal(game)
    skip = set(avoid or ())
    seen = _seen(game, peek, judge)
    past = seen.past
    # A world's stock is a guess: searched through, a deal would show each world its own
    # cards, and every world would find a use for them (a deal would look better than any
    # move). So, as on the fast path, a stock the player cannot see is never dealt from in a
    # search: the deal is the hint where no move improves the table (:func:`_ranked_hints`).
    # (Where every unseen card is the same card, every world is the real table.)
    hidden = len(set(general.unseen_cards(state))) > 1
    deals = peek or not (hidden and general.hidden_places(state)[1] and state.stock_left)
    roots = [r for r in _general_roots(state, legal, skip, seen.keys) if deals or r != DEAL]
    tables = [state.copy()] if peek else general.worlds(state, GENERAL_WORLDS)
    # Per kind of line (any, to a table with no empty column, turning a card over): the
    # values per root in each world, and each root's best line.
    kinds: list[tuple[dict, dict]] = [({}, {}), ({}, {}), ({}, {})]
    for n, w in enumerate(tables):
        now = time.perf_counter()
        found = explore(general.TableSpace(w, judge, deals=deals),
                        deadline=now + max(0.0, end - now) / (len(tables) - n),
                        max_nodes=nodes.allow(1 / (len(tables) - n), max_nodes),
                        root_moves=[r for r in roots if general.allowed(w, r)])
        nodes.spend(found.nodes)
        for table, (per, best) in zip((found.best, found.best_full, found.best_reveal), kinds):
            for r, (v, line) in table.items():
                per.setdefault(r, []).append(v)
                if r not in best or v > best[r][0]:
                    best[r] = (v, line)
    window = (end - start, max_nodes, nodes.total)
    answer = _GeneralLines(game, judge, tables, past, kinds, legal, not peek and hidden, window,
                           nodes)
    return _ranked_hints(game, legal, skip, past, seen.floor, answer, follow)


class _GeneralLines(_Lines):
    """:class:`_Lines` of the general path: one line per first move (a root), valued by the
    mean of its best scores over the worlds searched (``tables``), each the best world's line
    as far as it goes on the real table without a loop or a position of ``past`` (at least
    its first move, a root: legal and new). ``kinds`` holds, for the lines found, those to a
    table with no empty column and those that turn a card over, the values per root in each
    world and each root's best line.

    Where cards are hidden (``sampling``) and nothing improves the table before a row, the
    ways to ready the table for it are ranked as the fast path ranks them
    (:func:`_prepare_deal`), in worlds of their own, with the move's budget again
    (``window``: its seconds, and its positions per search and in all, spent in ``tally``)."""

    def __init__(self, game: Game, judge: general.Judge, tables: list[State], past: set,
                 kinds: list[tuple[dict, dict]], legal: dict, sampling: bool,
                 window: tuple[float, int | None, int | None], tally: NodeBudget) -> None:
        state = game.state
        self.game, self.state, self.judge, self.tables, self.past = game, state, judge, tables, past
        self._best, self._full, self._reveal = kinds
        self.legal, self.sampling, self.window, self.tally = legal, sampling, window, tally
        self.root = judge.score(state)
        fresh = self._ranked(self._best)
        self.best = fresh[0][0] if fresh else None

    def _ranked(self, which: tuple[dict, dict]) -> list[tuple[float, tuple]]:
        per, lines = which
        first = self._best[1]

        def length(r: tuple) -> int:  # ties: the shorter line (as the lines found tell)
            return len((first[r] if r in first else lines[r])[1])

        means = [(sum(v) / len(v), r) for r, v in per.items()]
        return sorted(means, key=lambda c: (-c[0], length(c[1]), c[1]))

    def _lines(self, which: tuple[dict, dict], keep=lambda r: True
               ) -> Iterator[tuple[float, tuple]]:
        # The ranked roots ``keep`` keeps, each with its line on the real table.
        lines = which[1]
        for val, r in self._ranked(which):
            if not keep(r):
                continue
            if r == DEAL:
                yield val, (DEAL,)
            else:
                clean = without_loops(self.state, lines[r][1], self.past)
                yield val, clean if clean[:1] == (r,) else (r,)

    def improving(self) -> Iterator[tuple[float, tuple]]:
        return self._lines(self._best)

    def fills(self) -> Iterator[tuple[float, tuple]]:
        # The first moves into an empty column (the deal, whose target is -1, is none).
        state = self.state
        return self._lines(self._best,
                           lambda r: 0 <= r[2] < len(state.cols) and not state.piles[r[2]])

    def digs(self) -> Iterator[tuple[float, tuple]]:
        return self._lines(self._reveal, lambda r: r != DEAL)

    def value(self, line: tuple) -> float:
        return _mean_value(self.tables, self.judge, line)

    def prepare(self, can_deal: bool) -> list[Hint]:
        if not self.sampling:
            return []
        seconds, max_nodes, total = self.window
        again = NodeBudget(total)
        lines = [line for _, line in islice(self._lines(self._full, lambda r: r != DEAL),
                                            PREPARE_LINES)]
        out = _prepare_deal(self.game, lines,
                            general.worlds(self.state, SAMPLE_WORLDS, b"\x01"), self.legal,
                            can_deal, time.perf_counter() + seconds, max_nodes, again)
        self.tally.spend(again.spent)
        return out


def _mean_value(tables: list[State], judge: general.Judge, line: tuple) -> float:
    """The mean over ``tables`` of the score where ``line`` leads (a win ``WIN_BONUS``
    more; a table where the line is refused counts as lost)."""
    total = 0.0
    for t in tables:
        b = t.copy()
        try:
            for m in line:
                if not general.allowed(b, m):
                    raise ValueError(m)
                b.apply(m)
        except (RuleFailure, ValueError):
            total -= WIN_BONUS
            continue
        total += judge.score(b) + (WIN_BONUS if general.won(b) else 0.0)
    return total / len(tables)


def _general_roots(state: State, legal: dict, skip: set, forbidden: set) -> list[tuple]:
    """The first moves worth searching: every legal move (and the deal) but those skipped,
    those into a ``forbidden`` position, those that change nothing (the same cards in piles
    of each kind) and all but the first of those that do the same thing (into one empty
    column or another)."""
    base = general.fingerprint(state)
    probe = state.copy()
    done = set()
    roots = []
    for t, m in legal.items():
        if m in skip:
            continue
        if t == DEAL:
            roots.append(t)
            continue
        try:
            rec = probe.apply(t)
        except RuleFailure:
            continue
        key = probe.key()
        fp = general.fingerprint(probe, key)
        probe.undo(rec)
        if key in forbidden or fp == base or fp in done:
            continue
        done.add(fp)
        roots.append(t)
    return roots


def _plain_state(b: State, move: tuple) -> tuple[str, str | None] | None:
    """What ``move`` does on ``b`` in a few words, and its notable effect; ``b`` is left
    after the move."""
    if move == DEAL:
        words = _deal_words(b)
        effect = _effect_state(b, move)
        return words, effect
    s, k, d = move
    kinds = b.comp.kinds
    codes = b.rules.pile_codes
    a = b.piles[s]
    head = a[len(a) - k]
    what = glyph(head) if k == 1 else f"{glyph(head)}–{glyph(a[-1])}"
    src = "" if kinds[s] == COLUMN else f" from {describe_pile(codes[s])}"
    verb = "move" if kinds[s] in (COLUMN, CELL_KIND) else "play"
    if d == RUNS:
        place = f"send the run in {describe_pile(codes[s])} to the foundation"
    elif kinds[d] == COLUMN:
        tgt = b.piles[d]
        top = tgt[-1] if tgt else None
        suited = top is not None and SUIT[top] == SUIT[head] and b.comp.link[top][head]
        place = _onto_column(verb, what + src, d, top, suited)
    elif kinds[d] == CELL_KIND:
        place = f"move {what}{src} to {describe_pile(codes[d])}"
    elif kinds[d] == FOUNDATION_KIND:
        place = f"put {what}{src} on {describe_pile(codes[d])}"
    else:  # pragma: no cover - no rule puts cards on a reserve or the waste
        place = f"move {what}{src} to {describe_pile(codes[d])}"
    try:
        effect = _effect_state(b, move, first=True)
    except (RuleFailure, ValueError):
        return place, None
    return (f"{place}: it {effect}" if effect else place), effect


def _effect_state(b: State, move: tuple, first: bool = False,
                  was_empty: Collection[int] = ()) -> str | None:
    """Play ``move`` on ``b`` (:class:`ValueError` if it is not legal there); the notable
    thing it did, if any (emptying a column in ``was_empty`` is not one). What a deal, a
    card from the stock or a card turned over brings is never named: ``b`` may be the real
    table behind a fair hint."""
    if not general.allowed(b, move):
        raise ValueError("not allowed here")
    done = len(b.done)
    stock = b.stock_left
    founds = [i for i, k in enumerate(b.comp.kinds) if k == FOUNDATION_KIND]
    on_founds = sum(len(b.piles[i]) for i in founds)
    words = _deal_words(b) if move == DEAL else ""
    down = b.down[:]
    rec = b.apply(move)
    if move == DEAL:
        return words.replace("deal", "deals", 1).replace("turn ", "turns ", 1)
    if b.stock_left < stock:
        return "brings cards from the stock"
    s, _, d = move
    flipped = record_flips(rec)
    if not flipped and general.won(b):
        return "wins the game"
    if len(b.done) > done and d != RUNS:
        return "completes a run"
    if flipped:
        col = next((i for i in range(len(b.cols)) if b.down[i] < down[i]), s)
        return f"turns over a card in column {col + 1}"
    if s < len(b.cols) and not b.piles[s] and s not in was_empty:
        return f"empties column {s + 1}"
    if not first and sum(len(b.piles[i]) for i in founds) > on_founds:
        i = d if d in founds else founds[0]
        return f"puts {glyph(b.piles[i][-1])} on {describe_pile(b.rules.pile_codes[i])}"
    return None



__all__ = ["BUDGET_MS", "NOTHING", "Adviser", "Hint", "describe", "game_positions", "hints", "plan"]
