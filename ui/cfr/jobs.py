"""The CFR games tab's jobs, without Qt: each function returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``), and what a
job hands back (:class:`TreeOutcome`, :class:`MatrixOutcome`, a saved file's path).

Stop is the run loop's business (:func:`omahanash.solving.run`): a stopped run returns what it
did, marked ``stopped``; nothing raises for a stop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from omahanash.errors import InputError
from ui.kit.fields import Reporter

if TYPE_CHECKING:
    from omahanash.cfr.browser import TreeBrowser
    from omahanash.cfr.solvers import Solution
    from omahanash.game import Game
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]


@dataclass(frozen=True)
class TreeOutcome:
    """A tree-game run that ended: the solution (all iterations done so far), a browser over
    it, the players' values, and whether Stop ended it early."""

    solution: Solution
    browser: TreeBrowser
    values: list[float]
    stopped: bool
    note: str = ""


@dataclass(frozen=True)
class MatrixOutcome:
    """A matrix-game run that ended: :func:`omahanash.games.matrix.solve_matrix`'s dict and
    whether Stop ended it (the run's ``Outcome.stopped``)."""

    result: dict[str, Any]
    stopped: bool = False


def train_job(solution: Solution, iterations: int, report: Reporter,
              cancel: CancelFlag, note: str = "") -> TreeOutcome:
    """Train ``solution`` (worker thread); Stop keeps the iterations done. The browser and the
    values are prepared here too, so the GUI thread only displays them."""
    from omahanash.cfr.browser import TreeBrowser
    from omahanash.cfr.solvers import run_cfr

    report.phase("solving", detail=lambda: (solution.iterations, list(solution.history)))
    stopped = run_cfr(solution, iterations, progress=report, cancel=cancel).stopped
    browser = TreeBrowser(solution)
    # Build the views the tree view shows first (the root and its children) here, not in the
    # GUI thread: on a tree of millions of nodes they take a noticeable fraction of a second.
    for transition in browser.node().transitions:
        browser.goto(tuple(transition.step.split()))
    browser.goto(())
    return TreeOutcome(solution, browser, solution.values(), stopped, note)


def tree_job(game: Game, algorithm: str, iterations: int, seed: int | None) -> Job:
    """Compile ``game`` and train a new solution on it."""
    def job(report: Reporter, cancel: CancelFlag) -> TreeOutcome:
        from omahanash.cfr.compiler import DEFAULT_MAX_NODES, compile_game
        from omahanash.cfr.solvers import new_solution

        report.phase("building the tree")
        tree = compile_game(game, DEFAULT_MAX_NODES, progress=report, cancel=cancel)
        return train_job(new_solution(tree, algorithm, seed), iterations, report, cancel)

    return job


def matrix_job(payoff: str, algorithm: str, iterations: int, opponent: str | None,
               seed: int | None) -> Job:
    """Learn a matrix game (:func:`omahanash.games.matrix.solve_matrix`)."""
    def job(report: Reporter, cancel: CancelFlag) -> MatrixOutcome:
        from omahanash.games.matrix import solve_matrix

        report.phase("solving")
        result, outcome = solve_matrix(payoff, algorithm, iterations, opponent, seed,
                                       progress=report, cancel=cancel)
        return MatrixOutcome(result, outcome.stopped)

    return job


def continue_job(solution: Solution, iterations: int) -> Job:
    """Train an existing solution for ``iterations`` more."""
    def job(report: Reporter, cancel: CancelFlag) -> TreeOutcome:
        return train_job(solution, iterations, report, cancel)

    return job


def save_job(solution: Solution, target: Path) -> Job:
    """Save a solution; an unwritable place is the user's input error."""
    def job(report: Reporter, cancel: CancelFlag) -> Path:
        from omahanash.cfr.storage import save_solution

        report.phase("saving")
        try:
            return save_solution(solution, target)
        except OSError as exc:
            raise InputError(f"cannot save to {target}: {exc.strerror or exc}") from None

    return job


def open_job(source: Path) -> Job:
    """Open a saved solution and prepare its browser."""
    def job(report: Reporter, cancel: CancelFlag) -> TreeOutcome:
        from omahanash.cfr.storage import load_solution

        report.phase("opening")
        return train_job(load_solution(source), 0, report, cancel, note=f"Opened {source.name}.")

    return job
