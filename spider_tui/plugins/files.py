"""Reading variant, house-rule and theme files (TOML) and ``.py`` plugin files from folders."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from ..engine.errors import VariantError
from ..engine.rules import HOUSE_RULES_FORMAT, RuleSet, house_rules_from_dict
from .themespec import ThemeSpec


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file; :class:`VariantError` naming the file and line when it is not TOML."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise VariantError(str(path), [("", f"not valid TOML: {e}")]) from None
    except OSError as e:
        raise VariantError(str(path), [("", f"cannot be read: {e.strerror or e}")]) from None


def toml_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.toml") if p.is_file())
    except OSError:
        return []


def load_variant_folder(folder: Path, register_variant: Callable[[RuleSet], None],
                        register_house_rule: Callable[[Any], None] | None,
                        report: Callable[[str], None]) -> None:
    """Register every variant (and house-rule) file in ``folder``; report each bad file."""
    for path in toml_files(folder):
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
                report(line)
            continue
        register_variant(rules)


def check_variant_file(path: Path) -> list[str]:
    """Every problem of one variant (or house-rule) file, each with file and key; [] when fine."""
    try:
        data = read_toml(path)
        if data.get("format") == HOUSE_RULES_FORMAT:
            house_rules_from_dict(data, str(path))
        else:
            RuleSet.from_dict(data, source=str(path))
    except VariantError as e:
        return e.lines()
    return []


def load_theme_folder(folder: Path, register: Callable[[ThemeSpec], None],
                      report: Callable[[str], None]) -> None:
    for path in toml_files(folder):
        try:
            theme = ThemeSpec.from_dict(read_toml(path), str(path))
        except VariantError as e:
            for line in e.lines():
                report(line)
            continue
        register(theme)


def python_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.py") if p.is_file() and not p.name.startswith("_"))
    except OSError:
        return []


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
