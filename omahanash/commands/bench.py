"""``omahanash bench [SECTION ...]``: throughput and timings as a table."""

from __future__ import annotations

import argparse

from omahanash.errors import InputError


def register(subparsers: argparse._SubParsersAction) -> None:
    from omahanash.bench import SECTIONS

    parser = subparsers.add_parser(
        "bench",
        help="measure speed (kernels warmed up first) and print a table",
        description="Measure throughput and timings. Sections: "
        + ", ".join(SECTIONS)
        + ", or all (the default).",
    )
    parser.add_argument("sections", nargs="*", default=["all"], metavar="SECTION")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--only", metavar="ROW",
                        help="run only this row of the section (review: parse, holdem, omaha, "
                        "sng9)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omahanash.bench import available_sections, format_table, rows_as_json, run_sections
    from omahanash.cli import print_json

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
