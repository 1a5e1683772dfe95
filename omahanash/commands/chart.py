"""``omahanash chart``: the push/fold equilibrium of a table at many stacks (one job).

    omahanash chart --game holdem --players 3 --stacks-bb 2:20:0.5 --payouts 50/30/20 \\
        --scheduler local:2 --out chart.json
    omahanash chart --game omaha --players 3 --vector-bb 10 5 15 --vector-bb 20 5 5 --out c.json
"""

from __future__ import annotations

import argparse
import json
import sys

from omahanash.commands.solve import GAME_HELP
from omahanash.commands.table import CLASSES_HELP, parse_class_list
from omahanash.errors import InputError


def register(subparsers: argparse._SubParsersAction) -> None:
    from omahanash.pushfold.chart_defaults import DEFAULT_CHART_DEALS, DEFAULT_ITERATIONS

    parser = subparsers.add_parser(
        "chart",
        help="push/fold equilibrium of a table over many stacks (a chart), on any engine",
        description="Solve the push/fold table at every stack of a grid (equal stacks) or "
        "of listed stack vectors: every node's push/call %% and per-class play chances. One "
        "seeded solve per stack, spread over Dask workers with --scheduler; the result is "
        "the same on every engine. Finished stacks are kept in OUT.job.partial: running the "
        "same command again resumes. Progress on stderr; Ctrl-C stops (exit 130).")
    parser.add_argument("--game", required=True, help=GAME_HELP)
    parser.add_argument("--players", type=int, required=True, help="players at the table (2-10)")
    parser.add_argument("--stacks-bb", default=None, metavar="FROM:TO:STEP",
                        help="equal stacks in big blinds: FROM:TO:STEP (both ends) or a list "
                        "like 5,10,20")
    parser.add_argument("--vector-bb", type=float, nargs="+", action="append", default=None,
                        metavar="S", help="one stack vector in big blinds, a stack per seat in "
                        "preflop order (BTN SB BB 3-handed); repeat for more")
    parser.add_argument("--payouts", default=None,
                        help="prize payouts (50/30/20, 65/35, 1, a preset) or chips (default)")
    parser.add_argument("--sb", type=float, default=50.0, help="small blind in chips (50)")
    parser.add_argument("--bb", type=float, default=100.0, help="big blind in chips (100)")
    parser.add_argument("--ante", type=float, default=0.0, help="ante per player in chips (0)")
    parser.add_argument("--bb-ante", type=float, default=0.0, help="big-blind ante (0)")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help=f"CFR+ iterations per stack ({DEFAULT_ITERATIONS})")
    parser.add_argument("--deals", type=int, default=DEFAULT_CHART_DEALS,
                        help=f"sampled deals per stack ({DEFAULT_CHART_DEALS})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (0)")
    parser.add_argument("--scheduler", default=None,
                        help="local (default), local:N (N Dask worker processes) or "
                        "tcp://HOST:8786; default $OMAHANASH_SCHEDULER")
    parser.add_argument("--cache-dir", default=None, help="where equity tables are cached")
    parser.add_argument("--classes", default=None, help=CLASSES_HELP)
    parser.add_argument("--out", required=True, help="JSON file of the whole chart")
    parser.add_argument("--json", action="store_true",
                        help="print the summary (every node's %% per stack) as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omahanash.cluster import parse_scheduler
    from omahanash.pushfold.chart import chart_store, parse_stack_grid, solve_chart
    from omahanash.runs import StderrProgress, cancel_on_interrupt
    from omahanash.savefile import atomic_write

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
