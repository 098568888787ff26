"""``spider-tui review FILE [MOVE ...] | --saved [--nodes N]``: the point of no return of a game,
the last position of its own line of play from which a win still existed (perfect information),
with the line that would have won from there (:mod:`spider_tui.ai.review`)."""

from __future__ import annotations

import argparse
import sys
import time

from .common import add_nodes, load_position

#: The largest --nodes per position.
MAX_NODES = 100_000_000


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "review", help="find where a game was lost: the last position a win existed from",
        description="Search back through a game's own moves for the last position from which "
                    "a win still existed (the solver reads every card), within a node budget "
                    "per position. Prints that move's number, the moves that led there and the "
                    "line that would have won from there, in move notation, then each "
                    "position asked and whether its answer is a proof or the budget ran out. "
                    "Says 'not found' when no position was proved winnable within the "
                    "budget.")
    p.add_argument("file", metavar="FILE", nargs="?",
                   help="a position file (- for standard input), the game's start")
    p.add_argument("moves", metavar="MOVE", nargs="*",
                   help="the game's moves from FILE (3>7, d...)")
    p.add_argument("--saved", action="store_true",
                   help="review the saved game (the one spider-tui resumes)")
    p.later(_add_nodes)  # the default is the AI's: imported only for a review
    return p


def _add_nodes(p: argparse.ArgumentParser) -> None:
    from ..ai.review import REVIEW_NODES

    add_nodes(p, MAX_NODES,
              f"positions the solver may search for each position asked (default "
              f"{REVIEW_NODES:,})")


def _game(args: argparse.Namespace):
    from ..engine import Move
    from ..engine.errors import SpiderError
    from . import CommandError

    if args.saved:
        if args.file is not None:
            raise CommandError("give either FILE or --saved, not both")
        from ..store import SaveStore

        loaded = SaveStore().load()
        for notice in loaded.notices:
            print(f"spider-tui: {notice}", file=sys.stderr)
        if loaded.game is None:
            raise CommandError("there is no saved game to review")
        return loaded.game
    if args.file is None:
        raise CommandError("say which game to review: FILE [MOVE ...] or --saved")
    game = load_position(args.file)
    for i, text in enumerate(args.moves, 1):
        try:
            game.play(Move.parse(text))
        except SpiderError as e:  # a bad move is the player's to fix: said with the move
            raise CommandError(f"move {i} ({text!r}): {e}") from None
    return game


def run(args: argparse.Namespace) -> int:
    from ..ai.review import REVIEW_NODES, point_of_no_return, positions

    game = _game(args)
    moves = game.moves_played()
    nodes = args.nodes or REVIEW_NODES
    t0 = time.perf_counter()
    review = point_of_no_return(positions(game), moves, nodes=nodes)
    seconds = time.perf_counter() - t0
    won = review.last_won
    print(review.summary())
    if won is not None:
        print(f"move: {won}")
        print(f"moves to there ({won}): {' '.join(moves[:won]) or '(none: the start)'}")
        print(f"winning line ({len(review.line)} moves): {' '.join(review.line)}")
    else:
        print("not found")
    print("positions asked:")
    for line in review.proofs():
        print(f"  {line}")
    if review.cut_short:
        print(f"  (stopped after {len(review.answers)} positions asked)")
    searched = sum(a.nodes for a in review.answers.values())
    print(f"{len(review.answers)} of {len(moves) + 1} positions asked, {searched:,} positions "
          f"searched, {seconds:.2f} s", file=sys.stderr)
    return 0
