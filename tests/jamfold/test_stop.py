"""Stop inside a jam-fold pass: the parallel product kernel (an Omaha table's pass) polls the
run's cancel flag, and the interrupted iteration changes nothing of the state."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.equity.tables import load_table
from omahanash.errors import Cancelled
from omahanash.jamfold import JamFoldParams
from omahanash.jamfold import game as game_module
from omahanash.jamfold.game import JamFoldGame
from omahanash.jamfold.solvers import JamFoldSolver
from omahanash.runs import CancelFlag, cancel_scope
from omahanash.solving import run


@pytest.fixture
def parallel_game(monkeypatch) -> JamFoldGame:
    monkeypatch.setattr(game_module, "PARALLEL_MIN_CELLS", 0)  # Hold'em on Omaha's kernel
    game = JamFoldGame(load_table("holdem"), JamFoldParams(variant="holdem", stacks=100))
    assert game._parallel
    return game


def test_a_stopped_pass_leaves_the_state_and_the_run_goes_on_bit_for_bit(parallel_game):
    reference = JamFoldSolver.from_problem(parallel_game)
    run(reference, iterations=3)
    solver = JamFoldSolver.from_problem(parallel_game)
    run(solver, iterations=2)
    before = {name: array.copy() for name, array in solver.state.arrays.items()}
    flag = CancelFlag()
    flag.cancel()
    with cancel_scope(flag), pytest.raises(Cancelled):
        solver.step(1)  # the kernel sees the flag at its first row: the products are partial
    assert solver.iterations == 2
    assert all(np.array_equal(before[name], array)
               for name, array in solver.state.arrays.items())
    run(solver, iterations=1)
    assert all(np.array_equal(reference.state.arrays[name], array)
               for name, array in solver.state.arrays.items())
