"""``omahanash train``: drill jam/fold decisions in the terminal, or show the trainer history.

Questions go to stdout and answers are read as lines from stdin (``p`` push or call, ``f``
fold, ``q`` quit), so a session can be scripted; it ends after ``--count`` spots, at ``q`` or
at the end of the input, with a summary.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from omahanash.errors import Cancelled, InputError
from omahanash.runs import cancel_on_interrupt
from omahanash.safetext import printable

if TYPE_CHECKING:
    from omahanash.trainer import Drill, History, Spot, Statistics
    from omahanash.trainer.table import TableDrill

DEFAULT_COUNT = 20
POSITION_CHOICES = ("sb", "bb", "both", "push", "call", "btn", "co", "hj", "lj", "mp", "utg",
                    "utg+1")
LEAK_CELLS = 3


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train",
        help="drill push/fold decisions against the equilibrium (or show the history)",
        description="Deal jam/fold spots and grade each answer against the Nash equilibrium "
        "of its spot: correct or not, AllIn_EV and Fold_EV, the EV lost in big blinds and, "
        "for mixed hands, the equilibrium frequency. Answer on stdin: p (push or call), f "
        "(fold), q (quit). Every answer is kept in the trainer history (an SQLite database "
        "in the user data folder, $OMAHANASH_DATA or --db). The first spot at a stack not "
        "solved yet solves its equilibrium first (instant for Hold'em, about 20 s for "
        "Omaha; progress on stderr); after that spots are immediate.",
    )
    parser.add_argument("--game", default=None,
                        help="holdem, omaha-hi (alias omaha), omaha-hilo or mixed")
    parser.add_argument("--stacks", default=None, metavar="BB",
                        help="effective stack in big blinds: 10, or a range like 5-15 "
                        "(dealt in steps of 1 bb) (10). With --players: every seat's stack: "
                        "10 (all equal), 5-15 (three tables drawn at random), 10/15/8 (one "
                        "per seat, preflop order); default the table size's three preset "
                        "structures")
    parser.add_argument("--position", default="both", choices=POSITION_CHOICES,
                        help="sb: push or fold; bb: call or fold; both (both). With "
                        "--players: push (open pushes), call (calls of all-ins), a seat "
                        "(btn, co, ...) or both")
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="drill a table of N players, 3 to 9, with ICM (2 or none: the "
                        "heads-up trainer)")
    parser.add_argument("--payouts", default=None, metavar="P",
                        help="with --players: 50/30/20, a preset (spin, 6max, 9max, don, "
                        "sat:N) or chips for chip EV (50/30/20)")
    parser.add_argument("--ante", type=float, default=0.0, metavar="BB",
                        help="ante of each player in big blinds (0)")
    parser.add_argument("--close", action="store_true",
                        help="close spots only: hands with |Diff_EV| <= --close-threshold")
    parser.add_argument("--close-threshold", type=float, default=None, metavar="BB",
                        help="big blinds (0.25)")
    parser.add_argument("--leaks", action="store_true",
                        help=f"drill my leaks: deal from the {LEAK_CELLS} worst weak spots of "
                        "the history")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N",
                        help=f"spots to deal ({DEFAULT_COUNT})")
    parser.add_argument("--seed", type=int, default=None, help="deal reproducibly")
    parser.add_argument("--stats", action="store_true",
                        help="show the statistics of the whole history instead of drilling")
    parser.add_argument("--export", default=None, metavar="CSV",
                        help="write the whole history to a CSV file instead of drilling")
    parser.add_argument("--db", default=None, metavar="PATH",
                        help="the history database (default: trainer.sqlite in "
                        "$OMAHANASH_DATA or the user data folder)")
    parser.add_argument("--cache-dir", default=None, help="where equity tables are cached")
    parser.add_argument("--json", action="store_true",
                        help="print the statistics as one JSON document (when drilling: the "
                        "session's at the end, with questions and feedback on stderr)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omahanash.savefile import refuse_overwriting_inputs
    from omahanash.trainer import History
    from omahanash.trainer.history import default_path

    refuse_overwriting_inputs({"--export": args.export},
                              [args.db if args.db is not None else default_path()])
    history = History(args.db, read_only=args.stats or args.export is not None)
    try:
        for notice in history.notices:
            sys.stderr.write(f"omahanash train: {printable(notice)}\n")
        if args.export is not None:
            path = history.export_csv(args.export)
            sys.stderr.write(f"{len(history)} answers written to {path}\n")
            return 0
        if args.stats:
            _report(history.statistics(), "History", args.json, sys.stdout)
            return 0
        return _drill(args, history)
    finally:
        history.close()


def _drill(args: argparse.Namespace, history: History) -> int:
    from omahanash.trainer import CLOSE_THRESHOLD_BB, Drill, DrillConfig, leak_cells, parse_stacks

    if args.game is None:
        raise InputError("--game is required (holdem, omaha-hi, omaha-hilo or mixed), "
                         "or give --stats or --export")
    if args.count < 1:
        raise InputError(f"--count must be >= 1, got {args.count}")
    if args.players is not None and args.players != 2:
        return _drill_table(args, history)
    if args.payouts is not None:
        raise InputError("--payouts is for table drills: give --players 3 to 9 (heads-up "
                         "spots are solved in chips)")
    if args.position not in ("sb", "bb", "both"):
        raise InputError(f"--position {args.position} is for table drills (--players 3 to "
                         "9); heads-up: sb, bb or both")
    if args.stacks is None:
        args.stacks = "10"
    focus = leak_cells(history.statistics(weak_spots=10**6), LEAK_CELLS, args.game) \
        if args.leaks else ()
    if args.leaks and not focus:
        raise InputError(f"no leaks yet: the history has no wrong answer in {args.game}")
    config = DrillConfig(args.game, stacks=parse_stacks(args.stacks), position=args.position,
                         ante=args.ante, close=args.close,
                         close_threshold_bb=CLOSE_THRESHOLD_BB if args.close_threshold is None
                         else args.close_threshold, focus=focus)
    drill = Drill(config, seed=args.seed, history=history, cache_dir=args.cache_dir)
    out = sys.stderr if args.json else sys.stdout
    for note in drill.skipped:
        sys.stderr.write(f"omahanash train: mixed without {note}\n")
    for cell in focus:
        out.write(f"Drilling leak: {cell.label}\n")
    interrupted = _session(drill, args.count, out)
    _report(drill.statistics(), f"Session (seed {drill.seed})", args.json, out)
    for notice in history.notices:  # a database that broke during the session
        sys.stderr.write(f"omahanash train: {printable(notice)}\n")
    return 130 if interrupted else 0


def _drill_table(args: argparse.Namespace, history: History) -> int:
    """A table drill (``--players 3..9``): as the heads-up drill, with the table's spots; its
    ``--json`` adds ``players``, ``payouts``, ``structures``, ``ev_lost_pct`` and ``answers``
    (every answered spot: :func:`omahanash.trainer.table.spot_json`)."""
    from omahanash.trainer import CLOSE_THRESHOLD_BB
    from omahanash.trainer.table import (
        DEFAULT_PAYOUTS,
        TableDrill,
        TableDrillConfig,
        spot_json,
        table_leak_cells,
    )

    if args.game == "mixed":
        raise InputError("--game mixed is for heads-up drills; a table drill takes holdem, "
                         "omaha-hi or omaha-hilo")
    payouts = DEFAULT_PAYOUTS if args.payouts is None else args.payouts
    focus = table_leak_cells(history.statistics(weak_spots=10**6), LEAK_CELLS, args.game,
                             args.players) if args.leaks else ()
    if args.leaks and not focus:
        raise InputError(f"no leaks yet: the history has no wrong answer at a "
                         f"{args.players}-handed {args.game} table")
    config = TableDrillConfig(args.game, players=args.players, payouts=payouts,
                              stacks=args.stacks, position=args.position, ante=args.ante,
                              close=args.close,
                              close_threshold_bb=CLOSE_THRESHOLD_BB
                              if args.close_threshold is None else args.close_threshold,
                              focus=focus)
    drill = TableDrill(config, seed=args.seed, history=history, cache_dir=args.cache_dir)
    out = sys.stderr if args.json else sys.stdout
    for cell in focus:
        out.write(f"Drilling leak: {cell.label}\n")
    interrupted = _session(drill, args.count, out)
    stats = drill.statistics()
    title = f"Session (seed {drill.seed}, {args.players}-max {payouts})"
    if args.json:
        from omahanash.cli import print_json

        lost = [a.record.ev_lost_pct for a in drill.answers if a.record.ev_lost_pct is not None]
        print_json({**stats.as_dict(), "players": args.players, "payouts": payouts,
                    "structures": [list(s) for s in drill.structures],
                    "ev_lost_pct": float(sum(lost)) if lost else None,
                    "answers": [spot_json(answer) for answer in drill.answers]})
    else:
        _report(stats, title, False, out)
        lost_pct = sum(a.record.ev_lost_pct or 0.0 for a in drill.answers)
        if drill.answers and config.payouts != "chips":
            out.write(f"EV lost in prize equity: {lost_pct:.3f} % of the prize pool\n")
    for notice in history.notices:
        sys.stderr.write(f"omahanash train: {printable(notice)}\n")
    return 130 if interrupted else 0


def _session(drill: Drill | TableDrill, count: int, out: TextIO) -> bool:
    """Deal, ask and grade up to ``count`` spots (either trainer's drill); True when Ctrl-C
    ended the session."""
    try:
        for _ in range(count):
            spot = _deal(drill)
            action = _ask(spot, out)
            if action is None:
                break
            answer = drill.answer(action)
            out.write("  " + answer.feedback().replace("\n", "\n  ") + "\n\n")
            out.flush()
    except KeyboardInterrupt:
        return True
    return False


def _deal(drill: Drill | TableDrill) -> Spot:
    from omahanash.runs import StderrProgress

    with cancel_on_interrupt() as cancel:
        try:
            spot = drill.next_spot(StderrProgress("solving the equilibrium"), cancel)
        except Cancelled:
            raise KeyboardInterrupt from None
    if cancel.cancelled:
        raise KeyboardInterrupt
    return spot


def _ask(spot: Spot, out: TextIO) -> str | None:
    """The answer read from stdin (``allin`` or ``fold``), or None at ``q`` or the end."""
    from omahanash.hands import class_name
    from omahanash.trainer import parse_action
    from omahanash.trainer.table import TableSpot

    name = f" ({class_name(spot.variant, spot.class_id)})" if spot.variant == "holdem" else ""
    if isinstance(spot, TableSpot):
        situation = spot.situation + " "
    else:
        situation = "" if spot.position == "sb" else "The SB pushes. "
    push = spot.actions[0]
    out.write(f"Spot {spot.number} · {spot.description}\n  Hand: {spot.hand}{name}\n"
              f"  {situation}{push.capitalize()} or fold? [p/f, q to quit] ")
    out.flush()
    while True:
        line = sys.stdin.readline()
        if not sys.stdin.isatty():  # a script's answers: echo them, the transcript reads well
            out.write(line.strip() + "\n")
        if not line or line.strip().lower() in ("q", "quit"):
            return None
        try:
            return parse_action(line)
        except InputError:
            out.write(f"  answer p ({push}), f (fold) or q (quit): ")
            out.flush()


def _report(stats: Statistics, title: str, as_json: bool, out: TextIO) -> None:
    if as_json:
        from omahanash.cli import print_json

        print_json(stats.as_dict())
        return
    if not stats.spots:
        out.write(f"{title}: no spots answered\n")
        return
    assert stats.accuracy is not None and stats.mean_ev_lost_bb is not None
    timing = f" · {stats.mean_seconds:.1f} s per answer" if stats.mean_seconds is not None \
        else ""
    out.write(f"{title}: {_spots(stats.spots)} · accuracy {100 * stats.accuracy:.1f} % · "
              f"EV lost {stats.ev_lost_bb:.3f} bb ({stats.mean_ev_lost_bb:.3f} bb per spot)"
              f"{timing}\n")
    if stats.weak_spots:
        out.write("Weak spots:\n")
    for spot in stats.weak_spots:
        out.write(f"  {printable(spot.group)}: {_spots(spot.spots)}, "
                  f"{100 * spot.accuracy:.0f} % correct, {spot.ev_lost_bb:.3f} bb lost\n")


def _spots(count: int) -> str:
    return f"{count} spot" if count == 1 else f"{count} spots"
