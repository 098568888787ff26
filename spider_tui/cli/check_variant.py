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
        help="check variant, house-rule and theme files (or whole folders of them, .py "
             "plugins too) and report every problem",
        description="Check variant, house-rule and theme TOML files and .py variant plugins, "
                    "or every such file in a folder (with no FILE: your own variants and "
                    "themes folders). Prints every problem with its file and key, and ids "
                    "declared twice; exit status 2 when there is any. Checking a .py plugin "
                    "runs its code: only check plugins you trust.",
    )
    p.add_argument("files", nargs="*", metavar="FILE", help="a file or a folder")
    return p


def expand(names: list[str]) -> list[str]:
    """Files to check: each name given, a folder standing for its ``*.toml`` and ``*.py``
    files; with no name, the player's own variants and themes folders."""
    from .. import paths

    if not names:
        names = [str(paths.user_variants_dir()), str(paths.user_themes_dir())]
        names = [n for n in names if Path(n).is_dir()]
    out: list[str] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            try:
                found = sorted(p for p in path.iterdir() if p.is_file()
                               and p.suffix in (".toml", ".py") and not p.name.startswith("_"))
            except OSError as e:
                out.append(f"{name}\0{e.strerror or e}")
                continue
            out += [str(p) for p in found]
        else:
            out.append(name)
    return out


def check_python_plugin(path: Path) -> tuple[list[str], list[str], list[str]]:
    """Load one ``.py`` plugin on its own; ``(problems, ids it registered, warnings)``."""
    from ..plugins.manager import PluginManager

    mgr = PluginManager()
    mgr.load_python_folder_file(path)
    mgr.register_all()
    problems = list(mgr.problems)
    ids = []
    warnings: list[str] = []
    for p in mgr.plugins:
        for kind, idents in p.registered.items():
            for ident in idents:
                ids.append(f"{kind[:-1] if kind.endswith('s') else kind} {ident}")
                taken = _taken_by_another(kind, ident, path)
                if taken:
                    problems.append(f"{path}: {taken}")
                rules = mgr.catalog.variants.get(ident) if kind == "variants" else None
                if rules is not None:
                    problems += [f"{path}: variant {ident}: {line}"
                                 for line in playable_problems(rules)]
                    warnings += [f"{path}: variant {ident}: {line}"
                                 for line in playable_warnings(rules)]
    return problems, ids, warnings


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
    source = getattr(found, "source", "")
    if info is not None and info.kind == "folder" and isinstance(source, str) and source:
        owner = source  # the very file, not the folder's plugin
    return (f"id: {quoted(ident)} is already the id of a {singular} from {owner}; this one "
            f"would be ignored: choose another id")


def _check_toml(path: Path) -> tuple[list[str], list[str], list[str]]:
    from ..engine.rules import RuleSet
    from ..plugins.files import check_variant_data
    from ..plugins.themespec import ThemeSpec

    problems, declared = check_variant_data(path)
    if problems:
        return problems, [], []
    if isinstance(declared, ThemeSpec):
        return [], [f"theme {declared.id}"], []
    if isinstance(declared, RuleSet):
        rules = declared
        taken = _taken_by_another("variants", rules.id, path)
        if taken:
            return [f"{path}: {taken}"], [], []
        unknown = _unknown_scoring(rules.scoring)
        if unknown:
            return [f"{path}: scoring: {unknown}"], [], []
        never = playable_problems(rules)
        if never:
            return [f"{path}: {line}" for line in never], [], []
        return ([], [f"variant {rules.id}: {_what(rules)}"],
                [f"{path}: {line}" for line in playable_warnings(rules)])
    seen: set[str] = set()
    for i, hr in enumerate(declared):
        taken = _taken_by_another("house rules", hr.id, path)
        if hr.id in seen:
            taken = f"id: {quoted(hr.id)} is declared twice in this file"
        seen.add(hr.id)
        if taken:
            problems.append(f"{path}: house_rule[{i}].{taken}")
    return problems, ([] if problems else ["house rules"]), []


def playable_problems(rules: Any) -> list[str]:
    """``key: why`` for each reason the rule set can never be won (the engine's
    :func:`~spider_tui.engine.vetting.unwinnable`, from its own data)."""
    from ..engine.vetting import unwinnable

    return [f"{key}: {why}" for key, why in unwinnable(rules)]


def playable_warnings(rules: Any) -> list[str]:
    """``key: why`` for what is most likely wrong but is not sure to be: a game stuck at move
    0 (no legal move, no deal) on each of deals 1 to 3."""
    from ..engine.vetting import stuck_at_start

    stuck = stuck_at_start(rules, STUCK_DEALS)
    return [f"moves: {stuck}"] if stuck else []


#: The deal numbers a variant is dealt to see whether it is stuck at move 0 on every one.
STUCK_DEALS = (1, 2, 3)


def win_text(rules: Any) -> str:
    """How the game is won, in a few words (``8 runs to win``)."""
    from ..engine.schema import WIN_RULES

    if rules.overrides("won"):
        return "its own win rule"
    if rules.win == "runs":
        return f"{rules.win_runs} run{'s' if rules.win_runs != 1 else ''} to win"
    return WIN_RULES[rules.win] + " to win"


def _what(rules: Any) -> str:
    """A variant in a line: its table, its stock and how it is won."""
    parts = [f"{rules.columns} column{'s' if rules.columns != 1 else ''}"]
    for n, what in ((rules.cells, "free cell"), (rules.reserves, "reserve"),
                    (rules.foundations, "foundation")):
        if n:
            parts.append(f"{n} {what}{'s' if n != 1 else ''}")
    if rules.deal_to == "waste":
        parts.append("a waste")
    parts.append(f"{rules.dealt_size} cards dealt, {rules.stock_size} in the stock"
                 + (f" ({rules.deals_in(rules.stock_size)} deals)" if rules.stock_size
                    and rules.deal_to == "columns" and rules.player_deals else ""))
    parts.append(win_text(rules))
    return ", ".join(parts)


def _unknown_scoring(sid: str) -> str | None:
    """Why ``sid`` names no scoring scheme (a built-in's or an installed plugin's), or None."""
    from ..engine.text import did_you_mean
    from ..plugins.manager import get_manager

    known = get_manager().catalog.scoring
    if sid in known:
        return None
    return (f"{quoted(sid)} is not a scoring scheme (one of {', '.join(sorted(known))})"
            + did_you_mean(sid, known))


def check_file(name: str) -> tuple[list[str], list[str], list[str]]:
    """``(problems, what it declares, warnings)`` of one file; never raises. A warning (a
    game stuck at move 0 on every deal tried) leaves the file ok."""
    if "\0" in name:  # a folder that could not be read (see expand)
        folder, why = name.split("\0", 1)
        return [f"{folder}: cannot be read: {why}"], [], []
    path = Path(name)
    try:
        if not path.is_file():
            return [f"{name}: no such file"], [], []
        if path.suffix == ".py":
            print(PY_WARNING.format(name=printable(name)), file=sys.stderr)
            problems, ids, warnings = check_python_plugin(path)
            if not problems and not ids:
                problems = [f"{name}: registers nothing (no register_* hook implementations)"]
            return problems, ids, warnings
        return _check_toml(path)
    except Exception as e:  # a bug in a checker: this file's problem, the others still checked
        return ([f"{name}: could not be checked ({type(e).__name__}: {quoted(str(e), 200)})"],
                [], [])


def run(args: argparse.Namespace) -> int:
    bad = 0
    names = expand(args.files)
    if not names:
        print("no variant, house-rule or theme file to check (your folders are empty)")
        return 0
    seen: dict[str, str] = {}  # "variant my-id" -> the file that declared it first
    for name in names:
        problems, ids, warnings = check_file(name)
        for ident in ids:
            key = ident.split(":")[0]
            if key == "house rules":
                continue
            if key in seen and seen[key] != name:
                problems.append(f"{name}: {key} is declared in {seen[key]} too; one of the two "
                                f"would be ignored")
            seen.setdefault(key, name)
        shown = printable(name)
        for line in warnings:
            print(f"warning: {printable(line)}", file=sys.stderr)
        if problems:
            bad += 1
            for line in problems:
                print(printable(line), file=sys.stderr)
        else:
            print(f"{shown}: ok ({'; '.join(printable(i) for i in ids)})" if ids
                  else f"{shown}: ok")
    return 2 if bad else 0
