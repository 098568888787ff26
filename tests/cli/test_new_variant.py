"""``spider-tui new-variant``: a starting TOML or Python variant that checks clean and plays."""

from __future__ import annotations

import dataclasses
import tomllib

import pytest

from spider_tui.cli import main
from spider_tui.engine import RuleSet
from spider_tui.engine.schema import FIELDS, SECTIONS, keys_of, variant_template
from spider_tui.plugins.authoring import variant_data
from spider_tui.plugins.manager import get_manager, reset_manager


def variant_toml(rules: RuleSet) -> str:
    """The TOML file ``spider-tui new-variant`` writes for ``rules``."""
    return variant_template(variant_data(rules))


def data_fields(rules: RuleSet) -> dict:
    skip = {"source", "house_rules", "rules_text"}
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if f.name not in skip}


@pytest.mark.parametrize("vid", sorted(get_manager().catalog.variants))
def test_every_variant_written_as_a_file_reads_back_the_same(vid):
    rules = get_manager().catalog.variant(vid)
    again = RuleSet.from_dict(tomllib.loads(variant_toml(rules)), "again")
    assert data_fields(again) == data_fields(rules)
    assert again.rules_text.strip() == rules.rules_text.strip()


def test_table_model_fields_survive_the_round_trip():
    rules = RuleSet.from_dict({
        "id": "x", "name": "X", "win": "foundations", "deck": {"sets": 8, "shuffle": "separate"},
        "layout": {"columns": 8, "faces": "dudu"},
        "cells": {"count": 2, "capacity": "any", "dealt": [1, 0]},
        "reserves": {"count": 2, "dealt": 1},
        "foundations": [{"count": 4}, {"count": 4, "base": "K", "direction": "down",
                                       "take_back": True}],
        "waste": {"turn": 3, "redeals": 2, "dealt": 1},
        "stock": {"needs_full_columns": False, "skip": "empty"},
        "moves": {"place": ["same-rank", "down same-suit"], "lift": "single", "wrap": True,
                  "max_lift": "free-cells", "empty": "ace"},
        "runs": {"leave": False, "order": "up", "wrap": True}}, "x")
    again = RuleSet.from_dict(tomllib.loads(variant_toml(rules)), "again")
    assert data_fields(again) == data_fields(rules)
    assert variant_data(again) == variant_data(rules)


def test_new_variant_writes_a_toml_file_that_checks_clean_and_is_played(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    assert main(["new-variant", "my-spider", "--from", "spiderette"]) == 0
    path = tmp_path / "variants" / "my-spider.toml"
    assert path.is_file() and "spider-tui check-variant" in capsys.readouterr().out
    assert main(["check-variant", str(path)]) == 0
    assert "my-spider: ok" in capsys.readouterr().out.replace(str(path), "my-spider")
    assert main(["new-variant", "my-spider"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["new-variant", "spider-1suit"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["new-variant", ".."]) == 2
    assert "not a variant id" in capsys.readouterr().err


def test_new_variant_python_writes_a_plugin_that_registers_and_plays(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    assert main(["new-variant", "my-py", "--python", "--dir", str(tmp_path / "out")]) == 0
    path = tmp_path / "out" / "my_py.py"
    text = path.read_text()
    assert "only plugins you trust" in text
    capsys.readouterr()
    assert main(["check-variant", str(path)]) == 0
    assert "variant my-py" in capsys.readouterr().out


VARIANTS = sorted(get_manager().catalog.variants)


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_key_is_written_with_its_help(vid):
    text = variant_toml(get_manager().catalog.variant(vid))
    lines = text.splitlines()
    for sec in SECTIONS:
        if sec:
            assert any(line.lstrip("# ").startswith(f"[{sec}]")
                       or line.lstrip("# ").startswith(f"[[{sec}]]") for line in lines), sec
    for spec in FIELDS:
        written = [line for line in lines
                   if line.lstrip("# ").startswith(f"{spec.key} = ")
                   or (spec.key == "rules" and line.startswith('rules = """'))]
        assert written, f"{vid}: {spec.path} is not written"
        assert any(spec.help in line for line in lines), f"{vid}: {spec.path} has no help"
        if spec.required:
            assert any(not line.startswith("#") for line in written), spec.path


@pytest.mark.parametrize("vid", VARIANTS)
def test_a_key_written_commented_out_holds_its_default(vid):
    """Taking the # off a key left at its stated default (in a table the file has) reads back
    the same rules: the default written is the default."""
    rules = get_manager().catalog.variant(vid)
    text = variant_toml(rules)
    data = tomllib.loads(text)
    for spec in FIELDS:
        if spec.default is None or spec.required or spec.section == "foundations":
            continue
        if spec.section and spec.section not in data:
            continue
        if spec.path in ("layout.down", "layout.up") and "faces" in data["layout"]:
            continue  # the other way to say the same cards
        lines = text.splitlines()
        # A key is written in its own table (or, at the top, before the first one).
        start = next(i for i, h in enumerate(lines) if h.startswith(f"[{spec.section}] ")
                     ) if spec.section else 0
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].lstrip("# ").startswith("[")), len(lines))
        assert any(h.lstrip("# ").startswith(f"{spec.key} = ") for h in lines[start:end]), \
            spec.path
        line = next((h for h in lines[start:end] if h.startswith(f"# {spec.key} = ")), None)
        if line is None:
            continue  # the variant sets it
        at = start + 1 if spec.section else 3
        uncommented = lines[:at] + [line[2:]] + lines[at:]
        again = RuleSet.from_dict(tomllib.loads("\n".join(uncommented)), "again")
        if not any(again.cells_dealt) and not any(rules.cells_dealt):  # (0, 0) is ()
            again = again.with_changes(cells_dealt=rules.cells_dealt)
        assert data_fields(again) == data_fields(rules), (vid, spec.path)


@pytest.mark.parametrize("options", [
    [], ["--from", "scorpion"], ["--from", "spidercells"], ["--from", "cicely"],
    ["--from", "rachel"], ["--name", "A Fine Game"], ["--python"],
    ["--python", "--from", "spidike", "--name", "Py Spidike"],
], ids=lambda o: " ".join(o) or "plain")
def test_every_option_writes_a_file_that_checks_clean(tmp_path, capsys, monkeypatch, options):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path / "home"))
    out = tmp_path / "out"
    assert main(["new-variant", "my-game", "--dir", str(out), *options]) == 0
    path = out / ("my_game.py" if "--python" in options else "my-game.toml")
    assert path.is_file()
    capsys.readouterr()
    assert main(["check-variant", str(path)]) == 0, capsys.readouterr().err
    assert "variant my-game" in capsys.readouterr().out
    if "--name" in options:
        assert options[options.index("--name") + 1] in path.read_text(encoding="utf-8")
    # --force writes over it; without it the file is kept
    assert main(["new-variant", "my-game", "--dir", str(out), *options]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["new-variant", "my-game", "--dir", str(out), "--force", *options]) == 0
    capsys.readouterr()
    assert main(["check-variant", str(path)]) == 0


def test_every_key_left_at_its_default_in_the_plain_template_is_commented_out():
    text = variant_toml(get_manager().catalog.variant("spider-2suit"))
    assert "# [cells]" in text and "# [[foundations]]" in text and "# [waste]" in text
    assert "# shuffle = \"together\"" in text
    assert any(line.startswith("sets = ") for line in text.splitlines())
    for sec in SECTIONS:
        assert keys_of(sec)


def _written_keys(text: str) -> dict[str, str]:
    """Every key line of a written variant file, live or commented out, by its path."""
    keys: dict[str, str] = {}
    section = ""
    for line in text.splitlines():
        bare = line.removeprefix("# ")
        if bare.startswith("[["):
            section = bare[2:bare.index("]]")]
        elif bare.startswith("["):
            section = bare[1:bare.index("]")]
        elif " = " in bare and not bare.startswith(" "):
            key = bare.split(" = ", 1)[0]
            if key.replace("_", "").isalnum():
                keys.setdefault(f"{section}.{key}" if section else key, line)
    return keys


FORTY_THIEVES = {
    "id": "forty-thieves", "name": "Forty Thieves", "win": "foundations",
    "deck": {"sets": 8}, "layout": {"columns": 10, "up": 4, "all_face_up": True},
    "waste": {"turn": 1}, "stock": {"needs_full_columns": False},
    "moves": {"place": "same-suit", "lift": "single"}, "runs": {"leave": False},
    "foundations": {"count": 8}}


def test_new_variant_writes_every_key_of_the_table_with_its_value(tmp_path, capsys,
                                                                  monkeypatch, request):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    base = tmp_path / "variants" / "forty-thieves.toml"
    base.parent.mkdir()
    base.write_text(variant_template(FORTY_THIEVES | {"format": "spider-variant/1"}))
    reset_manager()  # the next command loads the folder with Forty Thieves in it
    request.addfinalizer(reset_manager)
    assert main(["new-variant", "my-thieves", "--from", "forty-thieves"]) == 0
    path = tmp_path / "variants" / "my-thieves.toml"
    text = path.read_text()
    written = _written_keys(text)
    assert set(written) == {spec.path for spec in FIELDS}
    # What the variant sets is live, with its value; what it leaves at the default is
    # commented out, showing the default.
    assert written["layout.all_face_up"].startswith("all_face_up = true")
    assert written["moves.lift"].startswith('lift = "single"')
    assert written["foundations.count"].startswith("count = 8")
    assert written["waste.turn"].startswith("# turn = 1")
    assert written["deck.shuffle"].startswith('# shuffle = "together"')
    again = RuleSet.from_dict(tomllib.loads(text), "again")
    thieves = get_manager().catalog.variant("forty-thieves")
    assert data_fields(again) == data_fields(thieves) | {"id": "my-thieves",
                                                          "name": "My Thieves",
                                                          "description": again.description}
    capsys.readouterr()
    assert main(["check-variant", str(path)]) == 0
    assert "ok" in capsys.readouterr().out


def test_a_key_at_its_default_is_commented_and_every_other_is_live():
    for vid in ("spider-2suit", "spidike", "scorpion-towers", "bebop", "trillium"):
        rules = get_manager().catalog.variant(vid)
        data = variant_data(rules)
        for spec in FIELDS:
            table = data if not spec.section else data.get(spec.section, {})
            for group in table if isinstance(table, list) else [table]:
                if spec.key in group and spec.default is not None and spec.key != "count" \
                        and spec.path != "format":  # (the format line is always there)
                    assert group[spec.key] != spec.default or spec.required, (vid, spec.path)
    assert variant_data(rules)["format"] == "spider-variant/1"
