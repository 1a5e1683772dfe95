"""The options of ``omahanash icm`` (implementation: :mod:`omahanash.commands.icm`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "icm",
        help="prize equity of stacks by ICM, and the bubble factors",
        description="Prize equity of each player by the Independent Chip Model "
        "(Malmuth-Harville: a player finishes first with their share of the chips, next with "
        "their share of what remains, ...), exact up to 20 players (sampled beyond, with a "
        "standard error), and, exact fields only, the bubble factor of every pair: the equity "
        "a player loses losing an all-in against the other, divided by what they gain "
        "winning it.",
    )
    parser.add_argument("--stacks", type=float, nargs="+", required=True, metavar="CHIPS",
                        help="every player's chips")
    parser.add_argument("--payouts", required=True,
                        help="paid amounts best first (50/30/20, 65/35, 1 = winner takes "
                        "all) or a preset: heads-up, spin, 6max, 9max, don, sat:N")
    add_json(parser)
    parser.set_defaults(handler="omahanash.commands.icm:run")
