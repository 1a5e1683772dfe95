"""The options of ``omahanash hand`` (implementation: :mod:`omahanash.commands.hand`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import JSON_OBJECT, add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "hand",
        help="look up a starting-hand class by id, cards or Hold'em name",
        description="Show a starting-hand class: its id, canonical cards, suit group and number "
        "of concrete hands. The hand is a class id (Omaha 0..16431, Hold'em 0..168), concrete "
        "cards ('2s 4s 3c 9c', '2s,4s,3c,9c', '2s4s3c9c'; unquoted cards work too) or, for "
        "Hold'em, a grid name (AA, AKs, AKo).",
    )
    parser.add_argument("hand", nargs="+", metavar="ID_OR_CARDS", help="class id, cards or name")
    parser.add_argument(
        "--game",
        default="omaha",
        help="omaha (= omaha-hi), omaha-hilo or holdem; default omaha",
    )
    parser.add_argument("--members", action="store_true", help="also list the concrete hands")
    add_json(parser, JSON_OBJECT)
    parser.set_defaults(handler="omahanash.commands.hand:run")
