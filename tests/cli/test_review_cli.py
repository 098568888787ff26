"""``spider-tui review FILE [MOVE ...] | --saved [--nodes N]`` (issue 32 item 2): the move
number of the point of no return, the moves to it and the winning line, in move notation."""

from __future__ import annotations

from ai_positions import LOST_AT, LOST_DEAL, LOST_MOVES

from spider_tui.cli import main
from spider_tui.engine import WON, Game


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def start_file(tmp_path) -> str:
    path = tmp_path / "deal.toml"
    path.write_text(Game.new("spider-1suit", LOST_DEAL).to_position(), encoding="utf-8")
    return str(path)


def test_review_prints_the_move_the_moves_to_it_and_the_winning_line(tmp_path, capsys):
    moves = LOST_MOVES.split()
    code, out, err = run(capsys, "review", start_file(tmp_path), *moves, "--nodes", "2000")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == (f"A win still existed after move {LOST_AT}; move {LOST_AT + 1} "
                        f"({moves[LOST_AT]}) lost it")
    assert lines[1] == f"move: {LOST_AT}"
    assert lines[2] == f"moves to there ({LOST_AT}): {' '.join(moves[:LOST_AT])}"
    head, line = lines[3].split(": ", 1)
    assert head.startswith("winning line (")
    game = Game.new("spider-1suit", LOST_DEAL)
    for m in moves[:LOST_AT] + line.split():
        game.play(m)
    assert game.status == WON
    assert f"after move {LOST_AT + 1}: lost (proved: every position searched)" in out
    assert f"after move {LOST_AT}: won (proved: a line that wins)" in out
    assert "positions asked" in err


def test_review_says_not_found_when_the_budget_runs_out(tmp_path, capsys):
    code, out, _ = run(capsys, "review", start_file(tmp_path), *LOST_MOVES.split(),
                       "--nodes", "100")
    assert code == 0
    assert out.startswith("Not found: no position of the game was proved winnable within 100 "
                          "positions searched each")
    assert "\nnot found\n" in out and "not known (the budget ran out)" in out


def test_review_refuses_bad_input_in_one_line(tmp_path, capsys):
    code, _, err = run(capsys, "review", start_file(tmp_path), "6>4", "zz")
    assert code == 2 and err.startswith("spider-tui: move 2 ('zz'): ") and err.count("\n") == 1
    code, _, err = run(capsys, "review")
    assert code == 2 and "FILE [MOVE ...] or --saved" in err
    code, _, err = run(capsys, "review", start_file(tmp_path), "--saved")
    assert code == 2 and "not both" in err


def test_review_of_the_saved_game(tmp_path, capsys, monkeypatch):
    from spider_tui.store import SaveStore
    from spider_tui.store.save import SaveMeta

    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path / "home"))
    code, _, err = run(capsys, "review", "--saved")
    assert code == 2 and "there is no saved game to review" in err
    game = Game.new("spider-1suit", LOST_DEAL)
    for m in LOST_MOVES.split():
        game.play(m)
    assert SaveStore().save(game, SaveMeta()) == []
    code, out, _ = run(capsys, "review", "--saved", "--nodes", "2000")
    assert code == 0 and f"move: {LOST_AT}" in out
