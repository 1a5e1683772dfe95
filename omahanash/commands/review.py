"""``omahanash review``: the hero's jam-fold decisions in hand histories, EV lost, a grade."""

from __future__ import annotations

import argparse
import sys

from omahanash.commands.exploit import RANGE_HELP
from omahanash.errors import InputError
from omahanash.runs import cancel_on_interrupt
from omahanash.safetext import printable


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "review",
        help="review played hands: jam-fold mistakes, EV lost, a skill grade",
        description="Read PokerStars hand histories and PHH files (files or directories), "
        "find the hero's push/fold decisions (heads-up between the blinds, and at tables of 3 "
        "to 10 players: open pushes, calls of one or more all-ins), compare them with "
        "the Nash equilibrium (ICM with payouts: EV lost per spot, severity) and grade the "
        "session; with --vs "
        "(or --vs-push / --vs-call), against an opponent locked to a range instead (the best "
        "response is the correct action). Other hands are counted as outside the model; "
        "unreadable ones are listed with file, line and reason.",
    )
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_DIR",
                        help="hand-history files or directories")
    parser.add_argument("--hero", default=None,
                        help="the player to review (default: the one with the most hands)")
    parser.add_argument("--max-bb", type=float, default=20.0,
                        help="largest effective stack of a spot, in big blinds (20)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--csv", default=None, metavar="FILE", help="write the spots as CSV")
    parser.add_argument("--html", default=None, metavar="FILE",
                        help="write a self-contained HTML report")
    parser.add_argument("--vs", default=None, metavar="RANGE",
                        help="judge against an opponent who pushes and calls this: "
                        f"{RANGE_HELP}; default nash")
    parser.add_argument("--vs-push", default=None, metavar="RANGE",
                        help="the opponent's pushes only (a big-blind hero faces them); "
                        "overrides --vs")
    parser.add_argument("--vs-call", default=None, metavar="RANGE",
                        help="the opponent's calls only (a small-blind hero faces them); "
                        "overrides --vs")
    parser.add_argument("--payouts", default=None, metavar="P",
                        help="payouts of the tournament for decisions at 3-10 players (ICM): "
                        "50/30/20, 65/35, 1 (winner takes all), a preset or 'chips'; default "
                        "the file's for a recognised sit-and-go (3-max Spin & Go: 1, 6-max: "
                        "65/35, 9- or 10-max: 50/30/20), else chip EV")
    parser.add_argument("--table-iterations", type=int, default=None, metavar="N",
                        help="CFR+ iterations of each table (3-10 players) equilibrium "
                        "(default: to the engine's NashConv target), as solve --iterations")
    parser.add_argument("--table-deals", type=int, default=None, metavar="N",
                        help="sampled deals of each table equilibrium, as solve --deals")
    parser.add_argument("--table-seed", type=int, default=0, metavar="S",
                        help="seed of the table deals, as solve --seed (0)")
    parser.add_argument("--cache-dir", default=None,
                        help="where equity tables and equilibria are cached")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omahanash.history import review
    from omahanash.history.table_review import TableSettings
    from omahanash.runs import StderrProgress
    from omahanash.savefile import refuse_overwriting_inputs

    if not args.max_bb > 0:
        raise InputError(f"--max-bb must be > 0, got {args.max_bb}")
    refuse_overwriting_inputs({"--csv": args.csv, "--html": args.html}, args.paths)
    for option, value in (("--table-iterations", args.table_iterations),
                          ("--table-deals", args.table_deals)):
        if value is not None and value < 1:
            raise InputError(f"{option} must be >= 1, got {value}")
    vs = {"pusher": args.vs if args.vs_push is None else args.vs_push,
          "caller": args.vs if args.vs_call is None else args.vs_call}
    with cancel_on_interrupt() as flag:
        report = review(args.paths, hero=args.hero, max_bb=args.max_bb,
                        cache_dir=args.cache_dir, progress=StderrProgress("review"),
                        cancel=flag, vs=vs, payouts=args.payouts,
                        table_settings=TableSettings(args.table_iterations,
                                                     args.table_deals, args.table_seed))
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
        _print_json(report)
        return 0
    _print_text(report)
    return 0


def _print_json(report) -> None:  # noqa: ANN001
    """``report.as_dict()`` as :func:`omahanash.cli.print_json` writes it (same text), one spot
    at a time: a big file's spots are never all held as dicts and one string. Every piece is
    encoded once before anything is written (a number JSON cannot hold writes nothing), then
    again as it is written."""
    import json

    def encode(value: object) -> str:
        return json.dumps(value, indent=None, separators=(", ", ": "), allow_nan=False)

    head = encode(report.summary())
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
    interval = data["grade_interval"]
    lines = [f"hero: {data['hero']}  opponent: {report.opponent.describe()}",
             f"hands: {data['hands']}  spots: {data['spots']}  outside the model: "
             f"{data['outside_model']}  unparsed: {len(data['unparsed'])}",
             f"EV lost: {data['ev_lost_bb']:.3f} bb"
             + ("" if data["ev_lost_bb_per_100"] is None
                else f"  ({data['ev_lost_bb_per_100']:.2f} bb per 100 spots)"),
             "payouts: " + ("; ".join(f"{k}: {v} spots" for k, v in data["payouts"].items())
                            or "-"),
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
    print("\n".join(printable(line) for line in lines))


def _against(spot: dict) -> str:
    """``best push vs AA; `` for a spot judged against a model, nothing against Nash."""
    if spot["opponent"] == "nash":
        return ""
    return f"best {spot['best_action']} vs {spot['opponent']}; "
