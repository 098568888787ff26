#!/usr/bin/env python3
"""Rewrite the variant key reference in docs/plugins.md from the key table
(``FIELDS`` in spider_tui/engine/schema.py), between its two marker lines. Usage:

    python scripts/variant_keys.py           # rewrite docs/plugins.md
    python scripts/variant_keys.py --check   # exit 1, changing nothing, when it is stale

tests/unit/test_variant_fields.py fails while the checked-in text differs from the table's.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spider_tui.engine.schema import replace_docs_section  # noqa: E402

DOCS = ROOT / "docs" / "plugins.md"


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    text = DOCS.read_text(encoding="utf-8")
    new = replace_docs_section(text)
    if new == text:
        print(f"{DOCS.relative_to(ROOT)}: up to date")
        return 0
    if argv == ["--check"]:
        print(f"{DOCS.relative_to(ROOT)}: the variant key reference is stale: run "
              f"python scripts/variant_keys.py", file=sys.stderr)
        return 1
    DOCS.write_text(new, encoding="utf-8")
    print(f"{DOCS.relative_to(ROOT)}: rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
