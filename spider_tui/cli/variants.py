"""``spider-tui variants``: every registered variant and house rule, and the plugin that gave it."""

from __future__ import annotations

import argparse

from .check_variant import win_text
from .common import print_table


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    return sub.add_parser("variants", help="list the variants and house rules, and their plugins",
                          description="List every variant and house rule that the plugins "
                                      "registered, with the plugin that gave each.")


def run(args: argparse.Namespace) -> int:
    from ..plugins.manager import command_manager

    mgr = command_manager()
    cat = mgr.catalog
    print_table("Variants", ["id", "name", "plugin", "cards"], [
        (vid, rules.name, mgr.owner("variant", vid),
         f"{rules.sets} sets, {rules.columns} columns, {win_text(rules)}")
        for vid, rules in sorted(cat.variants.items())
    ])
    print()
    print_table("House rules (--house-rule ID)", ["id", "name", "plugin", "what it does"], [
        (hid, hr.name, mgr.owner("house rule", hid), hr.description)
        for hid, hr in sorted(cat.house_rules.items())
    ])
    return 0
