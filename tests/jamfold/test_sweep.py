"""The stack sweep as a library call: parameters, per-stack solutions, progress, cancel."""

from __future__ import annotations

import pytest

from omahanash.errors import InputError
from omahanash.jamfold import JamFoldParams, JamFoldSolution, sweep
from omahanash.runs import CancelFlag


def test_each_row_is_the_solution_at_that_stack(subset_table):
    rows = sweep("omaha-hi", [3, 12], sb=5, bb=10, ante=1, table=subset_table)
    assert [r.as_dict()["stack_bb"] for r in rows] == [3, 12]
    for row in rows:
        solution = JamFoldSolution.create(
            JamFoldParams(variant="omaha-hi", ante=1, stacks=10 * row.stack_bb),
            table=subset_table)
        last = solution.run()[-1]
        assert (row.pusher_range, row.caller_range, row.epsilon, row.iterations) == \
            (last.pusher_range, last.caller_range, last.epsilon, solution.iterations)
        assert row.epsilon <= 1e-3


def test_sweep_validates_every_stack_first_and_can_be_cancelled(subset_table):
    with pytest.raises(InputError, match="stack S2 must exceed BB"):
        sweep("omaha-hi", [4, 1], table=subset_table)
    flag = CancelFlag()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 1:
            flag.cancel()

    rows = sweep("omaha-hi", [2, 4, 6], table=subset_table, progress=progress, cancel=flag)
    assert len(rows) == 1 and seen == [(0, 3), (1, 3)]
