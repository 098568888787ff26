"""Reading variant, house-rule and theme files (TOML) and ``.py`` plugin files from folders."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from ..engine.errors import VariantError
from ..engine.house import HOUSE_RULES_FORMAT, house_rules_from_dict
from ..engine.rules import RuleSet
from ..engine.text import printable, quoted
from ..tomlfile import TomlRefused, load
from .themespec import THEME_FORMAT, ThemeSpec


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file; :class:`VariantError` naming the file (and the line) when it cannot be
    read, is too large or shaped to make the parser slow, or is not TOML
    (:mod:`spider_tui.tomlfile`)."""
    try:
        return load(path)
    except TomlRefused as e:
        raise VariantError(str(path), [("", str(e))]) from None
    except OSError as e:
        raise VariantError(str(path), [("", f"cannot be read: {e.strerror or e}")]) from None


def toml_files(folder: Path, report: Callable[[str], None] | None = None) -> list[Path]:
    """The ``*.toml`` files of ``folder``, sorted; a folder that exists but cannot be listed is
    reported (a missing one is not: nobody has made it yet)."""
    return _files(folder, ".toml", report)


def _files(folder: Path, suffix: str, report: Callable[[str], None] | None) -> list[Path]:
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    except OSError as e:
        if report is not None and not isinstance(e, NotADirectoryError):
            report(f"{folder}: the folder cannot be read ({e.strerror or e}); its files are "
                   f"not loaded")
        return []
    out = []
    for name in sorted(names):
        p = folder / name
        try:
            if name.endswith(suffix) and not name.startswith(".") and p.is_file():
                out.append(p)
        except OSError:
            continue
    return out


def _file_failed(path: Path, e: Exception) -> str:
    """A file whose loading raised something no checker foresaw: still one line, naming it."""
    return f"{path}: could not be loaded ({type(e).__name__}: {quoted(str(e), 200)})"


def load_variant_folder(folder: Path, register_variant: Callable[[RuleSet], None],
                        register_house_rule: Callable[[Any], None] | None,
                        report: Callable[[str], None]) -> None:
    """Register every variant (and house-rule) file in ``folder``; report each bad file. Each
    file is read on its own: one that cannot be loaded never keeps the others out."""
    for path in toml_files(folder, report):
        try:
            data = read_toml(path)
            if data.get("format") == HOUSE_RULES_FORMAT:
                if register_house_rule is not None:
                    for hr in house_rules_from_dict(data, str(path)):
                        register_house_rule(hr)
                continue
            rules = RuleSet.from_dict(data, source=str(path))
        except VariantError as e:
            for line in e.lines():
                report(printable(line))
            continue
        except Exception as e:  # a bug: still this file's problem alone
            report(printable(_file_failed(path, e)))
            continue
        register_variant(rules)


def check_variant_file(path: Path) -> list[str]:
    """Every problem of one variant (or house-rule) file, each with file and key; [] when fine."""
    return check_variant_data(path)[0]


def check_variant_data(path: Path) -> tuple[list[str], Any]:
    """``(problems, what the file declares)``: a :class:`RuleSet`, a list of house rules, a
    :class:`ThemeSpec`, or ``None`` when there are problems."""
    try:
        data = read_toml(path)
        if data.get("format") == HOUSE_RULES_FORMAT:
            return [], house_rules_from_dict(data, str(path))
        if data.get("format") == THEME_FORMAT:
            return [], ThemeSpec.from_dict(data, str(path))
        return [], RuleSet.from_dict(data, source=str(path))
    except VariantError as e:
        return [printable(line) for line in e.lines()], None
    except Exception as e:  # a bug: reported as this file's problem, never a crash
        return [printable(_file_failed(path, e))], None


def load_theme_folder(folder: Path, register: Callable[[ThemeSpec], None],
                      report: Callable[[str], None]) -> None:
    for path in toml_files(folder, report):
        try:
            theme = ThemeSpec.from_dict(read_toml(path), str(path))
        except VariantError as e:
            for line in e.lines():
                report(printable(line))
            continue
        except Exception as e:  # a bug: still this file's problem alone
            report(printable(_file_failed(path, e)))
            continue
        register(theme)


def python_files(folder: Path) -> list[Path]:
    """The ``.py`` plugin files of ``folder`` (an unreadable folder is reported by the folder
    plugin reading its TOML files, not twice)."""
    return [p for p in _files(folder, ".py", None) if not p.name.startswith("_")]


def import_file(path: Path, module_name: str) -> ModuleType:
    """Import a ``.py`` plugin file as module ``module_name`` (errors propagate to the caller)."""
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(module_name, None)
        raise
    return module
