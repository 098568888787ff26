#!/usr/bin/env python3
"""Rate every game of the family, and every house rule on Spider (two and four suits), and
write the table the game ships: spider_tui/data/ratings.json (the game menu's difficulty column
and its easy / medium / hard deals) and the difficulty table in README.md. One command:

    python scripts/make_ratings.py --jobs 2                  # rate (resuming), write both
    python scripts/make_ratings.py --scheduler tcp://HOST:8786   # the same on a Dask cluster
    python scripts/make_ratings.py --check                   # exit 1 if README.md is stale

Every deal rated is kept in the journal (scripts/ratings-journal.jsonl, one JSON line a deal),
so a run stopped at any moment goes on where it stopped, and a wider range of deals (or a new
game) rates only what is new. The budgets are node budgets: the same table on every machine,
bar the seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from passages import Passage  # noqa: E402

from spider_tui.ai.campaign import Journal, campaign  # noqa: E402
from spider_tui.ai.rating import (  # noqa: E402
    REPORT_HEADERS,
    Job,
    Table,
    read_table,
    report_rows,
    summarize,
    table_data,
)
from spider_tui.cli.rate import deal_range  # noqa: E402
from spider_tui.engine import default_catalog  # noqa: E402

README = ROOT / "README.md"
DATA = ROOT / "spider_tui" / "data" / "ratings.json"
JOURNAL = ROOT / "scripts" / "ratings-journal.jsonl"
#: Deals no part of the project was tuned on.
DEALS = "20001-20006"
#: The shipped table's budgets: small enough for every game of the family on two cores in an
#: hour (the slowest games search a few hundred positions a second); raise them, and the deals,
#: on a cluster.
SOLVER_NODES = 5_000
BOT_NODES = 100
#: The games each house rule is rated on.
HOUSE_RULE_GAMES = ("spider-2suit", "spider-4suit")


def games() -> list[tuple[str, tuple[str, ...]]]:
    """Every installed game by name, then each house rule on the games it is rated on."""
    cat = default_catalog()
    out: list[tuple[str, tuple[str, ...]]] = [
        (vid, ()) for vid in sorted(cat.variants, key=lambda v: (cat.variants[v].name, v))]
    for hr in sorted(cat.house_rules):
        for vid in HOUSE_RULE_GAMES:
            if hr in {h.id for h in cat.house_rules_for(cat.variants[vid])}:
                out.append((vid, (hr,)))
    return out


def markdown(table: Table) -> str:
    """The README's table: one row per game, no seconds (they are the machine's)."""
    cat = default_catalog()
    names = {vid: rules.name for vid, rules in cat.variants.items()}
    headers = [h for h in REPORT_HEADERS if h != "s/deal"]
    lines = [
        f"Deals {table.deals}, the solver {table.solver_nodes:,} positions a deal, the bot "
        f"{table.bot_nodes:,} a move; each share with its 95% confidence interval. "
        f"Difficulty, from the bot's share: easy from 75%, medium from 40%, hard from 10%, "
        f"expert below.",
        "",
        "| " + " | ".join(headers) + " |",
        "|" + "---|" * len(headers),
    ]
    for row in report_rows(table.games, names):
        cells = list(row[:-1])
        cells[1] = f"`{cells[1]}`"
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def passage(table: Table) -> Passage:
    """README's difficulty table, between its marker lines, made from ``table``."""
    return Passage("difficulty table", "spider_tui/data/ratings.json",
                   lambda: markdown(table), "scripts/make_ratings.py")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default=deal_range(DEALS), type=deal_range,
                    help=f"deal numbers ({DEALS})")
    ap.add_argument("--nodes", type=int, default=SOLVER_NODES,
                    help=f"solver positions per deal ({SOLVER_NODES})")
    ap.add_argument("--bot-nodes", type=int, default=BOT_NODES,
                    help=f"bot positions per move ({BOT_NODES})")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--scheduler", help="a Dask scheduler's address")
    ap.add_argument("--journal", default=str(JOURNAL))
    ap.add_argument("--check", action="store_true",
                    help="change nothing; exit 1 if README.md's table is not the shipped one")
    args = ap.parse_args(argv)
    if args.check:
        table = read_table(DATA.read_text(encoding="utf-8"))
        if table is None:
            print(f"{DATA} is not a ratings table", file=sys.stderr)
            return 1
        text = README.read_text(encoding="utf-8")
        if passage(table).replace(text, "README.md") != text:
            print("README.md's difficulty table is stale: run python scripts/make_ratings.py",
                  file=sys.stderr)
            return 1
        return 0
    deals = args.deals
    jobs = [Job(v, d, hrs, args.nodes, args.bot_nodes) for v, hrs in games() for d in deals]
    total = len(jobs)
    count = [0]

    def progress(r, new) -> None:
        count[0] += 1
        if new:
            print(f"[{count[0]}/{total}] {r.variant} {'+'.join(r.house_rules)} {r.deal}: "
                  f"solver {r.solver}, bot {'won' if r.bot_won else 'lost'}", flush=True)

    results = campaign(jobs, Journal(args.journal), workers=args.jobs,
                       scheduler=args.scheduler, progress=progress)
    data = table_data(summarize(results), deals=f"{deals.start}-{deals.stop - 1}",
                      solver_nodes=args.nodes, bot_nodes=args.bot_nodes)
    DATA.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    table = read_table(DATA.read_text(encoding="utf-8"))
    assert table is not None
    README.write_text(passage(table).replace(README.read_text(encoding="utf-8"), "README.md"),
                      encoding="utf-8")
    print(f"wrote {DATA.relative_to(ROOT)} and README.md's table ({len(table.games)} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
