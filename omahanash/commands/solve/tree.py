"""``omahanash solve … --tree pl|pl-limp|nl|FILE``: a preflop betting tree at 2 to 10 players
(``--tree pushfold``, the default, is today's push/fold solve).

Examples::

    omahanash solve --game omaha-hi --stacks 15 15 --sb 0.5 --bb 1 --tree pl
    omahanash solve --game omaha-hi --stacks 1500 1500 1500 --sb 50 --bb 100 \\
        --payouts 50/30/20 --tree pl --lookup "As Ks Qd Jd" --node "SB vs BTN open" --json
    omahanash solve --game holdem --stacks 20 20 20 --sb 0.5 --bb 1 --tree nl --open 2.2
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from omahanash.cards import Variant
from omahanash.cli import print_json
from omahanash.commands._args import check_export, require_game
from omahanash.commands.solve.inputs import load_equity_table
from omahanash.commands.solve.table import (
    NashConvPrinter,
    _deals_option,
    _number,
    print_values,
)
from omahanash.errors import InputError
from omahanash.hands import parse_class
from omahanash.rng import check_seed
from omahanash.runs import cancel_on_interrupt
from omahanash.trees import (
    PreflopSpot,
    TreeSolution,
    build_tree,
    default_tree_target,
    solve_preflop,
)


def _spot(args: argparse.Namespace) -> PreflopSpot:
    require_game(args)
    refused = [flag for flag, value in (("--load", args.load), ("--sweep", args.sweep),
                                        ("--solver", args.solver), ("--lock", args.lock),
                                        ("--dead-money", args.dead_money))
               if value is not None]
    if refused:
        raise InputError(f"{', '.join(refused)} does not apply to a betting tree "
                         f"(--tree {args.tree})")
    if args.stacks is None or len(args.stacks) < 2:
        raise InputError.naming("stacks", "--tree needs --stacks with 2 to 10 stacks")
    return PreflopSpot(args.game, args.stacks,
                       sb=5.0 if args.sb is None else args.sb,
                       bb=10.0 if args.bb is None else args.bb,
                       ante=0.0 if args.ante is None else args.ante,
                       bb_ante=0.0 if args.bb_ante is None else args.bb_ante,
                       payouts=args.payouts, tree=args.tree,
                       postflop=args.postflop or "commit",
                       open_size=2.0 if args.open is None else args.open,
                       max_raises=3 if args.max_raises is None else args.max_raises)


def tree_summary(solution: TreeSolution, seconds: float) -> dict[str, Any]:
    """The ``--json`` document of a solved tree."""
    spot = solution.spot
    pay = spot.payout_amounts
    pushfold = solution.settings.kind == "pushfold"
    return {"game": str(spot.variant), "players": spot.players,
            "positions": list(spot.positions), "stacks": [_number(s) for s in spot.stacks],
            "sb": _number(spot.sb), "bb": _number(spot.bb), "ante": _number(spot.ante),
            "bb_ante": _number(spot.bb_ante),
            "payouts": "chips" if pay is None else [_number(p) for p in pay],
            "model": spot.model, **solution.settings.describe(),
            "tree_size": solution.solver.tree.size(solution.solver.classes_n),
            "iterations": solution.iterations, "seconds": round(seconds, 3),
            "deals": solution.solver.deals.describe(),
            "nodes": [node.to_json(pushfold) for node in solution.nodes],
            "ev": solution.ev,
            "exploitability": [{"position": pos, "gain": float(g)} for pos, g in
                               zip(spot.positions, solution.gains, strict=True)],
            "nash_conv": solution.nash_conv, "nash_conv_fresh": solution.nash_conv_fresh,
            "nash_conv_fresh_low": solution.nash_conv_fresh_low,
            "status": solution.status, "target": default_tree_target(spot)}


def run_tree(args: argparse.Namespace) -> int:
    spot = _spot(args)
    if args.iterations is not None and args.iterations < 1:
        raise InputError(f"--iterations must be >= 1, got {args.iterations}")
    check_export(args.export)
    seed = check_seed(0 if args.seed is None else args.seed, "--seed")  # before any work
    deals = _deals_option(args.deals)
    table = load_equity_table(spot.variant, args)
    if args.lookup is not None:
        parse_class(args.lookup, "holdem" if spot.variant is Variant.HOLDEM else "omaha")
        if args.node is None:
            raise InputError("--lookup needs --node (e.g. --node 'SB vs BTN open')")
    if args.node is not None:
        build_tree(spot, spot.settings()).find(args.node)  # a bad name fails before the solve
    started = time.perf_counter()
    label = f"{spot.variant} {spot.players}-handed {spot.tree}"
    printer = NashConvPrinter(label, default_tree_target(spot))
    with cancel_on_interrupt() as cancel:
        try:
            solution = solve_preflop(spot, iterations=args.iterations, deals=deals,
                                     seed=seed, table=table, cache_dir=args.cache_dir,
                                     on_report=printer, cancel=cancel)
        finally:
            printer.close()
    if solution.status == "stopped" and solution.iterations == 0:
        sys.stderr.write("omahanash solve: interrupted before the first iteration: nothing "
                         "computed\n")
        return 130
    seconds = time.perf_counter() - started
    if args.export:
        solution.export(args.export[1], args.export[0])
    if args.save:
        solution.save(args.save)
    data = tree_summary(solution, seconds)
    if args.lookup is not None:
        data["lookup"] = solution.lookup(args.lookup, args.node)
    if args.json:
        print_json(data)
    else:
        _print_tree(data)
    if solution.status == "stopped":
        sys.stderr.write(f"omahanash solve: interrupted after {solution.iterations} "
                         "iterations (results so far shown)\n")
        return 130
    return 0


def _print_tree(data: dict[str, Any]) -> None:
    unit = "prize" if data["model"] == "icm" else "chips"
    payouts = data["payouts"] if isinstance(data["payouts"], str) \
        else "/".join(f"{p:g}" for p in data["payouts"])
    size = data["tree_size"]
    print(f"{data['game']}, {data['players']} players, blinds {data['sb']:g}/{data['bb']:g}, "
          f"ante {data['ante']:g}, payouts {payouts} ({data['model']}); tree {data['tree']} "
          f"({size['decisions']:,} decisions), postflop {data['postflop']}")
    print(f"CFR+ iterations {data['iterations']} over {data['deals']}, "
          f"{data['seconds']:.1f} s, {data['status']}")
    print(f"{'node':<44} {'reach %':>8}  actions (to bb: % of the hands there)")
    for node in data["nodes"]:
        actions = "  ".join(f"{a['action']} {a['to']:g}: {a['percent']:.1f}"
                            for a in node["actions"])
        print(f"{node['node']:<44} {100 * node['reach']:>8.2f}  {actions}")
    print_values(data, unit)
    lookup = data.get("lookup")
    if lookup:
        print(f"Node      {lookup['node']} ({lookup['position']})")
        print(f"Cards     {lookup['cards']}")
        for action in lookup["actions"]:
            ev = "not reached" if action["ev"] is None else f"{action['ev']:.6f}"
            print(f"{action['action']:<9} to {action['to']:g}: {action['percent']:6.2f} %  "
                  f"EV {ev} {lookup['unit']}")
