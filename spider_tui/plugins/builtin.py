"""The built-in plugin: registered through the ``spider_tui`` entry point exactly as a third-party
package's plugin is. It turns the shipped ``variants/*.toml`` and ``themes/*.toml`` into
registrations and registers the four scoring schemes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import paths
from ..scoring import BUILTIN_SCHEMES
from .files import load_theme_folder, load_variant_folder
from .hookspecs import hookimpl


class _Problems(Exception):
    pass


def _raise(message: str) -> None:
    # A broken shipped file is a bug in this package: report it through the plugin's errors.
    raise _Problems(message)


def _collect(kind: str) -> tuple[list[Any], list[str]]:
    found: list[Any] = []
    problems: list[str] = []
    if kind == "themes":
        load_theme_folder(paths.builtin_themes_dir(), found.append, problems.append)
        return found, problems
    variants: list[Any] = []
    house_rules: list[Any] = []
    load_variant_folder(paths.builtin_variants_dir(), variants.append, house_rules.append,
                        problems.append)
    return (variants if kind == "variants" else house_rules), problems


def _register_all(kind: str, register: Callable[[Any], None]) -> None:
    found, problems = _collect(kind)
    for thing in found:
        register(thing)
    if problems:
        _raise("; ".join(problems))


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    _register_all("variants", register)


@hookimpl
def register_house_rules(register: Callable[[Any], None]) -> None:
    _register_all("house_rules", register)


@hookimpl
def register_scoring(register: Callable[[Any], None]) -> None:
    for scheme in BUILTIN_SCHEMES:
        register(scheme)


@hookimpl
def register_themes(register: Callable[[Any], None]) -> None:
    _register_all("themes", register)
