"""``omahanash tournament``: P(win) and match length of a heads-up jam-fold match."""

from __future__ import annotations

import argparse
import json
import sys

from omahanash.commands.solve import GAME_HELP
from omahanash.commands.table import CLASSES_HELP, parse_class_list
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
    parser.add_argument("--cache-dir", default=None,
                        help="where equity tables and Nash solutions are cached")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
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
                       help="stop when no value changes by more than this (0.01 prize)")
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
    group.add_argument("--scheduler", default=None,
                       help="local (default), local:N or tcp://HOST:8786; default "
                       "$OMAHANASH_SCHEDULER")
    group.add_argument("--classes", default=None, help=CLASSES_HELP)
    group.add_argument("--store", default=None,
                       help="folder of the resumable iterations (default: none, in memory)")
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

    if args.equilibrium or args.players is not None:
        return run_equilibrium(args)
    if args.stacks is None:
        raise InputError("--stacks S1 S2 is required (or --equilibrium with --players 3)")
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


def run_equilibrium(args: argparse.Namespace) -> int:
    """``--equilibrium``: the 3-player tournament equilibrium against ICM."""
    from omahanash.cards import Variant
    from omahanash.pushfold import parse_payouts
    from omahanash.runs import StderrProgress, cancel_on_interrupt
    from omahanash.tournament import equilibrium as te

    if not args.equilibrium:
        raise InputError("--players is for --equilibrium (the heads-up match takes --stacks)")
    if args.players != 3:
        raise InputError(f"--players: the tournament equilibrium is for 3 players, got "
                         f"{args.players}")
    refused = [flag for flag, value in (("--stacks", args.stacks), ("--levels", args.levels),
                                        ("--hands-per-level", args.hands_per_level))
               if value is not None]
    if refused:
        raise InputError(f"{', '.join(refused)} is for the heads-up match, not --equilibrium")
    if args.sb is None or args.bb is None:
        raise InputError("--equilibrium needs the blinds: --sb and --bb")
    if args.ante:
        raise InputError("--ante: the tournament equilibrium has no antes")
    for name, value in (("--iterations", args.iterations),
                        ("--solve-iterations", args.solve_iterations), ("--deals", args.deals)):
        if value < 1:
            raise InputError(f"{name} must be >= 1, got {value}")
    if not args.tol > 0:
        raise InputError(f"--tol must be > 0, got {args.tol}")
    amounts = parse_payouts(args.payouts, 3)
    if amounts is None:
        raise InputError("--payouts: the tournament equilibrium needs prizes, not chips")
    payouts = tuple(float(p) for p in amounts)
    unit = args.unit if args.unit is not None else args.bb / 2
    settings = te.EquilibriumSettings(str(Variant.parse(args.game)), args.chips, args.sb,
                                      args.bb, payouts, unit, args.solve_iterations,
                                      args.deals, args.seed, hu_samples=te.HU_SAMPLES,
                                      cache_dir=args.cache_dir,
                                      warm_iterations=args.warm_iterations,
                                      class_ids=parse_class_list(args.classes),
                                      update=args.update)
    with cancel_on_interrupt() as flag:
        try:
            result = te.solve_equilibrium(settings, max_iterations=args.iterations, tol=args.tol,
                                       scheduler=args.scheduler, store_dir=args.store,
                                       progress=StderrProgress("equilibrium"), cancel=flag)
        except Cancelled:
            print("tournament: stopped" + (" (run it again to resume)" if args.store else ""),
                  file=sys.stderr)
            return 130
    state = None if args.state is None else result.state_index(args.state)
    document = result.document(state)
    if args.json:
        print(json.dumps(document, allow_nan=False))
        return 0
    error = document["icm_error"]
    print(f"{document['game']}: {document['states']} states, {document['iterations']} "
          f"iterations (largest change {document['changes'][-1]:.4g}"
          f"{', converged' if document['converged'] else ', not converged'})")
    print(f"ICM against the equilibrium: mean |difference| {error['mean_abs']:.4f}, largest "
          f"{error['max_abs']:.4f} (prize pool {error['pool']:g})")
    if "state" in document:
        print(f"strategies at {document['state']['stacks']}:")
        for node in document["state"]["nodes"]:
            print(f"  {node['node']:14s} {node['action']:5s} {node['percent']:6.1f}%")
    return 0
