"""``spider-tui new-variant ID [--python] [--from VARIANT]``: write a starting variant file."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import CommandError


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "new-variant",
        help="write a starting variant file (TOML, or a Python plugin) to edit",
        description="Write a new variant file made from an existing variant into your "
                    "variants folder (or --dir): a TOML file with every key written out, each "
                    "with a line of help (the keys the variant sets with its values, the "
                    "others commented out with their default), or with --python a plugin. "
                    "Edit it, check it with spider-tui check-variant, and it appears in the "
                    "game's menu.",
    )
    p.add_argument("id", metavar="ID", help="the new variant's id (letters, digits, - _ .)")
    p.add_argument("--from", dest="base", metavar="VARIANT", default="spider-2suit",
                   help="the variant to start from (default: spider-2suit)")
    p.add_argument("--python", action="store_true",
                   help="write a Python plugin (for rules data cannot say) instead of TOML")
    p.add_argument("--name", help="the new variant's name (default: made from the id)")
    p.add_argument("--dir", metavar="DIR", help="where to write it (default: your variants "
                                                "folder)")
    p.add_argument("--force", action="store_true", help="write over a file already there")
    return p


def run(args: argparse.Namespace) -> int:
    import dataclasses

    from .. import paths
    from ..engine.schema import MAX_NAME, id_problem, text_problem, variant_template
    from ..plugins.authoring import variant_data, variant_python
    from ..plugins.manager import get_manager

    vid = args.id
    why = id_problem(vid)
    if why is not None:
        raise CommandError(f"not a variant id: {why}")
    if args.name is not None:
        why = text_problem(args.name, lines=False, longest=MAX_NAME)
        if why is not None:
            raise CommandError(f"--name {why}")
    catalog = get_manager().catalog
    if vid in catalog.variants:
        raise CommandError(f"variant {vid!r} already exists (from "
                           f"{catalog.owners.get(('variant', vid), '?')}): choose another id")
    base = catalog.variant(args.base)
    name = args.name or vid.replace("-", " ").replace("_", " ").title()
    rules = dataclasses.replace(base, id=vid, name=name, house_rules=(),
                                description=f"{name}: made from {base.name}.")
    folder = Path(args.dir) if args.dir else paths.user_variants_dir()
    stem = vid.replace("-", "_").replace(".", "_") if args.python else vid
    path = folder / f"{stem}.{'py' if args.python else 'toml'}"
    if path.exists() and not args.force:
        raise CommandError(f"{path} already exists (--force writes over it)")
    text = (variant_python(rules, stem) if args.python
            else variant_template(variant_data(rules)))
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} (from {base.id})")
    print(f"check it with: spider-tui check-variant {path}")
    return 0
