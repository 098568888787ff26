"""``spider-tui check-variant`` over whole folders: every file on its own, ids declared twice,
unknown scoring schemes, theme files, did-you-mean for misspelt keys and values."""

from __future__ import annotations

from pathlib import Path

from spider_tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOOD = (ROOT / "variants" / "spidike.toml").read_text(encoding="utf-8")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def variant(vid: str, *replace: tuple[str, str]) -> str:
    text = GOOD.replace('id = "spidike"', f'id = "{vid}"')
    for old, new in replace:
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_a_folder_is_checked_file_by_file_with_every_problem_named(tmp_path, capsys):
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "a-good.toml").write_text(variant("mine"))
    (folder / "b-twin.toml").write_text(variant("mine"))
    (folder / "c-typo.toml").write_text(variant("typo", ("[moves]", "[moves]\nplcae = \"x\"")))
    (folder / "d-scoring.toml").write_text(variant("scored", ('scoring = "classic"',
                                                               'scoring = "clasic"')))
    (folder / "e-value.toml").write_text(variant("valued", ('empty = "king"',
                                                             'empty = "kings"')))
    (folder / "f-house.toml").write_text(
        'format = "spider-house-rules/1"\n[[house_rule]]\nid = "mine-relaxed"\nname = "R"\n'
        'set = { stock.needs_full_colums = false }\n')
    (folder / "g-theme.toml").write_text(
        'format = "spider-theme/1"\nid = "mine-theme"\n[colors]\nprimary = "#123456"\n')
    (folder / "h-bad-theme.toml").write_text(
        'format = "spider-theme/1"\nid = "bad-theme"\n[colors]\nprimary = "red"\n')
    code, out, err = run(capsys, "check-variant", str(folder))
    assert code == 2 and "Traceback" not in err
    assert f"{folder / 'a-good.toml'}: ok (variant mine:" in out
    assert f"{folder / 'b-twin.toml'}: variant mine is declared in {folder / 'a-good.toml'}" in err
    assert "c-typo.toml: moves.plcae: unknown key (did you mean 'place'?)" in err
    assert ("d-scoring.toml: scoring: 'clasic' is not a scoring scheme (one of built, classic, "
            "none, solitaire-city) (did you mean 'classic'?)") in err
    assert "e-value.toml: moves.empty: 'kings' is not one of any, king, ace, none (did you " \
           "mean 'king'?)" in err
    assert "f-house.toml: house_rule[0].set.stock.needs_full_colums: not a rule a house rule " \
           "can change" in err and "did you mean 'stock.needs_full_columns'?" in err
    assert f"{folder / 'g-theme.toml'}: ok (theme mine-theme)" in out
    assert "h-bad-theme.toml: colors.primary: 'red' is not a colour" in err


def test_with_no_file_it_checks_the_players_own_folders(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    code, out, err = run(capsys, "check-variant")
    assert code == 0 and "your folders are empty" in out
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "mine.toml").write_text(variant("mine"))
    (tmp_path / "themes").mkdir()
    (tmp_path / "themes" / "t.toml").write_text(
        'format = "spider-theme/1"\nid = "mine-theme"\n[colors]\nprimary = "#123456"\n')
    code, out, err = run(capsys, "check-variant")
    assert code == 0, err
    assert "mine.toml: ok (variant mine: 7 columns, 4 foundations" in out
    assert "t.toml: ok (theme mine-theme)" in out


def test_house_rules_name_what_they_change_as_variant_files_do(tmp_path, capsys):
    from spider_tui.engine import Game
    from spider_tui.engine.house import house_rules_from_dict

    rules = house_rules_from_dict({"format": "spider-house-rules/1", "house_rule": [
        {"id": "a", "name": "A", "set": {"stock": {"needs_full_columns": False},
                                         "moves": {"place": "same-suit"}}},
        {"id": "b", "name": "B", "set": {"deal_needs_full": False}},  # the field's own name
    ]}, "test")
    assert rules[0].changes == {"deal_needs_full": False, "place": "same-suit"}
    assert rules[1].changes == {"deal_needs_full": False}
    spider = Game.new("spider-2suit", deal=1).rules
    assert rules[0].applies_to(spider) and rules[0].apply(spider).place == "same-suit"
