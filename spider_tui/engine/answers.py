"""What a plugin's rule methods answer, checked: each method a Python variant may override runs
under a guard (:func:`guard`, installed by :meth:`RuleSet.__init_subclass__`) that turns an
exception, a time-out (:mod:`.deadline`) or a wrong answer into a :class:`RuleFailure` naming the
variant, its plugin and the method, so that the game refuses the action instead of crashing.
``RESULT_CHECKS`` says what each method must return.
"""

from __future__ import annotations

import functools
import inspect
import reprlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from .build import whole
from .deadline import PluginTimeout, arm, disarm
from .deadline import depth as deadline_depth
from .errors import RuleFailure
from .piles import STOCK, WASTE

if TYPE_CHECKING:  # pragma: no cover
    from .piles import TableView
    from .rules import RuleSet

# --------------------------------------------------------------------- what plugin code returns

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60


def shown_value(value: Any, limit: int = 60) -> str:
    """A short ``repr`` of what a plugin returned, safe whatever the object (its ``repr`` may
    be huge or raise)."""
    try:
        text = _REPR.repr(value)
    except BaseException:  # noqa: BLE001 - a plugin's object; GeneratorExit cannot come from repr
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _clip(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def error_text(e: BaseException) -> str:
    """``Type: message`` of what a plugin raised (its ``str`` may raise too)."""
    try:
        text = str(e)
    except BaseException:  # noqa: BLE001
        text = ""
    return f"{type(e).__name__}: {_clip(text)}" if text else type(e).__name__


def _yes_no(rules: RuleSet, args: tuple, value: Any) -> str | None:
    if type(value) is bool:
        return None
    return f"returned {shown_value(value)}, not True or False"


def _message(rules: RuleSet, args: tuple, value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return None
    return f"returned {shown_value(value)}, not a message for the player"


def _refusal(what: str):
    """The check of a refusal method's answer: None (``what`` allowed) or a message."""

    def check(rules: RuleSet, args: tuple, value: Any) -> str | None:
        if value is None or (isinstance(value, str) and value.strip()):
            return None
        return (f"returned {shown_value(value)}, not None ({what} allowed) or a message saying "
                f"why not")

    return check


def _targets(rules: RuleSet, args: tuple, value: Any) -> str | None:
    table = args[0] if args else None
    stock_left = getattr(table, "stock_left", 0)
    valid = set(range(len(rules.layout))) | ({WASTE} if rules.deal_to == "waste" else set())
    if not isinstance(value, (list, tuple)) or not all(whole(i) for i in value):
        return f"returned {shown_value(value)}, not a list of column indexes"
    bad = [i for i in value if i not in valid]
    if bad:
        ncols = len(rules.layout)
        return (f"returned {shown_value(value)}: there is no column {bad[0]} (the {ncols} columns "
                f"are 0 to {ncols - 1})")
    if len(value) > stock_left:
        return f"returned {len(value)} columns but the stock holds {stock_left} cards"
    if stock_left > 0 and not value:
        return "returned no column: the deal would deal nothing"
    return None


def _plan(rules: RuleSet, args: tuple, value: Any) -> str | None:
    if not isinstance(value, (list, tuple)):
        return f"returned {shown_value(value)}, not a list of Transfer(src, dst, face_up)"
    for t in value:
        if not (isinstance(t, tuple) and len(t) in (2, 3)
                and all(whole(x) for x in t[:2])):
            return f"returned {shown_value(t)} in its list, not a Transfer(src, dst, face_up)"
        codes = set(rules.pile_codes) | {STOCK}
        if t[0] not in codes or t[1] not in codes:
            missing = t[0] if t[0] not in codes else t[1]
            return f"returned {shown_value(t)}: that table has no pile {missing}"
    return None


def _faces(rules: RuleSet, args: tuple, value: Any) -> str | None:
    if (not isinstance(value, (list, tuple)) or len(value) != len(rules.layout)
            or not all(isinstance(f, str) and f and set(f) <= {"d", "u"} and f[-1] == "u"
                       for f in value)):
        return (f"returned {shown_value(value)}, not a string of d and u ending in u for each of "
                f"the {len(rules.layout)} columns")
    return None


def _layout(rules: RuleSet, args: tuple, value: Any) -> str | None:
    problem = layout_problem(rules, value)
    return None if problem is None else f"returned {shown_value(value)}: {problem}"


def layout_problem(rules: RuleSet, shape: Any) -> str | None:
    """What is wrong with ``shape`` as the initial layout of ``rules`` (``(face_down, face_up)``
    per column, one pair per column of ``rules.layout``), or ``None``. Checked once per deal."""
    if not isinstance(shape, (list, tuple)) or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(whole(n) and n >= 0 for n in p)
            for p in shape):
        return "not a (face-down, face-up) pair of whole numbers per column"
    ncols = len(rules.layout) if isinstance(rules.layout, (list, tuple)) else 0
    if not shape:
        return "no columns"
    if len(shape) != ncols:
        return f"{len(shape)} columns, not the variant's {ncols}"
    if any(d > 0 and u == 0 for d, u in shape):
        return "a column with face-down cards needs a face-up card on top"
    need = sum(d + u for d, u in shape)
    deck = 13 * len(rules.deck) if isinstance(rules.deck, (list, tuple)) else 0
    if need > deck:
        return (f"the columns need {need if need < 10**6 else 'millions of'} cards but the "
                f"deck has only {deck}")
    return None


#: The methods a Python variant may override (see the README), each guarded by
#: :meth:`RuleSet.__init_subclass__`, with the check of what it returns: a function of the rule
#: set, the arguments and the value, giving what is wrong or ``None``. A method added to the
#: rules needs its check here.
RESULT_CHECKS: dict[str, Callable[[RuleSet, tuple, Any], str | None]] = {
    "links": _yes_no,
    "why_not_linked": _message,
    "accepts": _yes_no,
    "why_not_accepted": _message,
    "accepts_in_empty": _yes_no,
    "why_not_in_empty": _message,
    "is_complete": _yes_no,
    "move_refusal": _refusal("move"),
    "deal_refusal": _refusal("deal"),
    "deal_targets": _targets,
    "deal_plan": _plan,
    "after_move": _plan,
    "won": _yes_no,
    "initial_layout": _layout,
    "initial_faces": _faces,
}
RULE_METHODS = tuple(RESULT_CHECKS)


def who(rules: RuleSet) -> str:
    """The variant, as a plugin's author would look for it: name, id and where it came from."""
    name = rules.name if isinstance(rules.name, str) else "?"
    source = PurePath(rules.source).name if isinstance(rules.source, str) else ""
    where = f", from {_clip(source, 80)}" if source else ""
    return f"the rules of {_clip(name, 80)} (variant {shown_value(rules.id)}{where})"


#: ``(class, method name)`` of each plugin rule method that ran past its deadline: asked no
#: more (each call fails at once), so a game that goes on with it is not frozen again.
_hung: set[tuple[type, str]] = set()


def _timed_out(rules: RuleSet, name: str, e: PluginTimeout) -> RuleFailure:
    """The failure of ``rules``' method ``name`` that ran past its deadline, which is asked no
    more from now on."""
    _hung.add((type(rules), name))
    problem = str(e)
    return RuleFailure(f"{who(rules)} failed: {name}() {problem}", method=name, problem=problem)


@contextmanager
def one_deadline(rules: RuleSet, name: str) -> Iterator[None]:
    """``with one_deadline(rules, name):`` many calls of ``rules``' method ``name`` (a move
    listing asks ``move_refusal`` of every candidate) under one deadline, the clock started
    once rather than at each call; past it, the method fails (:class:`RuleFailure`) and is
    asked no more, as one call past its own would. Within it, a call that raises fails alone,
    as ever (:func:`guard`)."""
    armed = arm()
    owner = armed and deadline_depth() == 1
    try:
        yield
    except PluginTimeout as e:
        if not owner:
            raise
        raise _timed_out(rules, name, e) from None
    finally:
        if armed:
            disarm()


def guard(method: Any, name: str) -> Any:
    check = RESULT_CHECKS[name]

    @functools.wraps(method)
    def guarded(self: RuleSet, *args: Any) -> Any:
        cls = type(self)
        if (cls, name) in _hung:
            problem = "did not answer in time before: it is not asked again"
            raise RuleFailure(f"{who(self)} failed: {name}() {problem}", method=name,
                              problem=problem)
        armed = arm()
        owner = armed and deadline_depth() == 1  # the call whose deadline it is
        try:
            value = method(self, *args)
        except (RuleFailure, GeneratorExit):
            raise
        except PluginTimeout as e:
            if not owner:
                raise  # for the outermost plugin call to answer for
            raise _timed_out(self, name, e) from None
        except BaseException as e:  # noqa: BLE001 - sys.exit() or Ctrl-C in a plugin's rule too
            problem = f"raised {error_text(e)}"
            raise RuleFailure(f"{who(self)} failed: {name}() {problem}", method=name,
                              problem=problem) from e
        finally:
            if armed:
                disarm()
        wrong = check(self, args, value)
        if wrong is not None:
            raise RuleFailure(f"{who(self)} failed: {name}() {wrong}", method=name,
                              problem=wrong)
        return value

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded


def old_style(method: Any) -> bool:
    """Is this a deal method written for the older signature (``stock_left`` first)?"""
    try:
        params = list(inspect.signature(method).parameters)
    except (TypeError, ValueError):  # pragma: no cover - a builtin or odd callable
        return False
    return len(params) >= 2 and params[1] == "stock_left"


def adapt_old_deal(method: Any, name: str) -> Any:
    """A deal method of the older signature (``deal_refusal(stock_left, empty_columns)``,
    ``deal_targets(stock_left)``) called with the table view the engine now passes."""
    if name == "deal_refusal":
        def adapted(self: RuleSet, table: TableView) -> Any:
            return method(self, table.stock_left, table.empty_columns)
    else:
        def adapted(self: RuleSet, table: TableView) -> Any:
            return method(self, table.stock_left)
    functools.update_wrapper(adapted, method)
    return adapted
