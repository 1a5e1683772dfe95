"""The options of ``omahanash chart`` (implementation: :mod:`omahanash.commands.chart`).

Its defaults of ``--iterations`` and ``--deals`` are the library's
(:mod:`omahanash.pushfold.chart_defaults`, a module without numba).
"""

from __future__ import annotations

import argparse

from omahanash.commands._args import (
    add_cache_dir,
    add_classes,
    add_game,
    add_json,
    add_scheduler,
)
from omahanash.pushfold.chart_defaults import DEFAULT_CHART_DEALS, DEFAULT_ITERATIONS


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "chart",
        help="push/fold equilibrium of a table over many stacks (a chart), on any engine",
        description="Solve the push/fold table at every stack of a grid (equal stacks) or "
        "of listed stack vectors: every node's push/call %% and per-class play chances. One "
        "seeded solve per stack, spread over Dask workers with --scheduler; the result is "
        "the same on every engine. Finished stacks are kept in OUT.job.partial: running the "
        "same command again resumes. Progress on stderr; Ctrl-C stops (exit 130).")
    add_game(parser)
    parser.add_argument("--players", type=int, required=True, help="players at the table (2-10)")
    parser.add_argument("--stacks-bb", default=None, metavar="FROM:TO:STEP",
                        help="equal stacks in big blinds: FROM:TO:STEP (both ends) or a list "
                        "like 5,10,20")
    parser.add_argument("--vector-bb", type=float, nargs="+", action="append", default=None,
                        metavar="S", help="one stack vector in big blinds, a stack per seat in "
                        "preflop order (BTN SB BB 3-handed); repeat for more")
    parser.add_argument("--payouts", default=None,
                        help="prize payouts (50/30/20, 65/35, 1, a preset) or chips (default)")
    parser.add_argument("--sb", type=float, default=50.0, help="small blind in chips (50)")
    parser.add_argument("--bb", type=float, default=100.0, help="big blind in chips (100)")
    parser.add_argument("--ante", type=float, default=0.0, help="ante per player in chips (0)")
    parser.add_argument("--bb-ante", type=float, default=0.0, help="big-blind ante (0)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help=f"CFR+ iterations per stack ({DEFAULT_ITERATIONS})")
    parser.add_argument("--deals", type=int, default=DEFAULT_CHART_DEALS,
                        help=f"sampled deals per stack ({DEFAULT_CHART_DEALS})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (0)")
    add_scheduler(parser)
    add_cache_dir(parser, "where equity tables are cached")
    add_classes(parser)
    parser.add_argument("--out", required=True, help="JSON file of the whole chart")
    add_json(parser, "print the summary (every node's %% per stack) as JSON")
    parser.set_defaults(handler="omahanash.commands.chart:run")
