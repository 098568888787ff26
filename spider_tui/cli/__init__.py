"""The command line: argument parsing only; every sub-command is a thin call into the layers
above. Each sub-command lives in its own module in this package and is listed in ``COMMANDS``.

A module provides ``add_parser(subparsers) -> argparse.ArgumentParser`` and ``run(args) -> int``.
A sub-command's parser is a :class:`CommandParser`: arguments whose defaults or help need a slow
import (the screen, the AI) are added with ``later(...)``, when that command is used, so that
every other command starts without the import.
Errors a player can fix raise :class:`CommandError` (or any ``SpiderError``): they are printed on
one line to stderr and the exit status is 2. No traceback ever reaches the player.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from ..engine.errors import SpiderError

#: Sub-command modules, in the order ``--help`` lists them.
COMMANDS = [
    "play",
    "variants",
    "plugins",
    "position",
    "moves",
    "apply",
    "check-variant",
    "new-variant",
    "stats",
    "hint",
    "solve",
    "bot",
    "rate",
    "review",
    "replay",
    "watch",
    "serve",
]


class CommandError(Exception):
    """A bad argument or input: printed on one line, exit status 2."""


class CommandParser(argparse.ArgumentParser):
    """A sub-command's parser. ``later(add)`` puts off ``add(parser)`` (adding arguments, a
    description) until the command is used: parsed, or its usage or help shown. The command
    list of ``spider-tui --help`` needs only each command's name and one line of help."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._later: list[Callable[[argparse.ArgumentParser], None]] = []

    def later(self, add: Callable[[argparse.ArgumentParser], None]) -> None:
        self._later.append(add)

    def _complete(self) -> None:
        while self._later:
            self._later.pop(0)(self)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        self._complete()
        return super().parse_known_args(args, namespace)

    def _parse_known_args(self, *args, **kwargs):  # type: ignore[override]
        self._complete()
        return super()._parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        self._complete()
        return super().format_usage()

    def format_help(self) -> str:
        self._complete()
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__
    from .common import deal_number

    parser = argparse.ArgumentParser(
        prog="spider-tui",
        description="Spider Solitaire for the terminal. With no command, starts the game "
                    "(resuming the saved one).",
    )
    parser.add_argument("--version", action="version", version=f"spider-tui {__version__}")
    parser.add_argument("--variant", metavar="ID", help="start a new game of this variant")
    parser.add_argument("--deal", metavar="N", type=deal_number, help="start this deal number")
    parser.add_argument("--house-rule", metavar="ID", action="append", default=[],
                        dest="house_rules", help="switch a house rule on (repeatable)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    for name in COMMANDS:
        module = importlib.import_module(f".{name.replace('-', '_')}", __name__)
        p = module.add_parser(sub)
        p.set_defaults(_run=module.run)
    return parser


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        # A card glyph must never turn into a UnicodeEncodeError on an odd terminal encoding.
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "_run", None)
    try:
        if run is None:
            from . import play

            return play.run(args)
        return run(args)
    except (CommandError, SpiderError) as e:
        print(f"spider-tui: {_one_line(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep Python from complaining
        # about the closed pipe at exit.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except OSError as e:
        print(f"spider-tui: {e.strerror or _one_line(e)}"
              + (f": {e.filename}" if getattr(e, "filename", None) else ""), file=sys.stderr)
        return 2
    except Exception as e:  # a bug: still one line, never a traceback, unless asked for
        if os.environ.get("SPIDER_TUI_DEBUG"):
            raise
        print(f"spider-tui: internal error ({type(e).__name__}: {_one_line(e)}); "
              f"set SPIDER_TUI_DEBUG=1 to see the traceback", file=sys.stderr)
        return 1


def entry() -> None:
    sys.exit(main())
