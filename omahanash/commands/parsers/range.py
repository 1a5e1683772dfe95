"""The options of ``omahanash range`` (implementation: :mod:`omahanash.commands.range`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import JSON_OBJECT, add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "range",
        help="parse a range (AKs, TT+, AA**, AxKx**, $ds, top 15%%): combos and classes",
        description="Parse range text and show its combos, percentage of all hands and hand "
        "classes. Hold'em notation (AA, AKs, AKo, TT+, A2s+, KTo-K7o, AhKh), the ProPokerTools "
        "generic syntax for Omaha (AA**, AxKx**, RRON, [K-T], $ds, ',' union, ':' "
        "intersection, '!' exclusion), 'top 15%%', weights 'AA@0.5'. See the README's Ranges "
        "section.",
    )
    parser.add_argument("text", nargs="+", metavar="TEXT", help="range text")
    parser.add_argument("--game", default="omaha",
                        help="omaha (= omaha-hi), omaha-hilo or holdem; default omaha")
    add_json(parser, JSON_OBJECT)
    parser.set_defaults(handler="omahanash.commands.range:run")
