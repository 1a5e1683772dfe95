"""``omahanash table build|info|cell``: the cluster-vs-cluster equity tables."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from omahanash.cards import normalize_game
from omahanash.cli import print_json
from omahanash.cluster import parse_scheduler
from omahanash.commands._args import parse_class_list
from omahanash.equity import table_build, tables
from omahanash.equity.holdem_table import build_holdem_table
from omahanash.equity.table_check import check_table
from omahanash.equity.table_exact import build_exact_table, compare_with_exact
from omahanash.equity.tablefile import HOLDEM_RESOURCE, make_cache_dir
from omahanash.errors import InputError
from omahanash.hands import class_name, parse_class
from omahanash.resources import resources_dir
from omahanash.runs import StderrProgress, cancel_on_interrupt


def _print(data: dict, as_json: bool) -> None:
    if as_json:
        print_json(data)
        return
    width = max(len(k) for k in data)
    for key, value in data.items():
        print(f"{key.ljust(width)}  {value}")


def run_build(args: argparse.Namespace) -> int:
    game = normalize_game(args.game)
    if game == "holdem":
        if not args.exact:
            raise InputError("the Hold'em table is exact: use --exact")
        output = Path(args.output) if args.output else resources_dir() / HOLDEM_RESOURCE
        checkpoint = make_cache_dir(args.cache_dir) / "holdem-exact.checkpoint"
        build_holdem_table(output, checkpoint, StderrProgress("holdem exact matchups"))
        print(f"wrote {output}")
        return 0
    if args.exact:
        return _run_exact_build(game, args)
    if args.output is not None:
        raise InputError("--output is for exact builds (--exact); a Monte Carlo table is "
                         "written to its cache folder (--cache-dir)")
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
        written = build_exact_table(game, class_ids=classes, cache_dir=args.cache_dir,
                                    scheduler=where, cancel=cancel, output=args.output,
                                    progress=StderrProgress(f"{game} exact table"))
    if args.output is not None:  # the cache's table (a Monte Carlo one, say) left as it was
        print(f"wrote {written}", file=sys.stderr if args.json else sys.stdout)
        if args.json:
            print_json({"game": game, "path": str(written), "exact": True})
        return 0
    _print(tables.table_info(game, args.cache_dir, classes), args.json)
    return 0


def run_compare(args: argparse.Namespace) -> int:
    classes = parse_class_list(args.classes)
    report = compare_with_exact(tables.load_table(args.game, args.cache_dir, classes),
                                tables.load_table(args.game, args.exact_cache_dir, classes))
    _print(report, args.json)
    return 0


def run_info(args: argparse.Namespace) -> int:
    classes = parse_class_list(args.classes)
    _print(tables.table_info(args.game, args.cache_dir, classes), args.json)
    return 0


def run_cell(args: argparse.Namespace) -> int:
    game = normalize_game(args.game)
    table = tables.load_table(game, args.cache_dir, parse_class_list(args.classes))
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
