"""Shared test set-up.

Every test session gets its own ``SPIDER_TUI_HOME`` so that nothing a developer keeps in their
own config folder (their variants, themes, saves) leaks into a test, and no test writes there.

The ``table`` fixture turns a hand-made position file into a :class:`Game`. Hand-made positions
show only the cards that matter; ``table(text, filler=N)`` puts every card of the deck the text
leaves out face down at the bottom of column ``N`` (1-based), so the position is a legal deck
without the test having to list 104 cards.

Animation is off in every test but those marked ``animated`` (``_animation_off``), and so is
the winnability meter in every test but those marked ``meter`` (``_meter_off``).

The ``variant_whose`` fixture makes a plugin variant (a RuleSet subclass) one of whose rule
methods raises, to show that a broken plugin refuses an action instead of crashing the game.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

import pytest

os.environ["SPIDER_TUI_HOME"] = tempfile.mkdtemp(prefix="spider-tui-test-home-")

from position_fill import _catalog, fill_position  # noqa: E402,F401

from spider_tui.engine import Game, RuleSet  # noqa: E402
from spider_tui.engine.catalog import Catalog  # noqa: E402


@pytest.fixture(autouse=True)
def _animation_off(request, monkeypatch):
    """Tests see the cards where the game puts them at once: animation is off unless the test
    is marked ``animated`` (the tests of animation itself)."""
    if request.node.get_closest_marker("animated") is None:
        from spider_tui.ui import motion

        monkeypatch.setattr(motion, "speed", lambda setting: 0.0)


@pytest.fixture(autouse=True)
def _meter_off(request, monkeypatch):
    """The winnability meter searches in a thread beside the app after every move: every test
    but those marked ``meter`` runs with it off, as if the setting said so (it would take the
    processor from the test, and a picture of the screen would depend on when its answer
    came)."""
    if request.node.get_closest_marker("meter") is None:
        from spider_tui.ui import meter

        monkeypatch.setattr(meter.Meter, "on", lambda self: False)


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return _catalog()


@pytest.fixture
def table() -> Callable[..., Game]:
    """``table(position_text, filler=None, scoring=None) -> Game``."""

    def make(text: str, filler: int | None = None, scoring: str | None = None) -> Game:
        return Game.from_position(fill_position(text, filler), scoring=scoring)

    return make


@pytest.fixture
def fill() -> Callable[..., str]:
    return fill_position


def variant_whose_rule_raises(method: str, fails_when, base: str = "spider-1suit") -> RuleSet:
    """``base``'s rules in a plugin subclass whose ``method`` raises when ``fails_when(*args)``."""
    import dataclasses

    from spider_tui.engine import default_catalog

    def broken(self, *args):
        if fails_when(*args):
            raise ZeroDivisionError("kaput")
        return getattr(RuleSet, method)(self, *args)

    cls = type("Broken", (RuleSet,), {method: broken})
    rules = default_catalog().variant(base)
    return cls(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})


@pytest.fixture
def variant_whose() -> Callable[..., RuleSet]:
    """``variant_whose(method, fails_when, base="spider-1suit") -> RuleSet``: a plugin variant
    whose ``method`` raises ZeroDivisionError("kaput") when ``fails_when(*args)``."""
    return variant_whose_rule_raises
