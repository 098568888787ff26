"""Writing a plugin: every hook documented and exercised, the three ways in, and isolation of
broken plugins of every kind (issue 6)."""

from __future__ import annotations

import inspect
import os
import re
import shutil
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from spider_tui.engine import Game, GameView, HouseRule, RuleSet
from spider_tui.plugins import ThemeSpec, hookspecs
from spider_tui.plugins.manager import PluginManager, load_plugins

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "plugins.md"
EXAMPLE = ROOT / "examples" / "scorpion-plugin"

HOOKS = sorted(name for name, f in vars(hookspecs).items()
               if callable(f) and hasattr(f, "spider_tui_spec"))


def test_every_hook_has_a_documented_section_and_a_test():
    assert HOOKS, "no hookspecs found"
    docs = DOCS.read_text(encoding="utf-8")
    sections = dict(re.findall(r"^### `(\w+)`\n(.*?)(?=^### |\Z)", docs, re.M | re.S))
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    for name in HOOKS:
        assert name in sections, f"docs/plugins.md has no section for hook {name}"
        body = sections[name]
        for arg in inspect.signature(getattr(hookspecs, name)).parameters:
            assert f"`{arg}`" in body, f"the {name} section does not describe argument {arg}"
        for part in ("Purpose:", "Arguments:", "Returns:", "```python"):
            assert part in body, f"the {name} section lacks {part!r}"
        assert re.search(rf"def test_hook_{name}\b", tests), f"no test_hook_{name} test"


# ------------------------------------------------------------------ one test per hook


def manager_with(*plugins: object, user_folders: bool = False) -> PluginManager:
    """A manager with the built-in plugin and ``plugins`` (objects with hookimpls)."""
    mgr = PluginManager()
    mgr.load_entry_points([EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui")])
    for i, plugin in enumerate(plugins):
        from spider_tui.plugins.manager import PluginInfo

        mgr._add(PluginInfo(getattr(plugin, "name", f"p{i}"), "test"), plugin, None)
    mgr.register_all()
    return mgr


class Named:
    def __init__(self, name: str, **hooks) -> None:
        self.name = name
        for hook_name, fn in hooks.items():
            setattr(self, hook_name, hookspecs.hookimpl(fn))


def test_hook_register_variants():
    mini = RuleSet(id="mini", name="Mini", deck=(0, 0), layout=((1, 1),) * 5)
    mgr = manager_with(Named("mini", register_variants=lambda register: register(mini)))
    assert mgr.catalog.variant("mini") is mini
    assert mgr.owner("variant", "mini") == "mini"
    game = Game.new("mini", deal=3, catalog=mgr.catalog)
    assert len(game.state.cols) == 5 and game.state.stock_left == 16


def test_hook_register_house_rules():
    hr = HouseRule(id="kings-only", name="Kings only", changes={"empty": "king"})
    mgr = manager_with(Named("kings", register_house_rules=lambda register: register(hr)))
    rules = mgr.catalog.rules("spider-1suit", ["kings-only"])
    assert rules.empty == "king" and rules.house_rules == ("kings-only",)
    assert hr in mgr.catalog.house_rules_for(mgr.catalog.variant("spider-4suit"))


def test_hook_register_scoring():
    class RunsOnly:
        id, name, description = "runs-only", "Runs only", "10 a run"

        def score(self, game) -> int:
            return 10 * game.runs_removed + 1

    mgr = manager_with(Named("s", register_scoring=lambda register: register(RunsOnly())))
    game = Game.new("spider-1suit", deal=1, scoring="runs-only", catalog=mgr.catalog)
    assert game.score == 1


def test_hook_register_themes():
    theme = ThemeSpec(id="midnight", name="Midnight", colors={"primary": "#4a7bd0"})
    mgr = manager_with(Named("t", register_themes=lambda register: register(theme)))
    assert mgr.themes["midnight"] is theme and mgr.owner("theme", "midnight") == "t"


def test_hook_variant_folders(tmp_path, monkeypatch):
    folder = tmp_path / "collection"
    folder.mkdir()
    text = (ROOT / "variants" / "spider-1suit.toml").read_text(encoding="utf-8")
    (folder / "x.toml").write_text(text.replace('id = "spider-1suit"', 'id = "from-folder"'),
                                   encoding="utf-8")
    plugin = Named("coll", variant_folders=lambda: [str(folder)])
    mgr = PluginManager()
    mgr.load_entry_points([EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui")])
    from spider_tui.plugins.manager import PluginInfo

    mgr._add(PluginInfo("coll", "test"), plugin, None)
    for result in mgr.pm.hook.variant_folders():
        for f in result:
            mgr.load_folder(f"folder:{f}", Path(f), None)
    mgr.register_all()
    assert "from-folder" in mgr.catalog.variants


def _recording_plugin(seen: list, hook_name: str, args: str) -> Named:
    ns: dict = {"seen": seen}
    exec(f"def f({args}):\n    seen.append(({hook_name!r}, {args.replace(', ', ', ')}))", ns)
    return Named("rec", **{hook_name: ns["f"]})


def test_hook_game_started():
    seen: list = []
    mgr = manager_with(_recording_plugin(seen, "game_started", "game"))
    game = Game.new("spider-1suit", deal=1, catalog=mgr.catalog)
    assert mgr.notify("game_started", game=game) == []
    [(name, shown)] = seen
    assert name == "game_started" and _same_game(shown, game)


def _same_game(shown, game) -> bool:
    """What a hook is given is a read-only snapshot of the game, not the game."""
    return (isinstance(shown, GameView) and shown is not game
            and shown.to_position() == game.to_position()
            and (shown.variant, shown.deal, shown.actions, shown.status)
            == (game.variant, game.deal, game.actions, game.status))


def test_hook_action_played():
    seen: list = []
    mgr = manager_with(_recording_plugin(seen, "action_played", "game, step, kind"))
    game = Game.new("spider-1suit", deal=1, catalog=mgr.catalog)
    step = game.play(game.legal_moves()[0])
    mgr.notify("action_played", game=game, step=step, kind="move")
    [(name, shown, shown_step, kind)] = seen
    assert (name, kind) == ("action_played", "move") and _same_game(shown, game)
    assert shown_step == step and shown_step.record == ()  # no handle on the undo


def test_hook_game_ended():
    seen: list = []
    mgr = manager_with(_recording_plugin(seen, "game_ended", "game, status"))
    game = Game.new("spider-1suit", deal=1, catalog=mgr.catalog)
    mgr.notify("game_ended", game=game, status="abandoned")
    [(name, shown, status)] = seen
    assert (name, status) == ("game_ended", "abandoned") and _same_game(shown, game)


def test_a_play_hook_that_raises_is_reported_and_switched_off():
    calls = []

    def boom(game, step, kind):
        calls.append(kind)
        raise RuntimeError("kaput")

    mgr = manager_with(Named("flaky", action_played=boom))
    game = Game.new("spider-1suit", deal=1, catalog=mgr.catalog)
    step = game.play(game.legal_moves()[0])
    problems = mgr.notify("action_played", game=game, step=step, kind="move")
    assert len(problems) == 1 and "flaky" in problems[0] and "kaput" in problems[0]
    assert mgr.notify("action_played", game=game, step=step, kind="move") == []
    assert calls == ["move"]
    info = next(p for p in mgr.plugins if p.name == "flaky")
    assert info.disabled
    game.play(game.legal_moves()[0])  # the game goes on


def test_a_variant_method_that_raises_mid_move_refuses_the_move_and_changes_nothing(
        variant_whose):
    from spider_tui.engine import IllegalMove, RuleFailure, State
    from spider_tui.engine.cards import card

    # Dropping the Ace completes a run: the cards have moved when is_complete is asked.
    rules = variant_whose("is_complete", lambda run: True)
    run = [card(r, 0) for r in range(13, 1, -1)]
    cols = [[card(5, 0)] + run, [card(9, 0), card(1, 0)]] + [[card(13, 0)]] * 8
    game = Game(rules, State(rules, cols, [1, 1] + [0] * 8, [card(4, 0)] * 10))
    before = game.to_position()
    with pytest.raises(RuleFailure) as caught:
        game.play("2>1")
    assert isinstance(caught.value, IllegalMove)  # refused like any illegal move
    assert str(caught.value) == ("the rules of Spider (one suit) (variant 'spider-1suit', from "
                                 "spider-1suit.toml) failed: is_complete() raised "
                                 "ZeroDivisionError: kaput")
    assert game.to_position() == before and game.history == [] and game.actions == 0
    game.play("1>10")  # the game goes on
    game.undo()
    assert game.to_position() == before


def test_a_variant_whose_deal_rules_raise_refuses_the_deal_and_the_game_goes_on(variant_whose):
    from spider_tui.engine import PLAYING, RuleFailure

    game = Game.new(variant_whose("deal_targets", lambda table: table.stock_left < 50), deal=3)
    game.play("d")
    before = game.to_position()
    with pytest.raises(RuleFailure, match=r"deal_targets\(\) raised ZeroDivisionError: kaput"):
        game.play("d")
    assert game.to_position() == before and len(game.history) == 1
    game.undo()
    assert game.state.stock_left == 50

    game = Game.new(variant_whose("deal_refusal", lambda table: True), deal=3)
    assert "deal_refusal() raised ZeroDivisionError" in game.deal_refusal()
    assert game.status == PLAYING and "d" not in map(str, game.legal_moves())
    with pytest.raises(RuleFailure):
        game.play("d")


def test_a_variant_that_cannot_deal_its_layout_is_a_spider_error(variant_whose):
    from spider_tui.engine import SpiderError

    with pytest.raises(SpiderError, match=r"initial_layout\(\) raised ZeroDivisionError"):
        Game.new(variant_whose("initial_layout", lambda: True), deal=1)


# ------------------------------------------------------------------ the player's folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    monkeypatch.delenv("SPIDER_TUI_PLUGINS", raising=False)
    (tmp_path / "variants").mkdir()
    (tmp_path / "themes").mkdir()
    return tmp_path


def _docs_block(start: str) -> str:
    """The fenced code block in docs/plugins.md whose first line is ``start``."""
    for block in re.findall(r"```(?:toml|python)\n(.*?)```", DOCS.read_text(encoding="utf-8"),
                            re.S):
        if block.startswith(start):
            return block
    raise AssertionError(f"no block starting with {start!r} in docs/plugins.md")


def test_the_documented_toml_and_py_examples_show_up(home):
    toml_text = _docs_block('format = "spider-variant/1"\nid = "double-spider"')
    (home / "variants" / "double-spider.toml").write_text(toml_text, encoding="utf-8")
    py_text = _docs_block("# variants/kings_only.py")
    (home / "variants" / "kings_only.py").write_text(py_text, encoding="utf-8")
    mgr = load_plugins(entry_points=[EntryPoint("builtin", "spider_tui.plugins.builtin",
                                                "spider_tui")])
    assert mgr.problems == []
    assert mgr.owner("variant", "double-spider") == "user-files"
    assert mgr.owner("variant", "kings-only") == "kings_only"
    rules = mgr.catalog.variant("kings-only")
    assert not rules.accepts_in_empty(0) and rules.accepts_in_empty(12)
    game = Game.new("double-spider", deal=5, catalog=mgr.catalog)
    assert len(game.state.cols) == 12 and game.deals_left == 4


BROKEN = {
    "import_error.py": "import no_such_module_anywhere\n",
    "syntax_error.py": "def (:\n",
    "exits.py": "raise SystemExit(3)\n",
    "duplicate.py": textwrap.dedent("""\
        from spider_tui.engine import RuleSet
        from spider_tui.plugins import hookimpl

        @hookimpl
        def register_variants(register):
            register(RuleSet(id="spider-4suit", name="Impostor", deck=(0,), layout=((0, 1),)))
        """),
    "raises.py": textwrap.dedent("""\
        from spider_tui.plugins import hookimpl

        @hookimpl
        def register_variants(register):
            raise ValueError("cannot today")
        """),
    "bad_rules.py": textwrap.dedent("""\
        from spider_tui.engine import RuleSet
        from spider_tui.plugins import hookimpl

        class Broken(RuleSet):
            def accepts(self, moving, onto):
                raise ZeroDivisionError("oops")

        @hookimpl
        def register_variants(register):
            register(Broken(id="broken", name="Broken", deck=(0,), layout=((0, 1),)))
        """),
}


def test_broken_plugins_of_every_kind_are_isolated(home):
    for name, text in BROKEN.items():
        (home / "variants" / name).write_text(text, encoding="utf-8")
    (home / "variants" / "bad.toml").write_text('format = "spider-variant/1"\nid = "bad"\n'
                                                "[layout]\ncolumns = 0\n", encoding="utf-8")
    (home / "variants" / "not-toml.toml").write_text("this is = = not toml", encoding="utf-8")
    (home / "themes" / "ugly.toml").write_text('format = "spider-theme/1"\nid = "ugly"\n'
                                               '[colors]\nprimary = "red"\n', encoding="utf-8")
    good = (ROOT / "variants" / "spider-1suit.toml").read_text(encoding="utf-8")
    (home / "variants" / "good.toml").write_text(good.replace('"spider-1suit"', '"good-one"'),
                                                 encoding="utf-8")
    eps = [EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui"),
           EntryPoint("missing", "no_such_package_xyz", "spider_tui")]
    mgr = load_plugins(entry_points=eps)
    problems = "\n".join(mgr.problems)
    for expected in ("missing: failed to import: ModuleNotFoundError",
                     "import_error: failed to import: ModuleNotFoundError",
                     "syntax_error: failed to import: SyntaxError",
                     "exits: failed to import: SystemExit",
                     "duplicate: variant 'spider-4suit' is registered twice: by builtin and by "
                     "duplicate",
                     "raises: register_variants raised ValueError: cannot today",
                     "bad_rules: variant 'broken' is broken: accepts() raised "
                     "ZeroDivisionError: oops",
                     "bad.toml: layout.columns: missing or not a positive whole number",
                     "not-toml.toml: not valid TOML",
                     "ugly.toml: colors.primary: 'red' is not a colour"):
        assert expected in problems, f"{expected!r} not reported in:\n{problems}"
    # Everything else keeps working.
    assert mgr.catalog.variant("spider-4suit").name == "Spider (four suits)"
    assert "good-one" in mgr.catalog.variants and "broken" not in mgr.catalog.variants
    Game.new("good-one", deal=1, catalog=mgr.catalog).play("d")


def test_spider_tui_plugins_restricts_which_plugins_load(home, monkeypatch):
    (home / "variants" / "kings_only.py").write_text(_docs_block("# variants/kings_only.py"),
                                                     encoding="utf-8")
    eps = [EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui"),
           EntryPoint("scorpion", "spider_tui_scorpion", "spider_tui")]
    monkeypatch.setenv("SPIDER_TUI_PLUGINS", "scorpion")
    mgr = load_plugins(entry_points=eps)
    assert "scorpion-example" in mgr.catalog.variants and "spider-4suit" in mgr.catalog.variants
    assert "kings-only" not in mgr.catalog.variants
    skipped = next(p for p in mgr.plugins if p.name == "kings_only")
    assert skipped.disabled and "SPIDER_TUI_PLUGINS" in skipped.errors[0]


# ------------------------------------------------------------------ the installed package

PLAY_TO_THE_END = textwrap.dedent("""\
    from spider_tui.engine import Game
    from spider_tui.plugins.manager import get_manager
    get_manager()  # a script loads the installed plugins before it plays their games
    runs = [[r + s for r in "KQJT98765432"] for s in "SHDC"]
    cols = "".join(f"[[columns]]\\nup = {run!r}\\n" for run in runs)
    cols += "".join(f"[[columns]]\\nup = [{a!r}]\\n" for a in ("AS", "AH", "AD"))
    game = Game.from_position(
        'format = "spider-position/1"\\nvariant = "scorpion-example"\\nstock = ["AC"]\\n' + cols)
    for move in ("5>1", "6>2", "7>3", "d", "1>4"):
        game.play(move)
    print("ended", game.status, game.runs_removed, game.score)
    """)


def _run(args: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=env["SPIDER_TUI_HOME"], timeout=120)


def test_the_example_package_installs_plays_and_uninstalls(tmp_path):
    target = tmp_path / "site"
    home = tmp_path / "home"
    home.mkdir()
    build = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(target), str(EXAMPLE)],
        capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SPIDER_TUI_PLUGINS")}
    env.update(SPIDER_TUI_HOME=str(home), PYTHONPATH=str(target), NO_COLOR="1", COLUMNS="200")

    listed = _run(["-m", "spider_tui", "variants"], env)
    assert listed.returncode == 0, listed.stderr
    line = next(ln for ln in listed.stdout.splitlines() if "scorpion-example" in ln.split())
    assert "Scorpion (plugin example)" in line and "scorpion" in line.split()  # its plugin
    plugins = _run(["-m", "spider_tui", "plugins"], env)
    assert "scorpion" in plugins.stdout and "1.0.0" in plugins.stdout
    played = _run(["-c", PLAY_TO_THE_END], env)
    assert played.returncode == 0, played.stderr
    assert played.stdout.split()[:3] == ["ended", "won", "4"], played.stdout

    shutil.rmtree(target)  # uninstalled
    listed = _run(["-m", "spider_tui", "variants"], env)
    assert listed.returncode == 0 and "scorpion-example" not in listed.stdout.split()


@pytest.mark.parametrize("vid", ["my-spidercells", "my-spidike", "my-rachel"])
def test_the_three_worked_examples_of_new_piles_load_and_play(home, vid):
    text = _docs_block(f'format = "spider-variant/1"\nid = "{vid}"')
    (home / "variants" / f"{vid}.toml").write_text(text, encoding="utf-8")
    mgr = load_plugins(entry_points=[EntryPoint("builtin", "spider_tui.plugins.builtin",
                                                "spider_tui")])
    assert mgr.problems == []
    rules = mgr.catalog.variant(vid)
    from spider_tui.testing import check_random_play

    check_random_play(rules, deals=range(1, 3), steps=40, catalog=mgr.catalog)


def test_the_documented_table_method_and_testing_examples_run():
    namespace: dict = {}
    exec(_docs_block("from spider_tui.engine import RuleSet\nfrom spider_tui.engine.cards "
                     "import KING, RANK\nfrom spider_tui.engine.piles import COLUMN"), namespace)
    towers = namespace["ScorpionTowers"].from_dict({
        "id": "towers", "name": "Towers", "deck": {"sets": 4},
        "layout": {"columns": 10, "up": 5}, "cells": {"count": 4, "dealt": [0, 1, 1, 0]},
        "moves": {"place": "same-suit", "empty": "king"}, "win": "columns"}, "docs")
    from spider_tui.testing import check_random_play

    check_random_play(towers, deals=[1], steps=40)
    kings: dict = {}
    exec(_docs_block("# variants/kings_only.py"), kings)
    registered = []
    kings["register_variants"](registered.append)
    testing_block = _docs_block("from spider_tui.testing import")
    scope = {"KINGS_ONLY": registered[0]}
    exec(testing_block, scope)
    scope["test_kings_only_fill_spaces"]()
    scope["test_random_play_keeps_every_card"]()
