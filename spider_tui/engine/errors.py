"""Errors the engine raises; every message is meant to be shown to a player as it is."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .text import quoted

#: The most rule failures :func:`noting_rule_failures` keeps (a search may make millions).
MAX_NOTED = 100
#: The rule failures made inside :func:`noting_rule_failures`, or ``None`` outside one.
_noted: ContextVar[list[RuleFailure] | None] = ContextVar("rule_failures", default=None)


class SpiderError(ValueError):
    """Base class: bad input the player or a plugin author can fix."""


class IllegalMove(SpiderError):
    """A move or deal that the rules do not allow. ``str()`` says why, in the player's words."""

    def __init__(self, reason: str, move: object | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class RuleFailure(IllegalMove):
    """A variant's own Python code (a method a plugin's :class:`RuleSet` subclass overrides)
    raised, or returned something that is not an answer (``accepts`` returning ``"no"``,
    ``deal_targets`` naming a column that does not exist). The action it was part of is refused
    and nothing changes; the message names the variant, the method and what went wrong, for
    the plugin's author. ``method`` and ``problem`` hold the last two on their own."""

    def __init__(self, reason: str, move: object | None = None, *, method: str = "",
                 problem: str = "") -> None:
        super().__init__(reason, move)
        self.method = method
        self.problem = problem or reason
        noted = _noted.get()
        if noted is not None and len(noted) < MAX_NOTED:
            noted.append(self)


@contextmanager
def noting_rule_failures() -> Iterator[list[RuleFailure]]:
    """Every :class:`RuleFailure` made inside, in order: a search takes a failing rule as a
    refused move and goes on, and the command that ran it reports them afterwards."""
    noted: list[RuleFailure] = []
    token = _noted.set(noted)
    try:
        yield noted
    finally:
        _noted.reset(token)


class HouseRuleFailure(SpiderError):
    """A house rule's own Python code (``applies_to`` or ``apply`` of a plugin's
    :class:`HouseRule` subclass) raised or answered wrongly. ``house_rule`` is the culprit,
    ``problem`` what it did."""

    def __init__(self, house_rule: object, problem: str) -> None:
        ident = getattr(house_rule, "id", "?")
        super().__init__(f"house rule {ident!r} failed: {problem}")
        self.house_rule = house_rule
        self.problem = problem

    def __reduce__(self):  # crosses a process boundary as its message (the rule may not pickle)
        return (SpiderError, (str(self),))


class NotationError(IllegalMove):
    """Text that is not a move at all (``"3>>7"``) or names a column that does not exist."""


class PositionError(SpiderError):
    """A position file that cannot be read, or whose cards are not the variant's deck."""


class UnknownId(SpiderError, LookupError):
    """A variant, house rule or scoring scheme id that nobody registered."""

    def __init__(self, kind: str, wanted: str, known: list[str]) -> None:
        from .text import did_you_mean

        if not known:
            listing = " (none are registered)"
        elif len(known) <= 12:
            listing = f" (known: {', '.join(sorted(known))})"
        else:  # the family has dozens of variants: the likeliest, and where to see them all
            where = {"variant": "spider-tui variants", "house rule": "spider-tui variants",
                     "scoring scheme": "spider-tui plugins"}.get(kind, "spider-tui plugins")
            listing = (did_you_mean(wanted, known) or "") + f"; {where} lists them all"
        super().__init__(f"unknown {kind} {quoted(wanted)}{listing}")
        self.kind = kind
        self.wanted = wanted
        self.known = sorted(known)

    def __reduce__(self):
        # Pickled with its own arguments, so that it crosses back from a worker process whole
        # (the default pickles only the message and could not make one again).
        return (type(self), (self.kind, self.wanted, self.known))


class SwitchedOff(UnknownId):
    """A variant or scoring scheme that was registered but whose plugin code misbehaved during
    this run: it is not offered for new games (see :meth:`Catalog.switch_off`)."""

    def __init__(self, kind: str, wanted: str, known: list[str], reason: str) -> None:
        UnknownId.__init__(self, kind, wanted, known)
        self.reason = reason
        self.args = (f"{kind} {wanted!r} is switched off until spider-tui starts again: "
                     f"{reason}",)

    def __str__(self) -> str:
        return self.args[0]

    def __reduce__(self):
        return (type(self), (self.kind, self.wanted, self.known, self.reason))


class VariantError(SpiderError):
    """A variant (or house-rule) declaration with problems; lists every one, with file and key."""

    def __init__(self, source: str, problems: list[tuple[str, str]]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("\n".join(self.lines()))

    def __reduce__(self):  # as UnknownId's
        return (type(self), (self.source, self.problems))

    def lines(self) -> list[str]:
        return [f"{self.source}: {key}: {msg}" if key else f"{self.source}: {msg}"
                for key, msg in self.problems]
