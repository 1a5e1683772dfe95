"""What ``--model icm|fgs|chips``, ``--fgs-depth``, ``--levels`` and ``--hands-per-level``
of ``omahanash solve`` ask for (:func:`~omahanash.commands.parsers.solve.
add_model_arguments`): the payouts a spot is built with, and the FGS valuation of a table."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from omahanash.errors import InputError
from omahanash.pushfold.fgs import (
    MAX_DEPTH,
    FGSValuation,
    Level,
    Schedule,
    default_depth,
)
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.runs import CancelFlag, StderrProgress

FGS_ONLY = (("--fgs-depth", "fgs_depth"), ("--levels", "levels"),
            ("--hands-per-level", "hands_per_level"))


def model_payouts(args: argparse.Namespace) -> str | None:
    """The payouts the spot is built with under ``--model``: ``--model chips`` drops them
    (chip EV), ``icm`` and ``fgs`` need them; the FGS options need ``--model fgs``.

    >>> ns = argparse.Namespace(model="chips", payouts="50/30/20", fgs_depth=None,
    ...                         levels=None, hands_per_level=None)
    >>> model_payouts(ns) is None
    True
    """
    model = getattr(args, "model", None)
    if model != "fgs":
        for flag, name in FGS_ONLY:
            if getattr(args, name, None) is not None:
                raise InputError.naming(name, f"{flag} needs --model fgs")
    if model in ("icm", "fgs") and args.payouts in (None, "chips"):
        raise InputError.naming("model", f"--model {model} values prizes: give --payouts "
                                "(e.g. 50/30/20)")
    if model == "chips":
        return None
    return args.payouts


def schedule_of(args: argparse.Namespace) -> Schedule | None:
    """``--levels`` / ``--hands-per-level`` as a schedule (None: the blinds stay)."""
    hands = args.hands_per_level
    if args.levels is None:
        if hands is not None:
            raise InputError.naming("hands_per_level", "--hands-per-level goes with --levels")
        return None
    if hands is not None and hands < 1:
        raise InputError.naming("hands_per_level",
                                f"--hands-per-level must be a whole number >= 1, got {hands}")
    several = len([item for item in str(args.levels).split(",") if item.strip()]) > 1
    if several and hands is None:
        raise InputError.naming("hands_per_level", "--levels with several levels needs "
                                "--hands-per-level")
    ante = 0.0 if args.ante is None else float(args.ante)
    bb_ante = 0.0 if args.bb_ante is None else float(args.bb_ante)
    try:
        schedule = Schedule.parse(args.levels, 0 if hands is None else hands, ante, bb_ante)
    except InputError as exc:
        raise InputError.naming("levels", f"--levels {args.levels!r}: {exc}") from None
    return schedule


def level_blinds(args: argparse.Namespace, schedule: Schedule | None) -> None:
    """With ``--levels``, the hand solved is at the first level: ``--sb``/``--bb``/
    ``--ante`` not given take it, given ones must agree with it (set on ``args``)."""
    if schedule is None:
        return
    first: Level = schedule.levels[0]
    for flag, name, value in (("--sb", "sb", first.sb), ("--bb", "bb", first.bb),
                              ("--ante", "ante", first.ante)):
        given = getattr(args, name, None)
        if given is None:
            setattr(args, name, value)
        elif float(given) != value:
            raise InputError.naming(name, f"{flag} {given:g} is not the first level of "
                                    f"--levels ({args.levels}): give one or the other")


def fgs_valuation(args: argparse.Namespace, spot: PushFoldSpot, schedule: Schedule | None,
                  table: Any, cancel: CancelFlag | None = None) -> FGSValuation:
    """The FGS valuation ``--fgs-depth`` (default by table size) asks for."""
    depth = args.fgs_depth if args.fgs_depth is not None else default_depth(spot.players)
    if isinstance(depth, bool) or not 1 <= depth <= MAX_DEPTH:
        raise InputError.naming("fgs_depth", f"--fgs-depth must be 1..{MAX_DEPTH}, got "
                                f"{depth}")
    valuation = FGSValuation(spot, depth, schedule, table=table)
    valuation.cancel = cancel
    valuation.on_progress = FGSProgress(f"FGS{depth}")
    return valuation


def fgs_document(valuation: FGSValuation) -> dict[str, Any]:
    """The ``--json`` field ``fgs``: depth, schedule, pruning and how much was solved."""
    schedule = valuation.schedule
    return {"depth": valuation.depth,
            "levels": [{"sb": lv.sb, "bb": lv.bb, "ante": lv.ante} for lv in schedule.levels],
            "hands_per_level": schedule.hands_per_level or None,
            "prune": valuation.prune, "buckets": int(valuation.classes.weights.size),
            "future_iterations": valuation.iterations,
            "states": valuation.states, "future_hands_solved": valuation.solves}


class FGSProgress:
    """``on_progress(states, solves)`` of an FGS valuation: one stderr line redrawn (plain
    lines every 5 s into a file), and a last one by :meth:`close`."""

    def __init__(self, label: str, interval: float = 0.5) -> None:
        self.label = label
        self.interactive = sys.stderr.isatty()
        self.interval = interval if self.interactive else 5.0
        self.start = time.perf_counter()
        self._last = self.start
        self._end = self.start  # the last state valued
        self._line = ""

    def __call__(self, states: int, solves: int) -> None:
        self._line = (f"{self.label}: {states:,} future states valued, {solves:,} future "
                      f"hands solved")
        now = time.perf_counter()
        self._end = now
        if StderrProgress.quiet or now - self._last < self.interval:
            return
        self._last = now
        sys.stderr.write(f"\r{self._line}   " if self.interactive else self._line + "\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self._line and not StderrProgress.quiet and self._end - self.start >= 1:
            text = f"{self._line} in {self._end - self.start:.1f} s"
            sys.stderr.write(f"\r{text}   \n" if self.interactive else text + "\n")
            sys.stderr.flush()
