"""Every action a player can take by a key or from the command palette, in one table.

The game screen's and the app's ``BINDINGS``, the binding ids ``[keymap]`` in ``config.toml``
accepts, the key bar (the bindings shown), the command palette's entries and the help screen's
key table are all drawn from :data:`ACTIONS`, with the keys the player's keymap gives them now,
so that a key remapped in ``config.toml`` shows everywhere.

This module is plain data, below the UI: it imports neither Textual nor the UI, so that the
settings (:mod:`spider_tui.config`) can read the ids without loading the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Whose binding an action is: the game screen's (the board) or the app's.
BOARD = "board"
APP = "app"

#: The keys of Shift+1 … Shift+0 on a US keyboard (! @ # $ % ^ & * ( )): columns 11 to 20.
SHIFTED_DIGITS = ("exclamation_mark", "at", "number_sign", "dollar_sign", "percent_sign",
                  "circumflex_accent", "ampersand", "asterisk", "left_parenthesis",
                  "right_parenthesis")


@dataclass(frozen=True)
class Action:
    """One thing a player can do."""

    #: The binding id, as ``[keymap]`` names it; for an action with no keys, only a name.
    id: str
    #: The Textual action run, on the game screen (:data:`BOARD`) or on the app (:data:`APP`).
    action: str
    #: The keys it has when the keymap does not name it ("u,z,U,Z"); "" for no keys (the
    #: palette alone offers it, and the keymap cannot name it).
    keys: str
    #: Its name on the key bar and in the settings' keys tab.
    label: str
    #: What the help screen's key table says it does ("" keeps it out of the table).
    help: str = ""
    owner: str = BOARD
    #: Shown on the key bar under the board.
    bar: bool = False
    #: The command palette's title and text; ``{keys}`` in the text is replaced by the keys
    #: bound now ("Take back the last action ({keys})" -> "... (u or z)").
    palette: tuple[str, str] | None = None


def _column(n: int, key: str) -> Action:
    return Action(f"column_{n}", f"column({n - 1})", key, f"Column {n}")


ACTIONS: tuple[Action, ...] = (
    # The game screen's, in the key bar's order.
    Action("undo", "undo", "u,z,U,Z", "Undo", "Undo (as often as you like; each costs a point)",
           bar=True, palette=("Undo", "Take back the last action ({keys})")),
    Action("redo", "redo", "r,R,ctrl+y", "Redo", "Redo what was undone", bar=True,
           palette=("Redo", "Play the undone action again ({keys})")),
    Action("undo_all", "undo_all", "home", "Undo all",
           "Undo all: back to the start (each move counts as an undo)",
           palette=("Undo all", "Take back every move, each counted as an undo ({keys})")),
    Action("redo_all", "redo_all", "end", "Redo all", "Redo all the moves undone",
           palette=("Redo all", "Play every undone move again ({keys})")),
    Action("restart", "restart", "ctrl+r", "Restart",
           "Restart this deal, as one action (undo takes it back)",
           palette=("Restart this deal", "Back to the cards as dealt, as one action; undo "
                    "takes it back ({keys})")),
    Action("pause", "pause", "p,P", "Pause",
           "Pause: hide the table and stop the clock; any key goes on", bar=True,
           palette=("Pause", "Hide the table and stop the clock; any key goes on ({keys})")),
    Action("hint", "hint", "H", "Hint", "Hint: a good move lights up; again for the next one",
           bar=True, palette=("Hint", "Show a good move; again for the next one ({keys})")),
    Action("deal", "deal", "d,D", "Deal",
           "Deal a row from the stock, or turn the stock onto the waste", bar=True,
           palette=("Deal a row", "One card from the stock onto every column ({keys})")),
    Action("new_game", "new_game", "n,N", "New", "New deal of this variant (asks first mid-game)",
           bar=True, palette=("New deal", "A random deal of this variant ({keys})")),
    Action("choose_game", "choose_game", "g,G", "Game",
           "Choose a game: variant, house rules, which deal", bar=True,
           palette=("Choose a game", "Variant, house rules, deal number, daily or winnable "
                    "deal ({keys})")),
    Action("cursor_left", "cursor(-1, 0)", "left,h", "Left", "Cursor to the column on the left"),
    Action("cursor_right", "cursor(1, 0)", "right,l", "Right",
           "Cursor to the column on the right"),
    Action("cursor_up", "cursor(0, -1)", "up,k", "Up",
           "Cursor up the cards (more of them), then to the top row"),
    Action("cursor_down", "cursor(0, 1)", "down,j", "Down", "Cursor down the cards"),
    Action("pick_drop", "pick_drop", "enter,space", "Pick up / drop",
           "Pick up the cards at the cursor / put them down"),
    Action("to_foundation", "to_foundation", "f,F", "To foundation",
           "To a foundation: the card picked up, or the best one"),
    Action("cells", "cells", "c,C", "Free cell",
           "To a free cell; or pick up a cell's card (again: the next)"),
    Action("waste", "waste", "w,W", "Waste", "Pick up the waste's card (again: to its best place)"),
    Action("cancel", "cancel", "escape", "Cancel",
           "Put picked-up cards back; hide the hint or the cursor"),
    Action("same_rank", "same_rank", "e,equals_sign", "Same rank",
           "Light the cards of the rank at the cursor (any key: off)",
           palette=("Same rank", "Light every face-up card of the rank of the card at the "
                    "cursor ({keys}; or right-click a card)")),
    Action("finish", "finish", "a,A", "Finish for me",
           "Finish for me (once every card is face up, the stock empty)",
           palette=("Finish for me", "Once every card is face up and the stock is empty, the "
                    "solver plays the game out ({keys}; any key stops it)")),
    *(_column(i + 1, str((i + 1) % 10)) for i in range(10)),
    Action("peek", "peek", "i,I", "Peek",
           "Peek: can this game still be won? (counts as a hint)",
           palette=("Peek: still winnable?", "The solver reads the real cards: winnable, no "
                    "longer winnable (since which move) or not known yet; counts as a hint "
                    "({keys})")),
    # Columns 11 to 20 (Big Spider has 13): Shift and the digit, as on a US keyboard.
    *(_column(i + 11, key) for i, key in enumerate(SHIFTED_DIGITS)),
    # A replay's (``spider-tui replay``, ``watch``, the game menu): the board's keys rest then.
    Action("replay_pause", "replay_pause", "space", "Play/pause",
           "Replay: play on, or stop at this move", bar=True),
    Action("replay_next", "replay_step(1)", "right,period", "Next",
           "Replay: the next move", bar=True),
    Action("replay_back", "replay_step(-1)", "left,comma", "Back",
           "Replay: the move before", bar=True),
    Action("replay_faster", "replay_speed(2)", "up,plus", "Faster", "Replay: twice as fast",
           bar=True),
    Action("replay_slower", "replay_speed(0.5)", "down,minus", "Slower",
           "Replay: half as fast", bar=True),
    Action("replay_take_over", "replay_take_over", "enter", "Take over",
           "Replay: play on yourself (practice: not saved or counted)",
           bar=True),
    Action("replay_leave", "replay_leave", "escape", "Leave",
           "Replay: leave it (back to your game)", bar=True),
    # Offered by the palette alone.
    Action("demo", "demo", "", "Demo", palette=(
        "Demo", "Watch the computer play this game from the hints (any key stops it)")),
    # The app's.
    Action("help", "help", "question_mark,f1", "Help", "This help", owner=APP, bar=True,
           palette=("Help", "The rules of this variant and the keys ({keys})")),
    Action("next_theme", "next_theme", "t", "Theme", "Next colour theme", owner=APP),
    Action("settings", "settings", "o,O", "Settings", "Settings", owner=APP,
           palette=("Settings", "Default game, one-tap moves, colours, hints, keys ({keys})")),
    Action("stats", "stats", "s,S", "Stats", "Statistics", owner=APP,
           palette=("Statistics", "Wins, streaks and best times per variant ({keys})")),
    Action("quit", "quit", "q", "Quit", "Quit (the game is kept to resume)", owner=APP),
    Action("daily", "daily", "", "Today's deal", owner=APP, palette=(
        "Today's deal", "Deal {deal} of this variant, the same for everyone today")),
    Action("winnable_deal", "winnable_deal", "", "Winnable deal", owner=APP,
           palette=("Winnable deal", "A deal the solver has won")),
    Action("finished_games", "replay_finished", "", "Replay", owner=APP,
           palette=("Replay a finished game", "Watch a game you won or gave up, move by move")),
)

BY_ID: dict[str, Action] = {a.id: a for a in ACTIONS}

#: The ids ``[keymap]`` may name: every action that has keys.
KEYMAP_IDS: frozenset[str] = frozenset(a.id for a in ACTIONS if a.keys)

#: The replay's actions: the only board actions that run during a replay (and only then).
REPLAY = frozenset(a.action.partition("(")[0] for a in ACTIONS if a.id.startswith("replay_"))

#: The palette's order (the common ones first).
PALETTE_ORDER = ("new_game", "choose_game", "daily", "winnable_deal", "restart", "undo", "redo",
                 "undo_all", "redo_all", "pause", "same_rank", "deal", "hint", "peek", "demo",
                 "finish",
                 "help", "settings", "stats", "finished_games")


def owned_by(owner: str) -> list[Action]:
    """The actions with keys that ``owner`` (:data:`BOARD` or :data:`APP`) binds, in order."""
    return [a for a in ACTIONS if a.owner == owner and a.keys]


def keys_of(action_id: str, keymap: Mapping[str, str]) -> list[str]:
    """The keys bound to ``action_id`` now: the keymap's, else the default ones."""
    keys = keymap.get(action_id)
    if keys is None:
        keys = BY_ID[action_id].keys if action_id in BY_ID else ""
    return [k.strip() for k in keys.split(",") if k.strip()]


def typed(key: str) -> str:
    """A key as the player types it: "u", "?", "!", "ctrl+r", "home"."""
    from textual.keys import key_to_character

    char = key_to_character(key)
    return char if char is not None and char.isprintable() and not char.isspace() else key


def typed_keys(keys: Iterable[str]) -> str:
    """Keys as typed, the same letter once, lower-case where both cases are bound ("u,z,U,Z"
    and "U,u,z" -> "u or z"; "H" alone stays "H")."""
    typed_all = [typed(k) for k in keys]
    shown: list[str] = []
    for t in typed_all:
        if len(t) == 1 and t.isupper() and t.lower() in typed_all:
            t = t.lower()
        if t not in shown:
            shown.append(t)
    return " or ".join(shown)


def palette_text(action: Action, keymap: Mapping[str, str], **more: str) -> str:
    """The palette's text of ``action``, with its keys as bound now."""
    assert action.palette is not None
    return action.palette[1].format(keys=typed_keys(keys_of(action.id, keymap)), **more)


def bindings(owner: str) -> list:
    """``owner``'s Textual bindings, each with its id (which the keymap rebinds)."""
    from textual.binding import Binding

    return [Binding(a.keys, a.action, a.label, show=a.bar, id=a.id) for a in owned_by(owner)]
