"""``omahanash chart``: the push/fold equilibrium of a table at many stacks (one job).

    omahanash chart --game holdem --players 3 --stacks-bb 2:20:0.5 --payouts 50/30/20 \\
        --scheduler local:2 --out chart.json
    omahanash chart --game omaha --players 3 --vector-bb 10 5 15 --vector-bb 20 5 5 --out c.json
"""

from __future__ import annotations

import argparse
import json
import sys

from omahanash.cluster import parse_scheduler
from omahanash.commands._args import parse_class_list
from omahanash.errors import InputError
from omahanash.pushfold.chart import chart_store, parse_stack_grid, solve_chart
from omahanash.runs import StderrProgress, cancel_on_interrupt
from omahanash.savefile import atomic_write


def run(args: argparse.Namespace) -> int:
    if (args.stacks_bb is None) == (args.vector_bb is None):
        raise InputError("give --stacks-bb FROM:TO:STEP or --vector-bb S1 .. SN (repeatable)")
    stacks = parse_stack_grid(args.stacks_bb) if args.stacks_bb is not None \
        else [tuple(v) for v in args.vector_bb]
    where = parse_scheduler(args.scheduler)
    store = chart_store(args.out)
    print(f"chart of {len(stacks)} stacks on {where.describe()}", file=sys.stderr)
    with cancel_on_interrupt() as cancel:
        chart = solve_chart(args.game, args.players, stacks, sb=args.sb, bb=args.bb,
                            ante=args.ante, bb_ante=args.bb_ante, payouts=args.payouts,
                            iterations=args.iterations, deals=args.deals, seed=args.seed,
                            cache_dir=args.cache_dir, class_ids=parse_class_list(args.classes),
                            scheduler=where, store_path=store,
                            progress=StderrProgress("chart"), cancel=cancel)
    text = json.dumps(chart.document(), allow_nan=False)
    with atomic_write(args.out, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")
    if store is not None:
        store.unlink(missing_ok=True)
    summary = chart.document(classes=False)
    if args.json:
        print(json.dumps(summary, allow_nan=False))
        return 0
    names = [node["node"] for node in summary["spots"][0]["nodes"]]
    print("stacks (bb)".ljust(18) + "".join(name.rjust(14) for name in names) + "  NashConv")
    for spot in summary["spots"]:
        label = "/".join(f"{x:g}" for x in spot["stacks_bb"])
        print(label.ljust(18) + "".join(f"{node['percent']:13.1f}%" for node in spot["nodes"])
              + f"  {spot['nash_conv']:.4g}")
    print(f"written: {args.out}")
    return 0
