"""The options of ``omahanash table`` (implementation: :mod:`omahanash.commands.table`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_cache_dir, add_classes, add_game, add_json, add_scheduler


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "table",
        help="build, inspect and query the cluster-vs-cluster equity tables",
        description="Equity tables: Hold'em is exact and shipped; Omaha Hi and Hi/Lo are "
        "estimated by Monte Carlo once and cached (OMAHANASH_CACHE or --cache-dir).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    build = actions.add_parser(
        "build", help="build (or resume building) a table; progress and ETA on stderr"
    )
    add_game(build)
    build.add_argument("--samples", type=int, default=None,
                       help="Monte Carlo samples per cell (precision knob; default per game)")
    build.add_argument("--seed", type=int, default=None, help="random seed (default 2014)")
    add_cache_dir(build, "where tables are cached")
    build.add_argument("--exact", action="store_true",
                       help="compute the exact table by complete enumeration (Hold'em: about "
                       "40 minutes; Omaha: a class subset here, the full table on a cluster)")
    add_scheduler(build, "with --exact (Omaha): local (default), local:N (N Dask worker "
                  "processes) or tcp://HOST:8786 (a running Dask cluster); default "
                  "$OMAHANASH_SCHEDULER")
    build.add_argument("--output", default=None,
                       help="with --exact: file to write (default: the shipped resource for "
                       "Hold'em, the cache for Omaha)")
    add_classes(build)
    add_json(build, "print the table info as JSON")
    build.set_defaults(handler="omahanash.commands.table:run_build")

    info = actions.add_parser("info", help="is a table built, with which settings, how big")
    add_game(info)
    add_cache_dir(info, None)
    add_classes(info)
    add_json(info, None)
    info.set_defaults(handler="omahanash.commands.table:run_info")

    check = actions.add_parser(
        "check", help="compare hand-vs-random-hand equities of a built table with an "
        "independent high-precision Monte Carlo estimate")
    check.add_argument("--game", required=True, help="omaha-hi or omaha-hilo")
    check.add_argument("--classes", type=int, default=20, help="random classes (default 20)")
    check.add_argument("--deals", type=int, default=10_000_000,
                       help="deals per class for the reference (default 10,000,000)")
    check.add_argument("--seed", type=int, default=1)
    add_cache_dir(check, None)
    add_json(check, None)
    check.set_defaults(handler="omahanash.commands.table:run_check")

    compare = actions.add_parser(
        "compare", help="a Monte Carlo table against an exact one of the same classes: "
        "(MC - exact) / stderr over the cells should look standard normal")
    compare.add_argument("--game", required=True, help="omaha-hi or omaha-hilo")
    add_classes(compare)
    add_cache_dir(compare, "where the Monte Carlo table is")
    compare.add_argument("--exact-cache-dir", required=True,
                         help="where the exact table (table build --exact) is")
    add_json(compare, None)
    compare.set_defaults(handler="omahanash.commands.table:run_compare")

    cell = actions.add_parser("cell", help="equity, standard error and pairs of one cell")
    add_game(cell)
    cell.add_argument("first", metavar="A", help="class id, cards, or a Hold'em name (AKs)")
    cell.add_argument("second", metavar="B", help="class id, cards, or a Hold'em name")
    add_cache_dir(cell, None)
    add_classes(cell)
    add_json(cell, None)
    cell.set_defaults(handler="omahanash.commands.table:run_cell")
