"""``omahanash tournament``: P(win) and match length of a heads-up jam-fold match."""

from __future__ import annotations

import argparse
import json
import sys

from omahanash.commands.solve import GAME_HELP
from omahanash.errors import Cancelled, InputError

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
    parser.add_argument("--game", required=True, help=GAME_HELP)
    parser.add_argument("--chips", type=float, required=True, help="total chips in play")
    parser.add_argument("--stacks", type=float, nargs=2, required=True, metavar=("S1", "S2"),
                        help="starting stacks of player 1 and player 2 (adding up to --chips)")
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
    parser.add_argument("--cache-dir", default=None,
                        help="where equity tables and Nash solutions are cached")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)


def _structure(args: argparse.Namespace):
    from omahanash.tournament import Structure

    if args.levels is not None:
        if args.sb is not None or args.bb is not None:
            raise InputError("give either --levels (with --hands-per-level) or --sb/--bb")
        if args.hands_per_level is None:
            raise InputError("--levels needs --hands-per-level")
        return Structure.parse(args.chips, args.levels, args.hands_per_level, args.ante)
    if args.hands_per_level is not None:
        raise InputError("--hands-per-level goes with --levels")
    if args.sb is None or args.bb is None:
        raise InputError("give the blinds: --sb and --bb, or --levels and --hands-per-level")
    return Structure.fixed(args.chips, args.sb, args.bb, args.ante)


def _text(document: dict) -> str:
    quantiles = document["hands_quantiles"]
    lines = [f"game {document['game']}, method {document['method']}",
             f"P(win) player 1: {document['p_win']:.6f} ± {document['p_win_stderr']:.6f}",
             f"expected hands: {document['expected_hands']:.2f} ± "
             f"{document['expected_hands_stderr']:.2f}; median {quantiles['50']}, "
             f"90 % {quantiles['90']}, 99 % {quantiles['99']}",
             f"decided in the first hand: {document['p_one_hand']:.4f}"]
    for name in ("markov", "simulate"):
        if name in document:
            sub = document[name]
            lines.append(f"  {name}: P(win) {sub['p_win']:.6f} ± {sub['p_win_stderr']:.6f}, "
                         f"hands {sub['expected_hands']:.2f} ± "
                         f"{sub['expected_hands_stderr']:.2f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from omahanash.runs import StderrProgress, cancel_on_interrupt
    from omahanash.tournament import run_tournament

    structure = _structure(args)
    if args.trials < 1:
        raise InputError(f"--trials must be >= 1, got {args.trials}")
    with cancel_on_interrupt() as flag:
        try:
            result = run_tournament(args.game, structure, args.stacks, args.p1, args.p2,
                                    args.method, args.trials, args.seed, args.button_first,
                                    cache_dir=args.cache_dir,
                                    progress=StderrProgress("tournament"), cancel=flag)
        except Cancelled:
            print("tournament: stopped", file=sys.stderr)
            return 130
    document = result.as_dict()
    if args.json:
        print(json.dumps(document, allow_nan=False))
    else:
        print(_text(document))
    return 0
