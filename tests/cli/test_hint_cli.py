"""``spider-tui hint FILE [MOVE ...] [--all]``: a position's hint as the game shows it, the move
in notation first on its line, then the reason (issue 31 item 2)."""

from __future__ import annotations

import re

from ai_positions import FINISH_MOVES

from spider_tui.ai.hint import NOTHING, hints
from spider_tui.cli import main
from spider_tui.engine import Game, Move

NODES = ("--nodes", "200")
LINE = re.compile(r"^(d|[0-9crwf]+(:\d+)?>[0-9crwf]+)  \S.*$")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def position_file(tmp_path, variant: str = "spider-1suit", deal: int = 5, moves: str = ""):
    g = Game.new(variant, deal=deal)
    for m in moves.split():
        g.play(Move.parse(m))
    path = tmp_path / "position.toml"
    path.write_text(g.to_position(), encoding="utf-8")
    return path, g


def test_the_hint_is_the_games_move_then_its_reason(tmp_path, capsys):
    path, g = position_file(tmp_path)
    code, out, err = run(capsys, "hint", str(path), *NODES)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 1 and LINE.match(lines[0]), out
    best = hints(g, budget_ms=10**9, max_nodes=200)[0]
    assert lines[0] == f"{best.move}  {best.reason}"
    # The same answer every time with a node allowance.
    assert run(capsys, "hint", str(path), *NODES)[1] == out


def test_all_prints_every_suggestion_in_order(tmp_path, capsys):
    path, g = position_file(tmp_path)
    code, out, _ = run(capsys, "hint", str(path), "--all", *NODES)
    assert code == 0
    found = hints(g, budget_ms=10**9, max_nodes=200)
    assert out.splitlines() == [f"{h.move}  {h.reason}" for h in found]
    assert len(found) > 1 and all(LINE.match(x) for x in out.splitlines())
    assert out.splitlines()[-1].startswith("d  deal a new row")
    legal = {str(m) for m in g.legal_moves()}
    assert all(x.split()[0] in legal for x in out.splitlines())


def test_moves_played_first_are_never_undone_by_the_hint(tmp_path, capsys):
    """6♠ moved off 7♠ (nothing turned over): the hint knows it and never offers it back."""
    path, g = position_file(tmp_path, moves=FINISH_MOVES)
    code, out, _ = run(capsys, "hint", str(path), "9>2", "--all", *NODES)
    assert code == 0 and out
    g.play(Move.parse("9>2"))
    offered = [x.split()[0] for x in out.splitlines()]
    assert "2>9" not in offered
    assert set(offered) <= {str(m) for m in g.legal_moves()}


def test_a_bad_move_is_said_in_one_line(tmp_path, capsys):
    path, _ = position_file(tmp_path)
    code, out, err = run(capsys, "hint", str(path), "7>12")
    assert code == 2 and out == ""
    assert "7>12" in err and "column 12" in err and "Traceback" not in err


def test_when_nothing_helps_it_says_so(tmp_path, capsys, monkeypatch):
    path, _ = position_file(tmp_path)
    import spider_tui.ai.hint as hint

    monkeypatch.setattr(hint, "plan", lambda *a, **k: [])
    code, out, err = run(capsys, "hint", str(path))
    assert code == 0 and out == ""
    assert NOTHING in err
