"""Stop inside a pass over the deals: the push/fold kernel releases the GIL and polls the
run's cancel flag (``omahanash.runs.cancel_scope`` / ``kernel_flag``), the interrupted
iteration is thrown away, and a stopped run is a prefix of the uninterrupted one, bit for bit.

The long pass is a 9-handed table's walk of every action path of every deal (the uniform
start, or regrets set back to zero): seconds even on few deals, so a flag set a tenth of a
second after the pass began lands inside it.
"""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from omahanash.errors import Cancelled
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.kernels import deal_pass
from omahanash.pushfold.solver import CHUNKS, PushFoldSolver, PushFoldState
from omahanash.runs import CancelFlag, cancel_scope, kernel_flag
from omahanash.solving import run

SPOT = PushFoldSpot("holdem", [1000] * 9, 50, 100, payouts="50/30/20")
DEALS = 1500  # fewer than the first pass's sample needs: it walks every deal, every path


@pytest.fixture(scope="module")
def fresh():
    solver = PushFoldSolver.from_problem(SPOT, deals=DEALS)
    return lambda: PushFoldSolver(SPOT, solver.table, solver.deals)


def _arrays(state: PushFoldState) -> list[np.ndarray]:
    return [getattr(state, name) for name in PushFoldState.ARRAYS]


def _same(a: PushFoldState, b: PushFoldState) -> bool:
    return a.iterations == b.iterations and a.avg_weight == b.avg_weight and all(
        np.array_equal(x, y) for x, y in zip(_arrays(a), _arrays(b)))


def _args(solver: PushFoldSolver) -> tuple:
    d = solver.deals
    return (d.classes, d.weights, d.hi, d.lo, solver.hilo, solver.sigma, solver.storage,
            solver.scale, solver.classes_n, solver.values, solver.stacks, solver.antes,
            solver.blinds, solver.payouts, solver.icm, CHUNKS)


def test_a_kernel_given_a_set_flag_walks_no_deal(fresh):
    solver = fresh()
    cfv, reach, root = deal_pass(*_args(solver), np.ones(1, np.uint8))
    assert not cfv.any() and not reach.any() and not root.any()
    cfv, reach, root = deal_pass(*_args(solver), np.zeros(1, np.uint8))
    assert reach.any() and root.sum() == pytest.approx(SPOT.prize_pool)


def test_a_step_stopped_by_a_set_flag_leaves_the_state_as_it_was(fresh):
    solver = fresh()
    solver.step(1)
    before = solver.state()
    flag = CancelFlag()
    flag.cancel()
    with cancel_scope(flag), pytest.raises(Cancelled):
        solver.step(1)
    assert _same(solver.state(), before)
    with cancel_scope(flag), pytest.raises(Cancelled):
        solver.report()  # a report's pass too: nothing of it is kept
    assert solver.iterations == 1 and solver.evaluations() == {}


def test_only_the_flags_of_enclosing_scopes_reach_the_kernel():
    outer, inner = CancelFlag(), CancelFlag()
    with cancel_scope(outer):
        with cancel_scope(inner):
            seen = kernel_flag()
            outer.cancel()  # an enclosing job's Stop (a chart) stops the inner run's kernel
            assert seen[0] == 1 and not inner.cancelled
        assert kernel_flag()[0] == 1
    with cancel_scope(None):
        assert kernel_flag()[0] == 0


def _uniform_again(solver: PushFoldSolver) -> None:
    """Regrets back to zero: the next pass walks every path of every deal again (long)."""
    zeros = np.zeros_like(solver.regret_play)
    solver.set_regrets(zeros, zeros, solver.iterations)


def test_a_run_stopped_inside_a_pass_keeps_its_iterations_and_goes_on_bit_for_bit(fresh):
    reference = fresh()
    reference.step(2)
    _uniform_again(reference)
    reference.step(2)

    solver = fresh()
    solver.step(2)
    _uniform_again(solver)
    before = solver.state()
    flag = CancelFlag()
    timer = threading.Timer(0.1, flag.cancel)  # from another thread, once the pass runs
    timer.start()
    outcome = run(solver, iterations=2, cancel=flag)
    timer.join()
    assert outcome.status == "stopped" and outcome.iterations_run == 0
    assert _same(solver.state(), before)  # the interrupted iteration is not counted
    # measuring the stopped state is a pass too: not waited for, "not measured"
    assert outcome.report.iteration == 2 and outcome.report.nash_conv == float("inf")
    assert outcome.history == () and solver.evaluations() == {}
    again = run(solver, iterations=2)
    assert again.status == "iterations" and solver.iterations == 4
    assert _same(solver.state(), reference.state())


def test_a_stop_by_another_flag_than_the_runs_is_not_swallowed(fresh):
    solver = fresh()
    outer = CancelFlag()
    outer.cancel()
    with cancel_scope(outer), pytest.raises(Cancelled):
        run(solver, iterations=1)  # a chart's item: the chart's Stop ends it, not as done
    assert solver.iterations == 0


def test_a_pass_lets_other_threads_run(fresh):
    solver = fresh()  # the uniform start: its first pass walks every path (seconds)
    stamps: list[float] = []
    running = threading.Event()
    stop = threading.Event()

    def count() -> None:
        running.set()
        while not stop.is_set():
            stamps.append(time.perf_counter())
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    running.wait()
    begin = time.perf_counter()
    solver.step(1)
    end = time.perf_counter()
    stop.set()
    thread.join()
    # a kernel holding the GIL would freeze the counter for the whole pass (a thread switch
    # may let it run a few ms after the pass began and before it ended, not more)
    inside = [s for s in stamps if begin + 0.05 < s < end - 0.05]
    assert len(inside) > 10


def test_ctrl_c_reaches_a_kernel_running_in_the_main_thread(fresh, monkeypatch):
    import os
    import signal

    import omahanash.pushfold.solver as solver_module
    from omahanash.runs import cancel_on_interrupt

    solver = fresh()  # its first pass walks every path: seconds
    warm = CancelFlag()
    warm.cancel()
    with cancel_scope(warm), pytest.raises(Cancelled):
        solver.step(1)  # the kernel is loaded: the signal below lands inside it
    passes = []

    def kept(*args):
        passes.append(deal_pass(*args))
        return passes[-1]

    monkeypatch.setattr(solver_module, "deal_pass", kept)
    with cancel_on_interrupt() as flag:
        timer = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        outcome = run(solver, iterations=1, cancel=flag)
        timer.join()
    assert outcome.status == "stopped" and solver.iterations == 0
    # Python's own handler runs only once the kernel has returned (a whole pass: every deal's
    # values, summing to the prize pool); the wakeup pipe's watcher sets the flag while the
    # kernel runs, so it stopped part way
    (_, _, root), = passes
    assert root.sum() < 0.9 * SPOT.prize_pool
