"""``omahanash bench [SECTION ...]``: throughput and timings as a table."""

from __future__ import annotations

import argparse

from omahanash.bench import available_sections, format_table, rows_as_json, run_sections
from omahanash.cli import print_json
from omahanash.errors import InputError


def run(args: argparse.Namespace) -> int:
    available = available_sections()
    names: list[str] = []
    for name in args.sections:
        if name == "all":
            names.extend(n for n in available if n not in names)
        elif name in available:
            if name not in names:
                names.append(name)
        else:
            raise InputError(
                f"unknown bench section {name!r} (available: {', '.join(available) or 'none'})"
            )
    rows = run_sections(names, only=args.only)
    if args.json:
        print_json(rows_as_json(rows))
    else:
        print(format_table(rows))
    return 0
