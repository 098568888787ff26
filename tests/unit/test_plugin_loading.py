"""How plugins are found and loaded: the built-in plugin through the entry-point group like any
package's, broken ones reported by name while the rest keep working, and an engine that needs
none of it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from importlib.metadata import EntryPoint, entry_points

from spider_tui import paths
from spider_tui.engine import Game
from spider_tui.plugins.manager import ENTRY_POINT_GROUP, load_plugins

BUILTIN = EntryPoint("builtin", "spider_tui.plugins.builtin", ENTRY_POINT_GROUP)


def test_the_builtin_plugin_is_an_entry_point_of_the_spider_tui_group():
    eps = {ep.name: ep.value for ep in entry_points(group="spider_tui")}
    assert eps.get("builtin") == "spider_tui.plugins.builtin"


def test_the_builtin_plugin_registers_everything_shipped():
    mgr = load_plugins()
    info = next(p for p in mgr.plugins if p.name == "builtin")
    assert info.kind == "entry point" and info.ok
    shipped = paths.builtin_variants_dir()
    files = {tomllib.loads(p.read_text(encoding="utf-8")).get("id") for p in shipped.glob("*.toml")}
    assert set(info.registered["variants"]) == files - {None}
    assert {"spider-1suit", "spider-2suit", "spider-4suit", "spiderette", "will-o-the-wisp",
            "black-widow", "tarantula", "big-spider"} <= files
    assert set(info.registered["house rules"]) == {"relaxed-deal", "open", "manual-removal"}
    # Each shipped .py file is a plugin of its own, loaded from the same folder, and fine.
    for py in shipped.glob("*.py"):
        module = next(p for p in mgr.plugins if p.name == py.stem)
        assert module.kind == "file" and module.ok and module.registered["variants"]
    assert set(info.registered["scoring"]) == {"classic", "solitaire-city", "built", "none"}
    assert mgr.owner("variant", "spider-4suit") == "builtin"


class _FakeEntryPoint:
    """An entry point whose object is given (what an installed package's would load)."""

    def __init__(self, name: str, obj: object = None, error: BaseException | None = None):
        self.name, self.value, self.dist = name, f"fake_{name}", None
        self._obj, self._error = obj, error

    def load(self) -> object:
        if self._error is not None:
            raise self._error
        return self._obj


def _plugin(source: str) -> object:
    import types

    module = types.ModuleType("fake_plugin")
    exec(textwrap.dedent(source), module.__dict__)
    return module


def test_a_broken_entry_point_is_reported_and_the_others_load():
    dup = _plugin("""
        from spider_tui.engine import RuleSet
        from spider_tui.plugins import hookimpl

        @hookimpl
        def register_variants(register):
            register(RuleSet(id="spider-1suit", name="Copy", deck=(0,), layout=((0, 1),)))
            register(RuleSet(id="tiny", name="Tiny", deck=(0,), layout=((0, 1),) * 3))
        """)
    raises = _plugin("""
        from spider_tui.plugins import hookimpl

        @hookimpl
        def register_scoring(register):
            raise RuntimeError("no scores today")
        """)
    mgr = load_plugins(entry_points=[
        BUILTIN, _FakeEntryPoint("gone", error=ImportError("no module named gone")),
        _FakeEntryPoint("dup", dup), _FakeEntryPoint("raises", raises)], user_folders=False)
    problems = mgr.problems
    assert any(p.startswith("gone: failed to import: ImportError: no module named gone")
               for p in problems)
    assert any(p.startswith("dup: variant 'spider-1suit' is registered twice: by builtin and "
                            "by dup") for p in problems)
    assert any(p.startswith("raises: register_scoring raised RuntimeError: no scores today")
               for p in problems)
    assert mgr.catalog.variant("spider-1suit").name == "Spider (one suit)"
    assert "tiny" in mgr.catalog.variants  # the plugin's other registration still counts
    Game.new("tiny", deal=1, catalog=mgr.catalog).play("d")
    assert set(mgr.catalog.scoring) == {"classic", "solitaire-city", "built", "none"}


def test_a_play_hook_that_raises_is_switched_off_and_the_game_goes_on():
    noisy = _plugin("""
        from spider_tui.plugins import hookimpl

        @hookimpl
        def action_played(game, step, kind):
            raise ValueError("boom")
        """)
    mgr = load_plugins(entry_points=[BUILTIN, _FakeEntryPoint("noisy", noisy)],
                       user_folders=False)
    game = Game.new("spider-1suit", deal=2, catalog=mgr.catalog)
    step = game.play("d")
    new = mgr.notify("action_played", game=game, step=step, kind="deal")
    assert new and new[0].startswith("noisy: action_played raised ValueError: boom")
    assert mgr.notify("action_played", game=game, step=step, kind="deal") == []
    assert next(p for p in mgr.plugins if p.name == "noisy").disabled


def test_importing_the_engine_pulls_in_no_ui_no_plugin_manager_no_platformdirs():
    code = textwrap.dedent("""
        import sys
        import spider_tui.engine
        from spider_tui.engine import Game, RuleSet, State, IllegalMove
        bad = sorted(m for m in sys.modules
                     if m.split(".")[0] in ("textual", "pluggy", "platformdirs", "rich")
                     or m.startswith(("spider_tui.ui", "spider_tui.plugins", "spider_tui.store",
                                      "spider_tui.config", "spider_tui.ai")))
        print(",".join(bad))
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
