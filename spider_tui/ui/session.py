"""What the app keeps on disk, behind one object: the settings, the saved game, the statistics and
what the app knows about the game being played (:class:`~spider_tui.store.SaveMeta`).

Each method is one call for the app at one moment of a game's life, and none raises: a disk
problem, a damaged file or even a bug in a store becomes a one-line notice for the player, since
losing the game in progress to a traceback is worse than any file problem.

The session keeps the metadata of exactly one game, the one the app plays. ``abandon`` and
``after_action`` are meant for that game; ``new_game_started`` moves the session on to the next.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from ..config import Config, save_config
from ..config import default_path as default_config_path
from ..engine import WON, Game, SpiderError
from ..engine.catalog import Catalog
from ..store import LoadResult, SaveMeta, SaveStore, StatsStore
from ..store import history as _history

FALLBACK_VARIANT = "spider-4suit"


class Session:
    """The settings, the saved game and the statistics of one run of the app."""

    def __init__(self, config: Config, *, manager: Any = None, catalog: Catalog | None = None,
                 saves: SaveStore | None = None, stats: StatsStore | None = None,
                 config_path: Path | None = None,
                 history: _history.HistoryStore | None = None) -> None:
        if catalog is None:
            if manager is None:
                from ..plugins.manager import get_manager

                manager = get_manager()
            catalog = manager.catalog
        self.config = config
        self.catalog = catalog
        self.saves = saves if saves is not None else SaveStore(catalog=catalog)
        self.stats = stats if stats is not None else StatsStore()
        #: The games finished, kept to be replayed (beside the statistics, unless given).
        self.history = history if history is not None else _history.HistoryStore(
            self.stats.path.with_name(_history.FILE_NAME))
        self.config_path = config_path
        #: What the app knows about :attr:`game` beyond the engine's record.
        self.meta = SaveMeta()
        #: The game the session last heard of (the one the app plays).
        self.game: Game | None = None
        #: ``game_id`` of the game whose win was last counted, so that every action after a win
        #: (the player looking at the table, undoing and winning again) does not count it again.
        self._win_counted: str | None = None
        #: At start-up, another running spider-tui had the saved game open (an
        #: :class:`~spider_tui.store.owner.Owner`): the app asks the player what to do
        #: (:meth:`take_over`, or play on here without saving).
        self.elsewhere: Any = None
        #: What :meth:`start` was asked for, to start again after :meth:`take_over`.
        self._asked: tuple = (None, None, (), None)
        #: The game the command line asked for over a saved game in progress, which
        #: :meth:`start` kept: the app asks the player which of the two to play.
        self.pending: Game | None = None
        #: A first start (:meth:`start` found no settings file and no saved game, and nothing
        #: was asked on the command line): the app asks how many suits, once.
        self.first_start = False

    # ------------------------------------------------------------------ start-up

    def start(self, requested_variant: str | None = None, deal: int | None = None,
              house_rules: Iterable[str] = (), *, game: Game | None = None
              ) -> tuple[Game, list[str]]:
        """The game to play at start-up, and notices.

        The saved game is resumed unless the command line asked for a game (a variant, a deal,
        house rules, or a ``game`` it built itself). A saved game in progress is then kept, and
        the game asked for waits in :attr:`pending` for the player to choose in the app (with
        ``confirm_new_game`` off it is given up at once and counts as a loss, as a new game from
        the menu would). A saved game that cannot be read (moved aside by the store, see the
        notices) or that was won gives way to a new game of the default variant. A stuck game
        is resumed: the player may still undo out of it.

        If another running spider-tui has the saved game open (:attr:`elsewhere` is then set),
        the saved game is neither read nor counted nor written: the game asked for, or a new
        one, is played without being saved, unless the player chooses :meth:`take_over`.
        """
        house_rules = tuple(house_rules)
        self._asked = (requested_variant, deal, house_rules, game)
        notices: list[str] = []
        try:
            self.elsewhere = self.saves.claim()
        except Exception as e:  # the store promises not to raise; a bug must not stop start-up
            self.elsewhere = None
            notices.append(f"Whether another spider-tui has the saved game open could not be "
                           f"checked: {_why(e)}")
        if self.elsewhere is not None:
            if game is None:
                game, more = self._asked_game(requested_variant, deal, house_rules)
                notices += more
            self.game = game
            self.meta = SaveMeta()
            self._win_counted = None
            return game, notices
        try:
            loaded = self.saves.load()
        except Exception as e:  # the store promises not to raise; a bug must not stop start-up
            loaded = LoadResult(None, SaveMeta(), [f"The saved game could not be read: {_why(e)}"])
        notices.extend(loaded.notices)
        saved = loaded.game
        asked = (game is not None or requested_variant is not None or deal is not None
                 or bool(house_rules))
        self.first_start = (not asked and saved is None and not loaded.notices
                            and not os.path.lexists(self.config_path or default_config_path()))
        if saved is not None and saved.status == WON:
            # Normally counted already; counted now if the statistics could not be written then.
            notices += self._notices("The win could not be counted", self.stats.record_win,
                                     saved, loaded.meta)
            notices += self._keep(saved, loaded.meta)
            saved = None
        if saved is not None and not asked:
            return self._resume(saved, loaded.meta), notices
        if game is None:
            game, more = self._asked_game(requested_variant, deal, house_rules)
            notices += more
        if saved is not None and saved.started:
            if self.config.confirm_new_game:
                self.pending = game
                return self._resume(saved, loaded.meta), notices
            notices += self._notices("The saved game could not be counted",
                                     self.stats.record_abandoned, saved, loaded.meta)
            notices += self._keep(saved, loaded.meta)
            notices.append(f"The saved game ({saved.rules.name}, deal {saved.deal}) was replaced "
                           f"by the one asked for on the command line; it counts as a loss.")
        notices += self.new_game_started(game)
        return game, notices

    def _asked_game(self, requested_variant: str | None, deal: int | None,
                    house_rules: tuple[str, ...]) -> tuple[Game, list[str]]:
        """A new game of what the command line asked for (the settings' default if nothing)."""
        if requested_variant is None and deal is None and not house_rules:
            return self.make_game()
        # A variant named alone is played without the default's house rules, which may not
        # even apply to it; a deal number alone keeps them.
        hrs = house_rules if requested_variant is not None or house_rules else None
        return self.make_game(requested_variant, deal, hrs)

    def take_over(self) -> tuple[Game | None, list[str]]:
        """The player chose to take the saved game over from the other spider-tui (see
        :attr:`elsewhere`): from now on this one saves, and the other saves its game aside.
        Returns what :meth:`start` would have (the saved game resumed, or the game asked for,
        which then replaces it) and notices; no game if it could not be taken over."""
        try:
            self.saves.take_over()
        except Exception as e:  # the store promises not to raise
            return None, [f"The saved game could not be taken over: {_why(e)}"]
        requested_variant, deal, house_rules, game = self._asked
        return self.start(requested_variant, deal, house_rules, game=game)

    def _resume(self, saved: Game, meta: SaveMeta) -> Game:
        self.meta = meta
        self.game = saved
        self._win_counted = None
        return saved

    def make_game(self, variant: str | None = None, deal: int | None = None,
                  house_rules: Iterable[str] | None = None) -> tuple[Game, list[str]]:
        """A new game (default: the settings' variant and house rules, a random deal) under the
        settings' scoring scheme, and notices. Never raises for a bad id: a scoring scheme that
        cannot be used gives way to the variant's own, a variant or house rule to the default
        variant without house rules."""
        cfg = self.config
        variant = variant or cfg.variant
        hrs = tuple(cfg.house_rules if house_rules is None else house_rules)
        attempts: list[tuple[str, int | None, tuple[str, ...], str | None]] = []
        if cfg.scoring:
            attempts.append((variant, deal, hrs, cfg.scoring))
        attempts.append((variant, deal, hrs, None))
        attempts.append((FALLBACK_VARIANT, deal, (), None))
        attempts += [(v, None, (), None) for v in self.catalog.variants]
        errors: list[str] = []
        for v, d, h, scoring in attempts:
            try:
                made = Game.new(v, d, h, scoring=scoring, catalog=self.catalog)
            except SpiderError as e:
                errors.append(str(e))
                continue
            if not errors:
                return made, []
            instead = ("the variant's own scoring is used" if (v, h) == (variant, hrs)
                       else f"playing {made.rules.name} instead")
            return made, [f"{errors[0][:1].upper()}{errors[0][1:]}; {instead}."]
        raise LookupError("no variant is installed")  # only if the built-in plugin is gone

    # ------------------------------------------------------------------ during play

    def after_action(self, game: Game) -> list[str]:
        """After every move, deal, undo and redo: count a win the first time the game is won,
        then save the game (in that order: a crash between the two then leaves a save from
        before the win, and playing the last move again cannot count it twice)."""
        self.game = game
        notices: list[str] = []
        if game.status == WON and self._win_counted != self.meta.game_id:
            notices += self._notices("The win could not be counted", self.stats.record_win,
                                     game, self.meta)
            notices += self._keep(game, self.meta)
            self._win_counted = self.meta.game_id
        return notices + self._save(game)

    def hint_shown(self) -> list[str]:
        """A hint was shown: the game is no longer a win with no hint. Saved at once so that a
        crash cannot forget it."""
        self.meta.hints_used += 1
        return self._save(self.game) if self.game is not None else []

    def abandon(self, game: Game) -> list[str]:
        """The player gives ``game`` up for another (after the confirmation, before the new game
        replaces it): a started, unwon game counts as a loss and ends the streak."""
        return self._notices("The abandoned game could not be counted",
                             self.stats.record_abandoned, game, self.meta) + self._keep(
                                 game, self.meta)

    def new_game_started(self, game: Game) -> list[str]:
        """``game`` replaces the one before (call :meth:`abandon` for that first): it gets fresh
        metadata and is saved at once, so that the save never holds a game already given up."""
        self.game = game
        self.meta = SaveMeta()
        self._win_counted = None
        return self._save(game)

    def on_quit(self, game: Game) -> list[str]:
        """The app is quitting (sync the clock first, so the time played is kept): save the
        game, then let the next spider-tui have the saved game."""
        notices = self._save(game)
        return notices + self._notices("The saved game could not be let go", self.saves.release)

    def on_suspend(self, game: Game) -> list[str]:
        """The app is being suspended (Ctrl+Z): it may never come back."""
        return self._save(game)

    def keep_time(self, game: Game) -> list[str]:
        """The clock ran a few seconds, or stopped: save, so that a killed terminal loses at
        most those seconds of the time played."""
        return self._save(game)

    # ------------------------------------------------------------------ settings

    def save_settings(self, config: Config, only: Collection[str] | None = None) -> list[str]:
        """Write the settings the settings screen returned (and use them for new games); with
        ``only``, just those settings (changed on the board: the theme, a toggle), every other
        key of the file kept as it is."""
        self.config = config
        return self._notices("The settings could not be saved",
                             partial(save_config, only=only), config, self.config_path)

    # ------------------------------------------------------------------ helpers

    def _keep(self, game: Game, meta: SaveMeta) -> list[str]:
        """A game the statistics just counted goes into the list of finished games."""
        return self._notices("The finished game could not be kept", self.history.add, game,
                             meta)

    def _save(self, game: Game) -> list[str]:
        self.game = game
        return self._notices("The game could not be saved", self.saves.save, game, self.meta)

    @staticmethod
    def _notices(what: str, call: Callable[..., list[str]], *args: Any) -> list[str]:
        """The notices ``call(*args)`` returns, or one saying what failed if it raised."""
        try:
            return list(call(*args))
        except Exception as e:  # the stores promise not to raise; a bug must not end the game
            return [f"{what}: {_why(e)}"]


def _why(e: Exception) -> str:
    lines = str(e).strip().splitlines()
    return lines[0] if lines else type(e).__name__
