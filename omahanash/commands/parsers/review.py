"""The options of ``omahanash review`` (implementation: :mod:`omahanash.commands.review`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import RANGE_HELP, add_cache_dir, add_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "review",
        help="review played hands: push/fold and betting-tree mistakes, EV lost, a grade",
        description="Read PokerStars hand histories and PHH files (files or directories), "
        "find the hero's push/fold decisions (heads-up between the blinds, and at tables of 3 "
        "to 10 players: open pushes, calls of one or more all-ins; pot-limit hands on the "
        "pot-limit betting tree: opens, limps, flat calls, re-raises, folds to a re-raise, "
        "calls of all-ins; --tree), compare them with "
        "the Nash equilibrium (ICM with payouts: EV lost per spot, severity) and grade the "
        "session; with --vs "
        "(or --vs-push / --vs-call), against an opponent locked to a range instead (the best "
        "response is the correct action). Other hands are counted as outside the model; "
        "unreadable ones are listed with file, line and reason. With --db, the hands come "
        "from a PokerTracker 4 or Hold'em Manager 2 database (PostgreSQL) instead, with a "
        "report per tournament.",
    )
    parser.add_argument("paths", nargs="*", metavar="FILE_OR_DIR",
                        help="hand-history files or directories (or --db)")
    tracker = parser.add_argument_group(
        "a tracker's database", "read the hands from PostgreSQL, read-only; the password "
        "from PGPASSWORD, a .pgpass file or a prompt (never shown or saved)")
    tracker.add_argument("--db", default=None, metavar="URL",
                         help="the database: postgresql://USER@HOST:PORT/DATABASE (PokerTracker "
                         "4's default: postgresql://postgres@localhost:5432/PT4%%20DB) or a "
                         "libpq connection string")
    tracker.add_argument("--tracker", default=None, choices=("pt4", "hm2"),
                         help="which tracker made the database (default: told from its "
                         "tables)")
    tracker.add_argument("--tournament", default=None, metavar="ID",
                         help="only this tournament (the site's number), every hand in order")
    tracker.add_argument("--since", default=None, metavar="DATE",
                         help="only hands played on or after this day (YYYY-MM-DD)")
    tracker.add_argument("--until", default=None, metavar="DATE",
                         help="only hands played on or before this day (YYYY-MM-DD)")
    tracker.add_argument("--game", default=None, choices=("holdem", "omaha", "omaha-hilo"),
                         help="only hands of this game")
    tracker.add_argument("--limit", type=int, default=None, metavar="N",
                         help="read at most N hands")
    parser.add_argument("--hero", default=None,
                        help="the player to review (default: the one with the most hands)")
    parser.add_argument("--max-bb", type=float, default=20.0,
                        help="largest effective stack of a spot, in big blinds (20)")
    add_json(parser)
    parser.add_argument("--csv", default=None, metavar="FILE", help="write the spots as CSV")
    parser.add_argument("--html", default=None, metavar="FILE",
                        help="write a self-contained HTML report")
    parser.add_argument("--vs", default=None, metavar="RANGE",
                        help="judge against an opponent who pushes and calls this: "
                        f"{RANGE_HELP}; default nash")
    parser.add_argument("--vs-push", default=None, metavar="RANGE",
                        help="the opponent's pushes only (a big-blind hero faces them); "
                        "overrides --vs")
    parser.add_argument("--vs-call", default=None, metavar="RANGE",
                        help="the opponent's calls only (a small-blind hero faces them); "
                        "overrides --vs")
    parser.add_argument("--payouts", default=None, metavar="P",
                        help="payouts of the tournament for decisions at 3-10 players (ICM): "
                        "50/30/20, 65/35, 1 (winner takes all), a preset or 'chips'; default "
                        "the file's for a recognised sit-and-go (3-max Spin & Go: 1, 6-max: "
                        "65/35, 9- or 10-max: 50/30/20), else chip EV")
    parser.add_argument("--tree", default="auto", metavar="TREE",
                        help="the betting tree the hero's preflop decisions are judged on: "
                        "auto (default: pot limit on pl, every decision the tree has - opens, "
                        "limps, flat calls, re-raises, folds to a re-raise, calls of all-ins; "
                        "heads-up, a hand the push/fold model reads stays on it; no limit on "
                        "push/fold up to --max-bb effective, on nl deeper at 2-3 players), "
                        "pushfold (the push/fold models only), pl, pl-limp, nl or a .toml tree "
                        "file (every "
                        "hand on it); a decision deeper than the postflop model is sound for "
                        "(a stack-to-pot ratio above 2 after a call, or after an open called) "
                        "stays outside the model; solved as omahanash solve --tree with "
                        "--table-iterations, --table-deals and --table-seed")
    parser.add_argument("--precise", action="store_true",
                        help="judge every table spot (3-10 players) on the full solve of its "
                        "table (as omahanash solve; slow: seconds to minutes a spot) instead "
                        "of the fast judging (the hero's decision resolved beyond the quick "
                        "solves' noise, close ones on the full solve); --table-iterations, "
                        "--table-deals and --table-seed imply it")
    parser.add_argument("--table-iterations", type=int, default=None, metavar="N",
                        help="CFR+ iterations of each table (3-10 players) equilibrium "
                        "(default: to the engine's NashConv target), as solve --iterations")
    parser.add_argument("--table-deals", type=int, default=None, metavar="N",
                        help="sampled deals of each table equilibrium, as solve --deals")
    parser.add_argument("--table-seed", type=int, default=0, metavar="S",
                        help="seed of the table deals, as solve --seed (0)")
    add_cache_dir(parser)
    parser.set_defaults(handler="omahanash.commands.review:run")
