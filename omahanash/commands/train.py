"""``omahanash train``: drill jam/fold decisions in the terminal, or show the trainer history.

Questions go to stdout and answers are read as lines from stdin (``p`` push or call, ``f``
fold, ``q`` quit; on a betting tree, ``--tree pl|pl-limp|nl|FILE``, the node's actions: ``f``
fold, ``c`` call or check, ``r`` raise, ``a`` all in), so a session can be scripted; it ends
after ``--count`` spots, at ``q`` or at the end of the input, with a summary.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import TextIO

from omahanash.cli import print_json
from omahanash.commands.parsers.train import LEAK_CELLS
from omahanash.errors import Cancelled, InputError
from omahanash.hands import class_name
from omahanash.runs import StderrProgress, cancel_on_interrupt
from omahanash.safetext import printable
from omahanash.savefile import refuse_overwriting_inputs
from omahanash.trainer import (
    CLOSE_THRESHOLD_BB,
    Drill,
    DrillConfig,
    History,
    Spot,
    Statistics,
    leak_cells,
    parse_action,
    parse_stacks,
)
from omahanash.trainer.grading import TREE_KEYS, parse_tree_action
from omahanash.trainer.history import default_path
from omahanash.trainer.table import (
    DEFAULT_PAYOUTS,
    TableDrill,
    TableDrillConfig,
    TableSpot,
    spot_json,
    table_leak_cells,
)
from omahanash.trainer.tree_drill import (
    TreeDrill,
    TreeDrillConfig,
    TreeSpot,
    tree_leak_cells,
    tree_spot_json,
)


def run(args: argparse.Namespace) -> int:
    refuse_overwriting_inputs({"--export": args.export},
                              [args.db if args.db is not None else default_path()])
    history = History(args.db, read_only=args.stats or args.export is not None)
    try:
        for notice in history.notices:
            sys.stderr.write(f"omahanash train: {printable(notice)}\n")
        if args.export is not None:
            path = history.export_csv(args.export)
            trees = len(history.tree_records())
            sys.stderr.write(f"{len(history) - trees} answers written to {path}\n")
            if trees:  # the betting-tree answers beside it: other columns
                tree_path = history.export_tree_csv(History.tree_csv_path(args.export))
                sys.stderr.write(f"{trees} betting-tree answers written to {tree_path}\n")
            return 0
        if args.stats:
            _report(history.statistics(), "History", args.json, sys.stdout)
            return 0
        return _drill(args, history)
    finally:
        history.close()


def _drill(args: argparse.Namespace, history: History) -> int:
    if args.game is None:
        raise InputError("--game is required (holdem, omaha-hi, omaha-hilo or mixed), "
                         "or give --stats or --export")
    if args.count < 1:
        raise InputError(f"--count must be >= 1, got {args.count}")
    tree_flags = [flag for flag, value in (("--open", args.open),
                                           ("--max-raises", args.max_raises),
                                           ("--postflop", args.postflop)) if value is not None]
    if args.tree is not None and args.tree.strip().lower() != "pushfold":
        return _drill_tree(args, history)
    if tree_flags:
        raise InputError(f"{', '.join(tree_flags)} is for betting-tree drills: give --tree pl, "
                         "pl-limp, nl or a tree file")
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


def _drill_tree(args: argparse.Namespace, history: History) -> int:
    """A betting-tree drill (``--tree pl|pl-limp|nl|FILE``): the node's actions, feedback per
    action; its ``--json`` adds ``tree``, ``players``, ``payouts``, ``structures``,
    ``ev_lost_pct`` and ``answers`` (each: the node, its actions with their sizes,
    equilibrium percent and EVs, the answer and its verdict:
    :func:`omahanash.trainer.tree_drill.tree_spot_json`)."""
    if args.position in ("push", "call"):
        raise InputError.naming("position", f"--position {args.position} is for push/fold "
                                "drills; on a betting tree: both or a seat (btn, sb, bb, ...)")
    players = 2 if args.players is None else args.players
    config = TreeDrillConfig(args.game, args.tree.strip(), players=players,
                             payouts=args.payouts, stacks=args.stacks, position=args.position,
                             ante=args.ante,
                             open_size=2.0 if args.open is None else args.open,
                             max_raises=3 if args.max_raises is None else args.max_raises,
                             postflop=args.postflop or "commit", close=args.close,
                             close_threshold_bb=CLOSE_THRESHOLD_BB
                             if args.close_threshold is None else args.close_threshold)
    if args.leaks:
        focus = tree_leak_cells(history.statistics(weak_spots=10**6), LEAK_CELLS, config)
        if not focus:
            raise InputError(f"no leaks yet: the history has no wrong answer on this tree "
                             f"at a {players}-handed {args.game} table")
        config = dataclasses.replace(config, focus=focus)
    drill = TreeDrill(config, seed=args.seed, history=history, cache_dir=args.cache_dir)
    out = sys.stderr if args.json else sys.stdout
    for cell in config.focus:
        out.write(f"Drilling leak: {cell.label}\n")
    interrupted = _session(drill, args.count, out)
    stats = drill.statistics()
    lost = [a.record.ev_lost_pct for a in drill.answers if a.record.ev_lost_pct is not None]
    if args.json:
        print_json({**stats.as_dict(), "tree": config.tree, "players": players,
                    "payouts": config.payouts,
                    "structures": [list(s) for s in drill.structures],
                    "ev_lost_pct": float(sum(lost)) if lost else None,
                    "answers": [tree_spot_json(answer) for answer in drill.answers]})
    else:
        _report(stats, f"Session (seed {drill.seed}, {config.tree_words}, {players} players, "
                f"{config.payouts})", False, out)
        if lost:
            out.write(f"EV lost in prize equity: {sum(lost):.3f} % of the prize pool\n")
    for notice in history.notices:
        sys.stderr.write(f"omahanash train: {printable(notice)}\n")
    return 130 if interrupted else 0


def _session(drill: Drill | TableDrill | TreeDrill, count: int, out: TextIO) -> bool:
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


def _deal(drill: Drill | TableDrill | TreeDrill) -> Spot | TreeSpot:
    with cancel_on_interrupt() as cancel:
        try:
            spot = drill.next_spot(StderrProgress("solving the equilibrium"), cancel)
        except Cancelled:
            raise KeyboardInterrupt from None
    if cancel.cancelled:
        raise KeyboardInterrupt
    return spot


def _ask(spot: Spot | TreeSpot, out: TextIO) -> str | None:
    """The answer read from stdin (``allin`` or ``fold``; at a tree node one of its actions),
    or None at ``q`` or the end."""
    name = f" ({class_name(spot.variant, spot.class_id)})" if spot.variant == "holdem" else ""
    if isinstance(spot, TreeSpot):
        return _ask_tree(spot, name, out)
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


def _ask_tree(spot: TreeSpot, name: str, out: TextIO) -> str | None:
    """A tree node's answer: one of its actions, by its key."""
    choices = " · ".join(f"{TREE_KEYS[a.kind]} {a.label}" for a in spot.actions)
    keys = "/".join(TREE_KEYS[a.kind] for a in spot.actions)
    out.write(f"Spot {spot.number} · {spot.description}\n  Hand: {spot.hand}{name}\n"
              f"  {spot.situation}\n  {choices} [{keys}, q to quit] ")
    out.flush()
    while True:
        line = sys.stdin.readline()
        if not sys.stdin.isatty():
            out.write(line.strip() + "\n")
        if not line or line.strip().lower() in ("q", "quit"):
            return None
        try:
            return parse_tree_action(line, spot.kinds)
        except InputError as error:
            out.write(f"  {error} (q to quit): ")
            out.flush()


def _report(stats: Statistics, title: str, as_json: bool, out: TextIO) -> None:
    if as_json:
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
