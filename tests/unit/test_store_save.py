"""The saved game: it round-trips with its whole history, and no damage or crash ever loses the
last good save or crashes the loader."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from spider_tui.engine import Game
from spider_tui.store import files
from spider_tui.store import save as save_mod
from spider_tui.store.files import dump
from spider_tui.store.save import LoadResult, SaveMeta, SaveStore


def played(actions: int = 120, seed: int = 1, variant: str = "spider-2suit",
           deal: int = 7) -> Game:
    """A game with moves, deals, undos and redos in its history, and a redo stack left over."""
    rnd = random.Random(seed)
    g = Game.new(variant, deal=deal)
    while g.actions < actions:
        x = rnd.random()
        if x < 0.1 and g.can_undo():
            g.undo()
        elif x < 0.13 and g.can_redo():
            g.redo()
        else:
            moves = g.legal_moves()
            if moves:
                g.play(rnd.choice(moves))
            else:
                g.undo()
    for _ in range(3):
        g.undo()
    g.elapsed = 123.25
    return g


def aside_files(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if p.name.startswith(path.name + "."))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "save.json"


def saved(path: Path, game: Game, meta: SaveMeta | None = None) -> SaveMeta:
    meta = meta or SaveMeta()
    assert SaveStore(path).save(game, meta) == []
    return meta


def test_a_game_round_trips_with_its_whole_history(path):
    g = played(300)
    meta = saved(path, g, SaveMeta(hints_used=2, extra={"selected": 3}))
    result = SaveStore(path).load()
    assert result.notices == [] and result.moved_to is None
    h = result.game
    assert h is not None
    assert h.to_record() == g.to_record()
    assert (h.to_position(), h.score, h.elapsed, h.actions, h.undos, h.redos) == (
        g.to_position(), g.score, g.elapsed, g.actions, g.undos, g.redos)
    assert result.meta == meta and result.meta.hints_used == 2
    assert result.meta.extra == {"selected": 3}
    # Undo all the way back gives the same positions, in the same order, as the original game.
    assert len(h.history) == len(g.history) > 50
    while g.can_undo():
        g.undo()
        h.undo()
        assert h.to_position() == g.to_position()
    assert h.to_position() == Game.new("spider-2suit", deal=7).to_position()
    # ... and so does redo, including the moves that were undone before saving.
    while g.can_redo():
        assert str(h.redo().move) == str(g.redo().move)
        assert h.to_position() == g.to_position()
    assert not h.can_redo()


def test_no_save_means_no_game_and_no_notice(path):
    result = SaveStore(path).load()
    assert (result.game, result.notices, result.moved_to) == (None, [], None)
    assert isinstance(result.meta, SaveMeta)


def test_the_meta_notes_the_start_and_any_undo(path):
    g = Game.new("spider-1suit", deal=3)
    meta = saved(path, g)
    assert meta.started_at is None and meta.clean
    g.play(g.legal_moves()[0])
    saved(path, g, meta)
    assert meta.started_at is not None and not meta.undo_used
    g.undo()
    saved(path, g, meta)
    assert meta.undo_used and not meta.clean
    assert SaveStore(path).load().meta == meta


def test_each_new_meta_names_a_different_game():
    assert SaveMeta().game_id != SaveMeta().game_id


def test_clear_forgets_the_save(path):
    saved(path, played(10))
    assert SaveStore(path).clear() == []
    assert SaveStore(path).load().game is None
    assert SaveStore(path).clear() == []  # nothing there: still fine


def check_moved_aside(path: Path, result: LoadResult, content: bytes) -> Path:
    """The save was refused, moved aside intact, and the notice says where."""
    assert result.game is None
    assert len(result.notices) == 1
    assert result.moved_to is not None and str(result.moved_to) in result.notices[0]
    assert "new game" in result.notices[0]
    assert not path.exists()
    assert result.moved_to.read_bytes() == content
    return result.moved_to


def test_a_save_cut_short_at_any_byte_is_refused_and_moved_aside(path):
    saved(path, played(40))
    good = path.read_bytes()
    for n in range(len(good)):
        path.write_bytes(good[:n])
        result = SaveStore(path).load()
        moved = check_moved_aside(path, result, good[:n])
        moved.unlink()


def test_a_changed_byte_is_caught_by_the_checksum(path):
    saved(path, played(40))
    doc = json.loads(path.read_bytes())
    doc["game"]["elapsed"] = 1.0
    damaged = json.dumps(doc).encode()
    path.write_bytes(damaged)
    result = SaveStore(path).load()
    check_moved_aside(path, result, damaged)
    assert "checksum" in result.notices[0]


def without_checksum(path: Path) -> dict:
    doc = json.loads(path.read_bytes())
    del doc["checksum"]
    return doc


def test_a_hand_edited_save_without_its_checksum_is_read(path):
    g = played(40)
    saved(path, g)
    doc = without_checksum(path)
    doc["game"]["elapsed"] = 5.0
    path.write_text(json.dumps(doc))
    h = SaveStore(path).load().game
    assert h is not None and h.elapsed == 5.0 and h.to_position() == g.to_position()


@pytest.mark.parametrize("damage, words", [
    (lambda d: d["game"]["moves"].insert(0, "1>1"), "illegal"),
    (lambda d: d["game"]["moves"].insert(0, "bogus"), "move"),
    (lambda d: d["game"].update(start=d["game"]["start"].replace(
        '"spider-2suit"', '"spider-9suit"')), "its variant 'spider-9suit' is not installed"),
    (lambda d: d["game"].update(start=d["game"]["start"].replace('"2H"', '"3H"', 1)), ""),
    (lambda d: d["game"].update(moves=17), ""),
    (lambda d: d["game"].update(format="spider-game/99"), ""),
    (lambda d: d.update(game=[1, 2]), ""),
    (lambda d: d.pop("game"), ""),
    (lambda d: d["meta"].update(hints_used="two"), "hints_used"),
    (lambda d: d.update(meta=None), ""),
    (lambda d: d.update(format="spider-stats/1"), "not a spider-save file"),
    (lambda d: d.update(format=None), "not a spider-save file"),
])
def test_a_save_that_cannot_be_resumed_is_moved_aside(path, damage, words):
    saved(path, played(40))
    doc = without_checksum(path)
    damage(doc)
    content = json.dumps(doc).encode()
    path.write_bytes(content)
    result = SaveStore(path).load()
    check_moved_aside(path, result, content)
    assert words in result.notices[0]


@pytest.mark.parametrize("content", [
    b"", b"   \n", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b'"spider-save/1"', b"null",
    b"[" * 100_000, b'format = "spider-save/1"\n',
    b'{"format": "spider-save/1", "game": {}, "x": NaN}',
], ids=lambda content: repr(content[:24]))
def test_anything_that_is_not_a_save_is_moved_aside(path, content):
    path.write_bytes(content)
    check_moved_aside(path, SaveStore(path).load(), content)


def test_a_save_whose_house_rule_is_gone_is_moved_aside(path):
    g = Game.new("spider-2suit", deal=5, house_rules=["relaxed-deal"])
    saved(path, g)
    doc = without_checksum(path)
    doc["game"]["start"] = doc["game"]["start"].replace('"relaxed-deal"', '"gone-rule"')
    path.write_text(json.dumps(doc))
    result = SaveStore(path).load()
    assert result.game is None and "house rule 'gone-rule' is not installed" in result.notices[0]


def test_a_save_whose_scoring_scheme_is_gone_resumes_with_the_variants_own(path):
    g = played(20)
    saved(path, g)
    doc = without_checksum(path)
    doc["game"]["scoring"] = "gone-scheme"
    path.write_text(json.dumps(doc))
    result = SaveStore(path).load()
    assert result.game is not None and result.game.to_position() == g.to_position()
    assert result.game.scoring.id == "classic"
    assert len(result.notices) == 1 and "'gone-scheme' is not installed" in result.notices[0]


def test_bad_saves_moved_aside_in_the_same_second_keep_distinct_names(path):
    kept = []
    for i in range(3):
        path.write_bytes(b"broken %d" % i)
        kept.append(SaveStore(path).load().moved_to)
    assert len(set(kept)) == 3
    assert sorted(p.read_bytes() for p in kept) == [b"broken 0", b"broken 1", b"broken 2"]


def test_a_save_from_a_newer_release_is_moved_aside_not_overwritten(path):
    newer = save_mod.VERSION + 1
    content = dump("spider-save", newer, {"game": {"something": "new"}})
    path.write_bytes(content)
    result = SaveStore(path).load()
    check_moved_aside(path, result, content)
    assert "newer spider-tui" in result.notices[0]
    assert f"spider-save/{newer}" in result.notices[0]


def test_an_older_format_is_migrated(path, monkeypatch):
    """When the format moves on, saves of the version before are upgraded through MIGRATIONS
    on reading."""
    g = played(20)
    saved(path, g)
    current = save_mod.VERSION

    def one_to_two(body: dict) -> dict:
        body = dict(body)
        body["meta"] = {**body["meta"], "hints_used": body["meta"]["hints_used"] + 5}
        return body

    monkeypatch.setattr(save_mod, "VERSION", current + 1)
    monkeypatch.setattr(save_mod, "MIGRATIONS", {**save_mod.MIGRATIONS, current: one_to_two})
    result = SaveStore(path).load()
    assert result.notices == []
    assert result.game is not None and result.game.to_position() == g.to_position()
    assert result.meta.hints_used == 5
    # A format older than any migration reaches is refused, and kept.
    monkeypatch.setattr(save_mod, "MIGRATIONS", {})
    result = SaveStore(path).load()
    assert result.game is None and "cannot read" in result.notices[0]
    assert result.moved_to is not None and result.moved_to.exists()


def test_a_failing_write_keeps_the_previous_save(path, monkeypatch):
    first = played(30)
    saved(path, first)
    good = path.read_bytes()

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", refuse)
    store = SaveStore(path)
    later = played(60, seed=2)
    notices = store.save(later, SaveMeta())
    assert len(notices) == 1 and "No space left on device" in notices[0]
    assert store.save(later, SaveMeta()) == []  # said once, not after every action
    assert path.read_bytes() == good
    assert aside_files(path) == [] and list(path.parent.glob(".save.json.*")) == []
    monkeypatch.undo()
    assert store.save(later, SaveMeta()) == [f"The game is being saved again ({path})."]
    assert SaveStore(path).load().game.to_position() == later.to_position()


def test_a_process_killed_between_write_and_rename_keeps_the_old_save(path):
    first = played(30)
    saved(path, first)
    script = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {os.getcwd()!r})
        from spider_tui.engine import Game
        from spider_tui.store import files
        from spider_tui.store.save import SaveMeta, SaveStore
        g = Game.new("spider-2suit", deal=99)
        g.play(g.legal_moves()[0])
        def die(src, dst):
            os.kill(os.getpid(), signal.SIGKILL)
        files.os.replace = die
        SaveStore({str(path)!r}).save(g, SaveMeta())
        print("not killed")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert list(path.parent.glob(".save.json.*.tmp"))  # the new bytes were written...
    result = SaveStore(path).load()  # ...but the old save is what there is
    assert result.notices == []
    assert result.game.to_record() == first.to_record()


def test_leftover_temporary_files_are_cleaned_up_once_old(path):
    saved(path, played(5))
    fresh = path.parent / ".save.json.abc.tmp"
    stale = path.parent / ".save.json.def.tmp"
    fresh.write_bytes(b"in progress elsewhere")
    stale.write_bytes(b"left by a crash")
    os.utime(stale, (1, 1))
    assert SaveStore(path).load().game is not None
    assert fresh.exists() and not stale.exists()


def test_a_bad_save_that_cannot_be_moved_aside_is_never_written_over(path, monkeypatch):
    path.write_bytes(b"broken")

    def cannot(p):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(save_mod, "move_aside", cannot)
    store = SaveStore(path)
    result = store.load()
    assert result.game is None and "Permission denied" in result.notices[0]
    assert "will not be saved" in result.notices[0]
    assert store.save(played(5), SaveMeta()) == []
    assert store.clear() == []
    assert path.read_bytes() == b"broken"


def test_the_save_is_versioned_json(path):
    saved(path, played(5))
    doc = json.loads(path.read_bytes())
    assert doc["format"] == f"spider-save/{save_mod.VERSION}"
    assert doc["game"]["format"] == "spider-game/1"
    assert doc["checksum"].startswith("sha256:")
