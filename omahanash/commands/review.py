"""``omahanash review``: the hero's jam-fold decisions in hand histories (files, or a tracker's
database with ``--db``: then a report per tournament too), EV lost, a grade."""

from __future__ import annotations

import argparse
import getpass
import json
import sys

from omahanash.errors import InputError
from omahanash.history import review
from omahanash.history.report import tree_text
from omahanash.history.review import STOPPED_REASON
from omahanash.history.review_progress import ReviewPrinter
from omahanash.history.table_review import TableSettings
from omahanash.history.tracker.review import review_database
from omahanash.history.tracker.source import Filters, Target
from omahanash.history.tracker.tournaments import text_lines as tournament_lines
from omahanash.runs import StderrProgress, cancel_on_interrupt
from omahanash.safetext import printable
from omahanash.savefile import refuse_overwriting_inputs


def run(args: argparse.Namespace) -> int:
    if not args.max_bb > 0:
        raise InputError(f"--max-bb must be > 0, got {args.max_bb}")
    refuse_overwriting_inputs({"--csv": args.csv, "--html": args.html}, args.paths)
    for option, value in (("--table-iterations", args.table_iterations),
                          ("--table-deals", args.table_deals)):
        if value is not None and value < 1:
            raise InputError(f"{option} must be >= 1, got {value}")
    vs = {"pusher": args.vs if args.vs_push is None else args.vs_push,
          "caller": args.vs if args.vs_call is None else args.vs_call}
    filters = _filters(args)
    settings = TableSettings(args.table_iterations, args.table_deals, args.table_seed,
                             True if args.precise else None)
    # one printer: a line every 5 s or 10 %, the time left from the judged spots' pace
    printer = ReviewPrinter("review", quiet=StderrProgress.quiet)
    with cancel_on_interrupt() as flag, printer:
        if args.db is not None:
            report = review_database(args.db, args.tracker, filters, hero=args.hero,
                                     ask=_ask_password if sys.stdin.isatty() else None,
                                     max_bb=args.max_bb, cache_dir=args.cache_dir,
                                     progress=printer, cancel=flag, vs=vs,
                                     payouts=args.payouts, table_settings=settings,
                                     keep_stopped=True, on_spot=printer.spot,
                                     tree=args.tree)
        else:
            report = review(args.paths, hero=args.hero, max_bb=args.max_bb,
                            cache_dir=args.cache_dir, progress=printer,
                            cancel=flag, vs=vs, payouts=args.payouts,
                            table_settings=settings, keep_stopped=True,
                            on_spot=printer.spot, tree=args.tree)
    if report.hands == 0 and report.unparsed:
        reasons = "; ".join(f"{item.file}:{item.line}: {item.reason}"
                            for item in report.unparsed[:3])
        raise InputError(f"no hand could be read ({reasons})")
    for item in report.unparsed:
        sys.stderr.write(printable(f"skipped {item.file}:{item.line}: {item.reason}") + "\n")
    if report.hero_note:
        sys.stderr.write(printable(report.hero_note) + "\n")
    if args.csv:
        report.write_csv(args.csv)
    if args.html:
        report.write_html(args.html)
    if args.json:
        _print_json(report, tournaments=args.db is not None)
    else:
        _print_text(report)
    if report.stopped:  # Ctrl-C: the spots judged so far are shown
        judged = len(report.spots)
        sys.stderr.write(f"omahanash review: interrupted, {judged} spot"
                         f"{'' if judged == 1 else 's'} judged so far shown\n")
        return 130
    return 0


def _filters(args: argparse.Namespace) -> Filters | None:
    """The database's filters (None for files); files and --db, or a filter without --db,
    are refused."""
    given = [option for option, value in (("--tracker", args.tracker),
                                          ("--tournament", args.tournament),
                                          ("--since", args.since), ("--until", args.until),
                                          ("--game", args.game), ("--limit", args.limit))
             if value is not None]
    if args.db is None:
        if given:
            raise InputError.naming(given[0], f"{given[0]} reads a tracker's database: give "
                                    "--db URL")
        if not args.paths:
            raise InputError("nothing to review: give hand-history files or folders, or "
                             "--db URL (a PokerTracker 4 or Hold'em Manager 2 database)")
        return None
    if args.paths:
        raise InputError.naming("--db", "review reads files or --db, not both (got "
                                f"{len(args.paths)} path{'' if len(args.paths) == 1 else 's'})")
    return Filters.parse(args.tournament, args.since, args.until, args.game, args.limit)


def _ask_password(target: Target) -> str | None:
    """The password, typed at the terminal (not echoed, never kept)."""
    try:
        return getpass.getpass(f"Password for {target.describe()}: ") or None
    except (EOFError, OSError):
        return None


def _print_json(report, tournaments: bool = False) -> None:  # noqa: ANN001
    """``report.as_dict()`` as :func:`omahanash.cli.print_json` writes it (same text), one spot
    at a time: a big file's spots are never all held as dicts and one string. Every piece is
    encoded once before anything is written (a number JSON cannot hold writes nothing), then
    again as it is written. A database review adds ``tournaments`` (the whole-tournament
    report) after the summary."""
    def encode(value: object) -> str:
        return json.dumps(value, indent=None, separators=(", ", ": "), allow_nan=False)

    summary = report.summary()
    if tournaments:  # a database review: the whole-tournament report
        summary["tournaments"] = [item.as_dict() for item in report.tournaments]
    head = encode(summary)
    lists = (("spots_detail", report.worst), ("outside_detail", lambda: report.outside))
    for _, items in lists:
        for item in items():
            encode(item.as_dict())
    write = sys.stdout.write
    write(head[:-1])
    for name, items in lists:
        write(f", {encode(name)}: [")
        for index, item in enumerate(items()):
            write((", " if index else "") + encode(item.as_dict()))
        write("]")
    write("}\n")


def _print_text(report) -> None:
    data = report.summary()  # not every spot's dict: a big file's review prints ten
    not_judged = sum(1 for item in report.outside if item.reason == STOPPED_REASON)
    interval = data["grade_interval"]
    lines = [f"hero: {data['hero']}  opponent: {report.opponent.describe()}",
             f"hands: {data['hands']}  spots: {data['spots']}  outside the model: "
             f"{data['outside_model'] - not_judged}"
             + (f"  not judged (stopped): {not_judged}" if not_judged else "")
             + f"  unparsed: {len(data['unparsed'])}",
             f"EV lost: {data['ev_lost_bb']:.3f} bb"
             + ("" if data["ev_lost_bb_per_100"] is None
                else f"  ({data['ev_lost_bb_per_100']:.2f} bb per 100 spots)"),
             "payouts: " + ("; ".join(f"{k}: {v} spots" for k, v in data["payouts"].items())
                            or "-"),
             *_precision_line(data["precision"]),
             "mistakes: " + ", ".join(f"{k} {v}" for k, v in data["mistakes"].items()
                                      if k != "none"),
             f"grade: {data['grade'] or '-'}"
             + ("" if interval is None else
                f"  (mean EV lost per decision 95% interval {interval[0]:.3f}-"
                f"{interval[1]:.3f} bb{', provisional' if data['grade_provisional'] else ''})")]
    worst = [spot.as_dict() for spot in report.worst(10) if round(spot.ev_lost_bb, 6) > 0]
    if worst:
        lines.append("worst spots:")
        lines += [f"  #{s['hand_id']} {s['players']}-handed {s['node']} {s['stack_bb']:.1f} bb "
                  f"[{s['cards']}] "
                  f"{s['action']} ({_against(s)}Nash {s['nash_action']} "
                  f"{100 * s['nash_frequency']:.0f}%) lost {s['ev_lost_bb']:.3f} bb, "
                  f"{s['severity']}" for s in worst]
    lines += tree_text(report)
    lines += tournament_lines(report.tournaments)
    print("\n".join(printable(line) for line in lines))


def _precision_line(counts: dict[str, int]) -> list[str]:
    """How the table spots were judged (nothing for a heads-up review)."""
    fast, full = counts.get("fast", 0), counts.get("full", 0)
    if not fast and not full:
        return []
    return [f"table spots: {fast} judged fast (the hero's decision beyond the quick solves' "
            f"noise), {full} on the full solve"]


def _against(spot: dict) -> str:
    """``best push vs AA; `` for a spot judged against a model, nothing against Nash."""
    if spot["opponent"] == "nash":
        return ""
    return f"best {spot['best_action']} vs {spot['opponent']}; "
