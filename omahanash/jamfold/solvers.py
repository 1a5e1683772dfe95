"""Fictitious play and CFR+ on the jam-fold game, one iteration at a time.

A solver state holds arrays only (so it saves and reloads bit for bit) and advances with
``step(game)``; :class:`JamFoldSolver` puts a state on its game behind the one solver protocol
(:mod:`omahanash.solving`), and :func:`run_solver` (:func:`run_iterations` for the list of
reports) drives it through :func:`omahanash.solving.run` with a stopping rule, a per-iteration
report, ``progress(done, total)`` and a :class:`~omahanash.runs.CancelFlag`. The solvers are
the rows of :data:`SOLVERS`.

* :class:`FictitiousPlay` (Brown–Robinson, as the thesis): each iteration both players play a
  pure best response to the other's average so far and the averages take the uniform mean of
  those responses. One fused pass (``G @ q`` and ``G.T @ p`` of the new averages) per iteration.
* :class:`CFRPlus`: regret matching+ (:mod:`omahanash.regret`, two actions a class) at every
  class of both players, alternating updates (the caller answers the pusher's freshly updated
  strategy), linear averaging (iteration ``t`` weighs ``t``). The two updates depend on each
  other, so an iteration is two single-product passes; the products of the averages are kept
  by linearity and cost nothing.

>>> from omahanash.equity.tables import load_table
>>> from omahanash.jamfold.game import JamFoldParams
>>> game = JamFoldGame(load_table("holdem"), JamFoldParams(variant="holdem", stacks=100))
>>> state = start_state("cfr+", game)
>>> reports = run_iterations(game, state, target_epsilon=0.001)
>>> len(reports), round(reports[-1].pusher_range, 2), round(reports[-1].caller_range, 2)
(131, 58.42, 37.36)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from omahanash.errors import InputError
from omahanash.hands import class_cards
from omahanash.jamfold.game import JamFoldGame
from omahanash.jamfold.kernels import update_play_regrets
from omahanash.regret import match_rows
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.solving import (
    REGISTRY,
    Outcome,
    Report,
    Result,
    TabularPolicy,
    check_run_iterations,
    result_of,
    run,
)
from omahanash.solving.checks import report_hook

DEFAULT_SOLVER = "cfr+"
FP_DEFAULT_ITERATIONS = 100  # as in the thesis
TARGET_EPSILON_BB = 1e-4  # CFR+ without an iteration count stops here (in big blinds)
MAX_ITERATIONS = 20_000  # ... or after this many iterations of one run


@dataclass(frozen=True)
class IterationReport:
    """What the thesis GUI shows after every iteration (EVs in chips, ranges in %):
    PostEV Player1 and Player2 (each player's best response to the other's average strategy),
    Epsilon = their mean, and the shares of hands pushed and called."""

    iteration: int
    post_ev_pusher: float
    post_ev_caller: float
    epsilon: float
    pusher_range: float
    caller_range: float

    def as_row(self) -> list[float]:
        return [self.iteration, self.post_ev_pusher, self.post_ev_caller, self.epsilon,
                self.pusher_range, self.caller_range]


class SolverState:
    """Arrays of one solver run; subclasses define :meth:`step` and the averages."""

    name = ""
    array_names: tuple[str, ...] = ()

    def __init__(self, arrays: dict[str, np.ndarray], iteration: int) -> None:
        self.arrays = {k: np.array(arrays[k], dtype=np.float64) for k in self.array_names}
        self.iteration = int(iteration)

    @classmethod
    def start(cls, game: JamFoldGame) -> SolverState:
        """A fresh state on ``game``."""
        raise NotImplementedError

    @property
    def n(self) -> int:
        """Number of hand classes (the first axis of every per-class array)."""
        return int(self.arrays[self.array_names[0]].shape[0])

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
        pusher = game.post_ev_pusher(gq)
        caller = game.post_ev_caller(push, gtp)
        return IterationReport(self.iteration, pusher, caller, (pusher + caller) / 2,
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


class CFRPlus(SolverState):
    """CFR+ with alternating updates and linear averaging.

    Regrets are per deal holding the class (the counterfactual values divided by the constant
    ``W[i]``, which leaves regret matching unchanged). Each player's regrets are ``(n, 2)``
    rows, (push, fold) and (call, fold), matched by :func:`~omahanash.regret.match_rows` and
    updated by :func:`~omahanash.jamfold.kernels.update_play_regrets` (both
    :mod:`omahanash.regret`'s regret matching).
    ``call_products_current`` caches ``G.T @ p`` of the pusher's current strategy, so a
    resumed run needs no extra pass.
    """

    name = "cfr+"
    array_names = ("pusher_regrets", "caller_regrets", "push_sum", "call_sum",
                   "push_products_sum", "call_products_sum", "call_products_current",
                   "weight_sum")

    @classmethod
    def start(cls, game: JamFoldGame) -> CFRPlus:
        zeros = np.zeros(game.n)
        arrays = {name: zeros for name in cls.array_names}
        arrays["pusher_regrets"] = arrays["caller_regrets"] = np.zeros((game.n, 2))
        arrays["weight_sum"] = np.zeros(1)
        arrays["call_products_current"] = game.call_products(np.full(game.n, 0.5))
        return cls(arrays, 0)

    def current_push(self) -> np.ndarray:
        return match_rows(self.arrays["pusher_regrets"])[:, 0]

    def current_call(self) -> np.ndarray:
        return match_rows(self.arrays["caller_regrets"])[:, 0]

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
        # The regrets are updated in place on copies: an interrupted step changes nothing.
        pusher_regrets = a["pusher_regrets"].copy()
        caller_regrets = a["caller_regrets"].copy()
        push_rows = match_rows(pusher_regrets)
        call_rows = match_rows(caller_regrets)
        push = push_rows[:, 0]
        call = call_rows[:, 0]
        # The pusher answers the caller's current strategy.
        gq = game.push_products(call)
        next_push = update_play_regrets(pusher_regrets, game.push_gain(gq), push_rows)[:, 0]
        a["pusher_regrets"] = pusher_regrets
        a["push_sum"] = a["push_sum"] + t * push
        a["call_products_sum"] = a["call_products_sum"] + t * a["call_products_current"]
        # The caller answers the pusher's updated strategy.
        gtp = game.call_products(next_push)
        update_play_regrets(caller_regrets, game.call_gain(gtp), call_rows)
        a["caller_regrets"] = caller_regrets
        a["call_sum"] = a["call_sum"] + t * call
        a["push_products_sum"] = a["push_products_sum"] + t * gq
        a["call_products_current"] = gtp
        a["weight_sum"] = a["weight_sum"] + t
        self.arrays = a  # all at once: an interrupted step leaves the state as it was
        self.iteration = t


#: The jam-fold solvers: name -> state class, one row per name a user may type (aliases are
#: rows too), read from the one registry (``REGISTRY["jamfold"]``: its rows name a state by
#: ``cls.name``, the canonical name). Adding a solver is a :class:`SolverState` subclass, an
#: entry in ``_STATES`` and a registry row.
_STATES: dict[str, type[SolverState]] = {cls.name: cls for cls in (FictitiousPlay, CFRPlus)}
SOLVERS: dict[str, type[SolverState]] = {
    name: _STATES[entry.options["state"]] for name, entry in REGISTRY["jamfold"].items()}
#: The former name of :data:`SOLVERS`.
STATE_CLASSES = SOLVERS


def check_solver(name: str) -> str:
    """Normalized solver name; :class:`InputError` for an unknown one.

    >>> check_solver("CFR+"), check_solver("fp"), check_solver("cfr-plus")
    ('cfr+', 'fp', 'cfr+')
    """
    key = str(name).strip().lower()
    if key not in SOLVERS:
        names = sorted({cls.name for cls in SOLVERS.values()})
        raise InputError(f"unknown solver {name!r}: use {' or '.join(names)}")
    return SOLVERS[key].name


def start_state(solver: str, game: JamFoldGame) -> SolverState:
    """A fresh state of ``solver`` ("fp" or "cfr+") on ``game``."""
    return SOLVERS[check_solver(solver)].start(game)


def check_iterations(iterations: object) -> int:
    """A number of iterations: an integer from 0 to
    :data:`~omahanash.solving.MAX_RUN_ITERATIONS`, else :class:`InputError`.

    >>> check_iterations(50)
    50
    """
    return check_run_iterations(iterations)


def check_target_epsilon(target_epsilon: object) -> float:
    """A target Epsilon in chips: a finite number >= 0, else :class:`InputError`."""
    if isinstance(target_epsilon, bool) or not isinstance(target_epsilon, numbers.Real) \
            or not 0 <= float(target_epsilon) < float("inf"):
        raise InputError(f"target_epsilon must be a finite number of chips >= 0, "
                         f"got {target_epsilon!r}")
    return float(target_epsilon)


class JamFoldSolver:
    """A solver state on its game as a :class:`omahanash.solving.Solver`: ``step(n)`` runs
    ``n`` iterations and appends each one's :class:`IterationReport` to :attr:`history` (the
    thesis shows every iteration); ``report()`` is the last one as a
    :class:`~omahanash.solving.Report` (Epsilon in chips; figures ``postev1``, ``postev2``,
    ``range_pu``, ``range_ca``); ``average_policy()`` has rows ``PU:<class>`` and
    ``CA:<class>`` (the class's canonical cards) and columns ``allin`` (push or call) and
    ``fold``. :class:`~omahanash.jamfold.solution.JamFoldSolution` is one.

    >>> from omahanash.equity.tables import load_table
    >>> from omahanash.jamfold.game import JamFoldParams
    >>> from omahanash.solving import run
    >>> game = JamFoldGame(load_table("holdem"), JamFoldParams(variant="holdem", stacks=100))
    >>> solver = JamFoldSolver(game, start_state("cfr+", game))
    >>> outcome = run(solver, target=0.001)
    >>> outcome.reason, outcome.report.iteration, round(outcome.report.figures["range_pu"], 2)
    ('target', 131, 58.42)
    >>> round(solver.average_policy().probability("PU:As Ah", "allin"), 3)
    1.0
    """

    report_every = 1

    def __init__(self, game: JamFoldGame, state: SolverState,
                 history: Sequence[IterationReport] = ()) -> None:
        self.game = game
        self.state = state
        self.history: list[IterationReport] = list(history)

    @classmethod
    def from_problem(cls, problem: JamFoldGame, *, state: str = DEFAULT_SOLVER) -> JamFoldSolver:
        """A fresh run of the solver named ``state`` (a row of :data:`SOLVERS`) on a jam-fold
        game (the registry's ``create``)."""
        return cls(problem, start_state(state, problem))

    @property
    def iterations(self) -> int:
        return self.state.iteration

    def step(self, n: int) -> None:
        for _ in range(n):
            self.state.step(self.game)
            self.history.append(self.state.report(self.game))

    def iteration_report(self) -> IterationReport | None:
        """The thesis's report of the state now (None before the first iteration)."""
        if self.history and self.history[-1].iteration == self.state.iteration:
            return self.history[-1]
        if self.state.iteration == 0:
            return None
        return self.state.report(self.game)

    def report(self) -> Report:
        last = self.iteration_report()
        if last is None:
            return Report(0, math.inf, {})
        # NashConv is the sum of the PostEVs; Epsilon, their mean, is NashConv per player
        return Report(last.iteration, last.post_ev_pusher + last.post_ev_caller,
                      {"postev1": last.post_ev_pusher, "postev2": last.post_ev_caller,
                       "range_pu": last.pusher_range, "range_ca": last.caller_range})

    def average_policy(self) -> TabularPolicy:
        variant = self.game.params.variant
        names = [class_cards(variant, int(c)) for c in self.game.class_ids]
        push, call = self.state.average_push(), self.state.average_call()
        table = np.column_stack([np.concatenate([push, call]),
                                 1.0 - np.concatenate([push, call])])
        keys = tuple(f"PU:{name}" for name in names) + tuple(f"CA:{name}" for name in names)
        return TabularPolicy(keys, ("allin", "fold"), table)

    def result(self) -> Result:
        """The frozen :class:`~omahanash.solving.Result` now: the average policy
        (read-only), :meth:`report`, family ``jamfold``, the state's name (``fp``, ``cfr+``)
        and the game's :class:`~omahanash.jamfold.game.JamFoldParams` as its ``spot``.

        >>> from omahanash.equity.tables import load_table
        >>> from omahanash.jamfold.game import JamFoldParams
        >>> game = JamFoldGame(load_table("holdem"), JamFoldParams(variant="holdem"))
        >>> solver = JamFoldSolver.from_problem(game, state="fp")
        >>> solver.step(5)
        >>> result = solver.result()
        >>> result.solver, result.iterations, result.spot.variant
        ('fp', 5, <Variant.HOLDEM: 'holdem'>)
        """
        return result_of(self, "jamfold", self.state.name, self.game.params)


def run_solver(
    solver: JamFoldSolver,
    iterations: int | None = None,
    target_epsilon: float | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    on_report: Callable[[IterationReport], None] | None = None,
    max_iterations: int = MAX_ITERATIONS,
    *,
    on_iteration: Callable[[IterationReport], None] | None = None,
) -> Outcome:
    """:func:`omahanash.solving.run` of ``solver`` with the jam-fold callbacks:
    ``on_report(report)`` after every iteration (``on_iteration`` is its deprecated name)
    and ``progress(done, total)`` (iterations of this run; ``total`` is the cap when
    stopping on Epsilon) at the start, about every 0.05 s and at the end."""
    on_report = report_hook(on_report, on_iteration=on_iteration)
    if iterations is not None:
        total = check_iterations(iterations)
        target = None
    elif target_epsilon is None:
        raise InputError("give a number of iterations or a target Epsilon")
    else:
        total = check_iterations(max_iterations)
        target = check_target_epsilon(target_epsilon)
    shown = len(solver.history)

    def seen(report: Report) -> None:
        nonlocal shown
        if on_report is not None:
            for new in solver.history[shown:]:
                on_report(new)
        shown = len(solver.history)

    if target is None:
        return run(solver, iterations=total, progress=seen, cancel=cancel, report_every=1,
                   counter=progress)
    return run(solver, target=target, max_iterations=total, progress=seen, cancel=cancel,
               report_every=1, counter=progress)


def run_iterations(
    game: JamFoldGame,
    state: SolverState,
    iterations: int | None = None,
    target_epsilon: float | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    on_report: Callable[[IterationReport], None] | None = None,
    max_iterations: int = MAX_ITERATIONS,
    *,
    on_iteration: Callable[[IterationReport], None] | None = None,
) -> list[IterationReport]:
    """Advance ``state`` and report after every iteration (through :func:`run_solver`).

    ``iterations`` runs exactly that many more; otherwise the run stops once Epsilon ≤
    ``target_epsilon`` (chips) or after ``max_iterations``. ``cancel`` is checked between
    iterations: the state keeps every finished iteration. ``progress(done, total)`` counts
    iterations of this run (``total`` is the cap when stopping on Epsilon).
    """
    solver = JamFoldSolver(game, state)
    run_solver(solver, iterations, target_epsilon, progress, cancel,
               report_hook(on_report, on_iteration=on_iteration), max_iterations)
    return solver.history
