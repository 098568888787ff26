"""The plugin manager: loads every plugin so that one broken plugin cannot take the rest down.

Plugins come from three places, all through the same hooks:

* installed packages with an entry point in the ``spider_tui`` group (the built-in plugin is one:
  see ``pyproject.toml``);
* ``.py`` files in a variants folder (the shipped ``variants/`` and the player's own);
* TOML files in a variants or themes folder, which the folder plugins turn into registrations.

pluggy's own ``load_setuptools_entrypoints`` lets one import error stop everything, so each entry
point is loaded here by hand, and each plugin's hook is called on its own: a failure is recorded
against that plugin (``spider-tui plugins``, a notice in the app) and the others carry on.
``SPIDER_TUI_PLUGINS`` (a comma-separated list of plugin names) restricts which plugins load.

Whatever a plugin's code raises is caught where it is called, ``sys.exit()`` and
``KeyboardInterrupt`` included (from inside a plugin's call a Ctrl-C cannot be told from the
plugin raising one); only ``GeneratorExit``, Python closing a generator, passes through. What a
plugin registers is checked before it is used (a variant's fields and rule methods, a scheme's
``id``/``name``/``score``, a theme's colours); what its code gives in play is checked by the
engine, which switches a misbehaving variant or scoring scheme off (:meth:`Catalog.misbehaved`)
and tells this manager, which records it against the plugin and queues a notice.
"""

from __future__ import annotations

import os
import re
import sys
import sysconfig
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import pluggy

from .. import paths
from ..engine.answers import shown_value
from ..engine.catalog import Catalog, DuplicateId
from ..engine.deadline import LOAD_DEADLINE, paused, plugin_deadline
from ..engine.errors import MAX_NOTED, HouseRuleFailure, RuleFailure, SpiderError, VariantError
from ..engine.game import Game, GameView, Step, plugin_step
from ..engine.house import HouseRule, check_house_rule
from ..engine.rules import RuleSet
from ..engine.schema import label_problems
from ..engine.text import printable
from ..engine.vetting import check_rules
from . import hookspecs
from .files import import_file, load_theme_folder, load_variant_folder, python_files
from .hookspecs import PROJECT, hookimpl
from .themespec import ThemeSpec

ENTRY_POINT_GROUP = "spider_tui"
ENV_ALLOW = "SPIDER_TUI_PLUGINS"
#: The start of the problem a plugin ``SPIDER_TUI_PLUGINS`` leaves out is recorded with.
NOT_LISTED = "not loaded"
REGISTRATION_HOOKS = ("register_variants", "register_house_rules", "register_scoring",
                      "register_themes")
PLAY_HOOKS = ("game_started", "action_played", "game_ended")
#: Entry points to load as if installed (an installed one of the same name wins). The test suite
#: puts the example Scorpion package here so that it plays without being pip-installed.
EXTRA_ENTRY_POINTS: list[metadata.EntryPoint] = []


@dataclass
class PluginInfo:
    name: str
    kind: str                  # "entry point", "file", "folder"
    version: str = ""
    source: str = ""
    hooks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    disabled: bool = False
    registered: dict[str, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors


class FolderPlugin:
    """Turns the TOML files of a variants folder and a themes folder into registrations."""

    def __init__(self, variants: Path | None, themes: Path | None,
                 report: Callable[[str], None]) -> None:
        self.variants = variants
        self.themes = themes
        self.report = report
        self._house_rules: list[HouseRule] | None = None

    def _load_variants(self) -> tuple[list[RuleSet], list[HouseRule]]:
        found: list[RuleSet] = []
        hrs: list[HouseRule] = []
        if self.variants is not None:
            load_variant_folder(self.variants, found.append, hrs.append, self.report)
        return found, hrs

    @hookimpl
    def register_variants(self, register: Callable[[Any], None]) -> None:
        found, hrs = self._load_variants()
        self._house_rules = hrs
        for rules in found:
            register(rules)

    @hookimpl
    def register_house_rules(self, register: Callable[[Any], None]) -> None:
        if self._house_rules is None:
            self._house_rules = self._load_variants()[1]
        for hr in self._house_rules:
            register(hr)

    @hookimpl
    def register_themes(self, register: Callable[[Any], None]) -> None:
        if self.themes is not None:
            load_theme_folder(self.themes, register, self.report)


def _allowed() -> set[str] | None:
    value = os.environ.get(ENV_ALLOW)
    if value is None:
        return None
    return {v.strip() for v in value.split(",") if v.strip()}


#: Where the code a plugin calls lives: spider-tui (but not its shipped plugin files), pluggy
#: and Python's own library. An error is placed at the last line outside them.
_LIBRARIES = tuple(Path(p).resolve() for p in (
    Path(__file__).resolve().parent.parent, Path(pluggy.__file__).resolve().parent,
    sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]))


def _library_file(filename: str) -> bool:
    try:
        path = Path(filename).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    if path.is_relative_to(paths.builtin_variants_dir().resolve()):
        return False
    return any(path.is_relative_to(lib) for lib in _LIBRARIES)


def _short_error(exc: BaseException) -> str:
    """``Type: message (file, line)``, naming the plugin's own line, not importlib's; for a
    rule method, ``method() raised Type: message (file, line)`` or what it returned wrong."""
    if isinstance(exc, RuleFailure) and exc.method:
        if exc.__cause__ is None:
            return f"{exc.method}() {exc.problem}"
        # what the plugin's rule method raised, where it raised it
        return f"{exc.method}() raised {_short_error(exc.__cause__)}"
    if isinstance(exc, SyntaxError) and exc.filename:
        frames = [(exc.filename, exc.lineno)]
    else:
        frames = [(f.filename, f.lineno) for f in traceback.extract_tb(exc.__traceback__)
                  if not f.filename.startswith("<")]
        # The plugin's own line (a from_dict call with a typo, a key it got wrong), not the
        # line of spider-tui, pluggy or Python's library that raised on its behalf.
        own = [f for f in frames if not _library_file(f[0])]
        frames = own or frames
    where = f" ({Path(frames[-1][0]).name}, line {frames[-1][1]})" if frames else ""
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg}{where}"
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001 - a plugin's exception whose str() fails
        text = ""
    text = text if len(text) <= 300 else text[:297] + "..."
    return f"{type(exc).__name__}: {text}{where}" if text else f"{type(exc).__name__}{where}"


def _from_file(thing: Any, message: str) -> str:
    """``message`` naming the file ``thing`` (a rule set, a house rule) was read from, if any."""
    source = getattr(thing, "source", "")
    if isinstance(source, str) and source.endswith(".toml"):
        return f"{source}: {message}"
    return message


class PluginManager:
    def __init__(self) -> None:
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.catalog = Catalog()
        self.themes: dict[str, ThemeSpec] = {}
        self.theme_owners: dict[str, str] = {}
        self.plugins: list[PluginInfo] = []
        self._info: dict[str, PluginInfo] = {}
        self._objects: dict[str, object] = {}
        #: Problems found in play since the app last asked (:meth:`take_news`).
        self._news: list[str] = []
        self.catalog.on_switch_off = self._switched_off

    # ------------------------------------------------------------------ problems

    @property
    def problems(self) -> list[str]:
        """Every load problem, each starting with the plugin's name (the app shows them in a
        notice at its start; :meth:`notice` is them on one line)."""
        return [f"{p.name}: {e}" for p in self.plugins for e in p.errors]

    def notice(self) -> str | None:
        """One line naming each plugin with a load problem and its first problem (or
        ``None``): what a command says on standard error before it answers. A plugin that
        ``SPIDER_TUI_PLUGINS`` leaves out is not a problem here: it was asked for."""
        failed = [p for p in self.plugins if p.errors and not p.errors[0].startswith(NOT_LISTED)]
        if not failed:
            return None
        parts = [f"{p.name} ({p.errors[0]}" + (f"; {len(p.errors) - 1} more" if len(p.errors) > 1
                                               else "") + ")" for p in failed]
        return (f"spider-tui: {len(failed)} plugin{'s' if len(failed) != 1 else ''} failed: "
                + "; ".join(parts) + "; spider-tui plugins says more")

    def take_news(self) -> list[str]:
        """The problems found in play (a variant or scheme switched off) since the last call,
        each starting with the plugin's name: for a notice in the app."""
        news, self._news = self._news, []
        return news

    def _switched_off(self, kind: str, ident: str, reason: str) -> None:
        owner = self.catalog.owners.get((kind, ident), "?")
        message = f"{kind} {ident!r} failed and is switched off for new games: {reason}"
        info = self._info.get(owner)
        if info is not None:
            info.errors.append(message)
        self._news.append(f"{owner}: {message}")

    def _report(self, name: str) -> Callable[[str], None]:
        def report(message: str) -> None:
            self._info[name].errors.append(message)
        return report

    # ------------------------------------------------------------------ loading

    def _add(self, info: PluginInfo, obj: object | None, allowed: set[str] | None) -> bool:
        if info.name in self._info:
            info.name = f"{info.name} ({info.source})"
        self._info[info.name] = info
        self.plugins.append(info)
        if allowed is not None and info.name not in allowed:
            info.disabled = True
            info.errors.append(f"{NOT_LISTED}: {ENV_ALLOW} does not list it")
            return False
        if obj is None:
            return False
        try:
            self.pm.register(obj, name=info.name)
        except GeneratorExit:
            raise
        except BaseException as e:  # pluggy validation: a hookimpl with bad arguments, etc.
            info.errors.append(f"rejected: {_short_error(e)}")
            return False
        self._objects[info.name] = obj
        info.hooks = sorted(h.name for h in self.pm.get_hookcallers(obj) or [])
        return True

    def load_entry_points(self, entry_points: Iterable[Any] | None = None,
                          allowed: set[str] | None = None) -> None:
        if entry_points is None:
            installed = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
            names = {ep.name for ep in installed}
            entry_points = installed + [ep for ep in EXTRA_ENTRY_POINTS if ep.name not in names]
        for ep in sorted(entry_points, key=lambda e: (e.name != "builtin", e.name)):
            dist = getattr(ep, "dist", None)
            info = PluginInfo(ep.name, "entry point", version=getattr(dist, "version", "") or "",
                              source=ep.value)
            if allowed is not None and ep.name not in allowed:
                self._add(info, None, allowed)
                continue
            try:
                with plugin_deadline(LOAD_DEADLINE):
                    obj = ep.load()
            except GeneratorExit:
                raise
            except BaseException as e:  # a plugin that fails to import must not stop us
                self._add(info, None, None)
                info.errors.append(f"failed to import: {_short_error(e)}")
                continue
            info.version = info.version or str(getattr(obj, "__version__", "") or "")
            self._add(info, obj, None)

    def load_python_folder(self, folder: Path, label: str,
                           allowed: set[str] | None = None) -> None:
        for path in python_files(folder):
            self.load_python_folder_file(path, label, allowed)

    def load_python_folder_file(self, path: Path, label: str = "check",
                                allowed: set[str] | None = None) -> None:
        """Import one ``.py`` plugin file and register it (or record why it failed)."""
        name = path.stem
        info = PluginInfo(name, "file", version="", source=str(path))
        if allowed is not None and name not in allowed:
            self._add(info, None, allowed)
            return
        module_name = f"spider_tui_plugin_{label}_{re.sub(r'[^0-9a-zA-Z_]', '_', name)}"
        try:
            with plugin_deadline(LOAD_DEADLINE):
                module = import_file(path, module_name)
        except GeneratorExit:
            raise
        except BaseException as e:  # sys.exit() or KeyboardInterrupt at import too
            self._add(info, None, None)
            info.errors.append(f"failed to import: {_short_error(e)}")
            return
        info.version = str(getattr(module, "__version__", "") or "")
        self._add(info, module, None)

    def load_folder(self, name: str, variants: Path | None, themes: Path | None,
                    allowed: set[str] | None = None) -> None:
        info = PluginInfo(name, "folder", source=str(variants or themes or ""))
        self._add(info, FolderPlugin(variants, themes, self._report(info.name)), allowed)

    def register_all(self) -> None:
        """Call each plugin's registration hooks, one plugin at a time."""
        adders: dict[str, Callable[[Any, str], None]] = {
            "register_variants": self._add_variant,
            "register_house_rules": self._add_house_rule,
            "register_scoring": self._add_scoring,
            "register_themes": self._add_theme,
        }
        for hook_name in REGISTRATION_HOOKS:
            hook = getattr(self.pm.hook, hook_name)
            # get_hookimpls() is in registration order: the built-in plugin first, so a later
            # plugin reusing one of its ids is the one reported and ignored.
            for impl in hook.get_hookimpls():
                name = impl.plugin_name
                info = self._info[name]
                adder = adders[hook_name]

                def register(thing: Any, _name: str = name, _adder=adder) -> None:
                    with paused():  # checking what it registers is not the plugin's time
                        _adder(thing, _name)

                try:
                    with plugin_deadline(LOAD_DEADLINE):
                        impl.function(register=register)
                except GeneratorExit:
                    raise
                except BaseException as e:
                    info.errors.append(f"{hook_name} raised {_short_error(e)}")

    def _registered(self, owner: str, kind: str, ident: str) -> None:
        self._info[owner].registered.setdefault(kind, []).append(ident)

    def _add_variant(self, rules: Any, owner: str) -> None:
        if not isinstance(rules, RuleSet):
            self._info[owner].errors.append(f"register_variants: {shown_value(rules)} is not a "
                                            f"RuleSet")
            return
        if not rules.source:  # messages about its rules name the plugin
            object.__setattr__(rules, "source", owner)
        try:
            # Its fields, and its rule methods over every card, its layout and first deal: a
            # subclass whose methods raise or give nonsense is caught here, not mid-game.
            check_rules(rules)
            self.catalog.add_variant(rules, owner)
        except DuplicateId as e:
            self._info[owner].errors.append(_from_file(rules, str(e)))
            return
        except VariantError as e:
            self._info[owner].errors.append(f"variant {shown_value(rules.id)} is broken: "
                                            + "; ".join(f"{k}: {m}" for k, m in e.problems))
            return
        except GeneratorExit:
            raise
        except BaseException as e:
            self._info[owner].errors.append(f"variant {shown_value(rules.id)} is broken: "
                                            f"{_short_error(e)}")
            return
        self._registered(owner, "variants", rules.id)

    def _add_house_rule(self, rule: Any, owner: str) -> None:
        if not isinstance(rule, HouseRule):
            self._info[owner].errors.append(f"register_house_rules: {shown_value(rule)} is not a "
                                            f"HouseRule")
            return
        if not rule.source:
            object.__setattr__(rule, "source", owner)
        try:
            check_house_rule(rule, list(self.catalog.variants.values()))
            self.catalog.add_house_rule(rule, owner)
        except DuplicateId as e:
            self._info[owner].errors.append(_from_file(rule, str(e)))
            return
        except VariantError as e:
            self._info[owner].errors.append(f"house rule {shown_value(rule.id)} is broken: "
                                            + "; ".join(f"{k}: {m}" for k, m in e.problems))
            return
        except HouseRuleFailure as e:
            self._info[owner].errors.append(f"house rule {shown_value(rule.id)} is broken: "
                                            f"{e.problem}")
            return
        except GeneratorExit:
            raise
        except BaseException as e:  # what its apply() made is a broken variant, say
            self._info[owner].errors.append(f"house rule {shown_value(rule.id)} is broken: "
                                            f"{_short_error(e)}")
            return
        self._registered(owner, "house rules", rule.id)

    def _add_scoring(self, scheme: Any, owner: str) -> None:
        try:
            ok = (isinstance(getattr(scheme, "id", None), str) and bool(scheme.id)
                  and isinstance(getattr(scheme, "name", None), str)
                  and callable(getattr(scheme, "score", None)))
            texts = {"name": False, **({"description": True}
                                       if hasattr(scheme, "description") else {})}
            problems = label_problems(scheme, "scoring scheme", texts)
        except GeneratorExit:
            raise
        except BaseException:  # noqa: BLE001 - a property of the plugin's that raises
            ok, problems = False, []
        if not ok:
            self._info[owner].errors.append(
                f"register_scoring: {shown_value(scheme)} needs an id and a name (strings) and "
                f"score(game)")
            return
        if problems:
            self._info[owner].errors.append(
                f"scoring scheme {shown_value(scheme.id)} is broken: "
                + "; ".join(f"{k}: {m}" for k, m in problems))
            return
        try:
            self.catalog.add_scoring(scheme, owner)
        except DuplicateId as e:
            self._info[owner].errors.append(str(e))
            return
        self._registered(owner, "scoring", scheme.id)

    def _add_theme(self, theme: Any, owner: str) -> None:
        if not isinstance(theme, ThemeSpec):
            self._info[owner].errors.append(f"register_themes: {shown_value(theme)} is not a "
                                            f"ThemeSpec")
            return
        problems = theme.problems()
        if problems:
            self._info[owner].errors.append(
                f"theme {shown_value(theme.id)} is broken and not used: "
                + "; ".join(f"{k}: {m}" for k, m in problems))
            return
        if theme.id in self.themes:
            self._info[owner].errors.append(str(DuplicateId(
                "theme", theme.id, self.theme_owners[theme.id], owner)))
            return
        self.themes[theme.id] = theme
        self.theme_owners[theme.id] = owner
        self._registered(owner, "themes", theme.id)

    # ------------------------------------------------------------------ play-time hooks

    def notify(self, hook_name: str, **kwargs: Any) -> list[str]:
        """Call a play-time hook on every plugin; a plugin that raises is reported and switched
        off. Returns the new problems (for a notice in the app)."""
        new: list[str] = []
        hook = getattr(self.pm.hook, hook_name)
        # What a plugin is shown is a snapshot: the game and its step cannot be changed there.
        args = dict(kwargs)
        if isinstance(args.get("game"), Game):
            args["game"] = GameView(args["game"])
        if isinstance(args.get("step"), Step):
            args["step"] = plugin_step(args["step"])
        for impl in hook.get_hookimpls():
            try:
                with plugin_deadline():
                    impl.function(**{k: args[k] for k in impl.argnames})
            except GeneratorExit:
                raise
            except BaseException as e:  # sys.exit() and Ctrl-C from a plugin's hook too
                name = impl.plugin_name
                message = f"{hook_name} raised {_short_error(e)}; the plugin is switched off"
                self.disable(name, message)
                new.append(f"{name}: {message}")
        return new

    def disable(self, name: str, reason: str) -> None:
        info = self._info.get(name)
        if info is not None:
            info.errors.append(reason)
            info.disabled = True
        obj = self._objects.pop(name, None)
        if obj is not None and self.pm.is_registered(obj):
            self.pm.unregister(obj)

    def owner(self, kind: str, ident: str) -> str:
        if kind == "theme":
            return self.theme_owners.get(ident, "?")
        return self.catalog.owners.get((kind, ident), "?")


def load_plugins(*, entry_points: Iterable[Any] | None = None, user_folders: bool = True,
                 extra_folders: Iterable[Path] = ()) -> PluginManager:
    """A fresh manager with every plugin loaded and registered."""
    mgr = PluginManager()
    allowed = _allowed()
    if allowed is not None:
        allowed = allowed | {"builtin"}  # the built-in rules are not optional
    mgr.load_entry_points(entry_points, allowed)
    mgr.load_python_folder(paths.builtin_variants_dir(), "builtin", allowed)
    folders: list[Path] = list(extra_folders)
    for impl in mgr.pm.hook.variant_folders.get_hookimpls():  # each plugin on its own
        info = mgr._info[impl.plugin_name]
        try:
            result = impl.function()
        except GeneratorExit:
            raise
        except BaseException as e:
            info.errors.append(f"variant_folders raised {_short_error(e)}")
            continue
        if result is None:
            continue
        if not isinstance(result, (list, tuple)) or not all(
                isinstance(p, (str, os.PathLike)) for p in result):
            info.errors.append(f"variant_folders returned {shown_value(result)}, not a list of "
                               f"folders")
            continue
        folders.extend(Path(p) for p in result)
    for i, folder in enumerate(folders):
        mgr.load_python_folder(folder, f"extra{i}", allowed)
        mgr.load_folder(f"folder:{folder}", folder, None, allowed)
    if user_folders:
        user_variants = paths.user_variants_dir()
        mgr.load_python_folder(user_variants, "user", allowed)
        mgr.load_folder("user-files", user_variants, paths.user_themes_dir(), allowed)
    mgr.register_all()
    return mgr


_manager: PluginManager | None = None


def get_manager() -> PluginManager:
    """The process-wide manager, loaded on first use."""
    global _manager
    if _manager is None:
        reset_manager(load_plugins())
    assert _manager is not None
    return _manager


def command_manager() -> PluginManager:
    """:func:`get_manager` for a command of the command line: the plugins loaded (so their
    games play too), and the plugins that failed named on standard error in one line
    (:meth:`PluginManager.notice`), as the app names them in a notice at its start."""
    mgr = get_manager()
    notice = mgr.notice()
    if notice is not None:
        print(printable(notice), file=sys.stderr)
    return mgr


def rule_failure_notice(failures: list[RuleFailure]) -> str | None:
    """One line for the rule methods of a plugin that failed during a search (which took each
    failing move as refused and went on): the first failure, naming the variant, its plugin
    file and the method, and how many more there were (see
    :func:`~spider_tui.engine.errors.noting_rule_failures`)."""
    if not failures:
        return None
    first = failures[0]
    more = len(failures) - 1
    count = ("" if not more else f" ({more}{'+' if len(failures) >= MAX_NOTED else ''} more "
                                 f"failure{'s' if more != 1 else ''})")
    return (f"spider-tui: a plugin's rule failed during the search{count}, and the search "
            f"took each such move as refused: {' '.join(str(first).split())}")


def shipped_catalog() -> Catalog:
    """The games, house rules and schemes spider-tui ships, and nothing else: no installed
    plugin, no file of the player's. The engine's catalogue when the program has not loaded
    the player's plugins (``get_manager``), so that ``Game.new()`` in a script or a test
    plays the same rules on every machine."""
    builtin = metadata.EntryPoint(name="builtin", value="spider_tui.plugins.builtin",
                                  group=ENTRY_POINT_GROUP)
    return load_plugins(entry_points=[builtin], user_folders=False).catalog


def reset_manager(manager: PluginManager | None = None) -> None:
    """Forget (or replace) the process-wide manager; the default catalog follows it."""
    global _manager
    from ..engine import catalog as _catalog

    _manager = manager
    _catalog.set_default(manager.catalog if manager is not None else None)


__all__ = ["PluginInfo", "PluginManager", "SpiderError", "get_manager", "load_plugins",
           "reset_manager", "shipped_catalog"]
