"""``spider-tui plugins``: every plugin, where it came from, its version, hooks and any problem."""

from __future__ import annotations

import argparse

from ..engine.text import printable
from .common import print_table


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    return sub.add_parser("plugins", help="list the plugins, their hooks and any load error",
                          description="List every plugin found (entry points, .py files, "
                                      "folders of TOML files), its kind, version, the hooks it "
                                      "implements, what it registered, and any load error.")


def _count(n: int, kind: str) -> str:
    plural = "scoring schemes" if kind == "scoring" else kind
    return f"{n} {plural if n != 1 else plural[:-1]}"


def run(args: argparse.Namespace) -> int:
    from ..plugins.manager import get_manager

    mgr = get_manager()
    rows = []
    for p in mgr.plugins:
        status = "disabled" if p.disabled else ("ok" if p.ok else
                                                f"{len(p.errors)} problem"
                                                f"{'s' if len(p.errors) != 1 else ''}")
        registered = ", ".join(_count(len(ids), kind) for kind, ids in p.registered.items())
        rows.append((p.name, p.kind, p.version or "-", ", ".join(p.hooks) or "-",
                     registered or "-", status))
    print_table("Plugins", ["plugin", "kind", "version", "hooks", "registered", "status"], rows)
    problems = mgr.problems
    if problems:
        print()
        print("Problems:")
        for line in problems:
            print(f"  {printable(line)}")
    return 0
