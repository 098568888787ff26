"""``spider-tui check-variant`` over whole folders: every file on its own, ids declared twice,
unknown scoring schemes, theme files, did-you-mean for misspelt keys and values."""

from __future__ import annotations

from pathlib import Path

import pytest

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


# ----------------------------------------------------------------- games that can never be won

SPIDER = ('format = "spider-variant/1"\nid = "{vid}"\n{top}\n[deck]\nsets = 8\n[layout]\n'
          'columns = 10\ndown = 4\nup = 1\n[stock]\nneeds_full_columns = false\n{more}\n')


def test_every_shipped_variant_passes_with_no_problem_and_no_warning(capsys):
    code, out, err = run(capsys, "check-variant", str(ROOT / "variants"))
    assert code == 0, err
    assert "warning" not in err and "never" not in err
    assert out.count(": ok (") == len(list((ROOT / "variants").glob("*.toml"))) + len(
        [p for p in (ROOT / "variants").glob("*.py") if not p.name.startswith("_")])


@pytest.mark.parametrize("top, more, line", [
    ('win = "foundations"', "[runs]\nleave = false\n[foundations]\ncount = 4",
     'foundations.count: 4 foundations (complete runs stay on the table) hold at most 52 of '
     'the 104 cards: win = "foundations" can never be won'),
    ('win = "foundations"', '[runs]\nleave = false\n[foundations]\ndirection = "down"',
     "foundations.direction: a foundation built down from an Ace holds at most 1 card, not "
     "13: nothing can go on after its first card"),
    ("", '[foundations]\nbase = "K"',
     "foundations.direction: a foundation built up from a King holds at most 1 card"),
    ('win = "foundations"', '[runs]\nleave = false\n[foundations]\nsuits = ["S"]',
     'foundations.suits: no foundation ever takes A♥, 2♥, 3♥, 4♥ ... and complete runs stay '
     'on the table: win = "foundations" can never be won'),
    ("", "[runs]\nleave = false",
     'runs.leave: complete runs stay on the table, but win = "runs" asks for 8 to leave: it '
     'can never be won'),
    ("", "[runs]\npiles = 4",
     'runs.piles: only 4 complete runs may leave, but win = "runs" asks for 8: it can never '
     'be won'),
    ('win = "foundations"', "[runs]\npiles = 4\n[foundations]\ncount = 3",
     "runs.piles: 3 foundations and 4 complete runs leaving hold at most 91 of the 104 cards"),
])
def test_a_game_that_can_never_be_won_is_refused_saying_why(tmp_path, capsys, top, more, line):
    path = tmp_path / "never.toml"
    path.write_text(SPIDER.format(vid="never", top=top, more=more), encoding="utf-8")
    code, out, err = run(capsys, "check-variant", str(path))
    assert code == 2 and ": ok" not in out, out
    assert f"{path}: {line}" in err


def test_a_foundation_no_card_starts_is_named_by_its_suits(tmp_path, capsys):
    path = tmp_path / "spades.toml"
    path.write_text(SPIDER.format(vid="spades", top="", more='[foundations]\nsuits = ["S"]')
                    .replace("sets = 8", 'sets = 4\nsuits = ["H"]'), encoding="utf-8")
    code, _, err = run(capsys, "check-variant", str(path))
    assert code == 2
    assert (f"{path}: foundations.suits: no card of the deck starts foundation 1: it takes an "
            f"Ace of spades, and the deck has none") in err


def test_a_game_stuck_at_move_0_on_every_deal_tried_is_a_warning(tmp_path, capsys):
    path = tmp_path / "stuck.toml"
    path.write_text('format = "spider-variant/1"\nid = "stuck"\n[deck]\nsets = 4\n'
                    'suits = ["S"]\n[layout]\ncolumns = 1\ndown = 51\nup = 1\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "check-variant", str(path))
    assert code == 0 and f"{path}: ok (variant stuck: 1 column, 52 cards dealt" in out
    assert (f"warning: {path}: moves: stuck at move 0 on deals 1, 2 and 3: no card can move "
            f"and no deal is possible (the stock is empty)") in err.splitlines()


def test_a_game_says_how_it_is_won(tmp_path, capsys):
    path = tmp_path / "homes.toml"
    path.write_text(SPIDER.format(vid="homes", top='win = "foundations"',
                                  more="[runs]\nleave = false\n[foundations]\n"),
                    encoding="utf-8")
    code, out, _ = run(capsys, "check-variant", str(path))
    assert code == 0 and out.rstrip().endswith("put every card on the foundations to win)")


def test_a_python_variant_that_can_never_be_won_is_refused_too(tmp_path, capsys):
    path = tmp_path / "stay.py"
    path.write_text(
        "from spider_tui.engine import RuleSet\nfrom spider_tui.plugins import hookimpl\n\n\n"
        "@hookimpl\ndef register_variants(register):\n"
        "    register(RuleSet(id='stay-py', name='Stay', deck=(0, 0, 0, 0),\n"
        "                     layout=((4, 1),) * 10, runs_leave=False))\n", encoding="utf-8")
    code, _, err = run(capsys, "check-variant", str(path))
    assert code == 2
    assert (f"{path}: variant stay-py: runs.leave: complete runs stay on the table, but win = "
            f"\"runs\" asks for 4 to leave: it can never be won") in err
