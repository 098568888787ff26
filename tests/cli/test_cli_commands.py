"""The command line of docs/spec.md section 6: variants, plugins, position, moves, apply."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spider_tui.cli import main
from spider_tui.engine import Game

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("spider-tui: ")
    return lines[0]


@pytest.fixture
def position_file(tmp_path):
    def write(game: Game, name: str = "pos.toml") -> Path:
        path = tmp_path / name
        path.write_text(game.to_position(), encoding="utf-8")
        return path

    return write


# ----------------------------------------------------------------- variants and plugins

def test_variants_lists_id_name_and_plugin(capsys, catalog):
    code, out, _ = run(capsys, "variants")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    for vid in ("spider-1suit", "spider-2suit", "spider-4suit", "spiderette", "will-o-the-wisp",
                "black-widow", "tarantula", "big-spider", "scorpion"):
        assert catalog.variant(vid).name in rows[vid]
    assert "builtin" in rows["spider-4suit"].split()
    assert "builtin" in rows["scorpion"].split()  # a variant file shipped with the game
    # The same game from the example package (loaded by the test set-up): its id, its plugin.
    assert "scorpion" in rows["scorpion-example"].split()
    for hid in ("relaxed-deal", "open", "manual-removal"):
        assert hid in rows and "builtin" in rows[hid]
    assert "\x1b[" not in out and all(line == line.rstrip() for line in out.splitlines())


def test_variants_says_how_each_game_is_really_won(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert rows["spider-4suit"].endswith("8 sets, 10 columns, 8 runs to win")
    assert rows["spiderette"].endswith("4 runs to win")
    for vid in ("freds-spider", "cicely", "rouge-et-noir", "bebop"):  # files and a .py plugin
        assert rows[vid].endswith("put every card on the foundations to win"), rows[vid]
        assert "runs to win" not in rows[vid]
    for vid in ("applegate", "chelicera"):
        assert rows[vid].endswith("make every column that is not empty one complete run to win")


def test_plugins_lists_kind_version_hooks_and_status(capsys):
    from spider_tui import __version__

    code, out, _ = run(capsys, "plugins")
    assert code == 0
    builtin = next(line for line in out.splitlines() if line.startswith("builtin "))
    assert "entry point" in builtin and __version__ in builtin
    assert "register_variants" in builtin and builtin.rstrip().endswith("ok")


@pytest.fixture
def broken_home(tmp_path, monkeypatch):
    from spider_tui.plugins.manager import reset_manager

    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "cracked.py").write_text("import no_such_module_here\n",
                                                      encoding="utf-8")
    (tmp_path / "variants" / "short.toml").write_text(
        (ROOT / "variants" / "spiderette.toml").read_text(encoding="utf-8")
        .replace('id = "spiderette"', 'id = "short"').replace("cards = 24", "cards = 26"),
        encoding="utf-8")
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    reset_manager(None)
    yield tmp_path
    reset_manager(None)


def test_plugins_reports_load_errors_and_the_rest_still_works(capsys, broken_home):
    code, out, _ = run(capsys, "plugins")
    assert code == 0
    assert "cracked: failed to import: ModuleNotFoundError" in out
    assert "short.toml: layout: columns need 28 cards but the deck minus the stock leaves 26" in out
    code, out, _ = run(capsys, "variants")
    assert code == 0 and "spider-4suit" in out and "short" not in out.split()


# ----------------------------------------------------------------- position

def test_position_prints_the_deal(capsys):
    code, out, err = run(capsys, "position", "--variant", "spider-2suit", "--deal", "42")
    assert code == 0 and err == ""
    assert out == Game.new("spider-2suit", deal=42).to_position()


def test_position_with_house_rules(capsys):
    code, out, _ = run(capsys, "position", "--variant", "spiderette", "--deal", "7",
                       "--house-rule", "open", "--house-rule", "relaxed-deal")
    assert code == 0
    g = Game.from_position(out)
    assert g.house_rules == ("open", "relaxed-deal") and set(g.state.down) == {0}


@pytest.mark.parametrize("argv, message", [
    (["--variant", "nope", "--deal", "1"], "unknown variant 'nope'"),
    (["--variant", "spider-4suit", "--deal", "1", "--house-rule", "nope"],
     "unknown house rule 'nope'"),
])
def test_position_bad_input_exits_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, "position", *argv)
    assert code == 2 and out == ""
    assert message in one_line_error(err)


@pytest.mark.parametrize("deal", ["many", "-5"])
def test_argument_errors_exit_2(capsys, deal):
    with pytest.raises(SystemExit) as e:
        main(["position", "--variant", "spider-4suit", "--deal", deal])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and f"'{deal}' is not a whole number from 0 to" in err


# ----------------------------------------------------------------- moves

def test_moves_lists_legal_moves_in_canonical_notation(capsys, position_file):
    g = Game.new("spider-4suit", deal=7)
    code, out, _ = run(capsys, "moves", str(position_file(g)))
    assert code == 0
    assert out.splitlines() == [str(m) for m in g.legal_moves()]
    assert out.splitlines()[-1] == "d"


def test_moves_reads_standard_input(capsys, monkeypatch):
    g = Game.new("spiderette", deal=3)
    g.play(g.legal_moves()[0])
    monkeypatch.setattr(sys, "stdin", io.StringIO(g.to_position()))
    code, out, _ = run(capsys, "moves", "-")
    assert code == 0
    assert out.splitlines() == [str(m) for m in g.legal_moves()]


def test_moves_of_a_won_game_is_empty(capsys, tmp_path):
    path = tmp_path / "won.toml"
    path.write_text('format = "spider-position/1"\nvariant = "spiderette"\n'
                    'completed = ["S", "H", "D", "C"]\nstock = []\n'
                    + "[[columns]]\n" * 7, encoding="utf-8")
    code, out, _ = run(capsys, "moves", str(path))
    assert code == 0 and out == ""


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("this is = = not toml", "not read as a position file: not valid TOML"),
    ('format = "spider-position/1"\nvariant = "spider-4suit"\n',
     "spider-4suit has 10 columns but the position has 0"),
    (b"\xff\xfe\x00", "not UTF-8 text"),
])
def test_moves_bad_file_exits_2_naming_the_file(capsys, tmp_path, content, message):
    path = tmp_path / "bad.toml"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    code, out, err = run(capsys, "moves", str(path))
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert message in line and str(path) in line


def test_a_folder_is_not_a_position(capsys, tmp_path):
    code, _, err = run(capsys, "moves", str(tmp_path))
    assert code == 2 and "it is a folder" in one_line_error(err)


def test_a_wrong_deck_is_refused_naming_the_card(capsys, position_file):
    g = Game.new("spider-1suit", deal=3)
    path = position_file(g)
    path.write_text(path.read_text(encoding="utf-8").replace('"', "'").replace(
        "variant = 'spider-1suit'", "variant = 'spider-2suit'"), encoding="utf-8")
    code, _, err = run(capsys, "moves", str(path))
    assert code == 2 and "A♠ (AS) appears 8 times but the spider-2suit deck has 4" in err


# ----------------------------------------------------------------- apply

def test_apply_plays_the_moves_and_prints_the_position(capsys, position_file):
    g = Game.new("spider-2suit", deal=1)
    path = position_file(g)
    moves = ["1>10", "3>2", "d"]
    code, out, err = run(capsys, "apply", str(path), *moves)
    assert code == 0 and err == ""
    for m in moves:
        g.play(m)
    assert out == g.to_position()


def test_apply_an_illegal_move_exits_2_with_the_reason_and_no_position(capsys, position_file):
    g = Game.new("spider-2suit", deal=1)
    path = position_file(g)
    code, out, err = run(capsys, "apply", str(path), "1>10", "4>10")
    assert code == 2 and out == ""
    assert one_line_error(err) == ("spider-tui: move 2 (4>10): 4♠ cannot go onto 2♥: it takes "
                                   "an Ace")


@pytest.mark.parametrize("move, reason", [
    ("9>>1", "cannot read move '9>>1'"),
    ("12>1", "there is no column 12"),
    ("1>f", "complete runs leave the table by themselves"),
])
def test_apply_bad_notation_exits_2(capsys, position_file, move, reason):
    path = position_file(Game.new("spider-2suit", deal=1))
    code, out, err = run(capsys, "apply", str(path), move)
    assert code == 2 and out == "" and reason in one_line_error(err)


# ----------------------------------------------------------------- as a program

def _program(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FORCE_COLOR", "CLICOLOR_FORCE", "TTY_COMPATIBLE")}
    return subprocess.run([sys.executable, "-m", "spider_tui", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)


def test_piped_output_is_plain_and_position_pipes_into_moves_and_apply():
    listed = _program(["variants"])
    assert listed.returncode == 0 and "\x1b[" not in listed.stdout
    assert "spider-4suit" in listed.stdout
    pos = _program(["position", "--variant", "spider-1suit", "--deal", "5"])
    moves = _program(["moves", "-"], stdin=pos.stdout)
    assert moves.returncode == 0
    first = moves.stdout.split()[0]
    applied = _program(["apply", "-", first], stdin=pos.stdout)
    assert applied.returncode == 0
    expected = Game.from_position(pos.stdout)
    expected.play(first)
    assert applied.stdout == expected.to_position()


def test_an_illegal_move_from_the_program_shows_no_traceback():
    pos = _program(["position", "--variant", "spider-1suit", "--deal", "5"])
    bad = _program(["apply", "-", "d", "d", "d", "d", "d", "d"], stdin=pos.stdout)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == "spider-tui: move 6 (d): The stock is empty"
