"""The 3-player tournament equilibrium (Ganzfried & Sandholm, AAMAS 2008): how wrong is ICM?

A sit-and-go's last three players: ``chips`` in play, fixed blinds, ``payouts`` for 1st, 2nd
and 3rd. A **state** is the stack vector at the start of a hand in preflop order (BTN, SB,
BB), in multiples of ``unit`` chips, every player at least one unit: with 13,500 chips and a
unit of 300 (45 units) there are C(44, 2) = 946 states, with a unit of 1,500 (9 units) 28.

**Value iteration.** ``V[s]`` is each seat's expected prize from state ``s``; it starts as
ICM (Malmuth–Harville). One iteration solves, for every state, the 3-player push/fold hand
(:func:`~omahanash.pushfold.solve_pushfold`) whose payoffs are not ICM but the previous
iteration's values of where the hand ends (:class:`TournamentValuation`); each seat's
equilibrium EV of that hand is its new value. The iterations stop when the largest change of
a value is at most ``tol`` percent of the prize pool (0.01: a hundredth of a percent, whatever
the prizes' unit: 50/30/20 and 0.5/0.3/0.2 converge alike) or after ``max_iterations``.

Where a hand ends (:class:`TournamentValuation`):

* everybody alive: positions rotate (the SB becomes the button, the BB the SB, the button
  the BB) and the stacks, in units, are the next state. Stacks off the grid (split pots; a
  unit coarser than the blinds) are rounded to the neighbouring grid states at random,
  keeping each stack's expectation (``V`` is interpolated linearly); a live stack below one
  unit counts as one unit (taken from the largest stack).
* one player busted: they finish 3rd; the other two play heads-up, the first of them after
  the rotation in the small blind. Their values are ``2nd + P(win) × (1st − 2nd)`` with
  P(win) from the heads-up tournament's exact Markov chain (:mod:`omahanash.tournament`:
  chip-EV Nash jam/fold at every effective stack, the button alternating) at the same blinds,
  in its own unit (the blinds' greatest common divisor), interpolated linearly between chip
  counts.
* two busted in one hand: the one who started the hand with more chips is 2nd (equal: they
  share 2nd and 3rd), the survivor 1st.

Every iteration is one job of :func:`~omahanash.cluster.run_blocks` (an item per state,
seeded by the state alone: the same bits on every engine), kept in ``store_dir`` as
``iteration-K.job``: a run stopped at any point resumes from the finished states of the
iteration it was in (earlier iterations' complete stores are read back at once).

(Over 500 lines: the states, the valuation and the two iterations share the settings and
one run's stores; what a worker runs for one state is apart, in
:mod:`omahanash.tournament.equilibrium_state`.)

>>> states = stack_states(13_500, 1_500)
>>> len(states), states[0], states[-1]
(28, (1, 1, 7), (7, 1, 1))
>>> len(stack_states(13_500, 300))
946
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.cluster import Scheduler, run_blocks
from omahanash.equity.tables import table_for, table_meta
from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSolution, PushFoldSpot, icm, solve_pushfold
from omahanash.pushfold.chart import subset_ids
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.tournament import Structure, run_tournament, solve_chain
from omahanash.tournament.equilibrium_state import (
    HEAD,
    StateItem,
    deals_for,
    outcome_groups,
    outcome_slots,
    row_length,
    solver_for,
    warm_solve,
)

__all__ = ["EquilibriumResult", "EquilibriumSettings", "StateItem", "TournamentValuation",
           "policy_values", "solve_equilibrium", "stack_states"]

PLAYERS = 3
MAX_STATES = 20_000
UPDATES = ("value", "policy")
HU_SAMPLES = 50_000  # showdowns sampled per heads-up hand's split fractions
ROTATE = (1, 2, 0)  # next hand's BTN, SB, BB are this hand's SB, BB, BTN


def stack_states(chips: float, unit: float, players: int = PLAYERS) -> list[tuple[int, ...]]:
    """Every stack vector (in units, preflop order) of ``players`` players with at least one
    unit each and ``chips / unit`` units in all, in lexicographic order."""
    total = _units(chips, unit)
    if players != PLAYERS:
        raise InputError(f"the tournament equilibrium is for {PLAYERS} players")
    if total < players:
        raise InputError(f"--chips: {chips:g} is less than one --unit per player")
    states: list[tuple[int, ...]] = [(a, b, total - a - b) for a in range(1, total - 1)
              for b in range(1, total - a)]
    if len(states) > MAX_STATES:
        raise InputError(f"--unit {unit:g} makes {len(states):,} states (at most "
                         f"{MAX_STATES:,})")
    return states


def _whole(name: str, value: float) -> int:
    if not float(value).is_integer():
        raise InputError(f"{name} must be a whole number of chips, got {value:g}")
    return int(value)


def _units(chips: float, unit: float) -> int:
    if not (isinstance(unit, (int, float)) and math.isfinite(unit) and unit > 0):
        raise InputError(f"--unit must be a number of chips > 0, got {unit!r}")
    total = chips / unit
    if abs(total - round(total)) > 1e-9:
        raise InputError(f"--chips ({chips:g}) must be a multiple of --unit ({unit:g})")
    return int(round(total))


@dataclass(frozen=True)
class EquilibriumSettings:
    """The tournament and how each state's hand is solved (picklable: sent to workers)."""

    game: str
    chips: float = 13_500.0
    sb: float = 300.0
    bb: float = 600.0
    payouts: tuple[float, ...] = (50.0, 30.0, 20.0)
    unit: float = 300.0
    solve_iterations: int = 100
    deals: int = 20_000
    seed: int = 0
    hu_samples: int = HU_SAMPLES
    cache_dir: str | None = None
    #: CFR+ iterations per state after the first value iteration, continuing the previous
    #: iteration's solve of that state (:mod:`omahanash.tournament.equilibrium_state`); 0:
    #: every value iteration solves every state from scratch with ``solve_iterations``. Fewer
    #: once the values move little: :meth:`cfr_iterations`.
    warm_iterations: int = 0
    #: A class-subset equity table (Omaha; tests and small experiments), None: all classes;
    #: kept as the sorted unique tuple :func:`~omahanash.pushfold.chart.subset_ids` makes of it.
    class_ids: Sequence[int] | None = None
    #: How an iteration updates the values: ``"value"`` (value iteration, G&S 2008: each
    #: state's hand EV with the previous values) or ``"policy"`` (policy iteration: the
    #: exact values of the strategies just solved, :func:`policy_values`).
    update: str = "value"

    def outcome_length(self) -> int:
        """Floats a state's row carries for policy iteration (0 for value iteration)."""
        if self.update != "policy":
            return 0
        return outcome_slots(self.game == "omaha-hilo")

    def __post_init__(self) -> None:
        # the one place the run's class list is checked and put in order (sorted, unique)
        object.__setattr__(self, "class_ids", subset_ids(self.game, self.class_ids))

    def cfr_iterations(self, changes: Sequence[float]) -> int:
        """CFR+ iterations of every state's solve in the value iteration after ``changes``
        (the largest changes so far): ``solve_iterations`` first (and always without warm
        starts), then ``warm_iterations`` scaled by how much the values still move (the last
        largest change over the first), at least a quarter of ``warm_iterations``. Policy
        iteration runs ``warm_iterations`` every time: its values are those of the
        strategies played on and on, so a rougher strategy moves them further (measured on
        the coarse grid).

        >>> s = EquilibriumSettings("holdem", solve_iterations=100, warm_iterations=20)
        >>> s.cfr_iterations([]), s.cfr_iterations([1.2]), s.cfr_iterations([1.2, 0.6])
        (100, 20, 10)
        >>> s.cfr_iterations([1.2, 0.6, 0.01])
        5
        >>> from dataclasses import replace
        >>> replace(s, update="policy").cfr_iterations([1.2, 0.6, 0.01])
        20
        """
        if not changes or self.warm_iterations == 0:
            return self.solve_iterations
        if self.update == "policy":  # the values of the strategies: as precise every time
            return self.warm_iterations
        share = min(1.0, changes[-1] / changes[0]) if changes[0] > 0 else 1.0
        return max(max(1, self.warm_iterations // 4),
                   math.ceil(self.warm_iterations * share - 1e-9))

    def table(self):
        """The equity table the hands are solved on (kept per process)."""
        return table_for(self.game, self.cache_dir, self.class_ids)

    @property
    def prizes(self) -> np.ndarray:
        """1st, 2nd, 3rd prize (places not paid: 0)."""
        out = np.zeros(PLAYERS)
        out[:len(self.payouts)] = self.payouts
        return out

    def payouts_text(self) -> str:
        return "/".join(f"{p:g}" for p in self.payouts)

    def spot(self, state: Sequence[float]):
        return PushFoldSpot(self.game, [x * self.unit for x in state], self.sb, self.bb,
                            payouts=self.payouts_text())


def hu_win_table(settings: EquilibriumSettings) -> tuple[float, np.ndarray]:
    """``(hu_unit, p_sb)``: the heads-up chain's unit (chips) and ``p_sb[x]`` = P(win) of the
    player with ``x`` units who is the small blind of the first heads-up hand."""
    structure = Structure.fixed(_whole("--chips", settings.chips), _whole("--sb", settings.sb),
                                _whole("--bb", settings.bb))
    half = structure.units // 2 * structure.unit
    result = run_tournament(settings.game, structure, (half, settings.chips - half),
                            samples=settings.hu_samples, seed=settings.seed,
                            table=settings.table(), cache_dir=settings.cache_dir)
    chain = solve_chain(result.tables)
    return float(structure.unit), np.asarray(chain.p_win(0), dtype=np.float64)


@dataclass
class TournamentValuation:
    """What the end of a hand is worth to each seat (module doc), a ``valuation(final,
    start)`` of :func:`~omahanash.pushfold.solve_pushfold`: final and start stacks in chips,
    seats in preflop order (BTN, SB, BB), any leading shape ``(..., 3)``.

    >>> s = EquilibriumSettings("holdem", chips=900, sb=100, bb=200, unit=300)
    >>> states = stack_states(900, 300)          # only (1, 1, 1)
    >>> v = TournamentValuation(s, states, np.array([[40.0, 35.0, 25.0]]), 100.0,
    ...                         np.linspace(0, 1, 10))
    >>> v(np.array([300.0, 300.0, 300.0]), np.array([300.0, 300.0, 300.0])).tolist()
    [25.0, 40.0, 35.0]
    >>> v(np.array([900.0, 0.0, 0.0]), np.array([300.0, 200.0, 400.0])).tolist()
    [50.0, 20.0, 30.0]
    """

    settings: EquilibriumSettings
    states: Sequence[tuple[int, ...]]
    values: np.ndarray
    hu_unit: float
    hu_p_sb: np.ndarray
    _index: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        total = _units(self.settings.chips, self.settings.unit)
        self._total = total
        self._index = np.full((total + 1, total + 1), -1, dtype=np.int64)
        for k, (a, b, _) in enumerate(self.states):
            self._index[a, b] = k
        self.values = np.asarray(self.values, dtype=np.float64)

    def __call__(self, final: np.ndarray, start: np.ndarray) -> np.ndarray:
        f = np.asarray(final, dtype=np.float64)
        shape = f.shape
        f = f.reshape(-1, PLAYERS)
        begin = np.broadcast_to(np.asarray(start, dtype=np.float64), shape).reshape(-1, PLAYERS)
        prizes = self.settings.prizes
        eps = 1e-9 * self.settings.chips
        alive = f > eps
        count = alive.sum(axis=1)
        out = np.zeros_like(f)
        rows = np.flatnonzero(count == 3)
        if rows.size:
            nxt = f[rows][:, ROTATE] / self.settings.unit
            out[rows[:, None], np.array(ROTATE)[None, :]] = self._interpolate(nxt)
        for row in np.flatnonzero(count == 2):
            order = [seat for seat in ROTATE if alive[row, seat]]
            sb, other = order
            p = self._hu_p(f[row, sb])
            out[row, sb] = prizes[1] + p * (prizes[0] - prizes[1])
            out[row, other] = prizes[1] + (1.0 - p) * (prizes[0] - prizes[1])
            out[row, ~alive[row]] = prizes[2]
        for row in np.flatnonzero(count == 1):
            winner = int(np.flatnonzero(alive[row])[0])
            out[row, winner] = prizes[0]
            a, b = (seat for seat in range(PLAYERS) if seat != winner)
            if begin[row, a] == begin[row, b]:
                out[row, a] = out[row, b] = (prizes[1] + prizes[2]) / 2.0
            else:
                second, third = (a, b) if begin[row, a] > begin[row, b] else (b, a)
                out[row, second], out[row, third] = prizes[1], prizes[2]
        return out.reshape(shape)

    def _hu_p(self, chips: float) -> float:
        x = chips / self.hu_unit
        grid = np.arange(self.hu_p_sb.size, dtype=np.float64)
        return float(np.interp(x, grid, self.hu_p_sb))

    def _interpolate(self, units: np.ndarray) -> np.ndarray:
        """Values of stack vectors in units (rows summing to the total), by random rounding
        to grid states that keeps every stack's expectation."""
        out = np.zeros_like(units)
        for row in range(units.shape[0]):
            for k, weight in self._points(units[row]):
                out[row] += weight * self.values[k]
        return out

    def _points(self, units: np.ndarray) -> list[tuple[int, float]]:
        """The grid states a stack vector in units is rounded to, with their chances."""
        u = np.array(units, dtype=np.float64)
        low = u < 1.0
        if low.any():  # a live stack below one unit counts as one, from the largest stack
            deficit = float((1.0 - u[low]).sum())
            u[low] = 1.0
            u[int(np.argmax(u))] -= deficit
        floor = np.floor(u + 1e-9)
        frac = np.clip(u - floor, 0.0, 1.0)
        base = floor.astype(np.int64)
        left = self._total - int(base.sum())
        if left <= 0:
            return [(self._state(base), 1.0)]
        points = []
        if left == 1:
            weights = frac / frac.sum()
            for seat in range(PLAYERS):
                if weights[seat] > 0:
                    point = base.copy()
                    point[seat] += 1
                    points.append((self._state(point), float(weights[seat])))
        else:  # two units left: every seat but one gets one more
            weights = (1.0 - frac) / (1.0 - frac).sum()
            for seat in range(PLAYERS):
                if weights[seat] > 0:
                    point = base + 1
                    point[seat] -= 1
                    points.append((self._state(point), float(weights[seat])))
        return points

    def linear(self, final: np.ndarray, start: np.ndarray
               ) -> tuple[list[tuple[int, int, int, float]], np.ndarray]:
        """What one end of a hand is worth as a linear function of :attr:`values`:
        ``(terms, constant)`` with ``value[seat] = constant[seat] + Σ w · values[k, j]``
        over the terms ``(seat, k, j, w)`` (a bust's values are constants).

        >>> s = EquilibriumSettings("holdem", chips=1200, sb=100, bb=200, unit=300)
        >>> v = TournamentValuation(s, stack_states(1200, 300), np.zeros((3, 3)), 100.0,
        ...                         np.linspace(0, 1, 13))
        >>> v.linear(np.array([300.0, 600.0, 300.0]), np.full(3, 400.0))[0]
        [(1, 2, 0, 1.0), (2, 2, 1, 1.0), (0, 2, 2, 1.0)]
        """
        f = np.asarray(final, dtype=np.float64)
        if (f > 1e-9 * self.settings.chips).sum() < PLAYERS:
            return [], np.asarray(self(f, start), dtype=np.float64)
        terms = [(ROTATE[j], k, j, w)
                 for k, w in self._points(f[list(ROTATE)] / self.settings.unit)
                 for j in range(PLAYERS)]
        return terms, np.zeros(PLAYERS)

    def _state(self, point: np.ndarray) -> int:
        k = int(self._index[int(point[0]), int(point[1])])
        if k < 0:
            raise ValueError(f"stack vector {point.tolist()} is not a state")
        return k


def _solve_state(settings: EquilibriumSettings, values: np.ndarray, hu: tuple[float, np.ndarray],
                 iterations: int, item: StateItem) -> np.ndarray:
    """One state's hand with the continuation ``values``, warm-started from the item's
    previous solve when it has one: the state's row
    (:mod:`omahanash.tournament.equilibrium_state`; what a worker runs)."""
    states = stack_states(settings.chips, settings.unit)
    valuation = TournamentValuation(settings, states, values, hu[0], hu[1])
    spot = settings.spot(item.state)
    table = settings.table()
    return warm_solve(spot, table, deals_for(spot, table, settings.deals, settings.seed),
                      valuation, item.warm, iterations, settings.outcome_length())


@dataclass
class EquilibriumResult:
    """The run: ``states``, ``values`` (equilibrium value of each seat per state), ``icm``
    (the ICM values), ``changes`` (each iteration's largest change), ``nash_conv`` (each
    state's NashConv in the last iteration), the heads-up P(win) table."""

    settings: EquilibriumSettings
    states: list[tuple[int, ...]]
    values: np.ndarray
    icm: np.ndarray
    changes: list[float]
    nash_conv: np.ndarray
    hu_unit: float
    hu_p_sb: np.ndarray
    converged: bool
    #: The last iteration's rows (the solver state of every state's hand), None when unknown.
    rows: np.ndarray | None = None
    #: CFR+ iterations of each state's solve in each value iteration.
    cfr_counts: list[int] = field(default_factory=list)
    #: Each iteration's largest |hand EV with the values − the values| (the Bellman
    #: residual: 0 at the fixed point; for value iteration it is the change).
    residuals: list[float] = field(default_factory=list)

    @property
    def difference(self) -> np.ndarray:
        """Equilibrium value minus ICM value, per state and seat."""
        return self.values - self.icm

    def valuation(self) -> TournamentValuation:
        return TournamentValuation(self.settings, self.states, self.values, self.hu_unit,
                                   self.hu_p_sb)

    def state_index(self, chips: Sequence[float]) -> int:
        """The state of a stack vector in chips (BTN, SB, BB)."""
        units = tuple(_units(float(c), self.settings.unit) for c in chips)
        try:
            return self.states.index(units)
        except ValueError:
            raise InputError(f"--state: {list(chips)} is not a state (three stacks, "
                             f"multiples of {self.settings.unit:g} adding up to "
                             f"{self.settings.chips:g})") from None

    def strategies(self, index: int) -> list[dict]:
        """The equilibrium of state ``index``'s hand (with the final values): every node's
        push/call % (and Hold'em range text of the classes played over half the time)."""
        s = self.settings
        spot = s.spot(self.states[index])
        if self.rows is None:
            solution = solve_pushfold(spot, iterations=s.solve_iterations, deals=s.deals,
                                      seed=s.seed, table=s.table(), valuation=self.valuation())
            return solution.node_summary()
        # the state's last solve as it ended (its values were the previous iteration's)
        table = s.table()
        solver = solver_for(spot, table, deals_for(spot, table, s.deals, s.seed),
                            self.valuation(), _warm_part(self.rows[index], s), average=True)
        return PushFoldSolution(spot, solver).node_summary()

    def document(self, state: int | None = None) -> dict[str, Any]:
        s = self.settings
        diff = self.difference
        out: dict[str, Any] = {
            "game": s.game, "players": PLAYERS, "chips": s.chips, "sb": s.sb, "bb": s.bb,
            "payouts": list(s.payouts), "unit": s.unit, "states": len(self.states),
            "iterations": len(self.changes), "changes": self.changes,
            "converged": self.converged, "solve_iterations": s.solve_iterations,
            "warm_iterations": s.warm_iterations, "cfr_iterations": self.cfr_counts,
            "update": s.update, "residuals": self.residuals,
            "deals": s.deals, "seed": s.seed,
            "icm_error": {"mean_abs": float(np.abs(diff).mean()),
                          "max_abs": float(np.abs(diff).max()),
                          "pool": float(sum(s.payouts))},
            "max_nash_conv": float(self.nash_conv.max()) if self.nash_conv.size else None,
            "values": [{"stacks": [x * s.unit for x in st],
                        "equilibrium": self.values[k].tolist(), "icm": self.icm[k].tolist(),
                        "difference": diff[k].tolist()} for k, st in enumerate(self.states)]}
        if state is not None:
            out["state"] = {"stacks": [x * s.unit for x in self.states[state]],
                            "nodes": self.strategies(state)}
        return out


def _warm_part(row: np.ndarray, settings: EquilibriumSettings) -> np.ndarray:
    """A row's solver state (iterations, average weight, regrets, average sum)."""
    return np.array(row[HEAD - 2:row.size - settings.outcome_length()], dtype=np.float64)


def policy_values(settings: EquilibriumSettings, states: Sequence[tuple[int, ...]],
                  hu: tuple[float, np.ndarray], chances: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Policy evaluation: ``(values, A, b)`` — the values of the strategies whose outcome
    chances are ``chances`` (per state, in :func:`~omahanash.tournament.equilibrium_state.
    outcome_groups` order), the solution of ``V = A V + b`` (``V`` flattened state by
    state, seat by seat): each state's value is the chance of each end of its hand times
    what that end is worth (:meth:`TournamentValuation.linear`: the next state's values,
    or a bust's fixed prizes), played until at most one player is left."""
    size = len(states) * PLAYERS
    valuation = TournamentValuation(settings, states, np.zeros((len(states), PLAYERS)), *hu)
    a = np.zeros((size, size))
    b = np.zeros(size)
    for s, state in enumerate(states):
        spot = settings.spot(state)
        finals, _ = outcome_groups(spot)
        start = spot.stack_array()
        for g, final in enumerate(finals):
            p = float(chances[s, g])
            if p == 0.0:
                continue
            terms, constant = valuation.linear(final, start)
            b[s * PLAYERS:(s + 1) * PLAYERS] += p * constant
            for seat, k, j, w in terms:
                a[s * PLAYERS + seat, k * PLAYERS + j] += p * w
    values = np.linalg.solve(np.eye(size) - a, b)
    return values.reshape(-1, PLAYERS), a, b


def _digest(array: np.ndarray) -> str:
    return hashlib.blake2b(np.ascontiguousarray(array).tobytes(), digest_size=10).hexdigest()


def icm_values(settings: EquilibriumSettings, states: Sequence[tuple[int, ...]]) -> np.ndarray:
    prizes = np.asarray(settings.payouts, dtype=np.float64)
    return np.array([icm(np.asarray(st, dtype=np.float64) * settings.unit, prizes)
                     for st in states])


def solve_equilibrium(settings: EquilibriumSettings, *, max_iterations: int = 20,
                      tol: float = 0.01, scheduler: str | Scheduler | None = None,
                      store_dir: str | os.PathLike | None = None,
                      progress: ProgressCallback | None = None,
                      cancel: CancelFlag | None = None) -> EquilibriumResult:
    """Value iteration from ICM (module doc) until the largest change is at most ``tol``
    percent of the prize pool (relative: the prizes' unit changes nothing) or
    ``max_iterations``; each iteration's states on ``scheduler``, kept in ``store_dir``
    (resumable). ``progress(done, total)`` counts states over ``max_iterations``.

    With ``settings.update == "policy"`` each iteration is a step of policy iteration
    instead (Ganzfried & Sandholm's PI-FP, IJCAI 2009): the states' hands are solved with
    the current values as before, and the new values are the exact values of the strategies
    just solved (:func:`policy_values`), not one hand's worth of them."""
    if len(settings.payouts) > PLAYERS or len(settings.payouts) < 1:
        raise InputError("--payouts: give 1 to 3 places")
    for name, value in (("--solve-iterations", settings.solve_iterations),
                        ("--warm-iterations", settings.warm_iterations)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0 \
                or value > 1_000_000 or (value == 0 and name == "--solve-iterations"):
            raise InputError(f"{name} must be a whole number 0..1,000,000 (solve: from 1), "
                             f"got {value!r}")
    states = stack_states(settings.chips, settings.unit)
    spot = settings.spot(states[0])  # bad blinds or game: one clear error before any work
    table = settings.table()
    if settings.update not in UPDATES:
        raise InputError(f"--update must be one of {', '.join(UPDATES)}, got "
                         f"{settings.update!r}")
    tail = settings.outcome_length()
    width = row_length(spot.node_count(), int(table.n), tail)
    icm = icm_values(settings, states)
    hu = hu_win_table(settings)
    values = icm.copy()
    changes: list[float] = []
    nash_conv = np.zeros(len(states))
    job = {k: v for k, v in asdict(settings).items() if k != "cache_dir"}
    job["payouts"] = list(settings.payouts)
    job.update(table_meta(table))
    if settings.update == "value":  # the stores of runs made before there was a choice
        del job["update"]
    residuals: list[float] = []
    converged = False
    rows: np.ndarray | None = None
    counts: list[int] = []
    for iteration in range(max_iterations):
        # its folder made by run_blocks (a file in its place: one message there)
        store = None if store_dir is None else Path(store_dir) / f"iteration-{iteration}.job"

        def step(done: float, total: float, iteration: int = iteration) -> None:
            if progress is not None:
                progress(iteration * total + done, max_iterations * total)

        warm = rows is not None and settings.warm_iterations > 0
        items = [StateItem(state, _warm_part(rows[k], settings) if warm and rows is not None
                           else None) for k, state in enumerate(states)]
        count = settings.cfr_iterations(changes)
        counts.append(count)
        rows = np.array(run_blocks(
            functools.partial(_solve_state, settings, values, hu, count), items,
            result_shape=(width,), scheduler=scheduler, store_path=store, progress=step,
            cancel=cancel, job={**job, "what": "tournament equilibrium", "cfr": count,
                                "values": _digest(values), "iteration": iteration},
            check=functools.partial(_row_problem, float(sum(settings.payouts)), tail)))
        step(len(states), len(states))  # also when the iteration was read back whole
        new = np.array(rows[:, :PLAYERS])
        nash_conv = np.array(rows[:, PLAYERS])
        residuals.append(float(np.abs(new - values).max()))
        if tail:
            new = _evaluate_policy(settings, states, hu, rows[:, width - tail:], values, new)
        changes.append(float(np.abs(new - values).max()))
        values = new
        if changes[-1] <= tol / 100 * sum(settings.payouts):
            converged = True
            break
    return EquilibriumResult(settings, states, values, icm, changes, nash_conv, hu[0], hu[1],
                             converged, rows, counts, residuals)


def _row_problem(pool: float, tail: int, row: np.ndarray) -> str | None:
    """What cannot be in a state's row read back from a job store: a seat's value outside
    0..the prize pool, a negative NashConv, an outcome chance outside 0..1 (None: sound).

    >>> _row_problem(100.0, 0, np.array([50.0, 30.0, 20.0, 0.1])) is None
    True
    >>> _row_problem(100.0, 0, np.array([-7.0, 30.0, 20.0, 0.1]))
    'a value of -7 (not 0..100, the prize pool)'
    """
    values, nash_conv = row[:PLAYERS], row[PLAYERS]
    slack = 1e-9 * max(pool, 1.0)
    bad = ~((values >= -slack) & (values <= pool + slack))
    if bad.any():
        return f"a value of {values[bad][0]:g} (not 0..{pool:g}, the prize pool)"
    if not (np.isfinite(nash_conv) and nash_conv >= -slack):
        return f"a NashConv of {nash_conv:g}"
    chances = row[len(row) - tail:] if tail else row[:0]
    bad = ~((chances >= -1e-9) & (chances <= 1 + 1e-9))
    if bad.any():
        return f"an outcome chance of {chances[bad][0]:g} (not 0..1)"
    return None


def _evaluate_policy(settings: EquilibriumSettings, states: Sequence[tuple[int, ...]],
                     hu: tuple[float, np.ndarray], chances: np.ndarray, values: np.ndarray,
                     hands: np.ndarray) -> np.ndarray:
    """Policy iteration's new values (:func:`policy_values`), checked: the outcome chances
    with the values the hands were solved with must give back the hands' EVs, which the
    solver computed on its own (a mismatch is a bug, never a result)."""
    try:
        exact, a, b = policy_values(settings, states, hu, chances)
    except np.linalg.LinAlgError:  # a chain that never ends (nobody ever all in): one step
        return hands
    again = (a @ values.ravel() + b).reshape(-1, PLAYERS)
    worst = float(np.abs(again - hands).max())
    if not worst <= 1e-6 * max(1.0, float(sum(settings.payouts))):
        raise RuntimeError(f"policy evaluation: the outcome chances give EVs {worst:.3g} "
                           f"away from the hands' own")
    if not np.isfinite(exact).all():
        raise RuntimeError("policy evaluation: the strategies' values are not finite")
    return exact
