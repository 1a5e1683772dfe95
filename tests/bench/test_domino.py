"""The domino bench's search for the first CFR+ iteration count at a target exploitability."""

import pytest

from omahanash.bench.domino import domino_rows, time_to_exploitability
from omahanash.cfr.compiler import compile_game
from omahanash.cfr.solvers import solve
from omahanash.games.domino import make_domino_game


def test_time_to_exploitability_stops_at_the_target():
    tree = compile_game(make_domino_game("double-2", 2, 2))
    iterations, seconds, reached = time_to_exploitability(tree, 0.001, time_limit=60)
    assert reached <= 0.001 and seconds > 0
    assert solve(tree, "cfr+", iterations).exploitability() == pytest.approx(reached, rel=1e-12)
    # Checked after 1, 2, ..., 8, 9, 10, ... iterations (growing by 1/8): the check before this
    # one was still above the target.
    checks = [1]
    while checks[-1] < iterations:
        checks.append(checks[-1] + max(1, checks[-1] // 8))
    assert checks[-1] == iterations
    earlier = checks[-2]
    assert solve(tree, "cfr+", earlier).exploitability() > 0.001


def test_rows_report_what_was_reached_when_out_of_time():
    rows = domino_rows("domino", [("double-2", 2, 2)], time_limit=0.0)
    compiled, solved = rows
    assert compiled.note == "844 nodes, 114 information sets"
    assert solved.unit == "exploitability" and solved.value > 0.001
    assert solved.note.startswith("not reached: NashConv/2 ")
