"""The options of ``omahanash tournament`` (implementation:
:mod:`omahanash.commands.tournament`)."""

from __future__ import annotations

import argparse

from omahanash.commands._args import (
    add_cache_dir,
    add_classes,
    add_game,
    add_json,
    add_scheduler,
)

STRATEGY_HELP = ("nash (the equilibrium at every stack, the default), best (the chip-EV best "
                 "response to the other player at every stack), P%% (the top P %% of hands; "
                 "100%% plays everything) or range text such as 'TT+,AKs'")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help="heads-up match of jam-fold hands: P(win) by chip share, how long it lasts",
        description="Play a heads-up match hand after hand in the jam-fold model (each "
        "player's strategy at the current effective stack and blinds, the button "
        "alternating) until one player has every chip. Reports player 1's P(win), its "
        "curve over the starting chip share, the expected number of hands and its "
        "quantiles, by an exact Markov chain over chip counts and/or a Monte Carlo "
        "simulation. Nash solutions are cached; progress on stderr, Ctrl-C stops.",
    )
    add_game(parser)
    parser.add_argument("--chips", type=float, required=True, help="total chips in play")
    parser.add_argument("--stacks", type=float, nargs=2, default=None, metavar=("S1", "S2"),
                        help="starting stacks of player 1 and player 2 (adding up to --chips; "
                        "required but with --equilibrium)")
    parser.add_argument("--levels", default=None,
                        help="blind schedule SB/BB[,SB/BB...] (e.g. 10/20,15/30,25/50)")
    parser.add_argument("--hands-per-level", type=int, default=None,
                        help="hands per level of --levels (the last level lasts)")
    parser.add_argument("--sb", type=float, default=None, help="small blind of a fixed level")
    parser.add_argument("--bb", type=float, default=None, help="big blind of a fixed level")
    parser.add_argument("--ante", type=float, default=0, help="ante of each player (0)")
    parser.add_argument("--p1", default="nash", metavar="STRATEGY", help=STRATEGY_HELP)
    parser.add_argument("--p2", default="nash", metavar="STRATEGY", help=STRATEGY_HELP)
    parser.add_argument("--button-first", type=int, choices=(1, 2), default=None,
                        help="who is the small blind of the first hand (default: average)")
    parser.add_argument("--method", choices=("markov", "simulate", "both"), default="markov",
                        help="exact chain (default), simulation, or both")
    parser.add_argument("--trials", type=int, default=100_000,
                        help="simulated matches (100000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo parts")
    add_cache_dir(parser, "where equity tables and Nash solutions are cached")
    add_json(parser)
    group = parser.add_argument_group(
        "the 3-player tournament equilibrium (--equilibrium; Ganzfried & Sandholm 2008)")
    group.add_argument("--equilibrium", action="store_true",
                       help="value iteration over every stack state of 3 players (--chips, "
                       "--sb, --bb, --payouts, --unit): each state's equilibrium value "
                       "against ICM")
    group.add_argument("--players", type=int, default=None, help="3 (with --equilibrium)")
    group.add_argument("--payouts", default="50/30/20", help="prizes of 1st/2nd/3rd (50/30/20)")
    group.add_argument("--unit", type=float, default=None,
                       help="chips per stack unit of a state (default: the big blind / 2)")
    group.add_argument("--iterations", type=int, default=20,
                       help="most value iterations (20)")
    group.add_argument("--tol", type=float, default=0.01,
                       help="stop when no value changes by more than this percent of the "
                       "prize pool (0.01)")
    group.add_argument("--solve-iterations", type=int, default=100,
                       help="CFR+ iterations of each state's hand (100)")
    group.add_argument("--update", choices=("value", "policy"), default="value",
                       help="how an iteration updates the values: value (value iteration, "
                       "G&S 2008: each state's hand EV with the last values; the default) or "
                       "policy (policy iteration: the exact values of the strategies just "
                       "solved; far fewer iterations)")
    group.add_argument("--warm-iterations", type=int, default=25,
                       help="CFR+ iterations of each state's hand after the first value "
                       "iteration, continuing its previous solve (25; 0: from scratch with "
                       "--solve-iterations every time)")
    group.add_argument("--deals", type=int, default=20_000,
                       help="sampled deals of each state's hand (20000)")
    group.add_argument("--state", type=float, nargs=3, default=None,
                       metavar=("BTN", "SB", "BB"),
                       help="also print the strategies at this state (chips)")
    add_scheduler(group)
    add_classes(group)
    group.add_argument("--store", default=None,
                       help="folder of the resumable iterations (default: none, in memory)")
    parser.set_defaults(handler="omahanash.commands.tournament:run")
