"""``spider-tui check-variant FILE...``: validate variant files and report every problem."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "check-variant",
        help="check variant files (TOML, or .py plugins) and report every problem",
        description="Check variant (or house-rule) TOML files and .py variant plugins. Prints "
                    "every problem with its file and key; exit status 2 when there is any.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    return p


def check_python_plugin(path: Path) -> tuple[list[str], list[str]]:
    """Load one ``.py`` plugin on its own; ``(problems, ids it registered)``."""
    from ..plugins.manager import PluginManager

    mgr = PluginManager()
    mgr.load_python_folder_file(path)
    mgr.register_all()
    ids = [f"{kind[:-1] if kind.endswith('s') else kind} {ident}"
           for p in mgr.plugins for kind, idents in p.registered.items() for ident in idents]
    return mgr.problems, ids


def run(args: argparse.Namespace) -> int:
    from ..plugins.files import check_variant_file, read_toml
    from ..engine.errors import VariantError
    from ..engine.rules import RuleSet

    bad = 0
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            print(f"{name}: no such file", file=sys.stderr)
            bad += 1
            continue
        if path.suffix == ".py":
            problems, ids = check_python_plugin(path)
            if not problems and not ids:
                problems = [f"{name}: registers nothing (no register_* hook implementations)"]
        else:
            problems = check_variant_file(path)
            ids = []
            if not problems:
                try:
                    data = read_toml(path)
                    if "id" in data:
                        rules = RuleSet.from_dict(data, str(path))
                        ids = [f"variant {rules.id}: {rules.columns} columns, "
                               f"{rules.tableau_size} cards dealt, {rules.stock_size} in the "
                               f"stock ({rules.deals_in(rules.stock_size)} deals), "
                               f"{rules.win_runs} runs to win"]
                    else:
                        ids = ["house rules"]
                except VariantError:  # pragma: no cover - checked above
                    pass
        if problems:
            bad += 1
            for line in problems:
                print(line, file=sys.stderr)
        else:
            print(f"{name}: ok ({'; '.join(ids)})" if ids else f"{name}: ok")
    return 2 if bad else 0
