"""The variant file's key table (``spider_tui.engine.schema.FIELDS``): the reader enforces every
limit it states at both ends, refuses a value of the wrong type naming the key, takes the
defaults it states; docs/plugins.md's key reference is the table's, and every other passage
scripts/variant_keys.py writes into README.md and docs/plugins.md is what it makes from the code
(the limits, the keys a house rule changes, the shipped house rules); the shipped files read as
they did before the table."""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from spider_tui.engine import RuleSet, VariantError
from spider_tui.engine.house import HOUSE_RULE_KEYS
from spider_tui.engine.schema import (
    FIELDS,
    MAX_CARDS,
    MAX_CELLS,
    MAX_COLUMN_CARDS,
    MAX_COLUMNS,
    MAX_FOUNDATIONS,
    MAX_ID,
    MAX_RESERVES,
    MAX_SETS,
    SECTIONS,
    SPECS,
    FieldSpec,
    docs_section,
    keys_of,
    parse_variant_dict,
    replace_docs_section,
)

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "plugins.md"
GENERATOR = ROOT / "scripts" / "variant_keys.py"
BEFORE = Path(__file__).parent / "vectors" / "variant_fields.json"

#: A file with every table there and room for every key's largest value: the largest deck on
#: the most columns (stock.deal and runs.to_win reach their limits), a cell of any size
#: (cells.dealt reaches its limit), a waste and card-by-card foundations.
ROOMY: dict[str, Any] = {
    "id": "roomy", "deck": {"sets": MAX_SETS, "suits": ["S"]}, "layout": {"columns": MAX_COLUMNS},
    "stock": {}, "moves": {}, "runs": {}, "cells": {"capacity": "any"}, "reserves": {},
    "waste": {}, "foundations": {},
}


def with_value(path: str, value: Any, base: dict[str, Any] = ROOMY) -> dict[str, Any]:
    data = copy.deepcopy(base)
    section, _, key = path.rpartition(".")
    (data[section] if section else data)[key] = value
    return data


def problems_of(data: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    parse_variant_dict(data, problems)
    return problems


def named(problems: list[tuple[str, str]], path: str) -> list[str]:
    """The problems naming the key ``path`` (a problem of the layout's card count, which a
    large number in one key brings, names another key)."""
    return [why for key, why in problems if key == path or key.startswith(path + ".")]


def test_the_table_is_well_formed():
    assert len(SPECS) == len(FIELDS), "a key is in the table twice"
    for spec in FIELDS:
        assert spec.section in SECTIONS, spec.path
        assert spec.help and spec.help == spec.help.strip(), spec.path
        assert spec.example is not None, spec.path
        assert (spec.lo is None) == (spec.hi is None) or spec.type in ("text", "id"), spec.path
        if spec.lo is not None and spec.hi is not None:
            assert spec.lo <= spec.hi, spec.path
        if spec.default is None:
            assert spec.default_text, f"{spec.path}: a default that depends needs a text"
        if spec.type == "choice":
            assert spec.choices and (spec.required or spec.default in spec.choices), spec.path


def test_the_example_of_every_key_is_accepted():
    for spec in FIELDS:
        data = with_value(spec.path, spec.example)
        if spec.type == "per-column" and isinstance(spec.example, list):
            data["layout"]["columns"] = len(spec.example)
        if spec.type == "per-pile" and isinstance(spec.example, list):
            data[spec.section]["count"] = len(spec.example)
        assert named(problems_of(data), spec.path) == [], spec.path


# ------------------------------------------------------------------ limits at both ends

LIMITED = [s for s in FIELDS if s.lo is not None or (s.hi is not None and s.type in ("text",
                                                                                      "id"))]


def _sample(spec: FieldSpec, n: int) -> Any:
    """A value of ``spec``'s type at ``n`` (a length, for a text)."""
    if spec.type in ("text", "id"):
        return "a" * n
    return n


@pytest.mark.parametrize("spec", LIMITED, ids=lambda s: s.path)
def test_every_limit_is_enforced_at_both_ends(spec):
    lo = spec.lo if spec.lo is not None else 1
    for n, ok in ((lo - 1, False), (lo, True), (spec.hi, True), (spec.hi + 1, False)):
        if spec.type in ("text", "id") and n < 1:
            continue
        why = named(problems_of(with_value(spec.path, _sample(spec, n))), spec.path)
        if ok:
            assert why == [], f"{spec.path} = {n} refused: {why}"
        else:
            assert why, f"{spec.path} = {n} accepted, past {spec.lo}..{spec.hi}"


WRONG_TYPE = {"int": "many", "bool": "yes", "choice": 3, "text": 3, "lines": 3, "id": 3,
              "phrase": 3, "lift": 3, "per-column": "many", "per-pile": "many", "faces": 3,
              "suits": 3, "sets": "many", "rank": "many"}


@pytest.mark.parametrize("spec", FIELDS, ids=lambda s: s.path)
def test_a_value_of_the_wrong_type_is_refused_naming_the_key(spec):
    data = with_value(spec.path, WRONG_TYPE[spec.type])
    assert named(problems_of(data), spec.path), spec.path
    with pytest.raises(VariantError) as e:
        RuleSet.from_dict(data, "v.toml")
    assert f"v.toml: {spec.path}" in str(e.value)


@pytest.mark.parametrize("faces", ["du", ["du", "u"], ["dx"], 3])
def test_faces_without_a_number_of_columns_are_a_problem_not_a_crash(faces):
    # layout.faces as one string with layout.columns missing raised a TypeError (found by mypy).
    data = with_value("layout.faces", faces, {**ROOMY, "layout": {}})
    problems = problems_of(data)
    assert named(problems, "layout.columns")
    assert bool(named(problems, "layout.faces")) == (faces in (["dx"], 3))
    with pytest.raises(VariantError):
        RuleSet.from_dict(data, "v.toml")


@pytest.mark.parametrize("spec", [s for s in FIELDS if s.type == "choice"], ids=lambda s: s.path)
def test_every_choice_is_taken_and_another_word_refused(spec):
    for word in [*spec.choices, *spec.aliases]:
        assert named(problems_of(with_value(spec.path, word)), spec.path) == [], word
    assert named(problems_of(with_value(spec.path, "no-such-word")), spec.path)


@pytest.mark.parametrize("spec", [s for s in FIELDS if s.words], ids=lambda s: s.path)
def test_the_words_standing_for_numbers_are_taken(spec):
    for word in spec.words:
        assert named(problems_of(with_value(spec.path, word)), spec.path) == []


# ------------------------------------------------------------------ defaults

STATED = [s for s in FIELDS if not s.required and s.default is not None and s.path != "name"]


@pytest.mark.parametrize("spec", STATED, ids=lambda s: s.path)
def test_a_key_left_out_reads_as_its_stated_default(spec):
    base = {"id": "x", "deck": {"sets": 8}, "layout": {"columns": 10}, "stock": {},
            "moves": {}, "runs": {}, "cells": {"count": 1}, "reserves": {"count": 1},
            "waste": {"turn": 1}, "foundations": {}}
    left_out = RuleSet.from_dict(base, "x")
    said = RuleSet.from_dict(with_value(spec.path, spec.default, base), "x")
    if spec.path == "cells.dealt":  # said: a 0 for each cell; left out: () (none dealt)
        said = said.with_changes(cells_dealt=() if not any(said.cells_dealt) else None)
    assert said == left_out, spec.path


def test_the_limits_keep_the_old_bounds_where_they_are_shared():
    # The numbers other modules import are the ones in the table.
    assert SPECS["deck.sets"].hi == SPECS["runs.to_win"].hi == MAX_SETS
    assert SPECS["layout.columns"].hi == SPECS["stock.deal"].hi == MAX_COLUMNS
    assert SPECS["layout.down"].hi == SPECS["layout.up"].hi == MAX_COLUMN_CARDS == MAX_CARDS
    assert SPECS["cells.count"].hi == MAX_CELLS
    assert SPECS["reserves.count"].hi == MAX_RESERVES
    assert SPECS["foundations.count"].hi == MAX_FOUNDATIONS
    # A file's free cells go from 1 (0: leave [cells] out); a rule set's from 0 (none).
    assert SPECS["cells.count"].lo == 1


def test_a_plugins_rule_set_is_held_to_the_same_limits():
    from spider_tui.engine import vetting

    ranges = {key: (lo, hi) for key, lo, hi in vetting._FIELD_RANGES}
    assert ranges["cells"] == (0, SPECS["cells.count"].hi)
    assert ranges["max_lift"] == (-1, SPECS["moves.max_lift"].hi)
    for key, (_lo, hi) in ranges.items():
        assert hi == vetting._BY_FIELD[key].hi


# ------------------------------------------------------------------ docs and shipped files


def test_the_docs_key_reference_is_the_tables():
    text = DOCS.read_text(encoding="utf-8")
    assert replace_docs_section(text) == text, (
        "docs/plugins.md's key reference is stale: run python scripts/variant_keys.py")
    for spec in FIELDS:
        assert f"| `{spec.key}` |" in docs_section(), spec.path
    assert "Ace = 1" in docs_section() and "K = 13" in docs_section()


def _generator() -> ModuleType:
    """scripts/variant_keys.py, which writes every generated passage of the docs."""
    if "variant_keys" in sys.modules:
        return sys.modules["variant_keys"]
    spec = importlib.util.spec_from_file_location("variant_keys", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["variant_keys"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_every_generated_passage_is_the_codes(capsys):
    gen = _generator()
    assert DOCS in gen.PASSAGES and gen.README in gen.PASSAGES
    for path, passages in gen.PASSAGES.items():
        text = path.read_text(encoding="utf-8")
        assert gen.rewritten(path, text) == text, (
            f"{path.name}: a generated passage is stale: run python scripts/variant_keys.py")
        for passage in passages:
            assert text.count(passage.begin) == 1 and text.count(passage.end) == 1, (
                path.name, passage.name)
            # A passage emptied (or hand-edited) is written back whole.
            start = text.index(passage.begin) + len(passage.begin) + 1
            emptied = text[:start] + text[text.index(passage.end):]
            assert gen.rewritten(path, emptied) == text, (path.name, passage.name)
    assert gen.main(["--check"]) == 0, capsys.readouterr().err


def test_the_generated_passages_say_the_limits_and_the_shipped_house_rules():
    gen = _generator()
    readme = " ".join(gen.README.read_text(encoding="utf-8").split())  # lines wrapped
    assert f"An id has at most {MAX_ID} characters" in readme
    assert f"1 to {MAX_COLUMNS} columns" in readme and f"at most {MAX_SETS} sets" in readme
    assert f"`stock.deal` (0 to {MAX_COLUMNS} " in readme
    shipped = gen.shipped_house_rules()
    assert shipped
    for hr in shipped:
        assert f"* `{hr.id}` ({hr.name}): {hr.description}" in readme, hr.id
        assert f'id = "{hr.id}"' in DOCS.read_text(encoding="utf-8"), hr.id
    for key in HOUSE_RULE_KEYS:
        assert f"`{key}`" in gen.readme_house_rule_files(), key
        assert f"`{key}`" in gen.plugins_house_rule_files(), key


def test_the_docs_say_every_table():
    section = docs_section()
    for sec in SECTIONS:
        if sec:
            assert f"`[{sec}]`" in section or f"`[[{sec}]]`" in section, sec
    assert all(keys_of(sec) for sec in SECTIONS)


SHIPPED = json.loads(BEFORE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_shipped_variant_file_reads_as_it_did_before_the_table(name):
    data = tomllib.loads((ROOT / "variants" / name).read_text(encoding="utf-8"))
    problems: list[tuple[str, str]] = []
    fields = parse_variant_dict(data, problems)
    assert problems == []
    assert {k: repr(v) for k, v in sorted(fields.items())} == SHIPPED[name]


def test_the_vectors_cover_every_shipped_variant_file():
    files = {p.name for p in (ROOT / "variants").glob("*.toml")
             if tomllib.loads(p.read_text(encoding="utf-8")).get("format")
             == "spider-variant/1"}
    assert files == set(SHIPPED) and len(files) == 68
