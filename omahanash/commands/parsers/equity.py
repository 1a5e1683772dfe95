"""The options of ``omahanash equity`` (implementation: :mod:`omahanash.commands.equity`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import JSON_OBJECT, add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "equity",
        help="heads-up equity: exact for two hands, Monte Carlo for ranges",
        description="Heads-up equity. Two hands: exact enumeration of all boards. A range "
        "('AA; AKs; 7h 2d', a class name or id): Monte Carlo. Example: omahanash equity "
        "'As Ah Kd 7c' 'Ks Qd 8h 9h' --board 'Qs 7h 2c' --game omaha-hilo",
    )
    parser.add_argument("hand1", metavar="HAND1", nargs="?",
                        help="hand or range of player 1 (items separated by ';')")
    parser.add_argument("hand2", metavar="HAND2", nargs="?",
                        help="hand or range of player 2 (items separated by ';')")
    parser.add_argument("--hand", metavar="TEXT",
                        help="player 1 in the range language: a hand ('As Ks Qd Jd') or a "
                        "range ('AA**, $ds'); use with --vs instead of HAND1 HAND2")
    parser.add_argument("--vs", metavar="RANGE",
                        help="player 2 in the range language, e.g. 'AA**,$ds' or 'top 15%%'")
    parser.add_argument("--board", default="", help="known board cards (0, 3, 4 or 5)")
    parser.add_argument("--dead", default="", help="dead cards (out of play)")
    parser.add_argument("--game", default="omaha-hi",
                        help="holdem | omaha-hi (alias omaha) | omaha-hilo (default omaha-hi)")
    parser.add_argument("--trials", type=int, default=None,
                        help="Monte Carlo trials for ranges (default 200000)")
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    add_json(parser, JSON_OBJECT)
    parser.set_defaults(handler="omahanash.commands.equity:run")
