"""The Textual app: the game being played, its clock, its life cycle, themes, the palette.

A game's life is four methods, so that saving and statistics hook in at one place each:
:meth:`SpiderApp.start_game` (a game begins or is resumed), :meth:`SpiderApp.act` (every move,
deal, undo and redo goes through it), :meth:`SpiderApp.end_game` (once per game: won, stuck or
abandoned), and :meth:`SpiderApp.apply_config` (settings changed). Each calls the plugins'
play-time hook of the same moment, and the :class:`~spider_tui.ui.session.Session` (the saved
game, the statistics, the settings file) when the app was given one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from time import monotonic
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES

from ..actions import APP, BOARD, BY_ID, PALETTE_ORDER, bindings, keys_of, palette_text, typed_keys
from ..config import Config
from ..engine import PLAYING, STUCK, WON, Game, IllegalMove, Move, SpiderError, Step
from .hinting import winnable
from .screens.game import GameScreen
from .themes import CARD_DEFAULTS, DEFAULT_THEME, usable_theme

# The dialogs, the menu and the help screen are imported when first shown: the first screen
# comes up sooner without them.

if TYPE_CHECKING:
    from .replaying import ReplayRequest
    from .screens.variants import GameChoice

FALLBACK_VARIANT = "spider-4suit"
#: Seconds of play between two saves of the clock (a killed terminal loses at most these).
CLOCK_SAVE_SECONDS = 5.0


class SpiderApp(App[None]):
    CSS_PATH = ["styles/app.tcss", "styles/game.tcss", "styles/dialogs.tcss"]
    TITLE = "spider-tui"
    ALLOW_SELECT = False
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = bindings(APP)

    def __init__(self, config: Config | None = None, game: Game | None = None, *,
                 manager: Any = None, notices: Iterable[str] = (),
                 session: Any = None, replay: ReplayRequest | None = None) -> None:
        """``session`` (a :class:`~spider_tui.ui.session.Session`) keeps the game saved, the
        statistics counted and the settings written; without one (tests) nothing touches
        the disk. ``replay``: the app shows that replay, and quits when it is left
        (``spider-tui replay``, ``watch``)."""
        super().__init__()
        self.session = session
        #: The replay to show once the screen is up.
        self._replay_asked = replay
        #: While a replay (or a game taken over from one) is on the board: the player's game,
        #: whether it had ended, and the session, put aside (``None`` for ``spider-tui replay``,
        #: which has no game of the player's). The session is ``None`` meanwhile, so that
        #: nothing on the board is saved or counted.
        self._aside: tuple[Game | None, bool, Any] | None = None
        #: Set once the app runs: from then on a theme chosen (by any means) is written to the
        #: settings file; the theme set while starting is not a choice.
        self._live = False
        #: The notices of the last settings write that failed: said once, not at every change.
        self._settings_trouble: list[str] = []
        if manager is None:
            from ..plugins.manager import get_manager

            manager = get_manager()
        self.manager = manager
        self.config = config if config is not None else Config()
        #: Messages to show once the screen is up (plugin load problems, settings notices).
        self.notices = list(notices)
        self.spider_themes: list[str] = []
        self._register_themes()
        self.game: Game = game if game is not None else self._first_game()
        self.game_screen: GameScreen | None = None
        self._ended = False
        # The clock runs while a started game is played on the board: not while a screen
        # covers the board or the terminal is out of focus, nor, for a game resumed, before
        # the first action.
        self._clock_at = monotonic()
        self._covered = False
        self._away = False
        self._waiting = self.game.started
        #: ``game.elapsed`` when the game was last saved.
        self._saved_elapsed = self.game.elapsed
        #: Screens kept between openings (:meth:`_kept_screen`): name -> (screen, catalog key).
        self._kept: dict[str, tuple[Screen, tuple]] = {}
        #: ``(id(game), game.actions, moves undone)`` just after a restart: an undo then takes
        #: it back, redoing those moves only (the moves undone before it stay to be redone).
        self._restarted: tuple[int, int, int] | None = None
        #: Set by :meth:`exit`: from then on keys, clicks and actions are ignored (a key pressed
        #: just after ``q`` must not open a screen while the app is being taken down).
        self.closing = False

    # ------------------------------------------------------------------ closing

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.closing = True
        super().exit(*args, **kwargs)

    async def _on_exit_app(self) -> None:
        if not self.closing:
            # Told to quit from outside, not by ``q``: the page of ``spider-tui serve`` was
            # closed, or the server stopped. Save as ``q`` does, with the time played.
            self.closing = True
            self._sync_clock()
            self._back_from_replay()
            if self.session is not None:
                self.session.on_quit(self.game)
        await super()._on_exit_app()

    async def on_event(self, event: events.Event) -> None:
        if self.closing and isinstance(event, events.InputEvent):
            return
        await super().on_event(event)

    async def run_action(self, action: Any, default_namespace: Any = None,
                         namespaces: Any = None) -> bool:
        if self.closing:
            return False
        return await super().run_action(action, default_namespace, namespaces)

    # ------------------------------------------------------------------ set-up

    def _register_themes(self) -> None:
        for spec in self.manager.themes.values():
            try:
                self.register_theme(usable_theme(spec))
            except Exception as e:  # a theme Textual cannot read is reported, not fatal
                self.notices.append(f"theme {spec.id!r} cannot be used: {e}")
                continue
            self.spider_themes.append(spec.id)
        wanted = self.config.theme if self.config.theme in self.spider_themes else DEFAULT_THEME
        if wanted in self.spider_themes:
            self.theme = wanted
            # Only the card themes are offered: Textual's own have no card colours of their own.
            for name in BUILTIN_THEMES:
                self.unregister_theme(name)
        if self.config.theme and self.config.theme != wanted and self.spider_themes:
            self.notices.append(f"theme {self.config.theme!r} is not installed; using {wanted}")

    def _first_game(self) -> Game:
        cfg = self.config
        try:
            return self.make_game(cfg.variant, None, cfg.house_rules)
        except SpiderError as e:
            self.notices.append(f"{e}; playing {FALLBACK_VARIANT} instead")
            return self.make_game(FALLBACK_VARIANT, None, ())

    def make_game(self, variant: str, deal: int | None, house_rules: Iterable[str]) -> Game:
        scoring = self.config.scoring or None
        try:
            return Game.new(variant, deal, tuple(house_rules), scoring=scoring,
                            catalog=self.manager.catalog)
        except SpiderError:
            if scoring is None:
                raise
            return Game.new(variant, deal, tuple(house_rules), catalog=self.manager.catalog)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(CARD_DEFAULTS)

    def get_default_screen(self) -> Screen:
        self.game_screen = GameScreen()
        return self.game_screen

    def on_mount(self) -> None:
        self._live = True
        if self.config.keymap:
            self.set_keymap(self.config.keymap)
        problems = list(self.manager.problems) + self.notices
        self.notices = []
        if problems:
            self.notify("\n".join(problems), title="Some plugins or settings had problems",
                        severity="warning", timeout=12, markup=False)
        self.set_interval(1.0, self._tick)
        self.app_suspend_signal.subscribe(self, self._suspending)
        self._announce_start(self.game)
        pending = getattr(self.session, "pending", None)
        if pending is not None:
            self.session.pending = None
            self.call_after_refresh(self._ask_keep_saved, pending)
        else:
            self._check_over()
        self._ask_if_open_elsewhere()
        if self._replay_asked is not None:
            self.call_after_refresh(self.replay, self._replay_asked)
        if getattr(self.session, "first_start", False):
            self.session.first_start = False
            self.call_after_refresh(self._ask_suits)

    def _ask_suits(self) -> None:
        """A first start: how many suits? The answer is the settings' variant from now on (Esc
        keeps the game dealt, and that is remembered too: the question comes once)."""
        from .screens.welcome import SUITS, SuitsScreen

        def answered(answer: str | None) -> None:
            variant = SUITS.get(answer or "")
            if variant is None or variant not in self.manager.catalog.variants:
                variant = self.game.rules.id
            self.config.variant = variant
            self._remember("variant")
            if variant != self.game.rules.id and not self.game.started:
                self.start_game(self.make_game(variant, None, self.config.house_rules))

        self.push_screen(SuitsScreen(), answered)

    def _ask_keep_saved(self, requested: Game) -> None:
        """The command line asked for ``requested`` over a saved game in progress: which?"""
        from .screens.confirm import KeepSavedScreen

        def answered(answer: str | None) -> None:
            if answer == "new":
                self.start_game(requested)
            else:
                self._check_over()
        self.push_screen(KeepSavedScreen(self.game, requested), answered)

    def _ask_if_open_elsewhere(self) -> None:
        """Another spider-tui had the saved game open when this one started: ask the player."""
        other = getattr(self.session, "elsewhere", None)
        if other is None:
            return
        from .screens.elsewhere import ElsewhereScreen

        who = other.describe()

        def answered(answer: str | None) -> None:
            if answer == "quit":
                self.exit()
            elif answer == "take":
                game, notices = self.session.take_over()
                self._notices(notices)
                if game is not None and game is not self.game:
                    self.start_game(game, resumed=True)
            else:
                self._notices([f"This game is not saved: {who} has the saved game open."])

        self.push_screen(ElsewhereScreen(who), answered)

    # ------------------------------------------------------------------ the game's life

    def start_game(self, game: Game, *, resumed: bool = False) -> None:
        """Make ``game`` the one being played (ending the current one first). ``resumed``: the
        session has set it up already (a saved game taken over), so it is not a new game."""
        old = self.game
        if old is not game and not self._ended and old.started:
            self.end_game(old.status if old.status != PLAYING else "abandoned")
        if self.session is not None and old is not game and not resumed:
            if old.started and old.status != WON:
                self._notices(self.session.abandon(old))
            self._notices(self.session.new_game_started(game))
        self.game = game
        self._ended = False
        self._clock_at = monotonic()
        self._waiting = game.started
        self._saved_elapsed = game.elapsed
        if self.game_screen is not None and self.game_screen.is_mounted:
            self.game_screen.load_game()
        self._announce_start(game)
        self._check_over()

    def _announce_start(self, game: Game) -> None:
        if self._aside is None:
            self._report(self.manager.notify("game_started", game=game))

    def act(self, kind: str, move: Move | None = None) -> Step:
        """Play a move or a deal (``kind`` "move"/"deal", with ``move``), or "undo"/"redo", or
        "undo_all"/"redo_all" (every step, each counted), or "restart" (back to the deal as one
        action; an undo straight after it puts the game back as it was, as one action too).
        Returns the (last) step.

        Raises :class:`IllegalMove` (with the player's reason) and changes nothing then."""
        game = self.game
        self._sync_clock()
        undone = 0  # the moves a restart undid, which an undo straight after redoes
        if kind == "undo" and self._restarted is not None and self.restarted():
            kind, undone = "unrestart", self._restarted[2]
        steps: list[Step]
        if kind == "undo":
            steps = [game.undo()]
        elif kind == "redo":
            steps = [game.redo()]
        elif kind in ("undo_all", "restart"):
            steps = game.undo_all(as_one=kind == "restart")
        elif kind == "redo_all":
            steps = game.redo_all()
        elif kind == "unrestart":
            steps = game.redo_all(as_one=True, count=undone)
        else:
            if move is None:
                raise IllegalMove("no move given")
            steps = [game.play(move)]
            kind = "deal" if steps[0].move.is_deal else "move"
        self._restarted = (id(game), game.actions, len(steps)) if kind == "restart" else None
        self._waiting = False  # the clock starts (again) with the first action
        self._clock_at = monotonic()
        # Saved first: whatever a plugin's hook does after, the action is not lost.
        if self.session is not None:
            self._notices(self.session.after_action(game))
            self._saved_elapsed = game.elapsed
        # Plugins hear of each step as an undo, a redo, a move or a deal.
        each = {"undo_all": "undo", "restart": "undo", "redo_all": "redo",
                "unrestart": "redo"}.get(kind, kind)
        for step in steps if self._aside is None else ():
            self._report(self.manager.notify("action_played", game=game, step=step,
                                             kind=each))
        if self._ended and game.status == PLAYING:
            self._ended = False  # an undo out of a stuck position: the game goes on
        self._check_over()
        return steps[-1]

    def end_game(self, status: str) -> None:
        """The game is over (``won``, ``stuck`` or ``abandoned``); called once per game."""
        if self._ended:
            return
        self._ended = True
        self._sync_clock()
        if self._aside is None:
            self._report(self.manager.notify("game_ended", game=self.game, status=status))

    def _check_over(self) -> None:
        status = self.game.status
        board = self.game_screen
        if board is not None and board.replay.active:
            if status != PLAYING:  # the replay's last move: it says so, no summary
                self.call_after_refresh(board.replay.say_end)
            return
        if status == WON:
            self.end_game(WON)
            self.call_after_refresh(self._show_result, WON)
        elif status == STUCK:
            self.call_after_refresh(self._show_result, STUCK)

    def _show_result(self, status: str) -> None:
        from .screens.stuck import StuckScreen
        from .screens.won import WonScreen

        if self.game.status != status or isinstance(self.screen, (WonScreen, StuckScreen)):
            return
        board = self.game_screen
        if board is not None and board.motion.busy:
            # The last cards are still on their way (and a win is being celebrated). A key
            # that cuts that short is the board's: the summary comes after it.
            board.motion.then(partial(self.call_after_refresh, self._show_result, status))
            return
        if status == WON:
            self.push_screen(WonScreen(self.game), self._after_won)
        else:
            self.push_screen(StuckScreen(self.game), self._after_stuck)

    def _after_won(self, answer: str | None) -> None:
        if answer == "new":
            self.new_deal(confirm=False)
        elif answer == "choose":
            self.call_later(self.action_choose_game)

    def _after_stuck(self, answer: str | None) -> None:
        if answer == "undo" and self.game_screen is not None:
            self.game_screen.perform("undo")
        elif answer == "review" and self.game_screen is not None:
            self.game_screen.review()
        elif answer == "new":
            self.new_deal(confirm=False)

    def report_news(self) -> None:
        """Tell the player about a plugin's variant or scoring scheme that failed in play and
        was switched off (the game screen asks after every action and every second)."""
        self._report(self.manager.take_news())

    def _report(self, problems: list[str]) -> None:
        if problems:
            self.notify("\n".join(problems), title="A plugin failed", severity="warning",
                        timeout=10, markup=False)

    def _notices(self, notices: list[str]) -> None:
        """What the session has to say (a file that could not be written, say)."""
        if notices:
            self.notify("\n".join(notices), severity="warning", timeout=10, markup=False)

    def hint_used(self) -> None:
        """A hint was shown (a win with no hints is worth knowing about)."""
        if self.session is not None:
            self._notices(self.session.hint_shown())

    async def action_quit(self) -> None:
        self._sync_clock()
        self._back_from_replay()
        if self.session is not None:
            self._notices(self.session.on_quit(self.game))
        self.exit()

    def _suspending(self, _app: Any = None) -> None:
        self._sync_clock()
        session = self._player_session()
        game = self._aside[0] if self._aside is not None else self.game
        if session is not None and game is not None:
            self._notices(session.on_suspend(game))

    # ------------------------------------------------------------------ the clock

    def clock_running(self) -> bool:
        game = self.game
        return (game.started and game.status == PLAYING and not self._ended
                and not (self._covered or self._away or self._waiting))

    def _sync_clock(self) -> None:
        now = monotonic()
        if self.clock_running():
            self.game.elapsed += now - self._clock_at
        self._clock_at = now

    def board_covered(self, covered: bool) -> None:
        """A screen opened over the board (or the last one closed): the clock stops (goes
        on)."""
        self._sync_clock()
        self._covered = covered

    def on_app_blur(self) -> None:
        """The terminal lost the focus: the clock stops, and the game is saved (the terminal
        may be closed next)."""
        self._sync_clock()
        self._away = True
        self._keep_time()

    def on_app_focus(self) -> None:
        self._sync_clock()
        self._away = False

    def _keep_time(self) -> None:
        """Save the game if its clock moved since the last save."""
        game = self.game
        if self.session is not None and game.elapsed != self._saved_elapsed:
            self._saved_elapsed = game.elapsed
            self._notices(self.session.keep_time(game))

    def _tick(self) -> None:
        self._sync_clock()
        if self.game.elapsed - self._saved_elapsed >= CLOCK_SAVE_SECONDS:
            self._keep_time()
        if self.game_screen is not None and self.game_screen.is_mounted:
            self.game_screen.refresh_status()

    # ------------------------------------------------------------------ new games

    def in_progress(self) -> bool:
        """Would starting another game throw this one away?"""
        return self.game.started and self.game.status == PLAYING and not self._ended

    def _confirm_then(self, question: str, start: Any) -> None:
        from .screens.confirm import ConfirmScreen

        if self.config.confirm_new_game and self.in_progress():
            def answered(answer: str | None) -> None:
                if answer == "yes":
                    start()
            self.push_screen(ConfirmScreen(question, yes="Start it", no="Keep playing"),
                             answered)
        else:
            start()

    def new_game(self, variant: str, deal: int | None = None,
                 house_rules: Iterable[str] = (), *, confirm: bool = True) -> None:
        """Start a deal of ``variant`` (asking first if that abandons a game in progress)."""
        self._back_from_replay(show=True)
        try:
            game = self.make_game(variant, deal, house_rules)
        except SpiderError as e:
            self._say(str(e), "warning")
            return
        if not confirm:
            self.start_game(game)
            return
        what = f"deal {deal}" if deal is not None else "a new deal"
        self._confirm_then(f"Start {what} of {game.rules.name}? The game in progress will "
                           "count as abandoned.", partial(self.start_game, game))

    def new_deal(self, confirm: bool = True) -> None:
        """A random deal of the variant and house rules being played."""
        g = self.game
        self.new_game(g.rules.id, None, g.rules.house_rules, confirm=confirm)

    def restarted(self) -> bool:
        """Was the last action a restart (so that an undo now takes it back)?"""
        game = self.game
        return (self._restarted is not None
                and self._restarted[:2] == (id(game), game.actions) and game.can_redo())

    def winnable_deal(self) -> None:
        import random

        deals = winnable(self.game.rules.id)
        if not deals:
            self._say(f"no winnable deals are known for {self.game.rules.name}", "warning")
            return
        self.new_game(self.game.rules.id, random.choice(deals), ())

    async def action_choose_game(self) -> None:
        from .screens.variants import VariantScreen

        if isinstance(self.screen, VariantScreen):
            return
        rules = self.game.rules
        screen, kept = self._kept_screen(
            "menu", lambda: VariantScreen(rules.id, rules.house_rules))
        if kept:
            await screen.reset(rules.id, rules.house_rules)
        self.push_screen(screen, self._chosen)

    def _kept_screen(self, name: str, make: Callable[[], Screen]) -> tuple[Any, bool]:
        """The screen ``name`` kept (installed) between openings, and whether it was made
        before: building the settings and the game menu took most of the time they took to
        open. It is made again when the plugins' variants, house rules or scoring schemes,
        or the themes, changed since."""
        cat = self.manager.catalog
        key = (tuple(cat.variants), tuple(cat.house_rules), tuple(cat.scoring),
               tuple(self.spider_themes))
        kept = self._kept.get(name)
        if kept is not None and kept[1] == key and self.is_screen_installed(kept[0]):
            return kept[0], True
        if kept is not None and self.is_screen_installed(kept[0]):
            self.uninstall_screen(kept[0])
        screen = make()
        self.install_screen(screen, f"kept-{name}")
        self._kept[name] = (screen, key)
        return screen, False

    def _chosen(self, choice: GameChoice | ReplayRequest | None) -> None:
        from .replaying import ReplayRequest

        if isinstance(choice, ReplayRequest):
            self.replay(choice)
        elif choice is not None:
            self.new_game(choice.variant, choice.deal, choice.house_rules)

    # ------------------------------------------------------------------ replays

    def history(self) -> Any:
        """The list of finished games (a :class:`~spider_tui.store.history.HistoryStore`), or
        ``None`` when the app keeps none (no session: tests, ``spider-tui replay``)."""
        return getattr(self._player_session(), "history", None)

    def choose_finished(self, then: Callable[[Any], object]) -> None:
        """The finished games kept (:class:`~spider_tui.ui.screens.finished.FinishedScreen`):
        ``then(request)`` with the one chosen (nothing if none is)."""
        from .screens.finished import FinishedScreen

        def chosen(request: ReplayRequest | None) -> None:
            if request is not None:
                then(request)

        self.push_screen(FinishedScreen(self.history(), self.manager.catalog), chosen)

    def action_replay_finished(self) -> None:
        """The palette's "Replay a finished game": the one chosen is replayed on the board."""
        self.choose_finished(self.replay)

    def _player_session(self) -> Any:
        """The session of the player's own game, even while a replay has put it aside."""
        return self._aside[2] if self._aside is not None else self.session

    def replay(self, request: ReplayRequest) -> None:
        """Show ``request`` on the board. The player's game is put aside (its clock saved),
        and comes back when the replay is left; nothing on the board is saved or counted
        meanwhile."""
        board = self.game_screen
        if board is None:
            return
        if self._aside is None:
            self._sync_clock()
            if self.session is not None:
                self._notices(self.session.keep_time(self.game))
            self._aside = (self.game if self.session is not None or self._replay_asked is None
                           else None, self._ended, self.session)
            self.session = None
        board.replay.end()
        self._put_on_board(request.start, True)
        board.replay.begin(request)
        board.refresh_bindings()

    def take_over_replay(self) -> None:
        """Play on from the replay's table: a practice game, neither saved nor counted (the
        player's own game comes back with a new game, the game menu, or quitting)."""
        board = self.game_screen
        if board is None or not board.replay.active:
            return
        board.replay.end()
        self._ended = False
        self._check_over()
        board.say("Practice from here: neither saved nor counted (a new game brings yours "
                  "back)")
        board.refresh_board()

    def leave_replay(self) -> None:
        """End the replay: the player's game comes back (``spider-tui replay``: quit)."""
        if self._aside is not None and self._aside[0] is None:
            self.exit()
            return
        self._back_from_replay(show=True)

    def _back_from_replay(self, show: bool = False) -> None:
        """Put the player's game and session back, if a replay put them aside."""
        if self._aside is None:
            return
        game, ended, session = self._aside
        self._aside = None
        self.session = session
        if self.game_screen is not None:
            self.game_screen.replay.end()
        if game is None:
            return  # spider-tui replay: no game of the player's to come back to
        if show:
            self._put_on_board(game, ended)
            self._check_over()
        else:
            self.game = game
            self._ended = ended

    def _put_on_board(self, game: Game, ended: bool) -> None:
        """Show ``game`` as it is, beginning or ending nothing (a replay comes or goes)."""
        self.game = game
        self._ended = ended
        self._clock_at = monotonic()
        self._waiting = game.started
        self._saved_elapsed = game.elapsed
        self._restarted = None
        if self.game_screen is not None and self.game_screen.is_mounted:
            self.game_screen.load_game()

    def _say(self, text: str, severity: str = "information") -> None:
        if self.game_screen is not None and self.game_screen.is_mounted:
            self.game_screen.say(text[:1].upper() + text[1:], severity)
        else:
            self.notify(text, severity=severity)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ settings and looks

    def apply_config(self, config: Config) -> None:
        """Use changed settings now (the settings screen calls this)."""
        self.config = config
        if config.theme in self.spider_themes:
            self.theme = config.theme
        self.set_keymap(config.keymap)
        if self.game_screen is not None and self.game_screen.is_mounted:
            self.game_screen.refresh_board()

    def action_next_theme(self) -> None:
        names = self.spider_themes or list(self.available_themes)
        i = names.index(self.theme) if self.theme in names else -1
        self.set_theme(names[(i + 1) % len(names)])

    def theme_label(self, name: str) -> str:
        spec = self.manager.themes.get(name)
        return spec.name if spec is not None else name

    def set_theme(self, name: str) -> None:
        self.theme = name
        self._say(f"Theme: {self.theme_label(name)}")

    def watch_theme(self, name: str) -> None:
        """However the theme was changed (``t``, the palette, Textual's theme search, the
        settings screen), the settings keep it for the next start."""
        if not self._live or name == self.config.theme:
            return
        self.config.theme = name
        if name in self.spider_themes:
            self._remember("theme")

    def toggle(self, setting: str) -> None:
        value = not getattr(self.config, setting)
        setattr(self.config, setting, value)
        self._remember(setting)
        label = {"one_tap": "One-tap moves", "four_colour": "Four-colour suits"}[setting]
        self._say(f"{label} {'on' if value else 'off'}")
        if self.game_screen is not None:
            self.game_screen.selector.selection = None
            self.game_screen.refresh_board()

    def _remember(self, *settings: str) -> None:
        """Write ``settings`` (changed on the board) to the settings file, every other key of
        it kept. A file that cannot be written is said once, until a write works again."""
        if self.session is None:
            return
        notices = self.session.save_settings(self.config, only=settings)
        if notices and notices != self._settings_trouble:
            self._notices(notices)
        self._settings_trouble = notices

    async def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if isinstance(self.screen, SettingsScreen):
            return

        def done(config: Config | None) -> None:
            if config is None:
                return
            if self.session is not None:
                self._notices(self.session.save_settings(config))
            self.apply_config(config)
        screen, kept = self._kept_screen(
            "settings", lambda: SettingsScreen(self.config, catalog=self.manager.catalog))
        if kept:
            await screen.reset(self.config)
        self.push_screen(screen, done)

    def action_stats(self) -> None:
        from .screens.stats import StatsScreen

        if isinstance(self.screen, StatsScreen):
            return
        session = self._player_session()
        stats = session.stats if session is not None else None
        if stats is None:
            self._say("statistics are kept when the game runs from the command line")
            return
        self.push_screen(StatsScreen(stats, (self.game.rules.id, self.game.rules.house_rules),
                                     catalog=self.manager.catalog))

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    # ------------------------------------------------------------------ the command palette

    def action_command_palette(self) -> None:
        # Textual's own, but closed once by a double click beside it (screens/modal.py).
        from .screens.modal import Commands

        if self.use_command_palette and not Commands.is_open(self):
            self.push_screen(Commands(id="--command-palette"))

    def daily(self) -> None:
        from .screens.variants import daily_deal

        g = self.game
        self.new_game(g.rules.id, daily_deal(), g.rules.house_rules)

    def action_daily(self) -> None:
        self.daily()

    def action_winnable_deal(self) -> None:
        self.winnable_deal()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from .screens.variants import daily_deal

        cfg = self.config
        offered = {"winnable_deal": bool(winnable(self.game.rules.id)),
                   "stats": self.session is not None,
                   "finished_games": self.history() is not None}
        for action_id in PALETTE_ORDER:
            action = BY_ID[action_id]
            if action.palette is None or not offered.get(action_id, True):
                continue
            # The action the keys run, where they run it: the board's on the game screen.
            namespace = self.game_screen if action.owner == BOARD else self
            yield SystemCommand(action.palette[0],
                                palette_text(action, cfg.keymap, deal=str(daily_deal())),
                                partial(self.run_action, action.action, namespace))
        yield SystemCommand(f"One-tap moves: turn {'off' if cfg.one_tap else 'on'}",
                            "A click sends the cards to the best place",
                            partial(self.toggle, "one_tap"))
        yield SystemCommand(f"Four-colour suits: turn {'off' if cfg.four_colour else 'on'}",
                            "Each suit its own colour", partial(self.toggle, "four_colour"))
        cycle = typed_keys(keys_of("next_theme", cfg.keymap))
        for name in self.spider_themes:
            yield SystemCommand(f"Theme: {self.theme_label(name)}",
                                f"Switch the colours ({cycle} cycles)",
                                partial(self.set_theme, name))
        yield from super().get_system_commands(screen)
