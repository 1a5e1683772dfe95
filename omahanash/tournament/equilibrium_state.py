"""One state of the tournament equilibrium: its hand solved, warm-started from the last time.

Value iteration (:mod:`omahanash.tournament.equilibrium`) solves the same 3-player push/fold
hand of every state again and again, each time with continuation values that moved a little.
Solving it from scratch each time (CFR+ from the uniform strategy) wastes nearly all the work:
a **warm start** continues the previous value iteration's CFR+ run of that state — its
regrets and its iteration count, so its current strategy — for a few more iterations with the
new values, and averages only those iterations (an average carried over would be mostly
strategies of games with older values). At the fixed point of value iteration (values that no
longer move) the regrets are those of one long CFR+ run of one fixed game; NashConv is
measured against the current values, as for a cold solve.

The solver is the push/fold engine's own :class:`~omahanash.pushfold.PushFoldSolver`; a warm
start sets its regrets (what :meth:`~omahanash.pushfold.PushFoldSolution.save`
keeps to resume a solve) before the iterations, so ``omahanash/pushfold`` needs no hook. A cold
solve (no warm state) is bit-identical to :func:`~omahanash.pushfold.solve_pushfold` with the
same iterations, deals and seed.

A state's result is one float64 row (:func:`row_length`): each seat's prize EV, NashConv, the
solver's iteration count and average weight, then its regrets (play, fold) and average sum
per node slot and class: the next value iteration's warm start of that state.

>>> StateItem((1, 2, 3))
StateItem((1, 2, 3), cold)
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from omahanash.cards import Variant
from omahanash.pushfold.kernels import fixed_finals, most_tabled, outcome_finals
from omahanash.pushfold.solver import PushFoldSolver, _deals_for

if TYPE_CHECKING:
    from omahanash.pushfold.solver import PushFoldSolver

__all__ = ["HEAD", "StateItem", "outcome_groups", "outcome_probabilities", "outcome_slots",
           "row_length", "solver_for", "warm_solve"]

#: Leading entries of a row: 3 prize EVs, NashConv, iterations, average weight.
HEAD = 6
_DEALS: dict[tuple, Any] = {}  # the last deals made in this process (every state shares them)


class StateItem:
    """A work item: the state (stacks in units, BTN SB BB) and its warm start (the previous
    row's solver part, or None). Its ``repr`` (what the job store's identity hashes) names the
    warm start by a digest instead of printing it.

    >>> StateItem((2, 3, 4), np.zeros(3))
    StateItem((2, 3, 4), warm 06534def57a011726d67)
    """

    __slots__ = ("state", "warm")

    def __init__(self, state: Sequence[int], warm: np.ndarray | None = None) -> None:
        self.state = tuple(int(x) for x in state)
        self.warm = None if warm is None else np.ascontiguousarray(warm, dtype=np.float64)

    def __repr__(self) -> str:
        if self.warm is None:
            return f"StateItem({self.state}, cold)"
        digest = hashlib.blake2b(self.warm.tobytes(), digest_size=10).hexdigest()
        return f"StateItem({self.state}, warm {digest})"

    def __getstate__(self) -> tuple:
        return self.state, self.warm

    def __setstate__(self, value: tuple) -> None:
        self.state, self.warm = value


def deals_for(spot: Any, table: Any, count: int, seed: int):
    """``count`` seeded deals of the table's classes (the deals :func:`~omahanash.pushfold.
    solve_pushfold` samples: the solver's own rule for which classes), kept per process:
    every state of a run shares them."""
    ids = np.ascontiguousarray(table.class_ids, dtype=np.int64)
    key = (str(spot.variant), spot.players, count, seed,
           hashlib.blake2b(ids.tobytes(), digest_size=16).hexdigest())
    if key not in _DEALS:
        _DEALS.clear()
        _DEALS[key] = _deals_for(spot, table, count, seed)
    return _DEALS[key]


def row_length(slots: int, classes: int, outcomes: int = 0) -> int:
    """Floats in a state's row for a solver of ``slots`` node slots and ``classes`` classes,
    with ``outcomes`` outcome probabilities at its end (policy iteration; 0: none).

    >>> row_length(7, 169), row_length(7, 169, 22)
    (3555, 3577)
    """
    return HEAD + 3 * slots * classes + outcomes


@functools.cache
def outcome_slots(hilo: bool, players: int = 3) -> int:
    """How many distinct outcomes a hand of ``players`` can have at most (one player left,
    each two-player pot's two winners, every showdown order of the bigger pots): the
    length of a row's outcome part.

    >>> outcome_slots(False), outcome_slots(True)
    (22, 347)
    """
    n = players
    ones = np.ones(n)
    slot, index, _ = outcome_finals(ones, np.zeros(n), np.zeros(n), hilo,
                                    most_tabled(n, hilo, True))
    multi = sum(int((index[bin(live).count("1") - 3] >= 0).sum())
                for live in range(1 << n) if slot[live] >= 0)
    return n + n * (n - 1) + multi  # one player left; two left, either one winning; more


def _entries(spot: Any) -> list[tuple[int, int, int, np.ndarray]]:
    """Every terminal value a push/fold pass reads, as the solver fills them
    (:func:`~omahanash.pushfold.kernels.terminal_values` with a valuation): ``(array, i,
    j, final)`` — array 0 single[live], 1 first[live], 2 second[live] (``i = live``), 3
    multi[slot, row] (``i, j``) — with the stacks after the hand."""
    stacks = spot.stack_array()
    antes, blinds = spot.posts()
    n = stacks.size
    hilo = spot.variant is Variant.OMAHA_HILO
    single, first, second = fixed_finals(stacks, antes, blinds)
    slot, index, finals = outcome_finals(stacks, antes, blinds, hilo,
                                         most_tabled(n, hilo, True))
    out: list[tuple[int, int, int, np.ndarray]] = []
    for live in range(1 << n):
        count = bin(live).count("1")
        if count == 1:
            out.append((0, live, 0, single[live]))
        elif count == 2:
            out.append((1, live, 0, first[live]))
            out.append((2, live, 0, second[live]))
    for live in range(1 << n):
        if slot[live] >= 0:
            count = bin(live).count("1")
            for row in range(int((index[count - 3] >= 0).sum())):
                out.append((3, int(slot[live]), row, finals[slot[live], row]))
    return out


def outcome_groups(spot: Any) -> tuple[np.ndarray, list[list[tuple[int, int, int]]]]:
    """The hand's distinct outcomes: ``(finals, members)`` — the stacks after the hand of
    each (in the order first met in :func:`_entries`) and the terminal values that end
    there. What an outcome is worth depends only on those stacks (and the stacks before).

    >>> from omahanash.pushfold import PushFoldSpot
    >>> finals, members = outcome_groups(PushFoldSpot("holdem", [900, 900, 900], 50, 100))
    >>> finals.shape, sum(len(m) for m in members)
    ((16, 3), 22)
    """
    keys: dict[bytes, int] = {}
    finals: list[np.ndarray] = []
    members: list[list[tuple[int, int, int]]] = []
    for array, i, j, final in _entries(spot):
        key = np.ascontiguousarray(final, dtype=np.float64).tobytes()
        if key not in keys:
            keys[key] = len(finals)
            finals.append(np.array(final, dtype=np.float64))
            members.append([])
        members[keys[key]].append((array, i, j))
    return np.array(finals).reshape(-1, spot.players), members


def outcome_probabilities(solver: PushFoldSolver, sigma: np.ndarray) -> np.ndarray:
    """The chance of each of :func:`outcome_groups`'s outcomes when the players play
    ``sigma`` (over the solver's deals): a pass gives every seat's EV, so a pass whose
    terminal values are 1 at one outcome's terminals for one seat (0 elsewhere) gives that
    outcome's chance at that seat — ``players`` outcomes per pass."""
    _, members = outcome_groups(solver.spot)
    kept = solver.values
    n = solver.spot.players
    out = np.zeros(len(members))
    try:
        for start in range(0, len(members), n):
            probe = tuple(np.zeros_like(a) if a.dtype.kind == "f" else a for a in kept)
            for seat, group in enumerate(range(start, min(start + n, len(members)))):
                for array, i, j in members[group]:
                    target = probe[array if array < 3 else 5]
                    if array < 3:
                        target[i, seat] = 1.0
                    else:
                        target[i, j, seat] = 1.0
            solver.values = probe
            root = np.asarray(solver._pass(sigma)[2])
            for seat, group in enumerate(range(start, min(start + n, len(members)))):
                out[group] = root[seat]
    finally:
        solver.values = kept
    return out


def solver_for(spot: Any, table: Any, deals: Any, valuation: Any,
               warm: np.ndarray | None, average: bool = False) -> PushFoldSolver:
    """A solver of the spot with the valuation, set to the warm state (a row's solver part)
    when there is one: its regrets and iteration count, and with ``average`` its average
    strategy too (to read a finished solve back; a warm start restarts the average)."""
    solver = PushFoldSolver(spot, table, deals, None, valuation)
    # the tournament's values are those of the average strategies as its rows keep them
    # (policy iteration solves them linearly): no best reply of the big blind on top
    solver.polish = False
    if warm is not None:
        shape = solver.regret_play.shape
        size = shape[0] * shape[1]
        if warm.shape != (3 * size + 2,):
            raise ValueError(f"a warm start of {warm.shape} does not fit a solver of {shape}")
        # the regrets and the iteration count go on; the average starts again (it would
        # otherwise be mostly strategies of games with older values: measured on the coarse
        # grid after 19 value iterations, NashConv 0.17 of the pool continuing it against
        # 0.0008 restarting it, 0.0007 for 100 iterations from scratch)
        solver.set_regrets(warm[2:2 + size].reshape(shape),
                           warm[2 + size:2 + 2 * size].reshape(shape), int(warm[0]))
        if average:
            solver.avg_weight = float(warm[1])
            solver.avg_sum[...] = warm[2 + 2 * size:].reshape(shape)
    return solver


def warm_solve(spot: Any, table: Any, deals: Any, valuation: Any, warm: np.ndarray | None,
               iterations: int, outcomes: int = 0) -> np.ndarray:
    """``iterations`` more CFR+ iterations of the spot from ``warm`` (None: from scratch);
    the state's row (module doc). With ``outcomes`` (:func:`outcome_slots`), the row ends
    with the chance of each of :func:`outcome_groups`'s outcomes under the average
    strategy, padded with zeros to that length (what policy iteration needs)."""
    solver = solver_for(spot, table, deals, valuation, warm)
    solver.step(iterations)
    evaluated = solver.evaluate()
    prize = np.asarray(evaluated["root"], dtype=np.float64)
    nash_conv = float(np.asarray(evaluated["gains"]).sum())
    parts: list[np.ndarray] = [prize, np.array([nash_conv, float(solver.iterations),
                                                solver.avg_weight]),
                               solver.regret_play.ravel(), solver.regret_fold.ravel(),
                               solver.avg_sum.ravel()]
    if outcomes:
        chances = outcome_probabilities(solver, solver.average())
        if chances.size > outcomes:
            raise ValueError(f"{chances.size} outcomes do not fit a row part of {outcomes}")
        parts.append(np.concatenate([chances, np.zeros(outcomes - chances.size)]))
    return np.concatenate(parts)
