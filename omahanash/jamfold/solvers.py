"""Fictitious play and CFR+ on the jam-fold game, one iteration at a time.

A solver state holds arrays only (so it saves and reloads bit for bit) and advances with
``step(game)``; :func:`run_iterations` drives it with a stopping rule, a per-iteration report,
``progress(done, total)`` and a :class:`~omahanash.runs.CancelFlag`.

* :class:`FictitiousPlay` (Brown–Robinson, as the thesis): each iteration both players play a
  pure best response to the other's average so far and the averages take the uniform mean of
  those responses. One fused pass (``G @ q`` and ``G.T @ p`` of the new averages) per iteration.
* :class:`CFRPlus`: regret matching+ at every class of both players, alternating updates (CA
  answers PU's freshly updated strategy), linear averaging (iteration ``t`` weighs ``t``). The
  two updates depend on each other, so an iteration is two single-product passes; the products
  of the averages are kept by linearity and cost nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from omahanash.errors import InputError
from omahanash.jamfold.game import JamFoldGame
from omahanash.runs import CancelFlag, ProgressCallback

SOLVERS = ("fp", "cfr+")
DEFAULT_SOLVER = "cfr+"
FP_DEFAULT_ITERATIONS = 100  # as in the thesis
TARGET_EPSILON_BB = 1e-4  # CFR+ without an iteration count stops here (in big blinds)
MAX_ITERATIONS = 20_000  # ... or after this many iterations of one run


@dataclass(frozen=True)
class IterationReport:
    """What the thesis GUI shows after every iteration (EVs in chips, ranges in %)."""

    iteration: int
    postev1: float
    postev2: float
    epsilon: float
    range_pu: float
    range_ca: float

    def as_row(self) -> list[float]:
        return [self.iteration, self.postev1, self.postev2, self.epsilon,
                self.range_pu, self.range_ca]


class SolverState:
    """Arrays of one solver run; subclasses define :meth:`step` and the averages."""

    name = ""
    array_names: tuple[str, ...] = ()

    def __init__(self, arrays: dict[str, np.ndarray], iteration: int) -> None:
        self.arrays = {k: np.array(arrays[k], dtype=np.float64) for k in self.array_names}
        self.iteration = int(iteration)

    @property
    def n(self) -> int:
        return int(self.arrays[self.array_names[0]].size)

    def average_push(self) -> np.ndarray:
        raise NotImplementedError

    def average_call(self) -> np.ndarray:
        raise NotImplementedError

    def average_products(self) -> tuple[np.ndarray, np.ndarray]:
        """``(G @ average_call, G.T @ average_push)``."""
        raise NotImplementedError

    def step(self, game: JamFoldGame) -> None:
        raise NotImplementedError

    def report(self, game: JamFoldGame) -> IterationReport:
        """PostEVs, Epsilon and ranges of the current average strategies."""
        gq, gtp = self.average_products()
        push = self.average_push()
        postev1 = game.postev_pu(gq)
        postev2 = game.postev_ca(push, gtp)
        return IterationReport(self.iteration, postev1, postev2, (postev1 + postev2) / 2,
                               game.range_percent(push),
                               game.range_percent(self.average_call()))


class FictitiousPlay(SolverState):
    """Brown–Robinson fictitious play. Before the first iteration both averages are the
    uninformed 50 % mix (not counted in the average: iteration 1 replaces it).
    """

    name = "fp"
    array_names = ("push", "call", "push_products", "call_products")

    @classmethod
    def start(cls, game: JamFoldGame) -> FictitiousPlay:
        half = np.full(game.n, 0.5)
        gq, gtp = game.products(half, half)
        return cls({"push": half, "call": half, "push_products": gq, "call_products": gtp}, 0)

    def average_push(self) -> np.ndarray:
        return self.arrays["push"]

    def average_call(self) -> np.ndarray:
        return self.arrays["call"]

    def average_products(self) -> tuple[np.ndarray, np.ndarray]:
        return self.arrays["push_products"], self.arrays["call_products"]

    def step(self, game: JamFoldGame) -> None:
        a = self.arrays
        best_push = (game.push_gain(a["push_products"]) > 0).astype(np.float64)
        best_call = (game.call_gain(a["call_products"]) > 0).astype(np.float64)
        t = self.iteration + 1
        push = a["push"] + (best_push - a["push"]) / t
        call = a["call"] + (best_call - a["call"]) / t
        gq, gtp = game.products(push, call)
        self.arrays = {"push": push, "call": call, "push_products": gq, "call_products": gtp}
        self.iteration = t


def _regret_matching_plus(positive: np.ndarray, negative: np.ndarray) -> np.ndarray:
    """Probability of the first action from clamped regrets (50 % where both are 0)."""
    total = positive + negative
    return np.divide(positive, total, out=np.full(positive.size, 0.5), where=total > 0)


def _add_regrets(positive: np.ndarray, negative: np.ndarray, probability: np.ndarray,
                 gain: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """RM+ update of a two-action decision: ``gain`` = value(first) − value(second)."""
    return (np.maximum(positive + (1.0 - probability) * gain, 0.0),
            np.maximum(negative - probability * gain, 0.0))


class CFRPlus(SolverState):
    """CFR+ with alternating updates and linear averaging.

    Regrets are per deal holding the class (the counterfactual values divided by the constant
    ``W[i]``, which leaves regret matching unchanged). ``call_products_current`` caches
    ``G.T @ p`` of PU's current strategy, so a resumed run needs no extra pass.
    """

    name = "cfr+"
    array_names = ("regret_push", "regret_pu_fold", "regret_call", "regret_ca_fold",
                   "push_sum", "call_sum", "push_products_sum", "call_products_sum",
                   "call_products_current", "weight_sum")

    @classmethod
    def start(cls, game: JamFoldGame) -> CFRPlus:
        zeros = np.zeros(game.n)
        arrays = {name: zeros for name in cls.array_names}
        arrays["weight_sum"] = np.zeros(1)
        arrays["call_products_current"] = game.call_products(np.full(game.n, 0.5))
        return cls(arrays, 0)

    def current_push(self) -> np.ndarray:
        return _regret_matching_plus(self.arrays["regret_push"], self.arrays["regret_pu_fold"])

    def current_call(self) -> np.ndarray:
        return _regret_matching_plus(self.arrays["regret_call"], self.arrays["regret_ca_fold"])

    def _average(self, name: str, current: Callable[[], np.ndarray]) -> np.ndarray:
        weight = float(self.arrays["weight_sum"][0])
        return self.arrays[name] / weight if weight > 0 else current()

    def average_push(self) -> np.ndarray:
        return self._average("push_sum", self.current_push)

    def average_call(self) -> np.ndarray:
        return self._average("call_sum", self.current_call)

    def average_products(self) -> tuple[np.ndarray, np.ndarray]:
        weight = float(self.arrays["weight_sum"][0])
        if weight <= 0:
            raise InputError("CFR+ has no average before its first iteration")
        return (self.arrays["push_products_sum"] / weight,
                self.arrays["call_products_sum"] / weight)

    def step(self, game: JamFoldGame) -> None:
        a = dict(self.arrays)
        t = self.iteration + 1
        push = self.current_push()
        call = self.current_call()
        # PU answers CA's current strategy.
        gq = game.push_products(call)
        a["regret_push"], a["regret_pu_fold"] = _add_regrets(
            a["regret_push"], a["regret_pu_fold"], push, game.push_gain(gq))
        a["push_sum"] = a["push_sum"] + t * push
        a["call_products_sum"] = a["call_products_sum"] + t * a["call_products_current"]
        # CA answers PU's updated strategy.
        next_push = _regret_matching_plus(a["regret_push"], a["regret_pu_fold"])
        gtp = game.call_products(next_push)
        a["regret_call"], a["regret_ca_fold"] = _add_regrets(
            a["regret_call"], a["regret_ca_fold"], call, game.call_gain(gtp))
        a["call_sum"] = a["call_sum"] + t * call
        a["push_products_sum"] = a["push_products_sum"] + t * gq
        a["call_products_current"] = gtp
        a["weight_sum"] = a["weight_sum"] + t
        self.arrays = a  # all at once: an interrupted step leaves the state as it was
        self.iteration = t


STATE_CLASSES: dict[str, type[SolverState]] = {"fp": FictitiousPlay, "cfr+": CFRPlus}


def check_solver(name: str) -> str:
    """Normalized solver name; :class:`InputError` for an unknown one.

    >>> check_solver("CFR+"), check_solver("fp")
    ('cfr+', 'fp')
    """
    key = str(name).strip().lower()
    if key in ("cfrplus", "cfr-plus"):
        key = "cfr+"
    if key not in STATE_CLASSES:
        raise InputError(f"unknown solver {name!r}: use fp or cfr+")
    return key


def start_state(solver: str, game: JamFoldGame) -> SolverState:
    """A fresh state of ``solver`` ("fp" or "cfr+") on ``game``."""
    return STATE_CLASSES[check_solver(solver)].start(game)


def run_iterations(
    game: JamFoldGame,
    state: SolverState,
    iterations: int | None = None,
    target_epsilon: float | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    on_iteration: Callable[[IterationReport], None] | None = None,
    max_iterations: int = MAX_ITERATIONS,
) -> list[IterationReport]:
    """Advance ``state`` and report after every iteration.

    ``iterations`` runs exactly that many more; otherwise the run stops once Epsilon ≤
    ``target_epsilon`` (chips) or after ``max_iterations``. ``cancel`` is checked between
    iterations: the state keeps every finished iteration. ``progress(done, total)`` counts
    iterations of this run (``total`` is the cap when stopping on Epsilon).
    """
    if iterations is not None:
        if int(iterations) < 0:
            raise InputError(f"iterations must be >= 0, got {iterations}")
        total = int(iterations)
    elif target_epsilon is None:
        raise InputError("give a number of iterations or a target Epsilon")
    else:
        total = int(max_iterations)
    reports: list[IterationReport] = []
    if progress:
        progress(0, total)
    last_progress = time.perf_counter()
    for done in range(1, total + 1):
        if cancel is not None and cancel.cancelled:
            break
        state.step(game)
        report = state.report(game)
        reports.append(report)
        if on_iteration is not None:
            on_iteration(report)
        stop = iterations is None and report.epsilon <= target_epsilon
        now = time.perf_counter()
        if progress and (stop or done == total or now - last_progress > 0.05):
            progress(total if stop else done, total)
            last_progress = now
        if stop:
            break
    return reports
