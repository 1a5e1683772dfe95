"""``omahanash tournament``: P(win) and match length of a heads-up jam-fold match."""

from __future__ import annotations

import argparse
import json
import sys

from omahanash.cards import Variant
from omahanash.commands._args import parse_class_list
from omahanash.errors import Cancelled, InputError
from omahanash.pushfold import parse_payouts
from omahanash.runs import StderrProgress, cancel_on_interrupt
from omahanash.tournament import Structure, run_tournament
from omahanash.tournament import equilibrium as te


def _structure(args: argparse.Namespace):
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
