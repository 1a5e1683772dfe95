"""Solving a push/fold table: :func:`solve_pushfold` (CFR+ to a count or a target, the
heads-up fast path through the cache of equilibria, node locks, a valuation in place of ICM,
live reports) → :class:`~omahanash.pushfold.solution.PushFoldSolution`.

>>> from omahanash.pushfold.spot import PushFoldSpot
>>> spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
>>> solution = solve_pushfold(spot, iterations=60, deals=20_000)
>>> [node.name for node in solution.nodes][:3], solution.iterations
(['BTN', 'SB', 'SB vs BTN'], 60)
>>> solution.nash_conv < 0.5   # prize units of a 100 pool
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import EquityTable, load_table
from omahanash.errors import InputError
from omahanash.jamfold import JamFoldParams
from omahanash.jamfold.nash_cache import equilibrium
from omahanash.pushfold.bounty import Bounties
from omahanash.pushfold.deals import Deals
from omahanash.pushfold.live import LiveSteps, merged_history
from omahanash.pushfold.solution import PushFoldSolution
from omahanash.pushfold.solver import (
    DEFAULT_MAX_ITERATIONS,
    MAX_ITERATIONS,
    REPORT_EVERY,
    PushFoldSolver,
    Valuation,
    _deals_for,
    default_stall,
    default_target,
)
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.ranges import parse_range
from omahanash.runs import CancelFlag, cancel_scope
from omahanash.solving import Outcome, Report, Stall, run


def _check_count(name: str, value: object, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise InputError(f"{name} must be a whole number 1..{most:,}, got {value!r}")
    return value


def solve_pushfold(spot: PushFoldSpot, *, iterations: int | None = None,
                   target: float | None = None, max_iterations: int = DEFAULT_MAX_ITERATIONS,
                   deals: int | str | Deals | None = None, seed: int = 0,
                   table: EquityTable | None = None,
                   locks: Mapping[str, Any] | None = None, cache_dir: str | None = None,
                   progress: Callable[[float, float], None] | None = None,
                   cancel: CancelFlag | None = None,
                   on_report: Callable[[Report], None] | None = None,
                   valuation: Valuation | None = None, live: bool = False,
                   resume_from: PushFoldSolution | None = None,
                   stall: Stall | bool = True, bounty: Bounties | None = None,
                   ) -> PushFoldSolution:
    """Solve a push/fold table by CFR+: ``iterations`` exactly, or until NashConv is at most
    ``target`` (default :func:`default_target`), at most ``max_iterations``.

    ``deals``: a number of sampled deals (default by table size), ``"exact"`` (Hold'em with
    2 or 3 players: every class tuple with its exact weight; slower, no hole-card sampling)
    or a :class:`~omahanash.pushfold.deals.Deals`. ``locks`` maps node names to fixed
    strategies (an array of play chances per class,
    range text, or ``"nash"`` for the unlocked equilibrium's); the others best-respond.
    A stop through ``cancel`` keeps the iterations done (``solution.stopped``).
    ``valuation(final, start)`` values the stacks after the hand in place of ICM (every
    seat's value, in prize units; the spot must have payouts, and every pot must be
    tabled: at most 3 players for Hi/Lo, 4 otherwise); it is called once per distinct
    outcome when the solver is made.
    ``live``: reports for a live view (the app): ``progress`` after every iteration, and
    NashConv at the :data:`~omahanash.pushfold.live.EARLY_REPORTS` iterations too (to
    ``on_report``, ``progress`` and ``solution.history``; the strategies and where a run to a
    target stops are the same bits as without).
    ``resume_from``: a solution of this spot to go on from (a Continue): its solver state is
    copied, so ``resume_from`` stays as it was, and the run continues its iterations, deals,
    table, locks and valuation (``deals``, ``seed``, ``table``, ``locks`` and ``valuation``
    are not given then); the new solution's history starts with its history. The same bits
    as one run of all the iterations.
    ``stall``: a run to a target of 3 or more players ends ``"stalled"`` when NashConv stopped
    falling (True: :func:`~omahanash.pushfold.solver.default_stall`; a
    :class:`~omahanash.solving.Stall` rule of your own; False: run on to ``max_iterations``).
    How the run ended is ``solution.status``: converged, stalled, iterations or stopped.
    ``bounty``: knockout or progressive-knockout bounties (:class:`~omahanash.pushfold.
    bounty.Bounties`, in the payouts' money): every terminal's value adds the bounties won
    there and the share of those still in play (:mod:`~omahanash.pushfold.bounty`); the
    default target is then 0.1 % of the pool and the bounties. Heads-up, a spot with
    bounties is solved on the table engine (not the heads-up cache).

    >>> spot = PushFoldSpot("holdem", [900, 900, 900], 50, 100, payouts="1")
    >>> first = solve_pushfold(spot, iterations=10, deals=20_000)
    >>> more = solve_pushfold(spot, iterations=10, resume_from=first)
    >>> first.iterations, more.iterations, [r.iteration for r in more.history]
    (10, 20, [10, 20])
    >>> locked = solve_pushfold(spot, iterations=20, deals=20_000, locks={"BTN": "fold"})
    >>> locked.node_summary()[0]["percent"], locked.lookup("AA", "SB")["play_pct"] > 99
    (0.0, True)
    """
    if not isinstance(spot, PushFoldSpot):
        raise InputError(f"spot must be a PushFoldSpot, got {spot!r}")
    if iterations is not None:
        _check_count("iterations", iterations, MAX_ITERATIONS)
    _check_count("max_iterations", max_iterations, MAX_ITERATIONS)
    if not isinstance(stall, (bool, Stall)):
        raise InputError(f"stall must be True, False or a Stall rule, got {stall!r}")
    rule = (default_stall(spot) if stall is True else None) if isinstance(stall, bool) \
        else stall
    goal = default_target(spot, bounty) if target is None else target
    if isinstance(goal, bool) or not isinstance(goal, (int, float)) or not math.isfinite(
            goal) or goal <= 0:
        raise InputError(f"target must be a NashConv > 0, got {target!r}")
    if resume_from is not None:
        solver = _resumed(spot, resume_from, deals, seed, table, locks, valuation, bounty)
        solution = PushFoldSolution(spot, solver, history=list(resume_from.history))
    else:
        if table is None:
            table = load_table(spot.variant, cache_dir)
        with cancel_scope(cancel):  # a Stop while deals or a triple table are made: Cancelled
            source = _deals_for(spot, table, deals, seed)
        if bounty is None and _heads_up_fast_path(spot, iterations, target, locks, valuation):
            return _heads_up(spot, table, source, cache_dir, progress, cancel)
        lock_arrays = resolve_locks(spot, table, locks, source, cache_dir, valuation, bounty)
        solver = PushFoldSolver(spot, table, source, lock_arrays, valuation, bounty)
        solution = PushFoldSolution(spot, solver)
    total = iterations if iterations is not None else max_iterations
    # progress counts the solver's iterations: a resumed run's from where it was
    start = solver.iterations
    end = start + total
    expected = [end]  # the iteration the run should end at, for progress

    def seen(report: Report) -> None:
        if progress is not None:
            expected[0] = _expected_total(report, end, iterations, goal)
            progress(report.iteration, expected[0])
        if on_report is not None:
            on_report(report)

    early: list[Report] = []
    driven: PushFoldSolver | LiveSteps = solver
    if live:
        def tick() -> None:
            if progress is not None:
                progress(solver.iterations, expected[0])

        def early_seen(report: Report) -> None:
            early.append(report)
            seen(report)

        driven = LiveSteps(solver, early_seen, tick, end=end, cancel=cancel)
    if progress is not None:
        progress(start, end)
    if iterations is not None:
        outcome = run(driven, iterations=iterations, progress=seen, cancel=cancel)
    else:
        # a run's target is an exploitability (NashConv per player) in every family
        outcome = run(driven, target=goal / spot.players, max_iterations=max_iterations,
                      progress=seen, cancel=cancel, stall=rule)
    solution.history.extend(merged_history(early, outcome.history))
    solution.outcome = outcome
    solution.stopped = outcome.stopped
    return solution


def _resumed(spot: PushFoldSpot, previous: object, deals: object, seed: int, table: object,
             locks: object, valuation: object, bounty: object = None) -> PushFoldSolver:
    """The solver a ``resume_from`` run goes on with: a copy of ``previous``'s."""
    if not isinstance(previous, PushFoldSolution):
        raise InputError(f"resume_from must be a PushFoldSolution, got {previous!r}")
    if previous.spot.describe() != spot.describe():
        raise InputError("resume_from is a solution of another spot: "
                         f"{previous.spot.describe()} (this one is {spot.describe()})")
    given = [name for name, value in (("deals", deals), ("table", table), ("locks", locks),
                                      ("valuation", valuation), ("bounty", bounty))
             if value is not None]
    if seed != 0:
        given.append("seed")
    if given:
        raise InputError(f"resume_from goes on with its own {', '.join(given)}: do not give "
                         f"{'it' if len(given) == 1 else 'them'}")
    return previous.solver.copy()


def _expected_total(report: Report, cap: int, iterations: int | None, goal: float) -> int:
    """The iterations a run will take, for progress: the count asked, or for a run to a
    target the iteration where NashConv (falling about as 1/t) should reach it, capped."""
    done = report.iteration
    if iterations is not None or done == 0 or not math.isfinite(report.nash_conv):
        return cap
    if report.nash_conv <= goal:
        return done
    guess = math.ceil(done * report.nash_conv / goal)
    return int(min(cap, max(done + REPORT_EVERY, guess)))


def _heads_up_fast_path(spot: PushFoldSpot, iterations: int | None, target: float | None,
                        locks: Mapping[str, Any] | None, valuation: Valuation | None) -> bool:
    """Two players, solved to the default target, nothing locked or valued by hand, and
    posts the heads-up game has (no big-blind ante, no seat all in by force): the heads-up
    engine's equilibrium (ICM of two players is affine in the chips: the same strategies)."""
    return (spot.players == 2 and iterations is None and target is None and not locks
            and valuation is None and spot.bb_ante == 0 and not spot.forced().any())


def _heads_up(spot: PushFoldSpot, table, deals: Deals, cache_dir: str | None,
              progress: Callable[[float, float], None] | None,
              cancel: CancelFlag | None) -> PushFoldSolution:
    """The heads-up spot through the cache of equilibria (:func:`~omahanash.jamfold.
    nash_cache.equilibrium`, the heads-up CFR+), handed to the table solver as its average
    strategy: EVs, gains and NashConv are then measured on the table's deals as for any
    table."""
    params = JamFoldParams(spot.variant, sb=spot.sb, bb=spot.bb, ante=spot.ante,
                           stacks=(spot.stacks[0], spot.stacks[1]))
    found = equilibrium(params, table, cache_dir, progress=progress, cancel=cancel)
    hu = found.solution
    solver = PushFoldSolver(spot, table, deals)
    state = solver.state()
    sb_node, bb_node = spot.find_node("SB"), spot.find_node("BB vs SB")
    state.sigma[sb_node.index] = hu.push_strategy
    state.sigma[bb_node.index] = hu.call_strategy
    state.iterations = int(hu.iterations)
    # the weight linear averaging gives that many iterations, so that more of them (the app's
    # Continue) move the average as they would have
    state.avg_weight = state.iterations * (state.iterations + 1) / 2.0
    state.avg_sum[:] = state.sigma * state.avg_weight
    solver.restore(state)
    solution = PushFoldSolution(spot, solver)
    report = solver.report()
    solution.history.append(report)
    solution.stopped = found.stopped
    reason = ("cancelled" if found.stopped else "target" if found.reached_target
              else "iterations")
    run_here = 0 if found.source in ("memory", "disk") else solver.iterations
    solution.outcome = Outcome(report, run_here, found.stopped, reason, (report,))
    return solution


def resolve_locks(spot: PushFoldSpot, table, locks: Mapping[str, Any] | None, deals: Deals,
                  cache_dir: str | None = None,
                  valuation: Valuation | None = None,
                  bounty: Bounties | None = None) -> dict[int, np.ndarray]:
    """Node slot -> fixed play chances per class, from names and specs."""
    if not locks:
        return {}
    if not isinstance(locks, Mapping):
        raise InputError(f"locks must map node names to strategies, got {locks!r}")
    out: dict[int, np.ndarray] = {}
    nash: np.ndarray | None = None
    for name, spec in locks.items():
        node = spot.find_node(name)
        if isinstance(spec, str) and spec.strip().lower() == "nash":
            if nash is None:
                nash = solve_pushfold(spot, deals=deals, table=table,
                                      valuation=valuation, bounty=bounty).strategy()
            out[node.index] = nash[node.index].copy()
        elif isinstance(spec, str):
            out[node.index] = range_strategy(spot, table, spec)
        else:
            probs = np.asarray(spec, dtype=np.float64)
            if probs.shape != (table.n,) or not np.all((probs >= 0) & (probs <= 1)):
                raise InputError(f"lock of {node.name}: give {table.n} chances in 0..1")
            out[node.index] = probs
    return out


def range_strategy(spot: PushFoldSpot, table, text: str) -> np.ndarray:
    """Play chance per class of the table from range text (``top 20%``, ``22+,A2s+``, the
    Omaha syntax; ``fold`` and ``all`` too)."""
    key = text.strip().lower()
    if key in ("fold", "none", "nothing"):
        return np.zeros(table.n)
    if key in ("all", "any", "push", "call", "everything"):
        return np.ones(table.n)
    game = "holdem" if spot.variant is Variant.HOLDEM else "omaha"
    weights = np.asarray(parse_range(text, game).weights, dtype=np.float64)
    return np.clip(weights[table.class_ids], 0.0, 1.0)


