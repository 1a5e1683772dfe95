"""``omahanash table build|info|cell``: the cluster-vs-cluster equity tables."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from omahanash.errors import InputError

GAME_HELP = "holdem, omaha-hi (alias omaha) or omaha-hilo"
CLASSES_HELP = "Omaha only: a subset of class ids like 0,715,4527 (a small table, for experiments)"


def parse_class_list(text: str | None) -> list[int] | None:
    """``--classes 0,715,4527`` as a list of ids (None when the option is absent)."""
    if text is None:
        return None
    try:
        return [int(item) for item in text.replace(" ", "").split(",") if item]
    except ValueError:
        raise InputError(f"--classes takes class ids separated by commas, got {text!r}") from None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "table",
        help="build, inspect and query the cluster-vs-cluster equity tables",
        description="Equity tables: Hold'em is exact and shipped; Omaha Hi and Hi/Lo are "
        "estimated by Monte Carlo once and cached (OMAHANASH_CACHE or --cache-dir).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    build = actions.add_parser(
        "build", help="build (or resume building) a table; progress and ETA on stderr"
    )
    build.add_argument("--game", required=True, help=GAME_HELP)
    build.add_argument("--samples", type=int, default=None,
                       help="Monte Carlo samples per cell (precision knob; default per game)")
    build.add_argument("--seed", type=int, default=None, help="random seed (default 2014)")
    build.add_argument("--cache-dir", default=None, help="where tables are cached")
    build.add_argument("--exact", action="store_true",
                       help="compute the exact table by complete enumeration (Hold'em: about "
                       "40 minutes; Omaha: a class subset here, the full table on a cluster)")
    build.add_argument("--scheduler", default=None,
                       help="with --exact (Omaha): local (default), local:N (N Dask worker "
                       "processes) or tcp://HOST:8786 (a running Dask cluster); default "
                       "$OMAHANASH_SCHEDULER")
    build.add_argument("--output", default=None,
                       help="with --exact: file to write (default: the shipped resource)")
    build.add_argument("--classes", default=None, help=CLASSES_HELP)
    build.add_argument("--json", action="store_true", help="print the table info as JSON")
    build.set_defaults(func=run_build)

    info = actions.add_parser("info", help="is a table built, with which settings, how big")
    info.add_argument("--game", required=True, help=GAME_HELP)
    info.add_argument("--cache-dir", default=None)
    info.add_argument("--classes", default=None, help=CLASSES_HELP)
    info.add_argument("--json", action="store_true")
    info.set_defaults(func=run_info)

    check = actions.add_parser(
        "check", help="compare hand-vs-random-hand equities of a built table with an "
        "independent high-precision Monte Carlo estimate")
    check.add_argument("--game", required=True, help="omaha-hi or omaha-hilo")
    check.add_argument("--classes", type=int, default=20, help="random classes (default 20)")
    check.add_argument("--deals", type=int, default=10_000_000,
                       help="deals per class for the reference (default 10,000,000)")
    check.add_argument("--seed", type=int, default=1)
    check.add_argument("--cache-dir", default=None)
    check.add_argument("--json", action="store_true")
    check.set_defaults(func=run_check)

    compare = actions.add_parser(
        "compare", help="a Monte Carlo table against an exact one of the same classes: "
        "(MC - exact) / stderr over the cells should look standard normal")
    compare.add_argument("--game", required=True, help="omaha-hi or omaha-hilo")
    compare.add_argument("--classes", default=None, help=CLASSES_HELP)
    compare.add_argument("--cache-dir", default=None, help="where the Monte Carlo table is")
    compare.add_argument("--exact-cache-dir", required=True,
                         help="where the exact table (table build --exact) is")
    compare.add_argument("--json", action="store_true")
    compare.set_defaults(func=run_compare)

    cell = actions.add_parser("cell", help="equity, standard error and pairs of one cell")
    cell.add_argument("--game", required=True, help=GAME_HELP)
    cell.add_argument("first", metavar="A", help="class id, cards, or a Hold'em name (AKs)")
    cell.add_argument("second", metavar="B", help="class id, cards, or a Hold'em name")
    cell.add_argument("--cache-dir", default=None)
    cell.add_argument("--classes", default=None, help=CLASSES_HELP)
    cell.add_argument("--json", action="store_true")
    cell.set_defaults(func=run_cell)


def _print(data: dict, as_json: bool) -> None:
    from omahanash.cli import print_json

    if as_json:
        print_json(data)
        return
    width = max(len(k) for k in data)
    for key, value in data.items():
        print(f"{key.ljust(width)}  {value}")


def run_build(args: argparse.Namespace) -> int:
    from omahanash.cards import normalize_game
    from omahanash.equity import table_build, tables
    from omahanash.runs import StderrProgress, cancel_on_interrupt

    game = normalize_game(args.game)
    if game == "holdem":
        if not args.exact:
            raise InputError("the Hold'em table is exact: use --exact")
        from omahanash.equity.holdem_table import build_holdem_table
        from omahanash.equity.tablefile import HOLDEM_RESOURCE, make_cache_dir
        from omahanash.resources import resources_dir

        output = Path(args.output) if args.output else resources_dir() / HOLDEM_RESOURCE
        checkpoint = make_cache_dir(args.cache_dir) / "holdem-exact.checkpoint"
        build_holdem_table(output, checkpoint, StderrProgress("holdem exact matchups"))
        print(f"wrote {output}")
        return 0
    if args.exact:
        return _run_exact_build(game, args)
    if args.scheduler is not None:
        raise InputError("--scheduler is for exact builds (--exact); a Monte Carlo table "
                         "builds in minutes on this machine")
    seed = tables.DEFAULT_SEED if args.seed is None else args.seed
    samples = tables.DEFAULT_SAMPLES[game] if args.samples is None else args.samples
    previous = table_build.partial_settings(game, args.cache_dir, parse_class_list(args.classes))
    if previous == {"samples": samples, "seed": seed}:
        print(f"resuming the interrupted {game} build", file=sys.stderr)
    classes = parse_class_list(args.classes)
    # Ctrl-C sets the cancel flag: the build stops between two kernel calls and keeps its
    # finished blocks (Cancelled: exit 130, "run it again to resume").
    with cancel_on_interrupt() as cancel:
        table_build.build_table(
            game, samples=samples, seed=seed, cache_dir=args.cache_dir, class_ids=classes,
            progress=StderrProgress(f"{game} table (K={samples})"), cancel=cancel,
        )
    _print(tables.table_info(game, args.cache_dir, classes), args.json)
    return 0


def _run_exact_build(game: str, args: argparse.Namespace) -> int:
    """``table build --exact`` of an Omaha game: every cell enumerated, on any engine."""
    from omahanash.cluster import parse_scheduler
    from omahanash.equity import tables
    from omahanash.equity.table_exact import build_exact_table
    from omahanash.runs import StderrProgress, cancel_on_interrupt

    if args.samples is not None or args.seed is not None:
        raise InputError("--samples and --seed are for Monte Carlo builds, not --exact")
    where = parse_scheduler(args.scheduler)
    classes = parse_class_list(args.classes)
    if classes is None and args.scheduler is None and where.kind == "local":
        raise InputError(
            f"an exact {game} table of all 16,432 classes takes about 200-300 core-hours "
            "(days on one machine; the thesis: 48 hours on several machines): run it on a "
            "Dask cluster (--scheduler tcp://HOST:8786), "
            "or pass --scheduler local to run it here anyway (it resumes), or --classes IDS "
            "for a subset")
    print(f"exact {game} table on {where.describe()}", file=sys.stderr)
    with cancel_on_interrupt() as cancel:
        build_exact_table(game, class_ids=classes, cache_dir=args.cache_dir, scheduler=where,
                          progress=StderrProgress(f"{game} exact table"), cancel=cancel)
    _print(tables.table_info(game, args.cache_dir, classes), args.json)
    return 0


def run_compare(args: argparse.Namespace) -> int:
    from omahanash.equity.table_exact import compare_with_exact
    from omahanash.equity.tables import load_table

    classes = parse_class_list(args.classes)
    report = compare_with_exact(load_table(args.game, args.cache_dir, classes),
                                load_table(args.game, args.exact_cache_dir, classes))
    _print(report, args.json)
    return 0


def run_info(args: argparse.Namespace) -> int:
    from omahanash.equity.tables import table_info

    _print(table_info(args.game, args.cache_dir, parse_class_list(args.classes)), args.json)
    return 0


def run_cell(args: argparse.Namespace) -> int:
    from omahanash.cards import normalize_game
    from omahanash.equity.tables import load_table
    from omahanash.hands import class_name, parse_class

    game = normalize_game(args.game)
    table = load_table(game, args.cache_dir, parse_class_list(args.classes))
    first = parse_class(args.first, game)
    second = parse_class(args.second, game)
    a, b = table.position(first), table.position(second)
    data: dict[str, Any] = {
        "game": game,
        "a": {"id": first, "cards": class_name(game, first)},
        "b": {"id": second, "cards": class_name(game, second)},
        "equity": round(table.equity(a, b), 6),
        "stderr": round(table.stderr(a, b), 6),
        "pairs": table.pairs(a, b),
    }
    if not args.json:
        data["a"] = f"{first} ({data['a']['cards']})"
        data["b"] = f"{second} ({data['b']['cards']})"
    _print(data, args.json)
    return 0


def run_check(args: argparse.Namespace) -> int:
    from omahanash.cli import print_json
    from omahanash.equity.table_check import check_table
    from omahanash.runs import StderrProgress

    if not 1 <= args.classes <= 16432 or args.deals < 1:
        raise InputError("--classes must be 1..16432 and --deals positive")
    result = check_table(args.game, args.classes, args.deals, args.seed, args.cache_dir,
                         StderrProgress("reference estimates"))
    if args.json:
        print_json(result)
        return 0
    print(f"{'id':>6}  {'cards':<12} {'table':>8} {'reference':>10} {'± se':>7} {'diff pp':>8}")
    for row in result["classes"]:
        print(f"{row['id']:>6}  {row['cards']:<12} {row['table']:8.4f} {row['reference']:10.4f} "
              f"{row['reference_stderr']:7.4f} {row['difference_pp']:8.3f}")
    print(f"max |difference| {result['max_abs_difference_pp']:.3f} pp, "
          f"rms {result['rms_difference_pp']:.3f} pp (K={result['samples']}, "
          f"cell stderr {result['cell_stderr']:.4f}, {result['deals']:,} deals per class)")
    return 0
