"""How hard a game is, measured: the solver (reading every card) and the fair bot (seeing what a
player sees) each play the same deals within a node budget, so a rating means the same on any
machine, however loaded, and the same run gives the same table.

A *deal* is rated by :func:`rate_deal`; a *game* (a variant with its house rules) by
:func:`summarize` over its deals: the share the solver wins (how often a deal can be won at
all, as far as the budget shows), the share the bot wins (how often careful fair play wins it),
each with its 95% Wilson interval, and a difficulty word read from the bot's share
(:data:`GAME_LEVELS`). Each deal the solver wins also gets a tier for the player's "a deal of
this difficulty" (:func:`deal_tier`).

The ratings shipped with the game (``spider_tui/data/ratings.json``) are written by
``scripts/make_ratings.py`` and read by :func:`shipped`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, fields
from functools import cache, partial
from importlib import resources
from typing import Any, get_type_hints

from ..engine.game import Game
from . import solver
from .bot import play_deal, wilson
from .processes import after_setup, each

FORMAT = "spider-ratings/1"
#: The default budgets: positions the solver may search per deal, and the bot per move.
SOLVER_NODES = 50_000
BOT_NODES = 1_000
#: The bot gives up a game (a loss) after this many moves in a row that neither turn a card
#: over, nor finish a run, nor deal, nor put a card on a foundation, nor follow a winning line
#: (the solver's, where nothing is hidden): only shuffling is left.
#: (A journal's ratings were made with the value of their day: change it, start a new one.)
BOT_MAX_IDLE = 60
#: A game's difficulty word by the fair bot's share of wins: the first whose floor it reaches.
GAME_LEVELS = (("easy", 0.75), ("medium", 0.40), ("hard", 0.10), ("expert", 0.0))
#: The tiers of a winnable deal (one the solver won): the bot won it; the bot lost it having
#: finished at least ``MEDIUM_PROGRESS`` of the runs; the bot lost it with fewer.
DEAL_TIERS = ("easy", "medium", "hard")
MEDIUM_PROGRESS = 0.5


@dataclass(frozen=True)
class Job:
    """One deal to rate, with the budgets it is rated at."""

    variant: str
    deal: int
    house_rules: tuple[str, ...] = ()
    solver_nodes: int = SOLVER_NODES
    bot_nodes: int = BOT_NODES

    @property
    def key(self) -> str:
        """What identifies the job in a campaign's journal: the same key, the same result."""
        return (f"{self.variant}|{'+'.join(self.house_rules)}|{self.deal}|"
                f"{self.solver_nodes}|{self.bot_nodes}")


@dataclass(frozen=True)
class DealRating:
    """What the solver and the bot did with one deal."""

    variant: str
    deal: int
    house_rules: tuple[str, ...]
    solver_nodes: int
    bot_nodes: int
    #: "won", "unwinnable" or "unknown" (no win within the budget).
    solver: str
    solver_moves: int
    solver_searched: int
    solver_seconds: float
    bot_won: bool
    bot_moves: int
    #: The share of the runs (or foundations) the bot finished, 0 to 1.
    bot_progress: float
    bot_searched: int
    bot_seconds: float

    @property
    def job(self) -> Job:
        return Job(self.variant, self.deal, self.house_rules, self.solver_nodes,
                   self.bot_nodes)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["house_rules"] = list(self.house_rules)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealRating:
        """The rating a journal line holds; ValueError if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("not a table")
        names = {f.name for f in fields(cls)}
        if set(data) != names:
            raise ValueError(f"keys {sorted(set(data) ^ names)} do not match")
        kw = dict(data)
        kw["house_rules"] = tuple(str(h) for h in data["house_rules"])
        for name, kind in get_type_hints(cls).items():
            if name == "house_rules":
                continue
            value = kw[name]
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                kw[name] = float(value)
            elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise ValueError(f"{name} is not a {kind.__name__}")
        if kw["solver"] not in ("won", "unwinnable", "unknown"):
            raise ValueError(f"solver {kw['solver']!r} is not a result")
        return cls(**kw)


def rate_deal(job: Job) -> DealRating:
    """Rate one deal: the solver within ``job.solver_nodes`` positions, then the fair bot with
    ``job.bot_nodes`` positions per move. No clock decides anything, so the result (bar the
    seconds) is the same on every run and every machine."""
    game = Game.new(job.variant, deal=job.deal, house_rules=job.house_rules)
    goal = max(1, game.rules.win_runs)
    solution = solver.solve(game, None, node_budget=job.solver_nodes)
    played = play_deal(job.variant, job.deal, house_rules=job.house_rules,
                       node_budget=job.bot_nodes, max_idle=BOT_MAX_IDLE)
    progress = 1.0 if played.won else min(1.0, played.runs / goal)
    return DealRating(
        job.variant, job.deal, job.house_rules, job.solver_nodes, job.bot_nodes,
        solution.status, len(solution.moves), solution.nodes, round(solution.seconds, 3),
        played.won, played.moves, round(progress, 4), played.nodes, round(played.seconds, 3))


def deal_tier(r: DealRating) -> str | None:
    """How hard a deal is for a player, from a deal the solver won: "easy" (the fair bot won it
    too), "medium" (the bot lost it after finishing at least half the runs) or "hard"; None for
    a deal the solver did not win (it may not be winnable at all)."""
    if r.solver != "won":
        return None
    if r.bot_won:
        return "easy"
    return "medium" if r.bot_progress >= MEDIUM_PROGRESS else "hard"


def level(bot_share: float) -> str:
    """The difficulty word for a game the fair bot wins ``bot_share`` of (0 to 1)."""
    for word, floor in GAME_LEVELS:
        if bot_share >= floor:
            return word
    return GAME_LEVELS[-1][0]


@dataclass(frozen=True)
class GameRating:
    """A game's figures over the deals it was rated on."""

    variant: str
    house_rules: tuple[str, ...]
    deals: int
    solver_won: int
    solver_unwinnable: int
    bot_won: int
    #: Mean moves of the solver's winning lines, and of the bot's games (won or lost).
    solver_moves: float
    bot_moves: float
    #: Mean seconds per deal, solver and bot together (the only figure the machine changes).
    seconds: float
    #: The winnable deals by tier: deal numbers.
    tiers: dict[str, tuple[int, ...]]

    @property
    def level(self) -> str:
        return level(self.bot_won / self.deals) if self.deals else "unrated"

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["house_rules"] = list(self.house_rules)
        out["tiers"] = {k: list(v) for k, v in self.tiers.items()}
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRating:
        return cls(str(data["variant"]), tuple(str(h) for h in data["house_rules"]),
                   int(data["deals"]), int(data["solver_won"]), int(data["solver_unwinnable"]),
                   int(data["bot_won"]), float(data["solver_moves"]), float(data["bot_moves"]),
                   float(data["seconds"]),
                   {str(k): tuple(int(d) for d in v) for k, v in data["tiers"].items()})


def summarize(results: Iterable[DealRating]) -> list[GameRating]:
    """One :class:`GameRating` per game (variant and house rules), in the order first met."""
    by_game: dict[tuple[str, tuple[str, ...]], list[DealRating]] = {}
    for r in results:
        by_game.setdefault((r.variant, r.house_rules), []).append(r)
    out = []
    for (variant, hrs), rs in by_game.items():
        rs.sort(key=lambda r: r.deal)
        wins = [r for r in rs if r.solver == "won"]
        tiers: dict[str, tuple[int, ...]] = {
            t: tuple(r.deal for r in rs if deal_tier(r) == t) for t in DEAL_TIERS}
        n = len(rs)
        out.append(GameRating(
            variant, hrs, n, len(wins), sum(r.solver == "unwinnable" for r in rs),
            sum(r.bot_won for r in rs),
            round(sum(r.solver_moves for r in wins) / len(wins), 1) if wins else 0.0,
            round(sum(r.bot_moves for r in rs) / n, 1),
            round(sum(r.solver_seconds + r.bot_seconds for r in rs) / n, 2), tiers))
    return out


def run(jobs: Sequence[Job], *, workers: int = 1, scheduler: Any = None,
        setup: Callable[[], object] | None = None) -> Iterator[DealRating]:
    """Rate every job, yielding each result as it comes (not in order when run in parallel):
    one at a time here, on ``workers`` processes of this machine, or on a Dask cluster
    (``scheduler``: the scheduler's address, or a ``dask.distributed.Client``). ``setup``
    (a module-level function, so that it can be sent) is called in each process before it
    rates a deal: the command line loads the player's plugins with it, so that a plugin's
    game is rated the same everywhere."""
    if scheduler is not None:
        yield from _on_dask(jobs, scheduler, partial(after_setup, setup, rate_deal))
        return
    yield from each(rate_deal, jobs, workers=workers, setup=setup, ordered=False)


def _on_dask(jobs: Sequence[Job], scheduler: Any, rate: Callable[[Job], DealRating]
             ) -> Iterator[DealRating]:
    from dask.distributed import Client, as_completed

    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        # Keyed by the job: a job sent twice is one task, and a retried worker recomputes it.
        futures = [client.submit(rate, job, key=f"spider-rate-{job.key}", pure=False)
                   for job in jobs]
        for future in as_completed(futures):
            yield future.result()
    finally:
        if client is not scheduler:
            client.close()


# ---------------------------------------------------------------------- the shipped table

def table_data(ratings: Sequence[GameRating], *, deals: str, solver_nodes: int,
               bot_nodes: int) -> dict[str, Any]:
    """The shipped file's contents."""
    return {"format": FORMAT, "deals": deals, "solver_nodes": solver_nodes,
            "bot_nodes": bot_nodes, "games": [g.to_dict() for g in ratings]}


@dataclass(frozen=True)
class Table:
    deals: str
    solver_nodes: int
    bot_nodes: int
    games: tuple[GameRating, ...]

    def game(self, variant: str, house_rules: tuple[str, ...] = ()) -> GameRating | None:
        for g in self.games:
            if g.variant == variant and g.house_rules == tuple(house_rules):
                return g
        return None


def read_table(text: str) -> Table | None:
    """The table a ratings file holds, or None if it is not one."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            return None
        return Table(str(data["deals"]), int(data["solver_nodes"]), int(data["bot_nodes"]),
                     tuple(GameRating.from_dict(g) for g in data["games"]))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


@cache
def shipped() -> Table | None:
    """The ratings shipped with the game, or None if there are none (or they are damaged)."""
    try:
        text = resources.files("spider_tui.data").joinpath("ratings.json").read_text(
            encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return None
    return read_table(text)


def percent(wins: int, n: int) -> str:
    """``62% (45-77)``: a share with its 95% Wilson interval, in whole per cent."""
    if n <= 0:
        return "—"
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})"


def report_rows(ratings: Sequence[GameRating], names: dict[str, str]
                ) -> list[tuple[str, ...]]:
    """Rows of the difficulty table, one per game: name, id (with its house rules),
    difficulty, solver's share, bot's share, mean moves (solver's wins, bot's games), and
    seconds per deal."""
    rows: list[tuple[str, ...]] = []
    for g in ratings:
        gid = g.variant + "".join(f" +{h}" for h in g.house_rules)
        rows.append((names.get(g.variant, g.variant), gid, g.level,
                     percent(g.solver_won, g.deals), percent(g.bot_won, g.deals),
                     f"{g.solver_moves:.0f}" if g.solver_won else "—", f"{g.bot_moves:.0f}",
                     f"{g.seconds:.1f}"))
    return rows


REPORT_HEADERS = ("game", "id", "difficulty", "solver wins", "bot wins", "solver moves",
                  "bot moves", "s/deal")
