"""The options of ``omahanash train`` (implementation: :mod:`omahanash.commands.train`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import add_cache_dir, add_json

DEFAULT_COUNT = 20
POSITION_CHOICES = ("sb", "bb", "both", "push", "call", "btn", "co", "hj", "lj", "mp", "utg",
                    "utg+1")
LEAK_CELLS = 3


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train",
        help="drill push/fold or betting-tree decisions against the equilibrium (or show "
        "the history)",
        description="Deal jam/fold spots and grade each answer against the Nash equilibrium "
        "of its spot: correct or not, AllIn_EV and Fold_EV, the EV lost in big blinds and, "
        "for mixed hands, the equilibrium frequency. Answer on stdin: p (push or call), f "
        "(fold), q (quit). Every answer is kept in the trainer history (an SQLite database "
        "in the user data folder, $OMAHANASH_DATA or --db). The first spot at a stack not "
        "solved yet solves its equilibrium first (instant for Hold'em, about 20 s for "
        "Omaha; progress on stderr); after that spots are immediate. With --tree pl, pl-limp, "
        "nl or a tree file: every preflop decision of a betting tree, answered with the "
        "node's actions (f fold, c call or check, r raise, a all in), feedback per action "
        "(the first spot of a table solves its tree: minutes for Omaha, then cached).",
    )
    parser.add_argument("--game", default=None,
                        help="holdem, omaha-hi (alias omaha), omaha-hilo or mixed")
    parser.add_argument("--stacks", default=None, metavar="BB",
                        help="effective stack in big blinds: 10, or a range like 5-15 "
                        "(dealt in steps of 1 bb) (10). With --players: every seat's stack: "
                        "10 (all equal), 5-15 (three tables drawn at random), 10/15/8 (one "
                        "per seat, preflop order); default the table size's three preset "
                        "structures")
    parser.add_argument("--position", default="both", choices=POSITION_CHOICES,
                        help="sb: push or fold; bb: call or fold; both (both). With "
                        "--players: push (open pushes), call (calls of all-ins), a seat "
                        "(btn, co, ...) or both")
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="drill a table of N players, 3 to 9, with ICM (2 or none: the "
                        "heads-up trainer)")
    parser.add_argument("--payouts", default=None, metavar="P",
                        help="with --players: 50/30/20, a preset (spin, 6max, 9max, don, "
                        "sat:N) or chips for chip EV (50/30/20)")
    parser.add_argument("--tree", default=None, metavar="TREE",
                        help="the betting tree: pushfold (today's push/fold drill, the "
                        "default), pl (pot limit: fold, call, raise the pot), pl-limp (pot "
                        "limit with limps), nl (no limit: fold, limp, raise to --open, all in) "
                        "or a .toml tree file; answer f (fold), c (call or check), r (raise), "
                        "a (all in). Tree drills: 2 to 6 players, stacks 15 bb unless given, "
                        "chips heads-up, 50/30/20 at 3 or more")
    parser.add_argument("--open", type=float, default=None, metavar="BB",
                        help="with --tree nl: the open raise, big blinds to raise to (2)")
    parser.add_argument("--max-raises", type=int, default=None, metavar="K",
                        help="with --tree: at most K raises, then calls only (3)")
    parser.add_argument("--postflop", default=None, choices=("commit", "checkdown"),
                        help="with --tree: after the preflop betting, commit the chips behind "
                        "when shallow (default) or check the pot down as it stands")
    parser.add_argument("--ante", type=float, default=0.0, metavar="BB",
                        help="ante of each player in big blinds (0)")
    parser.add_argument("--close", action="store_true",
                        help="close spots only: hands with |Diff_EV| <= --close-threshold")
    parser.add_argument("--close-threshold", type=float, default=None, metavar="BB",
                        help="big blinds (0.25)")
    parser.add_argument("--leaks", action="store_true",
                        help=f"drill my leaks: deal from the {LEAK_CELLS} worst weak spots of "
                        "the history")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N",
                        help=f"spots to deal ({DEFAULT_COUNT})")
    parser.add_argument("--seed", type=int, default=None, help="deal reproducibly")
    parser.add_argument("--stats", action="store_true",
                        help="show the statistics of the whole history instead of drilling")
    parser.add_argument("--export", default=None, metavar="CSV",
                        help="write the whole history to a CSV file instead of drilling")
    parser.add_argument("--db", default=None, metavar="PATH",
                        help="the history database (default: trainer.sqlite in "
                        "$OMAHANASH_DATA or the user data folder)")
    add_cache_dir(parser, "where equity tables are cached")
    add_json(parser, "print the statistics as one JSON document (when drilling: the "
             "session's at the end, with questions and feedback on stderr)")
    parser.set_defaults(handler="omahanash.commands.train:run")
