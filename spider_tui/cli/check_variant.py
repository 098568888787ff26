"""``spider-tui check-variant FILE...``: validate variant files and report every problem.

Each file is checked on its own: one that cannot be read, or that trips a bug, is reported and
the next one is checked. A ``.py`` plugin can only be checked by running it, with the player's
rights; the command says so on standard error before it does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..engine.text import printable, quoted

PY_WARNING = ("{name}: checking a .py plugin runs its code, with your rights: only check (and "
              "install) plugins you trust")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "check-variant",
        help="check variant files (TOML, or .py plugins) and report every problem",
        description="Check variant (or house-rule) TOML files and .py variant plugins. Prints "
                    "every problem with its file and key; exit status 2 when there is any. "
                    "Checking a .py plugin runs its code: only check plugins you trust.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    return p


def check_python_plugin(path: Path) -> tuple[list[str], list[str]]:
    """Load one ``.py`` plugin on its own; ``(problems, ids it registered)``."""
    from ..plugins.manager import PluginManager

    mgr = PluginManager()
    mgr.load_python_folder_file(path)
    mgr.register_all()
    problems = list(mgr.problems)
    ids = []
    for p in mgr.plugins:
        for kind, idents in p.registered.items():
            for ident in idents:
                ids.append(f"{kind[:-1] if kind.endswith('s') else kind} {ident}")
                taken = _taken_by_another(kind, ident, path)
                if taken:
                    problems.append(f"{path}: {taken}")
    return problems, ids


def _same_file(a: Any, b: Path) -> bool:
    try:
        return bool(a) and Path(a).resolve() == b.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def _taken_by_another(kind: str, ident: str, path: Path) -> str | None:
    """Why ``ident`` cannot be registered from ``path``: it is already the id of a built-in or
    another installed plugin's variant (or house rule); ``None`` when it is free."""
    from ..plugins.manager import get_manager

    mgr = get_manager()
    singular = {"variants": "variant", "house rules": "house rule"}.get(kind)
    if singular is None:
        return None
    table = mgr.catalog.variants if singular == "variant" else mgr.catalog.house_rules
    found = table.get(ident)
    if found is None:
        return None
    owner = mgr.owner(singular, ident)
    info = next((p for p in mgr.plugins if p.name == owner), None)
    if _same_file(getattr(found, "source", ""), path) or (
            info is not None and info.kind == "file" and _same_file(info.source, path)):
        return None  # the very file being checked, loaded from the player's folder
    return (f"id: {quoted(ident)} is already the id of a {singular} from {owner}; this one "
            f"would be ignored: choose another id")


def _check_toml(path: Path) -> tuple[list[str], list[str]]:
    from ..engine.rules import RuleSet
    from ..plugins.files import check_variant_data

    problems, declared = check_variant_data(path)
    if problems:
        return problems, []
    if isinstance(declared, RuleSet):
        rules = declared
        taken = _taken_by_another("variants", rules.id, path)
        if taken:
            return [f"{path}: {taken}"], []
        return [], [f"variant {rules.id}: {rules.columns} columns, {rules.tableau_size} cards "
                    f"dealt, {rules.stock_size} in the stock "
                    f"({rules.deals_in(rules.stock_size)} deals), {rules.win_runs} runs to win"]
    seen: set[str] = set()
    for i, hr in enumerate(declared):
        taken = _taken_by_another("house rules", hr.id, path)
        if hr.id in seen:
            taken = f"id: {quoted(hr.id)} is declared twice in this file"
        seen.add(hr.id)
        if taken:
            problems.append(f"{path}: house_rule[{i}].{taken}")
    return problems, ([] if problems else ["house rules"])


def check_file(name: str) -> tuple[list[str], list[str]]:
    """``(problems, what it declares)`` of one file; never raises."""
    path = Path(name)
    try:
        if not path.is_file():
            return [f"{name}: no such file"], []
        if path.suffix == ".py":
            print(PY_WARNING.format(name=printable(name)), file=sys.stderr)
            problems, ids = check_python_plugin(path)
            if not problems and not ids:
                problems = [f"{name}: registers nothing (no register_* hook implementations)"]
            return problems, ids
        return _check_toml(path)
    except Exception as e:  # a bug in a checker: this file's problem, the others still checked
        return [f"{name}: could not be checked ({type(e).__name__}: {quoted(str(e), 200)})"], []


def run(args: argparse.Namespace) -> int:
    bad = 0
    for name in args.files:
        problems, ids = check_file(name)
        shown = printable(name)
        if problems:
            bad += 1
            for line in problems:
                print(printable(line), file=sys.stderr)
        else:
            print(f"{shown}: ok ({'; '.join(printable(i) for i in ids)})" if ids
                  else f"{shown}: ok")
    return 2 if bad else 0
