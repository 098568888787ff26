"""Fuzzing ``Game.from_position`` and ``Game.play`` (issue 23): real positions of every shipped
variant (Scorpion included), mutated as a careless hand-editor would (cards dropped, duplicated or
swapped, wrong types, huge numbers, unknown keys, wrong variant ids, damaged text), and move
strings of every kind (legal ones, garbage, huge and negative numbers, unicode). Only the
documented errors may come out: ``SpiderError`` and its subclasses (``PositionError``,
``NotationError``, ``IllegalMove``, ``UnknownId``, ``VariantError``), each a one-line message
for the player; anything else is a crash."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider_tui.engine import Game, SpiderError, default_catalog
from spider_tui.plugins.manager import get_manager

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _positions() -> list[str]:
    """Every shipped variant's deals 1 and 2, as dealt and a few moves in (with house rules
    where one applies)."""
    out = []
    # The plugins loaded (the root conftest.py adds the example Scorpion package's entry
    # point), and the engine's default catalog theirs, as in the program; not only when
    # another test module has loaded them first.
    cat = get_manager().catalog
    assert "scorpion-example" in cat.variants
    for vid in sorted(cat.variants):
        for deal in (1, 2):
            game = Game.new(vid, deal=deal)
            out.append(game.to_position())
            for _ in range(4):
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(moves[(deal * 7) % len(moves)])
            out.append(game.to_position())
        for hr in cat.house_rules_for(cat.variant(vid))[:1]:
            out.append(Game.new(vid, deal=3, house_rules=[hr.id]).to_position())
    return out


POSITIONS = _positions()
VARIANT_IDS = sorted(default_catalog().variants)

CARD_CODES = st.sampled_from([r + s for r in "A23456789TJQK" for s in "SHDC"])
JUNK_VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=8),
    st.lists(st.integers(min_value=-3, max_value=20), max_size=3),
    st.lists(CARD_CODES, max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from(["10S", "1S", "KX", "", "S", "♠", "K♠", "ks", "QH ", "spider-4suit",
                     "../x", "x" * 300]),
)
KEYS = ["format", "variant", "house_rules", "deal", "completed", "stock", "columns"]


def _cards_in(data: dict) -> list[tuple[list, int]]:
    """Every (list, index) that holds a card in a parsed position."""
    spots: list[tuple[list, int]] = []
    lists = [data.get("stock")]
    for col in data.get("columns", []) if isinstance(data.get("columns"), list) else []:
        if isinstance(col, dict):
            lists += [col.get("down"), col.get("up")]
    for lst in lists:
        if isinstance(lst, list):
            spots += [(lst, i) for i in range(len(lst))]
    return spots


@st.composite
def mutated_data(draw: Any) -> dict:
    """A parsed position with a few mutations applied."""
    data = tomllib.loads(draw(st.sampled_from(POSITIONS)))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "duplicate", "swap", "replace", "junk", "key",
                                     "unknown", "variant", "columns", "deal", "completed",
                                     "house_rules", "flip", "runs", "shown", "redeals"]))
        spots = _cards_in(data)
        if kind == "drop" and spots:
            lst, i = draw(st.sampled_from(spots))
            del lst[i]
        elif kind == "duplicate" and spots:
            lst, i = draw(st.sampled_from(spots))
            lst.insert(i, lst[i])
        elif kind == "swap" and len(spots) > 1:
            (a, i), (b, j) = draw(st.lists(st.sampled_from(spots), min_size=2, max_size=2))
            if i < len(a) and j < len(b):
                a[i], b[j] = b[j], a[i]
        elif kind == "replace" and spots:
            lst, i = draw(st.sampled_from(spots))
            lst[i] = draw(st.one_of(CARD_CODES, JUNK_VALUES))
        elif kind == "junk":
            data[draw(st.sampled_from(KEYS))] = draw(JUNK_VALUES)
        elif kind == "key" and data:
            del data[draw(st.sampled_from(sorted(data)))]
        elif kind == "unknown":
            data[draw(st.text(min_size=1, max_size=6))] = draw(JUNK_VALUES)
        elif kind == "variant":
            data["variant"] = draw(st.one_of(st.sampled_from(VARIANT_IDS), st.text(max_size=12)))
        elif kind == "columns" and isinstance(data.get("columns"), list) and data["columns"]:
            cols = data["columns"]
            action = draw(st.sampled_from(["drop", "copy", "junk", "unknown", "empty"]))
            i = draw(st.integers(0, len(cols) - 1))
            if action == "drop":
                del cols[i]
            elif action == "copy":
                cols.append(dict(cols[i]))
            elif action == "junk" and isinstance(cols[i], dict):
                cols[i][draw(st.sampled_from(["down", "up"]))] = draw(JUNK_VALUES)
            elif action == "unknown" and isinstance(cols[i], dict):
                cols[i]["sideways"] = ["AS"]
            elif action == "empty":
                cols[i] = {}
        elif kind == "deal":
            data["deal"] = draw(st.one_of(st.integers(-(2**66), 2**66),
                                          st.sampled_from([0, -1, 2**63 - 1, 2**63, 2**64])))
        elif kind == "completed":
            data["completed"] = draw(st.lists(st.sampled_from(["S", "H", "D", "C", "X", ""]),
                                              max_size=9))
        elif kind == "house_rules":
            data["house_rules"] = draw(st.lists(st.sampled_from(
                ["open", "relaxed-deal", "manual-removal", "nope", "", "open"]), max_size=3))
        elif kind == "runs" and isinstance(data.get("stock"), list) and data["stock"]:
            # Stock cards said to be removed runs (issue 29, item 6): one-card "runs" and such.
            stock = data["stock"]
            n = draw(st.integers(1, min(13, len(stock))))
            if isinstance(data.get("completed"), list):
                data["completed"].append(stock[:n])
                del stock[:n]
                data["format"] = "spider-position/2"
        elif kind == "shown" and isinstance(data.get("columns"), list):
            # Marks of face-up cards under face-down ones, the last face-down card's among them.
            for col in data["columns"]:
                if isinstance(col, dict) and isinstance(col.get("down"), list) and col["down"]:
                    n = len(col["down"])
                    col["shown"] = draw(st.lists(st.integers(0, n + 1), max_size=n + 1))
                    data["format"] = "spider-position/2"
                    break
        elif kind == "redeals":
            data["format"] = "spider-position/2"
            data["redeals"] = draw(st.integers(-1, 2000))
        elif kind == "flip" and isinstance(data.get("columns"), list):
            for col in data["columns"]:
                if isinstance(col, dict) and isinstance(col.get("down"), list) and col["down"]:
                    col.setdefault("up", [])
                    if isinstance(col["up"], list):
                        col["up"].insert(0, col["down"].pop())
                    break
    return data


@st.composite
def damaged_text(draw: Any) -> str:
    """A position's text cut, spliced or sprinkled with characters."""
    text = draw(st.sampled_from(POSITIONS))
    kinds = ["cut", "splice", "insert", "lines", "nest", "digits"]
    kind = draw(st.sampled_from(kinds))
    i = draw(st.integers(0, len(text)))
    if kind == "nest":  # item 5: a deeply nested array
        n = draw(st.integers(300, 3000))
        return text.replace("house_rules = []", "house_rules = " + "[" * n + "]" * n)
    if kind == "digits":  # item 5: a number of 4301 digits or more
        return re.sub(r"(?m)^deal = \d+$", "deal = " + "9" * draw(st.integers(4301, 6000)),
                      text)
    if kind == "cut":
        j = draw(st.integers(i, min(len(text), i + 200)))
        return text[:i] + text[j:]
    if kind == "splice":
        other = draw(st.sampled_from(POSITIONS))
        return text[:i] + other[draw(st.integers(0, len(other))):]
    if kind == "insert":
        return text[:i] + draw(st.text(max_size=10)) + text[i:]
    lines = text.splitlines()
    k = draw(st.integers(0, max(0, len(lines) - 1)))
    return "\n".join(lines[:k] + [lines[k]] * 2 + lines[k + 1:]) if lines else text


MOVE_STRINGS = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["d", "D", " deal ", "3>f", "1>F", "0>1", "1>0", "1:0>2", "1:99>2", "1>1",
                     "-1>2", "1>-2", "٣>٧", "３>７", "1 : 2 > 3", "1>2>3", ">", ":", "f>1",
                     "1:1>f", "99999999999999999999>1", "1>99999999999999999999",
                     "1:99999999999999999999>2", "\x00", "1>2\n", "1\u200b>2"]),
    st.builds(lambda a, b: f"{a}>{b}", st.integers(-5, 25), st.integers(-5, 25)),
    st.builds(lambda a, k, b: f"{a}:{k}>{b}", st.integers(-2, 22), st.integers(-2, 30),
              st.integers(-2, 22)),
    # item 5: a column number of 4301 digits or more
    st.builds(lambda n: f"{'9' * n}>1", st.integers(4301, 5000)),
)


def _check_and_play(text: str, moves: list[Any]) -> None:
    try:
        game = Game.from_position(text)
    except SpiderError as e:
        assert str(e).strip(), "an error with no message"
        return
    for move in moves:
        if move == "legal":
            legal = game.legal_moves()
            if not legal:
                continue
            move = legal[len(game.history) % len(legal)]
        try:
            game.play(move)
        except SpiderError as e:
            assert str(e).strip(), "an error with no message"
        game.legal_moves(), game.status, game.score, game.deal_refusal()
        # What one command prints, every command reads back (issue 29, item 6).
        position = game.to_position()
        assert Game.from_position(position).to_position() == position


@SETTINGS
@given(mutated_data(), st.lists(st.one_of(st.just("legal"), MOVE_STRINGS), max_size=6))
def test_mutated_positions_load_or_are_refused_and_play_with_only_documented_errors(data,
                                                                                     moves):
    _check_and_play(tomli_w.dumps(data), moves)


@SETTINGS
@given(damaged_text(), st.lists(st.one_of(st.just("legal"), MOVE_STRINGS), max_size=4))
def test_damaged_position_text_is_refused_or_played_with_only_documented_errors(text, moves):
    _check_and_play(text, moves)


@SETTINGS
@given(st.sampled_from(POSITIONS), st.lists(st.one_of(st.just("legal"), MOVE_STRINGS),
                                            min_size=1, max_size=12))
def test_any_move_string_is_played_or_refused_with_only_documented_errors(text, moves):
    _check_and_play(text, moves)
