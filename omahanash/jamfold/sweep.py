"""Equilibria over a range of equal effective stacks (in big blinds) on one table.

>>> rows = sweep("holdem", [2, 10, 20])
>>> [round(r.pusher_range, 1) for r in rows]
[90.4, 58.4, 40.1]
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.solution import JamFoldSolution
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.solving.checks import check_chips


@dataclass(frozen=True)
class SweepRow:
    """One stack of a sweep: ranges in %, Epsilon in chips."""

    stack_bb: float
    pusher_range: float
    caller_range: float
    epsilon: float
    iterations: int

    def as_dict(self) -> dict:
        """The row for the CLI's JSON, under the thesis's names (``range_pu``, ``range_ca``)."""
        stack = int(self.stack_bb) if float(self.stack_bb).is_integer() else self.stack_bb
        return {"stack_bb": stack, "range_pu": self.pusher_range,
                "range_ca": self.caller_range, "epsilon": self.epsilon,
                "iterations": self.iterations}


def parse_stacks(text: str) -> list[float]:
    """``"2,4,6"`` -> ``[2.0, 4.0, 6.0]``; :class:`InputError` on anything else.

    >>> parse_stacks("2, 4,10")
    [2.0, 4.0, 10.0]
    """
    try:
        stacks = [float(item) for item in text.replace(" ", "").split(",") if item]
    except ValueError:
        raise InputError(f"--sweep takes stacks in big blinds separated by commas, "
                         f"got {text!r}") from None
    if not stacks:
        raise InputError("--sweep needs at least one stack")
    return stacks


def sweep(variant: Variant | str, stacks_bb: Sequence[float], sb: float = 5.0, bb: float = 10.0,
          ante: float = 0.0, solver: str = "cfr+", iterations: int | None = None, table=None,
          cache_dir: str | os.PathLike | None = None, class_ids: Sequence[int] | None = None,
          progress: ProgressCallback | None = None,
          cancel: CancelFlag | None = None) -> list[SweepRow]:
    """Solve at each equal effective stack (``stack_bb * bb`` chips each), default stopping
    rule unless ``iterations``. When cancelled it stops (between iterations) and returns the
    stacks finished so far.

    All parameters are validated before anything runs. ``progress(done, total)`` counts stacks.
    """
    if isinstance(stacks_bb, str) or not isinstance(stacks_bb, (Sequence, np.ndarray)) \
            or len(stacks_bb) == 0:
        raise InputError(f"stacks_bb takes one or more stacks in big blinds, got {stacks_bb!r}")
    chips_per_bb = check_chips("BB", bb, "bb")
    all_params = [JamFoldParams(variant, sb=sb, bb=bb, ante=ante,
                                stacks=check_chips("stacks_bb", stack, "stacks_bb") * chips_per_bb)
                  for stack in stacks_bb]
    if table is None:
        table = load_table(all_params[0].variant, cache_dir, class_ids)
    rows: list[SweepRow] = []
    for done, (stack, params) in enumerate(zip(stacks_bb, all_params, strict=True)):
        if progress:
            progress(done, len(all_params))
        if cancel is not None and cancel.cancelled:
            break
        solution = JamFoldSolution.create(params, solver, table=table)
        solution.run(iterations, cancel=cancel)
        if cancel is not None and cancel.cancelled:
            break  # this stack is unfinished: only finished stacks are returned
        last = solution.last_report
        if last is None:
            raise InputError("a sweep needs at least one iteration per stack")
        rows.append(SweepRow(float(stack), last.pusher_range, last.caller_range, last.epsilon,
                             solution.iterations))
    if progress and len(rows) == len(all_params):
        progress(len(all_params), len(all_params))
    return rows
