"""Settings (``config.toml``). The fields of :class:`Config` are the contract between the app and
the settings file.

:func:`load_config` never raises: an unknown key or a bad value becomes a notice naming the file,
the key and the value used instead, and a file that is not TOML at all gives one notice and the
defaults (the file is left untouched). :func:`save_config` writes atomically and keeps whatever
keys of the existing file this release does not know (a newer release's settings, a typo the
player still means to fix), so that saving from the settings screen never loses a line's worth
of meaning. A file that is not TOML is moved aside before it is replaced.

The file carries ``format = "spider-config/1"``; a file without it is read as that version (it
was written by hand). A newer version is read for the keys this release knows, with a notice.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from . import paths

# The ids ``[keymap]`` may name: every action with keys in the UI's action table (a plain data
# module). Any other id is reported as an unknown key.
from .actions import KEYMAP_IDS
from .ai.budget import BUDGET_MS
from .engine.catalog import Catalog
from .engine.errors import SpiderError
from .engine.text import quoted, short
from .store.files import Unreadable, atomic_write, format_version, migrate, move_aside, os_reason
from .tomlfile import TomlRefused
from .tomlfile import load as load_toml


@dataclass
class Config:
    #: Variant and house rules a new game uses.
    variant: str = "spider-4suit"
    house_rules: list[str] = field(default_factory=list)
    #: Scoring scheme id; empty means the variant's default.
    scoring: str = ""
    theme: str = "spider-dark"
    one_tap: bool = True
    four_colour: bool = True
    #: The hint may read face-down cards and the stock order (as the seed's web version does).
    hint_peek: bool = False
    hint_budget_ms: int = int(BUDGET_MS)
    #: The winnability meter on the status line (the chance of winning from here, worked out
    #: in the background after each move).
    meter: bool = True
    confirm_new_game: bool = True
    #: How fast cards move on the table: "normal", "fast" or "off" (no animation).
    animation: str = "normal"
    #: Binding id -> keys, e.g. {"undo": "u,z,ctrl+z"}; applied with App.set_keymap.
    keymap: dict[str, str] = field(default_factory=dict)


KIND = "spider-config"
VERSION = 1
#: ``{N: function}`` turns a version-N settings table into a version-N+1 one (none yet).
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
HINT_BUDGET_MS = (10, 10_000)
ANIMATION_SPEEDS = ("normal", "fast", "off")
HEADER = ("# spider-tui settings. Edit freely: a bad value is reported when spider-tui starts\n"
          "# and the default is used instead. The keys are described in README.md, section "
          "Files.\n")


def default_path() -> Path:
    return paths.config_file()


# ---------------------------------------------------------------------- reading


def load_config(path: Path | None = None, *, manager: Any = None, catalog: Catalog | None = None,
                themes: Collection[str] | None = None) -> tuple[Config, list[str]]:
    """The settings in ``path`` (default: ``config.toml`` in the config folder) and notices.

    With a plugin ``manager`` (or a ``catalog``), variant, house rule and scoring ids that are
    not installed become notices. Theme ids are checked against ``themes`` when given (the app
    knows Textual's own themes too), otherwise against the manager's themes.
    """
    path = Path(path) if path is not None else default_path()
    if manager is not None:
        catalog = catalog if catalog is not None else manager.catalog
        if themes is None:
            themes = set(getattr(manager, "themes", {}) or {})
    try:
        data = load_toml(path)
    except FileNotFoundError:
        return Config(), []
    except OSError as e:
        return Config(), [f"{path}: could not be read ({os_reason(e)}); using the default "
                          f"settings"]
    except TomlRefused as e:
        return Config(), [f"{path}: not a TOML file this release reads ({e}); using the default "
                          f"settings (the file is left as it is)"]
    return _from_table(data, path.name, catalog, themes)


def _from_table(data: dict[str, Any], name: str, catalog: Catalog | None,
                themes: Collection[str] | None) -> tuple[Config, list[str]]:
    notices: list[str] = []
    data = _upgrade(dict(data), name, notices)
    defaults = Config()
    values: dict[str, Any] = {}
    for key, value in data.items():
        check = _CHECKS.get(key)
        if check is None:
            notices.append(f"{name}: {_show_key(key)}: unknown setting; ignored")
            continue
        values[key], problems = check(value, getattr(defaults, key), key)
        notices.extend(f"{name}: {p}" for p in problems)
    config = Config(**values)
    if catalog is not None:
        notices.extend(f"{name}: {n}" for n in _check_ids(config, defaults, catalog))
    if themes is not None and config.theme != defaults.theme and config.theme not in themes:
        notices.append(f"{name}: theme: {_show(config.theme)} is not an installed theme; "
                       f"using {_show(defaults.theme)}")
        config.theme = defaults.theme
    return config, notices


def _upgrade(data: dict[str, Any], name: str, notices: list[str]) -> dict[str, Any]:
    fmt = data.pop("format", None)
    if fmt is None:
        return data
    current = f"{KIND}/{VERSION}"
    try:
        version = format_version(fmt, KIND)
    except Unreadable:
        notices.append(f"{name}: format: {_show(fmt)} is not a settings format; reading the "
                       f"file as {current}")
        return data
    if version > VERSION:
        notices.append(f"{name}: format: {_show(fmt)} was written by a newer spider-tui; "
                       f"reading the settings this release knows ({current})")
        return data
    try:
        return migrate(data, version, VERSION, MIGRATIONS, KIND)
    except Exception:  # a migration meeting a hand-edited table it did not expect, too
        notices.append(f"{name}: format: {_show(fmt)} cannot be upgraded; reading the file as "
                       f"{current}")
        return data


#: Each a notice without the file name: "key: value is not ...; using ..." (or "; dropped").
Problems = list[str]


def _refuse(key: str, value: Any, why: str, used: Any) -> list[str]:
    return [f"{key}: {_show(value)} {why}; using {_show(used, key)}"]


def _bool(value: Any, default: bool, key: str) -> tuple[bool, Problems]:
    if isinstance(value, bool):
        return value, []
    return default, _refuse(key, value, "is not true or false", default)


def _text(value: Any, default: str, key: str) -> tuple[str, Problems]:
    if isinstance(value, str):
        return value.strip(), []
    return default, _refuse(key, value, "is not text", default)


def _hint_budget(value: Any, default: int, key: str) -> tuple[int, Problems]:
    lo, hi = HINT_BUDGET_MS
    if isinstance(value, bool) or not isinstance(value, int):
        return default, _refuse(key, value, "is not a whole number of milliseconds", default)
    if not lo <= value <= hi:
        used = min(max(value, lo), hi)
        return used, _refuse(key, value, f"is not between {lo} and {hi}", used)
    return value, []


def _animation(value: Any, default: str, key: str) -> tuple[str, Problems]:
    if isinstance(value, str) and value.strip().lower() in ANIMATION_SPEEDS:
        return value.strip().lower(), []
    choices = ", ".join(f'"{c}"' for c in ANIMATION_SPEEDS)
    return default, _refuse(key, value, f"is not one of {choices}", default)


def _id_list(value: Any, default: list[str], key: str) -> tuple[list[str], Problems]:
    if not isinstance(value, list):
        return list(default), _refuse(key, value, "is not a list of ids", default)
    out: list[str] = []
    problems: Problems = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            problems.append(f"{key}: {_show(item)} is not an id; dropped")
        elif item.strip() not in out:
            out.append(item.strip())
    return out, problems


def _keymap(value: Any, default: dict[str, str], key: str) -> tuple[dict[str, str], Problems]:
    if not isinstance(value, dict):
        return dict(default), _refuse(key, value, "is not a table of binding = keys", default)
    out: dict[str, str] = {}
    problems: Problems = []
    for binding, keys in value.items():
        if binding.strip() not in KEYMAP_IDS:
            problems.append(f"{key}.{_show_key(binding)}: unknown binding id; ignored (the ids "
                            f"are listed in README.md, section Files)")
            continue
        if isinstance(keys, list) and all(isinstance(k, str) for k in keys):
            keys = ",".join(keys)
        pieces = [k.strip() for k in keys.split(",")] if isinstance(keys, str) else []
        if not binding.strip() or not pieces or not all(pieces) or any(
                " " in p for p in pieces):
            problems.append(f"{key}.{_show_key(binding)}: {_show(keys)} is not a list of keys "
                            f"such as \"u,ctrl+z\"; ignored")
            continue
        out[binding.strip()] = ",".join(pieces)
    return out, problems


_Check = Callable[[Any, Any, str], tuple[Any, Problems]]
_BY_TYPE: dict[str, _Check] = {
    "bool": _bool, "str": _text, "list[str]": _id_list, "dict[str, str]": _keymap,
}
_SPECIAL: dict[str, _Check] = {
    "hint_budget_ms": _hint_budget,
    "animation": _animation,
}
# Every field is checked by its type unless it needs more; a new field of a new type fails here,
# at import, rather than being read unchecked.
_CHECKS = {f.name: _SPECIAL.get(f.name) or _BY_TYPE[str(f.type)]
           for f in dataclasses.fields(Config)}


def _check_ids(config: Config, defaults: Config, catalog: Catalog) -> list[str]:
    notices = []
    if config.variant not in catalog.variants:
        fallback = defaults.variant
        if fallback not in catalog.variants and catalog.variants:
            fallback = sorted(catalog.variants)[0]
        notices.append(f"variant: {_show(config.variant)} is not an installed variant; "
                       f"using {_show(fallback)}")
        config.variant = fallback
    kept: list[str] = []
    refused: list[str] = []
    for hid in config.house_rules:
        problem = _house_rule_problem(catalog, config.variant, hid)
        if problem is None:
            kept.append(hid)
        else:
            refused.append(problem)
    notices.extend(f"house_rules: {p}; dropped" for p in refused)
    config.house_rules = kept
    if config.scoring and config.scoring not in catalog.scoring:
        notices.append(f"scoring: {_show(config.scoring)} is not an installed scoring scheme; "
                       f"using the variant's own")
        config.scoring = defaults.scoring
    return notices


def _house_rule_problem(catalog: Catalog, variant: str, hid: str) -> str | None:
    if hid not in catalog.house_rules:
        return f"{_show(hid)} is not an installed house rule"
    if variant not in catalog.variants:
        return None  # already reported; the rule is judged against the variant used instead
    try:
        catalog.rules(variant, [hid])
    except SpiderError as e:
        return str(e)
    return None


def _show(value: Any, key: str | None = None) -> str:
    """A value as a player would write it in the file."""
    if key == "scoring" and value == "":
        return "the variant's own"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        text = "{" + ", ".join(f"{_show_key(k)} = {_show(v)}" for k, v in value.items()) + "}"
    else:
        text = quoted(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _show_key(key: str) -> str:
    plain = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return short(key, 40) if plain else quoted(key, 40)


# ---------------------------------------------------------------------- writing


def to_table(config: Config) -> dict[str, Any]:
    """The settings as the TOML table written to the file (``format`` first)."""
    table: dict[str, Any] = {"format": f"{KIND}/{VERSION}"}
    for f in dataclasses.fields(Config):
        value = getattr(config, f.name)
        table[f.name] = list(value) if isinstance(value, list) else (
            dict(value) if isinstance(value, dict) else value)
    return table


def save_config(config: Config, path: Path | None = None, *,
                only: Collection[str] | None = None) -> list[str]:
    """Write ``config`` to ``path`` atomically, keeping the keys of the existing file that this
    release does not know. With ``only`` (setting names: a theme or a toggle changed on the
    board), only those settings are written and every other key of the file is kept as it is,
    even one whose value could not be used (the player may mean to install that variant
    again). Returns notices (empty when all went well); never raises on a disk problem."""
    path = Path(path) if path is not None else default_path()
    notices: list[str] = []
    old: dict[str, Any] = {}
    try:
        old = load_toml(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        return [f"{path}: the settings were not saved: the file could not be read "
                f"({os_reason(e)}) and is left as it is"]
    except TomlRefused:
        try:
            moved = move_aside(path)
        except OSError as e:
            return [f"{path}: the settings were not saved: the file is not TOML and could not "
                    f"be moved aside ({os_reason(e)})"]
        notices.append(f"{path} was not a TOML file; it was moved to {moved}")
    table = to_table(config)
    if only is not None:
        table = {"format": table["format"], **old, **{k: table[k] for k in only}}
    else:
        for key, value in old.items():
            table.setdefault(key, value)
        old_keymap = old.get("keymap")
        if isinstance(old_keymap, dict):  # a binding id this release does not know is kept too
            for binding, keys in old_keymap.items():
                if binding.strip() not in KEYMAP_IDS:
                    table["keymap"].setdefault(binding, keys)
    try:
        atomic_write(path, (HEADER + tomli_w.dumps(table)).encode("utf-8"))
    except OSError as e:
        notices.append(f"{path}: the settings could not be saved ({os_reason(e)})")
    return notices
