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
from omahanash.commands.solve.model import model_payouts
from omahanash.commands.solve.table import (
    NashConvPrinter,
    _deals_option,
    _number,
    finish,
    print_values,
)
from omahanash.errors import InputError
from omahanash.hands import class_combos, parse_class
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, cancel_on_interrupt, grace_after, measured
from omahanash.trees import (
    PreflopSpot,
    TreeSolution,
    build_tree,
    default_tree_target,
    solve_preflop,
)
from omahanash.trees.solution import NodeView
from omahanash.trees.solver import own_reach


def _spot(args: argparse.Namespace) -> PreflopSpot:
    require_game(args)
    refused = [flag for flag, value in (("--load", args.load), ("--sweep", args.sweep),
                                        ("--solver", args.solver), ("--lock", args.lock),
                                        ("--dead-money", args.dead_money),
                                        ("--bounty", getattr(args, "bounty", None)),
                                        ("--bounties", getattr(args, "bounties", None)),
                                        ("--bounty-type", getattr(args, "bounty_type", None)))
               if value is not None]
    if refused:
        raise InputError(f"{', '.join(refused)} does not apply to a betting tree "
                         f"(--tree {args.tree})")
    if args.stacks is None or len(args.stacks) < 2:
        raise InputError.naming("stacks", "--tree needs --stacks with 2 to 10 stacks")
    if getattr(args, "model", None) == "fgs":
        raise InputError.naming("model", "--model fgs is push/fold only so far (not with "
                                f"--tree {args.tree})")
    payouts = model_payouts(args)
    return PreflopSpot(args.game, args.stacks,
                       sb=5.0 if args.sb is None else args.sb,
                       bb=10.0 if args.bb is None else args.bb,
                       ante=0.0 if args.ante is None else args.ante,
                       bb_ante=0.0 if args.bb_ante is None else args.bb_ante,
                       payouts=payouts, tree=args.tree,
                       postflop=args.postflop or "commit",
                       open_size=2.0 if args.open is None else args.open,
                       max_raises=3 if args.max_raises is None else args.max_raises)


def tree_summary(solution: TreeSolution, seconds: float,
                 grace: CancelFlag | None = None) -> dict[str, Any]:
    """The ``--json`` document of a solved tree. ``grace``: a :func:`~omahanash.runs.
    grace_after` flag (a stopped run's measuring): what is not measured when it trips is
    ``null`` (the nodes then from the average strategy alone, ``reach`` null), and
    ``measured`` says whether every figure was."""
    spot = solution.spot
    pay = spot.payout_amounts
    pushfold = solution.settings.kind == "pushfold"
    nodes = measured(lambda: [node.to_json(pushfold) for node in solution.nodes], grace)
    ev = measured(lambda: solution.ev, grace)
    gains = measured(lambda: [{"position": pos, "gain": float(g)} for pos, g in
                              zip(spot.positions, solution.gains, strict=True)], grace)
    nash_conv = measured(lambda: solution.nash_conv, grace)
    fresh = measured(lambda: solution.nash_conv_fresh, grace)
    low = measured(lambda: solution.nash_conv_fresh_low, grace)
    figures = (nodes, ev, gains, nash_conv, fresh, low)
    return {"game": str(spot.variant), "players": spot.players,
            "positions": list(spot.positions), "stacks": [_number(s) for s in spot.stacks],
            "sb": _number(spot.sb), "bb": _number(spot.bb), "ante": _number(spot.ante),
            "bb_ante": _number(spot.bb_ante),
            "payouts": "chips" if pay is None else [_number(p) for p in pay],
            "model": spot.model, **solution.settings.describe(),
            "tree_size": solution.solver.tree.size(solution.solver.classes_n),
            "iterations": solution.iterations, "seconds": round(seconds, 3),
            "deals": solution.solver.deals.describe(),
            "nodes": nodes if nodes is not None else _nodes_only(solution, pushfold),
            "ev": ev, "exploitability": gains,
            "nash_conv": nash_conv, "nash_conv_fresh": fresh,
            "nash_conv_fresh_low": low,
            "status": solution.status, "target": default_tree_target(spot),
            "measured": all(figure is not None for figure in figures)}


def _nodes_only(solution: TreeSolution, pushfold: bool) -> list[dict[str, Any]]:
    """The nodes as :attr:`~omahanash.trees.TreeSolution.nodes` has them, from the average
    strategy alone (no pass over the deals: a stop's nodes past its grace), ``reach``
    None."""
    solver, spot = solution.solver, solution.spot
    avg = solver.class_average()
    reach_own = own_reach(solver.arrays, avg)
    game = "holdem" if spot.variant is Variant.HOLDEM else "omaha"
    combos = class_combos(game)[solver.table.class_ids].astype(float)
    out = []
    for node in solver.tree.decisions():
        weight = combos * reach_own[node.slot]
        total = weight.sum()
        actions = [{"action": action.kind, "to": action.to / spot.bb,
                    "percent": 100.0 * (float(weight @ avg[node.slot, :, a] / total)
                                        if total > 0 else 0.0)}
                   for a, action in enumerate(node.actions)]
        row = NodeView(node.name, spot.positions[node.player], node.slot, node.pot / spot.bb,
                       node.to_call / spot.bb, 0.0, actions).to_json(pushfold)
        row["reach"] = None
        out.append(row)
    return out


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
            sys.stderr.write("omahanash solve: interrupted before the first iteration: "
                             "nothing computed\n")
            return 130
        seconds = time.perf_counter() - started
        # after a Ctrl-C (during the solve or now) the measuring gets MEASURE_GRACE seconds
        with grace_after(cancel) as grace:
            exported = args.export is None or measured(
                lambda: solution.export(args.export[1], args.export[0]), grace) is not None
            if args.save:
                solution.save(args.save)
            data = tree_summary(solution, seconds, grace)
            if args.lookup is not None:
                data["lookup"] = measured(lambda: solution.lookup(args.lookup, args.node),
                                          grace)
        interrupted = solution.status == "stopped" or cancel.cancelled
    if args.json:
        print_json(data)
    else:
        _print_tree(data)
    return finish(args, data, exported, interrupted)


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
        reach = "-" if node["reach"] is None else f"{100 * node['reach']:.2f}"
        print(f"{node['node']:<44} {reach:>8}  {actions}")
    print_values(data, unit)
    lookup = data.get("lookup")
    if "lookup" in data and lookup is None:
        print("Lookup    not measured (stopped before it was)")
    if lookup:
        print(f"Node      {lookup['node']} ({lookup['position']})")
        print(f"Cards     {lookup['cards']}")
        for action in lookup["actions"]:
            ev = "not reached" if action["ev"] is None else f"{action['ev']:.6f}"
            print(f"{action['action']:<9} to {action['to']:g}: {action['percent']:6.2f} %  "
                  f"EV {ev} {lookup['unit']}")
