"""The options of ``omahanash bench`` (implementation: :mod:`omahanash.commands.bench`).

The section names come from :data:`omahanash.bench.SECTIONS`, a light package: the sections'
own modules are imported only by the run.
"""

from __future__ import annotations

import argparse

from omahanash.bench import SECTIONS
from omahanash.commands._args import add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure speed (kernels warmed up first) and print a table",
        description="Measure throughput and timings. Sections: "
        + ", ".join(SECTIONS)
        + ", or all (the default).",
    )
    parser.add_argument("sections", nargs="*", default=["all"], metavar="SECTION")
    add_json(parser, "print the rows as JSON")
    parser.add_argument("--only", metavar="ROW",
                        help="run only this row of the section (review: parse, holdem, omaha, "
                        "sng9; tree: hu-pl, pl3-hi, pl3-hilo, pl6, nl3, nl6)")
    parser.set_defaults(handler="omahanash.commands.bench:run")
